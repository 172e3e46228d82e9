// allpaths(from, to): every node on some path from a node of `from` to a node of `to`.
import type { QueryFunction } from '../function.ts';

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
