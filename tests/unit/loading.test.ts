// Loading and pattern queries through the engine's public API, each expectation taken from a Bazel 4.2.3 run of
// the same files (`bazel --batch query …` in a scratch workspace; paths there were /ws).
import { describe, expect, it } from 'vitest';
import { loadWorkspace, runCommand, type WorkspaceFiles } from '../../src/engine/index.ts';

const V4 = { WORKSPACE: '', '.bazelversion': '4.2.3\n' };

async function query(files: WorkspaceFiles, ...args: string[]) {
  return runCommand(files, ['query', ...args], { workspaceDir: '/ws' });
}

const SW2: WorkspaceFiles = {
  ...V4,
  'a/x.txt': '',
  'a/y.txt': '',
  'a/BUILD': [
    'filegroup(name = "fg", srcs = glob(["*.txt"]) + ["//b:out", "lonely.txt", "@foo//:bar"])',
    'genrule(name = "g", srcs = [":fg", "x.txt"], outs = ["o1", "dir/o2"], cmd = "x", tools=["//b/c:z.txt"])',
    'exports_files(["exported.sh"])',
    'sh_test(name = "t", srcs = ["t.sh"], data = ["//b"])',
    '',
  ].join('\n'),
  'b/BUILD': 'genrule(name = "b", outs = ["out"], cmd = "x", visibility = ["//visibility:public"])\n',
  'b/c/BUILD': 'exports_files(["z.txt"])\n',
  'b/c/z.txt': '',
};

describe('pattern queries (4.2.3 dependency order)', () => {
  it.each([
    ['//...', '//a:t //b:b //a:g //a:fg'],
    ['//a:all', '//a:t //a:g //a:fg'],
    ['//a:*', '//a:t //a:t.sh //a:o1 //a:exported.sh //a:dir/o2 //a:g //a:fg //a:y.txt //a:x.txt //a:lonely.txt //a:BUILD'],
    ['//b/...:*', '//b/c:z.txt //b/c:BUILD //b:out //b:b //b:BUILD'],
    ['a/x.txt', '//a:x.txt'],
    ['//a:x.txt + //b:b', '//b:b //a:x.txt'],
  ])('%s', async (pattern, want) => {
    const r = await query(SW2, pattern);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim().split('\n').join(' ')).toBe(want);
  });

  it('orders lexicographically under the modern profile', async () => {
    const { '.bazelversion': _, ...modern } = SW2;
    const r = await query(modern, '//...');
    expect(r.stdout).toBe('//a:fg\n//a:g\n//a:t\n//b:b\n');
  });

  it('prints label_kind', async () => {
    const r = await query(SW2, '//b:*', '--output=label_kind');
    expect(r.stdout).toBe('generated file //b:out\ngenrule rule //b:b\nsource file //b:BUILD\n');
  });

  it.each([
    ['//nope:x', "ERROR: no such package 'nope': BUILD file not found in any of the following directories. Add a BUILD file to a directory to mark it as a package.\n - /ws/nope\n"],
    ['//a:nope', "ERROR: no such target '//a:nope': target 'nope' not declared in package 'a' defined by /ws/a/BUILD\n"],
    ['//a:b:c', "ERROR: invalid target format '//a:b:c': invalid target name 'b:c': target names may not contain ':'\n"],
    ['//nope/...', "ERROR: no targets found beneath 'nope'\n"],
    ['//a/', "ERROR: The package part of '//a/' should not end in a slash\n"],
  ])('%s fails with exit 7', async (pattern, stderr) => {
    const r = await query(SW2, pattern);
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toBe(stderr);
  });

  it('rejects a syntax error with exit 2', async () => {
    const r = await query(SW2, 'deps(//a:g');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe("ERROR: Error while parsing 'deps(//a:g': premature end of input\n");
  });
});

describe('loading errors', () => {
  const files: WorkspaceFiles = {
    ...V4,
    'pkg/BUILD': [
      'genrule(name = "g", srcz = ["a"], outs = ["o"], cmd = "x")',
      'alias(name = "al")',
      'genrule(name = "g2", outs = ["o2"], cmd = 1)',
      'filegroup(name = "fg", srcs = ["//pkg:sub/x.txt"])',
      '',
    ].join('\n'),
    'pkg/sub/BUILD': 'filegroup(name="s")\n',
  };

  it('reports every attribute error at its rule and fails the query', async () => {
    const r = await query(files, '//pkg:*');
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toBe(
      [
        "ERROR: /ws/pkg/BUILD:1:8: //pkg:g: no such attribute 'srcz' in 'genrule' rule",
        "ERROR: /ws/pkg/BUILD:2:6: //pkg:al: missing value for mandatory attribute 'actual' in 'alias' rule",
        "ERROR: /ws/pkg/BUILD:3:8: //pkg:g2: expected value of type 'string' for attribute 'cmd' in 'genrule' rule, but got 1 (int)",
        "ERROR: /ws/pkg/BUILD:4:10: Label '//pkg:sub/x.txt' is invalid because 'pkg/sub' is a subpackage; perhaps you meant to put the colon here: '//pkg/sub:x.txt'?",
        '',
      ].join('\n') + 'ERROR: Evaluation of query "//pkg:*" failed due to BUILD file errors\n',
    );
  });

  it('keeps the targets of a package in error (--keep_going, exit 3)', async () => {
    const r = await query(files, '//pkg:*', '--keep_going');
    expect(r.exitCode).toBe(3);
    expect(r.stdout.split('\n').filter(Boolean)).toEqual(['//pkg:o2', '//pkg:o', '//pkg:g2', '//pkg:g', '//pkg:fg', '//pkg:al', '//pkg:BUILD']);
    expect(r.stderr).toContain('WARNING: --keep_going specified, ignoring errors. Results may be inaccurate');
  });

  it('a label listed twice in a label-list attribute is a loading error, also through select() and +', async () => {
    const files = {
      ...V4,
      'd/a.txt': '',
      'd/BUILD': [
        'filegroup(name = "fg", srcs = ["a.txt", ":a.txt"])',
        'filegroup(name = "sel", srcs = select({"//conditions:default": ["a.txt", "a.txt"]}))',
        'filegroup(name = "cat", srcs = ["a.txt"] + select({"//conditions:default": ["a.txt"]}))',
        'filegroup(name = "apart", srcs = select({"//conditions:default": ["a.txt"], "//x:y": ["a.txt"]}))',
        'test_suite(name = "s", tests = [":t", ":t"], visibility = ["//visibility:public", "//visibility:public"])',
        'sh_test(name = "t", srcs = ["t.sh"])',
        '',
      ].join('\n'),
    };
    const q = await query(files, '//d:t');
    expect(q.exitCode).toBe(7);
    expect(q.stderr.split('\n').filter((l) => l.startsWith('ERROR:'))).toEqual([
      "ERROR: /ws/d/BUILD:1:10: Label '//d:a.txt' is duplicated in the 'srcs' attribute of rule 'fg'",
      "ERROR: /ws/d/BUILD:2:10: Label '//d:a.txt' is duplicated in the 'srcs' attribute of rule 'sel'",
      "ERROR: /ws/d/BUILD:3:10: Label '//d:a.txt' is duplicated in the 'srcs' attribute of rule 'cat'",
      "ERROR: /ws/d/BUILD:5:11: Label '//d:t' is duplicated in the 'tests' attribute of rule 's'",
      'ERROR: Evaluation of query "//d:t" failed due to BUILD file errors',
    ]);
  });

  it('several duplicated labels of one attribute are reported in Bazel 4.2.3\'s order (a java.util.HashSet\'s)', async () => {
    const three = '["//a:pass.sh", "//a:f1.txt", "//a:d/nested.txt"]';
    const files = {
      ...V4,
      'a/BUILD': [
        `genrule(name = "gen1", srcs = select({"//conditions:default": ${three}}) + select({"//conditions:default": ${three}}), outs = ["o"], cmd = "x")`,
        `filegroup(name = "fg", srcs = ${three} + ${three})`,
        '',
      ].join('\n'),
    };
    const q = await query(files, '//a:all');
    const errors = q.stderr.split('\n').filter((l) => l.startsWith('ERROR: /ws'));
    const order = ["'//a:f1.txt'", "'//a:d/nested.txt'", "'//a:pass.sh'"];
    expect(errors.map((l) => /Label ('[^']*')/.exec(l)?.[1])).toEqual([...order, ...order]);
  });

  it('build: a requested target in a package in error stops loading; a dependency there fails analysis (Bazel 4.2.3)', async () => {
    const files = {
      ...V4,
      'd/a.txt': '',
      'd/BUILD': 'filegroup(name = "fg", srcs = ["a.txt", ":a.txt"])\nfilegroup(name = "ok", srcs = ["a.txt"], visibility = ["//visibility:public"])\n',
      'a/BUILD': 'filegroup(name = "x", srcs = ["//d:ok"])\n',
    };
    const errors = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('ERROR:'));
    const own = await runCommand(files, ['build', '//d:ok'], { workspaceDir: '/ws' });
    expect(own.exitCode).toBe(1);
    expect(errors(own.stderr).slice(1)).toEqual(["ERROR: error loading package 'd': Package 'd' contains errors"]);
    const test = await runCommand(files, ['test', '//d:ok'], { workspaceDir: '/ws' });
    expect(errors(test.stderr).slice(1)).toEqual(["ERROR: error loading package 'd': Package 'd' contains errors", "ERROR: Couldn't start the build. Unable to run tests"]);
    const dep = await runCommand(files, ['build', '//a:x'], { workspaceDir: '/ws' });
    expect(dep.exitCode).toBe(1);
    expect(errors(dep.stderr).slice(1)).toEqual([
      "ERROR: /ws/a/BUILD:1:10: Target '//d:ok' contains an error and its package is in error and referenced by '//a:x'",
      "ERROR: Analysis of target '//a:x' failed; build aborted: Analysis failed",
    ]);
  });

  it('stops a BUILD file at a name conflict', async () => {
    const r = await query({ ...V4, 'p/BUILD': 'filegroup(name = "a")\ngenrule(name = "h", outs = ["a"], cmd = "")\n' }, '//p:*');
    expect(r.stderr).toContain("Error in genrule: generated file 'a' in rule 'h' conflicts with existing filegroup rule, defined at /ws/p/BUILD:1:10");
    expect(r.stderr).toContain('File "/ws/p/BUILD", line 2, column 8, in <toplevel>');
  });

  it('reports load cycles and missing files as Bazel does', async () => {
    const cyc = await query(
      { ...V4, 'p/BUILD': 'load("//p:a.bzl", "A")\n', 'p/a.bzl': 'load(":b.bzl", "B")\nA = 1\n', 'p/b.bzl': 'load(":a.bzl", "A")\nB = 1\n' },
      '//p:*',
    );
    expect(cyc.exitCode).toBe(7);
    expect(cyc.stderr).toContain('ERROR: cycle detected in extension files: \n    p/BUILD\n.-> //p:a.bzl\n|   //p:b.bzl\n`-- //p:a.bzl\n');
    const missing = await query({ ...V4, 'p/BUILD': 'load("//p:nope.bzl", "B")\n' }, '//p:*');
    expect(missing.stderr).toBe("ERROR: error loading package 'p': cannot load '//p:nope.bzl': no such file\n");
  });

  it('runs macros through native and refuses native at a .bzl top level', async () => {
    const ok = await query({ ...V4, 'q/BUILD': 'load(":m.bzl", "m")\nm(name = "x")\n', 'q/m.bzl': 'def m(name):\n    native.filegroup(name = name, srcs = native.glob(["*.txt"]))\n', 'q/a.txt': '' }, '//q:*');
    expect(ok.stdout).toBe('//q:x\n//q:a.txt\n//q:BUILD\n');
    const bad = await query({ ...V4, 'q/BUILD': 'load(":m.bzl", "m")\n', 'q/m.bzl': 'm = 1\nnative.glob(["x"])\n' }, '//q:*');
    expect(bad.stderr).toContain('Error in glob: The native module can be accessed only from a BUILD thread. Wrap the function in a macro and call it from a BUILD file');
    expect(bad.stderr).toContain("ERROR: error loading package 'q': Extension file 'q/m.bzl' has errors");
  });

  it('globs hidden files, stops at subpackages and keeps select() unresolved', async () => {
    const r = await query(
      {
        ...V4,
        'p/a.txt': '',
        'p/b.txt': '',
        'p/.hidden': '',
        'p/sub/c.txt': '',
        'p/sub/BUILD': '',
        'p/BUILD':
          'config_setting(name = "arm", values = {"cpu": "arm"})\n' +
          'filegroup(name = "fg", srcs = glob(["*.txt", "**/*.txt"]) + select({":arm": ["x"], "//conditions:default": []}))\n' +
          'filegroup(name = "h", srcs = glob(["*"], exclude = ["BUILD"]))\n',
      },
      '//p:*',
      '--output=label_kind',
    );
    expect(r.stdout).toBe(
      'filegroup rule //p:h\nfilegroup rule //p:fg\nsource file //p:x\nsource file //p:b.txt\nconfig_setting rule //p:arm\nsource file //p:a.txt\nsource file //p:BUILD\nsource file //p:.hidden\n',
    );
  });
});

describe('loadWorkspace and other commands', () => {
  it('loads every package and every .bzl file', () => {
    const r = loadWorkspace({ ...V4, 'p/BUILD': 'filegroup(name = "a", srcs = ["x"])\n', 'p/unused.bzl': 'x = undefined_name\n' });
    expect(r.profile).toBe('bazel4');
    expect(r.packages).toEqual(['p']);
    expect(r.targets.map((t) => `${t.kind} ${t.label} ${t.location.line}:${t.location.column}`)).toEqual([
      'source file //p:BUILD 1:1',
      'filegroup rule //p:a 1:10',
      'source file //p:x 1:10',
    ]);
    expect(r.diagnostics.map((d) => `${d.file}:${d.range.start.line}: ${d.message}`)).toEqual(["p/unused.bzl:1: name 'undefined_name' is not defined"]);
  });

  it('prints the version, help and Bazel unknown-command message', async () => {
    expect((await runCommand(V4, ['version'])).stdout).toMatch(/^Build label: 4\.2\.3\n/);
    expect((await runCommand(V4, ['help'])).stdout).toContain('Usage: bazel <command> <options> ...');
    const r = await runCommand(V4, ['foo']);
    expect([r.exitCode, r.stderr]).toEqual([2, "Command 'foo' not found. Try 'bazel help'.\n"]);
  });
});
