// Bazel's language rules (cc_*, java_*, py_*, proto_library…) load with the tables generated from Bazel 4.2.3,
// query follows their implicit dependencies into the @bazel_tools stand-in as Bazel 4.2.3 does, and a build that
// needs a compiler says so in one located message while everything else builds.
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/engine/index.ts';
import { rulesFor } from '../../src/engine/loading/rules/index.ts';
import { labelToString } from '../../src/engine/loading/index.ts';
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
    // Current Bazel: the same tables without 4.2.3's implicit dependencies, but the attributes through which a C++
    // rule finds its C++ toolchain (attrs.bzl's cc_binary_attrs), and the optional C++ toolchain type it requests.
    const modernTest = rulesFor(PROFILES.modern).get('cc_test')!;
    expect(modernTest.attrs.filter((a) => a.implicit).map((a) => [a.name, a.default])).toEqual([
      ['_cc_toolchain', '@bazel_tools//tools/cpp:current_cc_toolchain'],
      ['_cc_toolchain_type', '@bazel_tools//tools/cpp:toolchain_type'],
    ]);
    expect(modernTest.toolchains?.map((t) => [labelToString(t.type), t.mandatory])).toEqual([['@bazel_tools//tools/cpp:toolchain_type', false]]);
    expect(rulesFor(PROFILES.modern).get('cc_toolchain_alias')!.attrs.map((a) => a.name)).toEqual(['mandatory', 'toolchains', '_cc_toolchain_type']);
  });

  it("current Bazel's objc_library: the attributes objc_library.bzl composes from objc/attrs.bzl", () => {
    const objc = rulesFor(PROFILES.modern).get('objc_library')!;
    const own = objc.attrs.map((a) => a.name);
    expect(own).toEqual(['data', 'implementation_deps', 'alwayslink', 'srcs', 'non_arc_srcs', 'pch', 'defines', 'linkopts', 'stamp', 'enable_modules',
      'module_map', 'module_name', 'hdrs', 'textual_hdrs', 'includes', 'sdk_includes', 'deps', 'copts', 'conlyopts', 'cxxopts', 'sdk_frameworks',
      'weak_sdk_frameworks', 'sdk_dylibs', 'toolchains']);
    expect(objc.test).toBeFalsy();
    expect(objc.implicitOutputs).toBeUndefined();
    expect(objc.attrs.some((a) => a.implicit || a.mandatory || a.configurable === false)).toBe(false);
    const attr = (n: string) => objc.attrs.find((a) => a.name === n)!;
    expect(attr('pch')).toMatchObject({ type: 'label', default: null });
    expect(attr('module_map')).toMatchObject({ type: 'label', default: null });
    expect(attr('module_name')).toMatchObject({ type: 'string', default: '' });
    expect(attr('stamp')).toMatchObject({ type: 'bool', default: false });
    expect(attr('cxxopts')).toMatchObject({ type: 'string_list', default: [] });
    // Bazel 4.2.3's native rule had runtime_deps and no conlyopts/cxxopts/implementation_deps/linkopts/stamp.
    expect(own).not.toContain('runtime_deps');
    const old = rulesFor(PROFILES.bazel4).get('objc_library')!.attrs.map((a) => a.name);
    expect(old).toContain('runtime_deps');
    expect(old).not.toContain('cxxopts');
    expect(objc.shared).toContain('licenses');
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

// Current Bazel's C++ rules find their C++ toolchain by toolchain resolution (cc_helper.use_cpp_toolchain(), an
// optional request) and through `_cc_toolchain` = @bazel_tools//tools/cpp:current_cc_toolchain, a
// cc_toolchain_alias that fails when no C++ toolchain matches the target platform; Bazel registers the C++
// toolchains it configures for the host (local_config_cc).
describe('the C++ toolchain under current Bazel', () => {
  const ws = {
    'MODULE.bazel': '',
    'a/BUILD': `cc_library(name = "lib", srcs = ["lib.cc"])
cc_binary(name = "bin", srcs = ["main.cc"], deps = [":lib", ":imp"])
cc_import(name = "imp", static_library = "libimp.a")
platform(name = "arm_linux", constraint_values = ["@platforms//cpu:arm", "@platforms//os:linux"])
platform(name = "android_armv7", constraint_values = ["@platforms//cpu:armv7", "@platforms//os:android"])
load(":defs.bzl", "needs_cc")
needs_cc(name = "custom")
`,
    'a/defs.bzl': `def _impl(ctx):
    return []

needs_cc = rule(
    implementation = _impl,
    attrs = {"_cc_toolchain": attr.label(default = Label("@bazel_tools//tools/cpp:current_cc_toolchain"))},
    toolchains = ["@bazel_tools//tools/cpp:toolchain_type"],
)
`,
  };

  it('query deps() lists the toolchain alias and type the rule names in private attributes', async () => {
    const r = await runCommand(ws, ['query', 'deps(//a:lib)']);
    expect(r.stdout.trim().split('\n')).toEqual(['//a:lib', '//a:lib.cc', '@bazel_tools//tools/cpp:current_cc_toolchain', '@bazel_tools//tools/cpp:toolchain_type']);
    const imp = await runCommand(ws, ['query', 'deps(//a:imp)']);
    expect(imp.stdout.trim().split('\n')).toEqual(['//a:imp', '//a:libimp.a', '@bazel_tools//tools/cpp:current_cc_toolchain', '@bazel_tools//tools/cpp:toolchain_type']);
  });

  it('on the host platform the C++ toolchain resolves: analysis succeeds, cquery lists the toolchain', async () => {
    const build = await runCommand(ws, ['build', '--nobuild', '//a:bin', '//a:custom']);
    expect(build.stderr).not.toContain('ERROR');
    expect(build.exitCode).toBe(0);
    const cq = await runCommand(ws, ['cquery', 'deps(//a:lib)']);
    expect(cq.stdout).toMatch(/^@local_config_cc\/\/:cc-compiler-k8 \(/m);
    expect(cq.stdout).toMatch(/^@bazel_tools\/\/tools\/cpp:current_cc_toolchain \(/m);
  });

  it('a target platform no C++ toolchain matches fails in current_cc_toolchain, blamed on the C++ rule', async () => {
    const r = await runCommand(ws, ['build', '--nobuild', '//a:bin', '--platforms=//a:arm_linux']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('external/bazel_tools/tools/cpp/BUILD:58:19: in cc_toolchain_alias rule @bazel_tools//tools/cpp:current_cc_toolchain: \nTraceback (most recent call last):');
    expect(r.stderr).toContain(
      'Error in fail: Unable to find a CC toolchain using toolchain resolution. Target: @@bazel_tools//tools/cpp:current_cc_toolchain, Platform: @@//a:arm_linux, Exec platform: @@platforms//host:host',
    );
    expect(r.stderr).toContain("ERROR: Analysis of target '//a:bin' failed");
    // cc_configure's ARM Android stub toolchain targets armv7 in current Bazel (rules_cc's BUILD.toolchains.tpl).
    const android = await runCommand(ws, ['build', '--nobuild', '//a:bin', '--platforms=//a:android_armv7']);
    expect(android.stderr).not.toContain('ERROR');
    // A rule that requests the C++ toolchain type itself (mandatory) fails in toolchain resolution instead.
    const custom = await runCommand({ ...ws, 'a/defs.bzl': ws['a/defs.bzl'].replace(/ {4}attrs = .*\n/, '') }, ['build', '--nobuild', '//a:custom', '--platforms=//a:arm_linux']);
    expect(custom.stderr).toContain('No matching toolchains found for types');
    expect(custom.stderr).toContain('@@bazel_tools//tools/cpp:toolchain_type');
  });
});

describe('objc_library under current Bazel', () => {
  const ws = {
    'MODULE.bazel': 'bazel_dep(name = "rules_cc", version = "0.1.1")\n',
    'a/BUILD': `load("@rules_cc//cc:objc_library.bzl", "objc_library")
load("@rules_cc//cc:defs.bzl", defs_objc_library = "objc_library")

objc_library(name = "lib", srcs = ["a.m"], hdrs = ["a.h"], conlyopts = ["-std=c11"], cxxopts = ["-std=c++17"], sdk_frameworks = ["UIKit"])
defs_objc_library(name = "lib2", non_arc_srcs = ["b.m"], deps = [":lib"], implementation_deps = ["//b:n"])
`,
    'b/BUILD': 'objc_library(name = "n", module_name = "N", enable_modules = True, visibility = ["//visibility:public"])\n',
  };
  it('loads natively and through the rules_cc stand-ins; query sees its attributes and deps', async () => {
    const kinds = await runCommand(ws, ['query', '--output=label_kind', 'kind(objc_library, //...)']);
    expect(kinds.exitCode, kinds.stderr).toBe(0);
    expect(kinds.stdout.trim().split('\n').sort()).toEqual(['objc_library rule //a:lib', 'objc_library rule //a:lib2', 'objc_library rule //b:n']);
    const deps = await runCommand(ws, ['query', 'deps(//a:lib2)']);
    expect(deps.stdout.trim().split('\n').sort()).toEqual(['//a:a.h', '//a:a.m', '//a:b.m', '//a:lib', '//a:lib2', '//b:n']);
    const build = await runCommand(ws, ['query', '--output=build', '//a:lib']);
    expect(build.stdout).toContain('conlyopts = ["-std=c11"]');
    expect(build.stdout).toContain('cxxopts = ["-std=c++17"]');
  });
  it("an attribute only Bazel 4.2.3's native rule had is an error", async () => {
    const r = await runCommand({ ...ws, 'b/BUILD': 'objc_library(name = "n", runtime_deps = [])\n' }, ['query', '//b:all']);
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toContain("no such attribute 'runtime_deps' in 'objc_library' rule");
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
