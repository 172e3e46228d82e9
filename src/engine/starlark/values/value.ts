// The representation of Starlark values in JavaScript (see ../CONTRACT.md): the Value union, the StarlarkValue
// protocol every non-primitive value implements, the None and float types, the Callable seam between the
// language and library parts, and ThreadLike, the part of the evaluator's Thread that the library uses.
//
// Primitives are unboxed for speed: bool is a JS boolean, string a JS string (UTF-16, indexed by code unit as
// Bazel does), int a JS number when it is a safe integer and a bigint only beyond that range (never both for
// the same value: `makeInt` in int.ts normalises).

import { javaStringHash, type StarlarkSemantics } from '../../base/index.ts';
import { EvalError } from './errors.ts';

export type Value = boolean | number | bigint | string | StarlarkValue;

/** Every non-primitive Starlark value. Optional members are protocols the operators in operators.ts use. */
export interface StarlarkValue {
  /** What type(x) returns: "list", "dict", "function", "builtin_function_or_method", ... */
  readonly typeName: string;
  /** Appends the repr; `seen` holds the compound values being printed (cycles print as `...`). */
  repr(out: string[], seen: Set<object>): void;
  /** Appends str(x); absent → same as repr. */
  str?(out: string[], seen: Set<object>): void;
  truth(): boolean;
  /** Makes the value immutable, recursively. No-op for immutable values. */
  freeze(): void;
  /** Absent → unhashable ("unhashable type: 'list'"). May itself throw for tuples of unhashable values. */
  hash?(): number;
  /** x.name for fields (struct); methods of str/list/dict come from the method tables in methods.ts. */
  getAttr?(name: string, thread: ThreadLike | null): Value | undefined;
  /** Field names for dir() and error messages (methods are added by attrNames in operators.ts). */
  attrNames?(): string[];
  /** The error for an unknown field, if the type words it its own way (struct). */
  unknownAttrMessage?(name: string): string | undefined;
  iterate?(): Iterable<Value>;
  length?(): number;
  index?(key: Value): Value;
  setIndex?(key: Value, v: Value): void;
  contains?(v: Value): boolean;
  /** Ordering for < > sorted(); only called with a value of the same type. */
  compare?(other: Value): number;
  /** Equality with a value of any type; absent → identity. */
  equals?(other: Value): boolean;
  /**
   * A binary operator the type defines itself (struct + struct), Bazel's HasBinary: `thisLeft` tells whether
   * this value is the left operand. Returns undefined when the operation is not supported.
   */
  binaryOp?(op: string, other: Value, thisLeft: boolean): Value | undefined;
  /** Called when `for` starts/ends over this value (lists and dicts become temporarily immutable). */
  updateIteration?(delta: number): void;
}

/** The part of the evaluator's Thread (eval/thread.ts) that the library uses; the real Thread satisfies it. */
export interface ThreadLike {
  readonly semantics: StarlarkSemantics;
  /** Calls any callable value, as `fn(*args, **kwargs)`. */
  call(fn: Value, args: Value[], kwargs: [string, Value][]): Value;
  /** The print() sink. */
  print(msg: string): void;
  /** Counts a step; throws on budget exhaustion or cancellation. */
  step(): void;
}

/** A value that can be called: StarlarkFunction (language part) and Builtin (builtin.ts). */
export interface Callable extends StarlarkValue {
  readonly name: string;
  call(thread: ThreadLike, args: Value[], kwargs: [string, Value][]): Value;
}

export function isCallable(v: Value): v is Callable {
  return typeof v === 'object' && typeof (v as Partial<Callable>).call === 'function';
}

// ---------------------------------------------------------------------------------------------------------
// None

export class NoneType implements StarlarkValue {
  readonly typeName = 'NoneType';
  repr(out: string[]): void {
    out.push('None');
  }
  truth(): boolean {
    return false;
  }
  freeze(): void {}
  hash(): number {
    return 0x4e6f6e65;
  }
}

export const None: NoneType = new NoneType();

// ---------------------------------------------------------------------------------------------------------
// float

/** A Starlark float (IEEE 754 double). Equal to the int of the same mathematical value; NaN equals NaN. */
export class Float implements StarlarkValue {
  readonly typeName = 'float';
  constructor(readonly value: number) {}
  repr(out: string[]): void {
    out.push(formatFloatRepr(this.value));
  }
  truth(): boolean {
    return this.value !== 0;
  }
  freeze(): void {}
  hash(): number {
    const v = this.value;
    if (Number.isInteger(v) && Number.isSafeInteger(v)) return hashNumber(v);
    // Non-integral or huge: hash the value's digits; equal ints (bigints) hash via the same string.
    if (Number.isFinite(v) && Number.isInteger(v)) return hashString(BigInt(v).toString());
    return hashString(String(v));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Mutability shared by list and dict.

/** Base of list and dict: frozen flag and the active-iteration counter (Bazel's Mutability/Freezable). */
export abstract class Mutable {
  abstract readonly typeName: string;
  frozen = false;
  iterCount = 0;

  /** Throws Bazel's error if the value is frozen or being iterated. */
  checkMutable(): void {
    if (this.frozen) throw new EvalError(`trying to mutate a frozen ${this.typeName} value`);
    if (this.iterCount > 0) {
      throw new EvalError(`${this.typeName} value is temporarily immutable due to active for-loop iteration`);
    }
  }

  updateIteration(delta: number): void {
    // Frozen values need no counting: they cannot be mutated anyway.
    if (!this.frozen) this.iterCount += delta;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Hash helpers (our own; only consistency with equality matters, except hash() of strings, which is Java's).

/** Java's String.hashCode (what Bazel's hash() returns), as a signed 32-bit int. */
export function hashString(s: string): number {
  return javaStringHash(s);
}

export function hashNumber(n: number): number {
  if ((n | 0) === n) return Math.imul(n, 0x316c5239) ^ 0x67c4a7d5;
  return hashString(String(n));
}

// ---------------------------------------------------------------------------------------------------------
// Float formatting, as Bazel's StarlarkFloat.format: Java's %.17g over the shortest round-trip digits, with
// trailing zeros trimmed and a ".0" kept so the value reads as a float.

/** The shortest decimal digits of a finite, non-negative v: v = 0.d1d2d3... × 10^(exp+1), i.e. d1.d2.. × 10^exp. */
export function decimalDigits(v: number): { digits: string; exp: number } {
  if (v === 0) return { digits: '0', exp: 0 };
  const s = v.toExponential(); // shortest round-trip, e.g. "1.2345e+2"
  const e = s.indexOf('e');
  const mant = s.slice(0, e).replace('.', '');
  return { digits: mant, exp: Number(s.slice(e + 1)) };
}

/** Rounds a digit string to n digits (half up, on the decimal digits, as Java's Formatter does). */
export function roundDigits(digits: string, exp: number, n: number): { digits: string; exp: number } {
  // Precondition: n >= 1.
  if (digits.length <= n) return { digits: digits.padEnd(n, '0'), exp };
  const head = digits.slice(0, n);
  if (digits.charCodeAt(n) < 53 /* '5' */) return { digits: head, exp };
  // round up
  const arr = head.split('').map(Number);
  let i = arr.length - 1;
  while (i >= 0) {
    if (arr[i]! < 9) {
      arr[i]!++;
      break;
    }
    arr[i] = 0;
    i--;
  }
  if (i < 0) {
    arr.unshift(1);
    arr.pop();
    return { digits: arr.join(''), exp: exp + 1 };
  }
  return { digits: arr.join(''), exp };
}

function expSuffix(e: number, upper: boolean): string {
  const a = Math.abs(e);
  return (upper ? 'E' : 'e') + (e < 0 ? '-' : '+') + (a < 10 ? '0' + a : String(a));
}

/** printf-style conversion of a double, conv one of e f g E F G (Bazel's StarlarkFloat.format). */
export function formatFloat(v: number, conv: string): string {
  if (!Number.isFinite(v)) return v > 0 ? '+inf' : v < 0 ? '-inf' : 'nan';
  const neg = v < 0 || Object.is(v, -0);
  const sign = neg ? '-' : '';
  const { digits, exp } = decimalDigits(Math.abs(v));
  switch (conv) {
    case 'e':
    case 'E': {
      if (digits === '0') return sign + '0.000000' + expSuffix(0, conv === 'E');
      const r = roundDigits(digits, exp, 7);
      return sign + r.digits[0] + '.' + r.digits.slice(1) + expSuffix(r.exp, conv === 'E');
    }
    case 'f':
    case 'F':
      return sign + fixed(digits, exp, 6);
    default: {
      // %.17g, then trimmed.
      const upper = conv === 'G';
      if (digits === '0') return sign + '0.0';
      const r = roundDigits(digits, exp, 17);
      if (r.exp >= -4 && r.exp < 17) {
        let s = fixed(r.digits, r.exp, 17 - 1 - r.exp);
        if (s.indexOf('.') < 0) s += '.0';
        else {
          let i = s.length - 1;
          const dot = s.indexOf('.');
          while (i > dot + 1 && s.charCodeAt(i) === 48) i--;
          s = s.slice(0, i + 1);
        }
        return sign + s;
      }
      let m = r.digits.replace(/0+$/, '');
      if (m.length === 0) m = '0';
      const mant = m.length > 1 ? m[0] + '.' + m.slice(1) : m;
      return sign + mant + expSuffix(r.exp, upper);
    }
  }
}

/** Fixed notation of d1.d2d3.. × 10^exp with `places` digits after the point (half-up rounding). */
function fixed(digits: string, exp: number, places: number): string {
  // Number of significant digits kept: integer digits (exp+1) + places.
  const keep = exp + 1 + places;
  let d = '';
  let e = exp;
  if (keep > 0) {
    const r = roundDigits(digits, exp, keep);
    d = r.digits;
    e = r.exp;
  } else if (keep === 0 && digits.charCodeAt(0) >= 53) {
    // Rounds up to one unit in the last place.
    d = '1';
    e = exp + 1;
  }
  // Place the digits: value = 0.d × 10^(e+1).
  let intPart: string;
  let frac: string;
  if (e >= 0) {
    const all = d.padEnd(e + 1 + places, '0');
    intPart = all.slice(0, e + 1);
    frac = all.slice(e + 1, e + 1 + places);
  } else {
    intPart = '0';
    frac = ('0'.repeat(-e - 1) + d).padEnd(places, '0').slice(0, places);
  }
  if (intPart === '') intPart = '0';
  return places > 0 ? intPart + '.' + frac : intPart;
}

/** repr/str of a float (Bazel: %.17g trimmed, e.g. 1.0, 0.1, 1e+100, +inf, nan). */
export function formatFloatRepr(v: number): string {
  return formatFloat(v, 'g');
}
