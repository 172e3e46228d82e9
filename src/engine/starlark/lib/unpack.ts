// The one argument unpacker every builtin uses: it matches positional and keyword arguments to a parameter
// list and checks types, failing with the messages of Bazel's BuiltinFunction:
//
//   len() missing 1 required positional argument: x
//   len() accepts no more than 1 positional argument but got 2
//   len() got unexpected keyword argument 'y' (did you mean 'x'?)
//   len() got named argument for positional-only parameter 'x'
//   sorted() got multiple values for argument 'key'
//   in call to split(), parameter 'sep' got value of type 'int', want 'string'
//
// As in Bazel, a parameter is positional-only unless marked `named`; `named` without `positional: false`
// makes it positional-or-named, and `positional: false` keyword-only.

import { Dict, EvalError, typeName, tuple, type Tuple, type Value, didYouMean, isCallable } from '../values/index.ts';

/** Marks an optional parameter with no default: its slot is `undefined` when absent. */
export const UNBOUND: unique symbol = Symbol('unbound');

export interface Param {
  readonly name: string;
  /** Accepts a positional argument (default true). */
  readonly positional?: boolean;
  /** Accepts a keyword argument (default false). */
  readonly named?: boolean;
  /** Absent → mandatory. UNBOUND → optional, left undefined. Else the default value. */
  readonly default?: Value | typeof UNBOUND;
  /** Allowed types, as type names joined by '|' ("int|NoneType"); also 'iterable', 'sequence', 'callable'. */
  readonly type?: string;
}

export interface Signature {
  readonly params: readonly Param[];
  /** Collects surplus positional arguments (*args) into the slot after the parameters. */
  readonly varargs?: boolean;
  /** Collects surplus keyword arguments (**kwargs) into a Dict in the last slot. */
  readonly kwargs?: boolean;
}

/** Does v belong to the named type (or pseudo-type)? */
function isOfType(v: Value, t: string): boolean {
  switch (t) {
    case 'iterable':
      return typeof v === 'object' && v.iterate !== undefined;
    case 'sequence':
      return typeof v === 'object' && (v.typeName === 'list' || v.typeName === 'tuple' || v.typeName === 'range');
    case 'callable':
      return isCallable(v);
    default:
      return typeName(v) === t;
  }
}

/** Checks a value against a '|'-separated type list, with Bazel's message. */
export function checkType(fnName: string, param: string, v: Value, types: string): void {
  if (types.indexOf('|') < 0) {
    if (isOfType(v, types)) return;
  } else {
    for (const t of types.split('|')) if (isOfType(v, t)) return;
  }
  throw new EvalError(
    `in call to ${fnName}(), parameter '${param}' got value of type '${typeName(v)}', want '${types.split('|').join(' or ')}'`,
  );
}

function plural(n: number): string {
  return n === 1 ? '' : 's';
}

/**
 * Matches args/kwargs to sig. Returns one slot per parameter (default applied, or undefined for UNBOUND),
 * then the *args tuple and the **kwargs dict if the signature has them.
 */
export function unpackArgs(
  fnName: string,
  args: readonly Value[],
  kwargs: readonly (readonly [string, Value])[],
  sig: Signature,
): (Value | undefined)[] {
  const params = sig.params;
  const n = params.length;
  const out: (Value | undefined)[] = new Array(n);
  // positional
  let pi = 0;
  let ai = 0;
  for (; ai < args.length && pi < n; pi++) {
    const p = params[pi]!;
    if (p.positional === false) break;
    const v = args[ai++]!;
    if (p.type !== undefined) checkType(fnName, p.name, v, p.type);
    out[pi] = v;
  }
  let varargs: Tuple | undefined;
  if (sig.varargs) varargs = tuple(args.slice(ai));
  else if (ai < args.length) {
    if (ai === 0) throw new EvalError(`${fnName}() got unexpected positional argument`);
    throw new EvalError(
      `${fnName}() accepts no more than ${ai} positional argument${plural(ai)} but got ${args.length}`,
    );
  }
  // named
  let extra: Dict | undefined;
  if (sig.kwargs) extra = new Dict();
  for (let k = 0; k < kwargs.length; k++) {
    const name = kwargs[k]![0];
    const v = kwargs[k]![1];
    let idx = -1;
    for (let i = 0; i < n; i++) {
      if (params[i]!.name === name) {
        idx = i;
        break;
      }
    }
    if (idx < 0 || params[idx]!.named !== true) {
      if (extra === undefined) {
        if (idx < 0) {
          throw new EvalError(
            `${fnName}() got unexpected keyword argument '${name}'${didYouMean(name, params.map((p) => p.name))}`,
          );
        }
        throw new EvalError(`${fnName}() got named argument for positional-only parameter '${name}'`);
      }
      if (extra.has(name)) throw new EvalError(`${fnName}() got multiple values for keyword argument '${name}'`);
      extra.put(name, v);
      continue;
    }
    const p = params[idx]!;
    if (p.type !== undefined) checkType(fnName, p.name, v, p.type);
    if (out[idx] !== undefined) throw new EvalError(`${fnName}() got multiple values for argument '${name}'`);
    out[idx] = v;
  }
  // defaults and missing
  let missingPos: string[] | undefined;
  let missingNamed: string[] | undefined;
  for (let i = 0; i < n; i++) {
    if (out[i] !== undefined) continue;
    const p = params[i]!;
    if (p.default === undefined) {
      if (p.positional !== false) (missingPos ??= []).push(p.name);
      else (missingNamed ??= []).push(p.name);
    } else if (p.default !== UNBOUND) out[i] = p.default;
  }
  if (missingPos) {
    throw new EvalError(
      `${fnName}() missing ${missingPos.length} required positional argument${plural(missingPos.length)}: ${missingPos.join(', ')}`,
    );
  }
  if (missingNamed) {
    throw new EvalError(
      `${fnName}() missing ${missingNamed.length} required named argument${plural(missingNamed.length)}: ${missingNamed.join(', ')}`,
    );
  }
  if (sig.varargs) out.push(varargs);
  if (sig.kwargs) out.push(extra);
  return out;
}

/** For builtins without parameters. */
export function noArgs(fnName: string, args: readonly Value[], kwargs: readonly (readonly [string, Value])[]): void {
  if (args.length > 0 || kwargs.length > 0) unpackArgs(fnName, args, kwargs, { params: [] });
}

