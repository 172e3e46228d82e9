// Repositories Bazel brings along without a download, as rulepen's own small stand-ins: `@platforms` (the os and
// cpu constraint settings and values), `@local_config_platform` (4.2.3's host platform), `@bazel_tools` (the
// genrule setup script that genrules depend on implicitly), `@bazel_skylib` (its build settings and selects) and
// `@rules_shell` (its .bzl files name the built-in sh_* rules).
//
// Each repository is a set of files by repository-relative path, loaded like a workspace of its own; the
// configuration layer puts the repository name back on the labels it reads from them.

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

function constraintPackage(setting: string): string {
  const lines = ['package(default_visibility = ["//visibility:public"])', '', `constraint_setting(name = "${setting}")`, ''];
  for (const v of PLATFORM_VALUES[setting] ?? []) lines.push(`constraint_value(name = "${v}", constraint_setting = ":${setting}")`);
  return lines.join('\n') + '\n';
}

const HOST_PLATFORM = `package(default_visibility = ["//visibility:public"])

platform(
    name = "host",
    constraint_values = ["@platforms//cpu:x86_64", "@platforms//os:linux"],
)
`;

export const BUILTIN_REPOS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  platforms: {
    WORKSPACE: '',
    'BUILD': 'package(default_visibility = ["//visibility:public"])\n',
    'cpu/BUILD': constraintPackage('cpu'),
    'os/BUILD': constraintPackage('os'),
    'host/BUILD': HOST_PLATFORM,
  },
  local_config_platform: {
    WORKSPACE: '',
    BUILD: HOST_PLATFORM,
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
  bazel_tools: {
    WORKSPACE: '',
    'tools/genrule/BUILD': 'exports_files(["genrule-setup.sh"])\n',
    'tools/genrule/genrule-setup.sh': '#!/bin/bash\n',
  },
};

/** The files of a built-in repository, or undefined when Bazel would have to fetch it. */
export function builtinRepo(name: string): Readonly<Record<string, string>> | undefined {
  return Object.prototype.hasOwnProperty.call(BUILTIN_REPOS, name) ? BUILTIN_REPOS[name] : undefined;
}
