// The Starlark value types and their operators: what the evaluator and the library import (see ../CONTRACT.md).

export { EvalError, evalError } from './errors.ts';
export {
  type Value,
  type StarlarkValue,
  type ThreadLike,
  type Callable,
  isCallable,
  NoneType,
  None,
  Float,
  Mutable,
  formatFloat,
  formatFloatRepr,
  hashString,
} from './value.ts';
export {
  type Int,
  makeInt,
  isInt,
  toInt32,
  intAdd,
  intSub,
  intMul,
  intNeg,
  intCompare,
  intToString,
  intToFiniteDouble,
  intFromFiniteDouble,
  parseIntLiteral,
} from './int.ts';
export {
  typeName,
  truth,
  equals,
  compareValues,
  hashValue,
  checkHashable,
  repr,
  str,
  reprInto,
  strInto,
  quote,
} from './core.ts';
export { List } from './list.ts';
export { Tuple, tuple } from './tuple.ts';
export { Dict } from './dict.ts';
export { RangeValue } from './range.ts';
export { Struct } from './struct.ts';
export { Builtin, type BuiltinImpl } from './builtin.ts';
export { freezeValue } from './freeze.ts';
export { defineMethods, lookupMethod, methodNames, type MethodDef } from './methods.ts';
export { didYouMean } from './spelling.ts';
export { percentFormat } from './percent-format.ts';
export {
  binary,
  unary,
  compare,
  contains,
  getIndex,
  setIndex,
  slice,
  iterate,
  toArray,
  len,
  beginIteration,
  endIteration,
  getAttr,
  getAttrOrUndefined,
  hasAttr,
  attrNames,
  noAttrError,
  callMethod,
  setField,
} from './operators.ts';
export { MAX_REPEAT } from './sequence.ts';
