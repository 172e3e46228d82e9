// `query` and `cquery` through the command layer: exit codes and messages as Bazel 4.2.3 prints them, the
// result graph for the UI, and genquery's evaluateGenquery.
import { describe, expect, it } from 'vitest';
import { Loader, Workspace, type RuleTarget } from '../loading/index.ts';
import { runCommandSync } from '../commands/index.ts';
import { evaluateGenquery } from './genquery.ts';
import { fixture } from './fixture.test-data.ts';

const files = fixture('4.2.3').files;
const run = (...argv: string[]) => runCommandSync(files, argv, { workspaceDir: '/ws' });

describe('query command', () => {
  it('exit codes: 0, 2 (syntax, bad --output), 7 (evaluation), 3 (--keep_going)', () => {
    expect(run('query', '//lib:core').exitCode).toBe(0);
    const syntax = run('query', 'deps(//app:main');
    expect(syntax.exitCode).toBe(2);
    expect(syntax.stderr).toContain("ERROR: Error while parsing 'deps(//app:main': premature end of input");
    const bad = run('query', '//lib:core', '--output=nope');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("Invalid output format 'nope'. Valid values are: label, label_kind, build, minrank, maxrank, package, location, graph, xml, proto");
    const missing = run('query', '//vis:nope');
    expect(missing.exitCode).toBe(7);
    expect(missing.stderr).toBe("ERROR: no such target '//vis:nope': target 'nope' not declared in package 'vis' defined by /ws/vis/BUILD\n");
    const kg = run('query', '//vis:nope + //vis:a', '--keep_going');
    expect(kg.exitCode).toBe(3);
    expect(kg.stdout).toBe('//vis:a\n');
    expect(kg.stderr).toContain("ERROR: Skipping '//vis:nope': no such target '//vis:nope'");
    expect(kg.stderr).toContain('WARNING: --keep_going specified, ignoring errors. Results may be inaccurate');
    const some = run('query', 'some(kind(nothing, //vis:*))');
    expect(some.exitCode).toBe(7);
    expect(some.stderr).toContain(`ERROR: Evaluation of query "some(kind('nothing', //vis:*))" failed: argument set is empty`);
    const loc = run('query', 'buildfiles(//app:docs)', '--output=location');
    expect(loc.exitCode).toBe(2);
    expect(loc.stderr).toContain("Query expressions involving 'buildfiles' or 'loadfiles' cannot be used with --output=location");
  });
  it('a missing dependency fails the closure (7), or is skipped under --keep_going (3)', () => {
    const f = { ...files, 'bad/BUILD': 'genrule(name = "y", srcs = ["//missing:pkg"], outs = ["y.out"], cmd = "x")\n' };
    const r = runCommandSync(f, ['query', 'deps(//bad:y)'], { workspaceDir: '/ws' });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain("ERROR: /ws/bad/BUILD:1:8: no such package 'missing': BUILD file not found");
    expect(r.stderr).toContain("and referenced by '//bad:y'");
    expect(r.stderr).toContain('ERROR: Evaluation of query "deps(//bad:y)" failed: errors were encountered while computing transitive closure');
    const k = runCommandSync(f, ['query', 'deps(//bad:y)', '--keep_going'], { workspaceDir: '/ws' });
    expect(k.exitCode).toBe(3);
    expect(k.stdout).toBe('//bad:y\n@bazel_tools//tools/genrule:genrule-setup.sh\n');
  });
  it('fills the result graph: nodes with kind and location, edges with attribute and select', () => {
    const r = run('query', 'deps(//vis:g, 1)');
    const g = r.graph!;
    expect(g.nodes.find((n) => n.id === '//vis:g')).toEqual({ id: '//vis:g', label: '//vis:g', kind: 'genrule rule', location: { file: 'vis/BUILD', line: 7, column: 8 } });
    expect(g.edges).toContainEqual({ from: '//vis:g', to: '//vis:a', attr: 'srcs', select: true });
    expect(g.edges).toContainEqual({ from: '//vis:g', to: '//vis:cs', attr: '$config_dependencies', select: true });
    expect(g.edges).toContainEqual({ from: '//vis:g', to: '@bazel_tools//tools/genrule:genrule-setup.sh', attr: '$genrule_setup' });
  });
  it("a test_suite without tests depends on the package's non-manual tests ($implicit_tests), as Bazel 4.2.3 prints it", () => {
    // Expectations from `bazel --batch query` (4.2.3) of the same files.
    const ws = {
      WORKSPACE: '',
      '.bazelversion': '4.2.3\n',
      'a/t.sh': '',
      'a/BUILD': [
        'sh_test(name = "z_t", srcs = ["t.sh"], size = "small")',
        'sh_test(name = "a_t", srcs = ["t.sh"], size = "large", tags = ["flaky"])',
        'sh_test(name = "m_t", srcs = ["t.sh"], tags = ["manual"])',
        'test_suite(name = "suite", tags = ["-flaky"])',
        'test_suite(name = "explicit", tests = [":z_t"])',
        'test_suite(name = "empty", tests = [])',
        'filegroup(name = "fg", srcs = [":suite"])',
        '',
      ].join('\n'),
    };
    const q = (...argv: string[]) => runCommandSync(ws, ['query', ...argv], { workspaceDir: '/ws' }).stdout;
    expect(q('deps(//a:suite, 1)')).toBe('//a:suite\n//a:z_t\n//a:a_t\n');
    expect(q('deps(//a:empty, 1)', '--noimplicit_deps')).toBe('//a:empty\n//a:z_t\n//a:a_t\n');
    expect(q('deps(//a:explicit, 1)')).toBe('//a:explicit\n//a:z_t\n');
    expect(q('labels("$implicit_tests", //a:suite)')).toBe('//a:z_t\n//a:a_t\n');
    expect(q('//a:all')).toBe('//a:m_t\n//a:fg\n//a:suite\n//a:explicit\n//a:empty\n//a:z_t\n//a:a_t\n');
    expect(q('//a:suite', '--output=build')).toContain('  tags = ["-flaky"],\n  _implicit_tests = ["//a:a_t", "//a:z_t"],\n)');
    expect(q('//a:suite', '--output=xml')).toContain(
      '        <list name="$implicit_tests">\n            <label value="//a:a_t"/>\n            <label value="//a:z_t"/>\n        </list>\n        <rule-input name="//a:a_t"/>',
    );
    // Current Bazel takes only the tests that pass the suite's tag filter (the size counts as a tag).
    const modern = { ...ws, '.bazelversion': '8.4.2\n' };
    expect(runCommandSync(modern, ['query', 'deps(//a:suite, 1)'], { workspaceDir: '/ws' }).stdout).toBe('//a:suite\n//a:z_t\n');
  });
  it("$implicit_tests twice after a Skyframe restart (4.2.3: glob() or a target named with a slash), once otherwise", () => {
    const ws = (version: string, extra: string) => ({
      WORKSPACE: '',
      '.bazelversion': `${version}\n`,
      'a/t.sh': '',
      'a/BUILD': ['sh_test(name = "t", srcs = ["t.sh"])', 'test_suite(name = "suite")', extra, ''].join('\n'),
    });
    const implicit = (files: Record<string, string>) => /_implicit_tests = (.*),/.exec(runCommandSync(files, ['query', '//a:suite', '--output=build'], { workspaceDir: '/ws' }).stdout)?.[1];
    expect(implicit(ws('4.2.3', 'filegroup(name = "g", srcs = glob(["*.txt"]))'))).toBe('["//a:t", "//a:t"]');
    expect(implicit(ws('4.2.3', 'genrule(name = "o", outs = ["d/o.txt"], cmd = "x")'))).toBe('["//a:t", "//a:t"]');
    expect(implicit(ws('4.2.3', 'filegroup(name = "g", srcs = glob([]))'))).toBe('["//a:t"]');
    expect(implicit(ws('8.4.2', 'filegroup(name = "g", srcs = glob(["*.txt"], allow_empty = True))'))).toBe('["//a:t"]');
  });
  it('cquery labels() of an alias of a file: 4.2.3 crashes (exit 37), current Bazel answers', () => {
    const ws = (version: string) => ({ WORKSPACE: '', '.bazelversion': `${version}\n`, 'p/f.txt': '', 'p/BUILD': 'alias(name = "al", actual = "f.txt")\n' });
    const old = runCommandSync(ws('4.2.3'), ['cquery', 'labels(srcs, //p:al)'], { workspaceDir: '/ws' });
    expect(old.exitCode).toBe(37);
    expect(old.stderr).toContain("FATAL: bazel crashed due to an internal error. Printing stack trace:\njava.lang.IllegalArgumentException: in 'srcs' of rule //p:al:  //p:f.txt is not a rule configured target\n");
    expect(old.diagnostics.map((d) => d.kind)).toEqual(['command']);
    const modern = runCommandSync(ws('8.4.2'), ['cquery', 'labels(srcs, //p:al)'], { workspaceDir: '/ws' });
    expect(modern.exitCode).toBe(0);
  });
  it('cquery: config_setting and toolchain-resolving rules depend on the target platform only (4.2.3)', () => {
    // The sets `bazel --batch cquery` (4.2.3) prints for the same files; its order is not reproducible.
    const ws = {
      WORKSPACE: '',
      '.bazelversion': '4.2.3\n',
      'a/x.txt': '',
      'a/BUILD': [
        'config_setting(name = "arm", values = {"cpu": "arm"})',
        'filegroup(name = "sel", srcs = select({":arm": ["x.txt"], "//conditions:default": []}))',
        'genrule(name = "g", srcs = [":sel"], outs = ["g.out"], cmd = "echo > $@")',
        '',
      ].join('\n'),
    };
    const nodes = (...argv: string[]) =>
      runCommandSync(ws, ['cquery', ...argv], { workspaceDir: '/ws' })
        .stdout.split('\n')
        .filter(Boolean)
        .map((l) => l.replace(/ \((?!null)[^)]*\)$/, ''))
        .sort();
    const platform = ['@local_config_platform//:host', '@platforms//cpu:cpu', '@platforms//cpu:x86_64', '@platforms//os:linux', '@platforms//os:os'];
    expect(nodes('deps(//a:arm)')).toEqual(['//a:arm', ...platform].sort());
    expect(nodes('deps(//a:arm)', '--noimplicit_deps')).toEqual(['//a:arm']);
    expect(nodes('deps(//a:g)')).toEqual(['//a:arm', '//a:g', '//a:sel', '@bazel_tools//tools/genrule:genrule-setup.sh (null)', ...platform].sort());
  });
  it('leaves out the edges of a result too big to draw, and says so', () => {
    const big = { WORKSPACE: '', 'a/BUILD': Array.from({ length: 2100 }, (_, i) => `filegroup(name = "f${i}", srcs = [":f${i + 1}"])`).join('\n') };
    const g = runCommandSync(big, ['query', '//a:*'], { workspaceDir: '/ws' }).graph!;
    expect(g.nodes.length).toBeGreaterThan(2000);
    expect(g).toMatchObject({ edges: [], edgesOmitted: true });
    const small = runCommandSync(big, ['query', 'deps(//a:f2090)'], { workspaceDir: '/ws' }).graph!;
    expect(small.edgesOmitted).toBeUndefined();
    expect(small.edges).toContainEqual({ from: '//a:f2090', to: '//a:f2091', attr: 'srcs' });
  });
  it('current Bazel: lexicographic, but a top-level somepath in path order', () => {
    const modern = fixture('8.4.2').files;
    expect(runCommandSync(modern, ['query', 'deps(//lib:core)'], { workspaceDir: '/ws' }).stdout).toBe('//lib:core\n//lib:core.txt\n//lib:util\n//lib:util.txt\n');
    expect(runCommandSync(modern, ['query', 'somepath(//app:main, //lib:util.txt)'], { workspaceDir: '/ws' }).stdout).toBe('//app:main\n//lib:core\n//lib:util\n//lib:util.txt\n');
    expect(runCommandSync(modern, ['query', 'somepath(//app:main, //lib:util.txt) + //app:main.txt'], { workspaceDir: '/ws' }).stdout).toBe('//app:main\n//app:main.txt\n//lib:core\n//lib:util\n//lib:util.txt\n');
  });
  it('options from .bazelrc apply', () => {
    const r = runCommandSync({ ...files, '.bazelrc': 'query --output=label_kind\n' }, ['query', '//lib:core'], { workspaceDir: '/ws' });
    expect(r.stdout).toBe('filegroup rule //lib:core\n');
  });
});

describe('cquery command', () => {
  it('prints configured targets: (null) for source files, select() resolved', () => {
    const r = run('cquery', 'deps(//vis:g)', '--noimplicit_deps');
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^\/\/vis:g \([0-9a-f]{7}\)$/);
    expect(lines).toContain('//vis:b.txt (null)');
    expect(lines.some((l) => l.startsWith('//vis:a '))).toBe(false);
    const arm = run('cquery', 'deps(//vis:g)', '--noimplicit_deps', '--cpu=arm');
    expect(arm.stdout).toContain('//vis:a.txt (null)');
  });
  it('--output=transitions', () => {
    const none = run('cquery', '//app:main', '--output=transitions');
    expect(none.exitCode).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain("Instead of using --output=transitions, set the --transitions flag explicitly to 'lite' or 'full'");
    const lite = run('cquery', 'deps(//app:main)', '--noimplicit_deps', '--output=transitions', '--transitions=lite').stdout;
    expect(lite).toMatch(/^\/\/app:main \(([0-9a-f]{7})\)\n  srcs#\/\/lib:core#\(TestTrimmingTransition \+ ConfigFeatureFlagTaggedTrimmingTransition\) -> \1\n\/\/tools:gen.sh \(null\)\n/);
  });
  it('config() and an unsupported output', () => {
    expect(run('cquery', 'config(//vis:a.txt, null)').stdout).toBe('//vis:a.txt (null)\n');
    expect(run('cquery', 'config(//vis:a.txt, target)').stdout).toBe('//vis:a.txt (null)\n');
    expect(run('cquery', 'config(//vis:a, target)').stdout).toMatch(/^\/\/vis:a \([0-9a-f]{7}\)\n$/);
    const files4 = run('cquery', '//vis:g', '--output=files');
    expect(files4.exitCode).toBe(2);
    expect(files4.stderr).toContain("Invalid output format 'files'");
  });
});

describe('evaluateGenquery', () => {
  const gq = (build: string) => {
    const ws = new Workspace({ ...files, 'q/BUILD': build });
    const loader = new Loader(ws, { workspaceDir: '/ws' });
    const rule = loader.getPackage('q')!.targets.get('q') as RuleTarget;
    const r = evaluateGenquery({ loader, rule });
    // As analysis prints it: at the rule, `in [opts attribute of ]genquery rule //q:q: <message>`.
    return r.ok ? { out: new TextDecoder().decode(r.output), warnings: r.warnings } : { error: `/ws/q/BUILD:1:9: in ${r.attribute ? 'opts attribute of ' : ''}genquery rule //q:q: ${r.message}` };
  };
  it('runs over the scope, ordered and with relative locations', () => {
    expect(gq('genquery(name = "q", expression = "deps(//lib:core)", scope = ["//lib:core"])')).toEqual({ out: '//lib:core\n//lib:util\n//lib:util.txt\n//lib:core.txt\n', warnings: [] });
    expect(gq('genquery(name = "q", expression = "//lib:core", scope = ["//lib:core"], opts = ["--output=location"])').out).toBe('lib/BUILD:1:10: filegroup rule //lib:core\n');
    expect(gq('genquery(name = "q", expression = "//lib:all", scope = ["//lib:core", "//lib:internal"])').out).toBe('//lib:internal\n//lib:core\n//lib:util\n');
  });
  it('refuses what Bazel refuses, with its messages', () => {
    expect(gq('genquery(name = "q", expression = "deps(//app:main)", scope = ["//lib:core"])').error).toBe(
      "/ws/q/BUILD:1:9: in genquery rule //q:q: query failed: Evaluation failed: target '//app:main' is not within the scope of the query",
    );
    expect(gq('genquery(name = "q", expression = "//lib/...", scope = ["//lib:core"])').error).toBe(
      "/ws/q/BUILD:1:9: in genquery rule //q:q: query failed: recursive target patterns are not permitted: '//lib/...'",
    );
    expect(gq('genquery(name = "q", expression = "//lib:*", scope = ["//lib:core"])').error).toContain("target '//lib:BUILD' is not within the scope of the query");
    expect(gq('genquery(name = "q", expression = "//lib:core", scope = ["//lib:core"], opts = ["--order_output=no"])').error).toBe(
      '/ws/q/BUILD:1:9: in opts attribute of genquery rule //q:q: option --order_output is not allowed',
    );
    expect(gq('genquery(name = "q", expression = "//lib:core", scope = ["//lib:core"], opts = ["--foo"])').error).toBe(
      '/ws/q/BUILD:1:9: in opts attribute of genquery rule //q:q: error while parsing query options: Unrecognized option: --foo',
    );
    expect(gq('genquery(name = "q", expression = "deps(//lib:core", scope = ["//lib:core"])').error).toBe(
      '/ws/q/BUILD:1:9: in genquery rule //q:q: query syntax error: premature end of input',
    );
  });
  it('explains a scope violation: the term that reached it, and its path down to the scope', () => {
    const explain = (build: string) => {
      const ws = new Workspace({ ...files, 'q/BUILD': build });
      const loader = new Loader(ws, { workspaceDir: '/ws' });
      return evaluateGenquery({ loader, rule: loader.getPackage('q')!.targets.get('q') as RuleTarget }).explanation;
    };
    const e = explain('genquery(name = "q", expression = "deps(//app:main)", scope = ["//lib:core"], opts = ["--output=label"])');
    expect(e.opts).toEqual(['--output=label']);
    expect(e.violation?.target).toBe('//app:main');
    expect(e.violation?.path).toEqual(['//app:main']);
    expect(e.violation?.toScope?.[0]).toBe('//app:main');
    expect(e.violation?.toScope?.at(-1)).toBe('//lib:core');
    const star = explain('genquery(name = "q", expression = "//lib:*", scope = ["//lib:core"])');
    expect(star.violation?.path[0]).toBe('//lib:*');
    expect(star.violation?.toScope).toBeUndefined();
    const loose = explain('genquery(name = "q", expression = "//lib:util + //app:main", scope = ["//lib:util"], strict = False)');
    expect(loose.violation?.target).toBe('//app:main');
    expect(loose.warnings).toEqual(["target '//app:main' is not within the scope of the query. Skipping"]);
    expect(explain('genquery(name = "q", expression = "deps(//lib:core)", scope = ["//lib:core"])').violation).toBeUndefined();
  });
  it('strict = False skips out-of-scope targets with a warning', () => {
    expect(gq('genquery(name = "q", expression = "//lib:util + //app:main", scope = ["//lib:util"], strict = False)')).toEqual({
      out: '//lib:util\n',
      warnings: ["target '//app:main' is not within the scope of the query. Skipping"],
    });
  });
  it('current Bazel orders lexicographically, except graph outputs and a top-level somepath', () => {
    const modern = (build: string) => {
      const ws = new Workspace({ ...fixture('8.4.2').files, 'q/BUILD': build });
      const loader = new Loader(ws, { workspaceDir: '/ws' });
      const r = evaluateGenquery({ loader, rule: loader.getPackage('q')!.targets.get('q') as RuleTarget });
      return r.ok ? new TextDecoder().decode(r.output) : r.message;
    };
    expect(modern('genquery(name = "q", expression = "deps(//lib:core)", scope = ["//lib:core"])')).toBe('//lib:core\n//lib:core.txt\n//lib:util\n//lib:util.txt\n');
    expect(modern('genquery(name = "q", expression = "somepath(//lib:core, //lib:util.txt)", scope = ["//lib:core"])')).toBe('//lib:core\n//lib:util\n//lib:util.txt\n');
    expect(modern('genquery(name = "q", expression = "deps(//lib:core)", scope = ["//lib:core"], opts = ["--output=minrank"])')).toBe(
      '0 //lib:core\n1 //lib:core.txt\n1 //lib:util\n2 //lib:util.txt\n',
    );
  });
});
