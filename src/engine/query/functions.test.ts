// Query functions in the AbstractQueryTest style: write files, evaluate, compare sorted labels — in both
// profiles (the functions do not differ; only the default output order does). Expectations come from Bazel 4.2.3
// runs over the same files.
import { describe, expect, it } from 'vitest';
import { QueryEvalError } from './environment.ts';
import { fixture } from './fixture.test-data.ts';
import { QueryTest } from './query-test-helper.ts';

function evalThrows(t: QueryTest, expr: string): string {
  try {
    t.evalToString(expr);
  } catch (e) {
    if (e instanceof QueryEvalError) return e.message;
    throw e;
  }
  return '(no error)';
}

describe.each(['4.2.3', '8.4.2'])('query functions (.bazelversion %s)', (version) => {
  const t = fixture(version);

  it('target patterns and set operators', () => {
    expect(t.evalToString('kind(rule, //vis:*)')).toBe('//vis:a //vis:al //vis:b //vis:c //vis:cs //vis:g //vis:s //vis:t');
    expect(t.evalToString('//app:all')).toBe('//app:docs //app:main //app:main_test //app:manual_test');
    expect(t.evalToString('//lib:core + //tools:gen.sh + //lib:core')).toBe('//lib:core //tools:gen.sh');
    expect(t.evalToString('deps(//app:main) ^ //lib:*')).toBe('//lib:core //lib:core.txt //lib:util //lib:util.txt');
    expect(t.evalToString('deps(//app:main) intersect //lib:*')).toBe('//lib:core //lib:core.txt //lib:util //lib:util.txt');
    expect(t.evalToString('deps(//app:main) - //lib:*', { implicitDeps: false })).toBe('//app:main //app:main.txt //tools:gen.sh');
    expect(t.evalToString('deps(//app:main) except //lib:* except //tools:*', { implicitDeps: false })).toBe('//app:main //app:main.txt');
    expect(t.evalToString('let x = deps(//lib:core) in $x - //lib:util')).toBe('//lib:core //lib:core.txt //lib:util.txt');
    expect(t.evalToString('set(//lib:core //tools:gen.sh)')).toBe('//lib:core //tools:gen.sh');
  });

  it('deps, with depth and implicit dependencies', () => {
    expect(t.evalToString('deps(//app:main, 1)')).toBe('//app:main //app:main.txt //lib:core //tools:gen.sh @bazel_tools//tools/genrule:genrule-setup.sh');
    expect(t.evalToString('deps(//app:main, 0)')).toBe('//app:main');
    expect(t.evalToString('deps(//app:main)', { implicitDeps: false })).toBe('//app:main //app:main.txt //lib:core //lib:core.txt //lib:util //lib:util.txt //tools:gen.sh');
    // select(): every branch and every key contributes; visibility package groups are dependencies.
    expect(t.evalToString('deps(//vis:g)')).toBe('//vis:a //vis:a.txt //vis:b //vis:b.txt //vis:cs //vis:g //vis:grp //vis:grp2 @bazel_tools//tools/genrule:genrule-setup.sh');
    // --nohost_deps drops tools and the implicit setup script.
    expect(t.evalToString('deps(//app:main)', { hostDeps: false })).toBe('//app:main //app:main.txt //lib:core //lib:core.txt //lib:util //lib:util.txt');
    expect(t.evalToString('deps(//vis:al)')).toBe('//vis:a //vis:a.txt //vis:al //vis:grp //vis:grp2');
  });

  it('rdeps, allrdeps, allpaths, somepath', () => {
    expect(t.evalToString('rdeps(//..., //lib:util.txt)')).toBe('//app:main //app:main_test //lib:core //lib:util //lib:util.txt //vis:s //vis:t');
    expect(t.evalToString('rdeps(//..., //lib:util.txt, 1)')).toBe('//lib:util //lib:util.txt');
    expect(t.evalToString('rdeps(//lib:*, //lib:util.txt)')).toBe('//lib:core //lib:util //lib:util.txt');
    expect(t.evalToString('allrdeps(//lib:util.txt, 2)', {}, { universeScope: ['//...'] })).toBe('//lib:core //lib:util //lib:util.txt');
    expect(t.evalToString('allpaths(//app:main, //lib:util.txt)')).toBe('//app:main //lib:core //lib:util //lib:util.txt');
    expect(t.evalToString('allpaths(//app:main_test, //lib:*)')).toBe('//app:main //app:main_test //lib:core //lib:core.txt //lib:util //lib:util.txt');
    expect(t.evalInOrder('somepath(//app:main, //lib:util.txt)')).toBe('//app:main //lib:core //lib:util //lib:util.txt');
    expect(t.evalToString('somepath(//lib:util.txt, //app:main)')).toBe('');
  });

  it('kind, filter, attr', () => {
    // `file` also matches `filegroup rule`.
    expect(t.evalToString('kind(file, deps(//app:main))', { implicitDeps: false })).toBe('//app:main.txt //lib:core //lib:core.txt //lib:util //lib:util.txt //tools:gen.sh');
    expect(t.evalToString('kind("source file", //vis:*)')).toBe('//vis:BUILD //vis:a.txt //vis:b.txt //vis:c.txt //vis:t.sh');
    expect(t.evalToString('kind("generated file", //vis:*)')).toBe('//vis:g.out //vis:g2.out');
    expect(t.evalToString('kind("package group", //vis:*)')).toBe('//vis:grp //vis:grp2');
    expect(t.evalToString('kind("^sh_", //...)')).toBe('//app:main_test //app:manual_test //vis:t');
    expect(t.evalToString("filter('\\.txt$', deps(//app:main))")).toBe('//app:main.txt //lib:core.txt //lib:util.txt');
    expect(t.evalToString('attr(tags, release, //...)')).toBe('//app:main');
    expect(t.evalToString('attr(srcs, "\\[//vis:a\\]", //vis:*)')).toBe('//vis:g');
    expect(t.evalToString('attr(tags, "\\[t1, t2\\]", //vis:*)')).toBe('//vis:g');
    expect(t.evalToString('attr(size, small, //vis:*)')).toBe('//vis:t');
    // Booleans render as 0/1; tests and test suites are testonly by default.
    expect(t.evalToString('attr(testonly, 0, //vis:*)')).toBe('//vis:a //vis:al //vis:b //vis:c //vis:cs //vis:g');
    expect(t.evalToString('attr(testonly, false, //vis:*)')).toBe('');
    expect(t.evalToString('attr(values, "\\{cpu=arm\\}", //vis:*)')).toBe('//vis:cs');
    expect(t.evalToString('attr(shard_count, "-1", //vis:*)')).toBe('//vis:t');
    // The default visibility comes from package(default_visibility); a config_setting's is public.
    expect(t.evalToString('attr(visibility, lib, //vis:*)')).toBe('//vis:al //vis:b //vis:g //vis:s //vis:t');
  });

  it('labels, tests, siblings, some', () => {
    expect(t.evalToString('labels(srcs, //vis:g)')).toBe('//vis:a //vis:b');
    expect(t.evalToString('labels(outs, //vis:g)')).toBe('//vis:g.out //vis:g2.out');
    expect(t.evalToString('labels(nonexistent, //vis:g)')).toBe('');
    expect(t.evalToString('tests(//app:all)')).toBe('//app:main_test //app:manual_test');
    expect(t.evalToString('tests(//vis:s)')).toBe('//vis:t');
    expect(t.evalToString('siblings(//vis:a)')).toBe(
      '//vis:BUILD //vis:a //vis:a.txt //vis:al //vis:b //vis:b.txt //vis:c //vis:c.txt //vis:cs //vis:g //vis:g.out //vis:g2.out //vis:grp //vis:grp2 //vis:s //vis:t //vis:t.sh',
    );
    expect(t.evalToString('some(//vis:*)')).toBe('//vis:BUILD');
    expect(evalThrows(t, 'some(kind(nothing, //vis:*))')).toBe('argument set is empty');
  });

  it('buildfiles, loadfiles, same_pkg_direct_rdeps', () => {
    expect(t.evalToString('buildfiles(//app:docs)')).toBe('//app:BUILD //build_defs:BUILD //build_defs:helpers.bzl //build_defs:macros.bzl');
    expect(t.evalToString('loadfiles(//app:docs)')).toBe('//build_defs:helpers.bzl //build_defs:macros.bzl');
    expect(t.evalToString('loadfiles(//lib:core)')).toBe('');
    expect(t.evalToString('same_pkg_direct_rdeps(//vis:a)')).toBe('//vis:al //vis:g');
  });

  it('visible', () => {
    expect(t.evalToString('visible(//app:main, //lib:*)')).toBe('//lib:core //lib:util');
    expect(t.evalToString('visible(//app:main, //vis:*)')).toBe('//vis:a //vis:cs //vis:grp //vis:grp2');
    expect(t.evalToString('visible(//lib:core, //vis:*)')).toBe(
      '//vis:BUILD //vis:a //vis:a.txt //vis:al //vis:b //vis:b.txt //vis:c.txt //vis:cs //vis:g //vis:g.out //vis:g2.out //vis:grp //vis:grp2 //vis:s //vis:t //vis:t.sh',
    );
  });

  it('errors', () => {
    expect(evalThrows(t, '//vis:nope')).toBe("no such target '//vis:nope': target 'nope' not declared in package 'vis' defined by /ws/vis/BUILD");
    expect(evalThrows(t, '$y')).toBe("undefined variable 'y'");
    expect(evalThrows(t, 'kind("(", //vis:a)')).toMatch(/^illegal 'kind' pattern regexp '\(': /);
    expect(evalThrows(t, '//nothing:x')).toMatch(/^no such package 'nothing': BUILD file not found/);
  });
});

describe('tests() and test_suite filtering', () => {
  const t = new QueryTest('4.2.3').writeFile(
    'pkg/BUILD',
    'sh_test(name = "small_fast", srcs = ["pass.sh"], size = "small", tags = ["fast"])',
    'sh_test(name = "medium_slow", srcs = ["pass.sh"], size = "medium", tags = ["slow"])',
    'sh_test(name = "large_plain", srcs = ["pass.sh"], size = "large")',
    'sh_test(name = "manual_fast", srcs = ["pass.sh"], tags = ["manual", "fast"])',
    'sh_binary(name = "bin", srcs = ["pass.sh"])',
    'test_suite(name = "positive", tags = ["fast"], tests = [":small_fast", ":medium_slow", ":manual_fast"])',
    'test_suite(name = "negative", tags = ["-slow"], tests = [":small_fast", ":medium_slow", ":large_plain"])',
    'test_suite(name = "size", tags = ["-small"], tests = [":small_fast", ":medium_slow", ":large_plain"])',
    'test_suite(name = "all_tests")',
    'test_suite(name = "inner", tests = [":medium_slow", ":small_fast"])',
    'test_suite(name = "outer", tags = ["-slow"], tests = [":inner", ":medium_slow", ":large_plain"])',
    'test_suite(name = "with_bin", tests = [":bin", ":large_plain"])',
  );
  it.each([
    ['tests(//pkg:positive)', '//pkg:manual_fast //pkg:small_fast'],
    ['tests(//pkg:negative)', '//pkg:large_plain //pkg:small_fast'],
    ['tests(//pkg:size)', '//pkg:large_plain //pkg:medium_slow'],
    ['tests(//pkg:all_tests)', '//pkg:large_plain //pkg:medium_slow //pkg:small_fast'],
    ['tests(//pkg:outer)', '//pkg:large_plain //pkg:medium_slow //pkg:small_fast'],
    ['tests(//pkg:with_bin)', '//pkg:large_plain'],
  ])('%s', (q, want) => {
    expect(t.evalToString(q)).toBe(want);
  });
  it('--strict_test_suite', () => {
    expect(() => t.evalToString('tests(//pkg:with_bin)', {}, { strictTestSuite: true })).toThrow(
      "The label '//pkg:bin' in the test_suite '//pkg:with_bin' does not refer to a test or test_suite rule!",
    );
  });
});

describe('result order', () => {
  it('4.2.3: dependency order over the explored graph', () => {
    const t = fixture('4.2.3');
    expect(t.evalInOrder('deps(//app:main)')).toBe('//app:main @bazel_tools//tools/genrule:genrule-setup.sh //tools:gen.sh //lib:core //lib:util //lib:util.txt //lib:core.txt //app:main.txt');
    expect(t.evalInOrder('let x = deps(//lib:core) in $x - //lib:util')).toBe('//lib:core //lib:util.txt //lib:core.txt');
    // Single-target patterns and siblings() do not explore edges: unrelated targets come out descending.
    expect(t.evalInOrder('//vis:a + //vis:a.txt')).toBe('//vis:a.txt //vis:a');
    expect(t.evalInOrder('kind(rule, //vis:*) + //vis:a.txt')).toBe('//vis:s //vis:t //vis:g //vis:cs //vis:c //vis:b //vis:al //vis:a //vis:a.txt');
    expect(t.evalInOrder('//vis:*')).toBe(
      '//vis:s //vis:t //vis:t.sh //vis:grp2 //vis:grp //vis:g2.out //vis:g.out //vis:g //vis:cs //vis:c //vis:c.txt //vis:b //vis:b.txt //vis:al //vis:a //vis:a.txt //vis:BUILD',
    );
    expect(t.evalInOrder('deps(//app:main)', 'no')).toBe('//app:main //lib:core //app:main.txt //tools:gen.sh @bazel_tools//tools/genrule:genrule-setup.sh //lib:util //lib:core.txt //lib:util.txt');
  });
  it('current Bazel: lexicographic by default, dependency order on request', () => {
    const t = fixture('8.4.2');
    expect(t.evalInOrder('deps(//app:main)')).toBe('//app:main //app:main.txt //lib:core //lib:core.txt //lib:util //lib:util.txt //tools:gen.sh @bazel_tools//tools/genrule:genrule-setup.sh');
    expect(t.evalInOrder('deps(//app:main)', 'full')).toBe('//app:main @bazel_tools//tools/genrule:genrule-setup.sh //tools:gen.sh //lib:core //lib:util //lib:util.txt //lib:core.txt //app:main.txt');
  });
});

describe.each(['4.2.3', '8.4.2'])("an attribute's default in query (.bazelversion %s)", (version) => {
  // Checked with 4.2.3: an unset label attribute names its default (an implicit dependency), and None in a select()
  // branch stands for the default (written, so kept by --noimplicit_deps).
  const t = new QueryTest(version)
    .writeFile('conditions/BUILD', 'config_setting(name = "a", values = {"test_arg": "a"})')
    .writeFile('defs/BUILD')
    .writeFile(
      'defs/defs.bzl',
      'def _impl(ctx):',
      '    return []',
      'with_defaults = rule(implementation = _impl, attrs = {"dep": attr.label(default = "//foo:default"), "deps": attr.label_list(default = ["//foo:default", "//foo:other"]), "keyed": attr.label_keyed_string_dict(default = {"//foo:keyed": "x"})})',
      'plain = rule(implementation = _impl)',
    )
    .writeFile(
      'foo/BUILD',
      'load("//defs:defs.bzl", "plain", "with_defaults")',
      'with_defaults(name = "unset")',
      'with_defaults(name = "none", dep = select({"//conditions:a": None}), deps = select({"//conditions:a": None, "//conditions:default": [":third"]}), keyed = {})',
      'plain(name = "default")',
      'plain(name = "other")',
      'plain(name = "third")',
      'plain(name = "keyed")',
    );

  it('labels() and deps() of an unset attribute: its default', () => {
    expect(t.evalToString('labels(dep, //foo:unset)')).toBe('//foo:default');
    expect(t.evalToString('labels(deps, //foo:unset)')).toBe('//foo:default //foo:other');
    expect(t.evalToString('labels(keyed, //foo:unset)')).toBe('//foo:keyed');
    expect(t.evalToString('deps(//foo:unset)')).toBe('//foo:default //foo:keyed //foo:other //foo:unset');
    expect(t.evalToString('deps(//foo:unset)', { implicitDeps: false })).toBe('//foo:unset');
  });

  it('None in a select() branch: the default, also without implicit dependencies', () => {
    expect(t.evalToString('labels(dep, //foo:none)')).toBe('//foo:default');
    expect(t.evalToString('labels(deps, //foo:none)')).toBe('//foo:default //foo:other //foo:third');
    expect(t.evalToString('deps(//foo:none)', { implicitDeps: false })).toBe('//conditions:a //foo:default //foo:none //foo:other //foo:third');
  });
});
