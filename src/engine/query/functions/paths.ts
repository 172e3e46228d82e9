// allpaths(from, to) — every node on some path from a node of `from` to a node of `to` — and somepath(from, to)
// — the nodes of one such path, in path order (the first found by a breadth-first search, as Bazel's
// getNodesOnPath does).
import type { NodeSet } from '../environment.ts';
import type { Evaluator, QueryFunction } from '../evaluate.ts';

export const allpaths: QueryFunction = {
  name: 'allpaths',
  evaluate(ev, args, vars) {
    const from = ev.arg(args, 0, vars);
    const to = ev.arg(args, 1, vars);
    const closure = ev.closure(from.values());
    // Reverse reachability from `to` inside the forward closure.
    const rev = new Map<string, string[]>();
    for (const [k, n] of closure) {
      for (const e of ev.deps(n)) {
        const t = ev.graph.key(e.to);
        let l = rev.get(t);
        if (!l) rev.set(t, (l = []));
        l.push(k);
      }
    }
    const keep = new Set<string>();
    const stack = [...to.keys()].filter((k) => closure.has(k));
    for (const k of stack) keep.add(k);
    while (stack.length > 0) {
      const k = stack.pop()!;
      for (const p of rev.get(k) ?? []) {
        if (keep.has(p)) continue;
        keep.add(p);
        stack.push(p);
      }
    }
    return new Map([...closure].filter(([k]) => keep.has(k)));
  },
};

/** The nodes of the first path found breadth-first from `from` to some node of `to`, in path order. */
export function firstPath<T>(ev: Evaluator<T>, from: NodeSet<T>, to: NodeSet<T>): NodeSet<T> {
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

export const somepath: QueryFunction = {
  name: 'somepath',
  evaluate(ev, args, vars) {
    return firstPath(ev, ev.arg(args, 0, vars), ev.arg(args, 1, vars));
  },
};
