// str.format, as Bazel's FormatParser: {} {0} {name} and {{ }} escapes; no conversions (!r) or format specs,
// which Bazel treats as (missing) names.

import { Dict, EvalError, strInto, type Value } from '../values/index.ts';
import { unpackArgs } from './unpack.ts';

const ILLEGAL_IN_FIELD = '.[],';

export function formatString(s: string, args: readonly Value[], kwargs: readonly (readonly [string, Value])[]): string {
  // Duplicate keyword arguments are caught by the unpacker.
  const slots = unpackArgs('format', args, kwargs, { params: [], varargs: true, kwargs: true });
  const named = slots[1] as Dict;
  const out: string[] = [];
  const seen = new Set<object>();
  let mode: 'none' | 'manual' | 'auto' = 'none';
  let next = -1;
  const setMode = (m: 'manual' | 'auto') => {
    if (mode === 'none') mode = m;
    else if (mode !== m) throw new EvalError('Cannot mix manual and automatic numbering of positional fields');
  };
  for (let pos = 0; pos < s.length; pos++) {
    const c = s[pos]!;
    if (c === '{') {
      if (s[pos + 1] === '{') {
        out.push('{');
        pos++;
        continue;
      }
      let key = '';
      let closed = false;
      for (let j = pos + 1; j < s.length; j++) {
        const d = s[j]!;
        if (d === '}') {
          closed = true;
          break;
        }
        if (d === '{') throw new EvalError('Nested replacement fields are not supported');
        if (ILLEGAL_IN_FIELD.includes(d)) throw new EvalError(`Invalid character '${d}' inside replacement field`);
        key += d;
      }
      if (!closed) throw new EvalError("Found '{' without matching '}'");
      let value: Value | undefined;
      if (key === '' || /^[0-9-]+$/.test(key)) {
        let index: number;
        if (key === '') {
          setMode('auto');
          index = ++next;
        } else if (/^[-+]?[0-9]+$/.test(key) && Math.abs(Number(key)) <= 2147483647) {
          index = Number(key);
          setMode('manual');
        } else {
          index = NaN;
        }
        if (Number.isNaN(index)) value = kwarg(named, key);
        else {
          if (index < 0 || index >= args.length) throw new EvalError(`No replacement found for index ${index}`);
          value = args[index]!;
        }
      } else value = kwarg(named, key);
      strInto(out, value, seen);
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

function kwarg(named: Dict, key: string): Value {
  const v = named.get(key);
  if (v === undefined) throw new EvalError(`Missing argument '${key}'`);
  return v;
}
