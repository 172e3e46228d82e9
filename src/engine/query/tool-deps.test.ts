// --notool_deps / --noimplicit_deps on a Starlark rule's private dependencies (AbstractQueryTest#testNoImplicitDeps):
// only one declared with cfg = "exec" is a tool; a plain `_implicit_dep` stays under --notool_deps.
import { describe, expect, it } from 'vitest';
import { QueryTest } from './query-test-helper.ts';

describe.each(['4.2.3', '8.4.2'])('tool and implicit dependencies of a Starlark rule (.bazelversion %s)', (version) => {
  const t = new QueryTest(version)
    .writeFile('MODULE.bazel')
    .writeFile(
      'x/defs.bzl',
      'def _impl(ctx):',
      '  return [DefaultInfo()]',
      'custom_rule = rule(',
      '    implementation = _impl,',
      '    attrs = {',
      "        'srcs': attr.label_list(allow_files=True),",
      "        '_implicit_dep': attr.label(default='//x:implicit'),",
      "        '_exec_dep': attr.label(default='//x:exec_tool', cfg='exec'),",
      '    },',
      ')',
    )
    .writeFile('x/BUILD', "load(':defs.bzl', 'custom_rule')", "custom_rule(name='x', srcs=['x.cc'])", "filegroup(name='implicit')", "filegroup(name='exec_tool')");

  it('keeps every dependency by default, drops only the exec one with --notool_deps, both with --noimplicit_deps', () => {
    expect(t.evalToString('deps(//x:x)')).toBe('//x:exec_tool //x:implicit //x:x //x:x.cc');
    expect(t.evalToString('deps(//x:x)', { hostDeps: false })).toBe('//x:implicit //x:x //x:x.cc');
    expect(t.evalToString('deps(//x:x)', { implicitDeps: false })).toBe('//x:x //x:x.cc');
  });
});

describe('visible() and labels() details from AbstractQueryTest', () => {
  const t = new QueryTest('8.4.2')
    .writeFile('MODULE.bazel')
    .writeFile('java/a/BUILD', "filegroup(name = 'a', srcs = ['//javatests/a:t'], visibility = ['//visibility:private'])")
    .writeFile('javatests/a/BUILD', "filegroup(name = 't', srcs = ['//java/a:a'], visibility = ['//visibility:private'])")
    .writeFile('k/defs.bzl', 'def impl(ctx):', '  return [DefaultInfo()]', "r = rule(implementation = impl, attrs = {'_implicit': attr.label(default = '//k:implicit')})")
    .writeFile('k/BUILD', "load(':defs.bzl', 'r')", "r(name = 'k')", "filegroup(name = 'implicit')");

  it('javatests/X sees the private targets of java/X, not the other way round', () => {
    expect(t.evalToString('visible(//javatests/a:t, //java/a:a)')).toBe('//java/a:a');
    expect(t.evalToString('visible(//java/a:a, //javatests/a:t)')).toBe('');
  });

  it("a Starlark rule's private attribute is named with '$' in labels()", () => {
    expect(t.evalToString("labels('$implicit', //k)")).toBe('//k:implicit');
    expect(t.evalToString("labels('_implicit', //k)")).toBe('');
  });
});

describe('buildfiles() of a .bzl file whose package does not load', () => {
  it("names the package's BUILD file, found without loading it", () => {
    const t = new QueryTest('8.4.2')
      .writeFile('MODULE.bazel')
      .writeFile('foo/BUILD', "load('//bar:bar.bzl', 'sym')")
      .writeFile('bar/BUILD', "load('//noexist:noexist.bzl', 'bad')")
      .writeFile('bar/bar.bzl', 'sym = 0');
    expect(t.evalToString('buildfiles(//foo:BUILD)')).toBe('//bar:BUILD //bar:bar.bzl //foo:BUILD');
  });
});
