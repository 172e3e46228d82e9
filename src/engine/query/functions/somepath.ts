// somepath(from, to): the nodes of one path from a node of `from` to a node of `to`, in path order — the first
// found by a breadth-first search, as Bazel's getNodesOnPath does.
import type { NodeSet } from '../environment.ts';
import type { QueryEvaluator, QueryFunction } from '../function.ts';

/** The nodes of the first path found breadth-first from `from` to some node of `to`, in path order. */
export function firstPath<T>(ev: QueryEvaluator<T>, from: NodeSet<T>, to: NodeSet<T>): NodeSet<T> {
  const parent = new Map<string, string | null>();
  const nodes = new Map<string, T>();
  const queue: string[] = [];
  for (const [k, n] of from) {
    parent.set(k, null);
    nodes.set(k, n);
    queue.push(k);
  }
  let found: string | undefined;
  for (let i = 0; i < queue.length; i++) {
    const k = queue[i]!;
    if (to.has(k)) {
      found = k;
      break;
    }
    for (const e of ev.deps(nodes.get(k)!)) {
      const c = ev.graph.key(e.to);
      if (parent.has(c)) continue;
      parent.set(c, k);
      nodes.set(c, e.to);
      queue.push(c);
    }
  }
  const path: string[] = [];
  for (let k: string | null | undefined = found; k != null; k = parent.get(k)) path.push(k);
  path.reverse();
  return new Map(path.map((k) => [k, nodes.get(k)!]));
}

/**
 * cquery's path (SomePathFunction over the post-analysis environment): for each node of `from` in turn whose
 * closure reaches `to`, the path getNodesOnPath finds with its stack — a node's dependencies pushed in order, the
 * last pushed visited first (checked with 4.2.3, differential seed 53067).
 */
function stackPath<T>(ev: QueryEvaluator<T>, from: NodeSet<T>, to: NodeSet<T>): NodeSet<T> {
  for (const [start, startNode] of from) {
    const reached = ev.closure([startNode]);
    const goal = [...to.keys()].find((k) => reached.has(k));
    if (goal === undefined) continue;
    const parent = new Map<string, string | null>([[start, null]]);
    const nodes = new Map<string, T>([[start, startNode]]);
    const stack = [start];
    while (stack.length > 0) {
      const k = stack.pop()!;
      if (k === goal) {
        const path: string[] = [];
        for (let at: string | null | undefined = k; at != null; at = parent.get(at)) path.push(at);
        path.reverse();
        return new Map(path.map((p) => [p, nodes.get(p)!]));
      }
      for (const e of ev.deps(nodes.get(k)!)) {
        const c = ev.graph.key(e.to);
        if (parent.has(c)) continue;
        parent.set(c, k);
        nodes.set(c, e.to);
        stack.push(c);
      }
    }
  }
  return new Map();
}

export const somepath: QueryFunction = {
  name: 'somepath',
  evaluate(ev, args, vars) {
    const from = ev.arg(args, 0, vars);
    const to = ev.arg(args, 1, vars);
    // Bazel's SomePathFunction builds the whole transitive closure of `from` first: its loading errors (a
    // dependency in a package in error) are reported though the path is found before reaching them.
    ev.closure(from.values());
    return ev.graph.command === 'cquery' ? stackPath(ev, from, to) : firstPath(ev, from, to);
  },
};
