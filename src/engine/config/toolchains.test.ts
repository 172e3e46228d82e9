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

  it('--toolchain_resolution_debug traces a resolution as current Bazel does: only the types and targets its regular expressions name', async () => {
    // tc_a fits only a linux target platform; tc_b runs only on an osx execution platform.
    const mandatory = DEFS.replace('[config_common.toolchain_type("//t:type", mandatory = False)]', '["//t:type"]');
    const ws = { ...workspace({ 'MODULE.bazel': 'register_toolchains("//t:tc_a", "//t:tc_b")\nregister_execution_platforms("//t:windows", "//t:mac")\n' }), 't/defs.bzl': mandatory };
    const info = (stderr: string) => `\n${stderr}`.split('\nINFO: ').filter((l) => l.startsWith('ToolchainResolution')).map((l) => l.replace(/\nDEBUG:[^]*$/, ''));
    const mac = await runCommand(ws, ['build', '//a:u', '--platforms=//t:mac', '--toolchain_resolution_debug=//t:type']);
    expect(info(mac.stderr)).toEqual([
      [
        'ToolchainResolution: Performing resolution of //t:type for target platform //t:mac',
        '      ToolchainResolution:   Rejected toolchain //t:impl_a; mismatching values: linux',
        '      ToolchainResolution:   Toolchain //t:impl_b is compatible with target platform, searching for execution platforms:',
        '      ToolchainResolution:     Incompatible execution platform //t:windows; mismatching values: osx',
        '      ToolchainResolution:     Compatible execution platform //t:mac',
        '      ToolchainResolution:     Incompatible execution platform @@platforms//host:host; mismatching values: osx',
        '      ToolchainResolution: Recap of selected //t:type toolchains for target platform //t:mac:',
        '      ToolchainResolution:   Selected //t:impl_b to run on execution platform //t:mac',
      ].join('\n'),
      'ToolchainResolution: Target platform //t:mac: Selected execution platform //t:mac, type //t:type -> toolchain //t:impl_b',
    ]);
    // A regex that names neither the type nor the target, or excludes it, prints nothing.
    for (const flag of ['--toolchain_resolution_debug=other', '--toolchain_resolution_debug=.*,-t:type,-a:u', '--toolchain_resolution_debug=-.*']) {
      expect(info((await runCommand(ws, ['build', '//a:u', '--platforms=//t:mac', flag])).stderr)).toEqual([]);
    }
    // Naming the target traces all of its types; nothing else (a filegroup resolves no type) is traced.
    const target = await runCommand({ ...ws, 'a/BUILD': 'load("//t:defs.bzl", "use_tc")\n\nuse_tc(name = "u")\n\nfilegroup(name = "f")\n' }, ['build', '//a:u', '//a:f', '--platforms=//t:mac', '--toolchain_resolution_debug=a:u$']);
    expect(info(target.stderr).map((l) => l.split('\n')[0])).toEqual([
      'ToolchainResolution: Performing resolution of //t:type for target platform //t:mac',
      'ToolchainResolution: Target platform //t:mac: Selected execution platform //t:mac, type //t:type -> toolchain //t:impl_b',
    ]);
  });

  it('fails a rule whose resolved toolchain does not provide ToolchainInfo', async () => {
    const ws = { ...workspace({ 'MODULE.bazel': 'register_toolchains("//t:tc_a")\n' }), 't/BUILD': T_BUILD.replace('my_toolchain(name = "impl_a", msg = "a")', 'filegroup(name = "impl_a")') };
    const r = await runCommand(ws, ['build', '//a:u', '--platforms=//t:mac', '--platforms=@platforms//host']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('While resolving toolchains for target //a:u: toolchain type //t:type resolved to target //t:impl_a, but that target does not provide ToolchainInfo');
  });
});
