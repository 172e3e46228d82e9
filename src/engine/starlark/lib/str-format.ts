// str.format, as Bazel's FormatParser: {} {0} {name} and {{ }} escapes; no conversions (!r) or format specs,
// which Bazel treats as (missing) names.

import { Dict, EvalError, strInto, type Value } from '../values/index.ts';
import { unpackArgs } from './unpack.ts';

const FORMAT_SIG = { params: [], varargs: true, kwargs: true } as const;

export function formatString(s: string, args: readonly Value[], kwargs: readonly (readonly [string, Value])[]): string {
  // Duplicate keyword arguments are caught by the unpacker (only needed when there are some).
  const named = kwargs.length === 0 ? undefined : (unpackArgs('format', args, kwargs, FORMAT_SIG)[1] as Dict);
  const out: string[] = [];
  let seen: Set<object> | undefined; // made on first use: most fields are strings
  let mode: 'none' | 'manual' | 'auto' = 'none';
  let next = -1;
  for (let pos = 0; pos < s.length; pos++) {
    const c = s[pos]!;
    if (c === '{') {
      if (s[pos + 1] === '{') {
        out.push('{');
        pos++;
        continue;
      }
      let j = pos + 1;
      for (; j < s.length; j++) {
        const d = s.charCodeAt(j);
        if (d === 125 /* } */) break;
        if (d === 123 /* { */) throw new EvalError('Nested replacement fields are not supported');
        if (d === 46 || d === 91 || d === 93 || d === 44 /* . [ ] , */) {
          throw new EvalError(`Invalid character '${s[j]}' inside replacement field`);
        }
      }
      if (j >= s.length) throw new EvalError("Found '{' without matching '}'");
      const key = s.slice(pos + 1, j);
      let value: Value | undefined;
      if (key === '' || /^[0-9-]+$/.test(key)) {
        let index: number;
        if (key === '') {
          mode = setMode(mode, 'auto');
          index = ++next;
        } else if (/^[-+]?[0-9]+$/.test(key) && Math.abs(Number(key)) <= 2147483647) {
          index = Number(key);
          mode = setMode(mode, 'manual');
        } else {
          index = NaN;
        }
        if (Number.isNaN(index)) value = kwarg(named, key);
        else {
          if (index < 0 || index >= args.length) throw new EvalError(`No replacement found for index ${index}`);
          value = args[index]!;
        }
      } else value = kwarg(named, key);
      if (typeof value === 'string') out.push(value);
      else strInto(out, value, (seen ??= new Set()));
      pos += key.length + 1;
    } else if (c === '}') {
      if (s[pos + 1] !== '}') throw new EvalError("Found '}' without matching '{'");
      out.push('}');
      pos++;
    } else {
      // Copy a run of plain text at once.
      let j = pos + 1;
      while (j < s.length && s[j] !== '{' && s[j] !== '}') j++;
      out.push(s.slice(pos, j));
      pos = j - 1;
    }
  }
  return out.join('');
}

/** The numbering mode after a field numbered `m` (not a closure: tsx's keepNames makes closures costly). */
function setMode(mode: 'none' | 'manual' | 'auto', m: 'manual' | 'auto'): 'manual' | 'auto' {
  if (mode !== 'none' && mode !== m) throw new EvalError('Cannot mix manual and automatic numbering of positional fields');
  return m;
}

function kwarg(named: Dict | undefined, key: string): Value {
  const v = named?.get(key);
  if (v === undefined) throw new EvalError(`Missing argument '${key}'`);
  return v;
}
