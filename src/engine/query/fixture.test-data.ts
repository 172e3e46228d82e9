// The workspace the query tests share: the corpus's query workspace (app, lib, tools, build_defs) plus a `vis`
// package with package groups, default_visibility, select(), a test and a suite — expectations checked
// against Bazel 4.2.3.
import { QueryTest } from './query-test-helper.ts';

export function fixture(version = '4.2.3'): QueryTest {
  return new QueryTest(version)
    .writeFile(
      'app/BUILD',
      'load("//build_defs:macros.bzl", "txt_group")',
      'genrule(',
      '    name = "main",',
      '    srcs = ["//lib:core", "main.txt"],',
      '    tools = ["//tools:gen.sh"],',
      '    outs = ["main.out"],',
      '    cmd = "$(location //tools:gen.sh) $(SRCS) > $@",',
      '    tags = ["release"],',
      ')',
      'sh_test(name = "main_test", srcs = ["main_test.sh"], data = [":main"], tags = ["unit"])',
      'sh_test(name = "manual_test", srcs = ["main_test.sh"], tags = ["manual"])',
      'txt_group(name = "docs")',
    )
    .writeFile('app/main.txt', '')
    .writeFile('app/readme.txt', '')
    .writeFile('app/main_test.sh', 'exit 0')
    .writeFile('build_defs/BUILD', '')
    .writeFile('build_defs/helpers.bzl', 'GLOB_PATTERN = "*.txt"')
    .writeFile(
      'build_defs/macros.bzl',
      'load("//build_defs:helpers.bzl", "GLOB_PATTERN")',
      '',
      'def txt_group(name):',
      '    native.filegroup(name = name, srcs = native.glob([GLOB_PATTERN]))',
    )
    .writeFile(
      'lib/BUILD',
      'filegroup(name = "core", srcs = [":util", "core.txt"], visibility = ["//visibility:public"])',
      'filegroup(name = "util", srcs = ["util.txt"], visibility = ["//app:__pkg__"])',
      'filegroup(name = "internal", srcs = ["internal.txt"])',
    )
    .writeFile('lib/core.txt', '')
    .writeFile('lib/util.txt', '')
    .writeFile('lib/internal.txt', '')
    .writeFile('tools/BUILD', 'exports_files(["gen.sh"])')
    .writeFile('tools/gen.sh', 'cat "$@"')
    .writeFile(
      'vis/BUILD',
      'package(default_visibility = ["//lib:__subpackages__"])',
      'package_group(name = "grp", packages = ["//app/...", "//tools"], includes = [":grp2"])',
      'package_group(name = "grp2", packages = ["//lib"])',
      'filegroup(name = "a", srcs = ["a.txt"], visibility = [":grp"])',
      'filegroup(name = "b", srcs = ["b.txt"])',
      'filegroup(name = "c", srcs = ["c.txt"], visibility = ["//visibility:private"])',
      'genrule(name = "g", srcs = select({"//vis:cs": [":a"], "//conditions:default": [":b"]}), outs = ["g.out", "g2.out"], cmd = "x", tags = ["t1", "t2"])',
      'config_setting(name = "cs", values = {"cpu": "arm"})',
      'sh_test(name = "t", srcs = ["t.sh"], size = "small", data = ["//lib:core"])',
      'test_suite(name = "s", tests = [":t"])',
      'alias(name = "al", actual = ":a")',
    )
    .writeFile('vis/a.txt', '')
    .writeFile('vis/b.txt', '')
    .writeFile('vis/c.txt', '')
    .writeFile('vis/t.sh', '');
}
