// proto.encode_text: a struct as a text-format protocol message (Bazel's documented examples).

import { describe, expect, it } from 'vitest';
import { Dict, EvalError, Float, List, None, Struct, Tuple, type Value } from '../values/index.ts';
import { protoEncodeText } from './proto.ts';

const s = (fields: Record<string, Value>) => new Struct(Object.entries(fields));

describe('proto.encode_text', () => {
  it('encodes scalars, repeated fields, nested messages and dicts, fields in name order, None left out', () => {
    expect(protoEncodeText(s({ field: 123 }))).toBe('field: 123\n');
    expect(protoEncodeText(s({ field: true }))).toBe('field: true\n');
    expect(protoEncodeText(s({ field: new List([1, 2, 3]) }))).toBe('field: 1\nfield: 2\nfield: 3\n');
    expect(protoEncodeText(s({ ignored_field: None, field: 'te"x\nt' }))).toBe('field: "te\\"x\\nt"\n');
    expect(protoEncodeText(s({ field: s({ inner_field: s({ inner_inner_field: 'text' }) }) }))).toBe(
      'field {\n  inner_field {\n    inner_inner_field: "text"\n  }\n}\n',
    );
    expect(protoEncodeText(s({ field: new Tuple([s({ inner_field: 1 }), s({ inner_field: 2 })]) }))).toBe('field {\n  inner_field: 1\n}\nfield {\n  inner_field: 2\n}\n');
    expect(protoEncodeText(s({ foo: new Dict([[4, 3], [2, 1]]) }))).toBe('foo {\n  key: 4\n  value: 3\n}\nfoo {\n  key: 2\n  value: 1\n}\n');
    expect(protoEncodeText(s({ b: new Float(1.5), a: new Float(Infinity) }))).toBe('a: inf\nb: 1.5\n');
  });
  it("names the field at fault", () => {
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        if (e instanceof EvalError) return e.message;
      }
      return undefined;
    };
    expect(err(() => protoEncodeText(s({ a: new List([new List([])]) })))).toBe('in struct field .a: at list index 0: got list, want string, int, float, bool, or struct');
    expect(err(() => protoEncodeText(s({ d: new Dict([[new Tuple([]), 1]]) })))).toBe('in struct field .d: invalid dict key: got tuple, want int or string');
  });
});
