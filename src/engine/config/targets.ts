// Finding a target by label for analysis: main-repository packages through the loader, and the built-in
// repositories (@platforms, @local_config_platform, @bazel_tools) through loaders of their own, with the
// repository name put back on every label read from them. Messages are Bazel's "no such package/target".

import {
  buildFileNotFound,
  builtinRepoFor,
  noSuchTarget,
  packageNotLoaded,
  repositoryNotResolved,
  attrValue,
  Configurable,
  isLabel,
  labelToString,
  Loader,
  Workspace,
  type AttrValue,
  type Label,
  type Package,
  type RuleTarget,
  type Target,
} from '../loading/index.ts';

export type Lookup = { readonly target: Target } | { readonly error: string };

/** Labels read from a built-in repository name it as '' ; this puts the repository back. */
function rebaseLabel(l: Label, repo: string): Label {
  return l.repo === '' && l.pkg !== 'conditions' && l.pkg !== 'visibility' ? { ...l, repo } : l;
}

function rebaseValue(v: unknown, repo: string): unknown {
  if (isLabel(v)) return rebaseLabel(v, repo);
  if (Array.isArray(v)) return v.map((x) => rebaseValue(x, repo));
  if (v instanceof Configurable) {
    return new Configurable(
      v.parts.map((p) =>
        p.kind === 'value'
          ? { kind: 'value' as const, value: rebaseValue(p.value, repo) as never }
          : { ...p, branches: p.branches.map((b) => ({ ...b, key: rebaseLabel(b.key, repo), value: rebaseValue(b.value, repo) as never })) },
      ),
    );
  }
  return v;
}

/** A file of a repository's own tree, as Bazel places it: `external/<repo>/<path>` (under the output base). */
function rebaseFile<T extends { readonly file: string }>(x: T, repo: string): T {
  return x.file === '' || x.file.startsWith('/') || x.file.startsWith('external/') ? x : { ...x, file: `external/${repo}/${x.file}` };
}

function rebaseTarget(t: Target, repo: string): Target {
  const location = rebaseFile(t.location, repo);
  switch (t.kind) {
    case 'rule': {
      const attrs = new Map<string, AttrValue>();
      for (const [k, v] of t.attrs) attrs.set(k, rebaseValue(v, repo) as AttrValue);
      const callStack = t.callStack.map((f) => rebaseFile(f, repo));
      const r: RuleTarget = { ...t, label: rebaseLabel(t.label, repo), attrs, outputs: t.outputs.map((o) => rebaseLabel(o, repo)), location, callStack };
      return r;
    }
    case 'generated file':
      return { ...t, label: rebaseLabel(t.label, repo), rule: rebaseLabel(t.rule, repo), location };
    case 'package group':
      return { ...t, label: rebaseLabel(t.label, repo), includes: t.includes.map((l) => rebaseLabel(l, repo)), location };
    case 'source file':
      return { ...t, label: rebaseLabel(t.label, repo), location };
  }
}

/** Looks targets up across the main repository and the built-in ones; results are cached per label. */
export class TargetLookup {
  private readonly repoLoaders = new Map<string, Loader | null>();
  private readonly cache = new Map<string, Lookup>();
  private readonly byObject = new WeakMap<Label, Lookup>();

  constructor(readonly loader: Loader) {}

  /** The loader of a repository: the main one for '', a built-in one's, null for a repository rulepen lacks. */
  loaderOf(repo: string): Loader | null {
    return repo === '' ? this.loader : this.repoLoader(repo);
  }

  private repoLoader(repo: string): Loader | null {
    let l = this.repoLoaders.get(repo);
    if (l === undefined) {
      const files = builtinRepoFor(repo, this.loader.profile.name);
      if (!files) l = null;
      else {
        const version = this.loader.workspace.read('.bazelversion');
        const ws = new Workspace({ ...files, ...(version !== undefined ? { '.bazelversion': version } : {}) });
        l = new Loader(ws, { workspaceDir: `/external/${repo}`, repo });
      }
      this.repoLoaders.set(repo, l);
    }
    return l;
  }

  get(label: Label): Lookup {
    // Label objects from attribute values are shared, so identity is a cheap first cache.
    let r = this.byObject.get(label);
    if (r) return r;
    const key = labelToString(label);
    r = this.cache.get(key);
    if (!r) {
      r = this.find(label);
      this.cache.set(key, r);
    }
    this.byObject.set(label, r);
    return r;
  }

  /** The target, or undefined when the label names none (the error is then available from get()). */
  target(label: Label): Target | undefined {
    const r = this.get(label);
    return 'target' in r ? r.target : undefined;
  }

  /** The loaded package a label is in, in any repository. */
  packageOf(label: Label): Package | undefined {
    const loader = label.repo === '' ? this.loader : this.repoLoader(label.repo);
    return loader?.getPackage(label.pkg);
  }

  /** The default_visibility of the package a label is in ([] when it sets none: private). */
  defaultVisibility(label: Label): readonly Label[] {
    const loader = label.repo === '' ? this.loader : this.repoLoader(label.repo);
    return loader?.getPackage(label.pkg)?.args.defaultVisibility ?? [];
  }

  private find(label: Label): Lookup {
    const loader = label.repo === '' ? this.loader : this.repoLoader(label.repo);
    if (!loader) return { error: repositoryNotResolved(label.repo, label.pkg) };
    const pkg = loader.getPackage(label.pkg);
    const pkgId = label.repo ? `@${label.repo}//${label.pkg}` : label.pkg;
    if (!pkg) return { error: buildFileNotFound(pkgId, loader.abs(label.pkg)) };
    if (pkg.loadError !== undefined) return { error: packageNotLoaded(pkgId, pkg.loadError) };
    const t = pkg.targets.get(label.name);
    if (!t) {
      const path = label.pkg ? `${label.pkg}/${label.name}` : label.name;
      return { error: noSuchTarget(label, loader.abs(pkg.buildFile), { sourceFileExists: loader.workspace.hasFile(path), buildFile: pkg.buildFile }) };
    }
    return { target: label.repo ? rebaseTarget(t, label.repo) : t };
  }
}

/** A rule's label-list attribute as the configuration layer reads it (not configurable there): [] when unset. */
export function labelListAttr(rule: RuleTarget, attr: string): readonly Label[] {
  const v = attrValue(rule, attr);
  return Array.isArray(v) ? (v as readonly Label[]) : [];
}

/** A rule's single-label attribute; undefined when unset or a select(). */
export function labelAttr(rule: RuleTarget, attr: string): Label | undefined {
  const v = attrValue(rule, attr);
  return v && !(v instanceof Configurable) && !Array.isArray(v) && typeof v === 'object' ? (v as Label) : undefined;
}

/** What a target stands for through aliases (their `actual`, chains included); undefined when a link names nothing or is a select(). */
export function throughAliases(lookup: TargetLookup, target: Target | undefined): Target | undefined {
  let t = target;
  for (let i = 0; t && t.kind === 'rule' && t.ruleClass === 'alias' && i < 20; i++) {
    const actual = labelAttr(t, 'actual');
    t = actual ? lookup.target(actual) : undefined;
  }
  return t;
}
