// Runs one test (sh_test) in the emulated bash as Bazel's test-setup.sh would: in its runfiles tree, with
// Bazel's test environment, and writes test.log and test.xml as Bazel 4.2.3 does.
//
// The runfiles tree is `bazel-out/<cfg>/bin/<pkg>/<name>.runfiles/<workspace>/…`; the test starts there with
// TEST_SRCDIR/RUNFILES_DIR pointing at it, TEST_TMPDIR at a private directory, TEST_WORKSPACE, TEST_TARGET,
// TEST_SIZE, TEST_TIMEOUT, XML_OUTPUT_FILE, the TEST_* files of the testlogs directory, `env` of the rule
// and its `args` (location-expanded to runfiles paths). Exit status 0 passes. Durations are not measured:
// every test reports 0.1s and test.xml a duration of 0, so outputs stay deterministic; but a test whose `sleep`s
// ask for more than its timeout (the class's, or --test_timeout's) is reported as TIMEOUT.
//
// A test that never ends is stopped by the shell's budgets (commands, loop iterations, wall time) and reported
// as TIMEOUT, as Bazel reports a test it stopped at its timeout; its test.log ends with the rulepen line that
// names the limit. A test stopped by the output limit FAILED (Bazel has no such limit; the log says which).

import { labelToString } from '../loading/index.ts';
import { utf8Decode, utf8Encode } from '../base/index.ts';
import type { AnalyzedTarget } from './artifacts.ts';
import { binDir, runfilesPathOf, timeoutSeconds } from './artifacts.ts';
import { ActionCache, shellQuote } from './executor.ts';
import { Digest, digestBytes } from './digest.ts';
import { runShell, type ShellLimitHit, type ShellLimits, type ShellSignal } from './shell/index.ts';

export type TestStatus = 'PASSED' | 'FAILED' | 'TIMEOUT';

export interface TestRun {
  readonly label: string;
  /** A shard of a sharded test: its index (from 0) and the number of shards. */
  readonly shard?: { readonly index: number; readonly total: number };
  readonly status: TestStatus;
  readonly cached: boolean;
  readonly exitCode: number;
  /** bazel-testlogs/<pkg>/<name>/test.log and test.xml (relative to bazel-testlogs/). */
  readonly logPath: string;
  readonly log: string;
  readonly xml: string;
  readonly env: Record<string, string>;
  readonly command: string;
}

export interface TestRunOptions {
  readonly workspaceName: string;
  readonly tree: ReadonlyMap<string, Uint8Array>;
  readonly executables: ReadonlySet<string>;
  readonly cache: ActionCache;
  readonly testArgs?: readonly string[];
  readonly testEnv?: readonly (readonly [string, string])[];
  readonly limits?: ShellLimits;
  readonly signal?: ShellSignal;
  /** --test_timeout: seconds for each timeout class (short, moderate, long, eternal), or one for all. */
  readonly timeouts?: readonly number[];
  /**
   * --run_under: the test runs as `<program> <args> <test binary>`. A label's target (built) brings its runfiles
   * into the test's tree and runs from there; a plain command is looked up as written.
   */
  readonly runUnder?: { readonly target?: AnalyzedTarget; readonly command?: string; readonly args: readonly string[] };
}

/** The seconds a test may run: its timeout class's from --test_timeout when given, else Bazel's default. */
export function testTimeoutSeconds(timeout: string, timeouts: readonly number[] | undefined): number {
  const classes = ['short', 'moderate', 'long', 'eternal'];
  if (timeouts && timeouts.length === 1 && timeouts[0]! > 0) return timeouts[0]!;
  const i = classes.indexOf(timeout);
  if (timeouts && timeouts.length === 4 && i >= 0 && timeouts[i]! > 0) return timeouts[i]!;
  return timeoutSeconds(timeout);
}

const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

function xmlEscapeCdata(s: string): string {
  return s.replace(/]]>/g, ']]>]]&gt;<![CDATA[');
}

/**
 * Runs a test, or one shard of it: a shard has its own testlogs directory (`shard_<i>_of_<n>`), TEST_SHARD_INDEX,
 * TEST_TOTAL_SHARDS and TEST_SHARD_STATUS_FILE, and its own cached result (Bazel's TestRunnerAction per shard).
 */
export async function runTest(
  t: AnalyzedTarget,
  opts: TestRunOptions,
  shard?: { readonly index: number; readonly total: number },
  /** A retry of a failed flaky test (2, 3, …): a result of its own, never the first attempt's cached one. */
  attempt = 1,
): Promise<TestRun> {
  const label = labelToString(t.label);
  const info = t.test!;
  const exe = t.executable!;
  const config = t.config!;
  const execRoot = `/execroot/${opts.workspaceName}`;
  const shortPkg = t.label.pkg ? `${t.label.pkg}/${t.label.name}` : t.label.name;
  const runfilesDir = `${execRoot}/${binDir(config)}/${shortPkg}.runfiles`;
  const logsRel = shard ? `${shortPkg}/shard_${shard.index + 1}_of_${shard.total}` : shortPkg;
  const logsDir = `${execRoot}/bazel-out/${config.outputDir}/testlogs/${logsRel}`;
  const tmp = `${execRoot}/_tmp/${new Digest().string(label).hex()}`;
  const env: Record<string, string> = {
    PATH: `.:${PATH}`,
    TMPDIR: '/tmp',
    TZ: 'UTC',
    USER: 'rulepen',
    HOME: tmp,
    SHLVL: '1',
    EXPERIMENTAL_SPLIT_XML_GENERATION: '1',
    GTEST_TMP_DIR: tmp,
    JAVA_RUNFILES: runfilesDir,
    PYTHON_RUNFILES: runfilesDir,
    RUNFILES_DIR: runfilesDir,
    RUN_UNDER_RUNFILES: '1',
    TEST_BINARY: exe.shortPath,
    TEST_INFRASTRUCTURE_FAILURE_FILE: `${logsDir}/test.infrastructure_failure`,
    TEST_LOGSPLITTER_OUTPUT_FILE: `${logsDir}/test.raw_splitlogs/test.splitlogs`,
    TEST_PREMATURE_EXIT_FILE: `${logsDir}/test.exited_prematurely`,
    TEST_SIZE: info.size,
    TEST_SRCDIR: runfilesDir,
    TEST_TARGET: label,
    TEST_TIMEOUT: String(testTimeoutSeconds(info.timeout, opts.timeouts)),
    TEST_TMPDIR: tmp,
    TEST_UNDECLARED_OUTPUTS_ANNOTATIONS_DIR: `${logsDir}/test.outputs_manifest`,
    TEST_UNDECLARED_OUTPUTS_DIR: `${logsDir}/test.outputs`,
    TEST_UNUSED_RUNFILES_LOG_FILE: `${logsDir}/test.unused_runfiles_log`,
    TEST_WARNINGS_OUTPUT_FILE: `${logsDir}/test.warnings`,
    TEST_WORKSPACE: opts.workspaceName,
    XML_OUTPUT_FILE: `${logsDir}/test.xml`,
  };
  if (shard) {
    env.TEST_SHARD_INDEX = String(shard.index);
    env.TEST_SHARD_STATUS_FILE = `${logsDir}/test.shard`;
    env.TEST_TOTAL_SHARDS = String(shard.total);
  }
  for (const [k, v] of info.env) env[k] = v;
  for (const [k, v] of opts.testEnv ?? []) env[k] = v;
  const files = new Map<string, Uint8Array>();
  const executable = new Set<string>();
  for (const r of t.runfiles) {
    const bytes = opts.tree.get(r.execPath);
    if (!bytes) continue;
    const p = `${runfilesDir}/${runfilesPathOf(r, opts.workspaceName)}`;
    files.set(p, bytes);
    if (opts.executables.has(r.execPath)) executable.add(p);
  }
  const args = [...info.args, ...(opts.testArgs ?? [])];
  const cwd = `${runfilesDir}/${opts.workspaceName}`;
  let command = [`./${exe.shortPath}`, ...args].map((a, i) => (i === 0 ? a : shellQuote(a))).join(' ');
  const under = opts.runUnder;
  if (under) {
    const underExe = under.target?.executable;
    for (const r of under.target?.runfiles ?? []) {
      const bytes = opts.tree.get(r.execPath);
      if (!bytes) continue;
      const p = `${runfilesDir}/${runfilesPathOf(r, opts.workspaceName)}`;
      files.set(p, bytes);
      if (opts.executables.has(r.execPath)) executable.add(p);
    }
    const program = underExe ? `./${underExe.shortPath}` : (under.command ?? '');
    command = [program, ...[...under.args, exe.shortPath, ...args].map(shellQuote)].join(' ');
  }

  // Test results are cached like actions: same runfiles, arguments and environment → same result.
  const d = new Digest().string('test').string(command);
  for (const [k, v] of Object.entries(env).sort()) d.string(k).string(v);
  for (const [p, b] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) d.string(p).string(digestBytes(b)).string(executable.has(p) ? 'x' : '-');
  const digest = d.hex();
  const key = `test ${t.key}${shard ? ` shard ${shard.index}` : ''}${attempt > 1 ? ` attempt ${attempt}` : ''}`;
  const hit = opts.cache.entries.get(key);
  let exitCode: number;
  let limitHit: ShellLimitHit | undefined;
  let output: string;
  let cached = false;
  /** The test's own XML report, when it wrote XML_OUTPUT_FILE. */
  let ownXml: Uint8Array | undefined;
  if (hit && hit.digest === digest) {
    exitCode = hit.exitCode ?? 0;
    limitHit = hit.limitHit;
    output = hit.stdout;
    ownXml = hit.outputs.get('test.xml');
    cached = true;
  } else {
    const r = await runShell({ script: command, cwd, env, files, executable, dirs: [tmp, `${logsDir}/test.outputs`], limits: opts.limits, signal: opts.signal });
    exitCode = r.exitCode;
    limitHit = r.limitHit;
    // A test whose sleeps add up to more than its timeout is one Bazel would have stopped there.
    if (!limitHit && (r.sleptMs ?? 0) > testTimeoutSeconds(info.timeout, opts.timeouts) * 1000) {
      limitHit = 'time';
      exitCode = 142;
    }
    output = r.stdout + r.stderr;
    ownXml = r.files.get(env.XML_OUTPUT_FILE!);
    const outputs = ownXml ? new Map([['test.xml', ownXml]]) : new Map<string, Uint8Array>();
    opts.cache.entries.set(key, { digest, outputs, stdout: output, stderr: '', exitCode, ...(limitHit ? { limitHit } : {}) });
  }
  const status = testStatus(exitCode, limitHit);
  const log = `exec \${PAGER:-/usr/bin/less} "$0" || exit 1\nExecuting tests from ${label}\n-----------------------------------------------------------------------------\n${output}`;
  const failures = status === 'PASSED' ? 0 : 1;
  const xml = ownXml
    ? utf8Decode(ownXml)
    : `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n  <testsuite name="${shortPkg}" tests="1" failures="0" errors="${failures}">\n` +
    `    <testcase name="${shortPkg}" status="run" duration="0" time="0">${failures ? `<error message="exited with error code ${exitCode}"></error>` : ''}</testcase>\n` +
    `      <system-out>\nGenerated test.log (if the file is not UTF-8, then this may be unreadable):\n<![CDATA[${xmlEscapeCdata(log)}]]>\n      </system-out>\n    </testsuite>\n</testsuites>\n`;
  return { label, ...(shard ? { shard } : {}), status, cached, exitCode, logPath: `${logsRel}/test.log`, log, xml, env, command };
}

/**
 * PASSED on 0; TIMEOUT when a budget for a test that never ends stopped it; else FAILED (also a test that
 * exits 124 itself, e.g. through `timeout`, as Bazel judges a test only by its exit status then).
 */
export function testStatus(exitCode: number, limitHit?: ShellLimitHit): TestStatus {
  if (exitCode === 0) return 'PASSED';
  if (limitHit === 'time' || limitHit === 'commands' || limitHit === 'loop') return 'TIMEOUT';
  return 'FAILED';
}

export function encodeLog(s: string): Uint8Array {
  return utf8Encode(s);
}

