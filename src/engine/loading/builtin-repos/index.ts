// Repositories Bazel brings along without a download, as rulepen's own small stand-ins: `@platforms` (the os and
// cpu constraint settings and values), `@local_config_platform` (4.2.3's host platform), `@bazel_tools` (the
// genrule setup script that genrules depend on implicitly), `@bazel_skylib` (its build settings and selects) and
// `@rules_shell` (its .bzl files name the built-in sh_* rules), and `@rules_cc`, `@rules_java`, `@rules_python`,
// `@rules_proto`, `@protobuf` / `@com_google_protobuf` whose .bzl files re-export the native language rules.
//
// @bazel_tools, @local_config_cc and @remote_coverage_tools also hold the packages Bazel 4.2.3's implicit
// dependencies of sh_*, cc_*, objc_library and py_* rules reach (generated/bazel-tools-4.2.3.ts, recorded from
// Bazel): query's deps() lists them as Bazel does. Only rules of the 4.2.3 profile name them.
//
// Each repository is a set of files by repository-relative path, loaded like a workspace of its own; the
// configuration layer puts the repository name back on the labels it reads from them.

import type { ProfileName } from '../../base/index.ts';
import type { Label } from '../label.ts';
import { BAZEL4_TOOL_DIGESTS, BAZEL4_TOOL_REPOS } from './generated/bazel-tools-4.2.3.ts';
import { SKYLIB_FILES } from './skylib.ts';

/** The constraint values @platforms defines, per setting (a subset of bazelbuild/platforms, as of 0.0.4). */
const PLATFORM_VALUES: Readonly<Record<string, readonly string[]>> = {
  cpu: [
    'aarch32', 'aarch64', 'arm', 'arm64', 'arm64_32', 'arm64e', 'armv6-m', 'armv7', 'armv7-m', 'armv7e-m', 'armv7e-mf',
    'armv7k', 'armv8-m', 'i386', 'ppc', 'ppc32', 'ppc64le', 'mips64', 'riscv32', 'riscv64', 's390x', 'wasm32', 'wasm64',
    'x86_32', 'x86_64',
  ],
  os: ['android', 'chromiumos', 'emscripten', 'freebsd', 'fuchsia', 'haiku', 'ios', 'linux', 'macos', 'netbsd', 'nixos', 'none', 'openbsd', 'osx', 'qnx', 'tvos', 'uefi', 'visionos', 'vxworks', 'wasi', 'watchos', 'windows'],
};

/**
 * The line each target starts on in Bazel 4.2.3's @platforms (query --output=location names them): the srcs
 * filegroup, the setting, then its values; values it does not have follow.
 */
const PLATFORM_LINES: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  cpu: { srcs: 8, cpu: 14, aarch64: 17, arm: 23, arm64_32: 28, arm64: 33, arm64e: 38, armv7: 43, armv7k: 48, i386: 53, ppc: 58, s390x: 63, x86_32: 68, x86_64: 73, mips64: 78, riscv64: 83 },
  os: { srcs: 8, os: 14, freebsd: 16, openbsd: 21, android: 26, linux: 31, windows: 36, none: 42, ios: 49, osx: 55, tvos: 65, watchos: 70, qnx: 75 },
};

function constraintPackage(setting: string): string {
  const at = PLATFORM_LINES[setting] ?? {};
  const calls: [number, string][] = [
    [at.srcs ?? 0, 'filegroup(name = "srcs", srcs = glob(["**"]))'],
    [at[setting] ?? 0, `constraint_setting(name = "${setting}")`],
  ];
  let next = Math.max(0, ...Object.values(at)) + 2;
  for (const v of PLATFORM_VALUES[setting] ?? []) calls.push([at[v] ?? (next += 2), `constraint_value(name = "${v}", constraint_setting = ":${setting}")`]);
  // As bazelbuild/platforms' own: its rules carry the package's license (query --xml:default_values lists it).
  const lines = ['licenses(["notice"])', 'package(default_visibility = ["//visibility:public"])'];
  for (const [line, call] of calls.sort((x, y) => x[0] - y[0])) {
    while (lines.length < line - 1) lines.push('');
    lines.push(call);
  }
  return lines.join('\n') + '\n';
}

const HOST_PLATFORM = `package(default_visibility = ["//visibility:public"])

platform(
    name = "host",
    constraint_values = ["@platforms//cpu:x86_64", "@platforms//os:linux"],
)
`;

/** A stand-in repository whose .bzl files re-export native rules under their own names (as rules_shell's do). */
function reexports(bzls: Readonly<Record<string, readonly string[]>>): Record<string, string> {
  const files: Record<string, string> = { WORKSPACE: '', BUILD: '' };
  for (const [path, rules] of Object.entries(bzls)) {
    files[path.replace(/[^/]*$/, 'BUILD')] = '';
    files[path] = rules.map((r) => `${r} = native.${r}\n`).join('');
  }
  return files;
}

/**
 * rules_cc and rules_java of the Bazel 4.2.3 era: their defs.bzl wrap each native rule in a macro of the same
 * name (as the stubs conformance/record.sh records with), so a target loaded through them has generator_* set.
 */
function macroWrappers(path: string, rules: readonly string[]): Record<string, string> {
  return {
    WORKSPACE: '',
    BUILD: '',
    [path.replace(/[^/]*$/, 'BUILD')]: '',
    [path]: rules.map((r) => `def ${r}(**kwargs):\n    native.${r}(**kwargs)\n`).join(''),
  };
}

/** `<dir>/<rule>.bzl` for each rule, re-exporting the native rule under its own name (no macro in between). */
function perRuleFiles(dir: string, rules: readonly string[]): Record<string, string> {
  return Object.fromEntries(rules.map((r) => [`${dir}/${r}.bzl`, `${r} = native.${r}\n`]));
}

export const BUILTIN_REPOS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  platforms: {
    WORKSPACE: '',
    // As bazelbuild/platforms' root package: the constraint a target names to be incompatible with every platform.
    'BUILD': `package(default_visibility = ["//visibility:public"])

constraint_setting(name = "incompatible_setting")

constraint_value(
    name = "incompatible",
    constraint_setting = ":incompatible_setting",
)
`,
    'cpu/BUILD': constraintPackage('cpu'),
    'os/BUILD': constraintPackage('os'),
    'host/BUILD': HOST_PLATFORM,
  },
  // Laid out as the repository Bazel 4.2.3 writes for the host (its platform at BUILD.bazel:4:9).
  local_config_platform: {
    WORKSPACE: '',
    'BUILD.bazel': `# The host platform, as Bazel generates this repository.
package(default_visibility = ['//visibility:public'])
load(':constraints.bzl', 'HOST_CONSTRAINTS')
platform(name = 'host',
  constraint_values = HOST_CONSTRAINTS,
)
`,
    'constraints.bzl': `# The host's constraints: a Linux x86_64 machine.
HOST_CONSTRAINTS = [
  '@platforms//cpu:x86_64',
  '@platforms//os:linux',
]
`,
  },
  // The C++ toolchains Bazel 4.2.3 registers after the user's (its WORKSPACE suffix), as cc_configure writes
  // them for a Linux x86_64 host: the local compiler for the host, and a stub for 32-bit ARM Android.
  local_config_cc_toolchains: {
    WORKSPACE: '',
    BUILD: `load("@local_config_platform//:constraints.bzl", "HOST_CONSTRAINTS")

toolchain(
    name = "cc-toolchain-k8",
    exec_compatible_with = HOST_CONSTRAINTS,
    target_compatible_with = HOST_CONSTRAINTS,
    toolchain = "@local_config_cc//:cc-compiler-k8",
    toolchain_type = "@bazel_tools//tools/cpp:toolchain_type",
)

toolchain(
    name = "cc-toolchain-armeabi-v7a",
    exec_compatible_with = HOST_CONSTRAINTS,
    target_compatible_with = [
        "@platforms//cpu:arm",
        "@platforms//os:android",
    ],
    toolchain = "@local_config_cc//:cc-compiler-armeabi-v7a",
    toolchain_type = "@bazel_tools//tools/cpp:toolchain_type",
)
`,
  },
  bazel_skylib: SKYLIB_FILES,
  // Bazel 8's tests load the shell rules from rules_shell; rulepen's sh_* rules are built in, so each .bzl
  // re-exports the native rule under the same name.
  rules_shell: {
    WORKSPACE: '',
    BUILD: '',
    'shell/BUILD': '',
    'shell/sh_binary.bzl': 'sh_binary = native.sh_binary\n',
    'shell/sh_library.bzl': 'sh_library = native.sh_library\n',
    'shell/sh_test.bzl': 'sh_test = native.sh_test\n',
  },
  ...BAZEL4_TOOL_REPOS,
  // The same names in the same order as record.sh's stubs (a macro's line shows in --output=build).
  // Current rule sets also have one .bzl file per rule (`@rules_cc//cc:cc_library.bzl`), which re-exports it.
  rules_cc: {
    ...macroWrappers('cc/defs.bzl', ['cc_binary', 'cc_library', 'cc_test', 'cc_import', 'cc_proto_library', 'cc_toolchain', 'cc_toolchain_suite', 'objc_library', 'objc_import', 'fdo_profile', 'fdo_prefetch_hints']),
    ...perRuleFiles('cc', ['cc_binary', 'cc_library', 'cc_test', 'cc_import', 'objc_library']),
  },
  rules_java: {
    ...macroWrappers('java/defs.bzl', ['java_binary', 'java_library', 'java_test', 'java_import', 'java_plugin', 'java_runtime', 'java_toolchain', 'java_proto_library', 'java_lite_proto_library', 'java_package_configuration']),
    ...perRuleFiles('java', ['java_binary', 'java_library', 'java_test', 'java_import', 'java_plugin']),
  },
  rules_python: { ...reexports({ 'python/defs.bzl': ['py_binary', 'py_library', 'py_test'] }), ...perRuleFiles('python', ['py_binary', 'py_library', 'py_test']) },
  rules_proto: reexports({ 'proto/defs.bzl': ['proto_library'] }),
  // Current protobuf (its Bzlmod name). Not `com_google_protobuf`: Bazel 4.2.3's proto_library depends on
  // @com_google_protobuf//:protoc implicitly, and without a download that repository does not exist.
  protobuf: reexports({
    'bazel/proto_library.bzl': ['proto_library'],
    'bazel/cc_proto_library.bzl': ['cc_proto_library'],
    'bazel/java_proto_library.bzl': ['java_proto_library'],
  }),
  bazel_tools: {
    ...BAZEL4_TOOL_REPOS.bazel_tools,
    WORKSPACE: '',
    // Bazel 4.2.3's tools/genrule/BUILD.
    'tools/genrule/BUILD': 'exports_files(["genrule-setup.sh"])\n\nfilegroup(\n    name = "srcs",\n    srcs = [\n        "BUILD",\n        "genrule-setup.sh",\n    ],\n    visibility = ["//tools:__pkg__"],\n)\n',
    'tools/genrule/genrule-setup.sh': '#!/bin/bash\n',
  },
};

/**
 * Files of built-in repositories that differ under current Bazel: cc_configure's toolchain for the ARM Android stub
 * targets `@platforms//cpu:armv7` since rules_cc moved it there (its BUILD.toolchains.tpl; 4.2.3's targets
 * `@platforms//cpu:arm`).
 */
const CURRENT_FILES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  local_config_cc_toolchains: {
    BUILD: BUILTIN_REPOS.local_config_cc_toolchains!.BUILD!.replace('"@platforms//cpu:arm",', '"@platforms//cpu:armv7",'),
  },
};

/** A built-in repository's files as the profile's Bazel has them (see CURRENT_FILES). */
export function builtinRepoFor(name: string, profile: ProfileName): Readonly<Record<string, string>> | undefined {
  const files = builtinRepo(name);
  const current = profile === 'modern' ? CURRENT_FILES[name] : undefined;
  return files && current ? { ...files, ...current } : files;
}

/** The files of a built-in repository, or undefined when Bazel would have to fetch it. */
export function builtinRepo(name: string): Readonly<Record<string, string>> | undefined {
  return Object.prototype.hasOwnProperty.call(BUILTIN_REPOS, name) ? BUILTIN_REPOS[name] : undefined;
}

/**
 * Bazel's digest of the real .bzl file a stand-in replaces (its rules' `$rule_implementation_hash`), by its path
 * under the output base; undefined for rulepen's own files.
 */
export function recordedDigest(path: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(BAZEL4_TOOL_DIGESTS, path) ? BAZEL4_TOOL_DIGESTS[path] : undefined;
}

/** The name of a built-in repository's BUILD file in directory `dir` (`BUILD`, else `BUILD.bazel`), if it has one. */
export function builtinBuildFileName(repo: string, dir: string): string | undefined {
  const files = builtinRepo(repo);
  const prefix = dir ? `${dir}/` : '';
  return files?.[`${prefix}BUILD`] !== undefined ? 'BUILD' : files?.[`${prefix}BUILD.bazel`] !== undefined ? 'BUILD.bazel' : undefined;
}

/** The package of a built-in repository's file: the nearest directory above it with a BUILD (or BUILD.bazel) file. */
export function builtinPackageOf(repo: string, path: string): string | undefined {
  if (!builtinRepo(repo)) return undefined;
  let dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  while (builtinBuildFileName(repo, dir) === undefined) {
    if (!dir) return undefined;
    dir = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '';
  }
  return dir;
}

/**
 * The label of a .bzl file a package of `repo` loads, by its loader path: its own repository's path, or
 * `external/<repo>/<path>` for another built-in repository's.
 */
export function loadedFileLabel(path: string, repo: string, packageOf: (path: string) => string | undefined): Label {
  let r = repo;
  let rel = path;
  if (path.startsWith('external/')) [, r = '', rel = ''] = /^external\/([^/]+)\/(.*)$/.exec(path) ?? [];
  const owner = (r === '' ? packageOf(rel) : builtinPackageOf(r, rel)) ?? '';
  return { repo: r, pkg: owner, name: rel.slice(owner ? owner.length + 1 : 0) };
}
