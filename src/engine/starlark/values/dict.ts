// The dict type: an insertion-ordered hash map keyed by Starlark equality.
//
// Keys are mapped to a "canonical key" that a JS Map compares correctly, so the common lookups (string and
// int keys) are one Map operation with no allocation:
//   - strings, ints (number or bigint, normalised), bools: themselves;
//   - floats: the equal int when integral (so 1.0 and 1 are one key), else the JS number (a non-integral
//     number can never be an int); the original Float is remembered in `floatKeys` to give it back;
//   - values hashed by identity (None, functions): themselves;
//   - values hashed by content (tuples, structs): the first equal key ever inserted, found through hash
//     buckets. A JS Map keeps insertion order, which is Starlark's dict order.

import { equals, quote, reprInto } from './core.ts';
import { EvalError } from './errors.ts';
import { freezeValue } from './freeze.ts';
import { makeInt } from './int.ts';
import { Float, Mutable, type StarlarkValue, type Value } from './value.ts';

const ABSENT = Symbol('absent');

export class Dict extends Mutable implements StarlarkValue {
  readonly typeName = 'dict';
  private map = new Map<unknown, Value>();
  private floatKeys: Map<unknown, Float> | null = null;
  private buckets: Map<number, StarlarkValue[]> | null = null;

  constructor(entries?: Iterable<readonly [Value, Value]>) {
    super();
    if (entries) for (const [k, v] of entries) this.put(k, v);
  }

  /** The canonical key, or ABSENT for a content-hashed key not present (when !create). */
  private canon(k: Value, create: boolean): unknown {
    switch (typeof k) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'bigint':
        return k;
    }
    if (k instanceof Float) {
      const v = k.value;
      if (Number.isInteger(v)) return makeInt(Number.isSafeInteger(v) ? v : BigInt(v));
      return v;
    }
    if (k.hash === undefined) throw new EvalError(`unhashable type: '${k.typeName}'`);
    if (k.equals === undefined) return k;
    const h = k.hash();
    let buckets = this.buckets;
    const b = buckets?.get(h);
    if (b) for (const c of b) if (c === k || equals(c, k)) return c;
    if (!create) return ABSENT;
    if (!buckets) buckets = this.buckets = new Map();
    if (b) b.push(k);
    else buckets.set(h, [k]);
    return k;
  }

  get size(): number {
    return this.map.size;
  }

  /** d.get(k): the value or undefined. Throws for unhashable keys. */
  get(k: Value): Value | undefined {
    if (typeof k === 'string' || typeof k === 'number') return this.map.get(k);
    const c = this.canon(k, false);
    return c === ABSENT ? undefined : this.map.get(c);
  }

  has(k: Value): boolean {
    if (typeof k === 'string' || typeof k === 'number') return this.map.has(k);
    const c = this.canon(k, false);
    return c !== ABSENT && this.map.has(c);
  }

  /** d[k] = v, after checking mutability. */
  set(k: Value, v: Value): void {
    this.checkMutable();
    this.put(k, v);
  }

  /** Inserts without the mutability check (construction). */
  put(k: Value, v: Value): void {
    if (typeof k === 'string' || typeof k === 'number') {
      this.map.set(k, v);
      return;
    }
    const c = this.canon(k, true);
    if (k instanceof Float && !this.map.has(c)) (this.floatKeys ??= new Map()).set(c, k);
    this.map.set(c, v);
  }

  /** Removes k; returns its value or undefined. Checks mutability. */
  delete(k: Value): Value | undefined {
    this.checkMutable();
    const c = typeof k === 'string' || typeof k === 'number' ? k : this.canon(k, false);
    if (c === ABSENT) return undefined;
    const v = this.map.get(c);
    if (v === undefined) return undefined;
    this.map.delete(c);
    this.floatKeys?.delete(c);
    if (this.buckets && typeof c === 'object' && c !== null && (c as StarlarkValue).equals !== undefined) {
      const h = (c as StarlarkValue).hash!();
      const b = this.buckets.get(h)!;
      const i = b.indexOf(c as StarlarkValue);
      if (i >= 0) b.splice(i, 1);
      if (b.length === 0) this.buckets.delete(h);
    }
    return v;
  }

  clear(): void {
    this.checkMutable();
    this.map.clear();
    this.floatKeys = null;
    this.buckets = null;
  }

  private origKey(c: unknown): Value {
    return (this.floatKeys?.get(c) ?? c) as Value;
  }

  keys(): Value[] {
    const out: Value[] = [];
    if (this.floatKeys === null) for (const c of this.map.keys()) out.push(c as Value);
    else for (const c of this.map.keys()) out.push(this.origKey(c));
    return out;
  }

  values(): Value[] {
    return [...this.map.values()];
  }

  entries(): [Value, Value][] {
    const out: [Value, Value][] = [];
    for (const [c, v] of this.map) out.push([this.origKey(c), v]);
    return out;
  }

  /** The first entry (popitem), or undefined. */
  first(): [Value, Value] | undefined {
    for (const [c, v] of this.map) return [this.origKey(c), v];
    return undefined;
  }

  repr(out: string[], seen: Set<object>): void {
    out.push('{');
    let first = true;
    for (const [c, v] of this.map) {
      if (!first) out.push(', ');
      first = false;
      reprInto(out, this.origKey(c), seen);
      out.push(': ');
      reprInto(out, v, seen);
    }
    out.push('}');
  }
  truth(): boolean {
    return this.map.size > 0;
  }
  freeze(): void {
    if (this.frozen) return;
    this.frozen = true;
    this.iterCount = 0;
    for (const [c, v] of this.map) {
      freezeValue(c as Value);
      freezeValue(v);
    }
  }
  iterate(): Iterable<Value> {
    return this.keys();
  }
  length(): number {
    return this.map.size;
  }
  index(key: Value): Value {
    const v = this.get(key);
    if (v === undefined) throw new EvalError(`key ${quoteKey(key)} not found in dictionary`);
    return v;
  }
  setIndex(key: Value, v: Value): void {
    this.set(key, v);
  }
  contains(v: Value): boolean {
    return this.has(v);
  }
  equals(other: Value): boolean {
    if (!(other instanceof Dict)) return false;
    if (other === this) return true;
    if (other.size !== this.size) return false;
    for (const [k, v] of this.entries()) {
      const w = other.get(k);
      if (w === undefined || !equals(v, w)) return false;
    }
    return true;
  }
}

function quoteKey(k: Value): string {
  if (typeof k === 'string') return quote(k);
  const out: string[] = [];
  reprInto(out, k, new Set());
  return out.join('');
}

