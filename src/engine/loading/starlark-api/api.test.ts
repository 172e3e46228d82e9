// The .bzl build API: rule()/attr.*/provider()/aspect()/macro()/… load, export their names, and Starlark rules
// are instantiable in BUILD files with a schema from their attrs.

import { describe, expect, it } from 'vitest';
import { repr } from '../../starlark/index.ts';
import { Loader } from '../loader.ts';
import { Workspace } from '../workspace.ts';
import { AttrDescriptor, ProviderValue, RuleClass } from './index.ts';
import { trimDocString } from './doc-string.ts';

function load(files: Record<string, string>) {
  const ws = new Workspace({ 'MODULE.bazel': '', ...files });
  const loader = new Loader(ws);
  return loader;
}

describe('starlark build api', () => {
  it('defines and exports rules and providers', () => {
    const loader = load({
      'pkg/BUILD': '',
      'pkg/defs.bzl': [
        'MyInfo = provider(doc = "d", fields = {"a": "the a"})',
        '_P, _new_p = provider(fields = ["x"], init = lambda x: {"x": x})',
        'def _impl(ctx):',
        '    return [DefaultInfo(files = depset([]))]',
        'my_rule = rule(implementation = _impl, attrs = {"srcs": attr.label_list(allow_files = True), "n": attr.int(default = 3)}, provides = [MyInfo])',
        'my_test = rule(implementation = _impl, test = True)',
        'a = aspect(implementation = lambda t, c: [], attr_aspects = ["deps"])',
        'm = macro(implementation = lambda name, visibility: None)',
        'r = repository_rule(implementation = _impl, environ = ["X"])',
        'e = module_extension(implementation = _impl, tag_classes = {"t": tag_class(attrs = {"v": attr.string()})})',
        'flag = rule(implementation = _impl, build_setting = config.string(flag = True))',
        's = struct(inner = rule(implementation = _impl))',
      ].join('\n'),
    });
    const entry = loader.loadBzl('pkg/defs.bzl');
    expect(loader.events.map((e) => e.text)).toEqual([]);
    const g = entry.module!.globals;
    const rule = g.get('my_rule') as RuleClass;
    expect(rule).toBeInstanceOf(RuleClass);
    expect(rule.exportedName).toBe('my_rule');
    expect(rule.exportedFrom).toEqual({ repo: '', pkg: 'pkg', name: 'defs.bzl' });
    expect(rule.attrs.map(([n]) => n)).toEqual(['srcs', 'n']);
    expect((rule.attrs[1]![1] as AttrDescriptor).defaultValue).toBe(3);
    expect((g.get('MyInfo') as ProviderValue).fields).toEqual([['a', 'the a']]);
    expect((g.get('_P') as ProviderValue).exportedName).toBe('_P');
    expect((g.get('my_test') as RuleClass).test).toBe(true);
    expect((g.get('my_test') as RuleClass).executable).toBe(true);
  });

  it('instantiates Starlark rules in BUILD files with the schema of their attrs', () => {
    const loader = load({
      'pkg/defs.bzl': 'my_rule = rule(implementation = lambda ctx: None, attrs = {"srcs": attr.label_list(allow_files = True), "out": attr.output(), "n": attr.int_list()})',
      'pkg/BUILD': 'load(":defs.bzl", "my_rule")\nmy_rule(name = "x", srcs = ["a.txt"], out = "x.out", n = [1, 2])\n',
    });
    const pkg = loader.getPackage('pkg')!;
    expect(loader.events.map((e) => e.text)).toEqual([]);
    const t = pkg.targets.get('x')!;
    expect(t.kind).toBe('rule');
    if (t.kind === 'rule') {
      expect(t.ruleClass).toBe('my_rule');
      expect(t.attrs.get('n')).toEqual([1, 2]);
    }
    expect(pkg.targets.get('x.out')?.kind).toBe('generated file');
    expect(pkg.targets.get('a.txt')?.kind).toBe('source file');
  });

  it('reports a wrong attribute of a Starlark rule as Bazel does', () => {
    const loader = load({
      'pkg/defs.bzl': 'my_rule = rule(implementation = lambda ctx: None, attrs = {"n": attr.int(mandatory = True)})',
      'pkg/BUILD': 'load(":defs.bzl", "my_rule")\nmy_rule(name = "x", m = 1)\n',
    });
    loader.getPackage('pkg');
    const text = loader.events.map((e) => e.text).join('\n');
    expect(text).toContain("no such attribute 'm' in 'my_rule' rule");
    expect(text).toContain("missing value for mandatory attribute 'n' in 'my_rule' rule");
  });

  it('dict | dict and |= exist in current Bazel, not in 4.2.3 (checked: "unsupported binary operation: dict | dict")', () => {
    const build = 'x = {"a": 1} | {"b": 2}\nd = {}\nd |= {"c": 3}\nfilegroup(name = "f", srcs = sorted(x.keys() + d.keys()))\n';
    const old = new Loader(new Workspace({ WORKSPACE: '', '.bazelversion': '4.2.3', 'pkg/BUILD': build }));
    old.getPackage('pkg');
    expect(old.events.map((e) => e.text).join('\n')).toContain('unsupported binary operation: dict | dict');
    const current = load({ 'pkg/BUILD': build });
    current.getPackage('pkg');
    expect(current.events.filter((e) => e.severity === 'error')).toEqual([]);
  });

  it('a rule called without a name: "<rule> rule has no \'name\' attribute" (RuleFactory; checked with 4.2.3)', () => {
    const loader = load({
      'pkg/defs.bzl': 'my_rule = rule(implementation = lambda ctx: None)',
      'pkg/BUILD': 'load(":defs.bzl", "my_rule")\nmy_rule()\ntest_suite()\n',
    });
    loader.getPackage('pkg');
    const text = loader.events.map((e) => e.text).join('\n');
    expect(text).toContain("Error in my_rule: my_rule rule has no 'name' attribute");
  });

  it('rejects a rule call at the top level of a .bzl file and a test rule without _test', () => {
    const a = load({ 'pkg/BUILD': '', 'pkg/a.bzl': 'r = rule(implementation = lambda ctx: None)\nr(name = "x")\n' });
    a.loadBzl('pkg/a.bzl');
    expect(a.events.map((e) => e.text).join('\n')).toContain('Rules may be instantiated only in a BUILD thread');
    const b = load({ 'pkg/BUILD': '', 'pkg/b.bzl': 'r = rule(implementation = lambda ctx: None, test = True)\n' });
    b.loadBzl('pkg/b.bzl');
    expect(b.events.map((e) => e.text).join('\n')).toContain("Invalid rule class name 'r', test rule class names must end with '_test'");
  });

  it('runs a symbolic macro in a BUILD file with its attributes and defaults', () => {
    const loader = load({
      'pkg/defs.bzl': [
        'def _impl(name, visibility, out, n):',
        '    native.genrule(name = name + "_gen", outs = [out], cmd = "echo %d > $@" % n)',
        // Non-configurable: a configurable attribute's value reaches the implementation as a select().
        'm = macro(implementation = _impl, attrs = {"out": attr.string(mandatory = True, configurable = False), "n": attr.int(default = 7, configurable = False)})',
      ].join('\n'),
      'pkg/BUILD': 'load(":defs.bzl", "m")\nm(name = "x", out = "x.txt")\n',
    });
    const pkg = loader.getPackage('pkg')!;
    expect(loader.events.map((e) => e.text)).toEqual([]);
    const g = pkg.targets.get('x_gen');
    expect(g?.kind).toBe('rule');
    if (g?.kind === 'rule') expect(g.attrs.get('cmd')).toBe('echo 7 > $@');
  });

  it('checks the names a symbolic macro declares: targets outside its namespace load but are marked, submacros fail', () => {
    const loader = load({
      'pkg/defs.bzl': [
        'def _inner(name, visibility):',
        '    pass',
        'inner = macro(implementation = _inner)',
        'def _impl(name, visibility, sub):',
        '    native.filegroup(name = name + "_ok")',
        '    native.filegroup(name = "other")',
        '    if sub:',
        '        inner(name = name + "$x")',
        'm = macro(implementation = _impl, attrs = {"sub": attr.bool(configurable = False)})',
      ].join('\n'),
      'pkg/BUILD': 'load(":defs.bzl", "m")\nm(name = "abc")\n',
      'bad/BUILD': 'load("//pkg:defs.bzl", "m")\nm(name = "jkl", sub = True)\n',
    });
    const pkg = loader.getPackage('pkg')!;
    expect(pkg.inError).toBe(false);
    const ok = pkg.targets.get('abc_ok');
    const other = pkg.targets.get('other');
    expect(ok?.kind === 'rule' && ok.macroViolation).toBeFalsy();
    expect(other?.kind === 'rule' && other.macroViolation).toBe('abc');
    loader.getPackage('bad');
    expect(loader.events.map((e) => e.text).join('\n')).toContain("macro 'jkl' cannot declare submacro named 'jkl$x'");
  });

  it('trims doc strings as Starlark.trimDocString', () => {
    expect(trimDocString('   Hello    \n   world \n  and  \n     good-bye     ')).toBe('Hello\n world\nand\n   good-bye');
    expect(trimDocString('\n\n  \nHello\nworld\n\n \n\t')).toBe('Hello\nworld');
    expect(trimDocString('\n    My doc\n\n    More details.\n    ')).toBe('My doc\n\nMore details.');
  });
});

describe('attr.* and providers', () => {
  function bzl(text: string) {
    const loader = load({ 'pkg/BUILD': '', 'pkg/a.bzl': text });
    const e = loader.loadBzl('pkg/a.bzl');
    return { g: e.module?.globals, errors: loader.events.map((x) => x.text).join('\n') };
  }

  it('converts label defaults relative to the .bzl package and keeps declaration order', () => {
    const { g, errors } = bzl(
      'r = rule(implementation = lambda ctx: None, attrs = {"z": attr.label(default = ":x"), "a": attr.label_list(default = ["//y", Label("//w:v")]), "d": attr.label_keyed_string_dict(default = {"//k": "v"})})',
    );
    expect(errors).toBe('');
    const r = g!.get('r') as RuleClass;
    expect(r.attrs.map(([n]) => n)).toEqual(['z', 'a', 'd']);
    expect(r.attrs.map(([, a]) => repr(a.defaultValue))).toEqual([
      'Label("//pkg:x")',
      '[Label("//y:y"), Label("//w:v")]',
      '{Label("//k:k"): "v"}',
    ]);
  });

  it('rejects unknown attr parameters, non-Attribute attrs and built-in attribute names', () => {
    expect(bzl('a = attr.int(allow_files = True)').errors).toContain("int() got unexpected keyword argument 'allow_files'");
    expect(bzl('r = rule(implementation = lambda ctx: None, attrs = {"x": 1})').errors).toContain("got dict<string, int> for 'attrs', want dict<string, Attribute|None>");
    expect(bzl('r = rule(implementation = lambda ctx: None, attrs = {"tags": attr.string_list()})').errors).toContain(
      "There is already a built-in attribute 'tags' which cannot be overridden.",
    );
  });

  it('constructs provider instances, checks fields and runs init', () => {
    const { g, errors } = bzl(
      [
        'P = provider(fields = ["a"])',
        'p = P(a = 1)',
        'Q, _new_q = provider(init = lambda x: {"x": x * 2})',
        'q = Q(3)',
        'raw = _new_q(x = 1)',
        'd = DefaultInfo(files = depset([1], transitive = [depset([2])]))',
        'kinds = [type(p), type(q), type(d)]',
      ].join('\n'),
    );
    expect(errors).toBe('');
    expect(repr(g!.get('kinds')!)).toBe('["P", "Q", "DefaultInfo"]');
    expect(repr(g!.get('q')!)).toBe('Q(x = 6)');
    expect(bzl('P = provider(fields = ["a"])\np = P(b = 1)').errors).toContain("got unexpected field 'b' in call to instantiate provider P");
  });
});
