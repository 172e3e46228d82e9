// buildfiles(x): the BUILD files of x's packages and the .bzl files they load (with the BUILD files of the
// packages holding those); loadfiles(x): the .bzl files only. rbuildfiles(path, …) (Sky Query): the BUILD files
// of packages that depend on the given files.
import type { Package } from '../../build/index.ts';
import { evaluationError, type NodeSet, type PackageAccess } from '../environment.ts';
import { wordArg, type Evaluator, type QueryFunction, type Vars } from '../evaluate.ts';
import type { Argument } from '../syntax/index.ts';

function packagesOf<T>(ev: Evaluator<T>, args: readonly Argument[], vars: Vars<T>): { access: PackageAccess<T>; pkgs: Package[] } {
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

function collect<T>(ev: Evaluator<T>, access: PackageAccess<T>, pkgs: Package[], withBuildFiles: boolean): NodeSet<T> {
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
      if (n) add(access.packageOf(n).buildFile);
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

export const loadfiles: QueryFunction = {
  name: 'loadfiles',
  evaluate(ev, args, vars) {
    const { access, pkgs } = packagesOf(ev, args, vars);
    return collect(ev, access, pkgs, false);
  },
};

export const rbuildfiles: QueryFunction = {
  name: 'rbuildfiles',
  evaluate(ev, args) {
    const access = ev.graph.packages;
    if (!access) throw evaluationError('rbuildfiles() is not supported here');
    const files = args.map((_, i) => wordArg(args, i));
    return rbuild(ev, access, files);
  },
};

function rbuild<T>(ev: Evaluator<T>, access: PackageAccess<T>, files: string[]): NodeSet<T> {
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
