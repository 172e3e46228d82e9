// The build pipeline `build`, `test` and `run` share: the command line and configurations, target patterns
// (negation, wildcards skipping `manual`), loading, analysis and execution, with Bazel's console lines.
//
// Console: Bazel prints progress and results on stderr — `INFO: Analyzed target //pkg:t (N packages loaded,
// M targets configured).`, `INFO: Found 1 target...`, `Target //pkg:t up-to-date:` with its files, `INFO:
// Build completed successfully, N total actions`, and on failure `ERROR: <BUILD>:<l>:<c>: …`, `ERROR:
// Analysis of target '//pkg:t' failed; build aborted: …` and `FAILED: Build did NOT complete successfully`.
// Timings are printed but fixed, so that results are deterministic.

import { utf8Encode } from '../base/index.ts';
import {
  isWildcard,
  labelToString,
  Loader,
  parseCommandLinePatterns,
  TargetParsingError,
  type BuildEvent,
  type Label,
  type RuleTarget,
  type Target,
  type TargetPattern,
} from '../loading/index.ts';
import {
  commandLine as parseCommandLine,
  execConfiguration,
  lastValue,
  resolveAttribute,
  targetConfiguration,
  type CommandLine,
  type ConfigContext,
  type Configuration,
} from '../config/index.ts';
import {
  ActionCache,
  Analyzer,
  Executor,
  type Action,
  type ActionRun,
  type AnalyzedTarget,
  type Artifact,
  type BuildConfiguration,
  type GenruleExplanation,
  type RuleHook,
} from '../actions/index.ts';
import type { CommandContext } from './context.ts';
import { EXIT, type CommandResult, type Explanations, type ResultGraph } from './result.ts';

/** stderr and stdout as Bazel writes them (lines with or without a severity prefix). */
export class Console {
  private readonly err: string[] = [];
  private readonly out: string[] = [];
  readonly outputs: Record<string, Uint8Array> = {};
  readonly executables: string[] = [];
  readonly removed: string[] = [];

  line(severity: BuildEvent['severity'] | 'failed', text: string): void {
    this.err.push(`${severity.toUpperCase()}: ${text}\n`);
  }
  raw(text: string): void {
    this.err.push(text.endsWith('\n') ? text : text + '\n');
  }
  stdout(text: string): void {
    this.out.push(text);
  }
  events(events: readonly BuildEvent[]): void {
    for (const e of events) this.line(e.severity, e.text);
  }
  graph?: ResultGraph;

  result(exitCode: number, explanations?: Explanations): CommandResult {
    return {
      exitCode,
      stdout: this.out.join(''),
      stderr: this.err.join(''),
      outputs: this.outputs,
      executables: this.executables,
      ...(this.removed.length > 0 ? { removed: this.removed } : {}),
      diagnostics: [],
      ...(explanations ? { explanations } : {}),
      ...(this.graph ? { graph: this.graph } : {}),
    };
  }
}

export interface PipelineOptions {
  readonly keepGoing: boolean;
  readonly command: 'build' | 'test' | 'run';
}

/** What the pattern words resolve to: targets in order, and whether some word failed. */
export interface ResolvedPatterns {
  readonly targets: Target[];
  /** Targets a wildcard reached (test_suite expansion skips manual ones then). */
  readonly fromWildcard: Set<string>;
  readonly failed: boolean;
}

function packageTargets(loader: Loader, pkgName: string, rulesOnly: boolean): Target[] | string {
  const pkg = loader.getPackage(pkgName);
  if (!pkg) return `no such package '${pkgName}': BUILD file not found in any of the following directories. Add a BUILD file to a directory to mark it as a package.\n - ${loader.abs(pkgName)}`;
  if (pkg.loadError !== undefined) return `no such package '${pkgName}': ${pkg.loadError}`;
  return pkg.sortedTargets().filter((t) => !rulesOnly || t.kind === 'rule');
}

function isManual(t: Target): boolean {
  if (t.kind !== 'rule') return false;
  const tags = t.attrs.get('tags');
  return Array.isArray(tags) && (tags as string[]).includes('manual');
}

/** Resolves build/test target words: `-p` subtracts; wildcards skip rules tagged manual. */
export function resolvePatterns(loader: Loader, words: readonly string[], con: Console, keepGoing: boolean): ResolvedPatterns {
  const out = new Map<string, Target>();
  const fromWildcard = new Set<string>();
  let failed = false;
  const patterns = parseCommandLinePatterns(words, { dialect: loader.profile.labels });
  for (const { pattern, negative } of patterns) {
    const r = resolveOne(loader, pattern);
    if (typeof r === 'string') {
      if (negative) continue;
      con.line('error', `Skipping '${pattern.raw}': ${r}`);
      failed = true;
      if (!keepGoing) {
        con.line('warning', 'Target pattern parsing failed.');
        con.line('error', r);
        return { targets: [], fromWildcard, failed };
      }
      continue;
    }
    const wild = isWildcard(pattern);
    for (const t of r) {
      const k = labelToString(t.label);
      if (negative) {
        out.delete(k);
        continue;
      }
      if (wild && isManual(t)) continue;
      if (wild) fromWildcard.add(k);
      out.set(k, t);
    }
  }
  if (failed) con.line('warning', 'Target pattern parsing failed.');
  return { targets: [...out.values()], fromWildcard, failed };
}

function resolveOne(loader: Loader, p: TargetPattern): Target[] | string {
  switch (p.kind) {
    case 'single': {
      const l = p.label;
      if (l.repo !== '') return `no such package '@${l.repo}//${l.pkg}': The repository '@${l.repo}' could not be resolved`;
      const ts = packageTargets(loader, l.pkg, false);
      if (typeof ts === 'string') return ts;
      const t = ts.find((x) => x.label.name === l.name);
      if (!t) {
        const pkg = loader.getPackage(l.pkg)!;
        return `no such target '${labelToString(l)}': target '${l.name}' not declared in package '${l.pkg}' defined by ${loader.abs(pkg.buildFile)}`;
      }
      return [t];
    }
    case 'package':
      if (p.repo !== '') return `no such package '@${p.repo}//${p.pkg}': The repository '@${p.repo}' could not be resolved`;
      return packageTargets(loader, p.pkg, p.rulesOnly);
    case 'below': {
      if (p.repo !== '') return `no such package '@${p.repo}//${p.dir}': The repository '@${p.repo}' could not be resolved`;
      const names = loader.workspace.packagesBelow(p.dir);
      if (names.length === 0) return `no targets found beneath '${p.dir}'`;
      const out: Target[] = [];
      for (const n of names) {
        const ts = packageTargets(loader, n, p.rulesOnly);
        if (typeof ts !== 'string') out.push(...ts);
      }
      return out;
    }
    case 'path':
      return `invalid target format '${p.raw}'`;
  }
}

/** The state of one build: configurations, analysis, execution; filled step by step. */
export class Pipeline {
  readonly con = new Console();
  readonly loader: Loader;
  commandLine!: CommandLine;
  target!: BuildConfiguration;
  tool!: BuildConfiguration;
  analyzer!: Analyzer;
  executor!: Executor;
  readonly cache: ActionCache;
  keepGoing = false;

  constructor(
    readonly ctx: CommandContext,
    readonly command: 'build' | 'test' | 'run' | 'config',
    readonly hooks: Readonly<Record<string, RuleHook>> = {},
  ) {
    this.loader = new Loader(ctx.workspace, { workspaceDir: ctx.workspaceDir, cancel: ctx.cancel, cache: ctx.loadCache });
    this.cache = ctx.actionCache ?? new ActionCache();
  }

  get profile() {
    return this.ctx.workspace.profile;
  }

  /** Parses the command line; returns an exit code on failure. */
  parse(args: readonly string[]): number | undefined {
    const cl = parseCommandLine(this.ctx.workspace, this.command, args, this.ctx.startup ?? []);
    if ('error' in cl) {
      this.con.line('error', cl.error);
      return EXIT.COMMAND_LINE_ERROR;
    }
    this.commandLine = cl;
    this.keepGoing = this.option('keep_going') === true;
    return undefined;
  }

  /**
   * Resolves the command line's target patterns (build and test): an exit code when a pattern is malformed, or
   * when one fails to resolve and --keep_going is off.
   */
  resolveTargets(): ResolvedPatterns | number {
    let resolved: ResolvedPatterns;
    try {
      resolved = resolvePatterns(this.loader, this.commandLine.residue, this.con, this.keepGoing);
    } catch (e) {
      if (e instanceof TargetParsingError) {
        this.con.line('error', `Skipping '${this.commandLine.residue.join(' ')}': ${e.message}`);
        this.failed(false);
        return EXIT.BUILD_FAILURE;
      }
      throw e;
    }
    this.flushLoading();
    if (resolved.failed && !this.keepGoing) {
      this.failed(false);
      return EXIT.BUILD_FAILURE;
    }
    return resolved;
  }

  option(name: string): string | boolean | undefined {
    return lastValue(this.commandLine.options, name)?.value;
  }

  options(name: string): string[] {
    return this.commandLine.options.filter((o) => o.name === name).map((o) => String(o.value));
  }

  /** Configurations and the analyzer; returns an exit code on failure. */
  configure(targets: readonly Target[] = []): number | undefined {
    const cctx: ConfigContext = { loader: this.loader, commandLine: this.commandLine, profile: this.profile, workspaceDir: this.ctx.workspaceDir };
    const target = targetConfiguration(cctx);
    if ('error' in target) {
      for (const l of target.before) this.con.line(l.severity, l.text);
      const first = targets.find((t) => t.kind === 'rule');
      if (target.toolchains && first) {
        // A bad --platforms fails the first target's analysis, as Bazel's toolchain resolution does.
        const l = labelToString(first.label);
        this.con.line('error', `While resolving toolchains for target ${l}: ${target.error}`);
        this.con.line('error', `Analysis of target '${l}' failed; build aborted: ${target.error}`);
        this.failed(false);
      } else this.con.line('error', target.error);
      return target.exitCode;
    }
    this.target = target;
    this.tool = execConfiguration(target, cctx);
    this.analyzer = new Analyzer({
      loader: this.loader,
      profile: this.profile,
      workspaceDir: this.ctx.workspaceDir,
      target: this.target,
      tool: this.tool,
      resolve: (rule, attr, config) => resolveAttribute(rule, attr, config as Configuration, cctx),
      hooks: this.hooks,
    });
    return undefined;
  }

  /** Loads the transitive closure of the roots; false when a package in it is in error. */
  load(roots: readonly Target[]): boolean {
    const seen = new Set<string>();
    const queue: Label[] = roots.map((t) => t.label);
    let ok = true;
    while (queue.length > 0) {
      const l = queue.pop()!;
      const key = labelToString(l);
      if (seen.has(key) || l.repo !== '') continue;
      seen.add(key);
      const pkg = this.loader.getPackage(l.pkg);
      if (!pkg) continue;
      if (pkg.inError) ok = false;
      const t = pkg.targets.get(l.name);
      if (t && t.kind === 'rule') queue.push(...ruleDeps(t));
      if (t && t.kind === 'generated file') queue.push(t.rule);
    }
    return ok;
  }

  /** Prints the loader's events (loading errors, DEBUG lines from print()). */
  flushLoading(): void {
    this.con.events(this.loader.events.splice(0));
  }

  analyzedLine(top: readonly AnalyzedTarget[]): void {
    const pk = this.analyzer.packagesSeen.size;
    const n = this.analyzer.configuredCount;
    const what = top.length === 1 ? `target ${labelToString(top[0]!.label)}` : `${top.length} targets`;
    this.con.line('info', `Analyzed ${what} (${pk} packages loaded, ${n} targets configured).`);
  }

  /** An executor over the analysed actions. */
  execution(onRun?: (a: Action, r: ActionRun) => void): Executor {
    const ws = this.ctx.workspace;
    this.executor = new Executor(this.analyzer.actions, {
      workspaceDir: this.ctx.workspaceDir,
      workspaceName: this.profile.execrootName,
      cache: this.cache,
      readSource: (p) => {
        const text = ws.read(p);
        return text === undefined ? undefined : utf8Encode(text);
      },
      onRun: (a, r) => {
        this.recordRun(a, r);
        onRun?.(a, r);
      },
      signal: this.ctx.signal,
      cancel: this.ctx.cancel,
    });
    return this.executor;
  }

  private recordRun(a: Action, r: ActionRun): void {
    if (a.kind !== 'genrule') return;
    const e = [...this.analyzer.genrules.values()].find((x) => x.script === a.script && x.outputs[0] === a.outputs[0]?.execPath) as GenruleExplanation | undefined;
    if (!e) return;
    e.ran = !r.cached;
    e.cached = r.cached;
    e.exitCode = r.exitCode;
    e.stdout = r.stdout;
    e.stderr = r.stderr;
    e.produced = [...r.outputs].map(([path, b]) => ({ path, size: b.length }));
    e.missing = [...r.missing];
  }

  /** Copies the produced files into the command's outputs (bazel-bin/… for the target configuration). */
  collectOutputs(): void {
    const bin = `bazel-out/${this.target.outputDir}/bin/`;
    for (const p of this.executor.removed) this.con.removed.push(p.startsWith(bin) ? `bazel-bin/${p.slice(bin.length)}` : p);
    for (const p of this.executor.produced) {
      const rel = p.startsWith(bin) ? `bazel-bin/${p.slice(bin.length)}` : p;
      this.con.outputs[rel] = this.executor.tree.get(p)!;
      if (this.executor.executables.has(p)) this.con.executables.push(rel);
    }
  }

  explanations(extra: Partial<Explanations> = {}): Explanations {
    const an = this.analyzer;
    if (an) this.con.graph = this.resultGraph();
    const ex: Explanations = { ...extra };
    if (an) {
      if (an.genrules.size > 0) ex.genrules = Object.fromEntries(an.genrules);
      if (an.suites.size > 0) ex.testSuites = { ...Object.fromEntries(an.suites), ...(extra.testSuites ?? {}) };
      if (an.selects.size > 0) ex.selects = Object.fromEntries(an.selects);
      if (an.genqueries.size > 0) ex.genqueries = Object.fromEntries(an.genqueries);
    }
    return ex;
  }

  /** The configured targets analysed and the edges between them, for the Graph panel. */
  resultGraph(): ResultGraph {
    const an = this.analyzer;
    const nodes = an.analyzed().map((t) => ({
      id: t.key,
      label: labelToString(t.label),
      kind: t.target.kind === 'rule' ? `${t.target.ruleClass} rule` : t.target.kind,
      ...(t.config ? { config: t.config.id } : {}),
      location: { file: t.target.location.file, line: t.target.location.line, column: t.target.location.column },
    }));
    const ids = new Set(nodes.map((n) => n.id));
    const seen = new Set<string>();
    const edges = an.edges
      .filter((e) => ids.has(e.from) && ids.has(e.to))
      .filter((e) => {
        const k = `${e.from}\0${e.to}\0${e.attr}`;
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      })
      .map((e) => ({ from: e.from, to: e.to, attr: e.attr, ...(e.tool ? { tool: true } : {}) }));
    return { nodes, edges };
  }

  /** `path` as printed in "Target … up-to-date:" lines. */
  shown(a: Artifact): string {
    const bin = `bazel-out/${this.target.outputDir}/bin/`;
    return a.execPath.startsWith(bin) ? `bazel-bin/${a.execPath.slice(bin.length)}` : a.execPath;
  }

  elapsed(processes: number): void {
    this.con.line('info', 'Elapsed time: 0.100s, Critical Path: 0.01s');
    this.con.line('info', processes === 0 ? '0 processes.' : `${processes} process${processes === 1 ? '' : 'es'}: ${processes} internal.`);
  }

  /** Bazel's last line of a failed build. */
  failed(withCounts: boolean): void {
    const counts = withCounts ? ` (${this.analyzer?.packagesSeen.size ?? 0} packages loaded, ${this.analyzer?.configuredCount ?? 0} targets configured)` : '';
    this.con.line('failed', `Build did NOT complete successfully${counts}`);
  }
}

/** Every label a rule's attributes mention (select() branches included), for loading. */
export function ruleDeps(rule: RuleTarget): Label[] {
  const out: Label[] = [];
  for (const [name, v] of rule.attrs) {
    if (name === 'visibility') continue;
    const spec = rule.schema.attrs.find((a) => a.name === name);
    const type = spec?.type;
    if (type === 'output' || type === 'output_list' || type === 'nodep_label' || type === 'nodep_label_list') continue;
    collectLabels(v, out);
  }
  return out;
}

function collectLabels(v: unknown, out: Label[]): void {
  if (v === null || v === undefined) return;
  if (Array.isArray(v)) {
    for (const x of v) collectLabels(x, out);
    return;
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.name === 'string' && typeof o.pkg === 'string' && typeof o.repo === 'string') {
      out.push(o as unknown as Label);
      return;
    }
    if (Array.isArray(o.parts)) {
      for (const p of o.parts as { kind: string; value?: unknown; branches?: { key: Label; isDefault: boolean; value: unknown }[] }[]) {
        if (p.kind === 'value') collectLabels(p.value, out);
        else for (const b of p.branches ?? []) {
          if (!b.isDefault) out.push(b.key);
          collectLabels(b.value, out);
        }
      }
    }
  }
}

/** Parses and reports a TargetParsingError as Bazel does. */
export function patternError(e: unknown, con: Console): number | undefined {
  if (e instanceof TargetParsingError) {
    con.line('error', e.message);
    return EXIT.COMMAND_LINE_ERROR;
  }
  return undefined;
}
