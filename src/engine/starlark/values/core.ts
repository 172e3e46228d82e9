// The operators every value type needs and that need no knowledge of particular types: type names, truth,
// equality, ordering, hashing and repr/str. They dispatch on JS primitives and otherwise on the StarlarkValue
// protocol, so the container classes can use them without import cycles.

import { EvalError } from './errors.ts';
import { compareIntAndDouble, intCompare, intToString, type Int } from './int.ts';
import { Float, hashNumber, hashString, type StarlarkValue, type Value } from './value.ts';

/** type(x). */
export function typeName(v: Value): string {
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'number':
    case 'bigint':
      return 'int';
    case 'string':
      return 'string';
    default:
      return v.typeName;
  }
}

/** bool(x). */
export function truth(v: Value): boolean {
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'number':
      return v !== 0;
    case 'bigint':
      return v !== 0n;
    case 'string':
      return v.length > 0;
    default:
      return v.truth();
  }
}

/** x == y (never fails; values of different types are unequal, except int and float). */
export function equals(a: Value, b: Value): boolean {
  if (a === b) return true;
  switch (typeof a) {
    case 'number':
    case 'bigint':
      // Normalised ints: a number never equals a bigint.
      return b instanceof Float && compareIntAndDouble(a, b.value) === 0 && !Number.isNaN(b.value);
    case 'object':
      if (a instanceof Float) {
        if (b instanceof Float) return a.value === b.value || (Number.isNaN(a.value) && Number.isNaN(b.value));
        if (typeof b === 'number' || typeof b === 'bigint') {
          return !Number.isNaN(a.value) && compareIntAndDouble(b, a.value) === 0;
        }
        return false;
      }
      return a.equals !== undefined && typeof b === 'object' ? a.equals(b) : false;
    default:
      return false;
  }
}

/**
 * The ordering used by < <= > >= and sorted(): negative, zero or positive. Values must be of the same type,
 * except int with float (compared exactly; NaN is above everything). Otherwise Bazel's
 * "unsupported comparison: int <=> string".
 */
export function compareValues(a: Value, b: Value): number {
  const ta = typeof a;
  if (ta === 'number' && typeof b === 'number') return (a as number) < b ? -1 : (a as number) > b ? 1 : 0;
  if (ta === 'string' && typeof b === 'string') return (a as string) < b ? -1 : (a as string) > b ? 1 : 0;
  if (ta === 'number' || ta === 'bigint') {
    if (typeof b === 'number' || typeof b === 'bigint') return intCompare(a as Int, b);
    if (b instanceof Float) return Number.isNaN(b.value) ? -1 : compareIntAndDouble(a as Int, b.value);
  } else if (ta === 'boolean') {
    if (typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  } else if (a instanceof Float) {
    if (b instanceof Float) return compareFloats(a.value, b.value);
    if (typeof b === 'number' || typeof b === 'bigint') {
      return Number.isNaN(a.value) ? 1 : -compareIntAndDouble(b, a.value);
    }
  } else if (ta === 'object' && typeof b === 'object') {
    const sa = a as StarlarkValue;
    if (sa.compare !== undefined && sa.typeName === b.typeName) return sa.compare(b);
  }
  throw new EvalError(`unsupported comparison: ${typeName(a)} <=> ${typeName(b)}`);
}

/** Total order over doubles: -0 == 0, NaN equal to itself and above +inf. */
export function compareFloats(x: number, y: number): number {
  if (x < y) return -1;
  if (x > y) return 1;
  if (x === y) return 0;
  const xn = Number.isNaN(x);
  const yn = Number.isNaN(y);
  return xn === yn ? 0 : xn ? 1 : -1;
}

/** The hash of a hashable value; throws "unhashable type: 'list'" otherwise. Strings hash as Java does. */
export function hashValue(v: Value): number {
  switch (typeof v) {
    case 'string':
      return hashString(v);
    case 'number':
      return hashNumber(v);
    case 'bigint':
      return hashString(v.toString());
    case 'boolean':
      return v ? 1231 : 1237;
    default:
      if (v.hash === undefined) throw new EvalError(`unhashable type: '${v.typeName}'`);
      return v.hash();
  }
}

/** Throws unless v can be a dict key. */
export function checkHashable(v: Value): void {
  if (typeof v === 'object') hashValue(v);
}

// ---------------------------------------------------------------------------------------------------------
// repr and str (Bazel's Printer)

/** Appends the quoted form of a string, escaping as Bazel's Printer does. */
export function quoteInto(out: string[], s: string): void {
  let start = 0;
  let buf = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let esc: string | undefined;
    if (c === 34) esc = '\\"';
    else if (c === 92) esc = '\\\\';
    else if (c < 32) {
      esc = c === 10 ? '\\n' : c === 13 ? '\\r' : c === 9 ? '\\t' : '\\x' + (c < 16 ? '0' : '') + c.toString(16);
    }
    if (esc !== undefined) {
      buf += s.slice(start, i) + esc;
      start = i + 1;
    }
  }
  buf += (start === 0 ? s : s.slice(start)) + '"';
  out.push(buf);
}

/** repr of a string: `"a\"b"`. */
export function quote(s: string): string {
  const out: string[] = [];
  quoteInto(out, s);
  return out[0]!;
}

/** Appends repr(v); compound values already on the `seen` stack print as `...`. */
export function reprInto(out: string[], v: Value, seen: Set<object>): void {
  switch (typeof v) {
    case 'boolean':
      out.push(v ? 'True' : 'False');
      return;
    case 'number':
      out.push(String(v));
      return;
    case 'bigint':
      out.push(intToString(v));
      return;
    case 'string':
      quoteInto(out, v);
      return;
    default:
      if (seen.has(v)) {
        out.push('...');
        return;
      }
      seen.add(v);
      try {
        v.repr(out, seen);
      } finally {
        seen.delete(v);
      }
  }
}

/** Appends str(v): a string itself at top level, otherwise as repr (elements are always repr'd). */
export function strInto(out: string[], v: Value, seen: Set<object>): void {
  // As Bazel's Printer.str, the value itself is not pushed on the cycle stack (only its elements are), so a
  // list containing itself prints as [1, [1, ...]] under str but [1, ...] under repr.
  if (typeof v === 'string') out.push(v);
  else if (typeof v === 'object') {
    if (v.str !== undefined) v.str(out, seen);
    else v.repr(out, seen);
  } else reprInto(out, v, seen);
}

export function repr(v: Value): string {
  if (typeof v === 'number') return String(v);
  const out: string[] = [];
  reprInto(out, v, new Set());
  return out.length === 1 ? out[0]! : out.join('');
}

export function str(v: Value): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  const out: string[] = [];
  strInto(out, v, new Set());
  return out.length === 1 ? out[0]! : out.join('');
}

/** Appends the repr of each element between brackets, as Printer.printList. */
export function reprSequence(
  out: string[],
  elems: readonly Value[],
  open: string,
  close: string,
  seen: Set<object>,
): void {
  out.push(open);
  for (let i = 0; i < elems.length; i++) {
    if (i > 0) out.push(', ');
    reprInto(out, elems[i]!, seen);
  }
  out.push(close);
}
