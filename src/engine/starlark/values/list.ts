// The list type: a mutable sequence with Bazel's freezing and iteration guards.

import { equals, reprSequence } from './core.ts';
import { EvalError } from './errors.ts';
import { toInt32 } from './int.ts';
import { compareSequences, sequenceIndex, sequencesEqual, MAX_REPEAT } from './sequence.ts';
import { freezeValue } from './freeze.ts';
import { Mutable, type StarlarkValue, type Value } from './value.ts';

export class List extends Mutable implements StarlarkValue {
  readonly typeName = 'list';

  /** The elements. Read freely; mutate only after checkMutable(). */
  constructor(public elems: Value[] = []) {
    super();
  }

  repr(out: string[], seen: Set<object>): void {
    reprSequence(out, this.elems, '[', ']', seen);
  }
  truth(): boolean {
    return this.elems.length > 0;
  }
  freeze(): void {
    if (this.frozen) return;
    this.frozen = true;
    this.iterCount = 0;
    for (const e of this.elems) freezeValue(e);
  }
  iterate(): Iterable<Value> {
    return this.elems;
  }
  length(): number {
    return this.elems.length;
  }
  index(key: Value): Value {
    const i = typeof key === 'number' && (key | 0) === key ? key : toInt32(key, 'sequence index');
    return this.elems[sequenceIndex(i, this.elems.length)]!;
  }
  setIndex(key: Value, v: Value): void {
    this.checkMutable();
    const i = toInt32(key, 'list index');
    this.elems[sequenceIndex(i, this.elems.length)] = v;
  }
  contains(v: Value): boolean {
    return containsElem(this.elems, v);
  }
  compare(other: Value): number {
    return compareSequences(this.elems, (other as List).elems);
  }
  equals(other: Value): boolean {
    return other instanceof List && (other === this || sequencesEqual(this.elems, other.elems));
  }

  append(v: Value): void {
    this.checkMutable();
    this.elems.push(v);
  }
}

/** `x in seq` over an array. */
export function containsElem(elems: readonly Value[], v: Value): boolean {
  if (typeof v === 'string' || typeof v === 'boolean') {
    // Only equal to themselves: no need for the general equality.
    for (let i = 0; i < elems.length; i++) if (elems[i] === v) return true;
    return false;
  }
  for (let i = 0; i < elems.length; i++) {
    const e = elems[i]!;
    if (e === v || equals(e, v)) return true;
  }
  return false;
}

/** Checks the repeat count of `seq * n` and returns it (0 for negative counts). */
export function repeatCount(n: Value, size: number): number {
  const k = toInt32(n, 'repeat');
  if (k <= 0) return 0;
  if (size * k > MAX_REPEAT) throw new EvalError(`excessive repeat (${size} * ${k} elements)`);
  return k;
}
