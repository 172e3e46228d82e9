// same_pkg_direct_rdeps(x): the targets in the same package as some target of x that directly depend on it.
import { evaluationError, type NodeSet } from '../environment.ts';
import type { QueryFunction } from '../function.ts';

export const samePkgDirectRdeps: QueryFunction = {
  name: 'same_pkg_direct_rdeps',
  evaluate(ev, args, vars) {
    const x = ev.arg(args, 0, vars);
    const access = ev.graph.packages;
    if (!access) throw evaluationError('same_pkg_direct_rdeps() is not supported here');
    const out: NodeSet<typeof x extends NodeSet<infer U> ? U : never> = new Map();
    for (const n of x.values()) {
      const t = ev.graph.target(n);
      if (t.label.repo !== '') continue;
      for (const s of access.targetsOf(access.packageOf(n))) {
        if (ev.deps(s).some((e) => ev.graph.key(e.to) === ev.graph.key(n))) out.set(ev.graph.key(s), s);
      }
    }
    return out;
  },
};
