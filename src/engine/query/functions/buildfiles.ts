// buildfiles(x): the BUILD files of x's packages and the .bzl files they load (with the BUILD files of the
// packages holding those).
import type { Package } from '../../loading/index.ts';
import { evaluationError, type NodeSet, type PackageAccess } from '../environment.ts';
import type { QueryEvaluator, QueryFunction, Vars } from '../function.ts';
import type { Argument } from '../syntax/index.ts';

export function packagesOf<T>(ev: QueryEvaluator<T>, args: readonly Argument[], vars: Vars<T>): { access: PackageAccess<T>; pkgs: Package[] } {
  const x = ev.arg(args, 0, vars);
  const access = ev.graph.packages;
  if (!access) throw evaluationError('buildfiles() and loadfiles() are not supported here');
  const pkgs: Package[] = [];
  for (const n of x.values()) {
    const t = ev.graph.target(n);
    if (t.label.repo !== '') continue;
    const p = access.packageOf(n);
    if (!pkgs.includes(p)) pkgs.push(p);
  }
  return { access, pkgs };
}

export function collect<T>(ev: QueryEvaluator<T>, access: PackageAccess<T>, pkgs: Package[], withBuildFiles: boolean): NodeSet<T> {
  const out: NodeSet<T> = new Map();
  const add = (path: string) => {
    const n = access.fileNode(path);
    if (n) out.set(ev.graph.key(n), n);
  };
  for (const p of pkgs) {
    if (withBuildFiles) add(p.buildFile);
    for (const bzl of p.loads) {
      add(bzl);
      const n = withBuildFiles ? access.fileNode(bzl) : undefined;
      if (!n) continue;
      // A built-in repository's .bzl file (@rules_cc//cc:defs.bzl): its package's BUILD file is in that repository.
      const l = ev.graph.target(n).label;
      if (l.repo !== '') add(`external/${l.repo}/${l.pkg ? `${l.pkg}/` : ''}BUILD`);
      else add(access.packageOf(n).buildFile);
    }
  }
  return out;
}

export const buildfiles: QueryFunction = {
  name: 'buildfiles',
  evaluate(ev, args, vars) {
    const { access, pkgs } = packagesOf(ev, args, vars);
    return collect(ev, access, pkgs, true);
  },
};
