// The argument kinds of every query function, as Bazel's QueryFunction classes declare them. The parser reads
// each argument by its kind; which functions exist depends on the command (query, cquery, genquery), on
// Sky Query options and on the profile, so callers build the map with `functionSignatures`.

import type { FunctionSignature } from './ast.ts';

const E = 'expression' as const;
const W = 'word' as const;
const I = 'integer' as const;

const COMMON: readonly FunctionSignature[] = [
  { name: 'allpaths', argTypes: [E, E], mandatory: 2 },
  { name: 'attr', argTypes: [W, W, E], mandatory: 3 },
  { name: 'deps', argTypes: [E, I], mandatory: 1 },
  { name: 'filter', argTypes: [W, E], mandatory: 2 },
  { name: 'kind', argTypes: [W, E], mandatory: 2 },
  { name: 'labels', argTypes: [W, E], mandatory: 2 },
  { name: 'rdeps', argTypes: [E, E, I], mandatory: 2 },
  { name: 'same_pkg_direct_rdeps', argTypes: [E], mandatory: 1 },
  { name: 'somepath', argTypes: [E, E], mandatory: 2 },
  // cquery too (Bazel 4.2.3: `cquery 'tests(//p:fg)'` evaluates).
  { name: 'tests', argTypes: [E], mandatory: 1 },
];

/** Functions of `query` (and genquery) that cquery refuses at evaluation. */
const QUERY_ONLY: readonly FunctionSignature[] = [
  { name: 'buildfiles', argTypes: [E], mandatory: 1 },
  { name: 'loadfiles', argTypes: [E], mandatory: 1 },
  { name: 'siblings', argTypes: [E], mandatory: 1 },
  { name: 'visible', argTypes: [E, E], mandatory: 2 },
];

/** Sky Query (`--universe_scope` / `--infer_universe_scope`) adds these. */
const SKY_QUERY: readonly FunctionSignature[] = [
  { name: 'allrdeps', argTypes: [E, I], mandatory: 1 },
  { name: 'rbuildfiles', argTypes: [W], mandatory: 1, variadic: true },
];

export interface SignatureOptions {
  readonly command: 'query' | 'cquery' | 'genquery';
  readonly skyQuery?: boolean;
  /** `some(x, k)` takes a count (current Bazel); Bazel 4.2.3 has only `some(x)`. */
  readonly someTakesCount: boolean;
}

export function functionSignatures(opts: SignatureOptions): Map<string, FunctionSignature> {
  const list: FunctionSignature[] = [...COMMON];
  list.push(opts.someTakesCount ? { name: 'some', argTypes: [E, I], mandatory: 1 } : { name: 'some', argTypes: [E], mandatory: 1 });
  // cquery parses the query-only functions too, and refuses them when it evaluates them.
  list.push(...QUERY_ONLY);
  if (opts.command === 'cquery') list.push({ name: 'config', argTypes: [E, W], mandatory: 2 });
  if (opts.skyQuery) list.push(...SKY_QUERY);
  return new Map(list.map((f) => [f.name, f]));
}
