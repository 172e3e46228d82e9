// Scenario tests for analysis (alias, filegroup, visibility, testonly), test_suite expansion, and the build /
// test / run commands over it, under the 4.2.3 profile. Expectations follow Bazel 4.2.3 runs.

import { describe, expect, it } from 'vitest';
import { utf8Decode } from '../base/index.ts';
import { runCommand } from '../commands/index.ts';
import type { SuiteExplanation } from '../loading/index.ts';

type Files = Record<string, string>;

const run = async (files: Files, ...argv: string[]) => {
  const r = await runCommand({ WORKSPACE: '', '.bazelversion': '4.2.3', ...files }, argv, { workspaceDir: '/ws' });
  return { ...r, out: (p: string) => (r.outputs[p] ? utf8Decode(r.outputs[p]!) : undefined) };
};

const TESTS = [
  'sh_test(name = "small_fast", srcs = ["pass.sh"], size = "small", tags = ["fast"])',
  'sh_test(name = "medium_slow", srcs = ["pass.sh"], size = "medium", tags = ["slow"])',
  'sh_test(name = "large_plain", srcs = ["pass.sh"], size = "large")',
  'sh_test(name = "manual_fast", srcs = ["pass.sh"], tags = ["manual", "fast"])',
].join('\n');
const PASS = { 'pkg/pass.sh': '#!/bin/sh\nexit 0\n' };

describe('alias and filegroup', () => {
  it('alias forwards its actual; chains resolve; its own visibility is checked', async () => {
    const files = {
      'lib/BUILD': 'genrule(name = "g", outs = ["g.txt"], cmd = "echo g > $@")\nalias(name = "pub", actual = ":g", visibility = ["//visibility:public"])\nalias(name = "priv", actual = ":g")',
      'other/BUILD': 'genrule(name = "ok", srcs = ["//lib:pub"], outs = ["ok.txt"], cmd = "cat $< > $@")\ngenrule(name = "bad", srcs = ["//lib:priv"], outs = ["bad.txt"], cmd = "cat $< > $@")',
    };
    const ok = await run(files, 'build', '//other:ok');
    expect(ok.exitCode).toBe(0);
    expect(ok.out('bazel-bin/other/ok.txt')).toBe('g\n');
    const bad = await run(files, 'build', '//other:bad');
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain(
      "ERROR: /ws/other/BUILD:2:8: in genrule rule //other:bad: alias '//lib:priv' referring to target '//lib:g' is not visible from target '//other:bad'. Check the visibility declaration of the former target if you think the dependency is legitimate",
    );
  });

  it('testonly: an alias ignores its own; a non-test rule may not depend on a testonly target', async () => {
    const files = {
      'pkg/BUILD': [
        'genrule(name = "t", outs = ["t.txt"], cmd = "touch $@", testonly = True)',
        'alias(name = "a", actual = ":t")',
        'alias(name = "b", actual = ":plain", testonly = True)',
        'genrule(name = "plain", outs = ["p.txt"], cmd = "touch $@")',
        'genrule(name = "use_a", srcs = [":a"], outs = ["ua"], cmd = "touch $@")',
        'genrule(name = "use_b", srcs = [":b"], outs = ["ub"], cmd = "touch $@")',
      ].join('\n'),
    };
    const a = await run(files, 'build', '//pkg:use_a');
    expect(a.exitCode).toBe(1);
    expect(a.stderr).toContain("non-test target '//pkg:use_a' depends on testonly alias '//pkg:a' referring to target '//pkg:t' and doesn't have testonly attribute set");
    expect((await run(files, 'build', '//pkg:use_b')).exitCode).toBe(0);
  });

  it('an alias of a package_group is refused', async () => {
    const r = await run({ 'pkg/BUILD': 'package_group(name = "g", packages = ["//pkg"])\nalias(name = "a", actual = ":g")' }, 'build', '//pkg:a');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("in actual attribute of alias rule //pkg:a: package group '//pkg:g' is misplaced here");
  });

  it('visibility through a package_group', async () => {
    const files = {
      'lib/BUILD': 'package_group(name = "friends", packages = ["//ok/..."])\ngenrule(name = "g", outs = ["g.out"], cmd = "touch $@", visibility = [":friends"])',
      'ok/sub/BUILD': 'genrule(name = "u", srcs = ["//lib:g"], outs = ["u.out"], cmd = "touch $@")',
      'no/BUILD': 'genrule(name = "u", srcs = ["//lib:g"], outs = ["u.out"], cmd = "touch $@")',
    };
    const okr = await run(files, 'build', '//ok/sub:u');
    expect(okr.stderr).not.toContain('ERROR');
    expect(okr.exitCode).toBe(0);
    expect((await run(files, 'build', '//no:u')).stderr).toContain('is not visible from target');
  });

  it('filegroup: srcs in order, data as runfiles, output_group of its members', async () => {
    const r = await run(
      {
        'pkg/BUILD': [
          'genrule(name = "g2", outs = ["two", "three"], cmd = "touch $(OUTS)")',
          'filegroup(name = "inner", srcs = ["b", "a"])',
          'filegroup(name = "fg", srcs = [":g2", ":inner", "c"], data = ["d"])',
          'genrule(name = "use", srcs = [":fg"], outs = ["use.out"], cmd = "echo $(SRCS) > $@")',
        ].join('\n'),
        'pkg/a': '',
        'pkg/b': '',
        'pkg/c': '',
        'pkg/d': '',
      },
      'build',
      '//pkg:use',
    );
    expect(r.out('bazel-bin/pkg/use.out')).toBe('bazel-out/k8-fastbuild/bin/pkg/two bazel-out/k8-fastbuild/bin/pkg/three pkg/b pkg/a pkg/c\n');
  });

  it('filegroup: one file is its executable (yet not runnable); an _INTERNAL_ output group is refused', async () => {
    const files = {
      'pkg/BUILD': [
        'filegroup(name = "one", srcs = ["a.sh"])',
        'filegroup(name = "two", srcs = ["a.sh", "b.sh"])',
        'filegroup(name = "hidden", srcs = ["a.sh"], output_group = "_hidden_top_level_INTERNAL_")',
      ].join('\n'),
      'pkg/a.sh': '#!/bin/sh\n',
      'pkg/b.sh': '',
    };
    const q = await run(files, 'cquery', 'set(//pkg:one //pkg:two)', '--output=starlark', '--starlark:expr=target.files_to_run.executable');
    expect(q.stdout).toBe('<source file pkg/a.sh>\nNone\n');
    const r = await run(files, 'run', '//pkg:one');
    expect(r.stderr).toContain('ERROR: Cannot run target //pkg:one: Not executable');
    const h = await run(files, 'build', '//pkg:hidden');
    expect(h.exitCode).toBe(1);
    expect(h.stderr).toContain('ERROR: /ws/pkg/BUILD:3:10: in output_group attribute of filegroup rule //pkg:hidden: Output group _hidden_top_level_INTERNAL_ is not permitted for reference in filegroups.');
  });
});

describe('build command', () => {
  const files = {
    'pkg/BUILD': 'genrule(name = "a", outs = ["a.out"], cmd = "touch $@")\ngenrule(name = "m", outs = ["m.out"], cmd = "touch $@", tags = ["manual"])\ngenrule(name = "bad", outs = ["bad.out"], cmd = "exit 1")',
  };

  it('negative patterns, manual skipped by wildcards, console lines', async () => {
    const r = await run(files, 'build', '--', '//pkg:all', '-//pkg:bad');
    expect(r.exitCode).toBe(0);
    expect(Object.keys(r.outputs)).toEqual(['bazel-bin/pkg/a.out']);
    expect(r.stderr).toContain('INFO: Analyzed target //pkg:a (1 packages loaded, 1 targets configured).');
    expect(r.stderr).toContain('Target //pkg:a up-to-date:\n  bazel-bin/pkg/a.out\n');
    expect(r.stderr).toContain('INFO: Build completed successfully, 2 total actions');
  });

  it('--keep_going builds what it can', async () => {
    const stop = await run(files, 'build', '//pkg:bad', '//pkg:a');
    expect(stop.exitCode).toBe(1);
    const go = await run(files, 'build', '--keep_going', '//pkg:bad', '//pkg:a');
    expect(go.exitCode).toBe(1);
    expect(go.outputs['bazel-bin/pkg/a.out']).toBeDefined();
    // Two targets are more than --show_result=1 shows (Bazel's BuildResultPrinter, checked with 4.2.3).
    expect(go.stderr).not.toContain('failed to build');
    expect(go.stderr).not.toContain('up-to-date');
    const shown = await run(files, 'build', '--keep_going', '--show_result=2', '//pkg:bad', '//pkg:a');
    expect(shown.stderr).toContain('Target //pkg:a up-to-date:\n  bazel-bin/pkg/a.out\nTarget //pkg:bad failed to build\nUse --verbose_failures');
  });

  it('a select() without a match fails any rule, printed as Bazel 4.2.3 prints it (located, repeated after "build aborted")', async () => {
    const r = await run(
      {
        'pkg/a.txt': '',
        'pkg/BUILD': 'config_setting(name = "a", define_values = {"x": "1"})\nfilegroup(name = "nomatch", srcs = select({":a": ["a.txt"]}))\n',
      },
      'build',
      '//pkg:nomatch',
    );
    expect(r.exitCode).toBe(1);
    const err = 'ERROR: /ws/pkg/BUILD:2:10: Configurable attribute "srcs" doesn\'t match this configuration (would a default condition help?).\nConditions checked:\n //pkg:a\n';
    expect(r.stderr).toContain(err);
    expect(r.stderr).toContain(`ERROR: Analysis of target '//pkg:nomatch' failed; build aborted: ${err.slice('ERROR: '.length)}`);
    expect(r.stderr).not.toContain('up-to-date');
  });

  it('a missing target is reported', async () => {
    const r = await run(files, 'build', '//pkg:nope');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("no such target '//pkg:nope'");
  });
});

describe('test_suite and test', () => {
  it('explains every candidate: kept, tag, size or manual', async () => {
    const r = await run(
      { 'pkg/BUILD': TESTS + '\ntest_suite(name = "s", tags = ["-slow", "-large"], tests = [":small_fast", ":medium_slow", ":large_plain", ":manual_fast"])\ntest_suite(name = "all")', ...PASS },
      'test',
      '//pkg:s',
      '//pkg:all',
    );
    expect(r.exitCode).toBe(0);
    const s = r.explanations!.testSuites!['//pkg:s'] as SuiteExplanation;
    expect(s.candidates.map((c) => [c.label, c.outcome, c.reason])).toEqual([
      ['//pkg:small_fast', 'kept', 'listed and passes the tag filter'],
      ['//pkg:medium_slow', 'dropped', 'tag slow is excluded by -slow'],
      ['//pkg:large_plain', 'dropped', 'size large is excluded by -large'],
      ['//pkg:manual_fast', 'kept', 'listed explicitly (manual does not matter then) and passes the tag filter'],
    ]);
    const all = r.explanations!.testSuites!['//pkg:all'] as SuiteExplanation;
    expect(all.candidates.find((c) => c.label === '//pkg:manual_fast')!.outcome).toBe('dropped');
    expect(r.stdout).toContain('//pkg:small_fast' + ' '.repeat(73 - 16) + 'PASSED in 0.1s');
  });

  it('tests left out by --test_tag_filters are still built, and counted as targets (Bazel 4.2.3)', async () => {
    const files = { 'pkg/BUILD': TESTS + '\ntest_suite(name = "all")', ...PASS };
    const r = await run(files, 'test', '//pkg:all', '--test_tag_filters=-slow');
    expect(r.stderr).toContain('INFO: Found 1 target and 2 test targets...');
    const only = await run(files, 'test', '//pkg:all', '--test_tag_filters=-slow', '--build_tests_only');
    expect(only.stderr).toContain('INFO: Found 2 test targets...');
  });

  it('a suite tagged manual runs its tests when named (manual is no filter)', async () => {
    const r = await run({ 'pkg/BUILD': TESTS + '\ntest_suite(name = "ms", tags = ["manual"], tests = [":large_plain"])', ...PASS }, 'test', '//pkg:ms');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('//pkg:large_plain');
  });

  it('a failing test: exit 3, FAIL line, test.log and test.xml', async () => {
    const r = await run(
      { 'pkg/BUILD': 'sh_test(name = "t", srcs = ["t.sh"], data = ["d.txt"], args = ["a b", "$(location d.txt)"], env = {"E": "v"})', 'pkg/t.sh': '#!/bin/sh\necho "$1 $E $TEST_WORKSPACE"; cat "$2"\nexit 2\n', 'pkg/d.txt': 'data\n' },
      'test',
      '//pkg:t',
    );
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain('FAIL: //pkg:t (see /ws/bazel-testlogs/pkg/t/test.log)');
    expect(r.out('bazel-testlogs/pkg/t/test.log')).toBe(
      'exec ${PAGER:-/usr/bin/less} "$0" || exit 1\nExecuting tests from //pkg:t\n-----------------------------------------------------------------------------\na b v __main__\ndata\n',
    );
    expect(r.out('bazel-testlogs/pkg/t/test.xml')).toContain('<testsuite name="pkg/t" tests="1" failures="0" errors="1">');
  });

  it('an alias of a test runs when the test itself runs, listed under its own label; an alias of a suite runs nothing (Bazel 4.2.3)', async () => {
    const files = {
      'pkg/BUILD': [
        'sh_test(name = "t", srcs = ["pass.sh"])',
        'test_suite(name = "s", tests = [":t"])',
        'alias(name = "at", actual = ":t")',
        'alias(name = "aat", actual = ":at")',
        'alias(name = "as", actual = ":s")',
      ].join('\n'),
      ...PASS,
    };
    const summary = (stdout: string) => stdout.split('\n').filter((l) => l.includes(' PASSED ')).map((l) => l.split(' ')[0]);
    const both = await run(files, 'test', '//pkg:aat', '//pkg:t');
    expect(both.exitCode).toBe(0);
    expect(summary(both.stdout)).toEqual(['//pkg:aat', '//pkg:t']);
    expect(both.stderr).toContain('Found 2 test targets...');
    const alone = await run(files, 'test', '//pkg:at');
    expect(alone.exitCode).toBe(4);
    const suite = await run(files, 'test', '//pkg:as', '//pkg:t');
    expect(summary(suite.stdout)).toEqual(['//pkg:t']);
    const built = await run(files, 'build', '//pkg:as');
    expect(built.exitCode).toBe(0);
    expect(built.stderr).toContain('Target //pkg:s up-to-date (nothing to build)');
    expect(Object.keys(built.outputs)).toEqual([]);
  });

  it('a top-level sh_binary/sh_test gets its runfiles manifest and tree under bazel-bin (Bazel 4.2.3)', async () => {
    const files = {
      WORKSPACE: '',
      '.bazelversion': '4.2.3',
      'p/BUILD': [
        'sh_test(name = "t", srcs = ["pass.sh"], data = [":fg", "//o:od"])',
        'filegroup(name = "fg", srcs = ["data.txt", ":gen"])',
        'genrule(name = "gen", outs = ["gen.txt"], cmd = "echo g > $@")',
        'genrule(name = "exe", outs = ["exe.sh"], cmd = "echo x > $@", executable = True)',
      ].join('\n'),
      'p/pass.sh': '#!/bin/sh\nexit 0\n',
      'p/data.txt': 'data\n',
      'o/BUILD': 'filegroup(name = "od", srcs = ["od.txt"], visibility = ["//visibility:public"])',
      'o/od.txt': 'od\n',
    };
    const r = await runCommand(files, ['--output_base=/ob', 'build', '//p:t', '//p:exe'], { workspaceDir: '/ws' });
    expect(r.exitCode).toBe(0);
    const manifest = [
      '__main__/o/od.txt /ws/o/od.txt',
      '__main__/p/data.txt /ws/p/data.txt',
      '__main__/p/gen.txt /ob/execroot/__main__/bazel-out/k8-fastbuild/bin/p/gen.txt',
      '__main__/p/pass.sh /ws/p/pass.sh',
      '__main__/p/t /ob/execroot/__main__/bazel-out/k8-fastbuild/bin/p/t',
      '',
    ].join('\n');
    const out = (p: string) => (r.outputs[p] ? utf8Decode(r.outputs[p]!) : undefined);
    expect(out('bazel-bin/p/t.runfiles_manifest')).toBe(manifest);
    expect(out('bazel-bin/p/t.runfiles/MANIFEST')).toBe(manifest);
    expect(out('bazel-bin/p/t.runfiles/__main__/p/gen.txt')).toBe('g\n');
    expect(out('bazel-bin/p/t.runfiles/__main__/o/od.txt')).toBe('od\n');
    expect(out('bazel-bin/p/t.runfiles/__main__/p/t')).toBe('#!/bin/sh\nexit 0\n');
    // An executable genrule has no runfiles tree.
    expect(Object.keys(r.outputs).filter((k) => k.includes('exe.sh.runfiles'))).toEqual([]);
  });

  it('test: an analysis failure cannot start the tests; a test the failed build did not reach has NO STATUS (Bazel 4.2.3)', async () => {
    const files = {
      'pkg/BUILD': [
        'sh_test(name = "t", srcs = ["pass.sh"])',
        'genrule(name = "g", outs = ["g.txt"], cmd = "exit 1")',
        'config_setting(name = "bad", values = {"c": "opt"})',
        'genrule(name = "s", outs = ["s.txt"], cmd = select({":bad": "echo a > $@", "//conditions:default": "echo b > $@"}))',
      ].join('\n'),
      ...PASS,
    };
    const analysis = await run(files, 'test', '//pkg:t', '//pkg:s');
    expect(analysis.exitCode).toBe(1);
    expect(analysis.stderr).toContain("ERROR: Analysis of target '//pkg:s' failed; build aborted: Analysis of target '//pkg:bad' failed");
    expect(analysis.stderr).toContain("ERROR: Couldn't start the build. Unable to run tests");
    const execution = await run(files, 'test', '//pkg:t', '//pkg:g');
    expect(execution.exitCode).toBe(1);
    expect(execution.stdout).toMatch(/^\/\/pkg:t +NO STATUS\n\nExecuted 0 out of 1 test: 1 was skipped\.\n$/);
  });

  it('test summary as Bazel 4.2.3 prints it: sorted by status then label, counts joined as an English list, the size warning', async () => {
    const files = {
      'pkg/BUILD': [
        'exports_files(["pass.sh"])',
        'sh_test(name = "z", srcs = ["pass.sh"], size = "small")',
        'sh_test(name = "b", srcs = ["fail.sh"], size = "small")',
        'sh_test(name = "a", srcs = ["pass.sh"], size = "small")',
        'sh_test(name = "e", srcs = ["pass.sh"], data = [":bad"], size = "small")',
        'genrule(name = "bad", outs = ["bad.txt"], cmd = "exit 1")',
      ].join('\n'),
      'pkg/sub/BUILD': 'sh_test(name = "c", srcs = ["//pkg:pass.sh"])',
      'pkg/fail.sh': '#!/bin/sh\nexit 1\n',
      ...PASS,
    };
    const r = await run(files, 'test', '//pkg/...', '--keep_going');
    const pad = (label: string, message: string) => label.padEnd(78 - message.length) + ' ' + message;
    // Not run first (FAILED TO BUILD), then PASSED by package and name (//pkg:z before //pkg/sub:c), then FAILED.
    expect(r.stdout.split('\n').filter((l) => l.startsWith('//'))).toEqual([
      pad('//pkg:e', 'FAILED TO BUILD'),
      pad('//pkg:a', 'PASSED') + ' in 0.1s',
      pad('//pkg:z', 'PASSED') + ' in 0.1s',
      pad('//pkg/sub:c', 'PASSED') + ' in 0.1s',
      pad('//pkg:b', 'FAILED') + ' in 0.1s',
    ]);
    expect(r.stdout).toContain('Executed 4 out of 5 tests: 3 tests pass, 1 fails to build and 1 fails locally.\n');
    // //pkg/sub:c is medium (a moderate timeout) and took no time.
    expect(r.stdout).toContain('There were tests whose specified size is too big. Use the --test_verbose_timeout_warnings command line option to see which ones these are.\n');
    const verbose = await run(files, 'test', '//pkg/sub:c', '--test_verbose_timeout_warnings');
    expect(verbose.stdout).toContain(
      '\n  WARNING: //pkg/sub:c: Test execution time (0.1s excluding execution overhead) outside of range for MODERATE tests. Consider setting timeout="short" or size="small".\n',
    );
    expect(verbose.stdout).not.toContain('There were tests');
  });

  it('a sharded test runs once per shard with its own testlogs directory and TEST_SHARD_INDEX/TEST_TOTAL_SHARDS (Bazel 4.2.3)', async () => {
    const files = {
      'pkg/BUILD': 'sh_test(name = "s", srcs = ["shard.sh"], shard_count = 3, size = "small")\nsh_test(name = "one", srcs = ["shard.sh"], shard_count = 1, size = "small")',
      'pkg/shard.sh': '#!/bin/sh\necho "shard $TEST_SHARD_INDEX of $TEST_TOTAL_SHARDS"\n[ "$TEST_SHARD_INDEX" = 1 ] && exit 1\nexit 0\n',
    };
    const r = await run(files, 'test', '//pkg:s');
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/^FAIL: \/\/pkg:s \(shard 2 of 3\) \(see .*\/bazel-testlogs\/pkg\/s\/shard_2_of_3\/test\.log\)$/m);
    expect(r.stdout).toContain(
      '//pkg:s'.padEnd(72) + ' FAILED in 1 out of 3 in 0.1s\n  Stats over 3 runs: max = 0.1s, min = 0.1s, avg = 0.1s, dev = 0.0s\n',
    );
    expect(r.stdout).toContain('Executed 1 out of 1 test: 1 fails locally.');
    for (const i of [1, 2, 3]) {
      expect(utf8Decode(r.outputs[`bazel-testlogs/pkg/s/shard_${i}_of_3/test.log`]!)).toContain(`shard ${i - 1} of 3`);
    }
    // shard_count = 1 is no sharding: no shard variables, the log where an unsharded test's is.
    const one = await run(files, 'test', '//pkg:one');
    expect(one.exitCode).toBe(0);
    expect(utf8Decode(one.outputs['bazel-testlogs/pkg/one/test.log']!)).toContain('shard  of ');
  });

  it('a failing flaky test runs three times; the failed attempts keep their logs under test_attempts (Bazel 4.2.3)', async () => {
    const files = {
      'pkg/BUILD': 'sh_test(name = "f", srcs = ["fail.sh"], flaky = True, size = "small")\nsh_test(name = "g", srcs = ["fail.sh"], size = "small")',
      'pkg/fail.sh': '#!/bin/sh\necho attempt\nexit 1\n',
    };
    const r = await run(files, 'test', '//pkg:f', '//pkg:g');
    expect(r.exitCode).toBe(3);
    const logs = (...names: string[]) => names.map((n) => expect.stringMatching(new RegExp(`/bazel-testlogs/pkg/f/${n.replace('.', '\\.')}$`)));
    expect(r.stderr.split('\n').filter((l) => l.startsWith('FAIL: //pkg:f')).map((l) => l.replace(/\)$/, ''))).toEqual(logs('test_attempts/attempt_1.log', 'test_attempts/attempt_2.log', 'test.log'));
    expect(r.stderr).toContain('\nFAILED: //pkg:f (Summary)\n      ');
    // The test run once sorts before the one run three times; the failed logs, the last attempt's first.
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^\/\/pkg:g +FAILED in 0\.1s$/);
    expect(lines.slice(2, 7)).toEqual([
      '//pkg:f'.padEnd(72) + ' FAILED in 3 out of 3 in 0.1s',
      '  Stats over 3 runs: max = 0.1s, min = 0.1s, avg = 0.1s, dev = 0.0s',
      ...logs('test.log', 'test_attempts/attempt_1.log', 'test_attempts/attempt_2.log'),
    ]);
    expect(Object.keys(r.outputs).filter((k) => k.startsWith('bazel-testlogs/pkg/f/')).sort()).toEqual(
      ['test.log', 'test.xml', 'test_attempts/attempt_1.log', 'test_attempts/attempt_1.xml', 'test_attempts/attempt_2.log', 'test_attempts/attempt_2.xml'].map((n) => `bazel-testlogs/pkg/f/${n}`),
    );
    // --flaky_test_attempts=2 retries every test once.
    const two = await run(files, 'test', '//pkg:g', '--flaky_test_attempts=2');
    expect(two.stdout).toContain(' FAILED in 2 out of 2 in 0.1s');
  });

  it("a skylib build setting's implementation reads ctx.build_setting_value (cquery analyses it)", async () => {
    const files = {
      'flags/BUILD': [
        'load("@bazel_skylib//rules:common_settings.bzl", "bool_flag", "string_flag")',
        'string_flag(name = "color", build_setting_default = "red", values = ["red", "green"])',
        'bool_flag(name = "on", build_setting_default = False)',
      ].join('\n'),
    };
    const ok = await run(files, 'cquery', '//flags:all', '--//flags:color=green');
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout.split('\n').filter(Boolean).map((l) => l.split(' ')[0])).toEqual(['//flags:color', '//flags:on']);
    const bad = await run(files, 'cquery', '//flags:all', '--//flags:color=purple');
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain("Error setting //flags:color: invalid value 'purple'. Allowed values are [\"red\", \"green\"]");
  });

  it('cquery has tests(): the tests a suite expands to, configured (Bazel 4.2.3)', async () => {
    const files = { 'pkg/BUILD': TESTS + '\ntest_suite(name = "s", tests = [":small_fast"])\nfilegroup(name = "fg")', ...PASS };
    const r = await run(files, 'cquery', 'tests(//pkg:s)');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^\/\/pkg:small_fast \([0-9a-f]{7}\)\n$/);
    const none = await run(files, 'cquery', 'tests(//pkg:fg)');
    expect(none.exitCode).toBe(0);
    expect(none.stdout).toBe('');
  });

  it('no test targets: exit 4; a binary in a suite: its other tests run, exit 1', async () => {
    const none = await run({ 'pkg/BUILD': 'genrule(name = "g", outs = ["g.out"], cmd = "touch $@")' }, 'test', '//pkg:g');
    expect(none.exitCode).toBe(4);
    expect(none.stderr).toContain('No test targets were found, yet testing was requested');
    const bin = await run({ 'pkg/BUILD': TESTS + '\nsh_binary(name = "b", srcs = ["pass.sh"])\ntest_suite(name = "s", tests = [":b", ":small_fast"])', ...PASS }, 'test', '//pkg:s');
    expect(bin.exitCode).toBe(1);
    expect(bin.stderr).toContain("in test_suite rule '//pkg:s': expecting a test or a test_suite rule but '//pkg:b' is not one");
    expect(bin.stdout).toContain('//pkg:small_fast');
  });

  it('negative words take their tests (suites expanded) out of the tests to run, not out of the build; a run left with none warns', async () => {
    const files = {
      'cc/BUILD': 'sh_test(name = "my_test", srcs = ["pass.sh"])\ntest_suite(name = "tests", tests = [":my_test"])',
      'cc/pass.sh': PASS['pkg/pass.sh'],
      'm/BUILD': 'sh_test(name = "test", srcs = ["pass.sh"], tags = ["manual"])',
      'm/pass.sh': PASS['pkg/pass.sh'],
    };
    const warning = 'WARNING: All specified test targets were excluded by filters';
    for (const argv of [['--', '//cc:tests', '-//cc:my_test'], ['--', '//cc:all', '-//cc:tests'], ['//cc:my_test', '--test_tag_filters=foo']]) {
      const r = await run(files, 'test', ...argv);
      expect(r.exitCode).toBe(4);
      expect(r.stderr).toContain(`${warning}\nINFO: Analyzed target //cc:my_test`);
      expect(r.stderr).toContain('INFO: Found 1 target and 0 test targets...');
      expect(r.stdout).not.toContain('PASSED');
    }
    const manual = await run(files, 'test', '--', '//m:test', '-//m:all');
    expect(manual.exitCode).toBe(4);
    expect(manual.stderr).toContain(warning);
    const none = await run(files, 'test', '//cc:all');
    expect(none.stderr).not.toContain(warning);
    expect(none.stdout).toContain('//cc:my_test');
  });

  it('a second run of an unchanged test is cached', async () => {
    const { ActionCache } = await import('./executor.ts');
    const cache = new ActionCache();
    const files = { WORKSPACE: '', '.bazelversion': '4.2.3', 'pkg/BUILD': 'sh_test(name = "t", srcs = ["pass.sh"])', ...PASS };
    await runCommand(files, ['test', '//pkg:t'], { actionCache: cache });
    const again = await runCommand(files, ['test', '//pkg:t'], { actionCache: cache });
    expect(again.stdout).toContain('(cached) PASSED in 0.1s');
  });
});

describe('run command', () => {
  it('runs an sh_binary with its data and arguments, and a genrule executable', async () => {
    const r = await run(
      {
        'pkg/BUILD': 'sh_binary(name = "b", srcs = ["b.sh"], data = ["d.txt"], args = ["x"])\ngenrule(name = "g", outs = ["g.sh"], cmd = "echo \'echo gen $$1\' > $@", executable = True)',
        'pkg/b.sh': '#!/bin/sh\necho "$@"; cat pkg/d.txt\nexit 5\n',
        'pkg/d.txt': 'data\n',
      },
      'run',
      '//pkg:b',
      '--',
      'y',
    );
    expect(r.stdout).toBe('x y\ndata\n');
    expect(r.exitCode).toBe(5);
    const g = await run({ 'pkg/BUILD': 'genrule(name = "g", outs = ["g.sh"], cmd = "echo \'echo gen $$1\' > $@", executable = True)' }, 'run', '//pkg:g', '--', 'z');
    expect(g.stdout).toBe('gen z\n');
    expect(g.exitCode).toBe(0);
  });
});

describe('Starlark rules', () => {
  it('run their implementation: declare_file, write, run_shell; DefaultInfo, OutputGroupInfo, TemplateVariableInfo', async () => {
    const r = await run(
      {
        'pkg/defs.bzl': [
          'def _impl(ctx):',
          '    a = ctx.actions.declare_file(ctx.label.name + ".a")',
          '    b = ctx.actions.declare_file(ctx.label.name + ".b")',
          '    ctx.actions.write(a, "from write " + ctx.attr.msg + "\\n")',
          '    ctx.actions.run_shell(outputs = [b], inputs = depset([a] + ctx.files.srcs), command = "cat %s %s > %s" % (a.path, ctx.files.srcs[0].path, b.path))',
          '    return [DefaultInfo(files = depset([b])), OutputGroupInfo(extra = depset([a]))]',
          'my_rule = rule(implementation = _impl, attrs = {"msg": attr.string(), "srcs": attr.label_list(allow_files = True)})',
          'def _vars(ctx):',
          '    return [platform_common.TemplateVariableInfo(variables = {"GREETING": "hello"})]',
          'vars_rule = rule(implementation = _vars)',
        ].join('\n'),
        'pkg/BUILD': [
          'load(":defs.bzl", "my_rule", "vars_rule")',
          'my_rule(name = "r", msg = "hi", srcs = ["in.txt"])',
          'vars_rule(name = "v")',
          'genrule(name = "g", srcs = [":r"], outs = ["g.txt"], toolchains = [":v"], cmd = "cat $< > $@; echo $(GREETING) >> $@")',
        ].join('\n'),
        'pkg/in.txt': 'input\n',
      },
      'build',
      '//pkg:g',
    );
    expect(r.stderr).not.toContain('ERROR');
    expect(r.exitCode).toBe(0);
    expect(r.out('bazel-bin/pkg/g.txt')).toBe('from write hi\ninput\nhello\n');
  });

  it("see their dependencies as Targets: indexed by provider, an alias standing for its actual", async () => {
    const r = await run(
      {
        'pkg/defs.bzl': [
          'MyInfo = provider(fields = ["v"])',
          'OtherInfo = provider()',
          'def _lib(ctx):',
          '    return [MyInfo(v = ctx.label.name)]',
          'lib = rule(implementation = _lib)',
          'def _use(ctx):',
          '    out = ctx.actions.declare_file(ctx.label.name + ".txt")',
          '    d = ctx.attr.dep',
          '    text = "%s %s %s %s %s" % (d[MyInfo].v, MyInfo in d, OtherInfo in d, d.label.name, type(d))',
          '    ctx.actions.write(out, text + "\\n" + str(d) + "\\n")',
          '    return [DefaultInfo(files = depset([out]))]',
          'use = rule(implementation = _use, attrs = {"dep": attr.label()})',
          'def _bad(ctx):',
          '    return [ctx.attr.dep[OtherInfo]]',
          'bad = rule(implementation = _bad, attrs = {"dep": attr.label()})',
        ].join('\n'),
        'pkg/BUILD': 'load(":defs.bzl", "bad", "lib", "use")\nlib(name = "l")\nalias(name = "a", actual = ":l")\nuse(name = "u", dep = ":a")\nbad(name = "b", dep = ":l")\n',
      },
      'build',
      '//pkg:u',
    );
    expect(r.exitCode).toBe(0);
    expect(r.out('bazel-bin/pkg/u.txt')).toBe('l True False l Target\n<alias target //pkg:a of //pkg:l>\n');
    const bad = await run({ 'pkg/defs.bzl': 'OtherInfo = provider()\ndef _lib(ctx):\n    return []\nlib = rule(implementation = _lib)\ndef _bad(ctx):\n    return [ctx.attr.dep[OtherInfo]]\nbad = rule(implementation = _bad, attrs = {"dep": attr.label()})\n', 'pkg/BUILD': 'load(":defs.bzl", "bad", "lib")\nlib(name = "l")\nbad(name = "b", dep = ":l")\n' }, 'build', '//pkg:b');
    expect(bad.stderr).toContain("<target //pkg:l> (rule 'lib') doesn't contain declared provider 'OtherInfo'");
  });
});

describe('ctx.runfiles() and DefaultInfo runfiles', () => {
  // Checked with Bazel 4.2.3 (`build //pkg:all`, then each binary's runfiles manifest).
  const files = {
    'pkg/defs.bzl': [
      'def _impl(ctx):',
      '    out = ctx.actions.declare_file(ctx.label.name + ".out")',
      '    extra = ctx.actions.declare_file(ctx.label.name + ".extra")',
      '    ctx.actions.write(out, "out\\n")',
      '    ctx.actions.run_shell(outputs = [extra], command = "echo extra > " + extra.path)',
      '    m = ctx.attr.mode',
      '    if m == "none":',
      '        return [DefaultInfo(files = depset([out]))]',
      '    if m == "runfiles":',
      '        return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles([extra]))]',
      '    if m == "split":',
      '        return [DefaultInfo(files = depset([out]), default_runfiles = ctx.runfiles([extra]), data_runfiles = ctx.runfiles(files = [out]))]',
      '    if m == "collect":',
      '        r = ctx.runfiles(collect_data = True)',
      '        print("collect_data", [f.short_path for f in r.files.to_list()])',
      '        print("collect_default", [f.short_path for f in ctx.runfiles(collect_default = True).files.to_list()])',
      '        return [DefaultInfo(files = depset([out]), runfiles = r.merge(ctx.runfiles(transitive_files = depset([extra]))))]',
      '    r = ctx.runfiles(symlinks = {"a/link": extra}, root_symlinks = {"rootlink": out})',
      '    print("sym", [(e.path, e.target_file.short_path) for e in r.symlinks.to_list()], [e.path for e in r.root_symlinks.to_list()], r.files.to_list())',
      '    return [DefaultInfo(files = depset([out]), runfiles = r)]',
      'r = rule(implementation = _impl, attrs = {"mode": attr.string(), "data": attr.label_list(allow_files = True), "deps": attr.label_list(), "srcs": attr.label_list(allow_files = True)})',
    ].join('\n'),
    'pkg/BUILD': [
      'load(":defs.bzl", "r")',
      'r(name = "none", mode = "none")',
      'r(name = "runfiles", mode = "runfiles")',
      'r(name = "split", mode = "split")',
      'r(name = "collect", mode = "collect", data = [":none", ":runfiles", "d.txt", ":split"], deps = [":split"], srcs = ["s.txt", ":runfiles"])',
      'r(name = "sym", mode = "sym")',
      ...['none', 'runfiles', 'split', 'collect', 'sym'].map((n) => `sh_binary(name = "b_${n}", srcs = ["b.sh"], data = [":${n}"])`),
      'sh_library(name = "splitlib", data = [":split"])',
      'sh_binary(name = "b_split_deps", srcs = ["b.sh"], deps = [":splitlib"])',
    ].join('\n'),
    'pkg/b.sh': '#!/bin/sh\n',
    'pkg/d.txt': 'd\n',
    'pkg/s.txt': 's\n',
  };
  const manifest = (r: Awaited<ReturnType<typeof run>>, b: string) =>
    (r.out(`bazel-bin/pkg/${b}.runfiles_manifest`) ?? '').split('\n').filter(Boolean).map((l) => l.split(' ')[0]!.replace(/^(__main__|_main)\//, ''));

  it('feed the runfiles of a binary that has the target in data (Bazel 4.2.3)', async () => {
    const r = await run(files, 'build', '//pkg:all');
    expect(r.exitCode).toBe(0);
    // A rule that returns no runfiles adds nothing through data (--noincompatible_always_include_files_in_data).
    expect(manifest(r, 'b_none')).toEqual(['pkg/b.sh', 'pkg/b_none']);
    expect(manifest(r, 'b_runfiles')).toEqual(['pkg/b.sh', 'pkg/b_runfiles', 'pkg/runfiles.extra']);
    // data takes the data runfiles; deps (through sh_library's data) the same.
    expect(manifest(r, 'b_split')).toEqual(['pkg/b.sh', 'pkg/b_split', 'pkg/split.out']);
    expect(manifest(r, 'b_split_deps')).toEqual(['pkg/b.sh', 'pkg/b_split_deps', 'pkg/split.out']);
    expect(manifest(r, 'b_collect')).toEqual(['pkg/b.sh', 'pkg/b_collect', 'pkg/collect.extra', 'pkg/d.txt', 'pkg/runfiles.extra', 'pkg/split.out']);
    // A symlink sits under the workspace's directory, a root symlink at the root.
    expect(manifest(r, 'b_sym')).toEqual(['a/link', 'pkg/b.sh', 'pkg/b_sym', 'rootlink']);
    expect(r.out('bazel-bin/pkg/b_sym.runfiles/rootlink')).toBe('out\n');
    expect(r.out('bazel-bin/pkg/b_sym.runfiles/__main__/a/link')).toBe('extra\n');
    // collect_data: data's data runfiles (a file is itself), srcs' and deps' rules'; collect_default: srcs' and deps' default ones.
    expect(r.stderr).toContain('collect_data ["pkg/runfiles.extra", "pkg/d.txt", "pkg/split.out"]');
    expect(r.stderr).toContain('collect_default ["pkg/runfiles.extra", "pkg/d.txt", "pkg/split.out", "pkg/split.extra"]');
    expect(r.stderr).toContain('sym [("a/link", "pkg/sym.extra")] ["rootlink"] []');
  });

  it('current Bazel: data brings the files of the target too', async () => {
    const r = await run({ ...files, '.bazelversion': '8.4.2' }, 'build', '//pkg:b_none', '//pkg:b_runfiles');
    expect(r.exitCode).toBe(0);
    expect(manifest(r, 'b_none')).toEqual(['pkg/b.sh', 'pkg/b_none', 'pkg/none.out']);
    expect(manifest(r, 'b_runfiles')).toEqual(['pkg/b.sh', 'pkg/b_runfiles', 'pkg/runfiles.extra', 'pkg/runfiles.out']);
  });

  it('errors in Bazel 4.2.3 words', async () => {
    const fails = async (body: string, version = '4.2.3') => {
      const defs = `def _impl(ctx):\n    out = ctx.actions.declare_file("o")\n    ctx.actions.write(out, "")\n    ${body}\nr = rule(implementation = _impl)\n`;
      const r = await run({ '.bazelversion': version, 'pkg/defs.bzl': defs, 'pkg/BUILD': 'load(":defs.bzl", "r")\nr(name = "t")\n' }, 'build', '//pkg:t');
      expect(r.exitCode).toBe(1);
      return /^Error[^\n]*/m.exec(r.stderr)?.[0];
    };
    expect(await fails('ctx.runfiles(files = "x")')).toBe("Error in runfiles: in call to runfiles(), parameter 'files' got value of type 'string', want 'sequence'");
    expect(await fails('ctx.runfiles(files = ["a"])')).toBe('Error in runfiles: at index 0 of files, got element of type string, want File');
    expect(await fails('ctx.runfiles(transitive_files = [out])')).toBe("Error in runfiles: in call to runfiles(), parameter 'transitive_files' got value of type 'list', want 'depset or NoneType'");
    expect(await fails('ctx.runfiles(symlinks = {"a": "b"})')).toBe("Error in runfiles: got dict<string, string> for 'symlinks', want dict<string, File>");
    expect(await fails('ctx.runfiles([out]).merge(1)')).toBe("Error in merge: in call to merge(), parameter 'other' got value of type 'int', want 'runfiles'");
    expect(await fails('ctx.runfiles([out]).merge_all([])')).toBe("Error: 'runfiles' value has no field or method 'merge_all' (did you mean 'merge'?)");
    expect(await fails('return [DefaultInfo(runfiles = [out])]')).toBe("Error in DefaultInfo: in call to DefaultInfo(), parameter 'runfiles' got value of type 'list', want 'runfiles or NoneType'");
    expect(await fails('return [DefaultInfo(runfiles = ctx.runfiles(), default_runfiles = ctx.runfiles())]')).toBe(
      "Error in DefaultInfo: Cannot specify the provider 'runfiles' together with 'data_runfiles' or 'default_runfiles'",
    );
    // merge_all exists in current Bazel.
    expect(await fails('ctx.runfiles([out]).merge_all([1])', '8.4.2')).toBe('Error in merge_all: at index 0 of other, got element of type int, want runfiles');
  });
});

describe('attribute defaults through the commands', () => {
  // ConfigurableAttributesTest#selectableDefaultValueWithRuleDefault (current case select-c49): None in the chosen
  // branch gives the label attribute's default, a dependency cquery lists (rulepen crashed there before).
  const files = {
    'conditions/BUILD': "config_setting(name = 'a', values = {'test_arg': 'a'})",
    'mock_rules/BUILD': '',
    'mock_rules/defs.bzl': 'def _impl(ctx):\n    return []\nrule_with_label_default = rule(implementation = _impl, attrs = {"dep": attr.label(default = "//foo:default", allow_files = True)})\nrule_with_boolean_attr = rule(implementation = _impl, attrs = {"boolean_attr": attr.bool()})\n',
    'foo/BUILD': "load('//mock_rules:defs.bzl', 'rule_with_boolean_attr', 'rule_with_label_default')\nrule_with_label_default(name = 'rule', dep = select({'//conditions:a': None}))\nrule_with_boolean_attr(name = 'default', boolean_attr = 1)\n",
  };

  it('cquery labels() and build of a select() whose chosen branch is None', async () => {
    const labels = await run(files, 'cquery', 'labels(dep, //foo:rule)', '--test_arg=a');
    expect(labels.stderr).not.toContain('crashed');
    expect(labels.exitCode).toBe(0);
    expect(labels.stdout).toMatch(/^\/\/foo:default \([0-9a-f]+\)\n$/);
    const build = await run(files, 'build', '--nobuild', '//foo:rule', '--test_arg=a');
    expect(build.exitCode).toBe(0);
    const query = await run(files, 'query', 'labels(dep, //foo:rule)');
    expect(query.stdout).toBe('//foo:default\n');
  });

  it.each(['4.2.3', '8.4.2'])('cquery deps() and labels() of an unset label attribute list its default (.bazelversion %s)', async (version) => {
    const unset = { ...files, '.bazelversion': version, 'foo/BUILD': files['foo/BUILD'].replace(", dep = select({'//conditions:a': None})", '') };
    const deps = await run(unset, 'cquery', 'deps(//foo:rule)');
    expect(deps.exitCode).toBe(0);
    expect(deps.stdout).toMatch(/^\/\/foo:default \(/m);
    const labels = await run(unset, 'cquery', 'labels(dep, //foo:rule)');
    expect(labels.stdout).toMatch(/^\/\/foo:default \([0-9a-f]+\)\n$/);
    const none = await run(unset, 'cquery', 'deps(//foo:rule)', '--noimplicit_deps');
    expect(none.stdout).not.toContain('//foo:default');
  });
});

describe('results', () => {
  it('a build carries the configured-target graph, tool edges marked', async () => {
    const r = await run(
      { 'pkg/BUILD': 'genrule(name = "t", outs = ["t.sh"], cmd = "touch $@")\ngenrule(name = "g", srcs = ["a"], tools = [":t"], outs = ["g.out"], cmd = "touch $@")', 'pkg/a': '' },
      'build',
      '//pkg:g',
    );
    const g = r.graph!;
    expect(g.nodes.map((n) => n.label).sort()).toEqual(['//pkg:a', '//pkg:g', '//pkg:t']);
    expect(g.edges.find((e) => e.attr === 'tools')).toMatchObject({ tool: true });
    expect(g.edges.find((e) => e.attr === 'srcs')?.to).toBe('//pkg:a (null)');
  });

  it("a test's own XML_OUTPUT_FILE becomes test.xml", async () => {
    const r = await run({ 'pkg/BUILD': 'sh_test(name = "t", srcs = ["t.sh"])', 'pkg/t.sh': '#!/bin/sh\necho "<testsuites/>" > "$XML_OUTPUT_FILE"\n' }, 'test', '//pkg:t');
    expect(r.exitCode).toBe(0);
    expect(r.out('bazel-testlogs/pkg/t/test.xml')).toBe('<testsuites/>\n');
  });
});

describe('select() keys that cannot be used, per profile (row selectKeyFailure)', () => {
  const files = {
    'bar/BUILD': '',
    'foo/BUILD': "genrule(\n    name = 'g',\n    outs = ['g.out'],\n    cmd = select({'//bar:fake': '', '//nopkg:x': ''}),\n)\n",
  };

  it('4.2.3: one unlocated "While resolving configuration keys" line', async () => {
    const r = await run(files, 'build', '//foo:g');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("ERROR: While resolving configuration keys for //foo:g: no such target '//bar:fake'");
    expect(r.stderr).not.toContain('errors encountered');
  });

  it("current Bazel: each key's error where it arises, then 'errors encountered resolving select() keys' at the rule", async () => {
    const r = await runCommand({ 'MODULE.bazel': '', ...files }, ['build', '//foo:g'], { workspaceDir: '/ws' });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("ERROR: /ws/bar/BUILD: no such target '//bar:fake': target 'fake' not declared in package 'bar'");
    expect(r.stderr).toContain("ERROR: no such package 'nopkg': BUILD file not found");
    expect(r.stderr).toContain('ERROR: /ws/foo/BUILD:1:8: errors encountered resolving select() keys for //foo:g\n');
    expect(r.stderr).toContain("ERROR: Analysis of target '//foo:g' failed; build aborted: errors encountered resolving select() keys for //foo:g\n");
    expect(r.stderr).not.toContain('While resolving configuration keys');
  });
});

describe('language rules: the rule classes a dependency may be', () => {
  it('C++ deps: a C++ library rule or a rule giving CcInfo, else misplaced and without CcInfo (checked with 4.2.3)', async () => {
    const files = {
      'a/BUILD': [
        'cc_binary(name = "bin")',
        'sh_library(name = "shl")',
        'filegroup(name = "c", srcs = [])',
        'alias(name = "b", actual = ":c")',
        'cc_library(name = "ok", deps = [":bin", "x.ld"])',
        'cc_library(name = "via_alias", deps = [":b"])',
        'cc_test(name = "sh_dep", deps = [":shl"])',
      ].join('\n'),
      'a/x.ld': '',
    };
    const expected = '(expected cc_library, objc_library, cc_proto_library or cc_import)';
    expect((await run(files, 'build', '--nobuild', '//a:ok')).exitCode).toBe(0);
    const alias = await run(files, 'build', '--nobuild', '//a:via_alias');
    expect(alias.exitCode).toBe(1);
    expect(alias.stderr).toContain(`ERROR: /ws/a/BUILD:6:11: in deps attribute of cc_library rule //a:via_alias: alias '//a:b' referring to filegroup rule '//a:c' is misplaced here ${expected} and '//a:c' does not have mandatory providers: 'CcInfo'`);
    const sh = await run(files, 'build', '--nobuild', '//a:sh_dep');
    expect(sh.stderr).toContain(`in deps attribute of cc_test rule //a:sh_dep: sh_library rule '//a:shl' is misplaced here ${expected} and '//a:shl' does not have mandatory providers: 'CcInfo'`);
  });
});

describe('incompatible targets under current Bazel (target_compatible_with_test.sh)', () => {
  const modern = (files: Files, ...argv: string[]) => run({ '.bazelversion': '8.4.2', 'MODULE.bazel': '', ...files }, ...argv);
  const BUILD = [
    'constraint_setting(name = "s")',
    'constraint_value(name = "a", constraint_setting = ":s")',
    'constraint_value(name = "b", constraint_setting = ":s")',
    'platform(name = "pa", constraint_values = [":a"])',
    'genrule(name = "on_a", outs = ["a.txt"], cmd = "touch $@", target_compatible_with = [":a"])',
    'genrule(name = "on_b", outs = ["b.txt"], cmd = "touch $@", target_compatible_with = [":b"])',
  ].join('\n');

  it('a pattern skips them and says so; --skip_incompatible_explicit_targets skips a named one too', async () => {
    const all = await modern({ 'pkg/BUILD': BUILD }, 'build', '--show_result=10', '--platforms=//pkg:pa', '//pkg:all');
    expect(all.exitCode).toBe(0);
    expect(all.stderr).toContain('Target //pkg:on_b was skipped\nTarget //pkg:on_a up-to-date:');
    const named = await modern({ 'pkg/BUILD': BUILD }, 'build', '--platforms=//pkg:pa', '//pkg:on_b');
    expect(named.exitCode).toBe(1);
    expect(named.stderr).toContain('ERROR: Build did NOT complete successfully');
    const skipped = await modern({ 'pkg/BUILD': BUILD }, 'build', '--platforms=//pkg:pa', '--skip_incompatible_explicit_targets', '//pkg:on_b');
    expect(skipped.exitCode).toBe(0);
    expect(skipped.stderr).toContain('Target //pkg:on_b was skipped');
  });

  it('two select()s may name one label: only the value the chosen branches make is checked, once compatible', async () => {
    const tcw = (name: string, chosen: string) =>
      `genrule(name = "${name}", outs = ["${name}.txt"], cmd = "touch $@", target_compatible_with = select({":is_a": ${chosen}, "//conditions:default": ["@platforms//:incompatible"]}) + select({":is_a": ${chosen}, "//conditions:default": ["@platforms//:incompatible"]}))`;
    const files = { 'pkg/BUILD': `${BUILD}\nconfig_setting(name = "is_a", constraint_values = [":a"])\n${tcw('ok', '[]')}\n${tcw('dup', '[":a"]')}\nplatform(name = "pb", constraint_values = [":b"])` };
    expect((await modern(files, 'build', '--platforms=//pkg:pa', '//pkg:ok')).exitCode).toBe(0);
    const incompatible = await modern(files, 'build', '--platforms=//pkg:pb', '//pkg:ok');
    expect(incompatible.stderr).toContain("didn't satisfy constraint @@platforms//:incompatible");
    expect(incompatible.stderr).not.toContain('is duplicated');
    const dup = await modern(files, 'build', '--platforms=//pkg:pa', '//pkg:dup');
    expect(dup.exitCode).toBe(1);
    expect(dup.stderr).toContain("in target_compatible_with attribute of genrule rule //pkg:dup: Label '//pkg:a' is duplicated");
  });

  it('a directly incompatible target is skipped whatever toolchain is missing', async () => {
    const r = await modern(
      {
        'pkg/BUILD': 'load(":r.bzl", "r")\ntoolchain_type(name = "t")\nr(name = "x", target_compatible_with = ["@platforms//:incompatible"])',
        'pkg/r.bzl': 'r = rule(implementation = lambda ctx: None, toolchains = ["//pkg:t"])',
      },
      'build',
      '--show_result=10',
      '//pkg:all',
    );
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('Target //pkg:x was skipped');
  });

  it('label_flag stands for the target its default names; flag_values compares it with a label', async () => {
    const files = {
      'pkg/BUILD': [
        'genrule(name = "x", outs = ["x.txt"], cmd = "echo x > $@")',
        'label_flag(name = "f", build_setting_default = ":x")',
        'config_setting(name = "is_x", flag_values = {":f": ":x"})',
        'genrule(name = "use", srcs = [":f"], outs = ["use.txt"], cmd = "cat $< > $@; echo " + select({":is_x": "matched", "//conditions:default": "no"}) + " >> $@")',
      ].join('\n'),
    };
    const r = await modern(files, 'build', '//pkg:use');
    expect(r.exitCode).toBe(0);
    expect(r.out('bazel-bin/pkg/use.txt')).toBe('x\nmatched\n');
  });
});
