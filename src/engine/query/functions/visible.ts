// visible(predicate, x): the targets of x visible to every target of predicate, by the one visibility check of
// the loading layer (loading/visibility.ts: package groups, //visibility:public and :private, `__pkg__`,
// `__subpackages__`, the package's default_visibility, the same package, exports_files for source files), and
// javatests/X seeing java/X (AbstractQueryTest#testVisible_java_javatests).
import { isVisible as visibleFrom, type Label, type VisibilityLookup } from '../../loading/index.ts';
import { evaluationError } from '../environment.ts';
import type { QueryEvaluator, QueryFunction } from '../function.ts';

/** Visibility's view of the query graph: targets (package groups, generating rules) and package defaults. */
function lookupOf<T>(ev: QueryEvaluator<T>): VisibilityLookup {
  const access = ev.graph.packages;
  const target = (l: Label) => {
    const n = access?.node(l);
    return n === undefined ? undefined : ev.graph.target(n);
  };
  return {
    target,
    defaultVisibility: (l) => {
      if (l.repo !== '') return undefined;
      const n = access?.node(l);
      try {
        return n === undefined ? undefined : access?.packageOf(n).args.defaultVisibility;
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * Whether `from` is the same logical package as `pkg` (CommonPrerequisiteValidator.isSameLogicalPackage): the
 * same package, or javatests/X of java/X (tests see their code's private targets; not the other way round).
 */
export function sameLogicalPackage(from: string, pkg: string): boolean {
  return from === pkg || (from.startsWith('javatests/') && pkg.startsWith('java/') && from.slice('javatests/'.length) === pkg.slice('java/'.length));
}

/** Is the target of `node` visible from package `from` (main repository)? */
export function isVisible<T>(ev: QueryEvaluator<T>, node: T, from: string): boolean {
  const t = ev.graph.target(node);
  if (t.label.repo === '' && sameLogicalPackage(from, t.label.pkg)) return true;
  return visibleFrom(t, { repo: '', pkg: from, name: '' }, lookupOf(ev));
}

export const visible: QueryFunction = {
  name: 'visible',
  evaluate(ev, args, vars) {
    if (!ev.graph.packages) throw evaluationError('visible() is not supported here');
    const pred = ev.arg(args, 0, vars);
    const x = ev.arg(args, 1, vars);
    const froms = [...new Set([...pred.values()].map((n) => ev.graph.target(n).label.pkg))];
    return new Map([...x].filter(([, n]) => froms.every((f) => isVisible(ev, n, f))));
  },
};
