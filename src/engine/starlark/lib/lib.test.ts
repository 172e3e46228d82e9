// Unit tests of the universe builtins and the str/list/dict methods, called directly with a fake thread.

import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../base/profile.ts';
import {
  callMethod,
  Dict,
  EvalError,
  Float,
  getAttr,
  isCallable,
  List,
  None,
  repr,
  Struct,
  tuple,
  type ThreadLike,
  type Value,
} from '../values/index.ts';
import { universe } from './index.ts';

function makeThread(modern = true): ThreadLike & { printed: string[] } {
  const printed: string[] = [];
  return {
    semantics: (modern ? PROFILES.modern : PROFILES.bazel4).starlark,
    printed,
    call(fn: Value, args: Value[], kwargs: [string, Value][]) {
      if (!isCallable(fn)) throw new EvalError(`'${repr(fn)}' object is not callable`);
      return fn.call(this, args, kwargs);
    },
    print(msg: string) {
      printed.push(msg);
    },
    step() {},
  };
}

const T = makeThread();
const U = universe(T.semantics);
const call = (name: string, args: Value[], kwargs: [string, Value][] = []) => T.call(U.get(name)!, args, kwargs);
const meth = (x: Value, name: string, args: Value[], kwargs: [string, Value][] = []) =>
  callMethod(T, x, name, args, kwargs)!;
const err = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof EvalError) return e.message;
    throw e;
  }
  throw new Error('no error');
};
const L = (...xs: Value[]) => new List(xs);

describe('argument errors', () => {
  it('match Bazel', () => {
    expect(err(() => call('len', []))).toBe('len() missing 1 required positional argument: x');
    expect(err(() => call('len', [1, 2]))).toBe('len() accepts no more than 1 positional argument but got 2');
    expect(err(() => call('len', [], [['x', 1]]))).toBe("len() got named argument for positional-only parameter 'x'");
    expect(err(() => call('len', [], [['y', 1]]))).toBe("len() got unexpected keyword argument 'y'");
    expect(err(() => meth(L(), 'append', []))).toBe('append() missing 1 required positional argument: item');
    expect(err(() => meth('a', 'split', [1]))).toBe("in call to split(), parameter 'sep' got value of type 'int', want 'string'");
    expect(err(() => call('range', [1, 'a']))).toBe(
      "in call to range(), parameter 'stop_or_none' got value of type 'string', want 'int or NoneType'",
    );
    expect(err(() => call('list', ['ab']))).toBe("in call to list(), parameter 'x' got value of type 'string', want 'iterable'");
    expect(err(() => call('len', [1]))).toBe('int is not iterable');
    expect(err(() => call('hash', [1]))).toBe("in call to hash(), parameter 'value' got value of type 'int', want 'string'");
  });
});

describe('universe', () => {
  it('conversions', () => {
    expect(call('int', ['0x1f'], [['base', 0]])).toBe(31);
    expect(call('int', ['-12'])).toBe(-12);
    expect(err(() => call('int', [' 1']))).toBe('invalid base-10 literal: " 1"');
    expect(err(() => call('int', ['08'], [['base', 0]]))).toBe('cannot infer base when string begins with a 0: "08"');
    expect(err(() => call('int', ['0x1f'], [['base', 10]]))).toBe('invalid base-10 literal: "0x1f" (0x prefix wants base 16)');
    expect(err(() => call('int', [1], [['base', 10]]))).toBe("can't convert non-string with explicit base");
    expect(call('int', [new Float(-2.7)])).toBe(-2);
    expect(repr(call('int', ['123456789012345678901234567890']))).toBe('123456789012345678901234567890');
    expect(repr(call('float', ['1e3']))).toBe('1000.0');
    expect(repr(call('float', ['-inf']))).toBe('-inf');
    expect(err(() => call('float', ['x']))).toBe('invalid float literal: x');
    expect(call('str', [new Float(1)])).toBe('1.0');
    expect(call('repr', ['a'])).toBe('"a"');
    expect(call('type', [new Struct([])])).toBe('struct');
    expect(call('bool', [L()])).toBe(false);
    expect(call('hash', ['abc'])).toBe(96354);
  });
  it('collections', () => {
    expect(repr(call('sorted', [L(3, 1, 2)], [['reverse', true]]))).toBe('[3, 2, 1]');
    expect(err(() => call('sorted', [L(1, 'a')]))).toMatch(/^unsupported comparison: (string <=> int|int <=> string)$/);
    expect(repr(call('enumerate', [L('a', 'b')], [['start', 1]]))).toBe('[(1, "a"), (2, "b")]');
    expect(repr(call('zip', [L(1, 2), tuple([3, 4, 5])]))).toBe('[(1, 3), (2, 4)]');
    expect(repr(call('dict', [L(L(1, 2))], [['a', 1]]))).toBe('{1: 2, "a": 1}');
    expect(err(() => call('dict', [1]))).toBe('in dict, got int, want iterable');
    expect(err(() => call('dict', [L(tuple([1, 2, 3]))]))).toBe(
      'in dict, item #0 has length 3, but exactly two elements are required',
    );
    expect(call('max', [1, 5, 2])).toBe(5);
    expect(call('min', [L('b', 'a')])).toBe('a');
    expect(err(() => call('max', [L()]))).toBe('expected at least one item');
    expect(repr(call('reversed', [new Dict([['a', 1]])]))).toBe('["a"]');
    expect(repr(call('list', [call('range', [3])]))).toBe('[0, 1, 2]');
    expect(repr(call('range', [1, 10, 2]))).toBe('range(1, 10, 2)');
    expect(err(() => call('range', [1, 2, 0]))).toBe('step cannot be 0');
    expect(call('all', [L(1, 'a')])).toBe(true);
    expect(call('any', [L(0, '')])).toBe(false);
  });
  it('min/max key and abs follow the semantics', () => {
    const U4 = universe(PROFILES.bazel4.starlark);
    expect(U4.has('abs')).toBe(false);
    const T4 = makeThread(false);
    expect(err(() => T4.call(U4.get('max')!, [1, 2], [['key', U.get('str')!]]))).toBe("max() got unexpected keyword argument 'key'");
    expect(call('max', [L('aa', 'b')], [['key', U.get('len')!]])).toBe('aa');
    expect(call('abs', [-3])).toBe(3);
    expect(repr(call('abs', [new Float(-0.5)]))).toBe('0.5');
    expect(err(() => getAttr('', 'removeprefix', T4))).toBe("'string' value has no field or method 'removeprefix'");
  });
  it('fail, print, getattr, dir', () => {
    expect(err(() => call('fail', ['a', 'b']))).toBe('a b');
    expect(err(() => call('fail', ['msg'], [['attr', 'foo']]))).toBe('attribute foo: msg');
    expect(err(() => call('fail', [None]))).toBe('None');
    expect(err(() => call('fail', ['a', 1], [['sep', '-']]))).toBe('a-1');
    call('print', ['a', L('b')], [['sep', '-']]);
    expect(T.printed.pop()).toBe('a-["b"]');
    expect(err(() => call('getattr', [L(), 'appendd']))).toBe(
      "'list' value has no field or method 'appendd' (did you mean 'append'?)",
    );
    expect(call('getattr', [new Struct([]), 'x', 5])).toBe(5);
    expect(call('hasattr', [L(), 'append'])).toBe(true);
    expect(repr(call('dir', [new Dict()]))).toBe(
      '["clear", "get", "items", "keys", "pop", "popitem", "setdefault", "update", "values"]',
    );
    expect(repr(call('dir', [L()]))).toBe('["append", "clear", "extend", "index", "insert", "pop", "remove"]');
    expect(err(() => getAttr(new Struct([['a', 1]]), 'b', T))).toBe(
      "'struct' value has no field or method 'b'\nAvailable attributes: a",
    );
    expect(repr(getAttr(L(), 'append', T))).toBe('<built-in method append of list value>');
    expect(repr(U.get('len')!)).toBe('<built-in function len>');
    expect(repr(call('struct', [], [['b', 1], ['a', 'x']]))).toBe('struct(a = "x", b = 1)');
  });
});

describe('string methods', () => {
  it('work as in Bazel', () => {
    expect(repr(meth('a,b,,c', 'split', [',']))).toBe('["a", "b", "", "c"]');
    expect(repr(meth('a,b,c', 'split', [',', 1]))).toBe('["a", "b,c"]');
    expect(repr(meth('a,b,c', 'rsplit', [',', 1]))).toBe('["a,b", "c"]');
    expect(err(() => meth('a', 'rsplit', []))).toBe('rsplit() missing 1 required positional argument: sep');
    expect(err(() => meth('a', 'split', ['']))).toBe('Empty separator');
    expect(meth('  a b ', 'strip', [])).toBe('a b');
    expect(meth('xxaxx', 'lstrip', ['x'])).toBe('axx');
    expect(meth('abcabc', 'replace', ['b', 'X', 1])).toBe('aXcabc');
    expect(meth('abc', 'replace', ['', '-'])).toBe('-a-b-c-');
    expect(meth('abcabc', 'find', ['c', 3])).toBe(5);
    expect(meth('abcabc', 'rfind', ['c'])).toBe(5);
    expect(meth('abcabc', 'count', ['bc'])).toBe(2);
    expect(err(() => meth('abc', 'index', ['z']))).toBe('substring not found');
    expect(meth('abc', 'startswith', [tuple(['x', 'ab'])])).toBe(true);
    expect(meth('abc', 'endswith', ['bc'])).toBe(true);
    expect(meth('hello world', 'title', [])).toBe('Hello World');
    expect(meth('hELLO', 'capitalize', [])).toBe('Hello');
    expect(meth('ÄbC', 'lower', [])).toBe('Äbc');
    expect(meth('Hello World', 'istitle', [])).toBe(true);
    expect(meth('abc1', 'islower', [])).toBe(true);
    expect(meth('ABC', 'isupper', [])).toBe(true);
    expect(meth('123', 'isdigit', [])).toBe(true);
    expect(meth(' \t', 'isspace', [])).toBe(true);
    expect(meth('-', 'join', [L('a', 'b')])).toBe('a-b');
    expect(err(() => meth('-', 'join', [L('a', 1)]))).toBe("expected string for sequence element 1, got 'int'");
    expect(repr(meth('a-b-c', 'partition', ['-']))).toBe('("a", "-", "b-c")');
    expect(repr(meth('a-b-c', 'rpartition', ['-']))).toBe('("a-b", "-", "c")');
    expect(repr(meth('a\nb\r\nc', 'splitlines', []))).toBe('["a", "b", "c"]');
    expect(repr(meth('a\nb\r\n', 'splitlines', [true]))).toBe('["a\\n", "b\\r\\n"]');
    expect(repr(meth('ab', 'elems', []))).toBe('["a", "b"]');
    expect(meth('prefix-x', 'removeprefix', ['prefix-'])).toBe('x');
    expect(meth('x.bzl', 'removesuffix', ['.bzl'])).toBe('x');
  });
  it('format', () => {
    expect(meth('{} {}', 'format', [1, 2])).toBe('1 2');
    expect(meth('{1}{0}', 'format', ['a', 'b'])).toBe('ba');
    expect(meth('{x}{{}}', 'format', [], [['x', L(1)]])).toBe('[1]{}');
    expect(err(() => meth('{!r}', 'format', [1]))).toBe("Missing argument '!r'");
    expect(err(() => meth('{', 'format', []))).toBe("Found '{' without matching '}'");
    expect(err(() => meth('}', 'format', []))).toBe("Found '}' without matching '{'");
    expect(err(() => meth('{} {0}', 'format', [1]))).toBe('Cannot mix manual and automatic numbering of positional fields');
    expect(err(() => meth('{2}', 'format', [1]))).toBe('No replacement found for index 2');
    expect(err(() => meth('{a.b}', 'format', [], [['a', 1]]))).toBe("Invalid character '.' inside replacement field");
  });
});

describe('list and dict methods', () => {
  it('list', () => {
    const l = L(1, 2, 3);
    meth(l, 'insert', [-10, 0]);
    meth(l, 'insert', [10, 9]);
    expect(repr(l)).toBe('[0, 1, 2, 3, 9]');
    expect(meth(l, 'index', [9, -1])).toBe(4);
    expect(meth(l, 'pop', [])).toBe(9);
    expect(err(() => meth(L(), 'pop', []))).toBe('index out of range (index is -1, but sequence has 0 elements)');
    expect(err(() => meth(L(1), 'remove', [2]))).toBe('item 2 not found in list');
    meth(l, 'extend', [l]);
    expect(repr(l)).toBe('[0, 1, 2, 3, 0, 1, 2, 3]');
    expect(err(() => meth(L(), 'extend', [1]))).toBe("type 'int' is not iterable");
    l.freeze();
    expect(err(() => meth(l, 'append', [1]))).toBe('trying to mutate a frozen list value');
  });
  it('dict', () => {
    const d = new Dict([['a', 1]]);
    expect(meth(d, 'get', ['z'])).toBe(None);
    expect(meth(d, 'get', ['z', 5])).toBe(5);
    expect(meth(d, 'setdefault', ['b', 2])).toBe(2);
    expect(repr(meth(d, 'items', []))).toBe('[("a", 1), ("b", 2)]');
    expect(meth(d, 'pop', ['z', 3])).toBe(3);
    expect(err(() => meth(d, 'pop', ['z']))).toBe('KeyError: "z"');
    expect(repr(meth(d, 'popitem', []))).toBe('("a", 1)');
    meth(d, 'update', [L(tuple(['c', 3]))], [['d', 4]]);
    expect(repr(d)).toBe('{"b": 2, "c": 3, "d": 4}');
    expect(err(() => meth(new Dict(), 'popitem', []))).toBe('popitem(): dictionary is empty');
    expect(err(() => meth(d, 'update', [1]))).toBe('in update, got int, want iterable');
    expect(err(() => meth(d, 'get', [L()]))).toBe("unhashable type: 'list'");
  });
});

describe('json', () => {
  const json = U.get('json')!;
  const j = (name: string, args: Value[], kwargs: [string, Value][] = []) => T.call(getAttr(json, name, T), args, kwargs);
  it('encodes', () => {
    const v = new Dict([
      ['b', L(1, new Float(2.5), None, true, 'x\n"')],
      ['a', new Struct([['c', 1]])],
    ]);
    expect(j('encode', [v])).toBe('{"a":{"c":1},"b":[1,2.5,null,true,"x\\n\\""]}');
    expect(j('encode', [new Float(1e100)])).toBe('1e+100');
    expect(err(() => j('encode', [new Float(NaN)]))).toBe('cannot encode non-finite float nan');
    expect(err(() => j('encode', [new Dict([[1, 2]])]))).toBe('dict has int key, want string');
    expect(err(() => j('encode', [new Dict([['a', new Dict([[1, 2]])]])]))).toBe(
      'in dict key "a": dict has int key, want string',
    );
    expect(err(() => j('encode', [U.get('len')!]))).toBe('cannot encode builtin_function_or_method as JSON');
  });
  it('decodes', () => {
    expect(repr(j('decode', ['{"a": [1, 2.5, null, true, "x\\u00e9"], "b": 1e3, "d": 12345678901234567890}']))).toBe(
      '{"a": [1, 2.5, None, True, "xé"], "b": 1000.0, "d": 12345678901234567890}',
    );
    expect(err(() => j('decode', ['[1,']))).toBe('at offset 3, unexpected end of file');
    expect(err(() => j('decode', ['tru']))).toBe('at offset 0, unexpected character "t"');
    expect(err(() => j('decode', [' [1, 2] x']))).toBe('at offset 8, unexpected character "x" after value');
    expect(err(() => j('decode', ['0123']))).toBe('at offset 0, invalid number: 0123');
    expect(err(() => j('decode', ['"\t"']))).toBe("at offset 1, invalid character '\\x09' in string literal");
    expect(j('decode', ['x'], [['default', 7]])).toBe(7);
    expect(repr(j('decode', ['{"a": 1, "a": 2}']))).toBe('{"a": 2}');
  });
  it('indents', () => {
    expect(j('indent', ['{"a": [1, 2], "b": {}, "c": []}'])).toBe('{\n\t"a": [\n\t\t1,\n\t\t2\n\t],\n\t"b": {},\n\t"c": []\n}');
    expect(j('encode_indent', [new Dict([['a', L(1)]])], [['prefix', '>'], ['indent', '  ']])).toBe(
      '{\n>  "a": [\n>    1\n>  ]\n>}',
    );
  });
});
