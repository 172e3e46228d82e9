// `build`: target patterns (test_suites expanded into their tests, as Bazel's --expand_test_suites does) →
// loading → analysis → execution, with Bazel's console lines and exit codes (pipeline.ts holds the steps `test`
// and `run` share).

import type { ConsoleEvent, Profile, RelatedLocation, Severity } from '../base/index.ts';
import type { Label, Target } from '../loading/index.ts';
import { errorLoadingPackageInError, labelToString, locateInRule } from '../loading/index.ts';
import { uniq, type AnalyzedTarget, type Artifact } from '../actions/index.ts';
import { parseAbsolute } from '../config/index.ts';
import type { CommandContext } from './context.ts';
import { Pipeline } from './pipeline.ts';
import { EXIT, rootCauseText, type CommandResult } from './result.ts';

/**
 * The name of Bazel's runfiles middleman of an executable: `_middlemen/<root-relative path>-runfiles`, the path
 * escaped as Actions.escapedPath does (`_` → `__`, `/` → `_S`, `\` → `_B`, `:` → `_C`, `@` → `_A`).
 */
export function runfilesMiddleman(exe: Artifact): string {
  const esc = exe.shortPath.replace(/[_/\\:@]/g, (c) => ({ _: '__', '/': '_S', '\\': '_B', ':': '_C', '@': '_A' })[c]!);
  return `_middlemen/${esc}-runfiles`;
}

/** The files a top-level target needs built: its outputs, and for an executable its runfiles. */
export function topLevelArtifacts(t: AnalyzedTarget): Artifact[] {
  return t.executable ? [...t.files, ...t.runfiles] : [...t.files];
}

/**
 * Analyses the top-level targets and prints what Bazel prints for failures. Returns the targets that analysed
 * cleanly, or an exit code when the build stops here. `analysedBefore`: top-level targets the caller analysed
 * cleanly itself (test's tests), counted in "Analysis succeeded for only N of M".
 */
export function analyzeTopLevel(p: Pipeline, targets: readonly Target[], analysedBefore = 0): { ok: AnalyzedTarget[]; failed: boolean; loadingErrors: boolean } | { exit: number } {
  const ok: AnalyzedTarget[] = [];
  let failed = false;
  if (!p.keepGoing) {
    // Bazel analyses the targets in parallel and stops at the first failure it finds: only what was printed by
    // then is printed (Analysis.firstFailure).
    const all = targets.map((t) => p.analysis.analyze(t, p.target));
    p.flushLoading();
    const first = p.analysis.firstFailure(all.filter((a) => a.failed));
    p.flushAnalysis(first);
    p.topLevel.push(...all);
    if (first) {
      const l = labelToString(first.label);
      const cause = rootCauseText(first.rootCause, l, p.ctx.workspaceDir);
      p.con.line('error', `Analysis of target '${l}' failed; build aborted${cause === undefined ? '' : `: ${cause}`}`);
      if (p.command === 'test') p.con.line('error', "Couldn't start the build. Unable to run tests");
      p.elapsed(0);
      p.failed(true);
      // A configuration Bazel cannot make (a transition's invalid --cpu) is an InvalidConfigurationException: exit 2.
      return { exit: p.analysis.invalidConfiguration ? EXIT.COMMAND_LINE_ERROR : EXIT.BUILD_FAILURE };
    }
    ok.push(...all);
  }
  const analysed: AnalyzedTarget[] = [];
  for (const t of p.keepGoing ? targets : []) {
    analysed.push(p.analysis.analyze(t, p.target));
    // What loading printed meanwhile first: a .bzl file analysis loaded (starlark_doc_extract's src) prints its
    // parser's errors as loading it from a BUILD file would.
    p.flushLoading();
    p.flushAnalysis();
  }
  // Once analysis is over, each failed target in the patterns' order (checked with 4.2.3).
  for (const a of analysed) {
    p.topLevel.push(a);
    if (!a.failed) {
      ok.push(a);
      continue;
    }
    failed = true;
    p.con.line('warning', `errors encountered while analyzing target '${labelToString(a.label)}': it will not be built`);
  }
  // Then the platform restrictions of the targets that analysed.
  const restricted = platformRestrictions(p, ok);
  if ('exit' in restricted) return restricted;
  if (restricted.errored.length > 0) {
    failed = true;
    for (const a of restricted.errored) ok.splice(ok.indexOf(a), 1);
  }
  // Said only when some succeeded (BuildView.update: `0 < numSuccessful && numSuccessful < numTargetsToAnalyze`).
  const succeeded = ok.length + analysedBefore;
  if (failed && succeeded > 0) p.con.line('info', `Analysis succeeded for only ${succeeded} of ${targets.length + analysedBefore} top-level targets`);
  // A target that failed for a loading reason (a missing target of a package that loaded, a package in error)
  // makes Bazel's keep-going summary "loading phase errors" rather than "not all targets were analyzed".
  const loadingErrors = p.topLevel.some((a) => a.failed && a.loadingFailure === true);
  return { ok, failed, loadingErrors };
}

/**
 * Top-level targets the target platform cannot build (TopLevelConstraintSemantics.checkPlatformRestrictions): one
 * named on its own on the command line fails the build with the chain that explains it (under --keep_going: a
 * warning, and it counts as not analysed); one a pattern brought in is skipped: analysed, counted, not built.
 */
export function platformRestrictions(p: Pipeline, analysed: readonly AnalyzedTarget[]): { exit: number } | { errored: AnalyzedTarget[] } {
  const errored: AnalyzedTarget[] = [];
  for (const a of analysed) {
    if (!a.incompatible || a.failed || !p.explicit.has(labelToString(a.label))) continue;
    const message = `Target ${incompatibleLabel(p.profile, a.label)} is incompatible and cannot be built, but was explicitly requested.`;
    incompatibleNote(p, a, p.keepGoing ? 'warning' : 'error', message);
    if (!p.keepGoing) {
      p.con.line('error', `${message}\n${dependencyChain(p.profile, a)}`);
      if (p.command === 'test') p.con.line('error', "Couldn't start the build. Unable to run tests");
      p.elapsed(0);
      p.failed(true);
      return { exit: EXIT.BUILD_FAILURE };
    }
    const l = p.profile.incompatibleTargets.currentWording ? incompatibleLabel(p.profile, a.label) : `${a.label.repo ? '' : '@'}${labelToString(a.label)}`;
    p.con.line('warning', `Target ${l} is incompatible and cannot be built, but was explicitly requested.`);
    errored.push(a);
  }
  return { errored };
}

/**
 * The editor's marker and Problems row for an incompatible target named on the command line: at the
 * target_compatible_with the platform does not satisfy, the targets of the chain as related locations.
 */
function incompatibleNote(p: Pipeline, t: AnalyzedTarget, severity: Severity, message: string): void {
  const chain = incompatibleChain(t);
  const root = chain[chain.length - 1]!;
  const ws = p.ctx.workspace;
  const at = root.target.kind === 'rule' && root.label.repo === '' ? locateInRule(ws, root.target, { attr: 'target_compatible_with' }) : undefined;
  if (!at) return;
  const why = root.incompatible!;
  const lacks = (why.constraints ?? []).map((c) => incompatibleLabel(p.profile, c)).join(', ');
  const related: RelatedLocation[] = [];
  for (const x of chain.slice(0, -1)) {
    const place = x.target.kind === 'rule' && x.label.repo === '' ? locateInRule(ws, x.target) : undefined;
    if (place) related.push({ ...place, message: `${labelToString(x.label)} depends on ${labelToString((x.incompatible?.via ?? x).label)}` });
  }
  p.con.note({
    file: at.file,
    range: at.range,
    severity,
    kind: 'analysis',
    message: `${message} The target platform ${why.platform} does not have ${lacks}${chain.length > 1 ? `, which ${labelToString(root.label)} requires` : ''}.`,
    related,
    target: labelToString(t.label),
  });
}

/** An incompatible target, then the first incompatible dependency of each, down to the directly incompatible one. */
function incompatibleChain(t: AnalyzedTarget): AnalyzedTarget[] {
  const chain: AnalyzedTarget[] = [];
  for (let x: AnalyzedTarget | undefined = t; x; x = x.incompatible?.via) chain.push(x);
  return chain;
}

/** A label as Bazel's platform messages print it: current Bazel names other repositories canonically (`@@r//…`). */
function incompatibleLabel(profile: Profile, l: Label): string {
  return profile.incompatibleTargets.currentWording && l.repo ? `@@${labelToString(l).slice(1)}` : labelToString(l);
}

/**
 * Bazel's "Dependency chain" of an incompatible target: from it down through the first incompatible dependency
 * of each, to the target whose target_compatible_with the platform does not satisfy.
 */
export function dependencyChain(profile: Profile, t: AnalyzedTarget): string {
  const current = profile.incompatibleTargets.currentWording;
  const chain = incompatibleChain(t);
  const lines = ['Dependency chain:', ...chain.map((x) => `    ${incompatibleLabel(profile, x.label)}${current && x.config ? ` (${x.config.checksum.slice(0, 6)})` : ''}`)];
  const why = chain[chain.length - 1]!.incompatible!;
  const cs = (why.constraints ?? []).map((c) => incompatibleLabel(profile, c));
  const parsed = parseAbsolute(why.platform, profile);
  const platform = current ? ` (${'error' in parsed ? why.platform : incompatibleLabel(profile, parsed)})` : '';
  lines[lines.length - 1] += `   <-- target platform${platform} didn't satisfy constraint${cs.length === 1 ? ` ${cs[0]}` : `s [${cs.join(', ')}]`}`;
  return lines.join('\n');
}

/** What each language rule needs to build, for the one message that says rulepen does not run it. */
const COMPILED: Readonly<Record<string, string>> = {
  cc_library: 'C++', cc_binary: 'C++', cc_test: 'C++', cc_import: 'C++', cc_proto_library: 'proto', objc_library: 'Objective-C',
  java_library: 'Java', java_binary: 'Java', java_test: 'Java', java_import: 'Java', java_plugin: 'Java', java_proto_library: 'proto',
  py_binary: 'Python', py_test: 'Python', proto_library: 'proto',
};

/**
 * The targets in a top-level target's analysed closure (implicit tool dependencies aside) that need a compiler
 * or an interpreter: rulepen analyses them (select(), visibility, testonly) but runs no C++, Java, Python or
 * proto tool, so building them would pretend. `reaching` (from compiledReachers) says which targets have one in
 * their closure at all: for the others, the closure is not walked.
 */
export function needsCompiler(p: Pipeline, t: AnalyzedTarget, reaching?: ReadonlySet<string>): AnalyzedTarget[] {
  const out: AnalyzedTarget[] = [];
  if (reaching && !reaching.has(t.key)) return out;
  const seen = new Set<string>();
  const queue: AnalyzedTarget[] = [t];
  for (let i = 0; i < queue.length; i++) {
    const x = queue[i]!;
    if (seen.has(x.key)) continue;
    seen.add(x.key);
    if (x.target.kind === 'rule' && COMPILED[x.target.ruleClass] !== undefined) out.push(x);
    for (const e of p.analysis.deps(x)) if (!e.implicit) queue.push(e.to as AnalyzedTarget);
  }
  return out;
}

/**
 * The keys of the targets, among the top-level targets' analysed closures, from which a target that needs a
 * compiler can be reached (by the edges needsCompiler follows). One walk of the union of the closures and one
 * walk back from the compiled targets: linear in the graph, where walking each top-level target's closure is
 * quadratic when targets form long chains (a genrule per package using the previous package's output).
 */
export function compiledReachers(p: Pipeline, top: readonly AnalyzedTarget[]): Set<string> {
  const dependents = new Map<string, AnalyzedTarget[]>();
  const compiled: AnalyzedTarget[] = [];
  const seen = new Set<string>();
  const queue = [...top];
  for (let i = 0; i < queue.length; i++) {
    const x = queue[i]!;
    if (seen.has(x.key)) continue;
    seen.add(x.key);
    if (x.target.kind === 'rule' && COMPILED[x.target.ruleClass] !== undefined) compiled.push(x);
    for (const e of p.analysis.deps(x)) {
      if (e.implicit) continue;
      const to = e.to as AnalyzedTarget;
      let ds = dependents.get(to.key);
      if (!ds) dependents.set(to.key, (ds = []));
      ds.push(x);
      queue.push(to);
    }
  }
  const reaching = new Set<string>();
  const back = [...compiled];
  for (let i = 0; i < back.length; i++) {
    const x = back[i]!;
    if (reaching.has(x.key)) continue;
    reaching.add(x.key);
    for (const d of dependents.get(x.key) ?? []) back.push(d);
  }
  return reaching;
}

/** One located error for a top-level target whose build needs a compiler; the targets named in Bazel's order. */
function compilerError(p: Pipeline, top: AnalyzedTarget, needs: readonly AnalyzedTarget[]): void {
  const real = top.actual ?? top;
  const where = 'location' in real.target ? `${p.loader.abs(real.target.location.file)}:${real.target.location.line}:${real.target.location.column}: ` : '';
  const langs = [...new Set(needs.map((n) => COMPILED[(n.target as { ruleClass: string }).ruleClass]!))].sort();
  const names = [...new Set(needs.map((n) => `${(n.target as { ruleClass: string }).ruleClass} ${labelToString(n.label)}`))].sort();
  p.con.line(
    'error',
    `${where}building '${labelToString(real.label)}' needs ${langs.join(', ')} tools, which rulepen does not run (it runs no C++, Java, Python or proto compilers): ${names.join(', ')}. ` +
      'Loading, select(), visibility and query are exact; use --nobuild to check analysis only.',
  );
}

/**
 * Builds analysed top-level targets, then prints Bazel's result (BuildResultPrinter): only when there are at most
 * --show_result targets to show (default 1), "Target … was skipped" for each incompatible one, "Target …
 * up-to-date:" with its files for each built target, then "Target … failed to build" for the others, and the
 * --verbose_failures hint when one failed.
 */
/** Builds the top-level targets (and `hidden` ones, which the build result does not list: test's --run_under). */
export async function executeTopLevel(p: Pipeline, shownTop: readonly AnalyzedTarget[], hidden: readonly AnalyzedTarget[] = []): Promise<{ built: AnalyzedTarget[]; failed: boolean; attempted: Set<string> }> {
  const top = [...shownTop, ...hidden];
  const ex = p.execution();
  const built: AnalyzedTarget[] = [];
  // Keys of the targets whose building was tried (without --keep_going the build stops at the first failure).
  const attempted = new Set<string>();
  let failed = false;
  const summaries: ConsoleEvent[] = [];
  const reaching = compiledReachers(p, top.filter((t) => !t.incompatible));
  for (const t of top) {
    // Skipped: the target platform cannot build it (a pattern brought it in).
    if (t.incompatible) continue;
    attempted.add(t.key);
    const real = t.actual ?? t;
    const where = 'location' in real.target ? real.target.location : { file: `${real.label.pkg}/BUILD`, line: 1, column: 1 };
    const exe = t.executable;
    const needs = needsCompiler(p, t, reaching);
    if (needs.length > 0) {
      compilerError(p, t, needs);
      failed = true;
      if (!p.keepGoing) break;
      continue;
    }
    const runfiles = exe ? { middleman: runfilesMiddleman(exe), artifacts: t.runfiles } : undefined;
    // A non-executable's runfiles are built with it, ahead of its files (TopLevelArtifactHelper: the hidden
    // top-level output group, which holds them, sorts before "default").
    const files = exe ? t.files : uniq([...t.runfiles, ...t.files]);
    const ok = await ex.buildTopLevel(t.label, real.label, where, files, runfiles);
    p.con.report(withoutSummaries(ex.events.splice(0), summaries));
    if (ok) built.push(t);
    else {
      failed = true;
      if (!p.keepGoing) break;
    }
  }
  printBuildResult(p, shownTop, built);
  // The first failure's summary ends the build's errors (Bazel's detailed exit message), without --keep_going.
  if (!p.keepGoing && summaries.length > 0) p.con.report(summaries.slice(0, 1));
  p.collectOutputs();
  // The runfiles manifest and tree do not wait for the runfiles themselves (Bazel 4.2.3 writes them, listing a
  // missing data file, when the runfiles middleman fails): every executable that was built gets them.
  for (const t of top) if (attempted.has(t.key) && (t.actual ?? t).executable && p.executor.tree.has((t.actual ?? t).executable!.execPath)) p.writeRunfiles(t);
  return { built, failed, attempted };
}

/** The events but the `N input file(s) do not exist` summaries, which go to `summaries`. */
function withoutSummaries(events: readonly ConsoleEvent[], summaries: ConsoleEvent[]): ConsoleEvent[] {
  return events.filter((e) => {
    const bare = 'diagnostic' in e && e.diagnostic.printedAt !== null && e.diagnostic.printedAt?.bare === true;
    if (bare) summaries.push(e);
    return !bare;
  });
}

function printBuildResult(p: Pipeline, top: readonly AnalyzedTarget[], built: readonly AnalyzedTarget[]): void {
  // A requested source file is not shown, nor a generated file requested with the rule that generates it.
  const requested = new Set(top.map((t) => labelToString(t.label)));
  const shown = top.filter((t) => {
    if (t.target.kind === 'source file' || (t.incompatible && p.explicit.has(labelToString(t.label)))) return false;
    return !(t.target.kind === 'generated file' && requested.has(labelToString(t.target.rule)));
  });
  const limit = Number(p.option('show_result') ?? 1);
  if (shown.length > limit) return;
  // Targets the target platform cannot build (a pattern brought them in) come first, as skipped.
  for (const t of shown) if (t.incompatible) p.con.raw(`Target ${labelToString((t.actual ?? t).label)} was skipped`);
  const ok = new Set(built.map((t) => t.key));
  const failed = shown.filter((t) => !ok.has(t.key) && !t.incompatible);
  for (const t of shown) {
    if (!ok.has(t.key)) continue;
    // An alias is shown under the label of the target it stands for (AliasConfiguredTarget.getLabel).
    const l = labelToString((t.actual ?? t).label);
    // Only generated files are listed (TopLevelArtifactHelper.shouldDisplay).
    const files = t.files.filter((f) => f.generatedBy);
    if (files.length === 0) p.con.raw(`Target ${l} up-to-date (nothing to build)`);
    else p.con.raw(`Target ${l} up-to-date:\n${files.map((f) => `  ${p.shown(f)}`).join('\n')}`);
  }
  for (const t of failed) p.con.raw(`Target ${labelToString((t.actual ?? t).label)} failed to build`);
  if (failed.length > 0 && p.option('verbose_failures') !== true) p.con.raw('Use --verbose_failures to see the command lines of failed build steps.');
}

/** Loads the patterns' closure and sets up configurations; an exit code when that fails. */
export function prepare(p: Pipeline, targets: readonly Target[]): number | undefined {
  const rootsInError = p.rootsInError;
  p.load(targets, rootsInError);
  p.flushLoading();
  if (rootsInError.length > 0 && !p.keepGoing) {
    // A requested target's own package has errors: loading stops (Bazel 4.2.3). A dependency's package in
    // error is reported by analysis instead, at the rule that refers to it.
    const pkg = rootsInError[0]!;
    p.con.line('error', errorLoadingPackageInError(pkg));
    if (p.command === 'test') p.con.line('error', "Couldn't start the build. Unable to run tests");
    p.failed(false);
    return EXIT.BUILD_FAILURE;
  }
  return p.configure(targets);
}

/**
 * Without --keep_going, a requested test_suite in a package in error stops loading before its tests are looked
 * up (Bazel 4.2.3 loads no package the suite lists): the exit code then.
 */
export function stopAtSuitesInError(p: Pipeline, targets: readonly Target[]): number | undefined {
  if (p.keepGoing) return undefined;
  const inError = p.suitesInPackagesInError(targets);
  return inError.length > 0 ? prepare(p, inError) : undefined;
}

export async function buildCommand(ctx: CommandContext, args: readonly string[]): Promise<CommandResult> {
  const p = new Pipeline(ctx, 'build');
  const bad = p.parse(args);
  if (bad !== undefined) return p.con.result(bad);
  const resolved = p.resolveTargets();
  if (typeof resolved === 'number') return p.con.result(resolved);
  const stop = stopAtSuitesInError(p, resolved.targets);
  if (stop !== undefined) return p.con.result(stop);
  const expanded = p.option('expand_test_suites') === false ? { targets: resolved.targets, suites: {}, errors: false, cycle: false } : p.expandSuites(resolved.targets);
  if (expanded.cycle) {
    p.failed(false);
    return p.con.result(EXIT.BUILD_FAILURE);
  }
  if (expanded.stop) {
    p.loadingStopped();
    return p.con.result(EXIT.BUILD_FAILURE);
  }
  let targets = expanded.targets;
  if (p.option('build_tests_only') === true) targets = targets.filter((t) => t.kind === 'rule' && t.schema.test === true);
  // Without --keep_going, a requested test_suite in a package in error stops loading ("error loading package"),
  // and so does a suite listing a target of another package in error, though it expands to nothing there; under
  // --keep_going that listing is a loading error (Bazel 4.2.3's TestExpansionFunction marks the expansion).
  const stopsLoading = p.keepGoing ? [] : [...p.suitesInPackagesInError(resolved.targets), ...(expanded.listedInError ?? [])];
  const expansionErrors = expanded.errors || (p.keepGoing && expanded.listsIntoPackageInError === true);
  if (targets.length === 0 && !resolved.failed && (resolved.wildInError?.length ?? 0) === 0 && !expansionErrors && stopsLoading.length === 0) {
    p.con.line(
      'warning',
      `Usage: bazel build <options> <targets>.\nInvoke \`bazel help build\` for full description of usage and options.\nYour request is correct, but requested an empty set of targets. Nothing will be built.`,
    );
  }
  const prep = prepare(p, [...stopsLoading, ...targets]);
  if (prep !== undefined) return p.con.result(prep, p.explanations({ testSuites: expanded.suites }));
  const an = analyzeTopLevel(p, targets);
  if ('exit' in an) return p.con.result(an.exit, p.explanations({ testSuites: expanded.suites }));
  // Every top-level target analysis went through is counted, the failed ones too (checked with 4.2.3).
  p.analyzedLine(p.topLevel);
  p.con.line('info', `Found ${an.ok.length} target${an.ok.length === 1 ? '' : 's'}...`);
  // --nobuild: loading and analysis only (select() resolved, errors reported), nothing executed.
  const nobuild = p.option('build') === false;
  if (nobuild) p.execution();
  const ex = nobuild ? { built: [], failed: false, attempted: new Set<string>() } : await executeTopLevel(p, an.ok);
  const failed = an.failed || ex.failed;
  // What built, built; but a pattern that failed under --keep_going (or a suite that listed a non-test) still
  // fails the command, with Bazel's note of which kind of error it was (the pattern's first).
  // A requested target in a package in error counts as a pattern error under --keep_going; a test a suite
  // stands for, in a package in error, as a loading error (Bazel 4.2.3).
  const patternFailed = resolved.failed || (resolved.wildInError?.length ?? 0) > 0 || resolved.targets.some((t) => t.label.repo === '' && p.loader.getPackage(t.label.pkg)?.inError);
  if (!ex.failed && patternFailed) p.con.line('error', 'command succeeded, but there were errors parsing the target pattern');
  else if (!ex.failed && (expansionErrors || (an.failed && an.loadingErrors))) p.con.line('error', 'command succeeded, but there were loading phase errors');
  else if (!ex.failed && an.failed) p.con.line('error', 'command succeeded, but not all targets were analyzed');
  p.elapsed(p.executor.ran + 1);
  const explanations = p.explanations({ testSuites: expanded.suites });
  if (failed || patternFailed || expansionErrors) {
    p.failed(false);
    return p.con.result(EXIT.BUILD_FAILURE, explanations);
  }
  p.con.line('info', `Build completed successfully, ${p.executor.ran + 1} total action${p.executor.ran === 0 ? '' : 's'}`);
  return p.con.result(EXIT.SUCCESS, explanations);
}
