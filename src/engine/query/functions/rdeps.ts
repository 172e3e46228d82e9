// rdeps(u, x), rdeps(u, x, depth): the nodes of u's transitive closure that depend on some node of x (x included),
// optionally within depth reverse edges.
import type { NodeSet } from '../environment.ts';
import { intArg, type QueryEvaluator, type QueryFunction } from '../function.ts';

/** Reverse BFS from `x` over the edges inside `universe`'s closure. */
export function reverseClosure<T>(ev: QueryEvaluator<T>, universe: NodeSet<T>, x: NodeSet<T>, depth: number): NodeSet<T> {
  const closure = ev.closure(universe.values());
  const rev = new Map<string, T[]>();
  for (const n of closure.values()) {
    for (const e of ev.deps(n)) {
      const to = ev.graph.key(e.to);
      let l = rev.get(to);
      if (!l) rev.set(to, (l = []));
      if (!l.includes(n)) l.push(n);
    }
  }
  const out: NodeSet<T> = new Map();
  let frontier: T[] = [];
  for (const [k, n] of x) {
    if (!closure.has(k)) continue;
    out.set(k, n);
    frontier.push(n);
  }
  for (let d = 0; d < depth && frontier.length > 0; d++) {
    const next: T[] = [];
    for (const n of frontier) {
      for (const p of rev.get(ev.graph.key(n)) ?? []) {
        const k = ev.graph.key(p);
        if (out.has(k)) continue;
        out.set(k, p);
        next.push(p);
      }
    }
    frontier = next;
  }
  return out;
}

export const rdeps: QueryFunction = {
  name: 'rdeps',
  evaluate(ev, args, vars) {
    const u = ev.arg(args, 0, vars);
    const x = ev.arg(args, 1, vars);
    return reverseClosure(ev, u, x, intArg(args, 2) ?? Infinity);
  },
};
