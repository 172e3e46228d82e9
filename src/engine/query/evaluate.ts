// Query evaluation over the unconfigured graph: target patterns, `let`, `set()` and the set operators. The query
// functions (deps, rdeps, kind, …) come with issue 3; until then a call fails with a clear message.
//
// Targets are resolved through the Loader, so only the packages a query names are loaded (as in Bazel, an error
// in an unrelated package does not fail the query). A package in error taints the result: the command fails
// with "Evaluation of query … failed due to BUILD file errors" unless --keep_going.

import {
  labelToString,
  parseTargetPattern,
  TargetParsingError,
  type Label,
  type Loader,
  type Package,
  type Target,
  type TargetPattern,
} from '../build/index.ts';
import { exprToString, type QueryExpr } from './syntax/index.ts';

/** An error that ends query evaluation (exit code 7), with Bazel's message. */
export class QueryEvalError extends Error {
  override readonly name = 'QueryEvalError';
}

/** An ordered set of targets keyed by label string. */
export type TargetSet = Map<string, Target>;

export function setOf(targets: Iterable<Target>): TargetSet {
  const m: TargetSet = new Map();
  for (const t of targets) m.set(labelToString(t.label), t);
  return m;
}

export class QueryEnvironment {
  /** Packages in error that the query touched (their errors were already reported by the loader). */
  readonly packagesInError = new Set<Package>();

  constructor(
    readonly loader: Loader,
    readonly opts: { readonly keepGoing: boolean },
  ) {}

  private get workspace() {
    return this.loader.workspace;
  }

  /** Bazel's "no such package" message for a directory without a BUILD file. */
  private noSuchPackage(pkg: string): QueryEvalError {
    return new QueryEvalError(
      `no such package '${pkg}': BUILD file not found in any of the following directories. Add a BUILD file to a directory to mark it as a package.\n - ${this.loader.abs(pkg)}`,
    );
  }

  /** The package, loaded; throws when it does not exist or could not be loaded at all. */
  package(name: string): Package {
    const pkg = this.loader.getPackage(name);
    if (!pkg) throw this.noSuchPackage(name);
    if (pkg.loadError !== undefined) throw new QueryEvalError('', { cause: 'reported' });
    if (pkg.inError) this.packagesInError.add(pkg);
    return pkg;
  }

  /** The target a label names, or Bazel's "no such target". */
  target(label: Label): Target {
    const pkg = this.package(label.pkg);
    const t = pkg.targets.get(label.name);
    if (t) return t;
    const path = label.pkg ? `${label.pkg}/${label.name}` : label.name;
    const buildFile = this.loader.abs(pkg.buildFile);
    if (this.workspace.hasFile(path)) {
      throw new QueryEvalError(
        `no such target '${labelToString(label)}': target '${label.name}' not declared in package '${label.pkg}'; however, a source file of this name exists.  (Perhaps add 'exports_files(["${label.name}"])' to ${pkg.buildFile}?) defined by ${buildFile}`,
      );
    }
    throw new QueryEvalError(`no such target '${labelToString(label)}': target '${label.name}' not declared in package '${label.pkg}' defined by ${buildFile}`);
  }

  /** The targets a pattern word names, in package order then target-name order. */
  resolvePattern(word: string): Target[] {
    let p: TargetPattern;
    try {
      p = parseTargetPattern(word, { dialect: this.loader.profile.labels });
    } catch (e) {
      if (e instanceof TargetParsingError) throw new QueryEvalError(e.message);
      throw e;
    }
    switch (p.kind) {
      case 'single':
        if (p.label.repo !== '') throw new QueryEvalError(`no such package '@${p.label.repo}//${p.label.pkg}': The repository '@${p.label.repo}' could not be resolved`);
        return [this.target(p.label)];
      case 'package': {
        if (p.repo !== '') throw new QueryEvalError(`no such package '@${p.repo}//${p.pkg}': The repository '@${p.repo}' could not be resolved`);
        const pkg = this.package(p.pkg);
        return pkg.sortedTargets().filter((t) => !p.rulesOnly || t.kind === 'rule');
      }
      case 'below': {
        if (p.repo !== '') throw new QueryEvalError(`no such package '@${p.repo}//${p.dir}': The repository '@${p.repo}' could not be resolved`);
        const out: Target[] = [];
        let failed = false;
        for (const name of this.workspace.packagesBelow(p.dir)) {
          const pkg = this.loader.getPackage(name)!;
          if (pkg.loadError !== undefined) {
            failed = true;
            continue;
          }
          if (pkg.inError) this.packagesInError.add(pkg);
          for (const t of pkg.sortedTargets()) if (!p.rulesOnly || t.kind === 'rule') out.push(t);
        }
        if (failed && !this.opts.keepGoing) throw new QueryEvalError('', { cause: 'reported' });
        if (out.length === 0 && this.workspace.packagesBelow(p.dir).length === 0) {
          throw new QueryEvalError(`no targets found beneath '${p.dir}'`);
        }
        return out;
      }
      case 'path': {
        const path = p.path;
        if (this.workspace.isPackage(path)) return [this.target({ repo: '', pkg: path, name: path.slice(path.lastIndexOf('/') + 1) })];
        const pkg = this.workspace.packageOf(path);
        if (pkg === undefined) throw this.noSuchPackage(path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
        return [this.target({ repo: '', pkg, name: path.slice(pkg ? pkg.length + 1 : 0) })];
      }
    }
  }

  /** Evaluates an expression: patterns, variables, let, set() and the set operators. */
  eval(e: QueryExpr, vars: ReadonlyMap<string, TargetSet> = new Map()): TargetSet {
    switch (e.kind) {
      case 'pattern':
        return setOf(this.resolvePattern(e.word));
      case 'var': {
        const v = vars.get(e.name);
        if (!v) throw new QueryEvalError(`undefined variable '${e.name}'`);
        return v;
      }
      case 'let': {
        const value = this.eval(e.value, vars);
        const inner = new Map(vars);
        inner.set(e.name, value);
        return this.eval(e.body, inner);
      }
      case 'set': {
        const out: TargetSet = new Map();
        for (const w of e.words) for (const [k, t] of this.eval(w, vars)) out.set(k, t);
        return out;
      }
      case 'binary': {
        let acc = new Map(this.eval(e.operands[0]!, vars));
        for (const o of e.operands.slice(1)) {
          const rhs = this.eval(o, vars);
          if (e.op === 'union') for (const [k, t] of rhs) acc.set(k, t);
          else if (e.op === 'intersect') acc = new Map([...acc].filter(([k]) => rhs.has(k)));
          else for (const k of rhs.keys()) acc.delete(k);
        }
        return acc;
      }
      case 'call':
        throw new QueryEvalError(`query function '${e.name}' is not supported yet (in '${exprToString(e)}')`);
    }
  }
}
