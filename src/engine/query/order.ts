// Result ordering: Bazel 4.2.3's dependency order (its default, and `--order_output=full|deps`), the
// lexicographic order of current Bazel's default, and `no` (evaluation order).
//
// Dependency order, as the corpus shows it: sort the result nodes ascending by label; depth-first visit them in
// that order, successors also ascending; collect post-order; reverse it; keep the result nodes. The walk goes
// through nodes outside the result (`deps(//a) - //b:*` still puts //a's targets before those they reach through
// //b), but only along edges the evaluation explored: Bazel 4.2.3 orders over the graph its query built, which
// knows the edges out of nodes whose dependencies some function visited or that a wildcard pattern named — not
// out of a single-target pattern, siblings(), tests() or labels() results. Unrelated targets therefore come
// out in descending label order, and every target before its dependencies.

import type { NodeSet, QueryEdge, QueryGraph } from './environment.ts';

export type OrderOutput = 'no' | 'deps' | 'auto' | 'full';

export function lexicographicOrder<T>(graph: QueryGraph<T>, set: NodeSet<T>): T[] {
  return [...set.values()].sort((a, b) => graph.compare(a, b));
}

/**
 * Which of a node's edges the ordering graph knows: all; for a node wildcard patterns named (the patterns'
 * numbers), those to nodes one of the same patterns named, visibility ones excepted (`//a:* + //z:*` lists
 * //z:f before //a:x that depends on it, in plain descending order); none.
 */
export type Explored = (key: string) => 'all' | ReadonlySet<number> | 'none';

function sharesPattern(from: ReadonlySet<number>, to: 'all' | ReadonlySet<number> | 'none'): boolean {
  if (to === 'all') return true;
  if (to === 'none') return false;
  for (const n of from) if (to.has(n)) return true;
  return false;
}

/**
 * The edges of a node that the query's own graph has (4.2.3's query environment holds only the edges its
 * evaluation explored: a depth-bounded deps() leaves its last layer without edges). `explored` undefined: all.
 */
export function knownDeps<T>(graph: QueryGraph<T>, t: T, explored?: Explored): readonly QueryEdge<T>[] {
  const known = explored ? explored(graph.key(t)) : 'all';
  if (known === 'none') return [];
  const edges = graph.deps(t);
  return known === 'all' ? edges : edges.filter((e) => e.attr !== 'visibility' && e.attr !== 'includes' && sharesPattern(known, explored!(graph.key(e.to))));
}

/**
 * A result node's successors in the result, as Bazel's output formatters see them (Digraph.extractSubgraph keeps
 * connectivity when it drops the nodes outside the result): its direct successors in the result, then those it
 * reaches through nodes outside it, along explored edges (`kind(rule, deps(//a:g.txt))` has //a:g → //a:g0
 * through //a:g0.txt; checked with 4.2.3, differential seed 58576).
 */
export function resultSuccessors<T>(graph: QueryGraph<T>, t: T, inResult: (key: string) => boolean, explored?: Explored): string[] {
  const out: string[] = [];
  const seen = new Set<string>([graph.key(t)]);
  // The node itself first, then the nodes outside the result it reaches, breadth first.
  const queue: T[] = [t];
  for (let i = 0; i < queue.length; i++) {
    for (const e of knownDeps(graph, queue[i]!, explored)) {
      const k = graph.key(e.to);
      if (seen.has(k)) continue;
      seen.add(k);
      if (inResult(k)) out.push(k);
      else queue.push(e.to);
    }
  }
  return out;
}

/**
 * Dependency order: Bazel's topological order of the result's subgraph (Digraph.extractSubgraph, whose edges keep
 * the connectivity of the explored graph through the nodes the result leaves out), children in label order.
 * `explored(key)` says which of a node's edges are known (undefined: all of every node's). Checked with 4.2.3:
 * in `deps(//a:al) except //a:fg1`, //a:fg0 (a direct dependency of //a:al) prints before //a:f1.txt (reached only
 * through //a:fg1), differential seed 61021.
 */
export function dependencyOrder<T>(graph: QueryGraph<T>, set: NodeSet<T>, explored?: Explored): T[] {
  const roots = lexicographicOrder(graph, set);
  const visited = new Set<string>();
  const post: T[] = [];
  const inResult = (k: string) => set.has(k);
  const succ = (t: T): T[] =>
    resultSuccessors(graph, t, inResult, explored)
      .map((k) => set.get(k)!)
      .sort((a, b) => graph.compare(a, b));
  for (const root of roots) {
    const key = graph.key(root);
    if (visited.has(key)) continue;
    // Iterative DFS (deep graphs must not overflow the JS stack).
    visited.add(key);
    const stack: { t: T; next: T[]; i: number }[] = [{ t: root, next: succ(root), i: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.i < top.next.length) {
        const n = top.next[top.i++]!;
        const k = graph.key(n);
        if (!visited.has(k)) {
          visited.add(k);
          stack.push({ t: n, next: succ(n), i: 0 });
        }
      } else {
        post.push(top.t);
        stack.pop();
      }
    }
  }
  return post.reverse();
}

/** The order a result prints in, for `--order_output` and the profile's default. */
export function orderResult<T>(
  graph: QueryGraph<T>,
  set: NodeSet<T>,
  order: OrderOutput,
  defaultOrder: 'dependency' | 'lexicographic',
  explored?: Explored,
): T[] {
  if (order === 'no') return [...set.values()];
  if (order === 'auto' && defaultOrder === 'lexicographic') return lexicographicOrder(graph, set);
  return dependencyOrder(graph, set, explored);
}
