// Starlark ints: arbitrary precision, as a JS number while safe and a bigint beyond (never both for one value).
//
// Every operation has an allocation-free fast path for two safe numbers: a JS double holds a safe integer
// exactly, and a sum, difference or product that comes out safe is exact (an inexact result is at least 2^53
// in magnitude). Only when the fast path overflows do we go through BigInt and normalise back with makeInt.

import { EvalError } from './errors.ts';
import { Float, type Value } from './value.ts';

export type Int = number | bigint;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = -MAX_SAFE;

/** Normalises an integer: a number when safe, else a bigint. */
export function makeInt(x: number | bigint): Int {
  if (typeof x === 'number') {
    if (Number.isSafeInteger(x)) return x === 0 ? 0 : x; // no -0
    return BigInt(x);
  }
  if (x >= MIN_SAFE && x <= MAX_SAFE) return Number(x);
  return x;
}

export function isInt(v: Value): v is Int {
  return typeof v === 'number' || typeof v === 'bigint';
}

function big(x: Int): bigint {
  return typeof x === 'bigint' ? x : BigInt(x);
}

export function intAdd(x: Int, y: Int): Int {
  if (typeof x === 'number' && typeof y === 'number') {
    const z = x + y;
    if (Number.isSafeInteger(z)) return z;
  }
  return makeInt(big(x) + big(y));
}

export function intSub(x: Int, y: Int): Int {
  if (typeof x === 'number' && typeof y === 'number') {
    const z = x - y;
    if (Number.isSafeInteger(z)) return z === 0 ? 0 : z;
  }
  return makeInt(big(x) - big(y));
}

export function intMul(x: Int, y: Int): Int {
  if (typeof x === 'number' && typeof y === 'number') {
    const z = x * y;
    if (Number.isSafeInteger(z)) return z === 0 ? 0 : z;
  }
  return makeInt(big(x) * big(y));
}

export function intNeg(x: Int): Int {
  if (typeof x === 'number') return x === 0 ? 0 : -x;
  return makeInt(-x);
}

function isZero(x: Int): boolean {
  return x === 0 || x === 0n;
}

/** x // y, rounding toward minus infinity. */
export function intFloorDiv(x: Int, y: Int): Int {
  if (isZero(y)) throw new EvalError('integer division by zero');
  if (typeof x === 'number' && typeof y === 'number') {
    const r = x % y; // exact for safe integers
    let q = (x - r) / y; // exact: x - r is a multiple of y
    if (r !== 0 && r < 0 !== y < 0) q -= 1;
    return q === 0 ? 0 : q;
  }
  const bx = big(x);
  const by = big(y);
  let q = bx / by;
  if (bx % by !== 0n && bx < 0n !== by < 0n) q -= 1n;
  return makeInt(q);
}

/** x % y, with the sign of the divisor. */
export function intMod(x: Int, y: Int): Int {
  if (isZero(y)) throw new EvalError('integer modulo by zero');
  if (typeof x === 'number' && typeof y === 'number') {
    let r = x % y;
    if (r !== 0 && r < 0 !== y < 0) r += y;
    return r === 0 ? 0 : r;
  }
  const bx = big(x);
  const by = big(y);
  let r = bx % by;
  if (r !== 0n && r < 0n !== by < 0n) r += by;
  return makeInt(r);
}

function isInt32(x: Int): x is number {
  return typeof x === 'number' && (x | 0) === x;
}

export function intAnd(x: Int, y: Int): Int {
  if (isInt32(x) && isInt32(y)) return x & y;
  return makeInt(big(x) & big(y));
}

export function intOr(x: Int, y: Int): Int {
  if (isInt32(x) && isInt32(y)) return x | y;
  return makeInt(big(x) | big(y));
}

export function intXor(x: Int, y: Int): Int {
  if (isInt32(x) && isInt32(y)) return x ^ y;
  return makeInt(big(x) ^ big(y));
}

export function intNot(x: Int): Int {
  if (isInt32(x)) return ~x;
  return makeInt(~big(x));
}

export function intShiftLeft(x: Int, y: Int): Int {
  const n = toInt32(y, 'shift count');
  if (n < 0) throw new EvalError(`negative shift count: ${n}`);
  if (n >= 512) throw new EvalError(`shift count too large: ${n}`);
  if (typeof x === 'number') {
    const z = x * 2 ** n;
    if (Number.isSafeInteger(z)) return z;
  }
  return makeInt(big(x) << BigInt(n));
}

export function intShiftRight(x: Int, y: Int): Int {
  const n = toInt32(y, 'shift count');
  if (n < 0) throw new EvalError(`negative shift count: ${n}`);
  if (typeof x === 'number') {
    if (n >= 64) return x < 0 ? -1 : 0;
    const z = Math.floor(x / 2 ** n);
    return z === 0 ? 0 : z;
  }
  return makeInt(x >> BigInt(n));
}

/** Signed comparison of two ints: negative, zero or positive. */
export function intCompare(x: Int, y: Int): number {
  if (typeof x === 'number' && typeof y === 'number') return x < y ? -1 : x > y ? 1 : 0;
  const bx = big(x);
  const by = big(y);
  return bx < by ? -1 : bx > by ? 1 : 0;
}

export function intSign(x: Int): number {
  return x > 0 ? 1 : x < 0 ? -1 : 0;
}

/**
 * The int as a signed 32-bit JS number, or Bazel's error naming `what` ("got 3000000000 for list index, want
 * value in signed 32-bit range").
 */
export function toInt32(x: Value, what: string): number {
  if (typeof x === 'number') {
    if ((x | 0) === x) return x;
    throw new EvalError(`got ${x} for ${what}, want value in signed 32-bit range`);
  }
  if (typeof x === 'bigint') throw new EvalError(`got ${x} for ${what}, want value in signed 32-bit range`);
  throw new EvalError(`got ${typeNameOfPrimitive(x)} for ${what}, want int`);
}

function typeNameOfPrimitive(x: Value): string {
  switch (typeof x) {
    case 'boolean':
      return 'bool';
    case 'string':
      return 'string';
    case 'object':
      return x.typeName;
    default:
      return 'int';
  }
}

/** The nearest double to an int; throws "int too large to convert to float" if that is infinite. */
export function intToFiniteDouble(x: Int): number {
  if (typeof x === 'number') return x;
  const d = Number(x);
  if (!Number.isFinite(d)) throw new EvalError('int too large to convert to float');
  return d;
}

/** Exact comparison of an int with a non-NaN double (Bazel's compareIntAndDouble). */
export function compareIntAndDouble(x: Int, d: number): number {
  if (d === Infinity) return -1;
  if (d === -Infinity) return 1;
  if (typeof x === 'number') return x < d ? -1 : x > d ? 1 : 0;
  // x is beyond the safe range; compare via the integer part of d exactly.
  const fl = Math.floor(d);
  const bd = BigInt(fl);
  if (x < bd) return -1;
  if (x > bd) return 1;
  return fl < d ? -1 : 0;
}

/** int == float, exactly. */
export function intEqualsFloat(x: Int, f: Float): boolean {
  const d = f.value;
  return !Number.isNaN(d) && compareIntAndDouble(x, d) === 0;
}

/** The int nearest to a finite double, truncating toward zero. */
export function intFromFiniteDouble(d: number): Int {
  const t = Math.trunc(d);
  return makeInt(Number.isSafeInteger(t) ? t : BigInt(t));
}

/** Starlark int.repr: decimal digits. */
export function intToString(x: Int): string {
  return typeof x === 'number' ? String(x) : x.toString();
}

/**
 * Parses an int literal in the given base as int(s, base) does (Bazel's StarlarkInt.parse). base 0 means
 * "infer from the prefix". Throws EvalError with the message Bazel's NumberFormatException carries; callers
 * add their own prefix.
 */
export function parseIntLiteral(s: string, base: number, quote: (s: string) => string): Int {
  const orig = s;
  if (s.length === 0) throw new EvalError('empty string');
  let neg = false;
  const c0 = s[0];
  if (c0 === '+') s = s.slice(1);
  else if (c0 === '-') {
    s = s.slice(1);
    neg = true;
  }
  let digits = s;
  let prefixed = false;
  if (s.length > 1 && s[0] === '0') {
    const c = s[1]!.toLowerCase();
    const pb = c === 'b' ? 2 : c === 'o' ? 8 : c === 'x' ? 16 : 0;
    if (pb !== 0) {
      digits = s.slice(2);
      prefixed = true;
      if (base === 0) base = pb;
      else if (base !== pb) {
        throw new EvalError(
          `invalid base-${base} literal: ${quote(orig)} (${s.slice(0, 2)} prefix wants base ${pb})`,
        );
      }
    }
  }
  if (!prefixed && base === 0) {
    if (s.length > 1 && s[0] === '0') {
      throw new EvalError(`cannot infer base when string begins with a 0: ${quote(orig)}`);
    }
    base = 10;
  }
  if (base < 2 || base > 36) throw new EvalError(`invalid base ${base} (want 2 <= base <= 36)`);
  const bad = (): EvalError => new EvalError(`invalid base-${base} literal: ${quote(orig)}`);
  if (digits.length === 0) throw bad();
  let acc = 0n;
  let small = 0;
  let useBig = false;
  const bb = BigInt(base);
  for (let i = 0; i < digits.length; i++) {
    const ch = digits.charCodeAt(i);
    let d: number;
    if (ch >= 48 && ch <= 57) d = ch - 48;
    else if (ch >= 97 && ch <= 122) d = ch - 87;
    else if (ch >= 65 && ch <= 90) d = ch - 55;
    else throw bad();
    if (d >= base) throw bad();
    if (!useBig) {
      const next = small * base + d;
      if (Number.isSafeInteger(next)) {
        small = next;
        continue;
      }
      useBig = true;
      acc = BigInt(small);
    }
    acc = acc * bb + BigInt(d);
  }
  const r = useBig ? makeInt(acc) : small;
  return neg ? intNeg(r) : r;
}
