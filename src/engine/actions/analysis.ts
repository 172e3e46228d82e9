// Analysis: targets in a configuration become AnalyzedTargets carrying their providers, and rules register
// the actions that will build their outputs.
//
// The walk is depth-first and memoised by `label (config)`: a rule's prerequisites are analysed before it,
// every dependency edge is checked as Bazel's RuleContext does (visibility of the target as written — an
// alias's own visibility, not its actual's; testonly of what it finally stands for; a package_group anywhere
// but in `visibility` is "misplaced"), and an error is printed as Bazel prints it,
// `<BUILD file>:<line>:<col>: in <rule class> rule <label>: <message>`, failing that target and everything
// that depends on it. Tools (genrule `tools`/`exec_tools`) are analysed in the tool configuration (host under
// the 4.2.3 profile, exec otherwise), everything else in the configuration of the rule that needs it.
//
// What each native rule provides follows Bazel: alias forwards its actual's providers; filegroup's files are
// its srcs' files (or their `output_group`), its runfiles add data; genrule's files are its outs; sh_binary /
// sh_test make an executable copy of their one script and carry runfiles (and, for tests, TestInfo);
// test_suite expands to its tests (test-suite.ts). Genquery and starlark_doc_extract register actions through
// the hooks the commands layer passes (their engines live in the query and docs layers).

import type { Profile } from '../base/index.ts';
import {
  attrValue,
  Configurable,
  labelToString,
  RULES,
  type BuildEvent,
  type Label,
  type Loader,
  type Location,
  type PlainAttrValue,
  type RuleTarget,
  type Target,
} from '../loading/index.ts';
import { defaultTimeout, type Action, type AnalyzedTarget, type Artifact, type TestInfo } from './artifacts.ts';
import { binDir, type BuildConfiguration } from './configuration.ts';
import { docExtractHook } from './doc-extract.ts';
import { genqueryHook } from './genquery.ts';
import { analyzeStarlarkRule } from './starlark-rule.ts';
import { analyzeGenrule, type GenruleExplanation } from './genrule.ts';
import { expandLocations, expandMakeVariables, ExpansionError } from './expansion.ts';
import { expandTestSuite, type SuiteExplanation } from './test-suite.ts';

/** Resolves one attribute of a rule in a configuration (config/CONTRACT.md resolveAttribute). */
export type AttributeResolver = (
  rule: RuleTarget,
  attr: string,
  config: BuildConfiguration,
) => { value: PlainAttrValue; explanation?: unknown } | { error: string };

/** Rules whose execution lives in another layer: given the rule and its analysed deps, they add actions. */
export interface RuleHook {
  (rule: RuleTarget, config: BuildConfiguration, an: Analyzer): { files: Artifact[]; outputGroups?: Map<string, Artifact[]> } | { error: string };
}

export interface AnalysisContext {
  readonly loader: Loader;
  readonly profile: Profile;
  readonly workspaceDir: string;
  readonly target: BuildConfiguration;
  readonly tool: BuildConfiguration;
  /** select() resolution; the default resolves plain values only. */
  readonly resolve?: AttributeResolver;
  /** genquery, starlark_doc_extract. */
  readonly hooks?: Readonly<Record<string, RuleHook>>;
}

/** A plain-values-only resolver, for when the configuration layer is absent. */
export const plainResolver: AttributeResolver = (rule, attr) => {
  const v = attrValue(rule, attr);
  if (v instanceof Configurable) return { error: `rulepen cannot resolve select() in attribute '${attr}' yet` };
  return { value: v ?? null };
};

/** Rules whose outputs another layer computes: starlark_doc_extract (docs). */
const BUILTIN_HOOKS: Readonly<Record<string, RuleHook>> = {
  starlark_doc_extract: (rule, config, an) => docExtractHook(rule, config, an),
  genquery: (rule, config, an) => genqueryHook(rule, config, an),
};

const PUBLIC = '//visibility:public';
const PRIVATE = '//visibility:private';

export class Analyzer {
  readonly actions = new Map<string, Action>();
  readonly events: BuildEvent[] = [];
  readonly genrules = new Map<string, GenruleExplanation>();
  readonly suites = new Map<string, SuiteExplanation>();
  readonly genqueries = new Map<string, unknown>();
  /** Dependency edges met during analysis, between configured-target keys (for the result graph). */
  readonly edges: { from: string; to: string; attr: string; tool: boolean }[] = [];
  readonly selects = new Map<string, unknown[]>();
  /** Packages whose targets were configured, for "N packages loaded, M targets configured". */
  readonly packagesSeen = new Set<string>();
  private readonly done = new Map<string, AnalyzedTarget>();
  private readonly active = new Set<string>();
  /** Generated file artifacts by `label (config id)`. */
  private readonly generated = new Map<string, Artifact>();
  private readonly resolver: AttributeResolver;
  /** Attribute resolutions that failed so far (a rule compares it before and after reading its attributes). */
  attrFailures = 0;

  constructor(readonly ctx: AnalysisContext) {
    this.resolver = ctx.resolve ?? plainResolver;
  }

  get configuredCount(): number {
    return this.done.size;
  }

  /** Every analysed target (for the result graph). */
  analyzed(): AnalyzedTarget[] {
    return [...this.done.values()];
  }

  abs(loc: Location): string {
    return `${this.ctx.workspaceDir}/${loc.file}:${loc.line}:${loc.column}`;
  }

  /** Reports an error of a rule in Bazel's form. */
  ruleError(rule: RuleTarget, message: string): void {
    this.events.push({ severity: 'error', text: `${this.abs(rule.location)}: in ${rule.ruleClass} rule ${labelToString(rule.label)}: ${message}` });
  }

  /** Reports an attribute error: `… in <attr> attribute of <rule class> rule <label>: <message>`. */
  attrError(rule: RuleTarget, attr: string, message: string): void {
    this.events.push({ severity: 'error', text: `${this.abs(rule.location)}: in ${attr} attribute of ${rule.ruleClass} rule ${labelToString(rule.label)}: ${message}` });
  }

  error(text: string): void {
    this.events.push({ severity: 'error', text });
  }

  /** The target a label names, or undefined after reporting why not (`referencedBy` for the message). */
  lookup(label: Label, referencedBy?: RuleTarget): Target | undefined {
    const where = referencedBy ? `${this.abs(referencedBy.location)}: ` : '';
    const by = referencedBy ? ` and referenced by '${labelToString(referencedBy.label)}'` : '';
    if (label.repo !== '') {
      this.error(`${where}no such package '@${label.repo}//${label.pkg}': The repository '@${label.repo}' could not be resolved${by}`);
      return undefined;
    }
    const pkg = this.ctx.loader.getPackage(label.pkg);
    if (!pkg) {
      this.error(
        `${where}no such package '${label.pkg}': BUILD file not found in any of the following directories. Add a BUILD file to a directory to mark it as a package.\n - ${this.ctx.workspaceDir}/${label.pkg}${by}`,
      );
      return undefined;
    }
    const t = pkg.targets.get(label.name);
    if (!t) {
      this.error(
        `${where}no such target '${labelToString(label)}': target '${label.name}' not declared in package '${label.pkg}' defined by ${this.ctx.workspaceDir}/${pkg.buildFile}${by}`,
      );
      return undefined;
    }
    return t;
  }

  /** Resolves an attribute (select() included), reporting an error on failure. */
  attr(rule: RuleTarget, name: string, config: BuildConfiguration): PlainAttrValue | undefined {
    const raw = rule.attrs.get(name);
    if (raw instanceof Configurable) {
      // The config_settings a select() names are prerequisites: analysed first, their errors their own.
      for (const part of raw.parts) {
        if (part.kind !== 'selector') continue;
        for (const b of part.branches) {
          if (b.isDefault) continue;
          const t = this.ctx.loader.getPackage(b.key.pkg)?.targets.get(b.key.name);
          if (t?.kind !== 'rule' || t.ruleClass !== 'config_setting') continue;
          const a = this.analyzeTarget(t, config);
          if (!a || a.failed) {
            this.attrFailures++;
            return undefined;
          }
        }
      }
    }
    const r = this.resolver(rule, name, config);
    if ('error' in r) {
      this.attrFailures++;
      // Bazel prints a select() error located but without the rule prefix, and repeats it after "build aborted:".
      const text = `${this.abs(rule.location)}: ${r.error}`;
      this.error(text);
      this.noteCause(text);
      return undefined;
    }
    if (r.explanation !== undefined) {
      const key = `${labelToString(rule.label)} (${config.id})`;
      const list = this.selects.get(key) ?? [];
      list.push(r.explanation);
      this.selects.set(key, list);
    }
    return r.value;
  }

  attrString(rule: RuleTarget, name: string, config: BuildConfiguration): string {
    const v = this.attr(rule, name, config);
    return typeof v === 'string' ? v : '';
  }

  attrBool(rule: RuleTarget, name: string, config: BuildConfiguration): boolean {
    return this.attr(rule, name, config) === true;
  }

  attrStrings(rule: RuleTarget, name: string, config: BuildConfiguration): string[] {
    const v = this.attr(rule, name, config);
    return Array.isArray(v) ? (v as string[]).filter((x) => typeof x === 'string') : [];
  }

  attrDict(rule: RuleTarget, name: string, config: BuildConfiguration): [string, string][] {
    const v = this.attr(rule, name, config);
    return Array.isArray(v) ? (v as [string, string][]).filter((e) => Array.isArray(e)) : [];
  }

  /** The labels of a label or label-list attribute. */
  attrLabels(rule: RuleTarget, name: string, config: BuildConfiguration): Label[] {
    const v = this.attr(rule, name, config);
    if (v === null || v === undefined) return [];
    if (Array.isArray(v)) return (v as Label[]).filter((x) => typeof x === 'object' && x !== null && 'name' in x);
    if (typeof v === 'object' && 'name' in (v as object)) return [v as Label];
    return [];
  }

  /**
   * The analysed prerequisites of one attribute, each edge checked (visibility, testonly, package groups).
   * `ok` is false when any of them failed.
   */
  deps(rule: RuleTarget, name: string, config: BuildConfiguration, depConfig = config): { deps: AnalyzedTarget[]; ok: boolean } {
    const out: AnalyzedTarget[] = [];
    let ok = true;
    for (const l of this.attrLabels(rule, name, config)) {
      const t = this.lookup(l, rule);
      if (!t) {
        ok = false;
        continue;
      }
      if (t.kind === 'package group') {
        this.attrError(rule, name, `package group '${labelToString(l)}' is misplaced here (they are only allowed in the visibility attribute)`);
        ok = false;
        continue;
      }
      const d = this.analyzeTarget(t, t.kind === 'source file' ? null : depConfig);
      if (!d || d.failed) {
        ok = false;
        if (!d) continue;
      }
      if (!this.visible(t, rule.label.pkg)) {
        this.ruleError(
          rule,
          `target '${labelToString(l)}' is not visible from target '${labelToString(rule.label)}'. Check the visibility declaration of the former target if you think the dependency is legitimate`,
        );
        ok = false;
      }
      // An alias's own testonly is ignored: whoever depends on the alias is checked against the actual.
      if (d.testonly && rule.ruleClass !== 'alias' && !this.isTestonly(rule, config)) {
        this.ruleError(
          rule,
          `non-test target '${labelToString(rule.label)}' depends on testonly target '${labelToString(l)}' and doesn't have testonly attribute set`,
        );
        ok = false;
      }
      out.push(d);
      this.edges.push({ from: `${labelToString(rule.label)} (${config.id})`, to: d.key, attr: name, tool: depConfig !== config });
    }
    return { deps: out, ok };
  }

  /** A rule is testonly when it says so, when it is a test, or (test_suite) unless it says otherwise. */
  isTestonly(rule: RuleTarget, _config?: BuildConfiguration): boolean {
    if (rule.schema.test) return true;
    if (rule.attrs.has('testonly')) return rule.attrs.get('testonly') === true;
    return rule.ruleClass === 'test_suite';
  }

  /** Is `t` (as written in an attribute) visible from package `fromPkg`? */
  visible(t: Target, fromPkg: string): boolean {
    if (t.label.pkg === fromPkg && t.label.repo === '') return true;
    let vis: readonly Label[] | undefined;
    if (t.kind === 'source file') {
      // Bazel 4.2.3 exports a source file that no exports_files() names (legacy implicit export).
      if (!t.visibility) return true;
      vis = t.visibility;
    } else if (t.kind === 'generated file') {
      const pkg = this.ctx.loader.getPackage(t.rule.pkg);
      const r = pkg?.targets.get(t.rule.name);
      if (!r || r.kind !== 'rule') return true;
      return this.visible(r, fromPkg);
    } else if (t.kind === 'rule') {
      vis = this.ruleVisibility(t);
    } else return true;
    return this.matchesVisibility(vis, t.label.pkg, fromPkg, new Set());
  }

  private ruleVisibility(rule: RuleTarget): readonly Label[] {
    const v = rule.attrs.get('visibility');
    if (Array.isArray(v)) return v as Label[];
    const pkg = this.ctx.loader.getPackage(rule.label.pkg);
    return pkg?.args.defaultVisibility ?? [];
  }

  private matchesVisibility(vis: readonly Label[], ownPkg: string, fromPkg: string, seen: Set<string>): boolean {
    for (const l of vis) {
      const s = labelToString(l);
      if (s === PUBLIC) return true;
      if (s === PRIVATE) continue;
      if (l.name === '__pkg__' && l.pkg === fromPkg) return true;
      if (l.name === '__subpackages__' && (l.pkg === '' || fromPkg === l.pkg || fromPkg.startsWith(l.pkg + '/'))) return true;
      if (l.name === '__pkg__' || l.name === '__subpackages__') continue;
      if (seen.has(s)) continue;
      seen.add(s);
      const g = this.ctx.loader.getPackage(l.pkg)?.targets.get(l.name);
      if (g && g.kind === 'package group' && this.groupContains(g.packages, g.includes, fromPkg, seen)) return true;
    }
    void ownPkg;
    return false;
  }

  private groupContains(specs: readonly string[], includes: readonly Label[], pkg: string, seen: Set<string>): boolean {
    let included = false;
    for (const raw of specs) {
      const neg = raw.startsWith('-');
      const spec = neg ? raw.slice(1) : raw;
      let m = false;
      if (spec === 'public' || spec === '//...') m = true;
      else if (spec === 'private') m = false;
      else if (spec.endsWith('/...')) {
        const base = spec.slice(2, -4);
        m = pkg === base || pkg.startsWith(base + '/');
      } else m = spec.replace(/^\/\//, '') === pkg;
      if (m && neg) return false;
      if (m) included = true;
    }
    if (included) return true;
    for (const inc of includes) {
      const s = labelToString(inc);
      if (seen.has(s)) continue;
      seen.add(s);
      const g = this.ctx.loader.getPackage(inc.pkg)?.targets.get(inc.name);
      if (g && g.kind === 'package group' && this.groupContains(g.packages, g.includes, pkg, seen)) return true;
    }
    return false;
  }

  /** Analyses the target a label names in a configuration (null for source files). */
  analyze(label: Label, config: BuildConfiguration): AnalyzedTarget | undefined {
    const t = this.lookup(label);
    if (!t) return undefined;
    return this.analyzeTarget(t, t.kind === 'source file' ? null : config);
  }

  analyzeTarget(t: Target, config: BuildConfiguration | null): AnalyzedTarget | undefined {
    const key = `${labelToString(t.label)} (${config?.id ?? 'null'})`;
    const done = this.done.get(key);
    if (done) return this.noteFailure(done);
    if (this.active.has(key)) {
      this.error(`cycle in dependency graph:\n    ${labelToString(t.label)}`);
      return undefined;
    }
    this.active.add(key);
    this.packagesSeen.add(t.label.pkg);
    let result: AnalyzedTarget;
    this.causes.push(undefined);
    const failuresBefore = this.attrFailures;
    try {
      result = this.compute(t, config, key);
    } finally {
      this.active.delete(key);
    }
    const cause = this.causes.pop();
    // An attribute that could not be resolved (a select() without a match…) fails the target whatever its rule.
    if (this.attrFailures > failuresBefore && !result.failed) result = { ...result, failed: true };
    if (result.failed) result = { ...result, rootCause: cause ?? `Analysis of target '${labelToString(t.label)}' failed` };
    this.done.set(key, result);
    return this.noteFailure(result);
  }

  /** Per target being analysed (innermost last): the first cause of its failure seen, its own or a dependency's. */
  private readonly causes: (string | undefined)[] = [];

  private noteCause(text: string | undefined): void {
    const top = this.causes.length - 1;
    if (top >= 0 && text !== undefined) this.causes[top] ??= text;
  }

  /** Tells the target being analysed (if any) that this dependency failed, and why. */
  private noteFailure(a: AnalyzedTarget): AnalyzedTarget {
    if (a.failed) this.noteCause(a.rootCause);
    return a;
  }

  private base(t: Target, config: BuildConfiguration | null, key: string): AnalyzedTarget {
    return { key, label: t.label, target: t, config, files: [], runfiles: [], outputGroups: new Map(), testonly: false, failed: false };
  }

  private compute(t: Target, config: BuildConfiguration | null, key: string): AnalyzedTarget {
    const base = this.base(t, config, key);
    switch (t.kind) {
      case 'source file': {
        const path = t.label.pkg ? `${t.label.pkg}/${t.label.name}` : t.label.name;
        const a: Artifact = { execPath: path, shortPath: path, root: '', label: t.label };
        return { ...base, files: [a], runfiles: [a] };
      }
      case 'package group':
        return base;
      case 'generated file': {
        const rule = this.ctx.loader.getPackage(t.rule.pkg)?.targets.get(t.rule.name);
        if (!rule || rule.kind !== 'rule' || !config) return { ...base, failed: true };
        const r = this.analyzeTarget(rule, config);
        const a = this.generated.get(key);
        if (!r || r.failed || !a) return { ...base, failed: true, testonly: r?.testonly ?? false };
        return { ...base, files: [a], runfiles: [a], testonly: r.testonly };
      }
      case 'rule':
        return this.rule(t, config!, base);
    }
  }

  /** The artifact of an output file of `rule` in `config`, registered so that its file target finds it. */
  declareOutput(rule: RuleTarget, name: string, config: BuildConfiguration, actionKey: string): Artifact {
    const root = binDir(config);
    const shortPath = rule.label.pkg ? `${rule.label.pkg}/${name}` : name;
    const label: Label = { repo: rule.label.repo, pkg: rule.label.pkg, name };
    const a: Artifact = { execPath: `${root}/${shortPath}`, shortPath, root, label, generatedBy: actionKey };
    this.generated.set(`${labelToString(label)} (${config.id})`, a);
    return a;
  }

  addAction(a: Action): void {
    this.actions.set(a.key, a);
  }

  private rule(rule: RuleTarget, config: BuildConfiguration, base: AnalyzedTarget): AnalyzedTarget {
    const testonly = this.isTestonly(rule, config);
    const b = { ...base, testonly };
    if (rule.inError) return { ...b, failed: true };
    switch (rule.ruleClass) {
      case 'alias':
        return this.alias(rule, config, b);
      case 'filegroup':
        return this.filegroup(rule, config, b);
      case 'bzl_library': {
        // StarlarkLibraryInfo's files: its srcs, then its deps' (transitively), as DefaultInfo.
        const srcs = this.deps(rule, 'srcs', config);
        const deps = this.deps(rule, 'deps', config);
        if (!srcs.ok || !deps.ok) return { ...b, failed: true };
        return { ...b, files: uniq([...srcs.deps.flatMap((d) => d.files), ...deps.deps.flatMap((d) => d.files)]) };
      }
      case 'config_setting': {
        const some = ['values', 'define_values', 'flag_values', 'constraint_values'].some((n) => {
          const v = rule.attrs.get(n);
          return Array.isArray(v) && v.length > 0;
        });
        if (!some) {
          this.ruleError(rule, 'Either values, flag_values or constraint_values must be specified and non-empty');
          return { ...b, failed: true };
        }
        return b;
      }
      case 'genrule': {
        const r = analyzeGenrule(rule, config, this);
        if ('failed' in r) return { ...b, failed: true };
        return { ...b, files: r.files, runfiles: r.files, executable: r.executable };
      }
      case 'sh_binary':
      case 'sh_test':
      case 'sh_library':
        return this.sh(rule, config, b);
      case 'test_suite': {
        const r = expandTestSuite(rule, config, this);
        this.suites.set(labelToString(rule.label), r.explanation);
        const files = r.tests.flatMap((t) => t.files);
        return { ...b, failed: !r.ok, suiteTests: r.tests, files };
      }
      case 'genquery':
      case 'starlark_doc_extract': {
        const hook = this.ctx.hooks?.[rule.ruleClass] ?? BUILTIN_HOOKS[rule.ruleClass];
        if (!hook) {
          this.ruleError(rule, `rulepen does not support ${rule.ruleClass} targets yet (not supported yet)`);
          return { ...b, failed: true };
        }
        const r = hook(rule, config, this);
        if ('error' in r) {
          if (r.error) this.ruleError(rule, r.error);
          return { ...b, failed: true };
        }
        return { ...b, files: r.files, outputGroups: r.outputGroups ?? new Map() };
      }
      default: {
        if (RULES.get(rule.ruleClass) !== rule.schema) {
          const r = analyzeStarlarkRule(rule, config, this);
          if ('error' in r) {
            if (r.error) this.ruleError(rule, r.error);
            return { ...b, failed: true };
          }
          return { ...b, files: r.files, runfiles: uniq([...r.files, ...r.runfiles]), executable: r.executable, outputGroups: r.outputGroups, makeVariables: r.makeVariables };
        }
        // config_setting, platform, constraint_* and the like: no files.
        return b;
      }
    }
  }

  private alias(rule: RuleTarget, config: BuildConfiguration, b: AnalyzedTarget): AnalyzedTarget {
    const { deps, ok } = this.deps(rule, 'actual', config);
    const actual = deps[0];
    if (!ok || !actual) return { ...b, failed: true };
    // Everything but the alias's own label and visibility comes from the actual (testonly included).
    return { ...actual, key: b.key, label: b.label, target: b.target, config: b.config, actual: actual.actual ?? actual };
  }

  private filegroup(rule: RuleTarget, config: BuildConfiguration, b: AnalyzedTarget): AnalyzedTarget {
    const srcs = this.deps(rule, 'srcs', config);
    const data = this.deps(rule, 'data', config);
    if (!srcs.ok || !data.ok) return { ...b, failed: true };
    const group = this.attrString(rule, 'output_group', config);
    const files = uniq(srcs.deps.flatMap((d) => (group ? (d.outputGroups.get(group) ?? []) : d.files)));
    const runfiles = uniq([...files, ...srcs.deps.flatMap((d) => d.runfiles), ...data.deps.flatMap((d) => [...d.files, ...d.runfiles])]);
    return { ...b, files, runfiles };
  }

  private sh(rule: RuleTarget, config: BuildConfiguration, b: AnalyzedTarget): AnalyzedTarget {
    const srcs = this.deps(rule, 'srcs', config);
    const deps = this.deps(rule, 'deps', config);
    const data = this.deps(rule, 'data', config);
    if (!srcs.ok || !deps.ok || !data.ok) return { ...b, failed: true };
    const srcFiles = uniq(srcs.deps.flatMap((d) => d.files));
    const depRunfiles = deps.deps.flatMap((d) => [...d.files, ...d.runfiles]);
    const dataRunfiles = data.deps.flatMap((d) => [...d.files, ...d.runfiles]);
    if (rule.ruleClass === 'sh_library') {
      return { ...b, files: srcFiles, runfiles: uniq([...srcFiles, ...depRunfiles, ...dataRunfiles]) };
    }
    if (srcFiles.length !== 1) {
      this.attrError(rule, 'srcs', `you must specify exactly one file in 'srcs'`);
      return { ...b, failed: true };
    }
    const src = srcFiles[0]!;
    const actionKey = `symlink ${b.key}`;
    const exe = this.declareOutput(rule, rule.label.name, config, actionKey);
    this.addAction({
      key: actionKey,
      kind: 'symlink',
      owner: rule.label,
      location: rule.location,
      mnemonic: 'Symlink',
      progress: `Creating symlink ${exe.execPath}`,
      inputs: [src],
      outputs: [exe],
      executableOutputs: new Set([exe.execPath]),
    });
    const runfiles = uniq([exe, src, ...depRunfiles, ...dataRunfiles]);
    let test: TestInfo | undefined;
    // args and env values: `$(location)` forms (runfiles paths) over srcs, deps and data, then make variables.
    const labelMap = new Map<string, Artifact[]>();
    for (const d of [...srcs.deps, ...deps.deps, ...data.deps]) labelMap.set(labelToString(d.label), d.files as Artifact[]);
    const expand = (attr: string, text: string): string | undefined => {
      try {
        const loc = expandLocations(text, { pkg: { repo: rule.label.repo, pkg: rule.label.pkg }, dialect: this.ctx.profile.labels, labelMap, rootPath: (a) => a.shortPath });
        return expandMakeVariables(loc, (n) => config.makeVariables.get(n));
      } catch (e) {
        if (e instanceof ExpansionError) {
          this.attrError(rule, attr, e.message);
          return undefined;
        }
        throw e;
      }
    };
    const args = this.attrStrings(rule, 'args', config).map((a) => expand('args', a));
    const env = this.attrDict(rule, 'env', config).map(([k, v]) => [k, expand('env', v)] as const);
    if (args.includes(undefined) || env.some(([, v]) => v === undefined)) return { ...b, failed: true };
    if (rule.schema.test) {
      const size = this.attrString(rule, 'size', config) || 'medium';
      const timeout = this.attrString(rule, 'timeout', config) || defaultTimeout(size);
      test = {
        size,
        timeout,
        tags: this.attrStrings(rule, 'tags', config),
        args: args as string[],
        env: env as [string, string][],
        flaky: this.attrBool(rule, 'flaky', config),
      };
    }
    return { ...b, files: [exe], runfiles, executable: exe, test, runArgs: args as string[] };
  }
}

export function uniq(files: readonly Artifact[]): Artifact[] {
  const seen = new Set<string>();
  const out: Artifact[] = [];
  for (const f of files) {
    if (seen.has(f.execPath)) continue;
    seen.add(f.execPath);
    out.push(f);
  }
  return out;
}
