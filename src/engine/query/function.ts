// What a query function is and what it may ask of the evaluator, with the argument helpers the functions share.
//
// The evaluator (evaluate.ts) calls the functions in functions/ and each function calls back into the evaluator
// for its arguments and for closures; both sides import this module and neither imports the other.

import type { Argument, QueryExpr } from './syntax/index.ts';
import { evaluationError, type NodeSet, type QueryEdge, type QueryGraph } from './environment.ts';

/** Query options that change what functions compute (the rest only change output). */
export interface EvalOptions {
  /** tests() fails on a test_suite that lists a non-test. */
  readonly strictTestSuite?: boolean;
  /** --universe_scope patterns (allrdeps and Sky Query functions). */
  readonly universeScope?: readonly string[];
  /**
   * A function whose traversal met a node it could not expand (a missing dependency, a target whose package is
   * in error) fails with "errors were encountered while computing transitive closure", naming that function's
   * call — `bazel query` (Bazel 4.2.3: `Evaluation of subquery "deps(//p:t)" failed …` when it is nested).
   */
  readonly closureErrors?: boolean;
}

/** The `$name` variables bound by the `let` expressions around an expression. */
export type Vars<T> = ReadonlyMap<string, NodeSet<T>>;

/** The evaluator as a function sees it (evaluate.ts's Evaluator). */
export interface QueryEvaluator<T> {
  readonly graph: QueryGraph<T>;
  readonly options: EvalOptions;
  /** Direct dependencies, recording that the node's edges are now known (the ordering graph depends on it). */
  deps(node: T): readonly QueryEdge<T>[];
  /** Every node reachable from `roots` (roots included), up to `depth` edges (default: no limit), BFS order. */
  closure(roots: Iterable<T>, depth?: number): NodeSet<T>;
  /** A target pattern; a pattern that fails is skipped under --keep_going. */
  pattern(word: string): NodeSet<T>;
  /** The expression argument at `i`, evaluated. */
  arg(args: readonly Argument[], i: number, vars: Vars<T>): NodeSet<T>;
}

/** What a function file exports. */
export interface QueryFunction {
  readonly name: string;
  evaluate<T>(ev: QueryEvaluator<T>, args: readonly Argument[], vars: Vars<T>, call: QueryExpr): NodeSet<T>;
}

export function wordArg(args: readonly Argument[], i: number): string {
  const a = args[i]!;
  return a.kind === 'word' ? a.word : a.kind === 'integer' ? String(a.value) : '';
}

export function intArg(args: readonly Argument[], i: number): number | undefined {
  const a = args[i];
  return a && a.kind === 'integer' ? a.value : undefined;
}

/**
 * A java.util.regex pattern as a JavaScript RegExp (unanchored find()). The common syntax is shared; Java-only
 * constructs are translated where simple (possessive quantifiers, \A, \Z, \z). Invalid → Bazel's message.
 */
export function javaRegex(pattern: string, fn: string): RegExp {
  const js = pattern
    .replace(/\\A/g, '^')
    .replace(/\\[Zz]/g, '$')
    .replace(/([*+?}])\+/g, '$1');
  try {
    return new RegExp(js, 'u');
  } catch {
    try {
      return new RegExp(js);
    } catch (e) {
      const msg = (e as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '');
      throw evaluationError(`illegal '${fn}' pattern regexp '${pattern}': ${msg}`);
    }
  }
}
