// somepath(from, to): the nodes of one path from a node of `from` to a node of `to`, in path order — for query
// and genquery the first found breadth-first; for cquery the one Bazel's getNodesOnPath finds with its stack.
import type { NodeSet } from '../environment.ts';
import type { QueryEvaluator, QueryFunction } from '../function.ts';

/**
 * The nodes of the first path found from `starts` to a node `isGoal` accepts, in path order: breadth-first (a
 * queue), or as Bazel's getNodesOnPath walks (a stack: the dependency pushed last is visited first).
 */
function searchPath<T>(ev: QueryEvaluator<T>, starts: NodeSet<T>, isGoal: (key: string) => boolean, order: 'breadth' | 'stack'): NodeSet<T> {
  const parent = new Map<string, string | null>();
  const nodes = new Map<string, T>();
  const pending: string[] = [];
  for (const [k, n] of starts) {
    parent.set(k, null);
    nodes.set(k, n);
    pending.push(k);
  }
  let found: string | undefined;
  for (let i = 0; order === 'breadth' ? i < pending.length : pending.length > 0; i++) {
    const k = order === 'breadth' ? pending[i]! : pending.pop()!;
    if (isGoal(k)) {
      found = k;
      break;
    }
    for (const e of ev.deps(nodes.get(k)!)) {
      const c = ev.graph.key(e.to);
      if (parent.has(c)) continue;
      parent.set(c, k);
      nodes.set(c, e.to);
      pending.push(c);
    }
  }
  const path: string[] = [];
  for (let k: string | null | undefined = found; k != null; k = parent.get(k)) path.push(k);
  path.reverse();
  return new Map(path.map((k) => [k, nodes.get(k)!]));
}

/**
 * cquery's path (SomePathFunction over the post-analysis environment): from the first node of `from` whose closure
 * reaches `to`, the path getNodesOnPath finds with its stack (checked with 4.2.3, differential seed 53067).
 */
function stackPath<T>(ev: QueryEvaluator<T>, from: NodeSet<T>, to: NodeSet<T>): NodeSet<T> {
  for (const [start, startNode] of from) {
    const reached = ev.closure([startNode]);
    const goal = [...to.keys()].find((k) => reached.has(k));
    if (goal !== undefined) return searchPath(ev, new Map([[start, startNode]]), (k) => k === goal, 'stack');
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
    return ev.graph.command === 'cquery' ? stackPath(ev, from, to) : searchPath(ev, from, (k) => to.has(k), 'breadth');
  },
};
