// The .bzl build API: rule()/attr.*/provider()/aspect()/macro()/… load, export their names, and Starlark rules
// are instantiable in BUILD files with a schema from their attrs.

import { describe, expect, it } from 'vitest';
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

  it('rejects a rule call at the top level of a .bzl file and a test rule without _test', () => {
    const a = load({ 'pkg/BUILD': '', 'pkg/a.bzl': 'r = rule(implementation = lambda ctx: None)\nr(name = "x")\n' });
    a.loadBzl('pkg/a.bzl');
    expect(a.events.map((e) => e.text).join('\n')).toContain('Rules may be instantiated only in a BUILD thread');
    const b = load({ 'pkg/BUILD': '', 'pkg/b.bzl': 'r = rule(implementation = lambda ctx: None, test = True)\n' });
    b.loadBzl('pkg/b.bzl');
    expect(b.events.map((e) => e.text).join('\n')).toContain("Invalid rule class name 'r', test rule class names must end with '_test'");
  });

  it('trims doc strings as Starlark.trimDocString', () => {
    expect(trimDocString('   Hello    \n   world \n  and  \n     good-bye     ')).toBe('Hello\n world\nand\n   good-bye');
    expect(trimDocString('\n\n  \nHello\nworld\n\n \n\t')).toBe('Hello\nworld');
    expect(trimDocString('\n    My doc\n\n    More details.\n    ')).toBe('My doc\n\nMore details.');
  });
});
