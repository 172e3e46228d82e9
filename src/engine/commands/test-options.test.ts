// `bazel test` options from integration/test_test.sh and bazel/bazel_test_test.sh: --test_summary formats,
// --test_timeout against the time a test's sleeps ask for, --nobuild_runfile_manifests, --run_under.

import { describe, expect, it } from 'vitest';
import { runCommand } from '../index.ts';

const files = {
  'MODULE.bazel': '',
  'p/BUILD': `sh_test(name = "pass", srcs = ["pass.sh"])
sh_test(name = "slow", srcs = ["slow.sh"], size = "small")
genrule(name = "bad", outs = ["bad.sh"], cmd = "false")
sh_test(name = "unbuilt", srcs = ["bad.sh"])
`,
  'p/pass.sh': '#!/bin/sh\nexit 0\n',
  'p/slow.sh': '#!/bin/sh\nsleep 3\nexit 0\n',
  'run/BUILD': 'sh_binary(name = "under", srcs = ["under.sh"])\n',
  'run/under.sh': '#!/bin/sh\necho "under: $*"\n',
};

describe('bazel test options', () => {
  it('--test_summary=terse lists neither passed tests nor those the build did not reach', async () => {
    const short = await runCommand(files, ['test', '//p:all']);
    expect(short.stdout).toContain('NO STATUS');
    const terse = await runCommand(files, ['test', '--test_summary=terse', '//p:all']);
    expect(terse.stdout).not.toContain('NO STATUS');
    expect(terse.stdout).toContain('were skipped');
    const detailed = await runCommand(files, ['test', '--test_summary=detailed', '//p:pass']);
    expect(detailed.stdout).not.toMatch(/PASSED in/);
  });

  it('a test whose sleeps outlast --test_timeout times out', async () => {
    const short = await runCommand(files, ['test', '--test_timeout=2', '//p:slow']);
    expect(short.exitCode).toBe(3);
    expect(short.stdout).toMatch(/\/\/p:slow +TIMEOUT/);
    expect((await runCommand(files, ['test', '--test_timeout=20', '//p:slow'])).exitCode).toBe(0);
    expect((await runCommand(files, ['test', '--test_timeout=1,60,300,3600', '//p:slow'])).exitCode).toBe(3);
  });

  it('local tests cannot run with --nobuild_runfile_manifests', async () => {
    const r = await runCommand(files, ['test', '--nobuild_runfile_manifests', '//p:pass']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('cannot run local tests with --nobuild_runfile_manifests');
  });

  it('--run_under=<label> <options> runs the test binary through that target', async () => {
    const r = await runCommand(files, ['test', '//p:pass', '--run_under=//run:under -c', '--test_output=all']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('under: -c p/pass');
    expect(r.stderr).toContain('Found 1 test target...');
  });
});
