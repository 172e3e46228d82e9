// The unconfigured target graph over the Loader: `query`'s QueryGraph<Target> (and, cut to a scope, genquery's).
//
// Targets are resolved through the Loader, so only the packages a query reaches are loaded (as in Bazel, an
// error in an unrelated package does not fail the query). A package in error taints the result: the command
// fails with "Evaluation of query … failed due to BUILD file errors" unless --keep_going. Labels in
// `@bazel_tools` that rules depend on implicitly are source files of a built-in repository, as Bazel shows them.

import type { Profile } from '../base/index.ts';
import {
  attrValue,
  buildFileNotFound,
  builtinPackageOf,
  compareLabels,
  Configurable,
  defaultAttrValue,
  isLabelType,
  labelsIn,
  labelToString,
  noSuchTarget,
  inTargetNoSuchLabel,
  targetInPackageInError,
  packageContainsErrors,
  parseCanonicalLabel,
  parseTargetPattern,
  wildcardConflict,
  missingEdge,
  referencedBy,
  repositoryNotResolved,
  TargetParsingError,
  type BuildEvent,
  type Label,
  type Loader,
  type Package,
  type RuleTarget,
  type Target,
  type TargetPattern,
} from '../loading/index.ts';
import { TargetLookup } from '../config/index.ts';
import { PackageInErrorError, QueryEvalError, type PackageAccess, type QueryEdge, type QueryGraph } from './environment.ts';
import { bazelAttributeOrder, forEachDirectEdge, implicitDefaults, type EdgeOptions } from './graph.ts';

export interface TargetGraphOptions extends EdgeOptions {
  readonly keepGoing: boolean;
  /** The working directory for relative patterns ('' = workspace root). */
  readonly relativeDirectory?: string;
}

export class TargetGraph implements QueryGraph<Target> {
  readonly command: 'query' | 'genquery' = 'query';
  readonly profile: Profile;
  readonly events: BuildEvent[] = [];
  /** Packages in error that the query touched (their errors were already reported by the loader). */
  readonly packagesInError = new Set<Package>();
  /** Errors skipped under --keep_going (the command then exits 3). */
  readonly skippedErrors: string[] = [];
  /** A dependency could not be resolved while a closure was computed. */
  closureError = false;
  /**
   * A dependency in the closure does not exist (no such target or package). Without --keep_going Bazel's
   * traversal stops there, and the package-in-error messages (`inErrorEvents`) are never printed.
   */
  missingDependency = false;
  /** The package-in-error messages of the closure, once printed (see missingDependency). */
  readonly inErrorMessages = new Set<BuildEvent>();
  readonly packages: PackageAccess<Target>;
  private readonly edgeCache = new Map<Target, QueryEdge<Target>[]>();
  /** Targets of the built-in repositories (@bazel_tools' tool packages, @platforms…), loaded on first use. */
  private lookup: TargetLookup | undefined;
  private readonly files = new Map<string, Target>();
  private printed = 0;

  constructor(
    readonly loader: Loader,
    readonly opts: TargetGraphOptions,
  ) {
    this.profile = loader.profile;
    const self = this;
    this.packages = {
      packageOf: (t) => self.package(t.label.pkg),
      anyPackageOf: (t) => (t.label.repo === '' ? self.package(t.label.pkg) : (self.lookup ??= new TargetLookup(self.loader)).packageOf(t.label)),
      targetsOf: (pkg) => pkg.sortedTargets(),
      node: (label) => self.tryTarget(label),
      fileNode: (path) => self.fileTarget(path),
      loadNode: (path, loadedFrom) => {
        const t = self.fileTarget(path);
        return t && { kind: 'source file', label: t.label, location: { file: loadedFrom, line: 1, column: 1 }, fakeLoad: true };
      },
      knowsPackage: (label) => self.knowsPackage(label),
      buildFileOf: (pkg) => self.loader.workspace.buildFileOf(pkg),
    };
  }

  /** Whether the BUILD file of a label's package can be named (every one here; genquery narrows it). */
  protected knowsPackage(_label: Label): boolean {
    return true;
  }

  /** Moves the loader's new console lines into `events`. */
  syncEvents(): void {
    const ev = this.loader.events;
    for (; this.printed < ev.length; this.printed++) this.events.push(ev[this.printed]!);
  }

  /** Each node's key, made once: closures and sets look keys up for every edge. */
  private readonly keys = new Map<Target, string>();

  key(t: Target): string {
    let k = this.keys.get(t);
    if (k === undefined) {
      k = labelToString(t.label);
      this.keys.set(t, k);
    }
    return k;
  }

  target(t: Target): Target {
    return t;
  }

  compare(a: Target, b: Target): number {
    return compareLabels(a.label, b.label);
  }

  report(message: string, keepGoingMessage = message): void {
    this.syncEvents();
    if (!this.opts.keepGoing) throw new QueryEvalError(message);
    this.skippedErrors.push(message);
    if (keepGoingMessage) this.events.push({ severity: 'error', text: keepGoingMessage });
  }

  private get workspace() {
    return this.loader.workspace;
  }

  /** Bazel's "no such package" message for a directory without a BUILD file. */
  noSuchPackage(pkg: string): QueryEvalError {
    return new QueryEvalError(buildFileNotFound(pkg, this.loader.abs(pkg)));
  }

  /** The package, loaded; throws when it does not exist or could not be loaded at all. */
  package(name: string): Package {
    const pkg = this.loader.getPackage(name);
    this.syncEvents();
    if (!pkg) throw this.noSuchPackage(name);
    if (pkg.loadError !== undefined) throw new QueryEvalError('');
    if (pkg.inError) this.packagesInError.add(pkg);
    return pkg;
  }

  /** The target a label names, or Bazel's "no such target" / "no such package" (thrown). */
  target_(label: Label): Target {
    if (label.repo !== '') {
      const r = (this.lookup ??= new TargetLookup(this.loader)).get(label);
      if ('target' in r) return r.target;
      throw new QueryEvalError(r.error);
    }
    const pkg = this.package(label.pkg);
    const t = pkg.targets.get(label.name);
    if (t) return t;
    const path = label.pkg ? `${label.pkg}/${label.name}` : label.name;
    throw new QueryEvalError(noSuchTarget(label, this.loader.abs(pkg.buildFile), { sourceFileExists: this.workspace.hasFile(path), buildFile: pkg.buildFile }));
  }

  lookupError(label: Label): string | undefined {
    try {
      this.target_(label);
      return undefined;
    } catch (e) {
      if (!(e instanceof QueryEvalError)) throw e;
      return e.message;
    }
  }

  private tryTarget(label: Label): Target | undefined {
    try {
      return this.target_(label);
    } catch (e) {
      if (!(e instanceof QueryEvalError)) throw e;
      this.report(e.message);
      return undefined;
    }
  }

  /** A workspace file as a target: a BUILD file or a .bzl file of some package (buildfiles(), loadfiles()). */
  private fileTarget(path: string): Target | undefined {
    if (path.startsWith('external/')) return this.builtinFileTarget(path);
    const pkgName = this.workspace.packageOf(path);
    if (pkgName === undefined) return undefined;
    const name = path.slice(pkgName ? pkgName.length + 1 : 0);
    const pkg = this.loader.getPackage(pkgName);
    const existing = pkg?.targets.get(name);
    if (existing) return existing;
    let t = this.files.get(path);
    if (!t) {
      t = { kind: 'source file', label: { repo: '', pkg: pkgName, name }, location: { file: path, line: 1, column: 1 } };
      this.files.set(path, t);
    }
    return t;
  }

  /** A file of a built-in repository (`external/<repo>/<path>`, a .bzl file a package loads) as a source file. */
  private builtinFileTarget(path: string): Target | undefined {
    const [, repo = '', ...rest] = path.split('/');
    const rel = rest.join('/');
    const dir = builtinPackageOf(repo, rel);
    if (dir === undefined) return undefined;
    const label = { repo, pkg: dir, name: dir ? rel.slice(dir.length + 1) : rel };
    // A package's BUILD file is the target its package declares (visibility, whether the package has errors).
    if (/^BUILD(\.bazel)?$/.test(label.name)) {
      const own = (this.lookup ??= new TargetLookup(this.loader)).target(label);
      if (own) return own;
    }
    let t = this.files.get(path);
    if (!t) {
      t = { kind: 'source file', label, location: { file: path, line: 1, column: 1 } };
      this.files.set(path, t);
    }
    return t;
  }

  /**
   * Loads the package a single-package pattern (`//a:x`, `//a:all`) names before the query is evaluated, as
   * Bazel's query resolves every pattern of the expression at once (TargetPatternPreloader): a package's loading
   * errors are printed even when another pattern fails first.
   */
  preloadPattern(word: string): void {
    const p = this.simplePattern(word);
    const pkg = p?.kind === 'single' ? p.label.pkg : p?.kind === 'package' ? p.pkg : undefined;
    if (pkg === undefined || !this.workspace.isPackage(pkg)) return;
    this.loader.getPackage(pkg);
    this.syncEvents();
  }

  /**
   * Why a single-package pattern names nothing (no such target or package), once preloaded: without
   * --keep_going Bazel's query fails with it before evaluating anything.
   */
  preloadError(word: string): string | undefined {
    const p = this.simplePattern(word);
    if (!p) return undefined;
    try {
      if (p.kind === 'single') this.target_(p.label);
      else if (p.kind === 'package') this.package(p.pkg);
      return undefined;
    } catch (e) {
      if (!(e instanceof QueryEvalError) || !e.message) return undefined;
      return e.message;
    }
  }

  private simplePattern(word: string): TargetPattern | undefined {
    try {
      const p = parseTargetPattern(word, { dialect: this.profile.labels, relativeDirectory: this.opts.relativeDirectory });
      if (p.kind === 'single' && p.label.repo === '') return p;
      if (p.kind === 'package' && p.repo === '') return p;
      return undefined;
    } catch (e) {
      if (e instanceof TargetParsingError) return undefined;
      throw e;
    }
  }

  /** The targets a pattern word names, in package order then target-name order. */
  resolvePattern(word: string): Target[] {
    let p: TargetPattern;
    try {
      p = parseTargetPattern(word, { dialect: this.profile.labels, relativeDirectory: this.opts.relativeDirectory });
    } catch (e) {
      if (e instanceof TargetParsingError) throw new QueryEvalError(e.message);
      throw e;
    }
    try {
      return this.resolveParsed(p);
    } catch (e) {
      // Under --keep_going the pattern of a package that could not be loaded is skipped, naming the package's
      // failure ("Skipping '//p:t': error loading package 'p': …") instead of printing it alone (checked with 4.2.3).
      const pkg = p.kind === 'single' ? p.label.pkg : p.kind === 'package' && p.repo === '' ? p.pkg : undefined;
      const loadError = pkg !== undefined && !(p.kind === 'single' && p.label.repo !== '') ? this.loader.getPackage(pkg)?.loadError : undefined;
      if (!(e instanceof QueryEvalError) || e.message || loadError === undefined || !this.opts.keepGoing) throw e;
      const message = `error loading package '${pkg}': ${loadError}`;
      const i = this.events.findIndex((ev) => ev.severity === 'error' && ev.text === message);
      if (i >= 0) this.events.splice(i, 1);
      throw new QueryEvalError(message);
    }
  }

  resolveParsed(p: TargetPattern): Target[] {
    switch (p.kind) {
      case 'single':
        return [this.target_(p.label)];
      case 'package': {
        if (p.repo !== '') throw new QueryEvalError(repositoryNotResolved(p.repo, p.pkg));
        const pkg = this.package(p.pkg);
        const conflict = wildcardConflict(p, pkg.targets);
        if (conflict) {
          this.syncEvents();
          this.events.push({ severity: 'warning', text: conflict.warning });
          return [pkg.targets.get(conflict.name)!];
        }
        return pkg.sortedTargets().filter((t) => !p.rulesOnly || t.kind === 'rule');
      }
      case 'below': {
        if (p.repo !== '') throw new QueryEvalError(repositoryNotResolved(p.repo, p.dir));
        const out: Target[] = [];
        let failed = false;
        const inError: string[] = [];
        for (const name of this.workspace.packagesBelow(p.dir)) {
          const pkg = this.loader.getPackage(name)!;
          this.syncEvents();
          if (pkg.loadError !== undefined) {
            failed = true;
            continue;
          }
          if (pkg.inError) {
            // Bazel's recursive pattern names each package in error below it; without --keep_going the
            // pattern then fails on the first (checked with 4.2.3: query, cquery and build alike).
            this.packagesInError.add(pkg);
            inError.push(name);
            this.events.push({ severity: 'error', text: packageContainsErrors(name) });
          }
          for (const t of pkg.sortedTargets()) if (!p.rulesOnly || t.kind === 'rule') out.push(t);
        }
        if (failed && !this.opts.keepGoing) throw new QueryEvalError('');
        if (inError.length > 0 && !this.opts.keepGoing) throw new PackageInErrorError(inError[0]!);
        if (out.length === 0 && this.workspace.packagesBelow(p.dir).length === 0) {
          throw new QueryEvalError(`no targets found beneath '${p.dir}'`);
        }
        return out;
      }
      case 'path': {
        const path = p.path;
        if (this.workspace.isPackage(path)) return [this.target_({ repo: '', pkg: path, name: path.slice(path.lastIndexOf('/') + 1) })];
        const pkg = this.workspace.packageOf(path);
        if (pkg === undefined) throw this.noSuchPackage(path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
        return [this.target_({ repo: '', pkg, name: path.slice(pkg ? pkg.length + 1 : 0) })];
      }
    }
  }

  /** Nodes that could not be fully expanded: a dependency is missing, or the node's package is in error. */
  private readonly failedNodes = new Set<Target>();

  closureFailed(t: Target): boolean {
    return this.failedNodes.has(t);
  }

  /** Per node, its edges' "contains an error and its package is in error" events, until an unbounded traversal prints them. */
  private readonly inErrorEvents = new Map<Target, BuildEvent[]>();

  deps(t: Target, bounded = false): readonly QueryEdge<Target>[] {
    const edges = this.expand(t);
    const pending = this.inErrorEvents.get(t);
    if (pending && !bounded) {
      this.events.push(...pending);
      for (const e of pending) this.inErrorMessages.add(e);
      this.inErrorEvents.delete(t);
    }
    return edges;
  }

  private expand(t: Target): readonly QueryEdge<Target>[] {
    const cached = this.edgeCache.get(t);
    if (cached) return cached;
    if (t.label.repo === '' && this.loader.getPackage(t.label.pkg)?.inError) this.failedNodes.add(t);
    const out: QueryEdge<Target>[] = [];
    forEachDirectEdge(t, this.opts, (label, attr, select, implicit, tool) => {
      let to: Target;
      try {
        to = this.target_(label);
      } catch (err) {
        if (!(err instanceof QueryEvalError)) throw err;
        this.closureError = true;
        this.missingDependency = true;
        this.failedNodes.add(t);
        this.syncEvents();
        if (err.message) this.events.push({ severity: 'error', text: `${this.ruleLocation(t)}${t.kind === 'rule' ? missingEdge(err.message, t, label, written(t, attr)) : referencedBy(err.message, t.label)}` });
        return;
      }
      // A target of a package in error is kept (its deps are followed), but the closure is in error.
      if (to.label.repo === '' && this.loader.getPackage(to.label.pkg)?.inError) {
        this.closureError = true;
        this.failedNodes.add(t);
        this.syncEvents();
        const inError = targetInPackageInError(to.label);
        // An output file names its generating rule as Bazel's analysis of it does.
        const text = t.kind === 'generated file' ? inTargetNoSuchLabel(t.label, to.label, inError) : `${this.ruleLocation(t)}${t.kind === 'rule' ? missingEdge(inError, t, to.label, written(t, attr)) : referencedBy(inError, t.label)}`;
        const pending = this.inErrorEvents.get(t) ?? [];
        pending.push({ severity: 'error', text });
        this.inErrorEvents.set(t, pending);
      }
      out.push({ to, attr, select, implicit, tool });
    });
    this.edgeCache.set(t, out);
    return out;
  }

  /** `<BUILD file>:<line>:<col>: ` of a rule (an event's location prefix), or nothing for a file. */
  private ruleLocation(t: Target): string {
    return t.kind === 'rule' ? `${this.loader.abs(t.location.file)}:${t.location.line}:${t.location.column}: ` : '';
  }

  labelsOf(t: Target, attr: string, missing?: (message: string) => void): Target[] | undefined {
    if (t.kind !== 'rule') return [];
    if (attr === '$implicit_tests' && t.ruleClass === 'test_suite') return (t.implicitTests ?? []).flatMap((l) => this.tryTarget(l) ?? []);
    // A Starlark rule's private attribute `_x` is `$x` inside Bazel (the name query knows it by).
    const starlark = t.schema.definedAt !== undefined;
    const name = starlark && attr.startsWith('$') ? '_' + attr.slice(1) : attr;
    const spec = starlark && attr.startsWith('_') ? undefined : bazelAttributeOrder(t.schema, true).find((a) => a.name === name);
    if (!spec) return undefined;
    if (!isLabelType(spec.type) && spec.type !== 'output' && spec.type !== 'output_list') return [];
    let labels: Label[];
    if (spec.implicit) labels = implicitDefaults(spec, t).map(parseCanonicalLabel);
    else {
      const v = attrValue(t, name);
      if (v === undefined || v === null) return [];
      labels = v instanceof Configurable ? labelsIn(spec.type, v, false, defaultAttrValue(t, name)) : labelsIn(spec.type, v);
    }
    const out: Target[] = [];
    for (const l of labels) {
      if (!missing) {
        const n = this.tryTarget(l);
        if (n) out.push(n);
        continue;
      }
      try {
        out.push(this.target_(l));
      } catch (e) {
        if (!(e instanceof QueryEvalError)) throw e;
        missing(e.message);
      }
    }
    return out;
  }
}

/** The unconfigured graph with default edge options (the loading phase of build/cquery resolves patterns with it). */
export class QueryEnvironment extends TargetGraph {
  constructor(loader: Loader, opts: { readonly keepGoing: boolean }) {
    super(loader, { keepGoing: opts.keepGoing, implicitDeps: true });
  }
}

/** Whether the rule names a dependency in an attribute it sets (a select() key is written too), not by a default. */
function written(t: RuleTarget, attr: string): boolean {
  return attr === '$config_dependencies' || attr === '$implicit_tests' || t.attrs.has(attr);
}
