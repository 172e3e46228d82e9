// The universe: the predeclared names of every Starlark file (None, True, False, len, range, ...), plus
// Bazel's `struct` and `json`, as Bazel's MethodLibrary. Optional builtins (abs, min/max key=) follow the
// StarlarkSemantics rows; when a row is off the name or parameter is absent, as in Bazel 4.2.3.
//
// Each builtin has a link to its section of the spec above it.

import type { StarlarkSemantics } from '../../base/index.ts';
import {
  attrNames,
  Builtin,
  compareValues,
  Dict,
  EvalError,
  Float,
  getAttr,
  getAttrOrUndefined,
  hasAttr,
  hashString,
  intFromFiniteDouble,
  intNeg,
  intToFiniteDouble,
  isCallable,
  iterate,
  len,
  List,

  None,
  parseIntLiteral,
  quote,
  RangeValue,
  repr,
  str,
  strInto,
  Struct,
  toArray,
  toInt32,
  truth,
  Tuple,
  tuple,
  typeName,
  type BuiltinImpl,
  type ThreadLike,
  type Value,
} from '../values/index.ts';
import './dict-methods.ts';
import { updateDict } from './dict-methods.ts';
import { makeJsonModule } from './json.ts';
import './list-methods.ts';
import './string-methods.ts';
import { UNBOUND, unpackArgs, type Signature } from './unpack.ts';

type Impl = (thread: ThreadLike, a: (Value | undefined)[]) => Value;

/** A builtin function with a signature. */
function fn(name: string, sig: Signature, impl: Impl): Builtin {
  const call: BuiltinImpl = (thread, args, kwargs) => impl(thread, unpackArgs(name, args, kwargs, sig));
  return new Builtin(name, call);
}

const X: Signature = { params: [{ name: 'x' }] };

/** Elements of an iterable argument, "type 'int' is not iterable" otherwise. */
function elemsOf(v: Value): Value[] {
  return toArray(v);
}

// https://github.com/bazelbuild/starlark/blob/master/spec.md#abs
const abs = fn('abs', { params: [{ name: 'x', type: 'int|float' }] }, (_t, a) => {
  const x = a[0]!;
  if (x instanceof Float) return x.value < 0 || Object.is(x.value, -0) ? new Float(-x.value) : x;
  return (x as number | bigint) < 0 ? intNeg(x as number | bigint) : x;
});

function anyAll(want: boolean): Impl {
  return (_t, a) => {
    for (const e of iterate(a[0]!)) if (truth(e) === want) return want;
    return !want;
  };
}

// https://github.com/bazelbuild/starlark/blob/master/spec.md#all
const all = fn('all', { params: [{ name: 'elements' }] }, anyAll(false));
// https://github.com/bazelbuild/starlark/blob/master/spec.md#any
const any = fn('any', { params: [{ name: 'elements' }] }, anyAll(true));

// https://github.com/bazelbuild/starlark/blob/master/spec.md#bool
const bool = fn('bool', { params: [{ name: 'x', default: false }] }, (_t, a) => truth(a[0]!));

// https://github.com/bazelbuild/starlark/blob/master/spec.md#dict
const dict = fn('dict', { params: [{ name: 'pairs', default: UNBOUND }], kwargs: true }, (_t, a) => {
  const d = new Dict();
  updateDict('dict', d, a[0] === undefined ? new List() : a[0], a[1] as Dict);
  return d;
});

// https://github.com/bazelbuild/starlark/blob/master/spec.md#dir
const dir = fn('dir', X, (t, a) => new List(attrNames(a[0]!, t)));

// https://github.com/bazelbuild/starlark/blob/master/spec.md#enumerate
const enumerate = fn(
  'enumerate',
  { params: [{ name: 'list', named: true }, { name: 'start', named: true, type: 'int', default: 0 }] },
  (_t, a) => {
    const start = toInt32(a[1]!, 'start');
    return new List(elemsOf(a[0]!).map((e, i) => tuple([start + i, e])));
  },
);

// https://github.com/bazelbuild/starlark/blob/master/spec.md#fail
const fail = fn(
  'fail',
  {
    params: [
      { name: 'msg', positional: false, named: true, default: None },
      { name: 'attr', positional: false, named: true, type: 'string|NoneType', default: None },
      { name: 'sep', positional: false, named: true, type: 'string', default: ' ' },
    ],
    varargs: true,
  },
  (_t, a) => {
    const parts: string[] = [];
    if (a[0] !== None) parts.push(str(a[0]!));
    for (const e of (a[3] as Tuple).elems) parts.push(str(e));
    let msg = parts.join(a[2] as string);
    if (a[1] !== None) msg = `attribute ${a[1] as string}: ${msg}`;
    throw new EvalError(msg);
  },
);

/** float() of a string, as Bazel (Java's Double.parseDouble plus inf/nan spellings). */
function parseFloat(s: string): number {
  const t = s.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
  switch (s.toLowerCase()) {
    case 'inf':
    case '+inf':
    case '+infinity':
      return Infinity;
    case '-inf':
    case '-infinity':
      return -Infinity;
    case 'nan':
    case '+nan':
    case '-nan':
      return NaN;
  }
  // Java's Double.parseDouble: surrounding control/space characters are ignored, a d/D suffix is allowed.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[dD]?$/.test(t)) throw new EvalError(`invalid float literal: ${s}`);
  const d = Number(t.replace(/[dD]$/, ''));
  if (!Number.isFinite(d)) throw new EvalError('floating-point number too large');
  return d;
}

// https://github.com/bazelbuild/starlark/blob/master/spec.md#float
const float = fn('float', { params: [{ name: 'x', default: UNBOUND }] }, (_t, a) => {
  const x = a[0];
  if (x === undefined) return new Float(0);
  if (x instanceof Float) return x;
  if (typeof x === 'number' || typeof x === 'bigint') return new Float(intToFiniteDouble(x));
  if (typeof x === 'boolean') return new Float(x ? 1 : 0);
  if (typeof x === 'string') {
    if (x.length === 0) throw new EvalError('empty string');
    return new Float(parseFloat(x));
  }
  throw new EvalError(`got ${typeName(x)}, want string, int, float, or bool`);
});

// https://github.com/bazelbuild/starlark/blob/master/spec.md#getattr
const getattr = fn(
  'getattr',
  { params: [{ name: 'x' }, { name: 'name', type: 'string' }, { name: 'default', default: UNBOUND }] },
  (t, a) => {
    if (a[2] === undefined) return getAttr(a[0]!, a[1] as string, t);
    return getAttrOrUndefined(a[0]!, a[1] as string, t) ?? a[2];
  },
);

// https://github.com/bazelbuild/starlark/blob/master/spec.md#hasattr
const hasattr = fn('hasattr', { params: [{ name: 'x' }, { name: 'name', type: 'string' }] }, (t, a) =>
  hasAttr(a[0]!, a[1] as string, t),
);

// https://github.com/bazelbuild/starlark/blob/master/spec.md#hash
const hash = fn('hash', { params: [{ name: 'value', type: 'string' }] }, (_t, a) => hashString(a[0] as string));

// https://github.com/bazelbuild/starlark/blob/master/spec.md#int
const int = fn('int', { params: [{ name: 'x' }, { name: 'base', named: true, default: UNBOUND }] }, (_t, a) => {
  const x = a[0]!;
  const base = a[1];
  if (typeof x === 'string') {
    let b = 10;
    if (base !== undefined) b = toInt32(base, 'base');
    return parseIntLiteral(x, b, quote);
  }
  if (base !== undefined) throw new EvalError("can't convert non-string with explicit base");
  if (typeof x === 'boolean') return x ? 1 : 0;
  if (typeof x === 'number' || typeof x === 'bigint') return x;
  if (x instanceof Float) {
    const v = x.value;
    if (Number.isNaN(v)) throw new EvalError("can't convert float nan to int");
    if (!Number.isFinite(v)) throw new EvalError(`can't convert float ${v > 0 ? '+inf' : '-inf'} to int`);
    return intFromFiniteDouble(v);
  }
  throw new EvalError(`got ${typeName(x)}, want string, int, float, or bool`);
});

// https://github.com/bazelbuild/starlark/blob/master/spec.md#len
const lenFn = new Builtin('len', (_t, args, kwargs) => {
  const x = args.length === 1 && kwargs.length === 0 ? args[0]! : unpackArgs('len', args, kwargs, X)[0]!;
  const n = len(x);
  if (n < 0) throw new EvalError(`${typeName(x)} is not iterable`);
  return n;
});

// https://github.com/bazelbuild/starlark/blob/master/spec.md#list
const list = fn('list', { params: [{ name: 'x', type: 'iterable', default: UNBOUND }] }, (_t, a) =>
  a[0] === undefined ? new List() : new List(elemsOf(a[0])),
);

/** max/min: the first extreme element (by key, if given). */
function extreme(name: string, sign: number, withKey: boolean): Builtin {
  const sig: Signature = withKey
    ? { params: [{ name: 'key', positional: false, named: true, type: 'callable|NoneType', default: None }], varargs: true }
    : { params: [], varargs: true };
  return fn(name, sig, (t, a) => {
    const key = withKey ? a[0]! : None;
    const args = (a[withKey ? 1 : 0] as Tuple).elems;
    const items = args.length === 1 ? elemsOf(args[0]!) : args;
    if (items.length === 0) throw new EvalError('expected at least one item');
    let best = items[0]!;
    let bestKey = key === None ? best : t.call(key, [best], []);
    for (let i = 1; i < items.length; i++) {
      const e = items[i]!;
      const k = key === None ? e : t.call(key, [e], []);
      if (sign * compareValues(k, bestKey) > 0) {
        best = e;
        bestKey = k;
      }
    }
    return best;
  });
}

// https://github.com/bazelbuild/starlark/blob/master/spec.md#print
const print = fn(
  'print',
  { params: [{ name: 'sep', positional: false, named: true, type: 'string', default: ' ' }], varargs: true },
  (t, a) => {
    const out: string[] = [];
    const seen = new Set<object>();
    const sep = a[0] as string;
    const elems = (a[1] as Tuple).elems;
    for (let i = 0; i < elems.length; i++) {
      if (i > 0) out.push(sep);
      strInto(out, elems[i]!, seen);
    }
    t.print(out.join(''));
    return None;
  },
);

// https://github.com/bazelbuild/starlark/blob/master/spec.md#range
const range = fn(
  'range',
  {
    params: [
      { name: 'start_or_stop', type: 'int' },
      { name: 'stop_or_none', type: 'int|NoneType', default: None },
      { name: 'step', type: 'int', default: 1 },
    ],
  },
  (_t, a) => {
    let start = 0;
    let stop: number;
    if (a[1] === None) stop = toInt32(a[0]!, 'stop');
    else {
      start = toInt32(a[0]!, 'start');
      stop = toInt32(a[1]!, 'stop');
    }
    const step = toInt32(a[2]!, 'step');
    if (step === 0) throw new EvalError('step cannot be 0');
    return new RangeValue(start, stop, step);
  },
);

// https://github.com/bazelbuild/starlark/blob/master/spec.md#repr
const reprFn = fn('repr', X, (_t, a) => repr(a[0]!));

// https://github.com/bazelbuild/starlark/blob/master/spec.md#reversed
const reversed = fn('reversed', { params: [{ name: 'sequence', type: 'iterable' }] }, (_t, a) =>
  new List(elemsOf(a[0]!).reverse()),
);

// https://github.com/bazelbuild/starlark/blob/master/spec.md#sorted
const sorted = fn(
  'sorted',
  {
    params: [
      { name: 'iterable', type: 'iterable' },
      { name: 'key', positional: false, named: true, default: None },
      { name: 'reverse', positional: false, named: true, type: 'bool', default: false },
    ],
  },
  (t, a) => {
    // Stable in both directions: reverse=True sorts by the reversed order, it does not reverse the result.
    const items = elemsOf(a[0]!);
    const key = a[1]!;
    const order = a[2] === true ? (x: Value, y: Value) => compareValues(y, x) : compareValues;
    if (key === None) {
      items.sort(order);
      return new List(items);
    }
    if (!isCallable(key)) throw new EvalError(`for key, got ${typeName(key)}, want callable`);
    // The key function is called exactly once per element, in order.
    const keys = items.map((e) => t.call(key, [e], []));
    const idx = items.map((_, i) => i);
    idx.sort((i, j) => order(keys[i]!, keys[j]!));
    return new List(idx.map((i) => items[i]!));
  },
);

// https://github.com/bazelbuild/starlark/blob/master/spec.md#str
const strFn = fn('str', X, (_t, a) => str(a[0]!));

/** Bazel's `struct` is a provider: type "Provider", printed as `<function struct>`. */
class StructConstructor extends Builtin {
  override readonly typeName: string = 'Provider';
  override repr(out: string[]): void {
    out.push('<function struct>');
  }
}

// https://bazel.build/rules/lib/globals/all#struct
const struct = new StructConstructor('struct', (_t, args, kwargs) => {
  const a = unpackArgs('struct', args, kwargs, { params: [], kwargs: true });
  return new Struct((a[0] as Dict).entries() as [string, Value][]);
});

// https://github.com/bazelbuild/starlark/blob/master/spec.md#tuple
const tupleFn = fn('tuple', { params: [{ name: 'x', type: 'iterable', default: UNBOUND }] }, (_t, a) => {
  const x = a[0];
  if (x === undefined) return tuple([]);
  if (x instanceof Tuple) return x;
  return tuple(elemsOf(x));
});

// https://github.com/bazelbuild/starlark/blob/master/spec.md#type
const type = fn('type', X, (_t, a) => typeName(a[0]!));

// https://github.com/bazelbuild/starlark/blob/master/spec.md#zip
const zip = fn('zip', { params: [], varargs: true }, (_t, a) => {
  const seqs = (a[0] as Tuple).elems.map(elemsOf);
  if (seqs.length === 0) return new List();
  const n = Math.min(...seqs.map((s) => s.length));
  const out: Value[] = [];
  for (let i = 0; i < n; i++) out.push(tuple(seqs.map((s) => s[i]!)));
  return new List(out);
});

const json = makeJsonModule();

// Shared instances for the two dialects of min/max.
const maxPlain = extreme('max', 1, false);
const minPlain = extreme('min', -1, false);
const maxKey = extreme('max', 1, true);
const minKey = extreme('min', -1, true);

/** The universe for a dialect: a fresh map, which the caller may extend with its predeclared names. */
export function universe(semantics: StarlarkSemantics): Map<string, Value> {
  const u = new Map<string, Value>([
    ['None', None],
    ['True', true],
    ['False', false],
    ['all', all],
    ['any', any],
    ['bool', bool],
    ['dict', dict],
    ['dir', dir],
    ['enumerate', enumerate],
    ['fail', fail],
    ['float', float],
    ['getattr', getattr],
    ['hasattr', hasattr],
    ['hash', hash],
    ['int', int],
    ['len', lenFn],
    ['list', list],
    ['max', semantics.minMaxKey ? maxKey : maxPlain],
    ['min', semantics.minMaxKey ? minKey : minPlain],
    ['print', print],
    ['range', range],
    ['repr', reprFn],
    ['reversed', reversed],
    ['sorted', sorted],
    ['str', strFn],
    ['tuple', tupleFn],
    ['type', type],
    ['zip', zip],
    ['struct', struct],
    ['json', json],
  ]);
  if (semantics.hasAbs) u.set('abs', abs);
  return u;
}

