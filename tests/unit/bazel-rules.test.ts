// Bazel's language rules (cc_*, java_*, py_*, proto_library…) load with the tables generated from Bazel 4.2.3,
// query follows their implicit dependencies into the @bazel_tools stand-in as Bazel 4.2.3 does, and a build that
// needs a compiler says so in one located message while everything else builds.
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/engine/index.ts';
import { rulesFor } from '../../src/engine/loading/rules/index.ts';
import { BAZEL4_RULE_TABLES } from '../../src/engine/loading/rules/generated/bazel-4.2.3-rules.ts';
import { PROFILES } from '../../src/engine/base/index.ts';

const BUILD = `load("@rules_cc//cc:defs.bzl", "cc_library")

config_setting(name = "arm", values = {"cpu": "arm"})

cc_library(
    name = "lib",
    srcs = ["lib.cc"],
    deps = select({":arm": [":arm_impl"], "//conditions:default": [":generic"]}),
)

cc_library(name = "arm_impl", hdrs = ["arm.h"])

cc_library(name = "generic", hdrs = ["generic.h"])

cc_test(name = "lib_test", srcs = ["lib_test.cc"], deps = [":lib"], size = "small")

py_test(name = "py_check", srcs = ["py_check.py"], tags = ["manual"])

java_library(name = "jlib", srcs = ["A.java"])

proto_library(name = "protos", srcs = ["a.proto"])

sh_test(name = "sh", srcs = ["t.sh"])

genrule(name = "gen", outs = ["gen.txt"], cmd = "echo hi > $@")

test_suite(name = "all_tests")
`;

const files = (version?: string) => ({
  WORKSPACE: '',
  ...(version ? { '.bazelversion': version } : {}),
  'a/BUILD': BUILD,
  'a/t.sh': '#!/bin/sh\nexit 0\n',
});

const run = (argv: string[], version = '4.2.3') => runCommand(files(version), argv);

describe('generated rule tables', () => {
  it('hold every rule the issue names, with Bazel 4.2.3 attribute facts', () => {
    const rules = rulesFor(PROFILES.bazel4);
    for (const r of ['cc_library', 'cc_binary', 'cc_test', 'cc_import', 'cc_proto_library', 'java_library', 'java_binary', 'java_test', 'java_import', 'java_plugin', 'java_proto_library', 'py_library', 'py_binary', 'py_test', 'proto_library', 'objc_library', 'environment', 'toolchain', 'toolchain_type']) {
      expect(rules.has(r), r).toBe(true);
    }
    const ccTest = rules.get('cc_test')!;
    expect(ccTest.test).toBe(true);
    expect(ccTest.attrs.find((a) => a.name === '$test_wrapper')).toMatchObject({ implicit: true, default: '@bazel_tools//tools/test:test_wrapper' });
    const toolchain = BAZEL4_RULE_TABLES.toolchain!.find((a) => a[0] === 'toolchain_type')!;
    expect(toolchain[2]).toContain('m');
    // Current Bazel: the same tables without 4.2.3's implicit dependencies.
    expect(rulesFor(PROFILES.modern).get('cc_test')!.attrs.some((a) => a.implicit)).toBe(false);
  });
});

describe('query over language rules (Bazel 4.2.3)', () => {
  it('kind(), tests() and test_suite expansion treat cc_test and py_test as tests', async () => {
    const kinds = await run(['query', 'kind("cc_.* rule", //a:*)', '--output=label_kind']);
    expect(kinds.stdout.trim().split('\n').sort()).toEqual(['cc_library rule //a:arm_impl', 'cc_library rule //a:generic', 'cc_library rule //a:lib', 'cc_test rule //a:lib_test']);
    const tests = await run(['query', 'tests(//a:all_tests)']);
    expect(tests.stdout.trim().split('\n').sort()).toEqual(['//a:lib_test', '//a:sh']);
    const attr = await run(['query', 'attr(size, small, //a:*)']);
    expect(attr.stdout.trim()).toBe('//a:lib_test');
  });

  it("deps() lists Bazel 4.2.3's implicit @bazel_tools dependencies; --noimplicit_deps drops them", async () => {
    const deps = await run(['query', 'deps(//a:sh)']);
    expect(deps.exitCode, deps.stderr).toBe(0);
    const lines = deps.stdout.trim().split('\n');
    expect(lines).toHaveLength(112);
    expect(lines).toContain('@bazel_tools//tools/test:test_wrapper');
    expect(lines).toContain('@local_config_cc//:cc-compiler-k8');
    expect(lines).toContain('@remote_coverage_tools//:coverage_report_generator');
    const lib = await run(['query', 'deps(//a:lib)', '--noimplicit_deps']);
    expect(lib.stdout.trim().split('\n').sort()).toEqual(['//a:arm', '//a:arm.h', '//a:arm_impl', '//a:generic', '//a:generic.h', '//a:lib', '//a:lib.cc']);
  });

  it('current Bazel: no implicit dependencies are listed (unknown to rulepen)', async () => {
    const deps = await run(['query', 'deps(//a:sh)'], '8.0.0');
    expect(deps.stdout.trim().split('\n').sort()).toEqual(['//a:sh', '//a:t.sh']);
  });
});

describe('honest execution', () => {
  it('build --nobuild analyses (select() resolved) and succeeds', async () => {
    // Current Bazel resolves the C++ toolchain by platform: --cpu only feeds the select().
    const r = await run(['build', '//a:lib', '//a:lib_test', '--nobuild', '--cpu=arm'], '8.0.0');
    expect(r.exitCode, r.stderr).toBe(0);
    // Bazel 4.2.3 takes the C++ toolchain from @local_config_cc's cc_toolchain_suite by --cpu: it has k8 and
    // armeabi-v7a (rules-056/058 in the corpus).
    expect((await run(['build', '//a:lib', '--nobuild', '--cpu=armeabi-v7a'])).exitCode).toBe(0);
    const arm = await run(['build', '//a:lib', '--nobuild', '--cpu=arm']);
    expect(arm.exitCode).toBe(1);
    expect(arm.stderr).toContain("cc_toolchain_suite '@local_config_cc//:toolchain' does not contain a toolchain for cpu 'arm'");
  });

  it('a build that needs a compiler fails with one located message; the genrule still builds', async () => {
    // --show_result=2: two targets are more than Bazel lists by default.
    const r = await run(['build', '//a:lib', '//a:gen', '--keep_going', '--show_result=2']);
    expect(r.exitCode).toBe(1);
    const errors = r.stderr.split('\n').filter((l) => l.startsWith('ERROR:'));
    expect(errors[0]).toMatch(/a\/BUILD:5:11: building '\/\/a:lib' needs C\+\+ tools, which rulepen does not run/);
    expect(errors[0]).toContain('cc_library //a:generic');
    expect(r.stderr).toContain('Target //a:gen up-to-date');
    expect(r.stderr).toContain('Target //a:lib failed to build');
  });

  it('test: a cc_test fails to build with the message, the sh_test beside it runs and passes', async () => {
    const r = await run(['test', '//a:lib_test', '//a:sh', '--keep_going']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("building '//a:lib_test' needs C++ tools, which rulepen does not run");
    expect(r.stdout).toMatch(/\/\/a:sh\s+PASSED/);
    expect(r.stdout).toMatch(/\/\/a:lib_test\s+FAILED TO BUILD/);
  });

  it('an analysis error is still reported as Bazel reports it (a dependency that does not exist)', async () => {
    const r = await runCommand({ ...files('4.2.3'), 'b/BUILD': 'cc_library(name = "b", deps = ["//a:nope"])\n' }, ['build', '//b', '--nobuild']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("no such target '//a:nope'");
  });
});
