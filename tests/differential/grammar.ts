// The grammar of the differential tester: random small workspaces and command lines over what rulepen claims to
// cover. It is written to be read — each production below is one shape of BUILD file or command line that
// rulepen must run exactly as Bazel 4.2.3 does. In outline:
//
//   workspace   := config-pkg? plat-pkg? flags-pkg? macros? package{1..3}
//   config-pkg  := //cfg: config_setting(values | define_values | flag_values | constraint_values){2..5}
//                  values keys: cpu, compilation_mode, define (and, rarely, an invalid key/value)
//   plat-pkg    := //plat: constraint_setting color, constraint_value red/blue, platform red_plat/blue_plat/arm_plat
//   flags-pkg   := //flags: skylib string_flag `color` (values red/green/blue), bool_flag `on`
//   macros      := //macros:defs.bzl — wrappers forwarding to native rules, a macro that writes a select(), and
//                  Starlark rules with a private dependency (with_tool's `_tool` = //macros:tool, public or
//                  private; with_missing_tool's names a target the package does not declare)
//   package     := source files (f1.txt…, d/nested.txt, pass.sh, fail.sh, data_check.sh)
//                  target{2..8}, optionally package(default_visibility | default_testonly)
//   target      := genrule | filegroup | alias | sh_test | sh_binary | test_suite | genquery | macro call
//                | with_tool / with_missing_tool (srcs)
//   genrule     := srcs (files, other targets), outs (1-2, sometimes named like the rule), cmd (make variables
//                  $@ $< $(SRCS) $(OUTS) $(location …) $(locations …) $(execpath …) $(rootpath …) $(@D)
//                  $(RULEDIR) $(BINDIR) $(TARGET_CPU) $(COMPILATION_MODE) $(FOO) from --define), message,
//                  tools, executable, cmd_bash; values as select() (also concatenated with a plain value)
//   filegroup   := srcs (files, glob(), targets, select()), data, output_group
//   alias       := actual (target, file, select())
//   sh_*        := srcs = [script], data, args, size, tags (manual, fast, slow, flaky-free), testonly
//   test_suite  := tests (explicit, nested suites, empty = the package's tests), tags (t, -t, +t, size)
//   genquery    := expression (deps, rdeps, kind, attr, somepath, allpaths, tests, labels, buildfiles, set
//                  operators, select()), scope, strict, opts (--output=…, --noimplicit_deps, --order_output)
//   common      := visibility (private, public, __pkg__, __subpackages__), testonly, tags; rarely a label
//                  listed twice, a dependency that does not exist, a select() key that is not a config_setting
//
//   command     := build targets flags | test targets flags test-filters | query expr query-flags
//                | cquery expr cquery-flags flags
//   flags       := --define K=V | -c opt|dbg|fastbuild | --cpu=arm|k8 | --platforms=//plat:… | --//flags:color=…
//                | --[no]//flags:on | --keep_going (always with several targets or a pattern: without it, which
//                failing target Bazel reports depends on its parallelism)
//
// Everything the generator writes is deterministic (no clock, no randomness in commands), so Bazel itself is
// stable on it except where the corpus README says (cquery order of configurations, --order_output=no).

import { bool, int, list, raw, str, strs, type Command, type Expr, type Package, type Sample, type Target, type Workspace } from './model.ts';

/** The areas a workspace is generated for; each weights the productions towards its rules and commands. */
export const AREAS = [
  'genrule',
  'filegroup',
  'alias',
  'config_setting',
  'select',
  'test_suite',
  'sh',
  'genquery',
  'query',
  'cquery',
  'visibility',
] as const;
export type Area = (typeof AREAS)[number];

/** mulberry32: a small seeded PRNG, so a seed names a workspace. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  some<T>(xs: readonly T[], lo: number, hi: number): T[] {
    const pool = [...xs];
    const n = Math.min(pool.length, this.int(lo, hi));
    const out: T[] = [];
    for (let i = 0; i < n; i++) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return out;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// What the generator knows while it writes: every target made so far, by label, with what it is.

interface Known {
  readonly label: string;
  readonly pkg: string;
  readonly name: string;
  /** rule class ('source' for a file, 'output' for a genrule output). */
  readonly kind: string;
  readonly testonly: boolean;
  readonly isTest: boolean;
  /** The files it provides, at most a few (for $(location) use: exactly one is safe). */
  readonly fileCount: number;
}

class Gen {
  readonly known: Known[] = [];
  readonly settings: string[] = [];
  readonly defines = new Set<string>();
  hasPlat = false;
  hasFlags = false;
  hasMacros = false;
  /** A target of with_tool/with_missing_tool: the macros package declares the tool. */
  hasTool = false;
  constructor(
    readonly r: Rng,
    readonly area: Area,
  ) {}

  /** The focus: true with probability hi when `areas` include the workspace's area, else lo. */
  focus(areas: readonly Area[], hi: number, lo: number): boolean {
    return this.r.chance(areas.includes(this.area) ? hi : lo);
  }

  /** A label for `k` as written from package `from`. */
  ref(k: Known, from: string): string {
    if (k.pkg === from && this.r.chance(0.7)) return ':' + k.name;
    return `//${k.pkg}:${k.name}`;
  }

  pickKnown(filter: (k: Known) => boolean): Known | undefined {
    const xs = this.known.filter(filter);
    return xs.length > 0 ? this.r.pick(xs) : undefined;
  }
}

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'eps'];
const TAGS = ['fast', 'slow', 'smoke', 'manual'];
const DEFINE_KEYS = ['FOO', 'mode'];
const DEFINE_VALUES = ['1', '2', 'on'];

// ---------------------------------------------------------------------------------------------------------------
// config-pkg, plat-pkg, flags-pkg, macros

function configPackage(g: Gen): Package {
  const r = g.r;
  const targets: Target[] = [];
  const n = r.int(2, 5);
  const used = new Set<string>();
  for (let i = 0; i < n; i++) {
    const form = r.pick(['values', 'values', 'define_values', 'flag_values', 'constraint_values'] as const);
    let attrs: [string, Expr][] = [];
    let name = '';
    if (form === 'values') {
      const shape = r.int(0, 6);
      if (shape === 0) (name = `cpu_${(name = r.pick(['arm', 'k8', 'ppc']))}`), (attrs = [['values', dict([['cpu', name.slice(4)]])]]);
      else if (shape === 1) {
        const m = r.pick(['opt', 'dbg', 'fastbuild']);
        name = `mode_${m}`;
        attrs = [['values', dict([['compilation_mode', m]])]];
      } else if (shape === 2) {
        const k = r.pick(DEFINE_KEYS);
        const v = r.pick(DEFINE_VALUES);
        name = `def_${k}_${v}`;
        attrs = [['values', dict([['define', `${k}=${v}`]])]];
      } else if (shape === 3) {
        name = 'arm_opt';
        attrs = [['values', dict([['cpu', 'arm'], ['compilation_mode', 'opt']])]];
      } else if (shape === 4) {
        name = r.pick(['short_c', 'copt_a']);
        attrs = [['values', dict(name === 'short_c' ? [['c', 'opt']] : [['copt', '-DA']])]];
      } else {
        // Invalid forms: each fails the config_setting's own analysis.
        const bad = r.pick([
          ['bad_mode', [['compilation_mode', 'fast']]],
          ['bad_define', [['define', 'FOO']]],
          ['bad_option', [['no_such_option', 'x']]],
        ] as const);
        name = bad[0];
        attrs = [['values', dict(bad[1].map(([k, v]) => [k, v]))]];
      }
    } else if (form === 'define_values') {
      const keys = r.some(DEFINE_KEYS, 1, 2);
      const vals = keys.map(() => r.pick(DEFINE_VALUES));
      name = 'dv_' + keys.map((k, j) => `${k}_${vals[j]}`).join('_');
      attrs = [['define_values', dict(keys.map((k, j) => [k, vals[j]!]))]];
    } else if (form === 'flag_values') {
      g.hasFlags = true;
      if (r.chance(0.5)) {
        const v = r.pick(['red', 'green', 'blue']);
        name = `flag_${v}`;
        attrs = [['flag_values', dict([['//flags:color', v]])]];
      } else {
        const v = r.pick(['True', 'False', 'true', '1']);
        name = `on_${v}`;
        attrs = [['flag_values', dict([['//flags:on', v]])]];
      }
    } else {
      g.hasPlat = true;
      const v = r.pick(['//plat:red', '//plat:blue', '@platforms//cpu:arm', '@platforms//os:linux', '//plat:red_plat']);
      name = 'cv_' + v.replace(/[^a-z]+/g, '_').replace(/^_|_$/g, '');
      attrs = [['constraint_values', strs([v])]];
    }
    if (used.has(name)) continue;
    used.add(name);
    if (r.chance(0.1)) attrs.push(['visibility', strs(['//visibility:private'])]);
    targets.push({ rule: 'config_setting', name, attrs });
    g.settings.push(`//cfg:${name}`);
  }
  return { name: 'cfg', targets, files: {}, packageArgs: [['default_visibility', strs(['//visibility:public'])]] };
}

function dict(entries: readonly (readonly [string, string])[]): Expr {
  return { k: 'dict', entries: entries.map(([k, v]) => [k, str(v)] as const) };
}

function platPackage(): Package {
  const t = (rule: string, name: string, attrs: [string, Expr][]): Target => ({ rule, name, attrs });
  return {
    name: 'plat',
    files: {},
    packageArgs: [['default_visibility', strs(['//visibility:public'])]],
    targets: [
      t('constraint_setting', 'color', []),
      t('constraint_value', 'red', [['constraint_setting', str(':color')]]),
      t('constraint_value', 'blue', [['constraint_setting', str(':color')]]),
      t('platform', 'red_plat', [['constraint_values', strs([':red', '@platforms//os:linux'])]]),
      t('platform', 'blue_plat', [['constraint_values', strs([':blue'])]]),
      t('platform', 'arm_plat', [['constraint_values', strs(['@platforms//cpu:arm', '@platforms//os:linux'])]]),
    ],
  };
}

function flagsPackage(): Package {
  return {
    name: 'flags',
    files: {},
    loads: ['load("@bazel_skylib//rules:common_settings.bzl", "bool_flag", "string_flag")'],
    packageArgs: [['default_visibility', strs(['//visibility:public'])]],
    targets: [
      { rule: 'string_flag', name: 'color', attrs: [['build_setting_default', str('red')], ['values', strs(['red', 'green', 'blue'])]] },
      { rule: 'bool_flag', name: 'on', attrs: [['build_setting_default', bool(false)]] },
    ],
  };
}

export const MACROS_BZL = `"""Macros the generated BUILD files call."""

def wrapped_genrule(name, **kwargs):
    native.genrule(name = name, **kwargs)

def wrapped_filegroup(name, **kwargs):
    native.filegroup(name = name, **kwargs)

def selecting_genrule(name, condition, then, otherwise, **kwargs):
    native.genrule(
        name = name,
        outs = [name + ".out"],
        cmd = select({condition: "echo " + then + " > $@", "//conditions:default": "echo " + otherwise + " > $@"}),
        **kwargs
    )

def test_pair(name, script, **kwargs):
    native.sh_test(name = name + "_a", srcs = [script], **kwargs)
    native.sh_test(name = name + "_b", srcs = [script], tags = ["manual"], **kwargs)

def _with_tool_impl(ctx):
    return [DefaultInfo(files = depset(ctx.files.srcs))]

# Starlark rules with a private dependency: every target of with_tool depends on //macros:tool; with_missing_tool's
# default names a target the macros package does not declare.
with_tool = rule(
    implementation = _with_tool_impl,
    attrs = {"srcs": attr.label_list(allow_files = True), "_tool": attr.label(default = "//macros:tool")},
)

with_missing_tool = rule(
    implementation = _with_tool_impl,
    attrs = {"srcs": attr.label_list(allow_files = True), "_tool": attr.label(default = "//macros:no_such_tool")},
)
`;

// ---------------------------------------------------------------------------------------------------------------
// package := files and targets

function sourceFiles(g: Gen, pkg: string): Record<string, string> {
  const r = g.r;
  const files: Record<string, string> = {};
  const n = r.int(1, 3);
  for (let i = 1; i <= n; i++) files[`f${i}.txt`] = `${r.pick(WORDS)} ${pkg} ${i}\n`;
  if (r.chance(0.4)) files['d/nested.txt'] = `nested in ${pkg}\n`;
  if (r.chance(0.3)) files['other.dat'] = 'data\n';
  files['pass.sh'] = '#!/bin/sh\nexit 0\n';
  if (g.focus(['sh', 'test_suite'], 0.6, 0.2)) files['fail.sh'] = '#!/bin/sh\necho failing on purpose\nexit 1\n';
  if (g.focus(['sh'], 0.6, 0.15)) files['data_check.sh'] = `#!/bin/sh\ncat ${pkg}/f1.txt\n`;
  if (g.focus(['sh'], 0.4, 0.1)) files['args.sh'] = '#!/bin/sh\necho "$@"\ntest "$1" = "one"\n';
  for (const f of Object.keys(files)) {
    g.known.push({ label: `//${pkg}:${f}`, pkg, name: f, kind: 'source', testonly: false, isTest: false, fileCount: 1 });
  }
  return files;
}

/** A select() over some known config_settings (or, rarely, a key that is not one), with values from `value`. */
function selectOf(g: Gen, pkg: string, value: () => Expr, opts: { defaultP?: number } = {}): Expr {
  const r = g.r;
  const keys = g.settings.length > 0 ? r.some(g.settings, 1, 3) : [];
  const branches: [string, Expr][] = keys.map((k) => [k.startsWith(`//${pkg}:`) && r.chance(0.5) ? k.slice(pkg.length + 2) : k, value()]);
  if (r.chance(0.04)) {
    const notSetting = g.pickKnown((k) => k.kind === 'source' && k.pkg === pkg);
    if (notSetting) branches.push([`//${pkg}:${notSetting.name}`, value()]);
  }
  if (branches.length === 0 || r.chance(opts.defaultP ?? 0.75)) branches.push(['//conditions:default', value()]);
  const noMatch = r.chance(0.2) ? 'pick a configuration with ' + r.pick(WORDS) : undefined;
  return { k: 'select', branches, noMatchError: noMatch };
}

function maybeSelect(g: Gen, pkg: string, use: boolean, value: () => Expr, asList: boolean): Expr {
  const r = g.r;
  if (g.settings.length === 0 || !use) return value();
  const s = selectOf(g, pkg, value);
  if (asList && r.chance(0.35)) return { k: 'plus', parts: r.chance(0.5) ? [value(), s] : [s, value()] };
  if (asList && r.chance(0.15)) return { k: 'plus', parts: [s, selectOf(g, pkg, value)] };
  return s;
}

/** Labels of targets and files for a label_list attribute. */
function labelsFrom(g: Gen, pkg: string, lo: number, hi: number, ok: (k: Known) => boolean): string[] {
  const r = g.r;
  const pool = g.known.filter((k) => ok(k) && (k.pkg === pkg || r.chance(0.5)));
  const out = r.some(pool, lo, hi).map((k) => g.ref(k, pkg));
  if (out.length > 0 && r.chance(0.03)) out.push(out[0]!); // a label listed twice
  if (r.chance(0.02)) out.push(':does_not_exist');
  return out;
}

function commonAttrs(g: Gen, pkg: string, attrs: [string, Expr][], opts: { testonly?: boolean } = {}): void {
  const r = g.r;
  if (g.focus(['visibility'], 0.5, 0.12)) {
    attrs.push([
      'visibility',
      strs([r.pick(['//visibility:public', '//visibility:private', `//${pkg}:__pkg__`, `//${pkg}:__subpackages__`, '//a:__pkg__', '//b:__subpackages__'])]),
    ]);
  }
  if (opts.testonly !== undefined ? opts.testonly : g.focus(['visibility', 'sh'], 0.25, 0.06)) attrs.push(['testonly', bool(true)]);
  if (r.chance(0.1)) attrs.push(['tags', strs(r.some(TAGS.filter((t) => t !== 'manual'), 1, 2))]);
}

function genrule(g: Gen, pkg: string, name: string, viaMacro: boolean): Target {
  const r = g.r;
  const attrs: [string, Expr][] = [];
  const srcs = labelsFrom(g, pkg, 0, 3, (k) => k.kind === 'source' || k.kind === 'genrule' || k.kind === 'filegroup' || k.kind === 'output');
  if (srcs.length > 0) attrs.push(['srcs', maybeSelect(g, pkg, g.focus(['select'], 0.4, 0.1), () => strs(srcs), true)]);
  const nOuts = r.chance(0.2) ? 2 : 1;
  const outs = nOuts === 1 ? [r.chance(0.08) ? name : `${name}.txt`] : [`${name}_1.txt`, `${name}_2.txt`];
  attrs.push(['outs', strs(outs)]);
  const one = srcs.filter((s) => !s.includes('does_not_exist'));
  const pieces: string[] = [];
  const out = nOuts === 1 ? '$@' : '$(location ' + outs[0] + ')';
  const cmds: (() => string)[] = [
    () => `echo ${r.pick(WORDS)} > ${out}`,
    () => (one.length > 0 ? `cat $(SRCS) > ${out}` : `echo none > ${out}`),
    () => (one.length > 0 ? `cat $(location ${r.pick(one)}) > ${out}` : `echo $(@D) > ${out}`),
    () => (one.length > 0 ? `echo $(locations ${r.pick(one)}) > ${out}` : `echo $(RULEDIR) > ${out}`),
    () => (one.length > 0 ? `echo $(execpath ${r.pick(one)}) $(rootpath ${r.pick(one)}) > ${out}` : `echo $(BINDIR) > ${out}`),
    () => `echo $(TARGET_CPU) $(COMPILATION_MODE) > ${out}`,
    () => `echo $(${r.pick(DEFINE_KEYS)}) > ${out}`,
    () => `echo $(OUTS) $(RULEDIR) $(GENDIR) > ${out}`,
    () => (one.length > 0 ? `echo $< > ${out}` : `echo x > ${out}`),
    () => `echo $$HOME_NOT_SET$${'{'}PATH:+set${'}'} > ${out}`,
    () => `exit 3`,
  ];
  const c = r.pick(cmds)();
  pieces.push(c);
  if (nOuts === 2) pieces.push(`echo two > $(location ${outs[1]})`);
  const cmd = pieces.join(' && ');
  attrs.push(['cmd', maybeSelect(g, pkg, g.focus(['select', 'config_setting'], 0.5, 0.15), () => str(r.chance(0.5) ? cmd : `echo ${r.pick(WORDS)} > ${out}` + (nOuts === 2 ? ` && echo two > $(location ${outs[1]})` : '')), false)]);
  if (g.focus(['genrule'], 0.25, 0.05)) attrs.push(['message', str(`Making ${name} ${r.pick(WORDS)}`)]);
  if (g.focus(['genrule'], 0.15, 0.03)) {
    const tool = g.pickKnown((k) => k.kind === 'sh_binary' || (k.kind === 'source' && k.name.endsWith('.sh')));
    if (tool) attrs.push(['tools', strs([g.ref(tool, pkg)])]);
  }
  if (nOuts === 1 && g.focus(['genrule'], 0.1, 0.02)) attrs.push(['executable', bool(true)]);
  commonAttrs(g, pkg, attrs);
  for (const o of outs) g.known.push({ label: `//${pkg}:${o}`, pkg, name: o, kind: 'output', testonly: false, isTest: false, fileCount: 1 });
  return { rule: viaMacro ? 'wrapped_genrule' : 'genrule', name, attrs };
}

function filegroup(g: Gen, pkg: string, name: string, viaMacro: boolean): Target {
  const r = g.r;
  const attrs: [string, Expr][] = [];
  const srcs = labelsFrom(g, pkg, 0, 3, (k) => k.kind !== 'config_setting' && k.kind !== 'test_suite' && k.kind !== 'genquery_never');
  let srcsExpr: Expr = strs(srcs);
  if (g.focus(['filegroup'], 0.5, 0.15)) {
    const globs = r.pick([['*.txt'], ['**/*.txt'], ['*.sh'], ['*.dat', '*.txt'], ['nothing/*']]);
    const glob = r.chance(0.3) ? raw(`glob(${JSON.stringify(globs)}, exclude = ["f1.txt"])`) : raw(`glob(${JSON.stringify(globs)})`);
    srcsExpr = srcs.length > 0 && r.chance(0.5) ? { k: 'plus', parts: [glob, strs(srcs)] } : glob;
  }
  attrs.push(['srcs', g.settings.length > 0 && g.focus(['select', 'filegroup'], 0.3, 0.1) ? { k: 'plus', parts: [srcsExpr, selectOf(g, pkg, () => strs(labelsFrom(g, pkg, 0, 2, (k) => k.kind === 'source')))] } : srcsExpr]);
  if (g.focus(['filegroup', 'sh'], 0.3, 0.05)) attrs.push(['data', strs(labelsFrom(g, pkg, 1, 2, (k) => k.kind === 'source'))]);
  commonAttrs(g, pkg, attrs);
  g.known.push({ label: `//${pkg}:${name}`, pkg, name, kind: 'filegroup', testonly: false, isTest: false, fileCount: 2 });
  return { rule: viaMacro ? 'wrapped_filegroup' : 'filegroup', name, attrs };
}

function alias(g: Gen, pkg: string, name: string): Target {
  const attrs: [string, Expr][] = [];
  const target = g.pickKnown((k) => k.kind !== 'config_setting_never');
  const actual = target ? g.ref(target, pkg) : ':f1.txt';
  if (g.settings.length > 0 && g.focus(['alias', 'select'], 0.35, 0.1)) {
    attrs.push(['actual', selectOf(g, pkg, () => {
      const t = g.pickKnown(() => true);
      return str(t ? g.ref(t, pkg) : actual);
    })]);
  } else attrs.push(['actual', str(actual)]);
  commonAttrs(g, pkg, attrs);
  g.known.push({ label: `//${pkg}:${name}`, pkg, name, kind: 'alias', testonly: !!target?.testonly, isTest: !!target?.isTest, fileCount: target?.fileCount ?? 1 });
  return { rule: 'alias', name, attrs };
}

function shRule(g: Gen, pkg: string, name: string, files: Record<string, string>, test: boolean): Target {
  const r = g.r;
  const attrs: [string, Expr][] = [];
  const scripts = Object.keys(files).filter((f) => f.endsWith('.sh'));
  const script = r.pick(test ? scripts : scripts.filter((s) => s !== 'fail.sh').concat(['pass.sh']));
  attrs.push(['srcs', strs([script])]);
  if (script === 'data_check.sh' || g.focus(['sh'], 0.4, 0.1)) {
    const data = labelsFrom(g, pkg, 1, 2, (k) => k.kind === 'source' || k.kind === 'filegroup' || k.kind === 'genrule' || k.kind === 'output');
    if (script === 'data_check.sh' && !data.includes(':f1.txt') && !data.includes(`//${pkg}:f1.txt`)) data.push(':f1.txt');
    attrs.push(['data', strs(data)]);
  }
  if (script === 'args.sh') attrs.push(['args', strs(r.chance(0.7) ? ['one', 'two'] : ['zero'])]);
  if (test && r.chance(0.4)) attrs.push(['size', str(r.pick(['small', 'medium', 'large']))]);
  const tags = r.chance(test ? 0.5 : 0.1) ? r.some(TAGS, 1, 2) : [];
  if (tags.length > 0) attrs.push(['tags', strs(tags)]);
  if (!test && g.focus(['visibility', 'sh'], 0.2, 0.05)) attrs.push(['testonly', bool(true)]);
  if (g.focus(['visibility'], 0.3, 0.05)) attrs.push(['visibility', strs([r.pick(['//visibility:public', '//visibility:private'])])]);
  g.known.push({ label: `//${pkg}:${name}`, pkg, name, kind: test ? 'sh_test' : 'sh_binary', testonly: test, isTest: test, fileCount: 1 });
  return { rule: test ? 'sh_test' : 'sh_binary', name, attrs };
}

function testSuite(g: Gen, pkg: string, name: string): Target {
  const r = g.r;
  const attrs: [string, Expr][] = [];
  if (r.chance(0.75)) {
    const tests = labelsFrom(g, pkg, 1, 3, (k) => k.isTest || k.kind === 'test_suite' || (r.chance(0.05) && k.kind === 'sh_binary') || (r.chance(0.03) && k.kind === 'alias'));
    attrs.push(['tests', strs(tests)]);
  }
  if (r.chance(0.5)) attrs.push(['tags', strs(r.some(['fast', '-slow', '+smoke', 'small', '-large', 'manual', '-manual'], 1, 2))]);
  g.known.push({ label: `//${pkg}:${name}`, pkg, name, kind: 'test_suite', testonly: true, isTest: false, fileCount: 0 });
  return { rule: 'test_suite', name, attrs };
}

const QUERY_FUNCTIONS: readonly ((g: Gen, a: string, b: string, pkg: string) => string)[] = [
  (_g, a) => `deps(${a})`,
  (g, a) => `deps(${a}, ${g.r.int(1, 2)})`,
  (_g, a, b) => `rdeps(${a}, ${b})`,
  (_g, a) => `kind(rule, deps(${a}))`,
  (_g, a) => `kind("source file", deps(${a}))`,
  (_g, a, b) => `somepath(${a}, ${b})`,
  (_g, a, b) => `allpaths(${a}, ${b})`,
  (_g, a, b) => `${a} + ${b}`,
  (_g, a, b) => `deps(${a}) except ${b}`,
  (_g, a, b) => `deps(${a}) intersect deps(${b})`,
  (_g, a) => `labels(srcs, ${a})`,
  (_g, a) => `attr(tags, fast, deps(${a}))`,
  (_g, a) => `filter("f[0-9]", deps(${a}))`,
  (_g, a) => `tests(${a})`,
  (_g, a) => `buildfiles(deps(${a}))`,
  (_g, a) => `let x = deps(${a}) in $x - ${a}`,
  (_g, a, b) => `${b} + deps(${a}, 1)`,
];

function genqueryTarget(g: Gen, pkg: string, name: string): Target {
  const r = g.r;
  const attrs: [string, Expr][] = [];
  const scopeT = r.some(g.known.filter((k) => k.kind !== 'source' && k.kind !== 'output' && k.kind !== 'config_setting'), 1, 2);
  const scope = scopeT.map((k) => `//${k.pkg}:${k.name}`);
  if (scope.length === 0) scope.push(`//${pkg}:f1.txt`);
  const inScope = (): string => {
    const k = r.chance(0.85) ? r.pick(scope) : (g.pickKnown(() => true)?.label ?? scope[0]!);
    return k;
  };
  const expr = (): string => r.pick(QUERY_FUNCTIONS)(g, inScope(), inScope(), pkg);
  attrs.push(['expression', g.settings.length > 0 && g.focus(['genquery', 'select'], 0.2, 0.03) ? selectOf(g, pkg, () => str(expr())) : str(expr())]);
  attrs.push(['scope', strs(scope)]);
  if (r.chance(0.3)) attrs.push(['strict', bool(false)]);
  if (r.chance(0.5)) attrs.push(['opts', strs(r.some(['--output=label_kind', '--output=build', '--output=xml', '--noimplicit_deps', '--output=package', '--output=location', '--order_output=full', '--output=minrank', '--output=graph'], 1, 2).slice(0, r.chance(0.8) ? 1 : 2))]);
  if (scopeT.some((k) => k.testonly || k.kind === 'test_suite') || r.chance(0.1)) attrs.push(['testonly', bool(true)]);
  commonAttrs(g, pkg, attrs, { testonly: false });
  g.known.push({ label: `//${pkg}:${name}`, pkg, name, kind: 'genquery', testonly: false, isTest: false, fileCount: 1 });
  return { rule: 'genquery', name, attrs };
}

function macroCall(g: Gen, pkg: string, name: string, files: Record<string, string>): Target {
  const r = g.r;
  g.hasMacros = true;
  if (g.settings.length > 0 && r.chance(0.5)) {
    const cond = r.pick(g.settings);
    g.known.push({ label: `//${pkg}:${name}.out`, pkg, name: `${name}.out`, kind: 'output', testonly: false, isTest: false, fileCount: 1 });
    g.known.push({ label: `//${pkg}:${name}`, pkg, name, kind: 'genrule', testonly: false, isTest: false, fileCount: 1 });
    return { rule: 'selecting_genrule', name, attrs: [['condition', str(cond)], ['then', str('yes')], ['otherwise', str('no')]] };
  }
  const script = Object.keys(files).includes('fail.sh') && r.chance(0.3) ? 'fail.sh' : 'pass.sh';
  for (const s of ['_a', '_b']) g.known.push({ label: `//${pkg}:${name}${s}`, pkg, name: name + s, kind: 'sh_test', testonly: true, isTest: true, fileCount: 1 });
  const attrs: [string, Expr][] = [['script', str(script)]];
  if (r.chance(0.4)) attrs.push(['size', str(r.pick(['small', 'large']))]);
  return { rule: 'test_pair', name, attrs };
}

/** A target of a Starlark rule with a private dependency (with_tool, rarely with_missing_tool). */
function starlarkRuleTarget(g: Gen, pkg: string, name: string): Target {
  const r = g.r;
  g.hasMacros = true;
  g.hasTool = true;
  const attrs: [string, Expr][] = [];
  const srcs = labelsFrom(g, pkg, 0, 2, (k) => k.kind === 'source' || k.kind === 'output');
  if (srcs.length > 0) attrs.push(['srcs', strs(srcs)]);
  commonAttrs(g, pkg, attrs);
  g.known.push({ label: `//${pkg}:${name}`, pkg, name, kind: 'with_tool', testonly: false, isTest: false, fileCount: 2 });
  return { rule: r.chance(0.1) ? 'with_missing_tool' : 'with_tool', name, attrs };
}

function userPackage(g: Gen, pkg: string): Package {
  const r = g.r;
  const files = sourceFiles(g, pkg);
  const targets: Target[] = [];
  const n = r.int(2, 7);
  const weights: [string, number][] = [
    ['genrule', g.area === 'genrule' ? 5 : 2],
    ['filegroup', g.area === 'filegroup' ? 4 : 1.5],
    ['alias', g.area === 'alias' ? 4 : 0.8],
    ['sh_test', g.area === 'sh' || g.area === 'test_suite' ? 4 : 1],
    ['sh_binary', g.area === 'sh' ? 2 : 0.4],
    ['test_suite', g.area === 'test_suite' ? 4 : 0.5],
    ['genquery', g.area === 'genquery' ? 4 : 0.4],
    ['macro', 0.4],
    ['starlark', 0.3],
  ];
  const total = weights.reduce((s, [, w]) => s + w, 0);
  for (let i = 0; i < n; i++) {
    let x = r.next() * total;
    let kind = 'genrule';
    for (const [k, w] of weights) if ((x -= w) < 0) { kind = k; break; }
    const name = `${kind.replace('sh_', '').replace('_suite', '').replace('filegroup', 'fg').replace('genrule', 'gen').replace('genquery', 'gq').replace('binary', 'bin')}${i}`;
    switch (kind) {
      case 'genrule': targets.push(genrule(g, pkg, name, r.chance(0.1))); break;
      case 'filegroup': targets.push(filegroup(g, pkg, name, r.chance(0.1))); break;
      case 'alias': targets.push(alias(g, pkg, name)); break;
      case 'sh_test': targets.push(shRule(g, pkg, name, files, true)); break;
      case 'sh_binary': targets.push(shRule(g, pkg, name, files, false)); break;
      case 'test_suite': targets.push(testSuite(g, pkg, name)); break;
      case 'genquery': targets.push(genqueryTarget(g, pkg, name)); break;
      case 'macro': targets.push(macroCall(g, pkg, name, files)); break;
      case 'starlark': targets.push(starlarkRuleTarget(g, pkg, name)); break;
    }
  }
  const packageArgs: [string, Expr][] = [];
  if (g.focus(['visibility'], 0.4, 0.1)) packageArgs.push(['default_visibility', strs([r.pick(['//visibility:public', '//visibility:private', '//a:__pkg__'])])]);
  if (g.focus(['visibility'], 0.15, 0.03)) packageArgs.push(['default_testonly', bool(true)]);
  if (targets.some((t) => /^(wrapped_|selecting_|test_pair|with_)/.test(t.rule))) g.hasMacros = true;
  const usesMacros = targets.some((t) => !/^(genrule|filegroup|alias|sh_test|sh_binary|test_suite|genquery)$/.test(t.rule));
  const macroNames = [...new Set(targets.map((t) => t.rule).filter((x) => /^(wrapped_|selecting_|test_pair|with_)/.test(x)))];
  return {
    name: pkg,
    files,
    targets,
    packageArgs,
    loads: usesMacros ? [`load("//macros:defs.bzl", ${macroNames.map((m) => JSON.stringify(m)).join(', ')})`] : [],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// command := build | test | query | cquery

function configFlags(g: Gen): string[] {
  const r = g.r;
  const out: string[] = [];
  const n = r.int(0, g.area === 'config_setting' || g.area === 'select' || g.area === 'cquery' ? 3 : 1);
  for (let i = 0; i < n; i++) {
    const f = r.int(0, 6);
    if (f === 0) out.push('--define', `${r.pick(DEFINE_KEYS)}=${r.pick(DEFINE_VALUES)}`);
    else if (f === 1) out.push('-c', r.pick(['opt', 'dbg', 'fastbuild']));
    else if (f === 2) out.push(`--cpu=${r.pick(['arm', 'k8', 'ppc'])}`);
    else if (f === 3 && g.hasPlat) out.push(`--platforms=//plat:${r.pick(['red_plat', 'blue_plat', 'arm_plat'])}`);
    else if (f === 4 && g.hasFlags) out.push(r.pick(['--//flags:color=green', '--//flags:color=blue', '--//flags:on', '--no//flags:on', '--//flags:color=purple']));
    else if (f === 5) out.push(`--define=${r.pick(DEFINE_KEYS)}=${r.pick(DEFINE_VALUES)}`);
    else if (f === 6) out.push('--compilation_mode=opt');
  }
  return out;
}

function targetsFor(g: Gen, kinds: (k: Known) => boolean, patterns: boolean): string[] {
  const r = g.r;
  const pool = g.known.filter((k) => k.kind !== 'source' && k.kind !== 'output' && kinds(k));
  const out = r.some(pool, 1, 3).map((k) => k.label);
  if (patterns && r.chance(0.3)) out.push(r.pick(['//...', `//${r.pick(g.known).pkg}:all`, `//${r.pick(g.known).pkg}/...`]));
  if (out.length === 0) out.push('//...');
  return out;
}

function queryExpr(g: Gen): string {
  const r = g.r;
  const any = (): string => {
    const k = r.pick(g.known.filter((x) => x.pkg !== 'cfg' && x.pkg !== 'plat' && x.pkg !== 'flags').concat(g.known.slice(0, 1)));
    return k.label;
  };
  if (r.chance(0.15)) return r.pick(['//...', `//${r.pick(g.known).pkg}:*`, `//${r.pick(g.known).pkg}:all`, 'tests(//...)', 'kind(genrule, //...)', 'attr(testonly, 1, //...)', 'visible(//a:all, //...)']);
  return r.pick(QUERY_FUNCTIONS)(g, any(), any(), '');
}

function command(g: Gen): Command {
  const r = g.r;
  const weights: Record<string, number> = {
    build: 3,
    test: g.area === 'sh' || g.area === 'test_suite' ? 4 : 1,
    query: g.area === 'query' ? 5 : 1.2,
    cquery: g.area === 'cquery' ? 5 : 0.8,
  };
  let x = r.next() * Object.values(weights).reduce((a, b) => a + b, 0);
  let cmd = 'build';
  for (const [k, w] of Object.entries(weights)) if ((x -= w) < 0) { cmd = k; break; }
  // Without --keep_going, which of several failing targets Bazel reports first depends on its parallel
  // analysis and execution: several targets (or a pattern) always come with --keep_going.
  const keepGoing = (targets: readonly string[]) => targets.length > 1 || targets.some((t) => /\.\.\.|:all$/.test(t)) || r.chance(0.3);
  if (cmd === 'build') {
    const targets = targetsFor(g, () => true, true);
    const argv = ['build', ...targets, ...configFlags(g)];
    if (keepGoing(targets)) argv.push('--keep_going');
    return { argv };
  }
  if (cmd === 'test') {
    const targets = targetsFor(g, (k) => k.isTest || k.kind === 'test_suite' || k.kind === 'alias' || r.chance(0.1), true);
    const argv = ['test', ...targets, ...configFlags(g)];
    if (r.chance(0.3)) argv.push(`--test_tag_filters=${r.some(['fast', '-slow', 'smoke', '-manual', '-fast'], 1, 2).join(',')}`);
    if (r.chance(0.2)) argv.push(`--test_size_filters=${r.some(['small', 'medium', 'large', '-small'], 1, 2).join(',')}`);
    if (keepGoing(targets)) argv.push('--keep_going');
    return { argv };
  }
  if (cmd === 'query') {
    const argv = ['query', queryExpr(g)];
    if (r.chance(0.5)) argv.push(`--output=${r.pick(['label', 'label_kind', 'package', 'build', 'xml', 'location', 'graph', 'minrank', 'proto'])}`);
    if (r.chance(0.25)) argv.push('--noimplicit_deps');
    if (r.chance(0.1)) argv.push('--xml:default_values');
    if (r.chance(0.2)) argv.push('--keep_going');
    if (argv.some((a) => /minrank|maxrank|graph/.test(a))) argv.push('--order_output=full');
    // Bazel 4.2.3 streams proto output in hash order (it differs from run to run): ask for a total order, and for
    // workspace-relative locations so that a recorded case's bytes do not hold the recording's path.
    if (argv.includes('--output=proto')) argv.push('--order_output=full', '--relative_locations');
    return { argv };
  }
  const argv = ['cquery', queryExpr(g).replace(/visible\([^)]*\), /, '').replace(/^buildfiles\(/, 'deps(').replace(/^let x = deps\((.*)\) in \$x - .*$/, 'deps($1)'), ...configFlags(g)];
  if (r.chance(0.4)) argv.push(`--output=${r.pick(['label', 'label_kind', 'build'])}`);
  if (r.chance(0.3)) argv.push('--noimplicit_deps');
  return { argv };
}

/** The workspace and command lines for one seed. */
export function generate(seed: number, commands = 3): Sample {
  const r = new Rng(seed);
  const area = r.pick(AREAS);
  const g = new Gen(r, area);
  const packages: Package[] = [];
  const withConfig = g.focus(['config_setting', 'select', 'cquery', 'alias', 'genquery'], 0.9, 0.4);
  if (withConfig && g.focus(['config_setting'], 0.8, 0.4)) g.hasPlat = true;
  if (withConfig && g.focus(['config_setting'], 0.6, 0.25)) g.hasFlags = true;
  if (withConfig) packages.push(configPackage(g));
  const pkgNames = r.some(['a', 'b', 'a/sub', 'lib'], 1, 3).sort();
  for (const p of pkgNames) packages.push(userPackage(g, p));
  if (g.hasPlat) packages.push(platPackage());
  if (g.hasFlags) packages.push(flagsPackage());
  const extra: Record<string, string> = {};
  if (g.hasMacros) {
    // with_tool's private dependency: public, or (rarely) visible only to the macros package, which 4.2.3 checks
    // from the package of the rule's target.
    const tool: Target[] = g.hasTool
      ? [{ rule: 'filegroup', name: 'tool', attrs: [['srcs', strs(['defs.bzl'])], ['visibility', strs([r.chance(0.85) ? '//visibility:public' : '//visibility:private'])]] }]
      : [];
    packages.push({ name: 'macros', files: { 'defs.bzl': MACROS_BZL }, targets: tool });
  }
  const ws: Workspace = { packages, extra };
  const cmds: Command[] = [];
  for (let i = 0; i < commands; i++) cmds.push(command(g));
  void int;
  void list;
  return { seed, area, workspace: ws, commands: cmds };
}
