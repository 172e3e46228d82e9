// Where a rule's parts are written: the places editor markers and related locations point at.

import { describe, expect, it } from 'vitest';
import { Loader, Workspace, locateInRule, type RuleTarget } from './index.ts';

const BUILD = `load(":defs.bzl", "wrapped")
DEPS = [":b"]
genrule(
    name = "g",
    srcs = [":a", "//pkg:c"] + DEPS,
    outs = ["g.txt"],
    cmd = "x " + select({
        ":arm": "arm",
        "//conditions:default": "d",
    }),
)
wrapped(name = "w", srcs = [":a"])
`;

function setup() {
  const ws = new Workspace({ WORKSPACE: '', 'pkg/BUILD': BUILD, 'pkg/defs.bzl': 'def wrapped(name, srcs):\n    native.filegroup(name = name, srcs = srcs)\n' });
  const pkg = new Loader(ws).getPackage('pkg')!;
  const rule = (n: string) => pkg.targets.get(n) as RuleTarget;
  const at = (n: string, what: Parameters<typeof locateInRule>[2] = {}) => {
    const p = locateInRule(ws, rule(n), what)!;
    return `${p.file}:${p.range.start.line}:${p.range.start.column}-${p.range.end.line}:${p.range.end.column}`;
  };
  return { at };
}

describe('locateInRule', () => {
  it('finds the rule call, an attribute, a label string as written, a select() and one of its keys', () => {
    const { at } = setup();
    expect(at('g')).toBe('pkg/BUILD:3:1-3:8');
    expect(at('g', { attr: 'outs' })).toBe('pkg/BUILD:6:5-6:21');
    expect(at('g', { attr: 'srcs', value: '//pkg:a' })).toBe('pkg/BUILD:5:13-5:17');
    expect(at('g', { attr: 'srcs', value: ':c' })).toBe('pkg/BUILD:5:19-5:28');
    expect(at('g', { attr: 'cmd', select: true })).toBe('pkg/BUILD:7:18-10:7');
    expect(at('g', { attr: 'cmd', selectKey: '//pkg:arm' })).toBe('pkg/BUILD:8:9-8:15');
  });

  it('falls back to the attribute when the value was computed, and to the macro call for a macro-made rule', () => {
    const { at } = setup();
    expect(at('g', { attr: 'srcs', value: '//pkg:b' })).toBe('pkg/BUILD:5:5-5:36');
    expect(at('w')).toBe('pkg/BUILD:12:1-12:8');
    expect(at('w', { attr: 'srcs', value: ':a' })).toBe('pkg/BUILD:12:29-12:33');
  });
});
