// Helpers shared by the sequence types (string, list, tuple, range): index resolution, slice bounds and
// element-wise comparison, with Bazel's messages.

import { compareValues, equals } from './core.ts';
import { EvalError } from './errors.ts';
import type { Value } from './value.ts';

/** Resolves a possibly negative index into [0, length), or Bazel's "index out of range" error. */
export function sequenceIndex(index: number, length: number): number {
  const i = index < 0 ? index + length : index;
  if (i < 0 || i >= length) {
    throw new EvalError(`index out of range (index is ${index}, but sequence has ${length} elements)`);
  }
  return i;
}

/** Clamps a slice or method bound: negative counts from the end, then clamped into [0, length]. */
export function clampIndex(index: number, length: number): number {
  if (index < 0) index += length;
  return index < 0 ? 0 : index > length ? length : index;
}

/** Lexicographic comparison of two sequences, as Bazel's Sequence.compare. */
export function compareSequences(x: readonly Value[], y: readonly Value[]): number {
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const a = x[i]!;
    const b = y[i]!;
    if (a === b) continue;
    const c = compareValues(a, b);
    if (c !== 0) return c;
  }
  return x.length - y.length;
}

export function sequencesEqual(x: readonly Value[], y: readonly Value[]): boolean {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (!equals(x[i]!, y[i]!)) return false;
  return true;
}

/** Elements of `elems` selected by resolved slice indices (start, stop, step as Bazel's Starlark.slice). */
export function sliceArray<T>(elems: readonly T[], start: number, stop: number, step: number): T[] {
  if (step === 1) return elems.slice(start, stop);
  const out: T[] = [];
  if (step > 0) for (let i = start; i < stop; i += step) out.push(elems[i]!);
  else for (let i = start; i > stop; i += step) out.push(elems[i]!);
  return out;
}

/** Largest number of elements a list or tuple may get by repetition or concatenation (well below V8's array limit). */
export const MAX_REPEAT = 1 << 25;
