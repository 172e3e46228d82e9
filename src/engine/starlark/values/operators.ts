// The operators the evaluator calls: binary and unary arithmetic, comparison, membership, indexing, slicing,
// iteration, attributes. Each follows Bazel's EvalUtils/Starlark classes, including their error messages.
//
// Hot paths (int + int, int < int, list[i], dict[k]) are tested first and allocate nothing.

import type { StarlarkSemantics } from '../../base/index.ts';
import { Builtin } from './builtin.ts';
import { compareValues, equals, repr, typeName } from './core.ts';
import { Dict } from './dict.ts';
import { EvalError } from './errors.ts';
import {
  intAdd,
  intAnd,
  intFloorDiv,
  intMod,
  intMul,
  intNeg,
  intNot,
  intOr,
  intShiftLeft,
  intShiftRight,
  intSub,
  intToFiniteDouble,
  intXor,
  toInt32,
  type Int,
} from './int.ts';
import { List, repeatCount } from './list.ts';
import { lookupMethod, methodNames } from './methods.ts';
import { percentFormat } from './percent-format.ts';
import { RangeValue } from './range.ts';
import { clampIndex, MAX_REPEAT, sequenceIndex, sliceArray } from './sequence.ts';
import { didYouMean } from './spelling.ts';
import { Struct } from './struct.ts';
import { Tuple, tuple } from './tuple.ts';
import { Float, None, type ThreadLike, type Value } from './value.ts';

function isNum(v: Value): v is Int {
  return typeof v === 'number' || typeof v === 'bigint';
}

/** The double of an int or float operand of mixed arithmetic. */
function toDouble(v: Int | Float): number {
  return v instanceof Float ? v.value : intToFiniteDouble(v);
}

function unsupported(op: string, x: Value, y: Value): EvalError {
  return new EvalError(`unsupported binary operation: ${typeName(x)} ${op} ${typeName(y)}`);
}

function floatMod(x: number, y: number): Float {
  if (y === 0) throw new EvalError('floating-point modulo by zero');
  let z = x % y;
  if (x < 0 !== y < 0 && z !== 0) z += y;
  return new Float(z);
}

/**
 * x op y for the arithmetic and bitwise operators: + - * / // % | & ^ << >> (op as its token text).
 * Comparison and membership are compare() and contains().
 */
/** Longest string `+` may build: past it a runaway `s = s + s` ends in a Starlark error, not a JS RangeError. */
const MAX_STRING = 1 << 28;

function checkedConcat(a: readonly Value[], b: readonly Value[]): Value[] {
  if (a.length + b.length > MAX_REPEAT) throw new EvalError(`excessive list length (${a.length} + ${b.length} elements)`);
  return a.concat(b);
}

export function binary(op: string, x: Value, y: Value): Value {
  // Fast path: two safe ints.
  if (typeof x === 'number' && typeof y === 'number') {
    switch (op) {
      case '+': {
        const z = x + y;
        if (Number.isSafeInteger(z)) return z;
        return intAdd(x, y);
      }
      case '-': {
        const z = x - y;
        if (Number.isSafeInteger(z)) return z === 0 ? 0 : z;
        return intSub(x, y);
      }
      case '*':
        return intMul(x, y);
      case '//':
        return intFloorDiv(x, y);
      case '%':
        return intMod(x, y);
      case '/':
        if (y === 0) throw new EvalError('floating-point division by zero');
        return new Float(x / y);
      case '&':
        return intAnd(x, y);
      case '|':
        return intOr(x, y);
      case '^':
        return intXor(x, y);
      case '<<':
        return intShiftLeft(x, y);
      case '>>':
        return intShiftRight(x, y);
    }
    throw unsupported(op, x, y);
  }
  switch (op) {
    case '+':
      if (typeof x === 'string') {
        if (typeof y === 'string') {
          if (x.length + y.length > MAX_STRING) throw new EvalError(`excessive string length (${x.length} + ${y.length} characters)`);
          return x + y;
        }
      } else if (isNum(x)) {
        if (isNum(y)) return intAdd(x, y);
        if (y instanceof Float) return new Float(intToFiniteDouble(x) + y.value);
      } else if (x instanceof Float) {
        if (y instanceof Float || isNum(y)) return new Float(x.value + toDouble(y));
      } else if (x instanceof List) {
        if (y instanceof List) return new List(checkedConcat(x.elems, y.elems));
      } else if (x instanceof Tuple) {
        if (y instanceof Tuple) return tuple(checkedConcat(x.elems, y.elems));
      }
      break;
    case '-':
      if (isNum(x)) {
        if (isNum(y)) return intSub(x, y);
        if (y instanceof Float) return new Float(intToFiniteDouble(x) - y.value);
      } else if (x instanceof Float) {
        if (y instanceof Float || isNum(y)) return new Float(x.value - toDouble(y));
      }
      break;
    case '*':
      if (isNum(x)) {
        if (isNum(y)) return intMul(x, y);
        if (y instanceof Float) return new Float(intToFiniteDouble(x) * y.value);
        if (typeof y === 'string') return repeatString(y, x);
        if (y instanceof List) return new List(repeatArray(y.elems, x));
        if (y instanceof Tuple) return tuple(repeatArray(y.elems, x));
      } else if (x instanceof Float) {
        if (y instanceof Float || isNum(y)) return new Float(x.value * toDouble(y));
      } else if (typeof x === 'string') {
        if (isNum(y)) return repeatString(x, y);
      } else if (x instanceof List) {
        if (isNum(y)) return new List(repeatArray(x.elems, y));
      } else if (x instanceof Tuple) {
        if (isNum(y)) return tuple(repeatArray(x.elems, y));
      }
      break;
    case '/':
      if ((isNum(x) || x instanceof Float) && (isNum(y) || y instanceof Float)) {
        const d = toDouble(y);
        if (d === 0) throw new EvalError('floating-point division by zero');
        return new Float(toDouble(x) / d);
      }
      break;
    case '//':
      if (isNum(x) && isNum(y)) return intFloorDiv(x, y);
      if ((isNum(x) || x instanceof Float) && (isNum(y) || y instanceof Float)) {
        const d = toDouble(y);
        if (d === 0) throw new EvalError('integer division by zero');
        return new Float(Math.floor(toDouble(x) / d));
      }
      break;
    case '%':
      if (typeof x === 'string') {
        const args = y instanceof Tuple ? y.elems : [y];
        return percentFormat(x, args, () => repr(y instanceof Tuple ? y : tuple([y])));
      }
      if (isNum(x) && isNum(y)) return intMod(x, y);
      if ((isNum(x) || x instanceof Float) && (isNum(y) || y instanceof Float)) {
        return floatMod(toDouble(x), toDouble(y));
      }
      break;
    case '|':
      if (isNum(x) && isNum(y)) return intOr(x, y);
      if (x instanceof Dict && y instanceof Dict) {
        const d = new Dict();
        for (const [k, v] of x.entries()) d.put(k, v);
        for (const [k, v] of y.entries()) d.put(k, v);
        return d;
      }
      break;
    case '&':
      if (isNum(x) && isNum(y)) return intAnd(x, y);
      break;
    case '^':
      if (isNum(x) && isNum(y)) return intXor(x, y);
      break;
    case '<<':
      if (isNum(x) && isNum(y)) return intShiftLeft(x, y);
      break;
    case '>>':
      if (isNum(x) && isNum(y)) return intShiftRight(x, y);
      break;
    case 'in':
      return contains(y, x);
    case 'not in':
      return !contains(y, x);
    case '==':
      return equals(x, y);
    case '!=':
      return !equals(x, y);
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compare(op, x, y);
    default:
      throw new EvalError(`unsupported binary operation: ${typeName(x)} ${op} ${typeName(y)}`);
  }
  if (typeof x === 'object' && x.binaryOp !== undefined) {
    const z = x.binaryOp(op, y, true);
    if (z !== undefined) return z;
  }
  if (typeof y === 'object' && y.binaryOp !== undefined) {
    const z = y.binaryOp(op, x, false);
    if (z !== undefined) return z;
  }
  throw unsupported(op, x, y);
}

/** x.name = v: Bazel allows it on no built-in type (struct fields are immutable). */
export function setField(x: Value, name: string, _v: Value): void {
  if (x instanceof Struct) throw new EvalError(`${x.typeName} value does not support field assignment`);
  throw new EvalError(`cannot set .${name} field of ${typeName(x)} value`);
}

function repeatString(s: string, n: Int): string {
  const k = toInt32(n, 'repeat');
  if (k <= 0) return '';
  if (s.length * k > 1 << 28) throw new EvalError(`excessive repeat (${s.length} * ${k} characters)`);
  return s.repeat(k);
}

function repeatArray(elems: readonly Value[], n: Int): Value[] {
  const k = repeatCount(n, elems.length);
  const out: Value[] = [];
  for (let i = 0; i < k; i++) for (const e of elems) out.push(e);
  return out;
}

/** -x, +x, ~x, not x. */
export function unary(op: string, x: Value): Value {
  switch (op) {
    case 'not':
      return !truthOf(x);
    case '-':
      if (isNum(x)) return intNeg(x);
      if (x instanceof Float) return new Float(-x.value);
      break;
    case '+':
      if (isNum(x) || x instanceof Float) return x;
      break;
    case '~':
      if (isNum(x)) return intNot(x);
      break;
  }
  throw new EvalError(`unsupported unary operation: ${op}${typeName(x)}`);
}

function truthOf(x: Value): boolean {
  switch (typeof x) {
    case 'boolean':
      return x;
    case 'number':
      return x !== 0;
    case 'bigint':
      return x !== 0n;
    case 'string':
      return x.length > 0;
    default:
      return x.truth();
  }
}

/** x op y for < <= > >=, or == and != (which never fail). */
export function compare(op: string, x: Value, y: Value): boolean {
  if (typeof x === 'number' && typeof y === 'number') {
    switch (op) {
      case '<':
        return x < y;
      case '<=':
        return x <= y;
      case '>':
        return x > y;
      case '>=':
        return x >= y;
    }
  }
  switch (op) {
    case '==':
      return equals(x, y);
    case '!=':
      return !equals(x, y);
  }
  const c = compareValues(x, y);
  switch (op) {
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
  }
  throw new EvalError(`unsupported comparison operator ${op}`);
}

/** `x in container`. */
export function contains(container: Value, x: Value): boolean {
  if (typeof container === 'string') {
    if (typeof x !== 'string') {
      throw new EvalError(`'in <string>' requires string as left operand, not '${typeName(x)}'`);
    }
    return container.includes(x);
  }
  if (typeof container === 'object' && container.contains !== undefined) return container.contains(x);
  throw new EvalError(`unsupported binary operation: ${typeName(x)} in ${typeName(container)}`);
}

/** x[i]. */
export function getIndex(x: Value, i: Value): Value {
  if (typeof x === 'object') {
    if (x.index !== undefined) return x.index(i);
  } else if (typeof x === 'string') {
    const n = typeof i === 'number' && (i | 0) === i ? i : toInt32(i, 'string index');
    return x[sequenceIndex(n, x.length)]!;
  }
  throw new EvalError(`type '${typeName(x)}' has no operator [](${typeName(i)})`);
}

/** x[i] = v. */
export function setIndex(x: Value, i: Value, v: Value): void {
  if (typeof x === 'object' && x.setIndex !== undefined) {
    x.setIndex(i, v);
    return;
  }
  throw new EvalError(`can only assign an element in a dictionary or a list, not in a '${typeName(x)}'`);
}

/** x[lo:hi:step]; absent bounds are None. */
export function slice(x: Value, lo: Value, hi: Value, step: Value): Value {
  let n: number;
  if (typeof x === 'string') n = x.length;
  else if (x instanceof List || x instanceof Tuple) n = x.elems.length;
  else if (x instanceof RangeValue) n = x.len;
  else throw new EvalError(`invalid slice operand: ${typeName(x)}`);
  let st = 1;
  if (step !== None) {
    st = toInt32(step, 'slice step');
    if (st === 0) throw new EvalError('slice step cannot be zero');
  }
  let start: number;
  let stop: number;
  if (st > 0) {
    start = lo === None ? 0 : clampIndex(toInt32(lo, 'start index'), n);
    stop = hi === None ? n : clampIndex(toInt32(hi, 'stop index'), n);
    if (stop < start) stop = start;
  } else {
    if (lo === None) start = n - 1;
    else {
      start = toInt32(lo, 'start index');
      if (start < 0) start += n;
      if (start >= n) start = n - 1;
    }
    if (hi === None) stop = -1;
    else {
      stop = toInt32(hi, 'stop index');
      if (stop < 0) stop += n;
      if (stop < -1) stop = -1;
    }
    if (start < stop) start = stop;
  }
  if (typeof x === 'string') {
    if (st === 1) return x.slice(start, stop);
    let s = '';
    if (st > 0) for (let i = start; i < stop; i += st) s += x[i];
    else for (let i = start; i > stop; i += st) s += x[i];
    return s;
  }
  if (x instanceof List) return new List(sliceArray(x.elems, start, stop, st));
  if (x instanceof Tuple) return tuple(sliceArray(x.elems, start, stop, st));
  const r = x as RangeValue;
  return new RangeValue(r.at(start), r.at(stop), r.step * st);
}

/** The elements of an iterable value, or "type 'string' is not iterable". Lists and tuples give their array. */
export function iterate(v: Value): Iterable<Value> {
  if (typeof v === 'object' && v.iterate !== undefined) return v.iterate();
  throw new EvalError(`type '${typeName(v)}' is not iterable`);
}

/** The elements of an iterable as a fresh array (safe to keep and mutate). */
export function toArray(v: Value): Value[] {
  if (v instanceof List || v instanceof Tuple) return v.elems.slice();
  if (v instanceof RangeValue) return v.toArray();
  return [...iterate(v)];
}

/** len(x), or -1 if x has no length. */
export function len(v: Value): number {
  if (typeof v === 'string') return v.length;
  if (typeof v === 'object' && v.length !== undefined) return v.length();
  return -1;
}

/** Marks the start of a `for` loop or comprehension over v (lists and dicts become temporarily immutable). */
export function beginIteration(v: Value): void {
  if (typeof v === 'object' && v.updateIteration !== undefined) v.updateIteration(1);
}

export function endIteration(v: Value): void {
  if (typeof v === 'object' && v.updateIteration !== undefined) v.updateIteration(-1);
}

// ---------------------------------------------------------------------------------------------------------
// Attributes

function semanticsOf(thread: ThreadLike | null): StarlarkSemantics | null {
  return thread === null ? null : thread.semantics;
}

/** x.name, or undefined if there is no such field or method. */
export function getAttrOrUndefined(x: Value, name: string, thread: ThreadLike | null): Value | undefined {
  if (typeof x === 'object' && x.getAttr !== undefined) {
    const f = x.getAttr(name, thread);
    if (f !== undefined) return f;
  }
  const m = lookupMethod(typeName(x), name, semanticsOf(thread));
  if (m !== undefined) return new Builtin(name, m.impl, x);
  return undefined;
}

/** x.name, or Bazel's "'list' value has no field or method 'foo'" (with a spelling suggestion). */
export function getAttr(x: Value, name: string, thread: ThreadLike | null): Value {
  const v = getAttrOrUndefined(x, name, thread);
  if (v !== undefined) return v;
  throw noAttrError(x, name, thread);
}

export function noAttrError(x: Value, name: string, thread: ThreadLike | null): EvalError {
  if (typeof x === 'object' && x.unknownAttrMessage !== undefined) {
    const msg = x.unknownAttrMessage(name);
    if (msg !== undefined) return new EvalError(msg);
  }
  return new EvalError(
    `'${typeName(x)}' value has no field or method '${name}'${didYouMean(name, attrNames(x, thread))}`,
  );
}

export function hasAttr(x: Value, name: string, thread: ThreadLike | null): boolean {
  if (typeof x === 'object' && x.getAttr !== undefined && x.getAttr(name, thread) !== undefined) return true;
  return lookupMethod(typeName(x), name, semanticsOf(thread)) !== undefined;
}

/** dir(x): field and method names, sorted. */
export function attrNames(x: Value, thread: ThreadLike | null): string[] {
  const names = new Set<string>(methodNames(typeName(x), semanticsOf(thread)));
  if (typeof x === 'object' && x.attrNames !== undefined) for (const n of x.attrNames()) names.add(n);
  return [...names].sort();
}

/**
 * Calls method `name` of x directly, without allocating the bound Builtin (for `x.f(...)` call sites).
 * Returns undefined when x has no such method (the caller falls back to getAttr + call, which handles fields
 * holding callables and raises the error).
 */
export function callMethod(
  thread: ThreadLike,
  x: Value,
  name: string,
  args: Value[],
  kwargs: [string, Value][],
): Value | undefined {
  const m = lookupMethod(typeName(x), name, thread.semantics);
  if (m === undefined) return undefined;
  return m.impl(thread, args, kwargs, x);
}

