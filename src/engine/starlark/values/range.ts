// The range type: a lazy, immutable arithmetic sequence of int32 values (Bazel's RangeList).

import { EvalError } from './errors.ts';
import { toInt32 } from './int.ts';
import { MAX_REPEAT, sequenceIndex } from './sequence.ts';
import type { StarlarkValue, Value } from './value.ts';

export class RangeValue implements StarlarkValue {
  readonly typeName = 'range';
  readonly len: number;

  constructor(
    readonly start: number,
    readonly stop: number,
    readonly step: number,
  ) {
    if (step === 0) throw new EvalError('step cannot be zero');
    if (step > 0) this.len = stop > start ? Math.floor((stop - start - 1) / step) + 1 : 0;
    else this.len = start > stop ? Math.floor((start - stop - 1) / -step) + 1 : 0;
  }

  /** The i'th element, 0 <= i < len. */
  at(i: number): number {
    return this.start + i * this.step;
  }

  repr(out: string[]): void {
    out.push(
      this.step === 1 ? `range(${this.start}, ${this.stop})` : `range(${this.start}, ${this.stop}, ${this.step})`,
    );
  }
  truth(): boolean {
    return this.len > 0;
  }
  freeze(): void {}
  hash(): number {
    return (Math.imul(this.len, 31) + (this.len > 0 ? Math.imul(this.start, 17) + this.step : 0)) | 0;
  }
  iterate(): Iterable<Value> {
    return new RangeIterable(this.start, this.step, this.len);
  }
  length(): number {
    return this.len;
  }
  index(key: Value): Value {
    return this.at(sequenceIndex(toInt32(key, 'sequence index'), this.len));
  }
  contains(v: Value): boolean {
    let x: number;
    if (typeof v === 'number') x = v;
    else if (typeof v === 'object' && v.typeName === 'float') {
      x = (v as unknown as { value: number }).value;
      if (!Number.isInteger(x)) return false;
    } else return false;
    if (this.len === 0) return false;
    if (this.step > 0 ? x < this.start || x >= this.stop : x > this.start || x <= this.stop) return false;
    return (x - this.start) % this.step === 0;
  }
  equals(other: Value): boolean {
    if (!(other instanceof RangeValue)) return false;
    if (this.len !== other.len) return false;
    if (this.len === 0) return true;
    return this.start === other.start && (this.len === 1 || this.step === other.step);
  }
  /** Elements as an array (for list(range(...)) and friends). */
  toArray(): number[] {
    if (this.len > MAX_REPEAT) throw new EvalError(`excessive list length (${this.len} elements)`);
    const out = new Array<number>(this.len);
    for (let i = 0; i < this.len; i++) out[i] = this.start + i * this.step;
    return out;
  }
}

/** An iterable/iterator over a range that allocates one object per loop. */
class RangeIterable implements Iterable<Value>, Iterator<Value> {
  private i = 0;
  private readonly res: { done: boolean; value: number } = { done: false, value: 0 };
  constructor(
    private readonly start: number,
    private readonly step: number,
    private readonly len: number,
  ) {}
  [Symbol.iterator](): Iterator<Value> {
    return this;
  }
  next(): IteratorResult<Value> {
    const r = this.res;
    if (this.i >= this.len) {
      r.done = true;
      return r as IteratorResult<Value>;
    }
    r.value = this.start + this.i++ * this.step;
    return r as IteratorResult<Value>;
  }
}
