// The string `%` operator, as Bazel's Printer.formatWithList: conversions %s %r %d %o %x %X %e %f %g %E %F %G
// and %%. No flags, width, precision or %(name)s mapping keys: Bazel rejects them as unsupported characters.

import { quote, reprInto, strInto, typeName } from './core.ts';
import { EvalError } from './errors.ts';
import { intFromFiniteDouble, type Int } from './int.ts';
import { Float, formatFloat, formatFloatRepr, type Value } from './value.ts';

/** `format % args`; args is the tuple's elements, or [y] when the operand is not a tuple. */
export function percentFormat(format: string, args: readonly Value[], tupleRepr: () => string): string {
  const out: string[] = [];
  let seen: Set<object> | undefined; // made on first use
  const n = format.length;
  let i = 0;
  let a = 0;
  while (i < n) {
    const p = format.indexOf('%', i);
    if (p < 0) {
      out.push(i === 0 ? format : format.slice(i));
      break;
    }
    if (p > i) out.push(format.slice(i, p));
    if (p === n - 1) throw new EvalError(`incomplete format pattern ends with %: ${quote(format)}`);
    const conv = format[p + 1]!;
    i = p + 2;
    if (conv === '%') {
      out.push('%');
      continue;
    }
    if (a >= args.length) {
      throw new EvalError(`not enough arguments for format pattern ${quote(format)}: ${tupleRepr()}`);
    }
    const arg = args[a++]!;
    switch (conv) {
      case 'd':
      case 'o':
      case 'x':
      case 'X': {
        let x: Int;
        if (typeof arg === 'number' || typeof arg === 'bigint') x = arg;
        else if (arg instanceof Float) {
          if (!Number.isFinite(arg.value)) {
            throw new EvalError(`got ${formatFloatRepr(arg.value)}, want a finite number`);
          }
          x = intFromFiniteDouble(arg.value);
        } else throw new EvalError(`got ${typeName(arg)} for '%${conv}' format, want int or float`);
        out.push(formatIntJava(x, conv));
        continue;
      }
      case 'e':
      case 'f':
      case 'g':
      case 'E':
      case 'F':
      case 'G': {
        let v: number;
        if (typeof arg === 'number') v = arg;
        else if (typeof arg === 'bigint') v = Number(arg);
        else if (arg instanceof Float) v = arg.value;
        else throw new EvalError(`got ${typeName(arg)} for '%${conv}' format, want int or float`);
        out.push(formatFloat(v, conv));
        continue;
      }
      case 'r':
        reprInto(out, arg, (seen ??= new Set()));
        continue;
      case 's':
        if (typeof arg === 'string') out.push(arg);
        else strInto(out, arg, (seen ??= new Set()));
        continue;
      default:
        throw new EvalError(`unsupported format character "${conv}" at index ${p + 1} in ${quote(format)}`);
    }
  }
  if (a < args.length) throw new EvalError('not all arguments converted during string formatting');
  return out.join('');
}

/**
 * Java's %d %o %x %X of Bazel's int representations: an int32 or int64 prints in two's complement for the
 * radix conversions (so "%x" % -1 is "ffffffff"), a big int with a sign.
 */
function formatIntJava(x: Int, conv: string): string {
  if (conv === 'd') return x.toString();
  const radix = conv === 'o' ? 8 : 16;
  let s: string;
  const b = typeof x === 'bigint' ? x : BigInt(x);
  if (b >= -(2n ** 31n) && b < 2n ** 31n) s = (Number(b) >>> 0).toString(radix);
  else if (b >= -(2n ** 63n) && b < 2n ** 63n) s = BigInt.asUintN(64, b).toString(radix);
  else s = b.toString(radix);
  return conv === 'X' ? s.toUpperCase() : s;
}

