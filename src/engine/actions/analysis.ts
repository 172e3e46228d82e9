// Analysis: the one configured-target graph. Every command past loading reads it — build, test and run take the
// actions and providers, cquery walks its nodes and edges (config/configured.ts's view), the UI reads its
// select() explanations and Diagnostics — so they cannot disagree.
//
// A target is analysed in a configuration (source files in none), depth first and memoised by
// `label (config id)`, the way Bazel's ConfiguredTargetFunction does it, in two halves:
//
//   1. What every rule shares, done here: the config_settings its select()s name are analysed first (in the
//      rule's configuration; a broken one fails there, at its own declaration); then every select() is resolved
//      against the configuration, its explanation kept (the first failure of a target is its error, as Bazel
//      stops there); then every label attribute's targets are looked up and analysed — tools (schema `tool`) in
//      the exec configuration (host under the 4.2.3 profile; genrule `exec_tools` always exec), the rest in the
//      rule's — and each edge is checked as RuleContext does: the target exists, a package_group is only used in
//      `visibility`, the target as written (an alias's own visibility, not its actual's) is visible from the
//      rule, and a non-test rule does not depend on a testonly target (testonly is that of what an alias finally
//      stands for). Implicit edges (`$genrule_setup`, the platforms of toolchain-resolving rules, a test_suite's
//      `$implicit_tests`) are analysed too, without the checks.
//   2. What the rule class does, in its registry entry (rules/): given a RuleContext — resolved attributes,
//      analysed prerequisites, outputs to declare, actions to register — it returns providers or fails. A rule
//      whose prerequisites failed is not run.
//
// Failures are Diagnostics, made where they happen: the message in Bazel's words, the place to mark in the
// editor (the label string, the select(), the attribute), where Bazel's console locates it (the rule call, or
// nowhere), and related places (the matching conditions of an ambiguous select()). The commands layer prints them.
// A target that fails carries its root cause: what Bazel prints after "build aborted: ".

import type { ConsoleEvent, Diagnostic, Profile, RelatedLocation } from '../base/index.ts';
import {
  execConfiguration,
  hasConstraint,
  lastValue,
  resolveAttribute,
  TargetLookup,
  type ConfigContext,
  type ConfiguredEdge,
  type ConfiguredGraph,
  type Configuration,
  type SelectExplanation,
  type SettingMatch,
} from '../config/index.ts';
import { hostPlatformOf, labelListAttr, toolchainDebugFilter, ToolchainResolver, type ResolutionTraceMemo, type ResolvedAttribute, type ResolvedToolchains, type ToolchainExplanation } from '../config/index.ts';
import {
  allAttributes,
  attrValue,
  Configurable,
  StarlarkTransition,
  describeDependency,
  drawCycle,
  inAttribute,
  inRule,
  isLabelType,
  isNativeSchema,
  isVisible,
  labelsIn,
  labelToString,
  LabelSyntaxError,
  locateInRule,
  macroNamingViolation,
  misplacedPackageGroup,
  misplacedFile,
  dependencyDoesNotExist,
  producesNoAllowedFile,
  notVisible,
  parseCanonicalLabel,
  parseLabelInPackage,
  inTargetNoSuchLabel,
  targetInPackageInError,
  missingEdge,
  testonlyDependency,
  type AttrSpec,
  type AttrValue,
  type Label,
  type LocateRequest,
  type Loader,
  type PlainAttrValue,
  type RuleTarget,
  type Target,
} from '../loading/index.ts';
import type { GenqueryExplanation } from '../query/index.ts';
import { binDir, type Action, type AnalyzedTarget, type Artifact, type Incompatibility, type RootCause } from './artifacts.ts';
import type { GenruleExplanation } from './explanations.ts';
import type { RuleContext, RuleExplanation, RuleResult } from './rule-context.ts';
import { implementationOf } from './rules/index.ts';
import { applyTransition, type TransitionFailure, type TransitionResult } from './transitions.ts';
import { noProviders } from './rules/no-providers.ts';
import type { SuiteExplanation } from '../loading/index.ts';

export interface AnalysisOptions {
  /** The loader, command line, profile and workspace path (the configuration layer's context). */
  readonly context: ConfigContext;
  /** The target configuration, made from the command line. */
  readonly target: Configuration;
}

/** What analysis explains for the UI, keyed as the panels look things up. */
export interface AnalysisExplanations {
  /** select() resolutions: configured-target key → one per configurable attribute resolved. */
  readonly selects: ReadonlyMap<string, readonly SelectExplanation[]>;
  /** config_settings analysed: configured-target key → the match, entry by entry (or why it is malformed). */
  readonly settings: ReadonlyMap<string, SettingMatch>;
  /** genrule label (` (<output dir>)` outside the target configuration) → command expansion. */
  readonly genrules: ReadonlyMap<string, GenruleExplanation>;
  readonly testSuites: ReadonlyMap<string, SuiteExplanation>;
  readonly genqueries: ReadonlyMap<string, GenqueryExplanation>;
  /** Toolchain resolution: configured-target key → platforms, candidates and what each lacks. */
  readonly toolchains: ReadonlyMap<string, ToolchainExplanation>;
}

interface NodeState {
  readonly edges: ConfiguredEdge[];
  readonly attrs: Map<string, PlainAttrValue>;
  /** Attributes of `attrs` whose value is the default: unset, or None in every select() branch chosen. */
  defaulted?: Set<string>;
  readonly prerequisites: Map<string, AnalyzedTarget[]>;
  /** A select() of this target failed (only its first failure is reported). */
  selectFailed: boolean;
  /** Dependencies in a package in error already reported. */
  inErrorReported?: Set<string>;
  failed: boolean;
  cause?: RootCause;
  /**
   * The step at which `cause` was found, when it came from a dependency or a loading error: a failure found earlier
   * takes its place (without --keep_going Bazel stops at the first one).
   */
  causeStep?: number;
  /**
   * The checks of each edge (visibility, testonly), run once every dependency is analysed and only when none
   * failed: Bazel validates prerequisites when it creates the rule's context, which a failed dependency prevents.
   */
  checks?: (() => void)[];
  /** The target platform cannot build this rule (target_compatible_with, its own or a dependency's). */
  incompatible?: Incompatibility;
  /** Among the causes of its failure is a loading error (here or in a dependency), whatever the first one was. */
  loadingFailure?: boolean;
  /** The rule's resolved toolchains (rules that request toolchain types). */
  toolchains?: ResolvedToolchains;
  /** The step at which its own first error was found (see Analysis.stepOf). */
  errorStep?: number;
}

const NO_EDGES: readonly ConfiguredEdge[] = [];

/** The key a select() error names as no condition ("//p:x is not a valid select() condition for …"). */
function invalidKeyOf(error: string): string | undefined {
  return /^(\S+) is not a valid select\(\) condition for /.exec(error)?.[1];
}

/** A select() failure found while collecting its keys: a key that is no condition, or whose config_setting fails. */
function keyFailure(r: ResolvedAttribute): boolean {
  return 'error' in r && (r.failedSetting !== undefined || invalidKeyOf(r.error) !== undefined);
}

/** A label lookup's error for a package that does not exist or could not be loaded (Bazel's NoSuchPackageException). */
function isMissingPackage(error: string): boolean {
  return error.startsWith('no such package ');
}

/** Takes a dependency's or a loading error's cause unless one found no later is there (see NodeState.causeStep). */
function earlierCause(s: NodeState, cause: RootCause | undefined, step: number): void {
  if (s.cause !== undefined && (s.causeStep === undefined || s.causeStep <= step)) return;
  s.cause = cause;
  s.causeStep = step;
}

export class Analysis implements ConfiguredGraph {
  readonly profile: Profile;
  readonly loader: Loader;
  readonly lookup: TargetLookup;
  readonly workspaceDir: string;
  readonly targetConfig: Configuration;
  /** Where tools are built: the exec configuration (host under the 4.2.3 profile). */
  readonly toolConfig: Configuration;
  /** genrule `exec_tools`: always the exec configuration. */
  private readonly execToolsConfig: Configuration;
  private readonly toolchainResolver: ToolchainResolver;
  private readonly hostPlatform: string;
  /** --toolchain_resolution_debug: which types and targets it asks about, and what it has printed. */
  private readonly toolchainDebug: ((label: string) => boolean) | undefined;
  private readonly traceMemo: ResolutionTraceMemo = { contexts: new Set(), singles: new Set() };
  readonly actions = new Map<string, Action>();
  private get keepGoing(): boolean {
    return lastValue(this.opts.context.commandLine.options, 'keep_going')?.value === true;
  }
  /** Main-repository packages whose targets were configured, for "N packages loaded, M targets configured". */
  readonly packagesSeen = new Set<string>();
  private readonly diagnostics: Diagnostic[] = [];
  /** What the console prints, in order: the Diagnostics and the DEBUG lines of print() in implementations. */
  private readonly printed: (Diagnostic | ConsoleEvent)[] = [];
  /** Each printed Diagnostic by what the console shows of it (see report). */
  private readonly printedOnce = new Map<string, Diagnostic>();
  private taken = 0;
  /** The step at which each printed diagnostic or DEBUG line was emitted (see stepOf). */
  private readonly printedStep = new WeakMap<Diagnostic | ConsoleEvent, number>();
  /**
   * A rule implementation is running: its errors come half a step after the prerequisite checks of the same step
   * (Bazel validates a rule's dependencies, visibility first, before it runs the implementation: of two targets
   * failing at one depth, one with a visibility error is named before one whose command fails to expand,
   * whichever comes first by label; checked with 4.2.3).
   */
  private inImplementation = false;
  /** A select() key's failure as the rule asking for it reported it when it was found: the key's label. */
  private readonly bubbledFrom = new WeakMap<Diagnostic | ConsoleEvent, string>();
  /** Per configured-target key: the step its analysis completes at, and the one its failure is known at. */
  private readonly steps = new Map<string, { readonly done: number; readonly failed: number }>();
  private readonly ownDepths = new Map<string, number>();
  /** Per configured-target key: the target whose analysis first asked for it (none for a top-level one). */
  private readonly requester = new Map<string, string>();
  private readonly done = new Map<string, AnalyzedTarget>();
  private readonly state = new Map<string, NodeState>();
  private readonly order: AnalyzedTarget[] = [];
  /** Keys being analysed, outermost first (for cycles). */
  private readonly stack: string[] = [];
  private readonly generated = new Map<string, Artifact>();
  private readonly ex = {
    selects: new Map<string, SelectExplanation[]>(),
    settings: new Map<string, SettingMatch>(),
    genrules: new Map<string, GenruleExplanation>(),
    testSuites: new Map<string, SuiteExplanation>(),
    genqueries: new Map<string, GenqueryExplanation>(),
    toolchains: new Map<string, ToolchainExplanation>(),
  };

  constructor(readonly opts: AnalysisOptions) {
    const ctx = opts.context;
    this.profile = ctx.profile;
    this.loader = ctx.loader;
    this.workspaceDir = ctx.workspaceDir;
    this.lookup = new TargetLookup(ctx.loader);
    this.targetConfig = opts.target;
    this.toolConfig = execConfiguration(opts.target, ctx);
    this.execToolsConfig = execConfiguration(opts.target, ctx, 'exec');
    this.toolchainResolver = new ToolchainResolver(ctx);
    this.hostPlatform = hostPlatformOf(ctx.commandLine, this.profile);
    this.toolchainDebug = toolchainDebugFilter(ctx.commandLine, this.profile);
  }

  // ---- the graph, as cquery and the UI read it ----

  get targets(): readonly AnalyzedTarget[] {
    return this.order;
  }

  deps(ct: { readonly key: string }): readonly ConfiguredEdge[] {
    return this.state.get(ct.key)?.edges ?? NO_EDGES;
  }

  attribute(ct: { readonly key: string; readonly target: Target }, attr: string): PlainAttrValue | undefined {
    const s = this.state.get(ct.key);
    if (!s || ct.target.kind !== 'rule') return undefined;
    if (s.attrs.has(attr)) return s.attrs.get(attr);
    const v = attrValue(ct.target, attr);
    return v instanceof Configurable ? undefined : v;
  }

  /** The configured target with this key, when analysed. */
  get(key: string): AnalyzedTarget | undefined {
    return this.done.get(key);
  }

  get configuredCount(): number {
    return this.order.filter((t) => t.label.repo === '').length;
  }

  explanations(): AnalysisExplanations {
    return this.ex;
  }

  /** Every Diagnostic analysis reported, in order. */
  allDiagnostics(): readonly Diagnostic[] {
    return this.diagnostics;
  }

  /** The Diagnostics (and DEBUG lines) reported since the last call (the console prints them as they come). */
  takeDiagnostics(): (Diagnostic | ConsoleEvent)[] {
    const out = this.printed.slice(this.taken);
    this.taken = this.printed.length;
    return out;
  }

  /** A `DEBUG: <file>:<line>:<column>: <message>` line: print() in a rule implementation. */
  debug(text: string): void {
    this.event({ severity: 'debug', text });
  }

  private event(e: ConsoleEvent): void {
    this.printed.push(e);
    this.printedStep.set(e, this.currentStep());
  }

  // ---- when things happen ----
  //
  // Bazel analyses targets in parallel (Skyframe); without --keep_going the first error found stops everything,
  // and only what was printed by then is printed. rulepen analyses depth first, so it models that time: a
  // target's analysis completes one step after its last dependency's (a source file at step 1); a rule's own
  // errors (visibility, attributes, its implementation) are found when it completes, a dependency that does not
  // exist at step 1 (its package loads), a failed select() key or dependency's failure one step after it is found
  // there, which ends the target's analysis (checked with 4.2.3: analysis-042…045). The order Bazel's threads
  // take targets in is not modelled: among targets failing at the same step, the first listed is taken.

  /** The step at which a target's analysis completes. */
  stepOf(t: AnalyzedTarget): number {
    return this.steps.get(t.key)?.done ?? 1;
  }

  /** The step at which a failed target's failure is known (Infinity when it did not fail). */
  failureStep(t: AnalyzedTarget): number {
    return this.steps.get(t.key)?.failed ?? Infinity;
  }

  /** The step a printed diagnostic or DEBUG line was emitted at. */
  printedAt(e: Diagnostic | ConsoleEvent): number {
    return this.printedStep.get(e) ?? 0;
  }

  /**
   * Whether Bazel prints a diagnostic when `first`'s failure stops analysis: it was found before, or it is one of
   * the errors on the way to that failure (at the same step, another target's are not printed).
   */
  printedBefore(e: Diagnostic | ConsoleEvent, first: AnalyzedTarget): boolean {
    const at = this.printedAt(e);
    const stop = this.failureStep(first);
    const chain = this.failureChain(first);
    // At the step the failure starts from (its root cause's) and at the step it stops, only the errors on its way
    // are printed: another target failing as early was not met first (two select() keys failing alike).
    if (at !== stop && at !== chain.rootStep) return at < stop;
    const target = 'target' in e ? e.target : undefined;
    const from = this.bubbledFrom.get(e);
    return target === undefined || chain.labels.has(target) || (from !== undefined && chain.labels.has(from));
  }

  /** The labels from a failed target down the dependencies whose failure it was found through, and where it starts. */
  private failureChain(t: AnalyzedTarget): { labels: Set<string>; rootStep: number } {
    const labels = new Set<string>();
    let rootStep = this.failureStep(t);
    for (let x: AnalyzedTarget | undefined = t; x && !labels.has(labelToString(x.label)); ) {
      labels.add(labelToString(x.label));
      const step = this.failureStep(x);
      rootStep = step;
      const st = this.state.get(x.key);
      const deps = st?.edges.map((e) => e.to as AnalyzedTarget) ?? [];
      // The dependency its failure was found through: the one it names as the cause, else one failing a step before.
      const cause = st?.cause?.kind === 'target' ? st.cause.label : undefined;
      x = deps.find((d) => d.failed && cause !== undefined && labelToString((d.actual ?? d).label) === cause) ?? deps.find((d) => d.failed && this.failureStep(d) + 1 === step);
    }
    return { labels, rootStep };
  }

  /**
   * Of failed top-level targets, the one Bazel names when it stops: the failure found first (the first listed among
   * ties), carried up to the top-level target that first asked for it (Skyframe bubbles the error up to a node
   * without parents, checked with 4.2.3: differential seed 35000) — unless it was asked for as a select() key. cquery
   * names a failing config_setting, or a target failing without dependencies of its own, itself (4.2.3; `bazel
   * build` carries those up too; differential seeds 44256, 45008).
   */
  firstFailure<T extends AnalyzedTarget>(failed: readonly T[], cquery = false): T | undefined {
    let best: T | undefined;
    for (const t of failed) if (!best || this.failureStep(t) < this.failureStep(best)) best = t;
    if (!best) return undefined;
    if (cquery && ((best.target.kind === 'rule' && best.target.ruleClass === 'config_setting') || this.ownDepth(best) <= 1)) return best;
    // Every top-level target asks for its dependencies as it starts: one analysed after the failing target (its
    // requester here is none) had asked before the failure, unless it asked through a select() key.
    const parentOf = (key: string) =>
      this.requester.get(key) ??
      failed.find((p) => p.key !== key && this.state.get(p.key)?.edges.some((e) => e.attr !== '$config_dependencies' && (e.to as AnalyzedTarget).key === key))?.key;
    let key = best.key;
    const seen = new Set([key]);
    for (let up = parentOf(key); up !== undefined && !seen.has(up) && this.done.get(up)?.failed; up = parentOf(key)) {
      key = up;
      seen.add(key);
    }
    return failed.find((t) => t.key === key) ?? best;
  }

  /** The state of the target being analysed now (the top of the stack). */
  private currentState(): NodeState | undefined {
    const key = this.stack[this.stack.length - 1];
    return key === undefined ? undefined : this.state.get(key);
  }

  /** One step after the dependencies analysed so far. */
  private stepAfter(s: NodeState): number {
    return 1 + Math.max(0, ...s.edges.map((e) => this.stepOf(e.to as AnalyzedTarget)));
  }

  /**
   * How deep a target's own dependencies go, without the platforms toolchain resolution depends on (every target
   * shares them): among a rule's select() keys, which failure is found first (a config_setting whose `values` are
   * wrong before one that must analyse its constraint_values; checked with 4.2.3).
   */
  private ownDepth(t: AnalyzedTarget, seen = new Set<string>()): number {
    const known = this.ownDepths.get(t.key);
    if (known !== undefined) return known;
    if (seen.has(t.key)) return 0;
    seen.add(t.key);
    const edges = (this.state.get(t.key)?.edges ?? []).filter((e) => e.attr !== '$target_platform' && e.attr !== '$exec_platform');
    const d = 1 + Math.max(0, ...edges.map((e) => this.ownDepth(e.to as AnalyzedTarget, seen)));
    this.ownDepths.set(t.key, d);
    return d;
  }

  /** The step of the target being analysed now. */
  private currentStep(): number {
    const s = this.currentState();
    return s ? this.stepAfter(s) : 0;
  }

  private recordSteps(key: string, s: NodeState, failed: boolean): void {
    const done = this.stepAfter(s);
    if (!failed) {
      this.steps.set(key, { done, failed: Infinity });
      return;
    }
    // A failure ends the target's analysis then (without --keep_going Bazel does not wait for the others).
    let at = s.errorStep ?? Infinity;
    for (const e of s.edges) if ((e.to as AnalyzedTarget).failed) at = Math.min(at, this.failureStep(e.to as AnalyzedTarget) + 1);
    if (at === Infinity) at = done;
    this.steps.set(key, { done: at, failed: at });
  }

  // ---- analysing ----

  /**
   * Analyses what a label names in a configuration (source files and package groups, which are not configurable,
   * in none); undefined when it names nothing.
   */
  analyzeLabel(label: Label, config: Configuration): AnalyzedTarget | undefined {
    const t = this.lookup.target(label);
    return t ? this.analyze(t, config) : undefined;
  }

  /**
   * The configuration a rule's resolved toolchains are analysed in: 4.2.3's host one, the rule's own, or (a rule
   * class with the toolchain transition) the rule's own under a key of its own (TOOLCHAIN_KEYED).
   */
  toolchainConfig(rule: RuleTarget, config: Configuration): Configuration {
    if (this.profile.toolchains.transitionRules?.includes(rule.ruleClass)) {
      let keyed = this.toolchainKeyed.get(config);
      if (!keyed) this.toolchainKeyed.set(config, (keyed = Object.create(config, { [TOOLCHAIN_KEYED]: { value: true } }) as Configuration));
      return keyed;
    }
    return this.profile.toolchains.toolchainConfig === 'host' ? this.toolConfig : config;
  }

  private readonly toolchainKeyed = new Map<Configuration, Configuration>();

  /** `attr`: the attribute of the target being analysed that asks for this one (none for a top-level target). */
  analyze(t: Target, config: Configuration | null, attr?: string): AnalyzedTarget {
    // A toolchain-keyed configuration is the configuration itself, for a node of its own (Bazel's key with a
    // toolchain context); what it depends on is in the plain one.
    const keyed = config !== null && TOOLCHAIN_KEYED in config;
    if (keyed) config = Object.getPrototypeOf(config) as Configuration;
    let c = t.kind === 'source file' || t.kind === 'package group' ? null : config;
    // A rule class's own transition applies on the way into its targets (and their output files).
    let transitionError: TransitionFailure | undefined;
    if (c !== null && !keyed) {
      const r = this.incomingTransition(t, c);
      if (r && 'error' in r) transitionError = r;
      else if (r) c = r.config;
    }
    const key = `${labelToString(t.label)} (${c?.id ?? 'null'})${keyed && c ? ' [toolchain]' : ''}`;
    const done = this.done.get(key);
    if (done) return done;
    const at = this.stack.indexOf(key);
    if (at >= 0) return this.cycle(t, c, key, at);
    if (t.label.repo === '') this.packagesSeen.add(t.label.pkg);
    const parent = this.stack[this.stack.length - 1];
    // A select() key's failure is not carried up to the rule asking for it (see firstFailure).
    if (parent !== undefined && attr !== '$config_dependencies') this.requester.set(key, parent);
    const s: NodeState = { edges: [], attrs: new Map(), prerequisites: new Map(), selectFailed: false, failed: false };
    this.state.set(key, s);
    this.stack.push(key);
    let result: AnalyzedTarget;
    try {
      result = transitionError ? this.transitionFailed(t, c, key, transitionError) : this.compute(t, c, key, s);
    } finally {
      this.stack.pop();
    }
    if (s.failed && !result.failed) result = { ...result, failed: true };
    this.recordSteps(key, s, result.failed);
    if (result.failed) result = { ...result, rootCause: s.cause ?? { kind: 'target', label: labelToString(t.label) }, ...(s.loadingFailure ? { loadingFailure: true } : {}) };
    this.done.set(key, result);
    this.order.push(result);
    return result;
  }

  private base(t: Target, config: Configuration | null, key: string): AnalyzedTarget {
    return { key, label: t.label, target: t, config, files: [], runfiles: [], outputGroups: new Map(), testonly: false, failed: false };
  }

  private compute(t: Target, config: Configuration | null, key: string, s: NodeState): AnalyzedTarget {
    const base = this.base(t, config, key);
    if (t.kind !== 'package group' && t.macroViolation !== undefined) {
      // Package.checkMacroNamespaceCompliance: the package loads, the target cannot be configured.
      this.report(t.kind === 'rule' ? t : undefined, macroNamingViolation(labelToString(t.label), t.macroViolation), {}, { printed: 'none' });
      return { ...base, failed: true };
    }
    switch (t.kind) {
      case 'source file': {
        // A file of a package in error fails unreported, as a rule there does (ConfiguredTargetFunction; checked
        // with 4.2.3: a requested file is "errors encountered while analyzing", differential seed 55541).
        if (this.inPackageInError(t.label)) {
          this.failAsPackageInError(s);
          return { ...base, failed: true };
        }
        const path = t.label.pkg ? `${t.label.pkg}/${t.label.name}` : t.label.name;
        const a: Artifact = { execPath: t.label.repo ? `external/${t.label.repo}/${path}` : path, shortPath: t.label.repo ? `../${t.label.repo}/${path}` : path, root: '', label: t.label };
        // A file has no runfiles provider: only a `data` edge adds it (Runfiles.addTargetIncludingFileTargets).
        return { ...base, files: [a], runfiles: [], dataRunfiles: [a] };
      }
      case 'package group':
        for (const l of t.includes) this.edge(s, t, 'includes', l, null, { implicit: false, tool: false, checked: false });
        return base;
      case 'generated file': {
        const rule = this.edge(s, t, '$generating_rule', t.rule, config, { implicit: false, tool: false, checked: false });
        const a = this.generated.get(key);
        if (rule?.incompatible && !rule.failed) return { ...base, testonly: rule.testonly, incompatible: { platform: rule.incompatible.platform, via: rule } };
        if (!rule || rule.failed || !a) return { ...base, failed: true, testonly: rule?.testonly ?? false };
        return { ...base, files: [a], runfiles: [], dataRunfiles: [a], testonly: rule.testonly };
      }
      case 'rule':
        return this.rule(t, config!, base, s);
    }
  }

  /** Set when a transition made a configuration Bazel rejects (an invalid --cpu): the build exits 2. */
  invalidConfiguration = false;

  /** The transition of a rule class with `cfg = transition(...)`, for its targets and their output files. */
  private incomingTransition(t: Target, config: Configuration): TransitionResult | undefined {
    const rule = t.kind === 'rule' ? t : t.kind === 'generated file' ? this.lookup.target(t.rule) : undefined;
    if (rule?.kind !== 'rule' || !(rule.schema.ruleTransition instanceof StarlarkTransition)) return undefined;
    return this.transition(rule.schema.ruleTransition, config, rule);
  }

  /**
   * Applies a Starlark transition for `rule`. Its `attr` holds the rule's attribute values, a select() resolved in
   * the configuration the edge starts in — left out when no key matches there, or when a key reads a setting the
   * transition writes (ConfiguredAttributeMapper before the transition; rule_transition_test.sh).
   */
  private readonly transitions = new Map<string, TransitionResult>();
  private readonly transitionIds = new Map<StarlarkTransition, number>();

  private transition(tr: StarlarkTransition, config: Configuration, rule: RuleTarget): TransitionResult {
    // Once per rule, configuration and transition (Bazel caches a transition's result; its print()s show once).
    let id = this.transitionIds.get(tr);
    if (id === undefined) this.transitionIds.set(tr, (id = this.transitionIds.size ?? 0));
    const memo = `${labelToString(rule.label)} ${config.id} ${id}`;
    const known = this.transitions.get(memo);
    if (known) return known;
    const r = this.transitionUncached(tr, config, rule);
    this.transitions.set(memo, r);
    return r;
  }

  private transitionUncached(tr: StarlarkTransition, config: Configuration, rule: RuleTarget): TransitionResult {
    const attrs = new Map<string, PlainAttrValue>();
    const writes = new Set(tr.outputs.map((o) => (o.startsWith('//command_line_option:') ? o : this.settingKey(o, tr.bzlPackage))));
    for (const spec of rule.schema.attrs) {
      const v = rule.attrs.get(spec.name);
      if (!(v instanceof Configurable)) {
        const plain = attrValue(rule, spec.name);
        if (plain !== undefined) attrs.set(spec.name, plain as PlainAttrValue);
        continue;
      }
      const r = resolveAttribute(rule, spec.name, config, this.opts.context);
      if ('error' in r) continue;
      const reads = (r.explanation?.conditions ?? []).flatMap((c) => c.checks.map((k) => (k.kind === 'flag_values' ? k.setting.slice(0, k.setting.lastIndexOf('=')) : `//command_line_option:${k.key}`)));
      if (reads.some((x) => writes.has(x))) continue;
      attrs.set(spec.name, r.value);
    }
    attrs.set('name', rule.label.name);
    const r = applyTransition(tr, config, attrs, {
      profile: this.profile,
      target: (l) => this.lookup.target(parseCanonicalLabel(l)),
      print: (msg, where) => this.debug(`${this.loader.abs(where.file)}:${where.line}:${where.column}: ${msg}`),
    });
    if ('error' in r && r.invalidConfiguration) this.invalidConfiguration = true;
    return r;
  }

  /** A setting label as a transition names it, canonical (relative ones read in the .bzl file's package). */
  private settingKey(key: string, pkg: string): string {
    try {
      return labelToString(parseLabelInPackage(key, { repo: '', pkg }, this.profile.labels));
    } catch (e) {
      if (e instanceof LabelSyntaxError) return key;
      throw e;
    }
  }

  /** A target whose incoming transition failed: the error at the rule, and no configured target. */
  private transitionFailed(t: Target, config: Configuration | null, key: string, r: TransitionFailure): AnalyzedTarget {
    // The implementation failed: Bazel's "Errors encountered while applying Starlark transition" at the target,
    // with the Starlark error and its traceback.
    const text = r.diagnostic ? `Errors encountered while applying Starlark transition\n${this.loader.traceback(r.diagnostic)}` : r.error;
    if (t.kind === 'rule') this.report(t, r.diagnostic ? text : inRule(t.ruleClass, t.label) + text);
    else this.report(undefined, text);
    return { ...this.base(t, config, key), failed: true };
  }

  /** A cycle: Bazel's drawing of it, at the target where it starts; everything on it fails. */
  private cycle(t: Target, config: Configuration | null, key: string, at: number): AnalyzedTarget {
    const members = this.stack.slice(at).map((k) => k.replace(/ \([^)]*\)$/, ''));
    const drawing = drawCycle([...members, labelToString(t.label)]);
    if (t.kind === 'rule') this.report(t, inRule(t.ruleClass, t.label) + 'cycle in dependency graph:\n' + drawing);
    else this.report(undefined, 'cycle in dependency graph:\n' + drawing);
    for (const k of this.stack.slice(at)) {
      const s = this.state.get(k);
      if (s) {
        s.failed = true;
        s.cause ??= { kind: 'cycle' };
      }
    }
    return { ...this.base(t, config, key), failed: true, rootCause: { kind: 'cycle' } };
  }

  private attributesOf(schema: RuleTarget['schema']): readonly AttrSpec[] {
    return allAttributes(schema, this.profile.postBazel4Attributes);
  }

  /** A rule is testonly when it says so, when it is a test, when its package says so, or (test_suite) unless it says otherwise. */
  isTestonly(rule: RuleTarget): boolean {
    if (rule.schema.test) return true;
    if (rule.attrs.has('testonly')) return rule.attrs.get('testonly') === true;
    if (rule.ruleClass === 'test_suite') return true;
    return this.loader.getPackage(rule.label.pkg)?.args.defaultTestonly === true && rule.label.repo === '';
  }

  /**
   * Everything rule-independent (the first half in the header): select() keys, attributes resolved, every label
   * attribute's targets analysed and the edges checked, implicit edges. Failures mark `s`.
   */
  /**
   * The config_settings (or aliases, constraint_values) the select()s name, analysed first; false when there are
   * none. As Bazel's getConfigConditions resolves them all at once, a key naming nothing in another package
   * (`no such target`) or whose analysis failed fails the target with one unlocated "While resolving
   * configuration keys for …" error: under --keep_going the last such key's (in order of appearance), else a
   * missing one's first (loading errors come before analysis errors). A key naming nothing in the rule's own
   * package is an input file there: the select() says it is not a valid condition.
   */
  private configKeys(rule: RuleTarget, config: Configuration, s: NodeState): boolean {
    // Each key with the first attribute whose select() names it (where the editor marks it).
    const keys = new Map<string, { readonly key: Label; readonly attr: string }>();
    for (const [name, raw] of rule.attrs) {
      if (!(raw instanceof Configurable)) continue;
      for (const part of raw.parts) {
        if (part.kind !== 'selector') continue;
        for (const br of part.branches) if (!br.isDefault && !keys.has(labelToString(br.key))) keys.set(labelToString(br.key), { key: br.key, attr: name });
      }
    }
    const failures: { readonly message: string; readonly missing: boolean; readonly loading?: RootCause; readonly label: string; readonly key: string; readonly attr: string; readonly keyLabel?: Label; readonly related?: RelatedLocation[]; readonly depth?: number; readonly dep?: AnalyzedTarget }[] = [];
    for (const { key, attr } of keys.values()) {
      const dep = this.edge(s, rule, '$config_dependencies', key, config, { implicit: false, tool: false, checked: false });
      if (dep === undefined) {
        const found = this.lookup.get(key);
        const samePackage = key.repo === rule.label.repo && key.pkg === rule.label.pkg;
        if ('error' in found && !samePackage) failures.push({ message: found.error, missing: true, label: labelToString(key), key: labelToString(key), attr, keyLabel: key });
      } else if (dep.failed) {
        // Bazel names the root cause: the string_flag whose value a config_setting on it could not accept. A key
        // that failed for a loading reason (its package in error, a dependency missing) is "Analysis failed".
        const failed = dep.rootCause?.kind === 'target' ? dep.rootCause.label : labelToString((dep.actual ?? dep).label);
        const related = this.declaredAt((dep.actual ?? dep).target, `${failed} cannot be analysed`);
        const loading = dep.rootCause?.kind === 'loading' ? dep.rootCause : undefined;
        failures.push({ message: loading ? (loading.message ?? 'Analysis failed') : `Analysis of target '${failed}' failed`, missing: false, loading, label: failed, key: labelToString(key), attr, related, depth: this.ownDepth(dep), dep });
      }
    }
    if (failures.length > 0 && !s.selectFailed && this.profile.selectKeyFailure === 'errors-encountered') {
      // Each missing key's error where it arises (its package's BUILD file; unlocated when there is no package),
      // then one line at the rule. A failed config_setting already printed its own.
      for (const f of failures) {
        const key = f.keyLabel;
        if (!key) continue;
        const buildFile = key.repo === '' ? this.loader.getPackage(key.pkg)?.buildFile : undefined;
        this.report(rule, f.message, { attr: f.attr, selectKey: f.key }, buildFile ? { printedAtFile: buildFile } : { printed: 'none' });
      }
      s.cause = { kind: 'diagnostic', diagnostic: this.keysFailed(rule, failures[0]!.attr, failures[0]!.key) };
      s.failed = true;
      s.selectFailed = true;
    } else if (failures.length > 0 && !s.selectFailed) {
      // Without --keep_going, the key whose failure is found first: a missing one, else the shallowest (a
      // config_setting whose `values` are wrong fails before one that must analyse its constraint_values).
      const earliest = failures.reduce((a, b) => ((b.depth ?? Infinity) < (a.depth ?? Infinity) ? b : a));
      const f = this.keepGoing ? failures[failures.length - 1]! : (failures.find((x) => x.missing) ?? earliest);
      const d = this.report(rule, `While resolving configuration keys for ${labelToString(rule.label)}: ${f.message}`, { attr: f.attr, selectKey: f.key }, { printed: 'none', ...(f.related ? { related: f.related } : {}) });
      if (f.dep && (f.depth ?? 0) > 1) {
        // The rule asked for the key before it failed (the key had dependencies to wait for): the failure passes
        // through the rule as it is found, so this line is printed even when Bazel names the key's own failure.
        this.printedStep.set(d, this.failureStep(f.dep));
        this.bubbledFrom.set(d, f.label);
      }
      s.failed = true;
      s.selectFailed = true;
      s.cause = f.missing ? { kind: 'diagnostic', diagnostic: { ...d, message: f.message } } : (f.loading ?? { kind: 'target', label: f.label });
      if (f.dep?.loadingFailure) s.loadingFailure = true;
    }
    return keys.size > 0;
  }

  /**
   * Current Bazel's line, at the rule, for select() keys that cannot be used (profile row selectKeyFailure); as
   * the root cause after "build aborted: " it is unlocated, like an invalid condition's.
   */
  private keysFailed(rule: RuleTarget, attr: string, key: string): Diagnostic {
    const d = this.report(rule, `errors encountered resolving select() keys for ${labelToString(rule.label)}`, { attr, selectKey: key });
    return { ...d, printedAt: null };
  }

  private prerequisites(rule: RuleTarget, config: Configuration, s: NodeState, o: { readonly untilCompatibility?: boolean } = {}): void {
    const specs = this.attributesOf(rule.schema);

    // The select() keys: prerequisites, analysed first. When one fails, no dependency is resolved
    // (ConfiguredTargetFunction stops at getConfigConditions; checked with 4.2.3).
    this.configKeys(rule, config, s);
    // Then every select() is resolved, in attribute order, before any dependency is analysed (Bazel validates the
    // configured attributes first): the first that fails stops the rule. After a failed key they are still
    // explained (the Why panel), with no further error.
    const configurable = [...rule.attrs].filter(([, raw]) => raw instanceof Configurable).map(([name]) => name);
    const order = new Map(specs.map((spec, i) => [spec.name, i]));
    configurable.sort((a, b) => (order.get(a) ?? specs.length) - (order.get(b) ?? specs.length));
    // Bazel collects every select() key first (getConfigConditions): a key that is no condition, or whose
    // config_setting fails, is named before any attribute that matches nothing (checked with 4.2.3).
    const resolved = configurable.map((name) => ({ name, r: this.resolveExplained(rule, name, config) }));
    for (const x of resolved) if (keyFailure(x.r)) this.settle(rule, x.name, s, x.r);
    for (const x of resolved) if (!keyFailure(x.r)) this.settle(rule, x.name, s, x.r);
    if (s.selectFailed) return;

    // target_compatible_with first: its constraint values analysed and checked against the target platform.
    const direct = this.compatibility(rule, config, s);
    if (o.untilCompatibility) {
      s.incompatible = direct;
      if (direct && !s.failed) for (const check of s.checks ?? []) check();
      return;
    }
    if (direct && this.profile.incompatibleTargets.skipDependencies) {
      s.incompatible = direct;
      if (!s.failed) for (const check of s.checks ?? []) check();
      return;
    }

    // Label attributes: resolved, their targets analysed and the edges checked.
    for (const spec of specs) {
      if (!isLabelType(spec.type) || spec.type.startsWith('nodep') || spec.name === 'visibility' || spec.name === 'target_compatible_with') continue;
      // Current Bazel's genquery reads its scope as packages, not as analysed (configured, visibility-checked) deps.
      if (rule.ruleClass === 'genquery' && spec.name === 'scope' && !this.profile.genqueryScopeAnalysed) continue;
      const tool = spec.tool === true;
      // An exec-transition tool of a host-configured target stays in the host configuration.
      let depConfig = tool ? (spec.exec && config.kind !== 'host' ? this.execToolsConfig : this.toolConfig) : config;
      // An attribute's Starlark transition: its dependencies are analysed in the configuration it makes.
      if (!tool && spec.transition instanceof StarlarkTransition) {
        const r = this.transition(spec.transition, config, rule);
        if ('error' in r) {
          const text = r.diagnostic ? `Errors encountered while applying Starlark transition\n${this.loader.traceback(r.diagnostic)}` : inAttribute(spec.name, rule.ruleClass, rule.label) + r.error;
          this.report(rule, text, { attr: spec.name });
          s.failed = true;
          continue;
        }
        depConfig = r.config;
      }
      if (spec.implicit) {
        // 4.2.3's C++ toolchain by --cpu: the cc_toolchain_suite --crosstool_top names, in the rule's configuration.
        if (spec.name === ':cc_toolchain' && this.profile.toolchains.ccToolchainSuite && typeof spec.default === 'string') {
          this.edge(s, rule, spec.name, parseCanonicalLabel(spec.default), config, { implicit: true, tool: false, checked: false });
          continue;
        }
        if (spec.queryOnly && !this.profile.implicitToolsAnalysed) continue;
        this.toolEdges(s, rule, spec, attrValue(rule, spec.name), depConfig, tool);
        continue;
      }
      const value = s.attrs.has(spec.name) ? s.attrs.get(spec.name) : this.resolve(rule, spec.name, config, s);
      if (value === undefined) continue;
      // Unset, or None in the select() branches chosen: the attribute's default, a dependency not written.
      const defaulted = s.defaulted?.has(spec.name) === true;
      if (defaulted && isNativeSchema(rule.schema)) {
        // A native rule's default labels (cc_binary's malloc) are implicit dependencies on Bazel's tools.
        if (this.profile.implicitToolsAnalysed) this.toolEdges(s, rule, spec, value, depConfig, tool);
        continue;
      }
      // A label listed twice is one dependency (the duplicate is a loading error).
      const seen = new Set<string>();
      for (const l of labelsIn(spec.type, value)) {
        const k = labelToString(l);
        if (seen.has(k)) continue;
        seen.add(k);
        this.edge(s, rule, spec.name, l, depConfig, { implicit: defaulted, tool, checked: true });
      }
    }
    // Every other select() is resolved too (cmd, tags, …), for its explanation and errors.
    for (const [name, raw] of rule.attrs) {
      if (raw instanceof Configurable && !s.attrs.has(name)) this.resolve(rule, name, config, s);
    }
    if (rule.ruleClass === 'test_suite') {
      for (const l of rule.implicitTests ?? []) this.edge(s, rule, '$implicit_tests', l, config, { implicit: false, tool: false, checked: false });
    }
    // Rules that resolve toolchains depend on the target platform (and, current Bazel, the execution platform).
    const edges = this.profile.platformEdges;
    if (this.resolvesToolchains(rule)) {
      const tp = this.platformLabel(config.platform);
      if (tp) this.edge(s, rule, '$target_platform', tp, config, { implicit: true, tool: false, checked: false });
      if (edges.execPlatform === 'exec') {
        const ep = this.platformLabel(this.toolConfig.platform);
        if (ep) this.edge(s, rule, '$exec_platform', ep, this.toolConfig, { implicit: true, tool: true, checked: false });
      } else if (edges.execPlatform === 'target') {
        // 4.2.3: the selected execution platform, in the rule's own configuration (checked with cquery).
        const ep = this.platformLabel(s.toolchains?.execPlatform ?? this.hostPlatform);
        if (ep && config.platform !== labelToString(ep)) this.edge(s, rule, '$exec_platform', ep, config, { implicit: true, tool: false, checked: false });
      }
    }
    // The toolchain types requested and the toolchains resolved for them (4.2.3: in the host configuration).
    for (const t of s.toolchains?.toolchains ?? []) {
      this.edge(s, rule, '$toolchain_type', t.type, config, { implicit: true, tool: false, checked: false });
      const tcConfig = this.toolchainConfig(rule, config);
      const to = t.toolchain ? this.edge(s, rule, '$toolchains', t.toolchain, tcConfig, { implicit: true, tool: tcConfig === this.toolConfig, checked: false }) : undefined;
      if (to && !to.failed && !s.failed && lacksToolchainInfo(to)) {
        this.toolchainFailure(rule, s, `toolchain type ${labelToString(t.type)} resolved to target ${labelToString(t.toolchain!)}, but that target does not provide ToolchainInfo`);
      }
    }
    s.incompatible = direct ?? this.incompatibleDependency(s, config);
    if (!s.failed) {
      // allow_empty = False, before the dependencies' checks (as Bazel 4.2.3 reports them).
      for (const spec of specs) {
        if (!spec.nonEmpty) continue;
        const v = s.attrs.has(spec.name) ? s.attrs.get(spec.name) : attrValue(rule, spec.name);
        if (v === null || v === undefined || (Array.isArray(v) && v.length === 0)) {
          this.report(rule, inAttribute(spec.name, rule.ruleClass, rule.label) + 'attribute must be non empty', { attr: spec.name });
          s.failed = true;
        }
      }
      for (const check of s.checks ?? []) check();
    }
  }

  /**
   * Implicit edges to Bazel's tools, from an implicit attribute or an unset attribute's default labels. Tools the
   * stand-in @bazel_tools lacks (Java's and proto's, which Bazel downloads) are left out rather than errors.
   */
  private toolEdges(s: NodeState, rule: RuleTarget, spec: AttrSpec, v: AttrValue | undefined, config: Configuration, tool: boolean): void {
    if (v === undefined || v instanceof Configurable) return;
    for (const label of labelsIn(spec.type, v)) {
      // A Starlark rule's private attributes are prerequisites like any other (visibility, file types, testonly, a
      // target that does not exist); a native rule's implicit dependencies are Bazel's own public tools, which
      // rulepen's stand-in repositories have where Bazel has them offline.
      if (isNativeSchema(rule.schema) && 'error' in this.lookup.get(label)) continue;
      this.edge(s, rule, spec.name, label, config, { implicit: true, tool, checked: !isNativeSchema(rule.schema) });
    }
  }

  /**
   * The rule's target_compatible_with: each constraint value analysed (a dependency like any other) and looked up
   * in the target platform (a setting it leaves unset has its default_constraint_value). Undefined when the
   * platform has them all.
   */
  private compatibility(rule: RuleTarget, config: Configuration, s: NodeState): Incompatibility | undefined {
    const name = 'target_compatible_with';
    if (!rule.attrs.has(name)) return undefined;
    const value = s.attrs.has(name) ? s.attrs.get(name) : this.resolve(rule, name, config, s);
    if (value === undefined) return undefined;
    const missing: Label[] = [];
    const seen = new Set<string>();
    for (const l of labelsIn('label_list', value)) {
      if (seen.has(labelToString(l))) continue;
      seen.add(labelToString(l));
      const dep = this.edge(s, rule, name, l, config, { implicit: false, tool: false, checked: true });
      if (!dep || dep.failed) continue;
      const value = (dep.actual ?? dep).label;
      const h = hasConstraint(config.constraints, value, this.lookup);
      if ('error' in h) {
        this.report(rule, inAttribute(name, rule.ruleClass, rule.label) + `'${labelToString(l)}' does not have mandatory providers: 'ConstraintValueInfo'`, { attr: name, value: labelToString(l) });
        s.failed = true;
      } else if (!h.matches) missing.push(value);
    }
    return missing.length > 0 ? { platform: config.platform, constraints: missing } : undefined;
  }

  /**
   * Current Bazel's check of a label-list attribute made of several concatenated select()s (loading checked each
   * branch alone; profile row duplicateLabelsInSelects): the value the chosen branches make may name a label
   * once (RuleContext.Builder's checkAttributesForDuplicateLabels). True when it reported one.
   */
  private duplicatesInConfiguredValues(rule: RuleTarget, ctx: Context, s: NodeState): boolean {
    if (this.profile.duplicateLabelsInSelects !== 'configured-value') return false;
    let found = false;
    for (const spec of this.attributesOf(rule.schema)) {
      const raw = rule.attrs.get(spec.name);
      if (spec.type !== 'label_list' || !(raw instanceof Configurable) || raw.parts.length < 2) continue;
      const value = s.attrs.get(spec.name);
      if (value === undefined || value === null) continue;
      const seen = new Set<string>();
      const reported = new Set<string>();
      for (const l of labelsIn(spec.type, value)) {
        const k = labelToString(l);
        if (seen.has(k) && !reported.has(k)) {
          reported.add(k);
          ctx.attributeError(spec.name, `Label '${k}' is duplicated`);
          found = true;
        }
        seen.add(k);
      }
    }
    if (found) s.failed = true;
    return found;
  }

  /** The first dependency (in attribute order) the target platform cannot build makes this rule incompatible too. */
  private incompatibleDependency(s: NodeState, config: Configuration): Incompatibility | undefined {
    for (const e of s.edges) {
      if (e.attr === '$config_dependencies') continue;
      const to = e.to as AnalyzedTarget;
      if (to.incompatible) return { platform: config.platform, via: to };
    }
    return undefined;
  }

  /** Whether a label of the main repository names a target of a package that loaded with errors. */
  private inPackageInError(label: Label): boolean {
    return label.repo === '' && this.loader.getPackage(label.pkg)?.inError === true;
  }

  /** A target of a package in error fails unreported: loading reported the package's errors. */
  private failAsPackageInError(s: NodeState): void {
    s.failed = true;
    s.cause ??= { kind: 'loading' };
    s.loadingFailure = true;
  }

  private rule(rule: RuleTarget, config: Configuration, base: AnalyzedTarget, s: NodeState): AnalyzedTarget {
    const b = { ...base, testonly: this.isTestonly(rule) };
    if (rule.inError || this.inPackageInError(rule.label)) {
      // Bazel's ConfiguredTargetFunction: a target whose package has errors fails, unreported (loading reported
      // the package's errors); yet its select() keys are resolved first, their errors reported ("While resolving
      // configuration keys …", an invalid condition), and a rule without select() keys resolves its
      // dependencies, each one's error reported (checked with 4.2.3).
      this.failAsPackageInError(s);
      if (this.configKeys(rule, config, s)) {
        // Every key resolved: the package's error stops the rule there, in those words.
        if (!s.selectFailed && s.cause?.kind === 'loading') s.cause = { kind: 'loading', message: 'Cannot compute config conditions' };
        for (const [name, raw] of rule.attrs) if (raw instanceof Configurable) this.resolve(rule, name, config, s, { keysOnly: true });
      } else this.prerequisites(rule, config, s);
      return { ...b, failed: true };
    }
    // Toolchain resolution comes first (ConfiguredTargetFunction, before the select() keys). Current Bazel keeps
    // its failure until the target is known to be compatible: a directly incompatible target is skipped whatever
    // toolchains are missing (target_compatible_with_test.sh#test_skipping_with_missing_toolchain).
    const toolchainError = this.resolveToolchains(rule, config, b.key, s);
    if (toolchainError !== undefined) {
      if (this.profile.incompatibleTargets.skipDependencies) {
        this.prerequisites(rule, config, s, { untilCompatibility: true });
        if (s.incompatible && !s.failed) return this.incompatibleResult(rule, config, b, s);
      }
      if (!s.failed) this.toolchainFailure(rule, s, toolchainError);
      return { ...b, failed: true };
    }
    this.prerequisites(rule, config, s);
    if (s.failed) return { ...b, failed: true };
    // The target platform cannot build it: no implementation runs, nothing is built; a test keeps the properties
    // its attributes give (test filters read them; it is reported SKIPPED).
    if (s.incompatible) return this.incompatibleResult(rule, config, b, s);

    const ctx = new Context(this, rule, config, b.key, s);
    if (this.duplicatesInConfiguredValues(rule, ctx, s)) return { ...b, failed: true };
    const outer = this.inImplementation;
    this.inImplementation = true;
    let r: RuleResult;
    try {
      r = implementationOf(rule).analyze(ctx);
    } finally {
      this.inImplementation = outer;
    }
    if ('failed' in r) return { ...b, failed: true };
    if (r.forwardsTo) {
      const a = r.forwardsTo;
      return { ...a, key: b.key, label: b.label, target: b.target, config: b.config, actual: a.actual ?? a, aliasChain: [rule.label, ...(a.aliasChain ?? [])], failed: false, rootCause: undefined };
    }
    return {
      ...b,
      files: r.files ?? [],
      runfiles: r.runfiles ?? [],
      ...(r.dataRunfiles ? { dataRunfiles: r.dataRunfiles } : {}),
      outputGroups: r.outputGroups ?? new Map(),
      ...(r.executable ? { executable: r.executable } : {}),
      ...(r.test ? { test: r.test } : {}),
      ...(r.runArgs ? { runArgs: r.runArgs } : {}),
      ...(r.makeVariables ? { makeVariables: r.makeVariables } : {}),
      ...(r.suiteTests ? { suiteTests: r.suiteTests } : {}),
      ...(r.starlarkProviders ? { starlarkProviders: r.starlarkProviders } : {}),
    };
  }

  /** A rule the target platform cannot build: no implementation runs; a test keeps its test properties. */
  private incompatibleResult(rule: RuleTarget, config: Configuration, b: AnalyzedTarget, s: NodeState): AnalyzedTarget {
    const test = rule.schema.test ? noProviders.analyze(new Context(this, rule, config, b.key, s)) : {};
    return { ...b, incompatible: s.incompatible, ...('test' in test && test.test ? { test: test.test } : {}) };
  }

  /**
   * The toolchain types a rule requests (its rule class's, per profile, and a Starlark rule's `toolchains`),
   * resolved for its configuration's target platform; false when resolution fails, reported as Bazel does:
   * "While resolving toolchains for target //p:t: <why>" (4.2.3 prints it without a location).
   */
  private resolveToolchains(rule: RuleTarget, config: Configuration, key: string, s: NodeState): string | undefined {
    const native = this.profile.toolchains.nativeTypes[rule.ruleClass] ?? [];
    const requests = [...native.map((t) => ({ type: parseCanonicalLabel(t), mandatory: true })), ...(rule.schema.toolchains ?? [])];
    this.traceToolchains(rule, config, requests);
    if (requests.length === 0) return undefined;
    const r = this.toolchainResolver.resolve(requests, config, this.hostPlatform, labelListAttr(rule, 'exec_compatible_with'));
    if (r.explanation) this.ex.toolchains.set(key, r.explanation);
    if ('error' in r) return r.error;
    s.toolchains = r;
    return undefined;
  }

  /** A failed toolchain resolution: "While resolving toolchains for target //p:t: <why>" (4.2.3: unlocated). */
  private toolchainFailure(rule: RuleTarget, s: NodeState, error: string): void {
    const printed = this.profile.toolchains.messages === 'bazel4' ? 'none' : 'rule';
    const d = this.report(rule, `While resolving toolchains for target ${labelToString(rule.label)}: ${error}`, {}, { printed });
    s.failed = true;
    s.cause = { kind: 'diagnostic', diagnostic: { ...d, message: error, printedAt: null } };
  }

  /**
   * --toolchain_resolution_debug's INFO lines for a rule's resolution. 4.2.3 prints every resolution, also of
   * rules that request no type (every rule class that resolves toolchains, the profile's platformEdges); current
   * Bazel those of the types and targets its regular expressions name.
   */
  private traceToolchains(rule: RuleTarget, config: Configuration, requests: readonly { readonly type: Label; readonly mandatory: boolean }[]): void {
    const debug = this.toolchainDebug;
    if (!debug) return;
    const targetAsked = debug(labelToString(rule.label));
    const typeAsked = (type: string) => targetAsked || debug(type);
    if (requests.length === 0 ? !this.resolvesToolchains(rule) || (this.profile.toolchains.messages !== 'bazel4' && !targetAsked) : !targetAsked && !requests.some((r) => typeAsked(labelToString(r.type)))) return;
    for (const text of this.toolchainResolver.trace(requests, config, this.hostPlatform, labelListAttr(rule, 'exec_compatible_with'), this.traceMemo, typeAsked)) this.event({ severity: 'info', text });
  }

  /** Rule classes that resolve toolchains (and so depend on the platforms), per profile. */
  private resolvesToolchains(rule: RuleTarget): boolean {
    const edges = this.profile.platformEdges;
    return 'allExcept' in edges.rules ? !rule.schema.buildSetting && !edges.rules.allExcept.includes(rule.ruleClass) : edges.rules.includes(rule.ruleClass);
  }

  /** The resolved toolchains of an analysed rule (for ctx.toolchains). */
  toolchainsOf(key: string): ResolvedToolchains | undefined {
    return this.state.get(key)?.toolchains;
  }

  private platformLabel(raw: string): Label | undefined {
    try {
      return parseLabelInPackage(raw, { repo: '', pkg: '' }, this.profile.labels);
    } catch (e) {
      if (e instanceof LabelSyntaxError) return undefined;
      throw e;
    }
  }

  /** Resolves one attribute's select()s, keeping the explanation; undefined (after reporting) when it fails. */
  private resolve(rule: RuleTarget, name: string, config: Configuration, s: NodeState, o: { readonly keysOnly?: boolean } = {}): PlainAttrValue | undefined {
    return this.settle(rule, name, s, this.resolveExplained(rule, name, config), o);
  }

  /** Resolves one attribute, keeping its explanation for the Why panel. */
  private resolveExplained(rule: RuleTarget, name: string, config: Configuration): ResolvedAttribute {
    // A label_flag set on the command line stands for the target given there, not its build_setting_default.
    if (rule.ruleClass === 'label_flag' && name === 'build_setting_default') {
      const set = config.starlarkFlag(labelToString(rule.label));
      if (set && set.source.kind !== 'default' && typeof set.value === 'string') {
        const l = this.platformLabel(set.value);
        if (l) return { value: l };
      }
    }
    const r = resolveAttribute(rule, name, config, this.opts.context);
    if (r.explanation) {
      const key = `${labelToString(rule.label)} (${config.id})`;
      const list = this.ex.selects.get(key) ?? [];
      list.push(r.explanation);
      this.ex.selects.set(key, list);
    }
    return r;
  }

  /** Keeps a resolved attribute's value, or reports its failure (the first select() failure stops the rule). */
  private settle(rule: RuleTarget, name: string, s: NodeState, r: ResolvedAttribute, o: { readonly keysOnly?: boolean } = {}): PlainAttrValue | undefined {
    if (!('error' in r)) {
      s.attrs.set(name, r.value);
      if (r.defaulted) (s.defaulted ??= new Set()).add(name);
      return r.value;
    }
    s.failed = true;
    const invalidKey = invalidKeyOf(r.error);
    // Only the keys themselves are checked (a target in a package in error goes no further).
    if (o.keysOnly && !r.failedSetting && !invalidKey) return undefined;
    // Bazel stops analysing a target at its first select() error.
    if (s.selectFailed) return undefined;
    s.selectFailed = true;
    const related = this.conditionPlaces(r.explanation);
    if (r.failedSetting) {
      // A key whose config_setting is broken: that one was reported where it is declared; Bazel adds, unlocated,
      // which target's select() needed it.
      const setting = labelToString(r.failedSetting.target.label);
      const key = r.explanation?.conditions.find((c) => c.error !== undefined)?.setting ?? setting;
      if (this.profile.selectKeyFailure === 'errors-encountered') {
        s.cause ??= { kind: 'diagnostic', diagnostic: this.keysFailed(rule, name, key) };
        return undefined;
      }
      this.report(rule, `While resolving configuration keys for ${labelToString(rule.label)}: ${r.error}`, { attr: name, selectKey: key }, { printed: 'none', related });
      s.cause ??= { kind: 'target', label: setting };
      return undefined;
    }
    const visibility = /^target '.*' is not visible from target /.test(r.error);
    const message = visibility ? inAttribute(name, rule.ruleClass, rule.label) + r.error : r.error;
    const d = this.report(rule, message, invalidKey ? { attr: name, selectKey: invalidKey } : { attr: name, select: true }, { related });
    // Bazel repeats a select() error after "build aborted: ", with its location; an invalid condition (found while
    // resolving the configuration keys) without (checked with 4.2.3).
    s.cause ??= { kind: 'diagnostic', diagnostic: invalidKey ? { ...d, printedAt: null } : d };
    return undefined;
  }

  /** Where the conditions of a select() are declared, as related locations saying whether each matched. */
  private conditionPlaces(e: SelectExplanation | undefined): RelatedLocation[] {
    const out: RelatedLocation[] = [];
    for (const c of e?.conditions ?? []) {
      if (c.setting === '//conditions:default') continue;
      let l: Label;
      try {
        l = parseLabelInPackage(c.resolvedTo ?? c.setting, { repo: '', pkg: '' }, this.profile.labels);
      } catch (err) {
        if (err instanceof LabelSyntaxError) continue;
        throw err;
      }
      const t = this.lookup.target(l);
      if (!t || t.kind !== 'rule' || t.label.repo !== '') continue;
      const place = locateInRule(this.loader.workspace, t);
      if (!place) continue;
      const state = c.error ? `cannot be used: ${c.error.split('\n')[0]}` : c.matches ? 'matches' : 'does not match';
      out.push({ ...place, message: `${c.setting} ${state}` });
    }
    return out;
  }

  /**
   * One edge: looks the label up, analyses the target in `config`, checks the edge (unless `checked` is false)
   * and records it. Returns the analysed target, or undefined when the label names nothing.
   */
  private edge(
    s: NodeState,
    owner: Target,
    attr: string,
    label: Label,
    config: Configuration | null,
    o: { readonly implicit: boolean; readonly tool: boolean; readonly checked: boolean },
  ): AnalyzedTarget | undefined {
    const found = this.lookup.get(label);
    if ('error' in found) {
      // A select() key that names nothing is reported by the select() as an invalid condition.
      if (attr === '$config_dependencies') return undefined;
      // Found as soon as the dependency's package loads.
      if (owner.kind === 'rule') this.report(owner, missingEdge(found.error, owner, label, !o.implicit), { attr, value: labelToString(label) }, { once: 'loaded' });
      else this.report(undefined, found.error, {}, { once: 'loaded' });
      s.failed = true;
      earlierCause(s, { kind: 'loading' }, 1);
      // A missing package is blamed on the rule naming it (Bazel's AnalysisFailedCause): only a missing target of a
      // package that loaded is a loading error in the --keep_going summary (checked with 4.2.3).
      if (!isMissingPackage(found.error)) s.loadingFailure = true;
      return undefined;
    }
    const t = found.target;
    if (attr !== '$config_dependencies' && (owner.kind === 'rule' || owner.kind === 'generated file') && this.inPackageInError(t.label)) {
      // A target in a package with errors is not used, even when it is fine itself; under --keep_going it is
      // still analysed, so its own errors (an output file's generating rule's select() keys…) are reported too
      // (Bazel 4.2.3; without --keep_going the first error ends analysis).
      const inError = targetInPackageInError(t.label);
      // Once per dependency (a label in two attributes is one).
      if (!(s.inErrorReported ??= new Set()).has(labelToString(t.label))) {
        s.inErrorReported.add(labelToString(t.label));
        if (owner.kind === 'rule') this.report(owner, missingEdge(inError, owner, label, !o.implicit), { attr, value: labelToString(label) }, { once: 'loaded' });
        else this.report(undefined, inTargetNoSuchLabel(owner.label, t.label, inError), {}, { once: 'loaded' });
      }
      if (this.keepGoing) this.analyze(t, config);
      s.failed = true;
      earlierCause(s, { kind: 'loading' }, 1);
      s.loadingFailure = true;
      return undefined;
    }
    if (attr === '$config_dependencies' && t.kind === 'source file' && this.inPackageInError(t.label)) {
      // Bazel asks for a select() key in the rule's configuration; a source file takes none, so there it is an
      // empty configured target whatever its package's errors, and the select() finds it no condition (4.2.3).
      return this.base(t, null, `${labelToString(t.label)} (null)`);
    }
    const dep = this.analyze(t, config, attr);
    // As Bazel names a dependency in messages: what it finally is, and the aliases it was reached through.
    const named = { label: dep.actual?.label ?? label, ...(dep.aliasChain ? { aliases: dep.aliasChain } : {}) };
    const finalTarget = dep.actual?.target ?? t;
    // The function-transition allowlist attribute takes a package group (PrerequisiteValidator exempts it by name).
    if (finalTarget.kind === 'package group' && o.checked && owner.kind === 'rule' && attr !== '_allowlist_function_transition') {
      this.report(owner, inAttribute(attr, owner.ruleClass, owner.label) + misplacedPackageGroup(named), { attr, value: labelToString(label) });
      s.failed = true;
      return undefined;
    }
    if (dep.failed) {
      s.failed = true;
      earlierCause(s, dep.rootCause, this.failureStep(dep) + 1);
      if (dep.loadingFailure) s.loadingFailure = true;
    }
    if (o.checked && owner.kind === 'rule') (s.checks ??= []).push(() => this.checkEdge(s, owner, attr, label, t, dep));
    if (!s.edges.some((e) => e.to === dep && e.attr === attr)) s.edges.push({ attr, to: dep, tool: o.tool, implicit: o.implicit });
    const list = s.prerequisites.get(attr) ?? [];
    if (!list.includes(dep)) list.push(dep);
    s.prerequisites.set(attr, list);
    return dep;
  }

  /**
   * For an implicit (private, `_`-named) attribute of a Starlark rule of the main repository, under a profile whose
   * Bazel checks those from the rule's definition (CommonPrerequisiteValidator): the label of the .bzl file whose
   * evaluation called rule(), which the visibility check and its message use.
   */
  private implicitDependencyDefinition(owner: RuleTarget, attr: string): Label | undefined {
    if (!this.profile.implicitDepsVisibleFromDefinition || !attr.startsWith('_')) return undefined;
    const file = owner.schema.definedAt?.[0]?.file;
    if (file === undefined || file.startsWith('/') || file.startsWith('external/')) return undefined;
    const pkg = this.loader.workspace.packageOf(file);
    if (pkg === undefined) return undefined;
    return { repo: '', pkg, name: file.slice(pkg ? pkg.length + 1 : 0) };
  }

  /** An edge's checks: the files the attribute accepts, then visibility and testonly. */
  private checkEdge(s: NodeState, owner: RuleTarget, attr: string, label: Label, t: Target, dep: AnalyzedTarget): void {
    const named = { label: dep.actual?.label ?? label, ...(dep.aliasChain ? { aliases: dep.aliasChain } : {}) };
    const finalTarget = dep.actual?.target ?? t;
    const spec = this.attributesOf(owner.schema).find((a) => a.name === attr);
    if (spec?.fileTypes !== undefined) this.checkFileTypes(s, owner, spec, label, t, dep);
    const classes = spec?.ruleClasses;
    if (classes && finalTarget.kind === 'rule' && !classes.allowed.includes(finalTarget.ruleClass) && !classes.providedBy.includes(finalTarget.ruleClass) && !dep.failed) {
      const expected = classes.allowed.length > 1 ? `${classes.allowed.slice(0, -1).join(', ')} or ${classes.allowed[classes.allowed.length - 1]}` : classes.allowed.join('');
      const what = describeDependency(named, `${finalTarget.ruleClass} rule`);
      this.report(owner, inAttribute(attr, owner.ruleClass, owner.label) + `${what} is misplaced here (expected ${expected}) and '${labelToString(named.label)}' does not have mandatory providers: '${classes.provider}'`, { attr, value: labelToString(label) });
      s.failed = true;
    }
    const providers = spec?.providers;
    if (providers && finalTarget.kind === 'rule' && !providers.providedBy.includes(finalTarget.ruleClass) && !dep.failed) {
      this.report(owner, inAttribute(attr, owner.ruleClass, owner.label) + `'${labelToString(named.label)}' does not have mandatory providers: '${providers.provider}'`, { attr, value: labelToString(label) });
      s.failed = true;
    }
    {
      // Visibility of the target as written: an alias's own, not its actual's. A Starlark rule's implicit
      // dependency is checked from the .bzl file defining the rule, then from the target (current Bazel).
      const definition = this.implicitDependencyDefinition(owner, attr);
      const vis = { noImplicitFileExport: lastValue(this.opts.context.commandLine.options, 'incompatible_no_implicit_file_export')?.value === true };
      if (!(definition !== undefined && isVisible(t, definition, this.lookup, vis)) && !isVisible(t, owner.label, this.lookup, vis)) {
        this.report(owner, inRule(owner.ruleClass, owner.label) + notVisible(named, definition ?? owner.label, { sourceFile: finalTarget.kind === 'source file' }), { attr, value: labelToString(label) }, {
          related: this.declaredAt(t, `${labelToString(label)} is declared here`),
        });
        s.failed = true;
      }
      // testonly of what it finally stands for; an alias itself is never checked (its dependers are). The output
      // file of a testonly rule does not count (Bazel's --check_testonly_for_output_files is off by default;
      // checked with 4.2.3).
      if (dep.testonly && finalTarget.kind !== 'generated file' && owner.ruleClass !== 'alias' && !this.isTestonly(owner)) {
        this.report(owner, inRule(owner.ruleClass, owner.label) + testonlyDependency(owner.label, named), { attr, value: labelToString(label) }, {
          related: this.declaredAt(dep.actual?.target ?? t, `${labelToString(named.label)} is testonly`),
        });
        s.failed = true;
      }
    }
  }

  /**
   * The files an attribute accepts (Bazel's RuleContext validateDirectPrerequisiteType and …FileTypes): a file target
   * must have an allowed name — else it "does not exist" (a source file that is not there) or is "misplaced here" —
   * and a dependency must produce an allowed file (exactly one for allow_single_file). The second check is skipped
   * for attributes that take no files, and for those taking any file unless they must be non-empty or single.
   */
  private checkFileTypes(s: NodeState, owner: RuleTarget, spec: AttrSpec, label: Label, t: Target, dep: AnalyzedTarget): void {
    const types = spec.fileTypes!;
    const allowed = (name: string) => types === 'any' || (types !== 'none' && types.some((ext) => name.endsWith(ext)));
    const fail = (message: string) => {
      this.report(owner, inAttribute(spec.name, owner.ruleClass, owner.label) + message, { attr: spec.name, value: labelToString(label) });
      s.failed = true;
    };
    if ((t.kind === 'source file' || t.kind === 'generated file') && !allowed(t.label.name)) {
      const missing = t.kind === 'source file' && t.label.repo === '' && !this.loader.workspace.hasFile(t.label.pkg ? `${t.label.pkg}/${t.label.name}` : t.label.name);
      fail(missing ? dependencyDoesNotExist(t.label, types) : misplacedFile(t.kind, t.label, types));
    }
    if (types === 'none' || spec.fileNamesOnly || (types === 'any' && !spec.nonEmpty && !spec.singleFile) || dep.failed) return;
    if (spec.singleFile && dep.files.length !== 1) {
      fail(`'${labelToString(t.label)}' must produce a single file`);
      return;
    }
    if (!dep.files.some((f) => allowed(f.shortPath.slice(f.shortPath.lastIndexOf('/') + 1)))) fail(producesNoAllowedFile(t.label, owner.ruleClass, spec.name, types));
  }

  private declaredAt(t: Target, message: string): RelatedLocation[] {
    if (t.label.repo !== '') return [];
    const place = t.kind === 'rule' ? locateInRule(this.loader.workspace, t) : 'location' in t && t.location.file ? { file: t.location.file, range: { start: { line: t.location.line, column: t.location.column }, end: { line: t.location.line, column: t.location.column } } } : undefined;
    return place ? [{ ...place, message }] : [];
  }

  /**
   * Records a Diagnostic about a rule (or about nothing in particular): marked where `at` says, printed by the
   * console at the rule's location (Bazel's `<BUILD>:<line>:<col>: <message>`) unless `printed` is 'none'.
   */
  report(
    rule: RuleTarget | undefined,
    message: string,
    at: LocateRequest = {},
    o: { readonly related?: readonly RelatedLocation[]; readonly printed?: 'rule' | 'none'; readonly printedAtFile?: string; readonly printedMessage?: string; readonly severity?: 'error' | 'warning'; readonly once?: 'loaded'; readonly step?: number } = {},
  ): Diagnostic {
    const inMain = rule !== undefined && rule.label.repo === '';
    const place = inMain ? locateInRule(this.loader.workspace, rule, at) : undefined;
    const d: Diagnostic = {
      file: place?.file ?? '',
      range: place?.range ?? { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
      severity: o.severity ?? 'error',
      message,
      kind: 'analysis',
      ...(rule ? { target: labelToString(rule.label) } : {}),
      printedAt: o.printedAtFile !== undefined ? { file: o.printedAtFile, line: 0, column: 0 } : rule && o.printed !== 'none' ? { ...rule.location, ...this.outputBaseFile(rule.location.file), ...(o.printedMessage !== undefined ? { message: o.printedMessage } : {}) } : null,
      ...(o.related && o.related.length > 0 ? { related: o.related } : {}),
    };
    this.diagnostics.push(d);
    const s = this.currentState();
    // A loading error is found at step 1, when the dependency's package loads.
    const step = o.once === 'loaded' ? 1 : (o.step ?? this.currentStep() + (this.inImplementation ? 0.5 : 0));
    // Bazel prints an event once however many configured targets emit it (a target failing alike in the target
    // and the host configuration; checked with 4.2.3): the first keeps the earliest step.
    const p = d.printedAt;
    const printedKey = `${d.severity}\0${d.message}\0${p ? `${p.file}:${p.line}:${p.column}\0${p.message ?? ''}` : ''}`;
    const earlier = this.printedOnce.get(printedKey);
    if (earlier) this.printedStep.set(earlier, Math.min(this.printedStep.get(earlier) ?? step, step));
    else {
      this.printedOnce.set(printedKey, d);
      this.printed.push(d);
      this.printedStep.set(d, step);
    }
    if (s && d.severity === 'error') s.errorStep = Math.min(s.errorStep ?? Infinity, step);
    return d;
  }

  /** An external repository's file is printed under the output base, as Bazel prints it. */
  private outputBaseFile(file: string): { file: string } | {} {
    const base = this.opts.context.outputBase;
    return base !== undefined && file.startsWith('external/') ? { file: `${base}/${file}` } : {};
  }

  // ---- for the rule contexts ----

  /** Declares an output file of a rule; its generated-file target finds it by `label (config id)`. */
  declareOutput(rule: RuleTarget, name: string, config: Configuration, actionKey: string): Artifact {
    const root = binDir(config);
    const shortPath = rule.label.pkg ? `${rule.label.pkg}/${name}` : name;
    const label: Label = { repo: rule.label.repo, pkg: rule.label.pkg, name };
    const a: Artifact = { execPath: `${root}/${shortPath}`, shortPath, root, label, generatedBy: actionKey };
    this.generated.set(`${labelToString(label)} (${config.id})`, a);
    return a;
  }

  registerAction(a: Action): void {
    this.actions.set(a.key, a);
  }

  explain(e: RuleExplanation): void {
    switch (e.kind) {
      case 'genrule':
        this.ex.genrules.set(e.key, e.explanation);
        break;
      case 'testSuite':
        this.ex.testSuites.set(e.label, e.explanation);
        break;
      case 'genquery':
        this.ex.genqueries.set(e.label, e.explanation);
        break;
      case 'setting':
        this.ex.settings.set(e.key, e.explanation);
        break;
    }
  }
}

/** Marks a configuration object made by Analysis.toolchainConfig for a toolchain-transition rule's toolchains. */
const TOOLCHAIN_KEYED = Symbol('toolchain-keyed');

/** The RuleContext of one rule being analysed: a narrow window on its node of the graph. */
class Context implements RuleContext {
  readonly label: string;
  readonly profile: Profile;
  readonly workspaceDir: string;
  readonly loader: Loader;
  readonly ruleLoader: Loader;
  readonly configContext: ConfigContext;
  readonly toolConfig: Configuration;

  constructor(
    private readonly analysis: Analysis,
    readonly rule: RuleTarget,
    readonly config: Configuration,
    readonly key: string,
    private readonly node: NodeState,
  ) {
    this.label = labelToString(rule.label);
    this.profile = analysis.profile;
    this.workspaceDir = analysis.workspaceDir;
    this.loader = analysis.loader;
    this.ruleLoader = analysis.lookup.loaderOf(rule.label.repo) ?? analysis.loader;
    this.configContext = analysis.opts.context;
    this.toolConfig = analysis.toolConfig;
  }

  debug(text: string): void {
    this.analysis.debug(text);
  }

  toolchains(): readonly { readonly requested: Label; readonly type: Label; readonly target?: AnalyzedTarget }[] {
    const tcConfig = this.analysis.toolchainConfig(this.rule, this.config);
    return (this.node.toolchains?.toolchains ?? []).map((t) => {
      const target = t.toolchain ? this.analysis.analyzeLabel(t.toolchain, tcConfig) : undefined;
      return { requested: t.request.type, type: t.type, ...(target ? { target } : {}) };
    });
  }

  attr(name: string): PlainAttrValue {
    if (this.node.attrs.has(name)) return this.node.attrs.get(name)!;
    const v = attrValue(this.rule, name);
    return v === undefined || v instanceof Configurable ? null : v;
  }

  string(name: string): string {
    const v = this.attr(name);
    return typeof v === 'string' ? v : '';
  }

  bool(name: string): boolean {
    return this.attr(name) === true;
  }

  strings(name: string): readonly string[] {
    const v = this.attr(name);
    return Array.isArray(v) ? (v as unknown[]).filter((x): x is string => typeof x === 'string') : [];
  }

  dict(name: string): readonly (readonly [string, string])[] {
    const v = this.attr(name);
    return Array.isArray(v) ? (v as [string, string][]).filter((e) => Array.isArray(e)) : [];
  }

  labels(name: string): readonly Label[] {
    const v = this.attr(name);
    if (v === null) return [];
    if (Array.isArray(v)) return (v as Label[]).filter((x) => typeof x === 'object' && x !== null && 'name' in x);
    if (typeof v === 'object' && 'name' in v) return [v as Label];
    return [];
  }

  prerequisites(name: string): readonly AnalyzedTarget[] {
    return this.node.prerequisites.get(name) ?? [];
  }

  declareOutput(name: string, actionKey: string): Artifact {
    return this.analysis.declareOutput(this.rule, name, this.config, actionKey);
  }

  registerAction(action: Action): void {
    this.analysis.registerAction(action);
  }

  ruleError(message: string, at?: LocateRequest, printed?: string): void {
    const prefix = inRule(this.rule.ruleClass, this.rule.label);
    this.analysis.report(this.rule, prefix + message, at, printed === undefined ? {} : { printedMessage: prefix + printed });
  }

  attributeError(attr: string, message: string, value?: string): void {
    // RuleContext.getMacroMessageAppendix: a rule a legacy macro created says so after the message.
    const stack = this.rule.callStack;
    const macro = stack.length >= 2 ? `. Since this rule was created by the macro '${stack[1]!.name}', the error might have been caused by the macro implementation` : '';
    this.analysis.report(this.rule, inAttribute(attr, this.rule.ruleClass, this.rule.label) + message + macro, value === undefined ? { attr } : { attr, value });
  }

  error(message: string, at?: LocateRequest): void {
    this.analysis.report(this.rule, message, at);
  }

  locatedError(text: string): void {
    this.analysis.report(this.rule, text, {}, { printed: 'none' });
  }

  warning(message: string, at?: LocateRequest): void {
    this.analysis.report(this.rule, message, at, { printed: 'none', severity: 'warning' });
  }

  explain(e: RuleExplanation): void {
    this.analysis.explain(e);
  }
}

/**
 * A resolved toolchain must provide ToolchainInfo (Bazel's ResolvedToolchainContext). Known for a file, a rule
 * defined in Starlark and the native rules rulepen implements; a native rule analysed without its providers
 * (cc_toolchain, …) is given the benefit of the doubt.
 */
function lacksToolchainInfo(t: AnalyzedTarget): boolean {
  const a = t.actual ?? t;
  if (a.target.kind !== 'rule') return true;
  if (implementationOf(a.target) === noProviders) return false;
  return !(a.starlarkProviders ?? []).some((p) => p.provider.isBuiltin && p.provider.builtinName === 'ToolchainInfo');
}
