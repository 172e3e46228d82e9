// Builtin: a function implemented in TypeScript (len, dict.get, ...), optionally bound to a receiver.

import { typeName } from './core.ts';
import type { Callable, ThreadLike, Value } from './value.ts';

/** The JS implementation of a builtin; `self` is the receiver of a method (x in x.append). */
export type BuiltinImpl = (thread: ThreadLike, args: Value[], kwargs: [string, Value][], self: Value) => Value;

export class Builtin implements Callable {
  readonly typeName: string = 'builtin_function_or_method';

  constructor(
    readonly name: string,
    readonly impl: BuiltinImpl,
    /** The receiver of a bound method, or undefined for a plain function. */
    readonly receiver?: Value,
  ) {}

  call(thread: ThreadLike, args: Value[], kwargs: [string, Value][]): Value {
    return this.impl(thread, args, kwargs, this.receiver as Value);
  }

  repr(out: string[]): void {
    if (this.receiver === undefined) out.push(`<built-in function ${this.name}>`);
    else out.push(`<built-in method ${this.name} of ${typeName(this.receiver)} value>`);
  }
  truth(): boolean {
    return true;
  }
  freeze(): void {}
  hash(): number {
    // Identity-hashed: equal only to itself (no `equals`).
    let h = 7;
    for (let i = 0; i < this.name.length; i++) h = (Math.imul(h, 31) + this.name.charCodeAt(i)) | 0;
    return h;
  }
}
