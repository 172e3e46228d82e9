// Test results as the last command reports them: test_suite expansions (explanations.testSuites), the summary
// lines Bazel prints (`//pkg:t   PASSED in 0.1s`), and the logs under bazel-testlogs/.

import type { Explanations, SuiteCandidate, SuiteExplanation } from '../../../worker/protocol.ts';

export type { SuiteCandidate, SuiteExplanation };

export function suitesOf(suites: Explanations['testSuites']): SuiteExplanation[] {
  return Object.values(suites ?? {}).sort((a, b) => (a.suite < b.suite ? -1 : 1));
}

export interface TestSummary {
  label: string;
  status: string;
  detail: string;
  /**
   * bazel-testlogs/<pkg>/<name>/test.log, when the command produced it; for a test run more than once (shards,
   * attempts), the first failed run's log the summary lists, else its first shard's.
   */
  log?: string;
}

const SUMMARY = /^(@{0,2}[\w.~+-]*\/\/\S+)\s+\(?(PASSED|FAILED|FLAKY|TIMEOUT|NO STATUS|SKIPPED|INCOMPLETE|REMOTE FAILURE|FAILED TO BUILD|BUILD FAILED)\)?\b(.*)$/;

export function testSummaries(stdout: string, outputs: Record<string, Uint8Array>): TestSummary[] {
  const out: TestSummary[] = [];
  for (const line of stdout.split('\n')) {
    // A log path under the summary line (a failed run's): the log to show when the test has none of its own.
    const listed = /^\s+\S*?\/(bazel-testlogs\/\S+\/test\.log)$/.exec(line);
    const last = out[out.length - 1];
    if (listed && last && last.log === undefined && listed[1]! in outputs) last.log = listed[1];
    const m = SUMMARY.exec(line.trim());
    if (!m) continue;
    const label = m[1];
    const log = `${logDir(label)}/test.log`;
    out.push({ label, status: m[2], detail: m[3].trim(), log: log in outputs ? log : undefined });
  }
  // A sharded test none of whose runs failed: its first shard's log.
  for (const t of out) t.log ??= Object.keys(outputs).find((k) => k.startsWith(`${logDir(t.label)}/shard_1_of_`) && k.endsWith('/test.log'));
  return out;
}

function logDir(label: string): string {
  return `bazel-testlogs/${label.replace(/^@*[^/]*\/\//, '').replace(':', '/')}`;
}

/** One plain sentence about a suite's expansion. */
export function suiteSentence(s: SuiteExplanation): string {
  const kept = s.candidates.filter((c) => c.outcome === 'kept').length;
  const n = s.candidates.length;
  const from = s.implicit
    ? "its tests attribute is empty, so the candidates are the package's tests not tagged manual"
    : 'the candidates are the tests it lists (suites in it expanded)';
  const filters: string[] = [];
  if (s.required.length) filters.push(`requires ${s.required.map((t) => `tag ${t}`).join(' and ')}`);
  if (s.excluded.length) filters.push(`excludes ${s.excluded.map((t) => `-${t}`).join(', ')}`);
  const filter = filters.length ? `; its tags filter ${filters.join(' and ')} (a test's size counts as a tag)` : '; it has no tag filter';
  return `${s.suite} runs ${kept} of ${n} candidate${n === 1 ? '' : 's'}: ${from}${filter}.` + (kept === 0 && n > 0 ? ' Nothing is left to run.' : '');
}
