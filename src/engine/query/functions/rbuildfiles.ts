// rbuildfiles(path, …) (Sky Query only): the BUILD files, among the packages of --universe_scope, of packages
// whose BUILD file is one of the given files or loads one of them (transitively).
import type { Package } from '../../loading/index.ts';
import { evaluationError, type NodeSet, type PackageAccess } from '../environment.ts';
import { wordArg, type QueryEvaluator, type QueryFunction } from '../function.ts';

export const rbuildfiles: QueryFunction = {
  name: 'rbuildfiles',
  evaluate(ev, args) {
    const access = ev.graph.packages;
    if (!access) throw evaluationError('rbuildfiles() is not supported here');
    const files = args.map((_, i) => wordArg(args, i));
    return rbuild(ev, access, files);
  },
};

function rbuild<T>(ev: QueryEvaluator<T>, access: PackageAccess<T>, files: string[]): NodeSet<T> {
    const out: NodeSet<T> = new Map();
    const all: NodeSet<T> = new Map();
    for (const p of ev.options.universeScope ?? []) for (const [k, n] of ev.pattern(p)) all.set(k, n);
    const seen = new Set<Package>();
    for (const n of all.values()) {
      const pkg = access.packageOf(n);
      if (seen.has(pkg)) continue;
      seen.add(pkg);
      if (files.includes(pkg.buildFile) || pkg.loads.some((l) => files.includes(l))) {
        const b = access.fileNode(pkg.buildFile);
        if (b) out.set(ev.graph.key(b), b);
      }
    }
    return out;
}
