// The struct type of Bazel (`struct(a = 1)`): an immutable record with fields sorted by name.

import { hashValue, reprInto } from './core.ts';
import { equals } from './core.ts';
import { EvalError } from './errors.ts';
import { freezeValue } from './freeze.ts';
import type { StarlarkValue, ThreadLike, Value } from './value.ts';

export class Struct implements StarlarkValue {
  readonly typeName: string = 'struct';
  /** Field names, sorted, and their values (parallel arrays). */
  readonly names: readonly string[];
  readonly values: readonly Value[];

  constructor(fields: Iterable<readonly [string, Value]>) {
    const sorted = [...fields].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this.names = sorted.map((f) => f[0]);
    this.values = sorted.map((f) => f[1]);
  }

  field(name: string): Value | undefined {
    const i = this.names.indexOf(name);
    return i < 0 ? undefined : this.values[i];
  }

  repr(out: string[], seen: Set<object>): void {
    out.push('struct(');
    for (let i = 0; i < this.names.length; i++) {
      if (i > 0) out.push(', ');
      out.push(this.names[i]!, ' = ');
      reprInto(out, this.values[i]!, seen);
    }
    out.push(')');
  }
  truth(): boolean {
    return true;
  }
  freeze(): void {
    for (const v of this.values) freezeValue(v);
  }
  hash(): number {
    let h = 0x5f3759df;
    for (let i = 0; i < this.names.length; i++) {
      h = (Math.imul(h, 31) + hashValue(this.names[i]!)) | 0;
      h = (Math.imul(h, 31) + hashValue(this.values[i]!)) | 0;
    }
    return h;
  }
  getAttr(name: string, _thread: ThreadLike | null): Value | undefined {
    return this.field(name);
  }
  attrNames(): string[] {
    return [...this.names];
  }
  unknownAttrMessage(name: string): string | undefined {
    const avail = this.names.join(', ');
    return `'struct' value has no field or method '${name}'\nAvailable attributes: ${avail}`;
  }
  binaryOp(op: string, other: Value, thisLeft: boolean): Value | undefined {
    if (op !== '+' || !(other instanceof Struct) || other.typeName !== this.typeName) return undefined;
    const [l, r] = thisLeft ? [this, other] : [other, this];
    const fields: [string, Value][] = [];
    for (let i = 0; i < l.names.length; i++) fields.push([l.names[i]!, l.values[i]!]);
    for (let i = 0; i < r.names.length; i++) {
      if (l.field(r.names[i]!) !== undefined) {
        throw new EvalError(`cannot add struct instances with common field '${r.names[i]}'`);
      }
      fields.push([r.names[i]!, r.values[i]!]);
    }
    return new Struct(fields);
  }
  equals(other: Value): boolean {
    if (!(other instanceof Struct) || other.typeName !== this.typeName) return false;
    if (other.names.length !== this.names.length) return false;
    for (let i = 0; i < this.names.length; i++) {
      if (this.names[i] !== other.names[i] || !equals(this.values[i]!, other.values[i]!)) return false;
    }
    return true;
  }
}
