// Unit tests of the value types and operators (no parser): formatting, arithmetic, equality, dicts.

import { describe, expect, it } from 'vitest';
import {
  binary,
  compare,
  Dict,
  equals,
  EvalError,
  Float,
  formatFloat,
  getIndex,
  hashValue,
  List,
  makeInt,
  None,
  RangeValue,
  repr,
  slice,
  str,
  Struct,
  tuple,
  unary,
} from './index.ts';

const f = (x: number) => new Float(x);
const err = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof EvalError) return e.message;
    throw e;
  }
  throw new Error('no error');
};

describe('float formatting', () => {
  it('repr as Bazel', () => {
    const cases: [number, string][] = [
      [0.1, '0.1'],
      [1, '1.0'],
      [1e100, '1e+100'],
      [1e16, '10000000000000000.0'],
      [1e17, '1e+17'],
      [123456789012345678, '1.2345678901234568e+17'],
      [0.0001, '0.0001'],
      [0.00001, '1e-05'],
      [-0, '-0.0'],
      [1 / 3, '0.3333333333333333'],
      [1.5e-7, '1.5e-07'],
      [Infinity, '+inf'],
      [-Infinity, '-inf'],
      [NaN, 'nan'],
      [3 / 7, '0.42857142857142855'],
      [0, '0.0'],
      [123456789, '123456789.0'],
    ];
    for (const [v, s] of cases) expect(repr(f(v))).toBe(s);
  });
  it('%e %f %E %G', () => {
    expect(formatFloat(1.5, 'e')).toBe('1.500000e+00');
    expect(formatFloat(1.5, 'f')).toBe('1.500000');
    expect(formatFloat(1.005, 'E')).toBe('1.005000E+00');
    expect(formatFloat(1e20, 'G')).toBe('1E+20');
    expect(formatFloat(0.125, 'f')).toBe('0.125000');
    expect(formatFloat(1e20, 'f')).toBe('100000000000000000000.000000');
    expect(formatFloat(0.0000004, 'f')).toBe('0.000000');
    expect(formatFloat(0.0000005, 'f')).toBe('0.000001');
    expect(formatFloat(9.9999999, 'f')).toBe('10.000000');
    expect(formatFloat(0, 'e')).toBe('0.000000e+00');
    expect(formatFloat(123456.7, 'e')).toBe('1.234567e+05');
  });
});

describe('ints', () => {
  it('overflows into bigint and back', () => {
    const big = binary('*', 2 ** 52, 4);
    expect(typeof big).toBe('bigint');
    expect(binary('-', binary('-', big, 2 ** 52), 2 ** 53)).toBe(2 ** 52);
    expect(binary('//', big, 4)).toBe(2 ** 52);
    expect(repr(binary('<<', 1, 100))).toBe('1267650600228229401496703205376');
    expect(makeInt(2n ** 10n)).toBe(1024);
  });
  it('floor division and modulo', () => {
    expect(binary('//', 7, -2)).toBe(-4);
    expect(binary('%', 7, -2)).toBe(-1);
    expect(binary('%', -7, 2)).toBe(1);
    expect(binary('//', -7, 2)).toBe(-4);
    expect(err(() => binary('//', 1, 0))).toBe('integer division by zero');
    expect(err(() => binary('%', 1, 0))).toBe('integer modulo by zero');
    expect(repr(binary('/', 7, 2))).toBe('3.5');
    expect(repr(binary('%', f(-7), 2))).toBe('1.0');
  });
  it('bit ops', () => {
    expect(unary('~', 5)).toBe(-6);
    expect(binary('>>', -8, 1)).toBe(-4);
    expect(binary('&', 2 ** 40 + 3, 7)).toBe(3);
    expect(err(() => binary('<<', 1, -1))).toBe('negative shift count: -1');
    expect(err(() => binary('<<', 1, 512))).toBe('shift count too large: 512');
  });
  it('mixed comparisons', () => {
    expect(equals(1, f(1))).toBe(true);
    expect(equals(true, 1)).toBe(false);
    expect(compare('<', 1, f(1.5))).toBe(true);
    expect(compare('<', 2n ** 64n, f(Infinity))).toBe(true);
    expect(err(() => compare('<', 1, 'a'))).toBe('unsupported comparison: int <=> string');
    expect(err(() => binary('+', 1, 'a'))).toBe('unsupported binary operation: int + string');
  });
});

describe('strings and sequences', () => {
  it('quotes like Bazel', () => {
    expect(repr('a"b\n\t\x01\\')).toBe('"a\\"b\\n\\t\\x01\\\\"');
    expect(str('x')).toBe('x');
  });
  it('repr of containers, cycle-safe', () => {
    const l = new List([1, 'a', None, true]);
    expect(repr(l)).toBe('[1, "a", None, True]');
    l.elems.push(l);
    expect(repr(l)).toBe('[1, "a", None, True, ...]');
    expect(repr(tuple([1]))).toBe('(1,)');
    expect(repr(tuple([]))).toBe('()');
    expect(repr(new RangeValue(0, 10, 1))).toBe('range(0, 10)');
    expect(repr(new Struct([['b', 1], ['a', 'x']]))).toBe('struct(a = "x", b = 1)');
  });
  it('indexing and slicing', () => {
    expect(getIndex('abc', -1)).toBe('c');
    expect(err(() => getIndex(new List([1]), 3))).toBe('index out of range (index is 3, but sequence has 1 elements)');
    expect(slice('abcdef', None, None, -2)).toBe('fdb');
    expect(repr(slice(new List([1, 2, 3, 4]), 1, None, None))).toBe('[2, 3, 4]');
    expect(repr(slice(new RangeValue(0, 10, 1), 2, 8, 3))).toBe('range(2, 8, 3)');
  });
  it('percent formatting', () => {
    expect(binary('%', '%d %s %r %%', tuple([3, 'a', 'b']))).toBe('3 a "b" %');
    expect(binary('%', '%x %X %o', tuple([255, -255, 8]))).toBe('ff FFFFFF01 10');
    expect(err(() => binary('%', '%d', 'x'))).toBe("got string for '%d' format, want int or float");
    expect(err(() => binary('%', '%d %d', tuple([1])))).toBe('not enough arguments for format pattern "%d %d": (1,)');
    expect(err(() => binary('%', '%d', tuple([1, 2])))).toBe('not all arguments converted during string formatting');
    expect(err(() => binary('%', '%q', 1))).toBe('unsupported format character "q" at index 1 in "%q"');
    expect(binary('%', '%s', new List([1]))).toBe('[1]');
  });
});

describe('dict', () => {
  it('keys by Starlark equality', () => {
    const d = new Dict();
    d.set(1, 'a');
    d.set(f(1), 'b');
    expect(repr(d)).toBe('{1: "b"}');
    const e = new Dict();
    e.set(f(1), 'a');
    e.set(1, 'b');
    expect(repr(e)).toBe('{1.0: "b"}');
    d.set(tuple([1, 'x']), 'c');
    expect(d.get(tuple([1, 'x']))).toBe('c');
    d.delete(tuple([1, 'x']));
    expect(d.size).toBe(1);
    expect(err(() => d.set(new List(), 1))).toBe("unhashable type: 'list'");
    expect(err(() => d.set(tuple([new List()]), 1))).toBe("unhashable type: 'list'");
    expect(err(() => getIndex(d, 'zz'))).toBe('key "zz" not found in dictionary');
  });
  it('freezing and iteration guards', () => {
    const d = new Dict([['a', 1]]);
    d.updateIteration(1);
    expect(err(() => d.set('b', 2))).toBe('dict value is temporarily immutable due to active for-loop iteration');
    d.updateIteration(-1);
    d.freeze();
    expect(err(() => d.set('b', 2))).toBe('trying to mutate a frozen dict value');
  });
  it('union', () => {
    expect(repr(binary('|', new Dict([['a', 1]]), new Dict([['b', 2], ['a', 3]])))).toBe('{"a": 3, "b": 2}');
  });
  it('hash of strings is Java hashCode', () => {
    expect(hashValue('abc')).toBe(96354);
    expect(hashValue('hello world')).toBe(1794106052);
  });
});
