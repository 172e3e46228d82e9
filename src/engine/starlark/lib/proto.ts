// Bazel's `proto` module: `proto.encode_text(x)`, a struct as a text-format protocol message
// (https://bazel.build/rules/lib/toplevel/proto#encode_text). The Starlark layer keeps it beside `json`, but it
// is not in the universe: the application predeclares it where Bazel does (cquery's --output=starlark).
//
// A struct is a message whose fields are emitted in name order, a None field left out; a list or tuple is a
// repeated field (its elements neither sequences nor dicts); a dict a repeated message of `key` (string or int)
// and `value`, in insertion order; strings, ints, floats and bools are scalars.

import { Dict, EvalError, Float, List, Struct, Tuple, Builtin, None, repr, str, typeName, type Value } from '../values/index.ts';
import { BuiltinModule } from './json.ts';
import { unpackArgs } from './unpack.ts';

class TextEncoder {
  private readonly lines: string[] = [];
  private indent = 0;

  text(): string {
    return this.lines.map((l) => l + '\n').join('');
  }

  private line(text: string): void {
    this.lines.push('  '.repeat(this.indent) + text);
  }

  message(x: Struct): void {
    const names = [...x.names].sort();
    for (const name of names) {
      try {
        this.field(name, x.field(name)!);
      } catch (e) {
        if (e instanceof EvalError) throw new EvalError(`in ${typeName(x)} field .${name}: ${e.message}`);
        throw e;
      }
    }
  }

  private field(name: string, v: Value): void {
    if (v instanceof Dict) {
      for (const [k, val] of v.entries()) {
        if (typeof k !== 'string' && typeof k !== 'number' && typeof k !== 'bigint') throw new EvalError(`invalid dict key: got ${typeName(k)}, want int or string`);
        this.line(`${name} {`);
        this.indent++;
        this.element('key', k);
        try {
          this.element('value', val);
        } catch (e) {
          if (e instanceof EvalError) throw new EvalError(`in value for dict key ${repr(k)}: ${e.message}`);
          throw e;
        }
        this.indent--;
        this.line('}');
      }
      return;
    }
    if (v instanceof List || v instanceof Tuple) {
      v.elems.forEach((item, i) => {
        try {
          this.element(name, item);
        } catch (e) {
          if (e instanceof EvalError) throw new EvalError(`at ${typeName(v)} index ${i}: ${e.message}`);
          throw e;
        }
      });
      return;
    }
    if (v === None) return;
    this.element(name, v);
  }

  private element(name: string, v: Value): void {
    if (v instanceof Struct) {
      this.line(`${name} {`);
      this.indent++;
      this.message(v);
      this.indent--;
      this.line('}');
    } else if (typeof v === 'string') {
      this.line(`${name}: "${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`);
    } else if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') {
      this.line(`${name}: ${String(v)}`);
    } else if (v instanceof Float) {
      const s = str(v);
      this.line(`${name}: ${s === '+inf' ? 'inf' : s}`);
    } else {
      throw new EvalError(`got ${typeName(v)}, want string, int, float, bool, or struct`);
    }
  }
}

/** `proto.encode_text(x)`. */
export function protoEncodeText(x: Struct): string {
  const enc = new TextEncoder();
  enc.message(x);
  return enc.text();
}

/** The `proto` module. */
export function makeProtoModule(): BuiltinModule {
  const encodeText = new Builtin('encode_text', (_t, args, kwargs) => {
    const [x] = unpackArgs('encode_text', args, kwargs, { params: [{ name: 'x', named: true }] });
    if (!(x instanceof Struct)) throw new EvalError(`in call to encode_text(), parameter 'x' got value of type '${typeName(x!)}', want 'structure'`);
    return protoEncodeText(x);
  });
  return new BuiltinModule('proto', new Map<string, Value>([['encode_text', encodeText]]), '<proto>');
}
