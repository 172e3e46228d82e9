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
  // Java refuses some patterns JavaScript reads literally ("a{2"): Java's own errors come first.
  const refused = pattern.includes('\\Q') ? undefined : javaPatternError(pattern);
  if (refused) throw evaluationError(`illegal '${fn}' pattern regexp '${pattern}': ${refused}`);
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
      const msg = javaPatternError(pattern) ?? (e as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '');
      throw evaluationError(`illegal '${fn}' pattern regexp '${pattern}': ${msg}`);
    }
  }
}

/**
 * java.util.regex's PatternSyntaxException message for the common mistakes (its description, " near index i",
 * the pattern, and a caret under index i when i is inside it), or undefined when the mistake is not one of them.
 */
export function javaPatternError(pattern: string): string | undefined {
  const at = (desc: string, index: number) =>
    `${desc}${index >= 0 ? ` near index ${index}` : ''}\n${pattern}${index >= 0 && index < pattern.length ? `\n${' '.repeat(index)}^` : ''}`;
  let depth = 0;
  let atomStart = true; // nothing to repeat: start, after '(' or '|'
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      if (i + 1 >= pattern.length) return at('Unexpected internal error', pattern.length);
      i++;
      atomStart = false;
      continue;
    }
    if (c === '[') {
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
      if (j >= pattern.length) return at('Unclosed character class', pattern.length - 1);
      i = j;
      atomStart = false;
      continue;
    }
    if (c === '(') {
      depth++;
      atomStart = true;
      if (pattern[i + 1] === '?') i++;
      continue;
    }
    if (c === ')') {
      if (depth === 0) return at("Unmatched closing ')'", i - 1);
      depth--;
      atomStart = false;
      continue;
    }
    if (c === '|') {
      atomStart = true;
      continue;
    }
    if (c === '*' || c === '+' || c === '?') {
      if (atomStart) return at(`Dangling meta character '${c}'`, i);
      continue;
    }
    if (c === '{' && /^\{\d+(,\d*)?$/.test(pattern.slice(i))) return at('Unclosed counted closure', pattern.length);
    atomStart = false;
  }
  return depth > 0 ? at('Unclosed group', pattern.length) : undefined;
}
