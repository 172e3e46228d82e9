// The methods of the list type (https://github.com/bazelbuild/starlark/blob/master/spec.md#list-methods), as
// Bazel's StarlarkList.

import {
  defineMethods,
  equals,
  EvalError,
  iterate,
  List,
  None,
  repr,
  toInt32,
  type BuiltinImpl,
  type MethodDef,
  type Value,
} from '../values/index.ts';
import { unpackArgs, type Signature } from './unpack.ts';

function m(name: string, sig: Signature, fn: (self: List, a: (Value | undefined)[]) => Value): MethodDef {
  const impl: BuiltinImpl = (_t, args, kwargs, self) => fn(self as List, unpackArgs(name, args, kwargs, sig));
  return { impl };
}

const ITEM: Signature = { params: [{ name: 'item' }] };

const methods: Record<string, MethodDef> = {
  // https://github.com/bazelbuild/starlark/blob/master/spec.md#listappend
  append: {
    impl: (_t, args, kwargs, self) => {
      const l = self as List;
      if (args.length === 1 && kwargs.length === 0) l.append(args[0]!);
      else l.append(unpackArgs('append', args, kwargs, ITEM)[0]!);
      return None;
    },
  },

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#listclear
  clear: m('clear', { params: [] }, (l) => {
    l.checkMutable();
    l.elems.length = 0;
    return None;
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#listextend
  extend: m('extend', { params: [{ name: 'items' }] }, (l, a) => {
    l.checkMutable();
    const items = a[0]!;
    // Snapshot first: x.extend(x) appends a copy of x.
    const add = items instanceof List ? items.elems.slice() : [...iterate(items)];
    for (const e of add) l.elems.push(e);
    return None;
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#listindex
  index: m(
    'index',
    { params: [{ name: 'x' }, { name: 'start', type: 'int|NoneType', default: None }, { name: 'end', type: 'int|NoneType', default: None }] },
    (l, a) => {
      const n = l.elems.length;
      let lo = a[1] === None ? 0 : clamp(toInt32(a[1]!, 'start'), n);
      const hi = a[2] === None ? n : clamp(toInt32(a[2]!, 'end'), n);
      for (; lo < hi; lo++) if (equals(l.elems[lo]!, a[0]!)) return lo;
      throw new EvalError(`item ${repr(a[0]!)} not found in list`);
    },
  ),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#listinsert
  insert: m('insert', { params: [{ name: 'index', type: 'int' }, { name: 'item' }] }, (l, a) => {
    l.checkMutable();
    const i = clamp(toInt32(a[0]!, 'index'), l.elems.length);
    l.elems.splice(i, 0, a[1]!);
    return None;
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#listpop
  pop: m('pop', { params: [{ name: 'i', type: 'int', default: -1 }] }, (l, a) => {
    l.checkMutable();
    const n = l.elems.length;
    const i0 = toInt32(a[0]!, 'i');
    const i = i0 < 0 ? i0 + n : i0;
    if (i < 0 || i >= n) {
      throw new EvalError(`index out of range (index is ${i0}, but sequence has ${n} elements)`);
    }
    return l.elems.splice(i, 1)[0]!;
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#listremove
  remove: m('remove', { params: [{ name: 'x' }] }, (l, a) => {
    l.checkMutable();
    const x = a[0]!;
    for (let i = 0; i < l.elems.length; i++) {
      if (equals(l.elems[i]!, x)) {
        l.elems.splice(i, 1);
        return None;
      }
    }
    throw new EvalError(`item ${repr(x)} not found in list`);
  }),
};

function clamp(i: number, n: number): number {
  if (i < 0) i += n;
  return i < 0 ? 0 : i > n ? n : i;
}

defineMethods('list', methods);
