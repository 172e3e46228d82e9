import { describe, expect, it } from 'vitest';
import { suiteSentence, testSummaries } from './tests-shape.ts';

describe('tests shape', () => {
  it('reads the summary lines and finds the logs', () => {
    const stdout = '//p:a                  PASSED in 0.1s\n//p:b                  FAILED in 0.1s\n  /workspace/bazel-testlogs/p/b/test.log\n\nExecuted 2 out of 2 tests\n';
    const outputs = { 'bazel-testlogs/p/b/test.log': new Uint8Array(1) };
    expect(testSummaries(stdout, outputs)).toEqual([
      { label: '//p:a', status: 'PASSED', detail: 'in 0.1s', log: undefined },
      { label: '//p:b', status: 'FAILED', detail: 'in 0.1s', log: 'bazel-testlogs/p/b/test.log' },
    ]);
  });

  it("finds a sharded test's log: the failed shard the summary lists, else the first shard", () => {
    const stdout =
      '//p:a     FAILED in 1 out of 2 in 0.1s\n  Stats over 2 runs: max = 0.1s, min = 0.1s, avg = 0.1s, dev = 0.0s\n  /workspace/bazel-testlogs/p/a/shard_2_of_2/test.log\n' +
      '//p:b     PASSED in 0.1s\n  Stats over 2 runs: max = 0.1s, min = 0.1s, avg = 0.1s, dev = 0.0s\n\nExecuted 2 out of 2 tests\n';
    const log = new Uint8Array(1);
    const outputs = Object.fromEntries(['a/shard_1_of_2', 'a/shard_2_of_2', 'b/shard_1_of_2', 'b/shard_2_of_2'].map((d) => [`bazel-testlogs/p/${d}/test.log`, log]));
    expect(testSummaries(stdout, outputs).map((t) => t.log)).toEqual(['bazel-testlogs/p/a/shard_2_of_2/test.log', 'bazel-testlogs/p/b/shard_1_of_2/test.log']);
  });

  it('says what a suite kept, in one sentence', () => {
    expect(
      suiteSentence({
        suite: '//p:fast',
        required: [],
        excluded: ['slow'],
        implicit: true,
        errors: [],
        candidates: [
          { label: '//p:a', outcome: 'kept', reason: '' },
          { label: '//p:b', outcome: 'dropped', reason: '' },
        ],
      }),
    ).toBe("//p:fast runs 1 of 2 candidates: its tests attribute is empty, so the candidates are the package's tests not tagged manual; its tags filter excludes -slow (a test's size counts as a tag).");
  });
});
