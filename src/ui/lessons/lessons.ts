// The examples gallery: lessons (a small workspace, the command to run, a short text shown beside the editor)
// and bug-report templates (a minimal workspace to edit, then share). Each BUILD file here is correct Bazel:
// they were run with Bazel 4.2.3 (starlark_doc_extract, which 4.2.3 lacks, with current Bazel's rules), and
// tests/unit/lessons.test.ts loads every one through the engine.
//
// Texts are plain strings; `backticks` mark code, which the lesson pane renders as <code> text — never HTML.

export interface Lesson {
  id: string;
  title: string;
  /** The rule or topic, shown as a badge in the gallery. */
  topic: string;
  kind: 'lesson' | 'template';
  /** One line for the gallery card. */
  summary: string;
  /** Paragraphs shown beside the editor. */
  text: string[];
  /** What to try, one step a line. */
  steps: string[];
  command: string;
  files: Record<string, string>;
  activePath: string;
  /** The lesson is about a loading error (the unit test expects one). */
  expectsLoadingError?: boolean;
}

const MODULE = (name: string) => `module(name = "${name}")\n`;
const PASS = '#!/bin/sh\nexit 0\n';

export const lessons: readonly Lesson[] = [
  {
    id: 'alias',
    title: 'alias: a second name',
    topic: 'alias',
    kind: 'lesson',
    summary: 'An alias forwards to another target; it has its own visibility.',
    text: [
      'An `alias` is a second name for a target. Anything that depends on the alias depends on its `actual` target, and `query` shows the alias as a rule of its own.',
      'The alias has its own `visibility`: `//app:data` is private, yet `//web:page` may use it through the public `//app:data_public`.',
    ],
    steps: [
      'Run the command: the filegroup in //web builds through the alias.',
      'In web/BUILD, replace `//app:data_public` with `//app:data` and run again: now visibility forbids it.',
      'Try `bazel query "deps(//web:page)"` to see the alias between the two.',
      'Try `bazel test //app:check_alias`: an alias of a test.',
    ],
    command: 'bazel build //web:page',
    activePath: 'app/BUILD',
    files: {
      'MODULE.bazel': MODULE('alias_lesson'),
      'app/BUILD': `filegroup(
    name = "data",
    srcs = ["data.txt"],
    # Private: only this package may depend on it directly.
    visibility = ["//visibility:private"],
)

alias(
    name = "data_public",
    actual = ":data",
    visibility = ["//visibility:public"],
)

sh_test(
    name = "check",
    srcs = ["check.sh"],
)

alias(
    name = "check_alias",
    actual = ":check",
)
`,
      'app/data.txt': 'some data\n',
      'app/check.sh': PASS,
      'web/BUILD': `filegroup(
    name = "page",
    srcs = ["//app:data_public"],
)
`,
    },
  },
  {
    id: 'config-setting-values',
    title: 'config_setting: matching flag values',
    topic: 'config_setting',
    kind: 'lesson',
    summary: '`-c opt` and `--compilation_mode=opt` are one flag; an unset flag compares against its default.',
    text: [
      'A `config_setting` matches when every flag in its `values` has the given value in the current build. Flags are named by their long name without dashes: `-c opt` is `compilation_mode = "opt"`.',
      'A flag you do not pass still has a value — its default. `compilation_mode` defaults to `fastbuild`, so `:fastbuild` matches a plain `bazel build`.',
    ],
    steps: [
      'Run the command, then look at bazel-bin/app/mode.txt in the outputs.',
      'Change `-c opt` to `--compilation_mode=opt`: the same setting matches.',
      'Remove the flag: `:fastbuild` matches, because the default is compared.',
      'Try `-c dbg`: no setting matches, so `//conditions:default` is chosen.',
    ],
    command: 'bazel build //app:mode -c opt',
    activePath: 'app/BUILD',
    files: {
      'MODULE.bazel': MODULE('config_setting_lesson'),
      'app/BUILD': `config_setting(
    name = "opt",
    values = {"compilation_mode": "opt"},
)

config_setting(
    name = "fastbuild",
    values = {"compilation_mode": "fastbuild"},
)

genrule(
    name = "mode",
    outs = ["mode.txt"],
    cmd = select({
        ":opt": "echo optimized > $@",
        ":fastbuild": "echo fastbuild, the default > $@",
        "//conditions:default": "echo neither > $@",
    }),
)
`,
    },
  },
  {
    id: 'select-specialization',
    title: 'select(): the more specialized condition wins',
    topic: 'select',
    kind: 'lesson',
    summary: '`:arm_opt` beats `:arm` when both match, because it asks for everything `:arm` asks for and more.',
    text: [
      'When several conditions of a `select()` match, Bazel takes the one that is more specialized: its flag values are a strict superset of every other match.',
      'With `--cpu=arm -c opt`, both `:arm` and `:arm_opt` match, and `:arm_opt` wins because it also requires `compilation_mode=opt`.',
    ],
    steps: [
      'Run the command and read which branch was chosen.',
      'Drop `-c opt`: only `:arm` matches now.',
      'Open the lesson "select(): ambiguous conditions" to see what happens when neither is more specialized.',
    ],
    command: 'bazel build //app:flavor --cpu=arm -c opt',
    activePath: 'app/BUILD',
    files: {
      'MODULE.bazel': MODULE('select_lesson'),
      'app/BUILD': `config_setting(
    name = "arm",
    values = {"cpu": "arm"},
)

config_setting(
    name = "arm_opt",
    values = {
        "cpu": "arm",
        "compilation_mode": "opt",
    },
)

genrule(
    name = "flavor",
    outs = ["flavor.txt"],
    cmd = select({
        ":arm": "echo arm > $@",
        ":arm_opt": "echo arm, optimized > $@",
        "//conditions:default": "echo default > $@",
    }),
)
`,
    },
  },
  {
    id: 'select-ambiguity',
    title: 'select(): ambiguous conditions',
    topic: 'select',
    kind: 'lesson',
    summary: 'Two matching conditions, neither more specialized: Bazel refuses to guess.',
    text: [
      '`:arm` asks for `cpu=arm`; `:opt` asks for `compilation_mode=opt`. With both flags, both match, and neither one\'s requirements contain the other\'s.',
      'Bazel stops with "Illegal ambiguous match on configurable attribute" and lists the matching conditions. The fix is a condition that asks for both (see the specialization lesson), or flags that select only one.',
    ],
    steps: [
      'Run the command and read the error.',
      'Add `config_setting(name = "arm_opt", values = {"cpu": "arm", "compilation_mode": "opt"})` and a branch for it: the ambiguity is gone.',
    ],
    command: 'bazel build //app:flavor --cpu=arm -c opt',
    activePath: 'app/BUILD',
    files: {
      'MODULE.bazel': MODULE('ambiguity_lesson'),
      'app/BUILD': `config_setting(
    name = "arm",
    values = {"cpu": "arm"},
)

config_setting(
    name = "opt",
    values = {"compilation_mode": "opt"},
)

genrule(
    name = "flavor",
    outs = ["flavor.txt"],
    cmd = select({
        ":arm": "echo arm > $@",
        ":opt": "echo optimized > $@",
        "//conditions:default": "echo default > $@",
    }),
)
`,
    },
  },
  {
    id: 'define-values',
    title: 'define vs define_values',
    topic: 'config_setting',
    kind: 'lesson',
    summary: '`--define` is one multi-valued flag; `define_values` matches one name=value each.',
    text: [
      '`values = {"define": "a=1"}` and `define_values = {"a": "1"}` both match `--define a=1`. A `config_setting` may list only one `define` in `values` (a dict has one key), while `define_values` may list several.',
      'Two settings on different defines both match when both are passed — and unless one contains the other, the `select()` is ambiguous.',
    ],
    steps: [
      'Run the command: `:foo` matches.',
      'Add `--define bar=1`: now `:foo_and_bar` matches too and wins, being more specialized.',
      'Pass only `--define bar=1`: `:bar` matches.',
    ],
    command: 'bazel build //app:defines --define foo=1',
    activePath: 'app/BUILD',
    files: {
      'MODULE.bazel': MODULE('define_lesson'),
      'app/BUILD': `config_setting(
    name = "foo",
    values = {"define": "foo=1"},
)

config_setting(
    name = "bar",
    define_values = {"bar": "1"},
)

config_setting(
    name = "foo_and_bar",
    define_values = {
        "foo": "1",
        "bar": "1",
    },
)

genrule(
    name = "defines",
    outs = ["defines.txt"],
    cmd = select({
        ":foo_and_bar": "echo foo and bar > $@",
        ":foo": "echo foo > $@",
        ":bar": "echo bar > $@",
        "//conditions:default": "echo none > $@",
    }),
)
`,
    },
  },
  {
    id: 'list-flags',
    title: 'list flags: --copt=a,b is one value',
    topic: 'config_setting',
    kind: 'lesson',
    summary: 'A repeated flag collects values; a comma does not split `--copt`.',
    text: [
      '`--copt` may be repeated; each use adds one value. A `config_setting` on a repeated flag matches when its value is among them.',
      '`--copt=-DFOO,-DBAR` is a single value, the string "-DFOO,-DBAR" — so `:foo` does not match it.',
    ],
    steps: [
      'Run the command: `:foo` matches one of the two values.',
      'Change the flags to `--copt=-DFOO,-DBAR`: no match.',
    ],
    command: 'bazel build //app:copts --copt=-DFOO --copt=-DBAR',
    activePath: 'app/BUILD',
    files: {
      'MODULE.bazel': MODULE('list_flags_lesson'),
      'app/BUILD': `config_setting(
    name = "foo",
    values = {"copt": "-DFOO"},
)

genrule(
    name = "copts",
    outs = ["copts.txt"],
    cmd = select({
        ":foo": "echo -DFOO was passed > $@",
        "//conditions:default": "echo no -DFOO > $@",
    }),
)
`,
    },
  },
  {
    id: 'platforms',
    title: 'constraint_values and platforms',
    topic: 'config_setting',
    kind: 'lesson',
    summary: '`--platforms` sets constraints; `--cpu` does not.',
    text: [
      'A `config_setting` with `constraint_values` matches when the target platform has those constraint values. The target platform comes from `--platforms`.',
      '`--cpu` is a different flag: it changes `values = {"cpu": …}` matches but not the platform, so it never makes `:is_plan9` match.',
    ],
    steps: [
      'Run the command: the platform has `:plan9`, so `:is_plan9` matches.',
      'Replace `--platforms=//app:plan9_machine` with `--cpu=plan9`: no match.',
    ],
    command: 'bazel build //app:which_os --platforms=//app:plan9_machine',
    activePath: 'app/BUILD',
    files: {
      'MODULE.bazel': MODULE('platforms_lesson'),
      'app/BUILD': `constraint_setting(name = "os")

constraint_value(
    name = "plan9",
    constraint_setting = ":os",
)

constraint_value(
    name = "linux",
    constraint_setting = ":os",
)

platform(
    name = "plan9_machine",
    constraint_values = [":plan9"],
)

config_setting(
    name = "is_plan9",
    constraint_values = [":plan9"],
)

genrule(
    name = "which_os",
    outs = ["which_os.txt"],
    cmd = select({
        ":is_plan9": "echo plan 9 > $@",
        "//conditions:default": "echo some other os > $@",
    }),
)
`,
    },
  },
  {
    id: 'toolchains',
    title: 'Toolchains: which one does a rule get?',
    topic: 'toolchains',
    kind: 'lesson',
    summary: 'register_toolchains(), toolchain() constraints and --platforms decide which implementation a rule receives.',
    text: [
      'A rule that asks for a toolchain type (`toolchains = [...]` in `rule()`) does not name an implementation: Bazel picks one. It goes through the registered toolchains in order (`--extra_toolchains` first, then `register_toolchains()` in MODULE.bazel) and takes the first of the right type whose `target_compatible_with` the target platform has and whose `exec_compatible_with` an execution platform has.',
      'The implementation reaches the rule as `ctx.toolchains["//toolchains:greeter_type"]`, the `ToolchainInfo` its toolchain rule returned. Put the cursor in the `greeting(` call and open the Why panel: it lists every registered toolchain of the type and what each lacks.',
    ],
    steps: [
      'Run the command: the host platform has no language constraint, so it takes the default, `:english`, and `bazel-bin/app/hello.txt` says Hello.',
      'Add `--platforms=//toolchains:france`: the French greeter is the first that fits.',
      'Try `--platforms=//toolchains:germany`: no toolchain fits, and the build fails with "No matching toolchains found".',
      'Add a German `greeter_toolchain` and its `toolchain()` in toolchains/BUILD, and run again.',
    ],
    command: 'bazel build //app:hello',
    activePath: 'app/BUILD',
    files: {
      'MODULE.bazel': MODULE('toolchains_lesson') + '\n# Every toolchain() in //toolchains.\nregister_toolchains("//toolchains:all")\n',
      'toolchains/greeter.bzl': `def _greeter_toolchain_impl(ctx):
    return [platform_common.ToolchainInfo(greeting = ctx.attr.greeting)]

# An implementation of the greeter toolchain type: what a language greets with.
greeter_toolchain = rule(
    implementation = _greeter_toolchain_impl,
    attrs = {"greeting": attr.string(mandatory = True)},
)

def _greeting_impl(ctx):
    greeter = ctx.toolchains["//toolchains:greeter_type"]
    out = ctx.actions.declare_file(ctx.label.name + ".txt")
    ctx.actions.write(out, "%s, %s!\\n" % (greeter.greeting, ctx.attr.who))
    return [DefaultInfo(files = depset([out]))]

# A rule that needs a greeter, whichever one the platform gets.
greeting = rule(
    implementation = _greeting_impl,
    attrs = {"who": attr.string()},
    toolchains = ["//toolchains:greeter_type"],
)
`,
      'toolchains/BUILD': `load(":greeter.bzl", "greeter_toolchain")

toolchain_type(
    name = "greeter_type",
    visibility = ["//visibility:public"],
)

constraint_setting(
    name = "language",
    # A platform that says nothing about language speaks English.
    default_constraint_value = ":english",
)

constraint_value(
    name = "english",
    constraint_setting = ":language",
)

constraint_value(
    name = "french",
    constraint_setting = ":language",
)

constraint_value(
    name = "german",
    constraint_setting = ":language",
)

platform(
    name = "france",
    constraint_values = [":french"],
)

platform(
    name = "germany",
    constraint_values = [":german"],
)

greeter_toolchain(
    name = "english_greeter",
    greeting = "Hello",
)

greeter_toolchain(
    name = "french_greeter",
    greeting = "Bonjour",
)

toolchain(
    name = "english_toolchain",
    target_compatible_with = [":english"],
    toolchain = ":english_greeter",
    toolchain_type = ":greeter_type",
)

toolchain(
    name = "french_toolchain",
    target_compatible_with = [":french"],
    toolchain = ":french_greeter",
    toolchain_type = ":greeter_type",
)
`,
      'app/BUILD': `load("//toolchains:greeter.bzl", "greeting")

greeting(
    name = "hello",
    who = "world",
)
`,
    },
  },
  {
    id: 'exec-configuration',
    title: 'exec configuration: tools build for the host',
    topic: 'genrule',
    kind: 'lesson',
    summary: 'The same config_setting, seen from a genrule\'s `tools`, compares the exec (host) values.',
    text: [
      'A genrule\'s `tools` run during the build, on the machine that builds — so Bazel builds them in the exec configuration (in Bazel 4.2.3, the host configuration), not in the target configuration your flags describe.',
      'Here `:tool` is a `select()` on `:arm`. Built directly with `--cpu=arm`, it says "arm". As a tool of `:use`, the same target is built with the host\'s cpu and says "host" — the classic "my tool builds for the wrong CPU" surprise, seen from the other side.',
    ],
    steps: [
      'Run the command and read bazel-bin/app/use.txt.',
      'Run `bazel build //app:tool --cpu=arm`: now the tool itself says arm.',
      'Try `bazel cquery "deps(//app:use)" --cpu=arm`: `:tool` appears in two configurations.',
    ],
    command: 'bazel build //app:use --cpu=arm',
    activePath: 'app/BUILD',
    files: {
      'MODULE.bazel': MODULE('exec_lesson'),
      'app/BUILD': `config_setting(
    name = "arm",
    values = {"cpu": "arm"},
)

genrule(
    name = "tool",
    outs = ["tool.sh"],
    cmd = select({
        ":arm": "echo 'echo built for arm' > $@",
        "//conditions:default": "echo 'echo built for the host' > $@",
    }),
    executable = True,
)

genrule(
    name = "use",
    outs = ["use.txt"],
    cmd = "$(location :tool) > $@",
    tools = [":tool"],
)
`,
    },
  },
  {
    id: 'filegroup',
    title: 'filegroup: srcs, data and output_group',
    topic: 'filegroup',
    kind: 'lesson',
    summary: 'What a filegroup builds, what it carries as runfiles, and how it picks an output group.',
    text: [
      '`srcs` are the files of the group: building the filegroup builds them, and rules that depend on it get them. `data` are runfiles: carried along to whatever runs, but not outputs of the group.',
      '`output_group` picks one named group of another rule\'s outputs instead of its default outputs.',
    ],
    steps: [
      'Run the command: both the source file and the generated file are outputs.',
      'Run `bazel query "deps(//app:docs)"`: extra.txt is a dependency too, through `data`.',
      'Try `bazel build //app:docs_with_data` and compare.',
    ],
    command: 'bazel build //app:docs',
    activePath: 'app/BUILD',
    files: {
      'MODULE.bazel': MODULE('filegroup_lesson'),
      'app/BUILD': `genrule(
    name = "generated",
    outs = ["generated.txt"],
    cmd = "echo generated > $@",
)

filegroup(
    name = "docs",
    srcs = [
        "README.txt",
        ":generated",
    ],
)

filegroup(
    name = "docs_with_data",
    srcs = [":docs"],
    data = ["extra.txt"],
)
`,
      'app/README.txt': 'read me\n',
      'app/extra.txt': 'runfile\n',
    },
  },
  {
    id: 'genrule-expansion',
    title: 'genrule: how cmd is expanded',
    topic: 'genrule',
    kind: 'lesson',
    summary: '`$(location)`, `$(execpath)`, `$@`, `$<`, `$(SRCS)`, `$$` — and bash with set -euo pipefail.',
    text: [
      'Bazel expands `cmd` in stages: first `$(location …)`, `$(execpath …)` and friends become paths; then Make variables such as `$@` (the single output), `$<` (the single input), `$(SRCS)` and `$(OUTS)`; `$$` becomes a literal `$` for the shell.',
      'The result runs in bash with `set -euo pipefail`: the first failing command fails the action.',
    ],
    steps: [
      'Run the command and read the two outputs.',
      'Change `$$0` to `$0` in :paths: Bazel rejects it ("\'$0\' syntax is not supported") before any shell runs.',
      'Add `false &&` at the start of a cmd: the action fails.',
    ],
    command: 'bazel build //app:all',
    activePath: 'app/BUILD',
    files: {
      'MODULE.bazel': MODULE('genrule_lesson'),
      'app/BUILD': `genrule(
    name = "concat",
    srcs = [
        "a.txt",
        "b.txt",
    ],
    outs = ["ab.txt"],
    cmd = "cat $(SRCS) > $@",
)

genrule(
    name = "paths",
    srcs = ["a.txt"],
    outs = ["paths.txt"],
    cmd = "echo location=$(location a.txt) execpath=$(execpath a.txt) first=$< > $@ && echo shell sees $$0 >> $@",
)
`,
      'app/a.txt': 'A\n',
      'app/b.txt': 'B\n',
    },
  },
  {
    id: 'genquery-scope',
    title: 'genquery: scope and strict',
    topic: 'genquery',
    kind: 'lesson',
    summary: 'A genquery may only look inside the transitive closure of its scope.',
    text: [
      '`genquery` runs a query at build time and writes its result to a file. It may only look at targets in the transitive closure of `scope`, so that the result depends only on declared inputs.',
      '`:app_deps` stays inside its scope. `:too_far` asks about `//lib:extra`, which is outside the closure of `//app:bin`: with `strict = True` (the default) the build fails with "is not within the scope of the query".',
    ],
    steps: [
      'Run the command: the deps of //app:bin, sorted.',
      'Run `bazel build //app:too_far` and read the error.',
      'Add `strict = False` to :too_far: the out-of-scope target is left out instead.',
    ],
    command: 'bazel build //app:app_deps',
    activePath: 'app/BUILD',
    files: {
      'MODULE.bazel': MODULE('genquery_lesson'),
      'app/BUILD': `filegroup(
    name = "bin",
    srcs = ["//lib:core"],
)

genquery(
    name = "app_deps",
    expression = "deps(//app:bin)",
    scope = [":bin"],
)

genquery(
    name = "too_far",
    expression = "deps(//lib:extra)",
    scope = [":bin"],
)
`,
      'lib/BUILD': `package(default_visibility = ["//visibility:public"])

filegroup(
    name = "core",
    srcs = ["core.txt"],
)

filegroup(
    name = "extra",
    srcs = ["extra.txt"],
)
`,
      'lib/core.txt': 'core\n',
      'lib/extra.txt': 'extra\n',
    },
  },
  {
    id: 'test-suite-tags',
    title: 'test_suite: tags as filters',
    topic: 'test_suite',
    kind: 'lesson',
    summary: 'Tags select tests, `-tag` excludes, size counts as a tag, manual tests stay out.',
    text: [
      'A `test_suite` without `tests` takes every test of its package, except those tagged `manual`. Its `tags` then filter them: a plain tag keeps tests that have it, `-tag` drops tests that have it, and a test\'s size (`small`, `medium`, …) counts as a tag.',
      'A suite whose filters keep nothing is empty, and `bazel test` on it finds no test targets — the "my suite runs nothing" trap.',
    ],
    steps: [
      'Run the command: only `:fast` has the tag `unit`.',
      'Try `bazel test //app:not_small`: `:slow` only; `:manual_one` stays out even though it is not small.',
      'Try `bazel test //app:none`: no test targets were found (exit code 4).',
    ],
    command: 'bazel test //app:unit',
    activePath: 'app/BUILD',
    files: {
      'MODULE.bazel': MODULE('test_suite_lesson'),
      'app/BUILD': `sh_test(
    name = "fast",
    size = "small",
    srcs = ["pass.sh"],
    tags = ["unit"],
)

sh_test(
    name = "slow",
    size = "large",
    srcs = ["pass.sh"],
    tags = ["integration"],
)

sh_test(
    name = "manual_one",
    srcs = ["pass.sh"],
    tags = ["manual"],
)

test_suite(
    name = "unit",
    tags = ["unit"],
)

test_suite(
    name = "not_small",
    tags = ["-small"],
)

test_suite(
    name = "none",
    tags = ["no_such_tag"],
)
`,
      'app/pass.sh': PASS,
    },
  },
  {
    id: 'starlark-doc-extract',
    title: 'starlark_doc_extract: docs from a .bzl file',
    topic: 'starlark_doc_extract',
    kind: 'lesson',
    summary: 'Docstrings, Args and Returns become a ModuleInfo proto.',
    text: [
      '`starlark_doc_extract` reads a .bzl file and writes its documentation as a `ModuleInfo` protocol buffer: the module docstring, and for each function its docstring split into summary, `Args:` and `Returns:`.',
      '`symbol_names` limits the output to the listed symbols. The `.textproto` output is the same data as text, handy to read.',
    ],
    steps: [
      'Run the command and open the textproto output.',
      'Add a parameter to `greet` without documenting it, and run again.',
      'Remove `symbol_names`: `_private` functions are still left out.',
    ],
    command: 'bazel build //app:defs_doc.textproto',
    activePath: 'app/defs.bzl',
    files: {
      'MODULE.bazel': MODULE('doc_lesson'),
      'app/BUILD': `starlark_doc_extract(
    name = "defs_doc",
    src = "defs.bzl",
    symbol_names = ["greet"],
)
`,
      'app/defs.bzl': `"""Helpers for greeting people."""

def greet(name, punctuation = "!"):
    """Returns a greeting.

    Args:
      name: who to greet.
      punctuation: what ends the sentence.

    Returns:
      The greeting, as a string.
    """
    return "Hello, " + name + punctuation

def shout(text):
    """Returns the text in upper case."""
    return text.upper()

def _private():
    pass
`,
    },
  },
  {
    id: 'cc-select-cpu-platform',
    title: 'cc_library: deps that select() on --cpu and on a platform',
    topic: 'cc_library',
    kind: 'lesson',
    summary: 'One cc_library, three implementations: which one a build takes depends on --cpu and --platforms.',
    text: [
      'Real projects select a C++ library\'s `deps` on the machine. Older BUILD files test the `--cpu` flag (`values = {"cpu": "k8"}`); newer ones test a constraint of the target platform (`constraint_values`), set with `--platforms`. The two are independent: `--platforms` does not change `--cpu`, nor the other way round.',
      '`cquery` shows the dependencies after select() is resolved. rulepen does not compile C++: loading, select(), visibility and query are exact, and `build --nobuild` checks the analysis; a real build stops with a message saying so.',
    ],
    steps: [
      'Run the command: the default --cpu is k8, so `:k8_impl` is taken.',
      'Add `--platforms=//platforms:linux_cuda`: now both conditions match and neither is a specialization of the other. Current Bazel reports an ambiguous match; Bazel 4.2.3 (put `4.2.3` in a `.bazelversion` file) takes the `--cpu` branch.',
      'Remove the `:k8_cpu` branch and run again: the platform picks `:cuda_impl`.',
      'Try `bazel build //lib:core --nobuild`, then without `--nobuild`.',
    ],
    command: 'bazel cquery "deps(//lib:core)" --noimplicit_deps',
    activePath: 'lib/BUILD',
    files: {
      'MODULE.bazel': MODULE('cc_select_lesson'),
      'lib/BUILD': `load("@rules_cc//cc:defs.bzl", "cc_library")

# Matches a build with --cpu=k8 (the default on Linux x86_64): the legacy flag many projects select on.
config_setting(
    name = "k8_cpu",
    values = {"cpu": "k8"},
)

# Matches a build whose target platform (--platforms) has the cuda constraint value.
config_setting(
    name = "cuda_platform",
    constraint_values = ["//platforms:cuda"],
)

cc_library(
    name = "core",
    srcs = ["core.cc"],
    hdrs = ["core.h"],
    deps = select({
        ":k8_cpu": [":k8_impl"],
        ":cuda_platform": [":cuda_impl"],
        "//conditions:default": [":generic"],
    }),
)

cc_library(
    name = "k8_impl",
    srcs = ["k8_impl.cc"],
)

cc_library(
    name = "cuda_impl",
    srcs = ["cuda_impl.cc"],
)

cc_library(
    name = "generic",
    srcs = ["generic.cc"],
)
`,
      'lib/core.cc': '// core\n',
      'lib/core.h': '// core\n',
      'lib/k8_impl.cc': '// k8\n',
      'lib/cuda_impl.cc': '// cuda\n',
      'lib/generic.cc': '// generic\n',
      'platforms/BUILD': `constraint_setting(name = "gpu")

constraint_value(
    name = "cuda",
    constraint_setting = ":gpu",
    visibility = ["//visibility:public"],
)

# The host machine (x86_64 Linux, so the C++ toolchain still applies) with a GPU.
platform(
    name = "linux_cuda",
    constraint_values = [
        "@platforms//cpu:x86_64",
        "@platforms//os:linux",
        ":cuda",
    ],
)
`,
    },
  },
  {
    id: 'template-ambiguous-select',
    title: 'Bug report: my select() is ambiguous',
    topic: 'template',
    kind: 'template',
    summary: 'A minimal workspace with two conditions and a select(); edit it until it shows your problem, then share.',
    text: [
      'Reduce your problem to this workspace: replace the two settings with yours, keep the `select()`, and put the flags you build with on the command line.',
      'When the output shows the problem, press Share (Ctrl+S) and paste the link into your issue or chat.',
    ],
    steps: ['Edit the config_settings and the flags.', 'Run.', 'Share.'],
    command: 'bazel build //pkg:target --cpu=arm -c opt',
    activePath: 'pkg/BUILD',
    files: {
      'MODULE.bazel': MODULE('bug_report'),
      'pkg/BUILD': `config_setting(
    name = "first",
    values = {"cpu": "arm"},
)

config_setting(
    name = "second",
    values = {"compilation_mode": "opt"},
)

genrule(
    name = "target",
    outs = ["target.txt"],
    cmd = select({
        ":first": "echo first > $@",
        ":second": "echo second > $@",
        "//conditions:default": "echo default > $@",
    }),
)
`,
    },
  },
  {
    id: 'template-tool-cpu',
    title: 'Bug report: my tool builds for the wrong CPU',
    topic: 'template',
    kind: 'template',
    summary: 'A tool used by a genrule, and a setting that should select it; edit, run, share.',
    text: [
      'Put your tool and the rule that uses it here. Remember that `tools` are built in the exec configuration: your target flags (`--cpu`, `-c`, `--define`) do not reach them.',
      'When the output shows the problem, press Share (Ctrl+S).',
    ],
    steps: ['Edit the tool and its select().', 'Run.', 'Share.'],
    command: 'bazel build //pkg:output --cpu=arm',
    activePath: 'pkg/BUILD',
    files: {
      'MODULE.bazel': MODULE('bug_report'),
      'pkg/BUILD': `config_setting(
    name = "arm",
    values = {"cpu": "arm"},
)

genrule(
    name = "tool",
    outs = ["tool.sh"],
    cmd = select({
        ":arm": "echo 'echo arm' > $@",
        "//conditions:default": "echo 'echo not arm' > $@",
    }),
    executable = True,
)

genrule(
    name = "output",
    outs = ["output.txt"],
    cmd = "$(location :tool) > $@",
    tools = [":tool"],
)
`,
    },
  },
  {
    id: 'template-empty-suite',
    title: 'Bug report: my test suite runs nothing',
    topic: 'template',
    kind: 'template',
    summary: 'Tests, tags and a suite; edit until it shows your problem, then share.',
    text: [
      'Put your tests (their tags and sizes matter, not their scripts) and your suite here. Remember that `manual` tests are never taken implicitly, and that a size counts as a tag.',
      'When the output shows the problem, press Share (Ctrl+S).',
    ],
    steps: ['Edit the tests and the suite.', 'Run.', 'Share.'],
    command: 'bazel test //pkg:suite',
    activePath: 'pkg/BUILD',
    files: {
      'MODULE.bazel': MODULE('bug_report'),
      'pkg/BUILD': `sh_test(
    name = "a_test",
    srcs = ["pass.sh"],
    tags = ["manual"],
)

test_suite(
    name = "suite",
    tags = ["small"],
)
`,
      'pkg/pass.sh': PASS,
    },
  },
  {
    id: 'template-cc-select',
    title: 'Bug report: my cc_library takes the wrong deps',
    topic: 'template',
    kind: 'template',
    summary: 'A cc_library whose deps select() on --cpu and on a platform; edit, run, share.',
    text: [
      'Put your library\'s select() and its config_settings here, and the flags you build with on the command line. `cquery "deps(…)"` shows which branch each build takes.',
      'When the output shows the problem, press Share (Ctrl+S).',
    ],
    steps: ['Edit the config_settings, the select() and the flags.', 'Run.', 'Share.'],
    command: 'bazel cquery "deps(//lib:core)" --noimplicit_deps --platforms=//platforms:linux_cuda',
    activePath: 'lib/BUILD',
    files: {
      'MODULE.bazel': MODULE('bug_report'),
      'lib/BUILD': `load("@rules_cc//cc:defs.bzl", "cc_library")

# Matches a build with --cpu=k8 (the default on Linux x86_64): the legacy flag many projects select on.
config_setting(
    name = "k8_cpu",
    values = {"cpu": "k8"},
)

# Matches a build whose target platform (--platforms) has the cuda constraint value.
config_setting(
    name = "cuda_platform",
    constraint_values = ["//platforms:cuda"],
)

cc_library(
    name = "core",
    srcs = ["core.cc"],
    hdrs = ["core.h"],
    deps = select({
        ":k8_cpu": [":k8_impl"],
        ":cuda_platform": [":cuda_impl"],
        "//conditions:default": [":generic"],
    }),
)

cc_library(
    name = "k8_impl",
    srcs = ["k8_impl.cc"],
)

cc_library(
    name = "cuda_impl",
    srcs = ["cuda_impl.cc"],
)

cc_library(
    name = "generic",
    srcs = ["generic.cc"],
)
`,
      'lib/core.cc': '// core\n',
      'lib/core.h': '// core\n',
      'lib/k8_impl.cc': '// k8\n',
      'lib/cuda_impl.cc': '// cuda\n',
      'lib/generic.cc': '// generic\n',
      'platforms/BUILD': `constraint_setting(name = "gpu")

constraint_value(
    name = "cuda",
    constraint_setting = ":gpu",
    visibility = ["//visibility:public"],
)

# The host machine (x86_64 Linux, so the C++ toolchain still applies) with a GPU.
platform(
    name = "linux_cuda",
    constraint_values = [
        "@platforms//cpu:x86_64",
        "@platforms//os:linux",
        ":cuda",
    ],
)
`,
    },
  },
];

export function lessonById(id: string | null): Lesson | undefined {
  return id ? lessons.find((l) => l.id === id) : undefined;
}
