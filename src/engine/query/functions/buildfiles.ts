// buildfiles(x): the BUILD files of x's packages and the .bzl files they load (with the BUILD files of the
// packages holding those).
import { javaHashSetOrder, javaLabelHash } from '../../base/index.ts';
import { builtinBuildFileName, type Package } from '../../loading/index.ts';
import { evaluationError, type NodeSet, type PackageAccess } from '../environment.ts';
import type { QueryEvaluator, QueryFunction, Vars } from '../function.ts';
import type { Argument } from '../syntax/index.ts';

/** A package and the repository it is in ('' for the main one; a built-in repository's paths are its own). */
export interface RepoPackage {
  readonly pkg: Package;
  readonly repo: string;
}

export function packagesOf<T>(ev: QueryEvaluator<T>, args: readonly Argument[], vars: Vars<T>): { access: PackageAccess<T>; pkgs: RepoPackage[] } {
  const x = ev.arg(args, 0, vars);
  const access = ev.graph.packages;
  if (!access) throw evaluationError('buildfiles() and loadfiles() are not supported here');
  const pkgs: RepoPackage[] = [];
  // Bazel visits the targets in the order of the set holding them: a java.util.HashSet of their labels. Which
  // package comes first decides where a .bzl file (or its package's BUILD file) loaded by several is located.
  const labelOf = (n: T) => ev.graph.target(n).label;
  const ordered = javaHashSetOrder(x.values(), (n) => javaLabelHash(labelOf(n).repo, labelOf(n).pkg, labelOf(n).name), (n) => ev.graph.key(n));
  for (const n of ordered) {
    const repo = ev.graph.target(n).label.repo;
    const pkg = repo === '' ? access.packageOf(n) : access.anyPackageOf?.(n);
    if (pkg && !pkgs.some((p) => p.pkg === pkg)) pkgs.push({ pkg, repo });
  }
  return { access, pkgs };
}

export function collect<T>(ev: QueryEvaluator<T>, access: PackageAccess<T>, pkgs: readonly RepoPackage[], withBuildFiles: boolean): NodeSet<T> {
  const out: NodeSet<T> = new Map();
  // The first file of a label stays (Bazel's addIfUniqueLabel): a package's own BUILD file, or a load's.
  const add = (n: T | undefined) => {
    if (n && !out.has(ev.graph.key(n))) out.set(ev.graph.key(n), n);
  };
  for (const { pkg: p, repo } of pkgs) {
    // A built-in repository's package names its files from the repository's root.
    const at = (path: string) => (repo === '' || path.startsWith('external/') ? path : `external/${repo}/${path}`);
    const buildFile = at(p.buildFile);
    const loaded = (path: string) => add(access.loadNode ? access.loadNode(path, buildFile) : access.fileNode(path));
    if (withBuildFiles) add(access.fileNode(buildFile));
    for (const file of p.loads) {
      const bzl = at(file);
      loaded(bzl);
      const n = withBuildFiles ? access.fileNode(bzl) : undefined;
      if (!n) continue;
      // A built-in repository's .bzl file (@rules_cc//cc:defs.bzl): its package's BUILD file is in that repository.
      const l = ev.graph.target(n).label;
      if (access.knowsPackage?.(l) === false) continue;
      if (l.repo !== '') loaded(builtinBuildFile(l.repo, l.pkg));
      // Its package's BUILD file is found by the package lookup, not by loading it: a package that fails to load
      // still names it (AbstractQueryTest#bzlPackageBadDueToBrokenLoad).
      else loaded(access.buildFileOf?.(l.pkg) ?? access.packageOf(n).buildFile);
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

/** The BUILD file of a built-in repository's package: `BUILD`, or `BUILD.bazel` when that is the one it has. */
function builtinBuildFile(repo: string, pkg: string): string {
  return `external/${repo}/${pkg ? `${pkg}/` : ''}${builtinBuildFileName(repo, pkg) ?? 'BUILD'}`;
}
