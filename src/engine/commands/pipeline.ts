// The build pipeline `build`, `test` and `run` share: the command line and configurations, target patterns
// (negation, wildcards skipping `manual`), loading, analysis and execution, with Bazel's console lines.
//
// Console: Bazel prints progress and results on stderr — `INFO: Analyzed target //pkg:t (N packages loaded,
// M targets configured).`, `INFO: Found 1 target...`, `Target //pkg:t up-to-date:` with its files, `INFO:
// Build completed successfully, N total actions`, and on failure `ERROR: <BUILD>:<l>:<c>: …`, `ERROR:
// Analysis of target '//pkg:t' failed; build aborted: …` and `FAILED: Build did NOT complete successfully` (ERROR: since Bazel 7).
// Timings are printed but fixed, so that results are deterministic.

import { utf8Encode } from '../base/index.ts';
import {
  buildFileNotFound,
  drawCycle,
  expandTestSuite,
  isManual,
  isTestRule,
  isWildcard,
  wildcardConflict,
  labelToString,
  locateInRule,
  Loader,
  noSuchTarget,
  packageContainsErrors,
  packageNotLoaded,
  parseAbsoluteLabel,
  parseCommandLinePatterns,
  repositoryNotResolved,
  TargetParsingError,
  type Label,
  type RuleTarget,
  type SuiteExplanation,
  type Target,
  type TargetPattern,
} from '../loading/index.ts';
import { commandLine as parseCommandLine, configurationWarnings, lastValue, targetConfiguration, type CommandLine, type ConfigContext, type Configuration } from '../config/index.ts';
import { ActionCache, Analysis, Executor, runfilesPathOf, type Action, type ActionRun, type AnalyzedTarget, type Artifact, type GenruleExplanation } from '../actions/index.ts';
import { outputBaseOf, type CommandContext } from './context.ts';
import { Console, EXIT, type Explanations, type ResultGraph } from './result.ts';

export interface PipelineOptions {
  readonly keepGoing: boolean;
  readonly command: 'build' | 'test' | 'run';
}

/** What the pattern words resolve to: targets in order, and whether some word failed. */
export interface ResolvedPatterns {
  readonly targets: Target[];
  readonly failed: boolean;
  /** The packages in error below recursive patterns (`//x/...`), in order (Bazel: "package contains errors"). */
  readonly recursiveInError?: readonly string[];
  /**
   * The packages in error that a wildcard word (`:all`, `:*`, `/...`) went through, whether or not they hold a
   * target (a BUILD file that fails to compile defines none): each fails the pattern like a target of it would.
   */
  readonly wildInError?: readonly string[];
  /** The labels named on their own (single-target words): Bazel's explicitly requested targets. */
  readonly explicit?: ReadonlySet<string>;
  /** Each word's targets in order (a negative word's manual targets included: Bazel does not filter them). */
  readonly words?: readonly { readonly negative: boolean; readonly wild: boolean; readonly targets: readonly Target[] }[];
}

function packageTargets(loader: Loader, pkgName: string, rulesOnly: boolean): Target[] | string {
  const pkg = loader.getPackage(pkgName);
  if (!pkg) return buildFileNotFound(pkgName, loader.abs(pkgName));
  if (pkg.loadError !== undefined) return packageNotLoaded(pkgName, pkg.loadError);
  return pkg.sortedTargets().filter((t) => !rulesOnly || t.kind === 'rule');
}

/** Resolves build/test target words: `-p` subtracts; wildcards skip rules tagged manual. */
export function resolvePatterns(loader: Loader, words: readonly string[], con: Console, keepGoing: boolean, command = 'build'): ResolvedPatterns {
  const out = new Map<string, Target>();
  let failed = false;
  const recursiveInError: string[] = [];
  const wildInError: string[] = [];
  const explicit = new Set<string>();
  const perWord: { negative: boolean; wild: boolean; targets: Target[] }[] = [];
  const patterns = parseCommandLinePatterns(words, { dialect: loader.profile.labels });
  for (const { pattern, negative } of patterns) {
    const r = resolveOne(loader, pattern);
    if (typeof r === 'string') {
      if (negative) continue;
      failed = true;
      if (!keepGoing && command === 'test') {
        // Bazel 4.2.3's test command (tests-for-target-pattern) stops at the first failed word without the
        // warning, and a `//x/...` that matches nothing without even the "Skipping" line.
        if (pattern.kind !== 'below') con.line('error', `Skipping '${pattern.raw}': ${r}`);
        con.line('error', r);
        return { targets: [], failed };
      }
      con.line('error', `Skipping '${pattern.raw}': ${r}`);
      if (!keepGoing) {
        con.line('warning', 'Target pattern parsing failed.');
        con.line('error', r);
        return { targets: [], failed };
      }
      continue;
    }
    const wild = isWildcard(pattern);
    perWord.push({ negative, wild, targets: r });
    if (pattern.kind === 'single' && !negative) for (const t of r) explicit.add(labelToString(t.label));
    if ((pattern.kind === 'below' || pattern.kind === 'package') && pattern.repo === '' && !negative) {
      // Bazel's pattern resolver asks for each package the word covers; one with errors fails the word, with or
      // without targets (RecursivePackageProviderBackedTargetPatternResolver).
      const names = pattern.kind === 'package' ? [pattern.pkg] : loader.workspace.packagesBelow(pattern.dir);
      for (const n of names) {
        if (!loader.getPackage(n)?.inError) continue;
        if (!wildInError.includes(n)) wildInError.push(n);
        if (pattern.kind === 'below' && !recursiveInError.includes(n)) recursiveInError.push(n);
      }
    }
    for (const t of r) {
      const k = labelToString(t.label);
      if (negative) {
        out.delete(k);
        continue;
      }
      if (wild && isManual(t)) continue;
      out.set(k, t);
    }
  }
  if (failed) con.line('warning', 'Target pattern parsing failed.');
  return { targets: [...out.values()], failed, recursiveInError, wildInError, explicit, words: perWord };
}

/** One target pattern word as build's loading phase resolves it, or Bazel's message for why it cannot be. */
export function resolveOne(loader: Loader, p: TargetPattern): Target[] | string {
  switch (p.kind) {
    case 'single': {
      const l = p.label;
      if (l.repo !== '') return repositoryNotResolved(l.repo, l.pkg);
      const ts = packageTargets(loader, l.pkg, false);
      if (typeof ts === 'string') return ts;
      const t = ts.find((x) => x.label.name === l.name);
      if (!t) {
        const buildFile = loader.getPackage(l.pkg)!.buildFile;
        return noSuchTarget(l, loader.abs(buildFile), { sourceFileExists: loader.workspace.hasFile(l.pkg ? `${l.pkg}/${l.name}` : l.name), buildFile });
      }
      return [t];
    }
    case 'package': {
      if (p.repo !== '') return repositoryNotResolved(p.repo, p.pkg);
      // Bazel names the pattern it was parsing when a whole package (`:all`, `:*`) fails to load.
      const ts = packageTargets(loader, p.pkg, p.rulesOnly);
      if (typeof ts === 'string') return `while parsing '${p.raw}': ${ts}`;
      const pkg = loader.getPackage(p.pkg)!;
      const conflict = wildcardConflict(p, pkg.targets);
      if (conflict) {
        loader.events.push({ severity: 'warning', text: conflict.warning });
        return [pkg.targets.get(conflict.name)!];
      }
      return ts;
    }
    case 'below': {
      if (p.repo !== '') return repositoryNotResolved(p.repo, p.dir);
      const names = loader.workspace.packagesBelow(p.dir);
      if (names.length === 0) return `no targets found beneath '${p.dir}'`;
      const out: Target[] = [];
      for (const n of names) {
        const ts = packageTargets(loader, n, p.rulesOnly);
        if (typeof ts !== 'string') out.push(...ts);
      }
      return out;
    }
    case 'path': {
      // Bazel's InterpretPathAsTarget: a package's path names its default target; any other path the target of
      // that name in the nearest package above it (a file, or a rule named like a path).
      const path = p.path;
      const ws = loader.workspace;
      const pkg = ws.isPackage(path) ? path : ws.packageOf(path);
      if (pkg === undefined) return `couldn't determine target from filename '${path}'`;
      const name = pkg === path ? path.slice(path.lastIndexOf('/') + 1) : path.slice(pkg ? pkg.length + 1 : 0);
      return resolveOne(loader, { kind: 'single', raw: p.raw, label: { repo: '', pkg, name } });
    }
  }
}

/** The test_suites of a target list replaced by their tests (Bazel's --expand_test_suites), with what went wrong. */
export interface ExpandedTargets {
  readonly targets: Target[];
  readonly suites: Record<string, SuiteExplanation>;
  /** A suite listed something that is neither a test nor a suite. */
  readonly errors: boolean;
  /** Suites list each other in a loop: Bazel stops ("cycles detected during target parsing"). */
  readonly cycle: boolean;
  /** Without --keep_going, a suite listed a test in a package that does not exist: Bazel stops loading. */
  readonly stop?: boolean;
  /** A suite listed a target of another package with errors (an error of `test`'s test expansion only). */
  readonly listsIntoPackageInError?: boolean;
  /** Those targets (without --keep_going, `test` stops loading at the first one's package). */
  readonly listedInError?: readonly Target[];
}

/** The state of one build: configurations, analysis, execution; filled step by step. */
export class Pipeline {
  readonly con: Console;
  readonly loader: Loader;
  commandLine!: CommandLine;
  target!: Configuration;
  analysis!: Analysis;
  executor!: Executor;
  readonly cache: ActionCache;
  keepGoing = false;
  /** Packages in error that a requested target is in (with --keep_going the build goes on without it). */
  readonly rootsInError: string[] = [];
  /** The top-level targets analysed (the Graph panel shows what they reach). */
  readonly topLevel: AnalyzedTarget[] = [];
  /** The targets the command line names on their own (an incompatible one fails the build; others are skipped). */
  explicit: ReadonlySet<string> = new Set();
  /** "Target pattern parsing failed." was printed (Bazel prints it once, however many patterns or suites failed). */
  patternWarningPrinted = false;

  constructor(
    readonly ctx: CommandContext,
    readonly command: 'build' | 'test' | 'run' | 'config',
  ) {
    this.con = new Console(ctx.workspaceDir);
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
      resolved = resolvePatterns(this.loader, this.commandLine.residue, this.con, this.keepGoing, this.command);
    } catch (e) {
      if (e instanceof TargetParsingError) {
        this.con.line('error', `Skipping '${this.commandLine.residue.join(' ')}': ${e.message}`);
        this.failed(false);
        return EXIT.BUILD_FAILURE;
      }
      throw e;
    }
    this.flushLoading();
    // A recursive pattern names each package in error below it; with --keep_going a requested target in a
    // package in error makes the pattern fail (after the package's own errors). Checked with 4.2.3.
    for (const pkg of resolved.recursiveInError ?? []) this.con.line('error', packageContainsErrors(pkg));
    if (this.keepGoing && resolved.failed) this.patternWarningPrinted = true;
    // A package in error a wildcard went through is one the build stops at (without --keep_going), or a failed
    // pattern (with it), though it gave no target.
    for (const pkg of resolved.wildInError ?? []) if (!this.rootsInError.includes(pkg)) this.rootsInError.push(pkg);
    if (this.keepGoing && !resolved.failed) {
      if ((resolved.wildInError?.length ?? 0) > 0 || resolved.targets.some((t) => t.label.repo === '' && this.loader.getPackage(t.label.pkg)?.inError)) this.patternParsingFailed();
    }
    // --skip_incompatible_explicit_targets: a target named on its own is skipped when incompatible, as one a
    // pattern brought in (target_compatible_with_test.sh#test_success_on_incompatible_top_level_target_with_skipping).
    this.explicit = this.option('skip_incompatible_explicit_targets') === true ? new Set() : (resolved.explicit ?? new Set());
    if (resolved.failed && !this.keepGoing) {
      this.failed(false);
      if (this.command === 'test') this.con.line('error', "Couldn't start the build. Unable to run tests");
      return EXIT.BUILD_FAILURE;
    }
    return resolved;
  }

  /**
   * The requested test_suites whose package has errors: loading stops there like for any requested target,
   * though a suite's expansion may name no target of that package (Bazel 4.2.3).
   */
  suitesInPackagesInError(targets: readonly Target[]): Target[] {
    return targets.filter((t) => t.kind === 'rule' && t.ruleClass === 'test_suite' && t.label.repo === '' && this.loader.getPackage(t.label.pkg)?.inError);
  }

  /**
   * Replaces each test_suite by the tests it stands for, as Bazel does before analysis (TestsForTargetPattern):
   * the suite itself is not analysed, so neither its visibility nor its other edges are checked. A listed
   * target that is no test is reported at the suite.
   */
  expandSuites(targets: readonly Target[]): ExpandedTargets {
    const out = new Map<string, Target>();
    const suites: Record<string, SuiteExplanation> = {};
    let errors = false;
    let cycle = false;
    const lookup = {
      target: (l: Label) => (l.repo === '' ? this.loader.getPackage(l.pkg)?.targets.get(l.name) : undefined),
      packageTargets: (l: Label) => this.loader.getPackage(l.pkg)?.targets.values() ?? [],
      packageInError: (l: Label) => {
        const inError = l.repo === '' && this.loader.getPackage(l.pkg)?.inError === true;
        const t = inError ? this.loader.getPackage(l.pkg)?.targets.get(l.name) : undefined;
        if (t && !listedInError.includes(t)) listedInError.push(t);
        return inError;
      },
      stopAtPackageInError: !this.keepGoing,
    };
    const listedInError: Target[] = [];
    let listsIntoPackageInError = false;
    const reported = new Set<string>();
    for (const t of targets) {
      if (t.kind !== 'rule' || t.ruleClass !== 'test_suite') {
        out.set(labelToString(t.label), t);
        continue;
      }
      const x = expandTestSuite(t, lookup);
      if (x.cycle) {
        this.suiteError(t, `in test_suite rule ${labelToString(t.label)}: cycle in dependency graph:\n${drawCycle(x.cycle)}`, undefined, false);
        cycle = true;
        continue;
      }
      suites[labelToString(t.label)] = x.explanation;
      for (const [k, v] of x.nested) suites[k] = v;
      // Without --keep_going, a listed target whose package cannot be loaded at all (its BUILD file or a .bzl
      // it loads failed: no package, Bazel's NoSuchPackageException) ends loading, as a missing package does.
      if (!this.keepGoing && this.listsIntoUnloadablePackage(t, x.nested.keys())) {
        this.flushLoading();
        return { targets: [], suites, errors: true, cycle, stop: true };
      }
      if (x.listsIntoPackageInError) listsIntoPackageInError = true;
      // A listed label that names nothing is a target pattern error, unlocated as Bazel prints it (checked with
      // 4.2.3); a package that does not exist stops loading unless --keep_going (printed twice, as Bazel does).
      for (const l of x.missing) {
        const r = resolveOne(this.loader, { kind: 'single', raw: labelToString(l), label: l });
        const message = typeof r === 'string' ? r : noSuchTarget(l, this.loader.abs(this.loader.getPackage(l.pkg)?.buildFile ?? `${l.pkg}/BUILD`));
        this.suiteError(t, message, labelToString(l), false, true);
        errors = true;
        if (message.startsWith('no such package') && !this.keepGoing) {
          this.suiteError(t, message, labelToString(l), false, true);
          return { targets: [], suites, errors, cycle, stop: true };
        }
      }
      // Each suite's own errors, once (Bazel expands every suite once, those it lists first). Without
      // --keep_going loading stops at a suite's package with errors before its expansion reports anything.
      const reportErrors = (suite: RuleTarget, explanation: SuiteExplanation) => {
        if (explanation.errors.length === 0 || reported.has(explanation.suite)) return;
        if (!this.keepGoing && lookup.packageInError(suite.label)) return;
        reported.add(explanation.suite);
        errors = true;
        for (const e of explanation.errors) this.suiteError(suite, e, /'([^']*)' is not one/.exec(e)?.[1], true);
      };
      for (const [k, n] of x.nested) {
        const l = parseAbsoluteLabel(k, this.profile.labels);
        const inner = lookup.target(l);
        if (inner?.kind === 'rule') reportErrors(inner, n);
      }
      reportErrors(t, x.explanation);
      for (const test of x.tests) out.set(labelToString(test.label), test);
    }
    if (cycle) this.con.line('error', 'cycles detected during target parsing');
    return { targets: [...out.values()], suites, errors, cycle, listsIntoPackageInError, listedInError };
  }

  /**
   * The tests the words ask to run, as Bazel's determineTests folds them: each positive word adds its tests (its
   * suites expanded; a wildcard's manual ones left out), each negative word takes its tests out of those (the
   * targets to build keep them). `removed`: the tests a negative word took out.
   */
  testsOfWords(words: ResolvedPatterns['words'] = []): { tests: Set<string>; removed: Set<string> } {
    const tests = new Set<string>();
    const removed = new Set<string>();
    const lookup = {
      target: (l: Label) => (l.repo === '' ? this.loader.getPackage(l.pkg)?.targets.get(l.name) : undefined),
      packageTargets: (l: Label) => this.loader.getPackage(l.pkg)?.targets.values() ?? [],
      packageInError: () => false,
      stopAtPackageInError: false,
    };
    for (const w of words) {
      for (const t of w.targets) {
        if (!w.negative && w.wild && isManual(t)) continue;
        const of = t.kind === 'rule' && t.ruleClass === 'test_suite' ? expandTestSuite(t, lookup).tests : isTestRule(t) ? [t] : [];
        for (const test of of) {
          const k = labelToString(test.label);
          if (!w.negative) tests.add(k);
          else if (tests.delete(k)) removed.add(k);
        }
      }
    }
    return { tests, removed };
  }

  /** Whether a suite (or a nested suite of it, by label) lists a target of a package that failed to load. */
  private listsIntoUnloadablePackage(suite: RuleTarget, nested: Iterable<string>): boolean {
    const suites: Target[] = [suite];
    for (const k of nested) {
      const l = parseAbsoluteLabel(k, this.profile.labels);
      const inner = l.repo === '' ? this.loader.getPackage(l.pkg)?.targets.get(l.name) : undefined;
      if (inner) suites.push(inner);
    }
    return suites.some((s) => s.kind === 'rule' && ((s.attrs.get('tests') as readonly Label[] | undefined) ?? []).some((l) => l.repo === '' && this.loader.getPackage(l.pkg)?.loadError !== undefined));
  }

  /** `WARNING: Target pattern parsing failed.`, once per command. */
  patternParsingFailed(): void {
    if (this.patternWarningPrinted) return;
    this.patternWarningPrinted = true;
    this.flushLoading();
    this.con.line('warning', 'Target pattern parsing failed.');
  }

  private suiteError(suite: RuleTarget, message: string, value: string | undefined, prefixed: boolean, unlocated = false): void {
    const place = locateInRule(this.ctx.workspace, suite, value === undefined ? { attr: 'tests' } : { attr: 'tests', value });
    this.con.report([
      {
        file: place?.file ?? suite.location.file,
        range: place?.range ?? { start: { line: suite.location.line, column: suite.location.column }, end: { line: suite.location.line, column: suite.location.column } },
        severity: 'error',
        message: prefixed ? `in test_suite rule '${labelToString(suite.label)}': ${message}` : message,
        kind: 'loading',
        target: labelToString(suite.label),
        printedAt: unlocated ? null : suite.location,
      },
    ]);
  }

  /** A test that did not pass, as a Diagnostic on the test rule (the console already printed Bazel's FAIL line). */
  testFailed(t: AnalyzedTarget, message: string): void {
    const rule = t.target;
    if (rule.kind !== 'rule') return;
    const place = rule.label.repo === '' ? locateInRule(this.ctx.workspace, rule) : undefined;
    this.con.note({
      file: place?.file ?? rule.location.file,
      range: place?.range ?? { start: { line: rule.location.line, column: rule.location.column }, end: { line: rule.location.line, column: rule.location.column } },
      severity: 'error',
      message,
      kind: 'execution',
      target: labelToString(rule.label),
      printedAt: null,
    });
  }

  option(name: string): string | boolean | undefined {
    return lastValue(this.commandLine.options, name)?.value;
  }

  options(name: string): string[] {
    return this.commandLine.options.filter((o) => o.name === name).map((o) => String(o.value));
  }

  /** The configuration layer's context for this command line. */
  configContext(): ConfigContext {
    return { loader: this.loader, commandLine: this.commandLine, profile: this.profile, workspaceDir: this.ctx.workspaceDir, outputBase: this.outputBase() };
  }

  /** The target configuration and the analysis over it; returns an exit code on failure. */
  configure(targets: readonly Target[] = []): number | undefined {
    const context = this.configContext();
    const target = targetConfiguration(context);
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
    if (this.command !== 'config') for (const w of configurationWarnings(this.commandLine.options)) this.con.line('warning', w);
    this.analysis = new Analysis({ context, target });
    return undefined;
  }

  /**
   * The packages in error that a root itself is in, in the roots' order (`rootsInError`). Only the roots'
   * packages: analysis loads the others when it reaches them, so a package that only an untaken select() branch
   * names is never loaded, nor are its errors reported (checked with 4.2.3).
   */
  load(roots: readonly Target[], rootsInError: string[] = []): void {
    for (const t of roots) {
      const pkg = t.label.repo === '' ? this.loader.getPackage(t.label.pkg) : undefined;
      if (pkg?.inError && !rootsInError.includes(pkg.name)) rootsInError.push(pkg.name);
    }
  }

  /** Prints the loader's events (loading errors, DEBUG lines from print()). */
  flushLoading(): void {
    this.con.events(this.loader.events.splice(0));
  }

  /** Prints what analysis reported since the last call (what Bazel printed before `first` failed, when given). */
  flushAnalysis(first?: AnalyzedTarget): void {
    const taken = this.analysis.takeDiagnostics();
    this.con.report(first ? taken.filter((d) => this.analysis.printedBefore(d, first)) : taken);
  }

  analyzedLine(top: readonly AnalyzedTarget[]): void {
    analyzedLine(this.con, this.analysis, top);
  }

  /** An executor over the analysed actions. */
  execution(onRun?: (a: Action, r: ActionRun) => void): Executor {
    const ws = this.ctx.workspace;
    const sourceBytes = new Map<string, Uint8Array | undefined>();
    this.executor = new Executor(this.analysis.actions, {
      workspaceDir: this.ctx.workspaceDir,
      workspaceName: this.profile.execrootName,
      cache: this.cache,
      // Asked first whether an input exists, then for its bytes: one read of each source (the CLI reads from disk).
      readSource: (p) => {
        if (!sourceBytes.has(p)) sourceBytes.set(p, ws.bytes(p));
        return sourceBytes.get(p);
      },
      onRun: (a, r) => {
        this.recordRun(a, r);
        onRun?.(a, r);
      },
      placeOf: (owner) => {
        const rule = this.loader.getPackage(owner.pkg)?.targets.get(owner.name);
        return rule?.kind === 'rule' && owner.repo === '' ? locateInRule(ws, rule) : undefined;
      },
      signal: this.ctx.signal,
      cancel: this.ctx.cancel,
    });
    return this.executor;
  }

  /**
   * The genrule explanations by script and first output (the first one of each, as a search in order finds it);
   * indexed once, so that recording each of n runs is not a search through n explanations.
   */
  private genruleIndex?: { size: number; byRun: Map<string, GenruleExplanation> };

  private explanationOf(a: Action): GenruleExplanation | undefined {
    const genrules = this.analysis.explanations().genrules;
    const key = JSON.stringify([a.script ?? null, a.outputs[0]?.execPath ?? null]);
    let e = this.genruleIndex?.size === genrules.size ? this.genruleIndex.byRun.get(key) : undefined;
    if (!e) {
      const byRun = new Map<string, GenruleExplanation>();
      for (const x of genrules.values()) {
        const k = JSON.stringify([x.script ?? null, x.outputs[0] ?? null]);
        if (!byRun.has(k)) byRun.set(k, x);
      }
      this.genruleIndex = { size: genrules.size, byRun };
      e = byRun.get(key);
    }
    return e;
  }

  private recordRun(a: Action, r: ActionRun): void {
    if (a.kind !== 'genrule') return;
    const e = this.explanationOf(a);
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

  outputBase(): string {
    return outputBaseOf(this.ctx);
  }

  /**
   * The runfiles tree Bazel builds beside a top-level sh_binary/sh_test executable (RunfilesSupport):
   * `<exe>.runfiles_manifest` and `<exe>.runfiles/MANIFEST` — one line `<runfiles path> <absolute path>` per
   * runfile, sorted, sources under the workspace and generated files under the output base's execroot — and
   * `<exe>.runfiles/<workspace>/<short path>` holding each file. An alias writes its actual's tree.
   */
  writeRunfiles(t: AnalyzedTarget): void {
    const real = t.actual ?? t;
    const exe = real.executable;
    const rule = real.target;
    if (!exe || rule.kind !== 'rule' || (rule.ruleClass !== 'sh_binary' && rule.ruleClass !== 'sh_test')) return;
    const ws = this.profile.execrootName;
    const execRoot = `${this.outputBase()}/execroot/${ws}`;
    const entries = new Map<string, Artifact>();
    for (const a of real.runfiles) {
      const path = runfilesPathOf(a, ws);
      if (!entries.has(path)) entries.set(path, a);
    }
    const paths = [...entries.keys()].sort();
    const absolute = (a: Artifact) => (a.root === '' ? `${this.ctx.workspaceDir}/${a.execPath}` : `${execRoot}/${a.execPath}`);
    const manifest = utf8Encode(paths.map((p) => `${p} ${absolute(entries.get(p)!)}\n`).join(''));
    const bin = `bazel-out/${this.target.outputDir}/bin/`;
    const key = (execPath: string) => (execPath.startsWith(bin) ? `bazel-bin/${execPath.slice(bin.length)}` : execPath);
    this.con.outputs[key(`${exe.execPath}.runfiles_manifest`)] = manifest;
    this.con.outputs[key(`${exe.execPath}.runfiles/MANIFEST`)] = manifest;
    for (const p of paths) {
      const a = entries.get(p)!;
      const data = (a.root === '' ? this.ctx.workspace.bytes(a.execPath) : undefined) ?? this.executor.tree.get(a.execPath);
      if (data) this.con.outputs[key(`${exe.execPath}.runfiles/${p}`)] = data;
    }
  }

  explanations(extra: Partial<Explanations> = {}): Explanations {
    const ex: Explanations = { ...extra };
    const an = this.analysis;
    if (!an) return ex;
    this.con.graph = this.resultGraph();
    return { ...analysisExplanations(an), ...ex, testSuites: { ...Object.fromEntries(an.explanations().testSuites), ...(extra.testSuites ?? {}) } };
  }

  /** The configured targets the top-level ones reach and the edges between them, for the Graph panel. */
  resultGraph(): ResultGraph {
    return configuredResultGraph(this.analysis, this.topLevel);
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
    const counts = withCounts ? ` (${this.analysis?.packagesSeen.size ?? 0} packages loaded, ${this.analysis?.configuredCount ?? 0} targets configured)` : '';
    this.con.line(this.profile.buildFailureSeverity, `Build did NOT complete successfully${counts}`);
  }

  /** Loading stopped before analysis: Bazel's summary names the packages it loaded. */
  loadingStopped(): void {
    this.elapsed(0);
    this.con.line(this.profile.buildFailureSeverity, `Build did NOT complete successfully (${this.loader.loadedPackageCount()} packages loaded)`);
    if (this.command === 'test') this.con.line('error', "Couldn't start the build. Unable to run tests");
  }
}

/** `INFO: Analyzed target //p:t (N packages loaded, M targets configured).` (or `Analyzed K targets`). */
export function analyzedLine(con: Console, an: Analysis, top: readonly AnalyzedTarget[]): void {
  const what = top.length === 1 ? `target ${labelToString(top[0]!.label)}` : `${top.length} targets`;
  con.line('info', `Analyzed ${what} (${an.packagesSeen.size} packages loaded, ${an.configuredCount} targets configured).`);
}

/** What analysis explains, as the plain records a CommandResult carries. */
export function analysisExplanations(an: Analysis): Explanations {
  const e = an.explanations();
  const ex: Explanations = {};
  if (e.selects.size > 0) ex.selects = Object.fromEntries(e.selects);
  if (e.settings.size > 0) ex.settings = Object.fromEntries(e.settings);
  if (e.genrules.size > 0) ex.genrules = Object.fromEntries(e.genrules);
  if (e.testSuites.size > 0) ex.testSuites = Object.fromEntries(e.testSuites);
  if (e.genqueries.size > 0) ex.genqueries = Object.fromEntries(e.genqueries);
  if (e.toolchains.size > 0) ex.toolchains = Object.fromEntries(e.toolchains);
  return ex;
}

/**
 * What the roots reach through the edges a user wrote (not the implicit ones: the setup script, platforms), and
 * those edges, for the Graph panel; a select()'s conditions are edges marked `select`.
 */
export function configuredResultGraph(an: Analysis, roots: readonly AnalyzedTarget[]): ResultGraph {
  const order: AnalyzedTarget[] = [];
  const seen = new Set<string>();
  const queue = [...roots];
  for (let i = 0; i < queue.length; i++) {
    const t = queue[i]!;
    if (seen.has(t.key)) continue;
    seen.add(t.key);
    order.push(t);
    for (const e of an.deps(t)) if (!e.implicit) queue.push(e.to as AnalyzedTarget);
  }
  const nodes = order.map((t) => ({
    id: t.key,
    label: labelToString(t.label),
    kind: t.target.kind === 'rule' ? `${t.target.ruleClass} rule` : t.target.kind,
    ...(t.config ? { config: t.config.id } : {}),
    ...('location' in t.target ? { location: { file: t.target.location.file, line: t.target.location.line, column: t.target.location.column } } : {}),
  }));
  const edges = [];
  for (const t of order) {
    const done = new Set<string>();
    for (const e of an.deps(t)) {
      const k = `${e.to.key}\0${e.attr}`;
      if (e.implicit || done.has(k)) continue;
      done.add(k);
      edges.push({ from: t.key, to: e.to.key, attr: e.attr, ...(e.attr === '$config_dependencies' ? { select: true } : {}), ...(e.tool ? { tool: true } : {}) });
    }
  }
  return { nodes, edges };
}

/** Parses and reports a TargetParsingError as Bazel does. */
export function patternError(e: unknown, con: Console): number | undefined {
  if (e instanceof TargetParsingError) {
    con.line('error', e.message);
    return EXIT.COMMAND_LINE_ERROR;
  }
  return undefined;
}
