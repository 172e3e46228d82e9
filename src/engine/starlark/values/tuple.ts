// The tuple type: an immutable sequence, hashable when its elements are.

import { hashValue, reprInto } from './core.ts';
import { freezeValue } from './freeze.ts';
import { toInt32 } from './int.ts';
import { containsElem } from './list.ts';
import { compareSequences, sequenceIndex, sequencesEqual } from './sequence.ts';
import type { StarlarkValue, Value } from './value.ts';

export class Tuple implements StarlarkValue {
  readonly typeName = 'tuple';
  private frozen = false;

  constructor(readonly elems: readonly Value[]) {}

  static readonly EMPTY: Tuple = new Tuple([]);

  repr(out: string[], seen: Set<object>): void {
    const e = this.elems;
    out.push('(');
    for (let i = 0; i < e.length; i++) {
      if (i > 0) out.push(', ');
      reprInto(out, e[i]!, seen);
    }
    out.push(e.length === 1 ? ',)' : ')');
  }
  truth(): boolean {
    return this.elems.length > 0;
  }
  freeze(): void {
    if (this.frozen) return;
    this.frozen = true;
    for (const e of this.elems) freezeValue(e);
  }
  hash(): number {
    let h = 0x345678;
    for (const e of this.elems) h = (Math.imul(h, 1000003) ^ hashValue(e)) | 0;
    return h ^ this.elems.length;
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
  contains(v: Value): boolean {
    return containsElem(this.elems, v);
  }
  compare(other: Value): number {
    return compareSequences(this.elems, (other as Tuple).elems);
  }
  equals(other: Value): boolean {
    return other instanceof Tuple && (other === this || sequencesEqual(this.elems, other.elems));
  }
}

export function tuple(elems: readonly Value[]): Tuple {
  return elems.length === 0 ? Tuple.EMPTY : new Tuple(elems);
}
