// The one configured-target graph, tested through analysis and the rule registry directly (not through a
// command): configurations of tools, select() resolution per configured target, the config_setting's own
// analysis, edge checks, and the Diagnostics analysis reports. Expectations follow Bazel 4.2.3 unless marked.

import { describe, expect, it } from 'vitest';
import { consoleText } from '../base/index.ts';
import { scenario, type Scenario } from '../config/index.ts';
import { Analysis } from './analysis.ts';
import { dataRunfilesOf, type AnalyzedTarget } from './artifacts.ts';
import { labelToString } from '../loading/index.ts';

function analyse(s: Scenario, label: string) {
  const an = new Analysis({ context: s.ctx, target: s.target });
  const root = an.analyzeLabel(s.label(label), s.target)!;
  return { an, root, texts: an.allDiagnostics().map((d) => consoleText(d, '/ws')) };
}

/** A BUILD file with config_settings and a genrule `t` whose cmd selects on them. */
function selecting(settings: string, keys: readonly string[], args: readonly string[] = []) {
  const branches = keys.map((k) => `"${k}": "${k.replace(/^:/, '')}"`);
  return analyse(scenario({ 'pkg/BUILD': `${settings}\ngenrule(name = "t", outs = ["t.txt"], cmd = select({${branches.join(', ')}}))\n` }, args), '//pkg:t');
}

describe('configurations', () => {
  it('tools are in the host configuration (4.2.3), where cpu is --host_cpu; --copt does not reach them, --define does', () => {
    const files = {
      'pkg/BUILD': `config_setting(name = "arm", values = {"cpu": "arm"})
config_setting(name = "x", values = {"copt": "-DX"})
config_setting(name = "d", define_values = {"k": "v"})
genrule(name = "tool", outs = ["tool.sh"], cmd = select({":arm": "arm", ":x": "x", ":d": "d", "//conditions:default": "other"}))
genrule(name = "t", outs = ["t.txt"], tools = [":tool"], cmd = select({":arm": "arm", "//conditions:default": "other"}))
`,
    };
    const { an, root } = analyse(scenario(files, ['--cpu=arm']), '//pkg:t');
    const tool = an.deps(root).find((e) => e.attr === 'tools')!;
    expect(tool.tool).toBe(true);
    expect(tool.to.config!.kind).toBe('host');
    expect(tool.to.config!.outputDir).toBe('host');
    expect(root.config!.outputDir).toBe('arm-fastbuild');
    expect(an.attribute(root, 'cmd')).toBe('arm');
    expect(an.attribute(tool.to, 'cmd')).toBe('other');
    const check = an.explanations().selects.get(tool.to.key)![0]!.conditions[0]!.checks[0]!;
    expect(check).toMatchObject({ key: 'cpu', expected: 'arm', actual: 'k8', matches: false });
    expect(check.note).toContain('--host_cpu');
    const copt = analyse(scenario(files, ['--copt=-DX']), '//pkg:t');
    expect(copt.an.attribute(copt.an.deps(copt.root).find((e) => e.attr === 'tools')!.to, 'cmd')).toBe('other');
    const define = analyse(scenario(files, ['--define=k=v']), '//pkg:t');
    expect(define.an.attribute(define.an.deps(define.root).find((e) => e.attr === 'tools')!.to, 'cmd')).toBe('d');
  });

  it('genrule tools are built in the host configuration, exec_tools in the exec one', () => {
    const s = scenario({ 'pkg/BUILD': 'genrule(name = "a", outs = ["a.sh"], cmd = "x")\ngenrule(name = "b", outs = ["b.sh"], cmd = "x")\ngenrule(name = "t", outs = ["t.txt"], tools = [":a"], exec_tools = [":b"], cmd = "x")\n' });
    const { an, root } = analyse(s, '//pkg:t');
    const kinds = Object.fromEntries(an.deps(root).filter((e) => e.tool && !e.implicit).map((e) => [e.attr, e.to.config!.outputDir]));
    expect(kinds).toEqual({ tools: 'host', exec_tools: 'k8-opt-exec-2B5CBBC6' });
  });

  it('the edges cquery prints: select() keys, the implicit setup script and the target platform', () => {
    const { an, root } = selecting('config_setting(name = "arm", values = {"cpu": "arm"})', [':arm', '//conditions:default']);
    const edges = an.deps(root).map((e) => `${e.attr} ${e.to.key.replace(/ \(.*\)$/, '')}${e.implicit ? ' implicit' : ''}`);
    expect(edges).toEqual([
      '$config_dependencies //pkg:arm',
      '$genrule_setup @bazel_tools//tools/genrule:genrule-setup.sh implicit',
      '$target_platform @local_config_platform//:host implicit',
    ]);
  });
});

describe("a config_setting's own analysis", () => {
  it('fails at its declaration; the select() names it without a location', () => {
    const { root, texts } = selecting('config_setting(name = "empty")', [':empty', '//conditions:default']);
    expect(texts).toEqual([
      '/ws/pkg/BUILD:1:15: in config_setting rule //pkg:empty: Either values, flag_values or constraint_values must be specified and non-empty',
      "While resolving configuration keys for //pkg:t: Analysis of target '//pkg:empty' failed",
    ]);
    expect(root.rootCause).toEqual({ kind: 'target', label: '//pkg:empty' });
  });

  it('declaration errors in Bazel 4.2.3 words', () => {
    const first = (settings: string) => selecting(settings, [':s', '//conditions:default']).texts[0];
    expect(first('config_setting(name = "s", values = {"c": "opt"})')).toBe(
      "/ws/pkg/BUILD:1:15: in values attribute of config_setting rule //pkg:s: error while parsing configuration settings: unknown option: 'c'",
    );
    expect(first('config_setting(name = "s", values = {"compilation_mode": "fast"})')).toBe(
      "/ws/pkg/BUILD:1:15: in values attribute of config_setting rule //pkg:s: error while parsing configuration settings: While parsing option --compilation_mode=fast: Not a valid compilation mode: 'fast' (should be fastbuild, dbg or opt)",
    );
    expect(first('config_setting(name = "s", values = {"define": "a"})')).toBe(
      "/ws/pkg/BUILD:1:15: in values attribute of config_setting rule //pkg:s: error while parsing configuration settings: While parsing option --define=a: Variable definitions must be in the form of a 'name=value' assignment",
    );
    expect(selecting('filegroup(name = "fg")\nconfig_setting(name = "s", constraint_values = [":fg"])', [':s', '//conditions:default']).texts[0]).toBe(
      '/ws/pkg/BUILD:2:15: in constraint_values attribute of config_setting rule //pkg:s: //pkg:fg is not a constraint_value',
    );
  });

  it('keeps its match, entry by entry, for the Why panel — and marks the entry that is wrong', () => {
    const ok = selecting('config_setting(name = "arm", values = {"cpu": "arm"})', [':arm', '//conditions:default'], ['--cpu=arm']);
    const m = [...ok.an.explanations().settings.values()][0]!;
    expect(m).toMatchObject({ setting: '//pkg:arm', matches: true });
    const bad = selecting('config_setting(\n    name = "s",\n    values = {"cpuu": "arm"},\n)', [':s', '//conditions:default']);
    const d = bad.an.allDiagnostics()[0]!;
    expect(d.range).toEqual({ start: { line: 3, column: 15 }, end: { line: 3, column: 21 } });
    expect(d.printedAt).toMatchObject({ line: 1, column: 15 });
  });
});

describe('select() failures are Diagnostics with the places that explain them', () => {
  it('ambiguous: the select() is marked, both matching conditions are related locations, and the cause is repeated', () => {
    const settings = 'config_setting(name = "a1", values = {"cpu": "arm"})\nconfig_setting(name = "a2", values = {"compilation_mode": "opt"})';
    const { an, root, texts } = selecting(settings, [':a1', ':a2'], ['--cpu=arm', '-c', 'opt']);
    expect(texts).toEqual([
      '/ws/pkg/BUILD:3:8: Illegal ambiguous match on configurable attribute "cmd" in //pkg:t:\n//pkg:a1\n//pkg:a2\nMultiple matches are not allowed unless one is unambiguously more specialized.',
    ]);
    const d = an.allDiagnostics()[0]!;
    expect(d.file).toBe('pkg/BUILD');
    expect(d.range.start).toEqual({ line: 3, column: 45 });
    expect(d.target).toBe('//pkg:t');
    expect(d.related?.map((r) => `${r.range.start.line}: ${r.message}`)).toEqual(['1: //pkg:a1 matches', '2: //pkg:a2 matches']);
    expect(root.rootCause).toEqual({ kind: 'diagnostic', diagnostic: d });
  });

  it('an invalid condition marks the key in the select()', () => {
    const { an } = selecting('filegroup(name = "fg")', [':fg', '//conditions:default']);
    const d = an.allDiagnostics()[0]!;
    expect(d.message).toMatch(/^\/\/pkg:fg is not a valid select\(\) condition for \/\/pkg:t\./);
    expect(d.range.start).toEqual({ line: 2, column: 53 });
  });
});

describe("an attribute's default", () => {
  // A Starlark rule's label defaults are dependencies like written ones (analysed, checked, listed by cquery), but
  // implicit ones (cquery --noimplicit_deps drops them); None in the select() branch chosen gives the default
  // too (ConfigurableAttributesTest#selectableDefaultValueWithRuleDefault). Checked with 4.2.3.
  const files = {
    'conditions/BUILD': 'config_setting(name = "a", values = {"test_arg": "a"})\n',
    'defs/BUILD': '',
    'defs/defs.bzl': [
      'def _impl(ctx):',
      '    print("dep=%s deps=%s keyed=%s" % (ctx.attr.dep, ctx.attr.deps, ctx.attr.keyed))',
      '    return []',
      'with_defaults = rule(implementation = _impl, attrs = {',
      '    "dep": attr.label(default = "//foo:default", allow_files = True),',
      '    "deps": attr.label_list(default = ["//foo:default", "//priv:p"]),',
      '    "keyed": attr.label_keyed_string_dict(default = {"//foo:default": "x"}),',
      '})',
      'def _plain(ctx):',
      '    return []',
      'plain = rule(implementation = _plain)',
    ].join('\n'),
    'foo/BUILD': [
      'load("//defs:defs.bzl", "plain", "with_defaults")',
      'with_defaults(name = "unset")',
      'with_defaults(name = "none", dep = select({"//conditions:a": None}), deps = select({"//conditions:a": None, "//conditions:default": [":other"]}))',
      'with_defaults(name = "set", dep = ":other")',
      'plain(name = "default")',
      'plain(name = "other")',
    ].join('\n'),
    'priv/BUILD': 'load("//defs:defs.bzl", "plain")\nplain(name = "p", visibility = ["//visibility:public"])\n',
  };
  const edges = (an: Analysis, root: AnalyzedTarget) =>
    an.deps(root).filter((e) => !e.attr.startsWith('$')).map((e) => `${e.attr} ${labelToString(e.to.target.label)}${e.implicit ? ' implicit' : ''}`);

  it.each(['4.2.3', '8.4.2'])('unset: its default labels are implicit dependencies, analysed and seen by the implementation (.bazelversion %s)', (version) => {
    const { an, root, texts } = analyse(scenario({ ...files, '.bazelversion': version }), '//foo:unset');
    expect(root.failed).toBe(false);
    expect(edges(an, root)).toEqual(['dep //foo:default implicit', 'deps //foo:default implicit', 'deps //priv:p implicit', 'keyed //foo:default implicit']);
    const printed = an.takeDiagnostics().map((e) => ('text' in e ? e.text : 'message' in e ? e.message : e.diagnostic.message));
    expect(printed).toEqual(['/ws/defs/defs.bzl:2:10: dep=<target //foo:default> deps=[<target //foo:default>, <target //priv:p>] keyed={<target //foo:default>: "x"}']);
    expect(texts).toEqual([]);
  });

  it.each(['4.2.3', '8.4.2'])('None in the chosen branch: the default, implicit; another branch: written (.bazelversion %s)', (version) => {
    const a = analyse(scenario({ ...files, '.bazelversion': version }, ['--test_arg=a']), '//foo:none');
    expect(a.root.failed).toBe(false);
    expect(edges(a.an, a.root)).toEqual(['dep //foo:default implicit', 'deps //foo:default implicit', 'deps //priv:p implicit', 'keyed //foo:default implicit']);
    const b = analyse(scenario({ ...files, '.bazelversion': version }, ['--test_arg=b']), '//foo:set');
    expect(edges(b.an, b.root)).toEqual(['dep //foo:other', 'deps //foo:default implicit', 'deps //priv:p implicit', 'keyed //foo:default implicit']);
  });

  it('a default is checked like a written label: visibility, and a target that does not exist', () => {
    const hidden = { ...files, 'priv/BUILD': 'load("//defs:defs.bzl", "plain")\nplain(name = "p")\n' };
    const { root, texts } = analyse(scenario(hidden), '//foo:unset');
    expect(root.failed).toBe(true);
    expect(texts).toContain(
      "/ws/foo/BUILD:2:14: in with_defaults rule //foo:unset: target '//priv:p' is not visible from target '//foo:unset'. Check the visibility declaration of the former target if you think the dependency is legitimate",
    );
    const missing = analyse(scenario({ ...files, 'foo/BUILD': files['foo/BUILD'].replace('plain(name = "default")', '') }), '//foo:unset');
    expect(missing.root.failed).toBe(true);
    // A default in the rule's own package names a file of it, as a written label does (checked with 4.2.3).
    expect(missing.texts.join('\n')).toContain("in deps attribute of with_defaults rule //foo:unset: rule '//foo:default' does not exist");
  });
});

describe('edge checks', () => {
  const files = {
    'lib/BUILD': 'genrule(name = "priv", outs = ["p.txt"], cmd = "touch $@")\ngenrule(name = "t", outs = ["t.txt"], cmd = "touch $@", testonly = True, visibility = ["//visibility:public"])\nexports_files(["pub.txt"])\nfilegroup(name = "fg", srcs = ["f.txt"])',
    'app/BUILD': [
      'genrule(name = "a", srcs = ["//lib:priv"], outs = ["a.txt"], cmd = "touch $@")',
      'genrule(name = "b", srcs = ["//lib:t"], outs = ["b.txt"], cmd = "touch $@")',
      'genrule(name = "c", srcs = ["//lib:nope"], outs = ["c.txt"], cmd = "touch $@")',
      'genrule(name = "d", srcs = ["//lib:f.txt", "//lib:pub.txt"], outs = ["d.txt"], cmd = "touch $@")',
    ].join('\n'),
  };
  it('visibility: the label string is marked, the target declaration is related', () => {
    const { an, root, texts } = analyse(scenario(files), '//app:a');
    expect(root.failed).toBe(true);
    expect(texts).toEqual([
      "/ws/app/BUILD:1:8: in genrule rule //app:a: target '//lib:priv' is not visible from target '//app:a'. Check the visibility declaration of the former target if you think the dependency is legitimate",
    ]);
    const d = an.allDiagnostics()[0]!;
    expect(d.range).toEqual({ start: { line: 1, column: 29 }, end: { line: 1, column: 41 } });
    expect(d.related?.[0]).toMatchObject({ file: 'lib/BUILD', message: '//lib:priv is declared here' });
    expect(root.rootCause).toEqual({ kind: 'target', label: '//app:a' });
  });

  it('testonly', () => {
    const { texts } = analyse(scenario(files), '//app:b');
    expect(texts[0]).toContain("non-test target '//app:b' depends on testonly target '//lib:t' and doesn't have testonly attribute set");
  });

  it('a label naming nothing: referenced by the rule; Bazel aborts with "Analysis failed"', () => {
    const { root, texts } = analyse(scenario(files), '//app:c');
    expect(texts).toEqual([
      "/ws/app/BUILD:3:8: no such target '//lib:nope': target 'nope' not declared in package 'lib' defined by /ws/lib/BUILD and referenced by '//app:c'",
    ]);
    expect(root.rootCause).toEqual({ kind: 'loading' });
  });

  it('a source file is visible only as exports_files() or the package default says (checked with 4.2.3)', () => {
    const { texts } = analyse(scenario(files), '//app:d');
    expect(texts).toEqual([
      "/ws/app/BUILD:4:8: in genrule rule //app:d: target '//lib:f.txt' is not visible from target '//app:d'. Check the visibility declaration of the former target if you think the dependency is legitimate. To set the visibility of that source file target, use the exports_files() function",
    ]);
  });

  it('a cycle is drawn as Bazel draws it', () => {
    const s = scenario({ 'p/BUILD': 'test_suite(name = "cyc", tests = [":cyc2"])\ntest_suite(name = "cyc2", tests = [":cyc"])' });
    const { root, texts } = analyse(s, '//p:cyc');
    expect(texts).toEqual(['/ws/p/BUILD:1:11: in test_suite rule //p:cyc: cycle in dependency graph:\n.-> //p:cyc\n|   //p:cyc2\n`-- //p:cyc']);
    expect(root.rootCause).toEqual({ kind: 'cycle' });
  });
});

describe('rules through the registry', () => {
  it('alias forwards its actual; filegroup collects; test_suite keeps what its tags let through', () => {
    const s = scenario({
      'p/BUILD': [
        'genrule(name = "g", outs = ["g.txt"], cmd = "touch $@")',
        'alias(name = "a", actual = ":g")',
        'filegroup(name = "fg", srcs = [":a", "x.txt"], data = ["d.txt"])',
        'sh_test(name = "fast", srcs = ["t.sh"], tags = ["fast"])',
        'sh_test(name = "slow", srcs = ["t.sh"], tags = ["slow"])',
        'test_suite(name = "s", tags = ["-slow"])',
        'genrule(name = "bad", outs = ["b"], cmd = "touch $@")',
        'test_suite(name = "notests", tests = [":bad"])',
      ].join('\n'),
    });
    const an = new Analysis({ context: s.ctx, target: s.target });
    const a = an.analyzeLabel(s.label('//p:a'), s.target)!;
    expect(a.files.map((f) => f.shortPath)).toEqual(['p/g.txt']);
    expect(a.actual?.label.name).toBe('g');
    const fg = an.analyzeLabel(s.label('//p:fg'), s.target)!;
    expect(fg.files.map((f) => f.shortPath)).toEqual(['p/g.txt', 'p/x.txt']);
    // Bazel's two runfiles of a filegroup: through srcs/deps only its data's; through data its files first.
    expect(fg.runfiles.map((f) => f.shortPath)).toEqual(['p/d.txt']);
    expect(dataRunfilesOf(fg).map((f) => f.shortPath)).toEqual(['p/g.txt', 'p/x.txt', 'p/d.txt']);
    const suite = an.analyzeLabel(s.label('//p:s'), s.target)!;
    expect(suite.suiteTests?.map((t) => t.label.name)).toEqual(['fast']);
    expect(an.explanations().testSuites.get('//p:s')?.candidates.map((c) => `${c.label} ${c.outcome}`)).toEqual(['//p:fast kept', '//p:slow dropped']);
    const bad = an.analyzeLabel(s.label('//p:notests'), s.target)!;
    expect(bad.failed).toBe(true);
    expect(an.allDiagnostics().map((d) => d.message)).toContain("in tests attribute of test_suite rule //p:notests: expecting a test or a test_suite rule but '//p:bad' is not one");
  });
});
