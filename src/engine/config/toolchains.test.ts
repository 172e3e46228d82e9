import { describe, expect, it } from 'vitest';
import { PROFILES, SourceFile } from '../base/index.ts';
import { runCommand } from '../index.ts';
import { registrations } from './toolchains.ts';

const DEFS = `def _tc_impl(ctx):
    return [platform_common.ToolchainInfo(msg = ctx.attr.msg)]

my_toolchain = rule(implementation = _tc_impl, attrs = {"msg": attr.string()})

def _use_impl(ctx):
    tc = ctx.toolchains["//t:type"]
    print("toolchain:", "none" if tc == None else tc.msg)
    return []

use_tc = rule(implementation = _use_impl, toolchains = [config_common.toolchain_type("//t:type", mandatory = False)])
`;

const T_BUILD = `load(":defs.bzl", "my_toolchain")

toolchain_type(name = "type", visibility = ["//visibility:public"])

my_toolchain(name = "impl_a", msg = "a")

my_toolchain(name = "impl_b", msg = "b")

toolchain(name = "tc_a", toolchain = ":impl_a", toolchain_type = ":type", target_compatible_with = ["@platforms//os:linux"])

toolchain(name = "tc_b", toolchain = ":impl_b", toolchain_type = ":type", exec_compatible_with = ["@platforms//os:osx"])

platform(name = "mac", constraint_values = ["@platforms//os:osx"])

platform(name = "windows", constraint_values = ["@platforms//os:windows"])
`;

function workspace(marker: Record<string, string>): Record<string, string> {
  return { ...marker, 't/BUILD': T_BUILD, 't/defs.bzl': DEFS, 'a/BUILD': 'load("//t:defs.bzl", "use_tc")\n\nuse_tc(name = "u")\n' };
}

const debugLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('DEBUG:'));

describe('toolchain resolution', () => {
  it('reads register_toolchains() calls of a workspace file, in order, strings and lists', () => {
    const src = new SourceFile('WORKSPACE', 'workspace(name = "w")\nregister_toolchains("//a:x", "//b:all")\nload("//:x.bzl", "y")\nregister_toolchains(*["//c:z"])\nregister_toolchains("//d:w")\n');
    expect(registrations(src, 'register_toolchains', PROFILES.modern)).toEqual(['//a:x', '//b:all', '//d:w']);
  });

  it('takes the first registered toolchain that fits; --extra_toolchains comes first', async () => {
    const ws = workspace({ 'MODULE.bazel': 'register_toolchains("//t:tc_a", "//t:all")\n' });
    expect(debugLines((await runCommand(ws, ['build', '//a:u'])).stderr)).toEqual(['DEBUG: /workspace/t/defs.bzl:8:10: toolchain: a']);
    // tc_b needs an osx execution platform: none is registered, so it is never chosen …
    const windows = await runCommand(ws, ['build', '//a:u', '--platforms=//t:windows']);
    expect(debugLines(windows.stderr)).toEqual(['DEBUG: /workspace/t/defs.bzl:8:10: toolchain: none']);
    // … until --extra_execution_platforms adds one.
    const mac = await runCommand(ws, ['build', '//a:u', '--platforms=//t:windows', '--extra_execution_platforms=//t:mac']);
    expect(debugLines(mac.stderr)).toEqual(['DEBUG: /workspace/t/defs.bzl:8:10: toolchain: b']);
    const extra = await runCommand(ws, ['build', '//a:u', '--extra_toolchains=//t:tc_b', '--extra_execution_platforms=//t:mac']);
    expect(debugLines(extra.stderr)).toEqual(['DEBUG: /workspace/t/defs.bzl:8:10: toolchain: b']);
  });

  it('fails a mandatory type with a located Diagnostic in current Bazel’s words, unlocated in 4.2.3’s', async () => {
    const defs = DEFS.replace('[config_common.toolchain_type("//t:type", mandatory = False)]', '["//t:type"]');
    const modern = await runCommand({ ...workspace({ 'MODULE.bazel': '' }), 't/defs.bzl': defs }, ['build', '//a:u']);
    expect(modern.exitCode).toBe(1);
    expect(modern.stderr).toContain('ERROR: /workspace/a/BUILD:3:7: While resolving toolchains for target //a:u: No matching toolchains found for types //t:type.\nTo debug, rerun with --toolchain_resolution_debug=\'//t:type\'');
    const d = modern.diagnostics.find((x) => x.message.startsWith('While resolving toolchains'))!;
    expect(d).toMatchObject({ file: 'a/BUILD', severity: 'error' });
    const old = await runCommand({ ...workspace({ WORKSPACE: '', '.bazelversion': '4.2.3' }), 't/defs.bzl': defs }, ['build', '//a:u']);
    expect(old.stderr).toContain('ERROR: While resolving toolchains for target //a:u: no matching toolchains found for types //t:type\n');
    expect(old.stderr).toContain("ERROR: Analysis of target '//a:u' failed; build aborted: no matching toolchains found for types //t:type");
  });

  it('rejects a registered target that is not a toolchain', async () => {
    const r = await runCommand(workspace({ 'MODULE.bazel': 'register_toolchains("//t:impl_a")\n' }), ['build', '//a:u']);
    expect(r.stderr).toContain("While resolving toolchains for target //a:u: invalid registered toolchain '//t:impl_a': target does not provide the DeclaredToolchainInfo provider");
  });

  it('4.2.3: C++ rules request the C++ toolchain type; cquery lists it and the toolchain, in the host configuration', async () => {
    const ws = { WORKSPACE: '', '.bazelversion': '4.2.3', 'b/BUILD': 'cc_library(name = "lib", srcs = ["lib.cc"])\n', 'b/lib.cc': '' };
    const r = await runCommand(ws, ['cquery', 'deps(//b:lib)']);
    expect(r.stdout).toMatch(/^@bazel_tools\/\/tools\/cpp:toolchain_type \([0-9a-f]{7}\)$/m);
    expect(r.stdout).toMatch(/^@local_config_cc\/\/:cc-compiler-k8 \(HOST\)$/m);
    expect(r.stdout).toMatch(/^@local_config_cc\/\/:toolchain \([0-9a-f]{7}\)$/m);
  });
});
