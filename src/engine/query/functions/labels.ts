// labels(attr, x): the targets named in attribute `attr` of the rules of x (every select() branch).
import type { NodeSet } from '../environment.ts';
import { wordArg, type QueryFunction } from '../function.ts';

export const labels: QueryFunction = {
  name: 'labels',
  evaluate(ev, args, vars) {
    const name = wordArg(args, 0);
    const x = ev.arg(args, 1, vars);
    const out: NodeSet<(typeof x extends NodeSet<infer U> ? U : never)> = new Map();
    for (const n of x.values()) {
      for (const t of ev.graph.labelsOf(n, name) ?? []) out.set(ev.graph.key(t), t);
    }
    return out;
  },
};
