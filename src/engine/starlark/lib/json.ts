// The `json` module (encode, decode, indent, encode_indent), as Bazel's net.starlark.java.lib.json.Json:
// dict keys sorted on encoding, floats printed as repr prints them, and Bazel's error texts.

import {
  Builtin,
  Dict,
  EvalError,
  Float,
  formatFloatRepr,
  List,
  None,
  parseIntLiteral,
  quote,
  Struct,
  typeName,
  type StarlarkValue,
  type Value,
} from '../values/index.ts';
import { UNBOUND, unpackArgs } from './unpack.ts';

/** A named bag of builtins (json, and any module the loading layer predeclares). */
export class BuiltinModule implements StarlarkValue {
  constructor(
    readonly typeName: string,
    private readonly members: Map<string, Value>,
    private readonly reprText: string,
  ) {}
  repr(out: string[]): void {
    out.push(this.reprText);
  }
  truth(): boolean {
    return true;
  }
  freeze(): void {}
  hash(): number {
    return 0x6a736f6e;
  }
  getAttr(name: string): Value | undefined {
    return this.members.get(name);
  }
  attrNames(): string[] {
    return [...this.members.keys()];
  }
}

// ---------------------------------------------------------------------------------------------------------
// encode

const HEX = '0123456789abcdef';

function appendQuoted(out: string[], s: string): void {
  let buf = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20) {
      switch (c) {
        case 8:
          buf += '\\b';
          break;
        case 12:
          buf += '\\f';
          break;
        case 10:
          buf += '\\n';
          break;
        case 13:
          buf += '\\r';
          break;
        case 9:
          buf += '\\t';
          break;
        default:
          buf += '\\u00' + HEX[(c >> 4) & 0xf] + HEX[c & 0xf];
      }
    } else if (c < 0x80) {
      if (c === 34 || c === 92) buf += '\\';
      buf += s[i];
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff) {
      buf += s[i]! + s[i + 1]!;
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      buf += '\ufffd'; // unpaired surrogate
    } else buf += s[i];
  }
  out.push(buf + '"');
}

function encodeInto(out: string[], x: Value, depth: number): void {
  if (depth > 1000) throw new EvalError('nesting depth limit exceeded');
  switch (typeof x) {
    case 'string':
      appendQuoted(out, x);
      return;
    case 'boolean':
      out.push(x ? 'true' : 'false');
      return;
    case 'number':
    case 'bigint':
      out.push(x.toString());
      return;
  }
  if (x === None) {
    out.push('null');
    return;
  }
  if (x instanceof Float) {
    if (!Number.isFinite(x.value)) throw new EvalError(`cannot encode non-finite float ${formatFloatRepr(x.value)}`);
    out.push(formatFloatRepr(x.value));
    return;
  }
  if (x instanceof Dict) {
    const keys = x.keys();
    for (const k of keys) {
      if (typeof k !== 'string') throw new EvalError(`dict has ${typeName(k)} key, want string`);
    }
    (keys as string[]).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    out.push('{');
    let first = true;
    for (const k of keys as string[]) {
      if (!first) out.push(',');
      first = false;
      appendQuoted(out, k);
      out.push(':');
      try {
        encodeInto(out, x.get(k)!, depth + 1);
      } catch (e) {
        if (e instanceof EvalError) throw new EvalError(`in dict key ${quote(k)}: ${e.message}`);
        throw e;
      }
    }
    out.push('}');
    return;
  }
  if (x.iterate !== undefined) {
    out.push('[');
    let i = 0;
    for (const e of x.iterate()) {
      if (i > 0) out.push(',');
      try {
        encodeInto(out, e, depth + 1);
      } catch (err) {
        if (err instanceof EvalError) throw new EvalError(`at ${x.typeName} index ${i}: ${err.message}`);
        throw err;
      }
      i++;
    }
    out.push(']');
    return;
  }
  if (x instanceof Struct) {
    out.push('{');
    for (let i = 0; i < x.names.length; i++) {
      if (i > 0) out.push(',');
      appendQuoted(out, x.names[i]!);
      out.push(':');
      try {
        encodeInto(out, x.values[i]!, depth + 1);
      } catch (e) {
        if (e instanceof EvalError) throw new EvalError(`in ${x.typeName} field .${x.names[i]}: ${e.message}`);
        throw e;
      }
    }
    out.push('}');
    return;
  }
  throw new EvalError(`cannot encode ${typeName(x)} as JSON`);
}

export function jsonEncode(x: Value): string {
  const out: string[] = [];
  encodeInto(out, x, 0);
  return out.join('');
}

// ---------------------------------------------------------------------------------------------------------
// decode

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

class Decoder {
  i = 0;
  constructor(private readonly s: string) {}

  decode(): Value {
    try {
      const x = this.parse(0);
      if (this.skipSpace()) throw new EvalError(`unexpected character ${quote(this.s[this.i]!)} after value`);
      return x;
    } catch (e) {
      if (e instanceof EvalError) throw new EvalError(`at offset ${this.i}, ${e.message}`);
      throw e;
    }
  }

  private skipSpace(): boolean {
    const s = this.s;
    for (; this.i < s.length; this.i++) {
      const c = s[this.i];
      if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') return true;
    }
    return false;
  }

  private next(): string {
    if (this.skipSpace()) return this.s[this.i]!;
    throw new EvalError('unexpected end of file');
  }

  private parse(depth: number): Value {
    if (depth > 1000) throw new EvalError('nesting depth limit exceeded');
    const s = this.s;
    let c = this.next();
    switch (c) {
      case '"':
        return this.parseString();
      case 'n':
        if (s.startsWith('null', this.i)) {
          this.i += 4;
          return None;
        }
        break;
      case 't':
        if (s.startsWith('true', this.i)) {
          this.i += 4;
          return true;
        }
        break;
      case 'f':
        if (s.startsWith('false', this.i)) {
          this.i += 5;
          return false;
        }
        break;
      case '[': {
        const list: Value[] = [];
        this.i++;
        c = this.next();
        if (c !== ']') {
          for (;;) {
            list.push(this.parse(depth + 1));
            c = this.next();
            if (c !== ',') {
              if (c !== ']') throw new EvalError(`got ${quote(c)}, want ',' or ']'`);
              break;
            }
            this.i++;
          }
        }
        this.i++;
        return new List(list);
      }
      case '{': {
        const dict = new Dict();
        this.i++;
        c = this.next();
        if (c !== '}') {
          for (;;) {
            const key = this.parse(depth + 1);
            if (typeof key !== 'string') throw new EvalError(`got ${typeName(key)} for object key, want string`);
            c = this.next();
            if (c !== ':') throw new EvalError(`after object key, got ${quote(c)}, want ':' `);
            this.i++;
            const value = this.parse(depth + 1);
            dict.put(key, value);
            c = this.next();
            if (c !== ',') {
              if (c !== '}') throw new EvalError(`in object, got ${quote(c)}, want ',' or '}'`);
              break;
            }
            this.i++;
          }
        }
        this.i++;
        return dict;
      }
      default:
        if (isDigit(c) || c === '-') return this.parseNumber();
    }
    throw new EvalError(`unexpected character ${quote(c)}`);
  }

  private parseString(): string {
    const s = this.s;
    this.i++;
    let str = '';
    while (this.i < s.length) {
      let c = s[this.i]!;
      if (c === '"') {
        this.i++;
        return str;
      }
      if (c !== '\\') {
        const code = c.charCodeAt(0);
        if (code <= 0x1f) {
          throw new EvalError(`invalid character '\\x${code.toString(16).padStart(2, '0')}' in string literal`);
        }
        this.i++;
        str += c;
        continue;
      }
      this.i++;
      if (this.i === s.length) throw new EvalError('incomplete escape');
      c = s[this.i]!;
      this.i++;
      switch (c) {
        case '\\':
        case '/':
        case '"':
          str += c;
          break;
        case 'b':
          str += '\b';
          break;
        case 'f':
          str += '\f';
          break;
        case 'n':
          str += '\n';
          break;
        case 'r':
          str += '\r';
          break;
        case 't':
          str += '\t';
          break;
        case 'u': {
          if (this.i + 4 >= s.length) throw new EvalError('incomplete \\uXXXX escape');
          let hex = 0;
          for (let j = 0; j < 4; j++) {
            const h = s[this.i + j]!;
            const n = parseInt(h, 16);
            if (Number.isNaN(n)) throw new EvalError(`invalid hex char ${quote(h)} in \\uXXXX escape`);
            hex = (hex << 4) | n;
          }
          str += String.fromCharCode(hex);
          this.i += 4;
          break;
        }
        default:
          throw new EvalError(`invalid escape '\\${c}'`);
      }
    }
    throw new EvalError('unclosed string literal');
  }

  private parseNumber(): Value {
    const s = this.s;
    let isFloat = false;
    let j: number;
    for (j = this.i + 1; j < s.length; j++) {
      const c = s[j]!;
      if (isDigit(c)) continue;
      if (c === '.' || c === 'e' || c === 'E' || c === '+' || c === '-') isFloat = true;
      else break;
    }
    const num = s.slice(this.i, j);
    let digits = this.i;
    if (s[this.i] === '-') digits++;
    if (
      digits === j ||
      s[digits] === '.' ||
      s[j - 1] === '.' ||
      num.includes('.e') ||
      (s[digits] === '0' && j - digits > 1 && isDigit(s[digits + 1]))
    ) {
      throw new EvalError(`invalid number: ${num}`);
    }
    this.i = j;
    if (isFloat) {
      // Java's Double.parseDouble over [0-9.eE+-]*: a plain decimal float.
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(num)) throw new EvalError(`invalid number: ${num}`);
      return new Float(Number(num));
    }
    try {
      return parseIntLiteral(num, 10, quote);
    } catch {
      throw new EvalError(`invalid number: ${num}`);
    }
  }
}

export function jsonDecode(s: string): Value {
  return new Decoder(s).decode();
}

// ---------------------------------------------------------------------------------------------------------
// indent

/** A single-pass re-indenter that trusts its input, as Bazel's (garbage in, garbage out). */
export function jsonIndent(s: string, prefix: string, indent: string): string {
  const out: string[] = [];
  let i = 0;
  const at = (k: number): string => {
    if (k >= s.length) throw new EvalError('input is not valid JSON');
    return s[k]!;
  };
  const skipSpace = (): boolean => {
    for (; i < s.length; i++) {
      const c = s[i];
      if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') return true;
    }
    return false;
  };
  const next = (): string => {
    if (skipSpace()) return s[i]!;
    throw new EvalError('unexpected end of file');
  };
  const newline = (depth: number): void => {
    out.push('\n', prefix);
    for (let k = 0; k < depth; k++) out.push(indent);
  };
  const take = (start: number, end: number): void => {
    if (end > s.length) throw new EvalError('input is not valid JSON');
    out.push(s.slice(start, end));
  };
  let depth = 0;
  do {
    let c = next();
    const start = i;
    switch (c) {
      case '"':
        for (c = at(++i); c !== '"'; c = at(++i)) {
          if (c === '\\') {
            c = at(++i);
            if (c === 'u') i += 4;
          }
        }
        i++;
        take(start, i);
        break;
      case 'n':
        i += 4;
        take(start, i);
        break;
      case 't':
        i += 4;
        take(start, i);
        break;
      case 'f':
        i += 5;
        take(start, i);
        break;
      case ',':
        i++;
        out.push(',');
        newline(depth);
        break;
      case '[':
      case '{':
        i++;
        out.push(c);
        c = next();
        if (c === ']' || c === '}') {
          i++;
          out.push(c);
        } else newline(++depth);
        break;
      case ']':
      case '}':
        i++;
        newline(--depth);
        out.push(c);
        break;
      case ':':
        i++;
        out.push(': ');
        break;
      default:
        if (!(isDigit(c) || c === '-')) throw new EvalError(`unexpected character ${quote(c)}`);
        for (i++; i < s.length; i++) {
          c = s[i]!;
          if (!(isDigit(c) || c === '.' || c === 'e' || c === 'E' || c === '+' || c === '-')) break;
        }
        take(start, i);
    }
  } while (depth > 0);
  return out.join('');
}

// ---------------------------------------------------------------------------------------------------------
// the module

export function makeJsonModule(): BuiltinModule {
  const members = new Map<string, Value>();
  // https://bazel.build/rules/lib/core/json#encode
  members.set(
    'encode',
    new Builtin('encode', (_t, args, kwargs) => jsonEncode(unpackArgs('encode', args, kwargs, { params: [{ name: 'x' }] })[0]!)),
  );
  // https://bazel.build/rules/lib/core/json#decode
  members.set(
    'decode',
    new Builtin('decode', (_t, args, kwargs) => {
      const a = unpackArgs('decode', args, kwargs, {
        params: [{ name: 'x', type: 'string' }, { name: 'default', named: true, default: UNBOUND }],
      });
      try {
        return jsonDecode(a[0] as string);
      } catch (e) {
        if (e instanceof EvalError && a[1] !== undefined) return a[1];
        throw e;
      }
    }),
  );
  const indentSig = (first: string) => ({
    params: [
      { name: first, ...(first === 's' ? { type: 'string' } : {}) },
      { name: 'prefix', positional: false, named: true, type: 'string', default: '' },
      { name: 'indent', positional: false, named: true, type: 'string', default: '\t' },
    ],
  });
  // https://bazel.build/rules/lib/core/json#indent
  members.set(
    'indent',
    new Builtin('indent', (_t, args, kwargs) => {
      const a = unpackArgs('indent', args, kwargs, indentSig('s'));
      return jsonIndent(a[0] as string, a[1] as string, a[2] as string);
    }),
  );
  // https://bazel.build/rules/lib/core/json#encode_indent
  members.set(
    'encode_indent',
    new Builtin('encode_indent', (_t, args, kwargs) => {
      const a = unpackArgs('encode_indent', args, kwargs, indentSig('x'));
      return jsonIndent(jsonEncode(a[0]!), a[1] as string, a[2] as string);
    }),
  );
  return new BuiltinModule('json', members, '<unknown object net.starlark.java.lib.json.Json>');
}
