// `test`: builds the requested targets, expands test_suites into tests (loading/test-filter.ts), runs each test in the
// emulated bash (actions/test-runner.ts) and prints Bazel's summary on stdout:
// `//pkg:t        PASSED in 0.1s` (status at column 73), `Executed N out of M tests: …`.
//
// Exit codes: 0 all passed; 3 a test failed; 4 no test targets ("No test targets were found, yet testing was
// requested"); 1 a build or pattern error ("command succeeded, but there were errors parsing the target
// pattern" when a suite listed a non-test: its other tests still run). test.log and test.xml are written under
// bazel-testlogs/<pkg>/<name>/.

import { commandLineTagFilter, isTestRule, labelToString, LabelSyntaxError, parseCanonicalLabel, parseLabelInPackage, ruleTags, testSize, type Label, type RuleTarget, type Target } from '../loading/index.ts';
import { shellWords } from '../config/index.ts';
import { defaultTimeout, runTest, type AnalyzedTarget, type TestRun } from '../actions/index.ts';
import { utf8Encode } from '../base/index.ts';
import { analyzeTopLevel, executeTopLevel, prepare, stopAtSuitesInError } from './build.ts';
import type { CommandContext } from './context.ts';
import { Pipeline } from './pipeline.ts';
import { EXIT, type CommandResult } from './result.ts';

/**
 * One line of Bazel's summary (TestSummaryPrinter): the label, then the status ending at column 79, then the time
 * for a test that ran (every run here reports 0.1s).
 */
export function summaryLine(label: string, status: string, cached: boolean, ran = true): string {
  const message = (cached ? '(cached) ' : '') + status;
  return `${label.padEnd(78 - message.length)} ${message}${ran ? ' in 0.1s' : ''}`;
}

/**
 * How many times a failing test runs: --flaky_test_attempts=N for every test, else (`default`) 3 for flaky = True
 * and 1 otherwise. The `regex@N` form is not supported: it counts as `default`.
 */
function attemptsOf(t: AnalyzedTarget, option: readonly string[]): number {
  const n = option.length > 0 && /^\d+$/.test(option[option.length - 1]!) ? Number(option[option.length - 1]) : undefined;
  return n !== undefined && n > 0 ? n : t.test?.flaky ? 3 : 1;
}

/** A run as Bazel names it in FAIL lines and test output headers: `//p:t`, or `//p:t (shard 2 of 3)`. */
function runName(r: TestRun): string {
  return r.shard ? `${r.label} (shard ${r.shard.index + 1} of ${r.shard.total})` : r.label;
}

/** BlazeTestStatus's sort key in the summary: PASSED first, then the enum's order (NO_STATUS, …, FAILED_TO_BUILD). */
const STATUS_ORDER: Readonly<Record<string, number>> = { PASSED: -1, 'NO STATUS': 0, SKIPPED: 0, FLAKY: 2, TIMEOUT: 3, FAILED: 4, 'FAILED TO BUILD': 7 };

interface SummaryEntry {
  readonly label: Label;
  readonly status: string;
  /** Every run of it came from the cache, or none ran (Bazel's TestSummary.isCached). */
  readonly cached: boolean;
  /** Its runs (shards, attempts) that did not come from the cache. */
  readonly uncached: number;
  readonly lines: readonly string[];
}

/**
 * TestSummary.compareTo: cached first, then fewer runs that were not cached (a flaky test's retries after a test
 * run once), then by status, then by label (repository, package, name).
 */
function compareSummaries(a: SummaryEntry, b: SummaryEntry): number {
  if (a.cached !== b.cached) return a.cached ? -1 : 1;
  if (a.uncached !== b.uncached) return a.uncached - b.uncached;
  const byStatus = (STATUS_ORDER[a.status] ?? 0) - (STATUS_ORDER[b.status] ?? 0);
  if (byStatus !== 0) return byStatus;
  for (const k of ['repo', 'pkg', 'name'] as const) if (a.label[k] !== b.label[k]) return a.label[k] < b.label[k] ? -1 : 1;
  return 0;
}

/** StringUtil.joinEnglishList: `a`, `a and b`, `a, b and c`. */
function joinEnglish(parts: readonly string[]): string {
  return parts.length <= 2 ? parts.join(' and ') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

export async function testCommand(ctx: CommandContext, args: readonly string[]): Promise<CommandResult> {
  const p = new Pipeline(ctx, 'test');
  const bad = p.parse(args);
  if (bad !== undefined) return p.con.result(bad);
  const resolved = p.resolveTargets();
  if (typeof resolved === 'number') return p.con.result(resolved);
  const stop = stopAtSuitesInError(p, resolved.targets);
  if (stop !== undefined) return p.con.result(stop);
  // Test-pattern expansion: suites become their tests (not analysed themselves), other targets are only built.
  const expanded = p.expandSuites(resolved.targets);
  if (expanded.cycle) {
    p.failed(false);
    p.con.line('error', "Couldn't start the build. Unable to run tests");
    return p.con.result(EXIT.BUILD_FAILURE);
  }
  if (expanded.stop) {
    p.loadingStopped();
    return p.con.result(EXIT.BUILD_FAILURE);
  }
  const suites = expanded.suites;
  // A word that failed to resolve under --keep_going, or a suite that listed a non-test: the tests left still
  // run, and the command fails after them.
  // A suite that lists a test of a package with errors fails test expansion under --keep_going, even when its
  // tag filter drops that test (without it, loading already stopped at the package); `build` calls it a loading
  // error.
  const expansionErrors = expanded.errors || (p.keepGoing && expanded.listsIntoPackageInError === true);
  if (expansionErrors) p.patternParsingFailed();
  let patternErrors = expansionErrors || resolved.failed;
  // A requested test_suite in a package in error stops loading there; under --keep_going it counts as a pattern
  // error (Bazel 4.2.3).
  const suitesInError = p.suitesInPackagesInError(resolved.targets);
  // Without --keep_going a suite that lists a target of a package with errors stops loading there too, even when
  // the target is filtered out or a suite of no tests (Bazel 4.2.3).
  const prep = prepare(p, p.keepGoing ? expanded.targets : [...suitesInError, ...(expanded.listedInError ?? []), ...expanded.targets]);
  if (prep !== undefined) return p.con.result(prep, p.explanations({ testSuites: suites }));
  // A requested target in a package in error counts as a pattern error under --keep_going (Bazel 4.2.3).
  if (p.rootsInError.length > 0 || suitesInError.length > 0) patternErrors = true;
  // The tests to run: those the positive words gave less the negative words' (the targets to build keep them),
  // narrowed by --test_tag_filters / --test_size_filters / --test_timeout_filters. When that leaves none of
  // some, Bazel warns at the end of loading (TargetPatternPhaseFunction).
  const asked = p.testsOfWords(resolved.words);
  const tagOk = commandLineTagFilter(p.options('test_tag_filters'));
  const sizeOk = enumFilter(p.options('test_size_filters'));
  const timeoutOk = enumFilter(p.options('test_timeout_filters'));
  const runnable = (label: string, tags: readonly string[], size: string, timeout: string) => asked.tests.has(label) && tagOk(tags) && sizeOk(size) && timeoutOk(timeout);
  const loadingRunnable = (t: RuleTarget) => {
    const timeout = t.attrs.get('timeout');
    return runnable(labelToString(t.label), ruleTags(t), testSize(t), typeof timeout === 'string' && timeout ? timeout : defaultTimeout(testSize(t)));
  };
  const loadingTests = expanded.targets.filter(isTestRule).filter((t) => asked.tests.has(labelToString(t.label)));
  if ((asked.removed.size > 0 || loadingTests.length > 0) && !loadingTests.some(loadingRunnable)) {
    p.flushLoading();
    p.con.line('warning', 'All specified test targets were excluded by filters');
  }
  const tests: AnalyzedTarget[] = [];
  const buildOnly: Target[] = [];
  for (const t of expanded.targets) {
    if (!isTestRule(t)) {
      buildOnly.push(t);
      continue;
    }
    const a = p.analysis.analyze(t, p.target);
    p.topLevel.push(a);
    // A failed test, or an incompatible one named on its own (which fails the build), goes the way of the
    // targets only built; an incompatible test a pattern brought in is SKIPPED.
    if (!a.failed && !(a.incompatible && p.explicit.has(labelToString(a.label)))) tests.push(a);
    else buildOnly.push(t);
  }
  const selected = tests.filter((t) => runnable(labelToString(t.label), t.test!.tags, t.test!.size, t.test!.timeout));

  const buildTestsOnly = p.option('build_tests_only') === true;
  const an = analyzeTopLevel(p, buildTestsOnly ? [] : buildOnly, tests.length);
  if ('exit' in an) return p.con.result(an.exit, p.explanations({ testSuites: suites }));
  // An alias is not a test at loading (alone it runs nothing: exit 4), but after analysis it is the test it
  // stands for: when that test runs, the alias runs too, listed under its own label (Bazel 4.2.3, also through
  // alias chains; an alias of a test_suite never runs anything).
  const running = new Set(selected.map((t) => labelToString(t.label)));
  const aliasTests = an.ok.filter((a) => a.actual && a.test && running.has(labelToString(a.actual.label)));
  an.ok = an.ok.filter((a) => !aliasTests.includes(a));
  selected.push(...aliasTests);
  // Tests the filters leave out are still built (not run), unless --build_tests_only (checked with 4.2.3:
  // `test //t:all --test_tag_filters=-slow` → "Found 2 targets and 1 test target...").
  const built = [...an.ok, ...(buildTestsOnly ? [] : tests.filter((t) => !selected.includes(t)))];
  // --run_under=<label or command> [args]: a label's target is built with the tests (Bazel's late-bound
  // :run_under dependency of test rules) and each test runs through it.
  const runUnder = runUnderOf(p);
  if (runUnder && 'error' in runUnder) {
    p.con.line('error', runUnder.error);
    return p.con.result(EXIT.COMMAND_LINE_ERROR);
  }
  const top = [...built, ...selected];
  // Every top-level target analysis went through is counted, the failed ones too (as build does).
  p.analyzedLine([...new Map(p.topLevel.map((a) => [a.key, a])).values()]);
  // "Found N test targets..." when every target built is a test run (also 0 of 0), else both counts.
  if (built.length === 0) {
    p.con.line('info', `Found ${selected.length} test target${selected.length === 1 ? '' : 's'}...`);
  } else {
    p.con.line('info', `Found ${built.length} target${built.length === 1 ? '' : 's'} and ${selected.length} test target${selected.length === 1 ? '' : 's'}...`);
  }
  const ex = await executeTopLevel(p, top, runUnder?.target ? [runUnder.target] : []);
  const builtKeys = new Set(ex.built.map((t) => t.key));

  const runs: TestRun[] = [];
  const skipped: AnalyzedTarget[] = [];
  const failedToBuild: AnalyzedTarget[] = [];
  // A test the build did not get to (it stopped at another target's failure) has NO STATUS (Bazel 4.2.3).
  const noStatus: AnalyzedTarget[] = [];
  const testArgs = p.options('test_arg');
  const testEnv = p.options('test_env').map((e) => {
    const i = e.indexOf('=');
    return (i < 0 ? [e, ''] : [e.slice(0, i), e.slice(i + 1)]) as [string, string];
  });
  // --test_timeout: one number of seconds for every timeout class, or four (short,moderate,long,eternal); -1 keeps
  // a class's default.
  const timeouts = String(p.option('test_timeout') ?? '-1').split(',').map(Number);
  // A local test needs its runfiles manifest (StandaloneTestStrategy: LOCAL_TEST_PREREQ_UNMET).
  const noManifests = p.option('build_runfile_manifests') === false;
  const filter = p.option('test_filter');
  if (typeof filter === 'string' && filter) testEnv.push(['TESTBRIDGE_TEST_ONLY', filter]);
  const runOptions = {
    workspaceName: p.profile.execrootName,
    tree: p.executor.tree,
    executables: p.executor.executables,
    cache: p.cache,
    testArgs,
    testEnv,
    timeouts,
    ...(runUnder ? { runUnder } : {}),
    signal: ctx.signal,
  };
  // Per test, the logs of its failed runs as Bazel lists them: each shard's last attempt, then its earlier ones.
  const failedLogs = new Map<string, string[]>();
  for (const t of [...selected].sort((a, b) => (labelToString(a.label) < labelToString(b.label) ? -1 : 1))) {
    if (t.incompatible) {
      skipped.push(t);
      continue;
    }
    if (!builtKeys.has(t.key)) {
      (ex.attempted.has(t.key) ? failedToBuild : noStatus).push(t);
      continue;
    }
    if (noManifests) {
      p.con.line('error', `Testing ${labelToString(t.label)} failed: cannot run local tests with --nobuild_runfile_manifests`);
      failedToBuild.push(t);
      continue;
    }
    const shards = t.test?.shardCount ?? 0;
    const attempts = attemptsOf(t, p.options('flaky_test_attempts'));
    for (const shard of shards > 1 ? Array.from({ length: shards }, (_, index) => ({ index, total: shards })) : [undefined]) {
      // A failing test is run again up to its attempts (flaky = True: 3); the failed attempts' logs move to
      // test_attempts/attempt_<k>.log, the last attempt's is test.log (StandaloneTestStrategy).
      const tried: TestRun[] = [];
      for (let attempt = 1; attempt <= attempts; attempt++) {
        const r = await runTest(t, runOptions, shard, attempt);
        const dir = `bazel-testlogs/${r.logPath.slice(0, -'/test.log'.length)}`;
        const last = r.status === 'PASSED' || attempt === attempts;
        const logFile = last ? `${dir}/test.log` : `${dir}/test_attempts/attempt_${attempt}.log`;
        const run = last ? r : { ...r, logPath: `${logFile.slice('bazel-testlogs/'.length)}` };
        runs.push(run);
        tried.push(run);
        p.con.outputs[logFile] = utf8Encode(r.log);
        p.con.outputs[last ? `${dir}/test.xml` : `${dir}/test_attempts/attempt_${attempt}.xml`] = utf8Encode(r.xml);
        // Bazel's StandaloneTestStrategy: `TIMEOUT: <label> (see <log>)` for a timed-out test, `FAIL: …` otherwise.
        if (r.status !== 'PASSED') {
          p.con.raw(`${r.status === 'TIMEOUT' ? 'TIMEOUT' : 'FAIL'}: ${runName(r)} (see ${ctx.workspaceDir}/${logFile})`);
          if (last) p.testFailed(t, `${runName(r)} ${r.status === 'TIMEOUT' ? 'TIMEOUT' : `FAILED (exit code ${r.exitCode})`}: see ${logFile}`);
        }
        if (last) break;
      }
      const failed = tried.filter((x) => x.status !== 'PASSED');
      const logs = [...failed.slice(-1), ...failed.slice(0, -1)].map((x) => `${ctx.workspaceDir}/bazel-testlogs/${x.logPath}`);
      failedLogs.set(labelToString(t.label), [...(failedLogs.get(labelToString(t.label)) ?? []), ...logs]);
      // Every attempt failed: a summary of them.
      if (tried.length > 1 && failed.length === tried.length) p.con.raw(['', `FAILED: ${runName(tried[0]!)} (Summary)`, ...logs.map((l) => `      ${l}`)].join('\n'));
    }
  }
  const explanations = p.explanations({ testSuites: suites });
  // One result per test, over its shards and attempts (TestResultAnalyzer: the worst status, cached when every run was).
  const byTest = new Map<string, TestRun[]>();
  for (const r of runs) byTest.set(r.label, [...(byTest.get(r.label) ?? []), r]);
  const results = [...byTest].map(([label, testRuns]) => ({
    label,
    runs: testRuns,
    status: testRuns.some((r) => r.status === 'FAILED') ? 'FAILED' : testRuns.some((r) => r.status === 'TIMEOUT') ? 'TIMEOUT' : 'PASSED',
    cached: testRuns.every((r) => r.cached),
  }));
  const passed = results.filter((r) => r.status === 'PASSED').length;
  const failedRuns = results.length - passed;
  const testOutput = p.option('test_output');
  for (const r of runs) {
    if (testOutput === 'all' || (testOutput === 'errors' && r.status !== 'PASSED')) {
      p.con.stdout(`==================== Test output for ${runName(r)}:\n${r.log.split('\n').slice(3).join('\n')}================================================================================\n`);
    }
  }
  // --test_summary (TerminalTestResultNotifier): `short` lists every test, `terse` leaves out those that passed and
  // those the build did not get to (NO STATUS), `detailed` those that passed, `none` (and `testcase`) lists none.
  const summary = String(p.option('test_summary') ?? 'short');
  const shown = (status: string) =>
    summary === 'short' || (summary === 'terse' && status !== 'PASSED' && status !== 'NO STATUS') || (summary === 'detailed' && status !== 'PASSED');
  // A passing test that asked for more than a short timeout took far less (every run here takes no time): Bazel
  // says so per test with --test_verbose_timeout_warnings, else once after the counts
  // (TestResultAnalyzer.shouldEmitTestSizeWarningInSummary, TestTimeout.isInRangeFuzzy).
  const timeoutOf = new Map(selected.map((t) => [labelToString(t.label), t.test?.timeout ?? 'moderate']));
  const tooBig = (r: { readonly label: string; readonly status: string }) => r.status === 'PASSED' && (timeoutOf.get(r.label) ?? 'moderate') !== 'short';
  const verboseTimeouts = p.option('test_verbose_timeout_warnings') === true;
  const entries: SummaryEntry[] = [];
  const notRunEntry = (t: AnalyzedTarget, status: string) => ({ label: t.label, status, cached: true, uncached: 0, lines: [summaryLine(labelToString(t.label), status, false, false)] });
  if (shown('SKIPPED')) for (const t of skipped) entries.push(notRunEntry(t, 'SKIPPED'));
  for (const r of results) {
    if (!shown(r.status)) continue;
    // Run more than once (shards, attempts): how many runs failed, the longest time, and the spread of the times.
    const n = r.runs.length;
    const logs = failedLogs.get(r.label) ?? [];
    const failedOf = n > 1 && r.status !== 'PASSED' ? ` in ${logs.length} out of ${n}` : '';
    const stats = n > 1 ? `\n  Stats over ${n} runs: max = 0.1s, min = 0.1s, avg = 0.1s, dev = 0.0s` : '';
    const lines = [summaryLine(r.label, r.status, r.cached, false) + failedOf + ' in 0.1s' + stats];
    if (verboseTimeouts && tooBig(r)) {
      const timeout = timeoutOf.get(r.label) ?? 'moderate';
      lines.push(`  WARNING: ${r.label}: Test execution time (0.1s excluding execution overhead) outside of range for ${timeout.toUpperCase()} tests. Consider setting timeout="short" or size="small".`);
    }
    for (const l of logs) lines.push(`  ${l}`);
    entries.push({ label: parseCanonicalLabel(r.label), status: r.status, cached: r.cached, uncached: r.runs.filter((x) => !x.cached).length, lines });
  }
  if (shown('FAILED TO BUILD')) for (const t of failedToBuild) entries.push(notRunEntry(t, 'FAILED TO BUILD'));
  if (shown('NO STATUS')) for (const t of noStatus) entries.push(notRunEntry(t, 'NO STATUS'));
  if (entries.length > 0) p.con.stdout(entries.sort(compareSummaries).flatMap((e) => e.lines).join('\n') + '\n\n');
  const executed = results.filter((r) => !r.cached).length;
  if (results.length > 0 || failedToBuild.length > 0 || noStatus.length > 0 || skipped.length > 0) {
    const total = results.length + failedToBuild.length + noStatus.length + skipped.length;
    // TerminalTestResultNotifier.printStats: passed, failed to build, failed locally, skipped.
    const parts: string[] = [];
    if (passed > 0) parts.push(`${passed} test${passed === 1 ? '' : 's'} pass${passed === 1 ? 'es' : ''}`);
    if (failedToBuild.length > 0) parts.push(`${failedToBuild.length} fail${failedToBuild.length === 1 ? 's' : ''} to build`);
    if (failedRuns > 0) parts.push(`${failedRuns} fail${failedRuns === 1 ? 's' : ''} locally`);
    const notRun = noStatus.length + skipped.length;
    if (notRun > 0) parts.push(`${notRun} ${notRun === 1 ? 'was' : 'were'} skipped`);
    p.con.stdout(`Executed ${executed} out of ${total} test${total === 1 ? '' : 's'}: ${joinEnglish(parts)}.\n`);
    if (!verboseTimeouts && results.some(tooBig)) {
      p.con.stdout('There were tests whose specified size is too big. Use the --test_verbose_timeout_warnings command line option to see which ones these are.\n');
    }
  }
  p.elapsed(p.executor.ran + runs.length + 1);
  if (selected.length === 0) {
    // Bazel 4.2.3 reports the build's failure or the pattern errors first, then that nothing was left to test
    // (also when building the other targets failed).
    const buildFailed = ex.failed || an.failed;
    // The pattern's errors come first, even when analysis failed too (Bazel 4.2.3).
    if (patternErrors && !ex.failed) p.con.line('error', 'command succeeded, but there were errors parsing the target pattern');
    else if (!ex.failed && an.failed) notAllAnalyzed(p, an.loadingErrors);
    if (patternErrors || buildFailed) p.failed(false);
    p.con.line('error', 'No test targets were found, yet testing was requested');
    return p.con.result(patternErrors || buildFailed ? EXIT.BUILD_FAILURE : EXIT.NO_TESTS_FOUND, explanations);
  }
  if (ex.failed || an.failed || failedToBuild.length > 0) {
    // Every test that ran passed, yet the command fails (checked with 4.2.3: an incompatible target named under
    // --keep_going).
    if (!ex.failed && failedToBuild.length === 0 && runs.length > 0 && failedRuns === 0) p.con.stdout('All tests passed but there were other errors during the build.\n');
    if (!ex.failed && patternErrors && failedToBuild.length === 0) p.con.line('error', 'command succeeded, but there were errors parsing the target pattern');
    else if (!ex.failed && an.failed && failedToBuild.length === 0) notAllAnalyzed(p, an.loadingErrors);
    p.failed(false);
    return p.con.result(EXIT.BUILD_FAILURE, explanations);
  }
  if (patternErrors) {
    if (failedRuns === 0) p.con.stdout('All tests passed but there were other errors during the build.\n');
    p.con.line('error', 'command succeeded, but there were errors parsing the target pattern');
    p.failed(false);
    return p.con.result(EXIT.BUILD_FAILURE, explanations);
  }
  const actions = p.executor.ran + runs.length + 1;
  if (failedRuns > 0) {
    p.con.line('info', `Build completed, ${failedRuns} test${failedRuns === 1 ? '' : 's'} FAILED, ${actions} total action${actions === 1 ? '' : 's'}`);
    return p.con.result(EXIT.TESTS_FAILED, explanations);
  }
  p.con.line('info', `Build completed successfully, ${actions} total action${actions === 1 ? '' : 's'}`);
  return p.con.result(EXIT.SUCCESS, explanations);
}

/** --run_under's program and options: a label's analysed target, or a command as written. */
function runUnderOf(p: Pipeline): { target?: AnalyzedTarget; command?: string; args: string[] } | { error: string } | undefined {
  const value = p.option('run_under');
  if (typeof value !== 'string' || value === '') return undefined;
  const [first, ...args] = shellWords(value);
  if (first === undefined) return undefined;
  if (!/^(\/\/|@|:)/.test(first)) return { command: first, args };
  let label;
  try {
    label = parseLabelInPackage(first, { repo: '', pkg: '' }, p.profile.labels);
  } catch (e) {
    if (e instanceof LabelSyntaxError) return { error: `invalid label in --run_under: ${e.message}` };
    throw e;
  }
  const t = label.repo === '' ? p.loader.getPackage(label.pkg)?.targets.get(label.name) : undefined;
  if (!t) return { error: `no such target '${labelToString(label)}' (--run_under)` };
  return { target: p.analysis.analyze(t, p.target), args };
}

/** --keep_going past analysis failures, the rest built: Bazel's note of what kind of error there was. */
function notAllAnalyzed(p: Pipeline, loadingErrors: boolean): void {
  p.con.line('error', loadingErrors ? 'command succeeded, but there were loading phase errors' : 'command succeeded, but not all targets were analyzed');
}

/**
 * --test_size_filters / --test_timeout_filters (Bazel's EnumFilterConverter): a value passes when it is among
 * the positive ones (if any is given) and among no `-` one.
 */
function enumFilter(values: readonly string[]): (v: string) => boolean {
  const all = values.flatMap((s) => s.split(',')).filter(Boolean);
  const wanted = all.filter((x) => !x.startsWith('-'));
  const excluded = all.filter((x) => x.startsWith('-')).map((x) => x.slice(1));
  return (v) => (wanted.length === 0 || wanted.includes(v)) && !excluded.includes(v);
}
