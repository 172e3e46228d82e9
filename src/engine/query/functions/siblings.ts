// siblings(x): every target of the packages of x's targets.
import type { NodeSet } from '../environment.ts';
import { evaluationError } from '../environment.ts';
import type { QueryFunction } from '../function.ts';

export const siblings: QueryFunction = {
  name: 'siblings',
  evaluate(ev, args, vars) {
    const x = ev.arg(args, 0, vars);
    const access = ev.graph.packages;
    if (!access) throw evaluationError('siblings() is not supported here');
    const out: NodeSet<typeof x extends NodeSet<infer U> ? U : never> = new Map();
    const seen = new Set<unknown>();
    for (const n of x.values()) {
      const pkg = access.packageOf(n);
      if (seen.has(pkg)) continue;
      seen.add(pkg);
      for (const t of access.targetsOf(pkg)) out.set(ev.graph.key(t), t);
    }
    return out;
  },
};
