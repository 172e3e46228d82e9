// StarlarkFunction: the value a def or lambda evaluates to, and the binding of call arguments to parameters.

import type { ResolvedFunction } from '../syntax/ast.ts';
import { didYouMean } from '../resolve/spell.ts';
import {
  Dict,
  EvalError,
  freezeValue,
  tuple,
  type Callable,
  type ThreadLike,
  type Value,
} from '../values/index.ts';
import type { Module } from './module.ts';
import type { Thread } from './thread.ts';

/** A local shared between a function and the functions nested in it. */
export class Cell {
  constructor(public v: Value | undefined) {}
}

/** Marks a required parameter in a function's defaults. */
export const MANDATORY: unique symbol = Symbol('mandatory');
export type DefaultValue = Value | typeof MANDATORY;

let nextId = 1;

export class StarlarkFunction implements Callable {
  readonly typeName = 'function';
  private readonly id = nextId++;

  constructor(
    readonly rfn: ResolvedFunction,
    /** The module the function was defined in (its globals). */
    readonly module: Module,
    /** Defaults of the parameters after the leading required ones, up to *args (MANDATORY for kw-only required). */
    readonly defaults: readonly DefaultValue[],
    /** The cells of the enclosing functions' variables this function uses. */
    readonly freevars: readonly Cell[],
  ) {}

  get name(): string {
    return this.rfn.name;
  }

  /** The docstring, if the body starts with a string literal. */
  get doc(): string | undefined {
    return this.rfn.doc;
  }

  /** The parameter names in run-time order (ordinary, keyword-only, *args, **kwargs). */
  get paramNames(): readonly string[] {
    return this.rfn.paramNames;
  }

  /** The default of the i-th parameter (run-time order), or undefined when it is required or residual. */
  defaultValue(i: number): Value | undefined {
    const nparams = this.rfn.params.length - (this.rfn.hasKwargs ? 1 : 0) - (this.rfn.hasVarargs ? 1 : 0);
    const prefix = nparams - this.defaults.length;
    if (i < prefix || i >= nparams) return undefined;
    const d = this.defaults[i - prefix];
    return d === MANDATORY ? undefined : d;
  }

  call(thread: ThreadLike, args: Value[], kwargs: [string, Value][]): Value {
    return (thread as Thread).call(this, args, kwargs);
  }

  repr(out: string[]): void {
    out.push(this.module.label ? `<function ${this.name} from ${this.module.label}>` : `<function ${this.name}>`);
  }

  truth(): boolean {
    return true;
  }

  freeze(): void {
    for (const d of this.defaults) if (d !== MANDATORY) freezeValue(d);
    for (const c of this.freevars) if (c.v !== undefined) freezeValue(c.v);
  }

  hash(): number {
    return this.id;
  }

  /**
   * The initial locals of a call: parameters bound from the arguments, as Bazel's StarlarkFunction.processArgs
   * does it and with its messages.
   */
  bindArguments(args: Value[], kwargs: [string, Value][]): unknown[] {
    const rfn = this.rfn;
    const name = rfn.name;
    const names = rfn.paramNames;
    // Pushed rather than new Array(n).fill(): a packed array, cheaper to read than a holey one.
    const locals: unknown[] = [];
    for (let i = rfn.locals.length; i > 0; i--) locals.push(undefined);
    const nparams = rfn.params.length - (rfn.hasKwargs ? 1 : 0) - (rfn.hasVarargs ? 1 : 0);
    const numPositional = nparams - rfn.numKeywordOnly;

    let n = args.length;
    if (n > numPositional) {
      if (!rfn.hasVarargs) {
        if (numPositional > 0) {
          throw new EvalError(
            `${name}() accepts no more than ${numPositional} positional argument${plural(numPositional)} but got ${n}`,
          );
        }
        throw new EvalError(`${name}() does not accept positional arguments, but got ${n}`);
      }
      n = numPositional;
    }
    for (let i = 0; i < n; i++) locals[i] = args[i];
    if (rfn.hasVarargs) locals[nparams] = tuple(args.slice(n));

    let kw: Dict | undefined;
    if (rfn.hasKwargs) {
      kw = new Dict();
      locals[rfn.params.length - 1] = kw;
    }
    let unexpected: string[] | undefined;
    for (let j = 0; j < kwargs.length; j++) {
      const k = kwargs[j]![0];
      const v = kwargs[j]![1];
      const pos = names.indexOf(k);
      if (pos >= 0 && pos < nparams) {
        if (locals[pos] !== undefined) throw new EvalError(`${name}() got multiple values for parameter '${k}'`);
        locals[pos] = v;
      } else if (kw) {
        if (kw.has(k)) throw new EvalError(`${name}() got multiple values for keyword argument '${k}'`);
        kw.put(k, v);
      } else {
        (unexpected ??= []).push(k);
      }
    }
    if (unexpected) {
      const hint = unexpected.length === 1 ? didYouMean(unexpected[0]!, names.slice(0, nparams)) : '';
      throw new EvalError(
        `${name}() got unexpected keyword argument${plural(unexpected.length)}: ${unexpected.join(', ')}${hint}`,
      );
    }

    const firstDefault = nparams - this.defaults.length;
    let missingPositional: string[] | undefined;
    let missingKwonly: string[] | undefined;
    for (let i = n; i < nparams; i++) {
      if (locals[i] !== undefined) continue;
      if (i >= firstDefault) {
        const d = this.defaults[i - firstDefault];
        if (d !== MANDATORY) {
          locals[i] = d;
          continue;
        }
      }
      if (i < numPositional) (missingPositional ??= []).push(names[i]!);
      else (missingKwonly ??= []).push(names[i]!);
    }
    if (missingPositional) {
      const k = missingPositional.length;
      throw new EvalError(`${name}() missing ${k} required positional argument${plural(k)}: ${missingPositional.join(', ')}`);
    }
    if (missingKwonly) {
      const k = missingKwonly.length;
      throw new EvalError(`${name}() missing ${k} required keyword-only argument${plural(k)}: ${missingKwonly.join(', ')}`);
    }
    return locals;
  }
}

function plural(n: number): string {
  return n === 1 ? '' : 's';
}
