// The methods of the dict type (https://github.com/bazelbuild/starlark/blob/master/spec.md#dict-methods), as
// Bazel's Dict, and the shared "update from pairs" logic of dict() and dict.update.

import {
  checkHashable,
  defineMethods,
  Dict,
  EvalError,
  List,
  None,
  repr,
  tuple,
  typeName,
  type BuiltinImpl,
  type MethodDef,
  type Value,
} from '../values/index.ts';
import { UNBOUND, unpackArgs, type Signature } from './unpack.ts';

function m(name: string, sig: Signature, fn: (self: Dict, a: (Value | undefined)[]) => Value): MethodDef {
  const impl: BuiltinImpl = (_t, args, kwargs, self) => fn(self as Dict, unpackArgs(name, args, kwargs, sig));
  return { impl };
}

/**
 * Adds the entries of `pairs` (a dict, or an iterable of 2-element iterables) and then of `kwargs` to d, with
 * Bazel's messages ("in dict, got int, want iterable").
 */
export function updateDict(fn: string, d: Dict, pairs: Value, kwargs: Dict | undefined): void {
  if (pairs instanceof Dict) {
    for (const [k, v] of pairs.entries()) d.put(k, v);
  } else {
    if (typeof pairs !== 'object' || pairs.iterate === undefined) {
      throw new EvalError(`in ${fn}, got ${typeName(pairs)}, want iterable`);
    }
    let i = 0;
    for (const item of pairs.iterate()) {
      if (typeof item !== 'object' || item.iterate === undefined) {
        throw new EvalError(`in ${fn}, dictionary update sequence element #${i} is not iterable (${typeName(item)})`);
      }
      const kv = [...item.iterate()];
      if (kv.length !== 2) {
        throw new EvalError(`in ${fn}, item #${i} has length ${kv.length}, but exactly two elements are required`);
      }
      d.put(kv[0]!, kv[1]!);
      i++;
    }
  }
  if (kwargs) for (const [k, v] of kwargs.entries()) d.put(k, v);
}

const methods: Record<string, MethodDef> = {
  // https://github.com/bazelbuild/starlark/blob/master/spec.md#dictclear
  clear: m('clear', { params: [] }, (d) => {
    d.clear();
    return None;
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#dictget
  get: {
    impl: (_t, args, kwargs, self) => {
      const d = self as Dict;
      if (kwargs.length === 0 && (args.length === 1 || args.length === 2)) {
        const v = d.get(args[0]!);
        return v !== undefined ? v : args.length === 2 ? args[1]! : None;
      }
      const a = unpackArgs('get', args, kwargs, { params: [{ name: 'key' }, { name: 'default', default: None }] });
      return d.get(a[0]!) ?? a[1]!;
    },
  },

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#dictitems
  items: m('items', { params: [] }, (d) => new List(d.entries().map(([k, v]) => tuple([k, v])))),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#dictkeys
  keys: m('keys', { params: [] }, (d) => new List(d.keys())),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#dictpop
  pop: m('pop', { params: [{ name: 'key' }, { name: 'default', default: UNBOUND }] }, (d, a) => {
    const k = a[0]!;
    checkHashable(k);
    d.checkMutable();
    const v = d.delete(k);
    if (v !== undefined) return v;
    if (a[1] !== undefined) return a[1];
    throw new EvalError(`KeyError: ${repr(k)}`);
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#dictpopitem
  popitem: m('popitem', { params: [] }, (d) => {
    d.checkMutable();
    const e = d.first();
    if (e === undefined) throw new EvalError('popitem(): dictionary is empty');
    d.delete(e[0]);
    return tuple(e);
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#dictsetdefault
  setdefault: m('setdefault', { params: [{ name: 'key' }, { name: 'default', default: None }] }, (d, a) => {
    const v = d.get(a[0]!);
    if (v !== undefined) return v;
    d.set(a[0]!, a[1]!);
    return a[1]!;
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#dictupdate
  update: m('update', { params: [{ name: 'pairs', default: UNBOUND }], kwargs: true }, (d, a) => {
    d.checkMutable();
    updateDict('update', d, a[0] === undefined ? new List() : a[0], a[1] as Dict);
    return None;
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#dictvalues
  values: m('values', { params: [] }, (d) => new List(d.values())),
};

defineMethods('dict', methods);
