// Every command's failures come back as located Diagnostics (CommandResult.diagnostics) besides Bazel's console
// text: what the editor marks and Problems lists. The console text is made from them (base/consoleText) and
// stays Bazel's.

import { describe, expect, it } from 'vitest';
import { runCommand } from './index.ts';

const run = (files: Record<string, string>, ...argv: string[]) => runCommand({ WORKSPACE: '', '.bazelversion': '4.2.3', ...files }, argv, { workspaceDir: '/ws' });

const BUILD = [
  'config_setting(name = "arm", values = {"cpu": "arm"})',
  'config_setting(name = "opt", values = {"compilation_mode": "opt"})',
  'genrule(',
  '    name = "amb",',
  '    outs = ["amb.txt"],',
  '    cmd = select({":arm": "a", ":opt": "o"}),',
  ')',
  'genrule(name = "broken", srcs = ["//tools:licecse"], outs = ["b.txt"], cmd = "cp $< $@")',
  'genrule(name = "fails", outs = ["f.txt"], cmd = "exit 3")',
  'sh_test(name = "t", srcs = ["t.sh"])',
].join('\n');
const FILES = { 'pkg/BUILD': BUILD, 'pkg/t.sh': '#!/bin/sh\nexit 1\n', 'tools/BUILD': 'exports_files(["license"])' };

describe('command diagnostics', () => {
  it('an incompatible target named alone: marked on the target_compatible_with that fails, the chain related', async () => {
    const files = {
      'p/BUILD': [
        'constraint_setting(name = "s")',
        'constraint_value(name = "special", constraint_setting = ":s")',
        'genrule(name = "gr", outs = ["o"], cmd = "touch $@",',
        '    target_compatible_with = [":special"])',
        'genrule(name = "user", srcs = [":gr"], outs = ["u"], cmd = "cp $< $@")',
      ].join('\n'),
    };
    const r = await run(files, 'build', '//p:user');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("ERROR: Target //p:user is incompatible and cannot be built, but was explicitly requested.\nDependency chain:\n    //p:user\n    //p:gr   <-- target platform didn't satisfy constraint //p:special\n");
    const d = r.diagnostics.find((x) => x.message.startsWith('Target //p:user is incompatible'))!;
    expect(d).toMatchObject({ file: 'p/BUILD', severity: 'error', target: '//p:user', range: { start: { line: 4, column: 5 } } });
    expect(d.message).toContain('does not have //p:special, which //p:gr requires');
    expect(d.related?.map((x) => [x.range.start.line, x.message])).toEqual([[5, '//p:user depends on //p:gr']]);
    // A pattern that brings it in skips it: nothing fails, nothing is marked.
    const all = await run(files, 'build', '//p:all');
    expect(all.exitCode).toBe(0);
    expect(all.diagnostics.filter((x) => x.message.includes('incompatible'))).toEqual([]);
  });

  it('an ambiguous select(): marked on the select(), the matching conditions related, printed at the rule', async () => {
    const r = await run(FILES, 'build', '//pkg:amb', '--cpu=arm', '-c', 'opt');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('ERROR: /ws/pkg/BUILD:3:8: Illegal ambiguous match on configurable attribute "cmd" in //pkg:amb:');
    const d = r.diagnostics.find((x) => x.message.startsWith('Illegal ambiguous match'))!;
    expect(d).toMatchObject({ file: 'pkg/BUILD', kind: 'analysis', target: '//pkg:amb', range: { start: { line: 6, column: 11 }, end: { line: 6, column: 45 } } });
    expect(d.related?.map((x) => [x.range.start.line, x.message])).toEqual([
      [1, '//pkg:arm matches'],
      [2, '//pkg:opt matches'],
    ]);
  });

  it('a label that names nothing: marked on the label string', async () => {
    const r = await run(FILES, 'build', '//pkg:broken');
    expect(r.stderr).toContain("ERROR: /ws/pkg/BUILD:8:8: no such target '//tools:licecse'");
    const d = r.diagnostics.find((x) => x.message.startsWith('no such target'))!;
    expect(d).toMatchObject({ file: 'pkg/BUILD', range: { start: { line: 8, column: 34 }, end: { line: 8, column: 51 } } });
  });

  it('a failed action: marked on its rule, printed as Bazel prints it', async () => {
    const r = await run(FILES, 'build', '//pkg:fails');
    expect(r.stderr).toContain('ERROR: /ws/pkg/BUILD:9:8: Executing genrule //pkg:fails failed: (Exit 3)');
    const d = r.diagnostics.find((x) => x.kind === 'execution')!;
    expect(d).toMatchObject({ file: 'pkg/BUILD', target: '//pkg:fails', range: { start: { line: 9, column: 1 }, end: { line: 9, column: 8 } } });
  });

  it('a failed test: marked on the test rule', async () => {
    const r = await run(FILES, 'test', '//pkg:t');
    expect(r.exitCode).toBe(3);
    const d = r.diagnostics.find((x) => x.target === '//pkg:t')!;
    expect(d.message).toBe('//pkg:t FAILED (exit code 1): see bazel-testlogs/pkg/t/test.log');
    expect(d.range.start).toEqual({ line: 10, column: 1 });
  });

  it('cquery reports the same diagnostics as build, and keeps the select() explanation of a target that failed', async () => {
    const b = await run(FILES, 'build', '//pkg:amb', '--cpu=arm', '-c', 'opt');
    const c = await run(FILES, 'cquery', '//pkg:amb', '--cpu=arm', '-c', 'opt');
    expect(c.exitCode).toBe(1);
    expect(c.diagnostics).toEqual(b.diagnostics);
    const [key, [e]] = Object.entries(c.explanations!.selects!)[0]!;
    expect(key).toMatch(/^\/\/pkg:amb \(/);
    expect(e!.parts[0]!.outcome).toBe('ambiguous');
  });

  it('the same loading error twice in one package is printed twice, the package error once (4.2.3, checked)', async () => {
    const files = {
      'p/defs.bzl': 'def _impl(ctx):\n    return []\nr = rule(implementation = _impl, attrs = {"s": attr.string(values = ["a"])})\n',
      'p/BUILD': 'load(":defs.bzl", "r")\nr(name = "x", s = select({"//c:y": "z", "//c:z": "z"}))\n',
    };
    const r = await run(files, 'build', '--nobuild', '//p:x');
    expect(r.exitCode).toBe(1);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('ERROR:'))).toEqual([
      "ERROR: /ws/p/BUILD:2:2: //p:x: invalid value in 's' attribute: has to be one of 'a' instead of 'z'",
      "ERROR: /ws/p/BUILD:2:2: //p:x: invalid value in 's' attribute: has to be one of 'a' instead of 'z'",
      "ERROR: error loading package 'p': Package 'p' contains errors",
    ]);
  });

  it('a cquery word that is not a valid target pattern is skipped as a build skips it, not a crash', async () => {
    const r = await run(FILES, 'cquery', '€');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("ERROR: Skipping '€': Bad target pattern '€': invalid package name '€'");
    expect(r.stderr).not.toContain('crashed');
  });
  it('an error a target reports alike in two configurations is printed once (Bazel prints an event once)', async () => {
    const files = {
      'a/BUILD': 'genrule(name = "bad", outs = ["bad.txt"], cmd = "echo $(FOO) > $@", visibility = ["//visibility:public"])',
      'b/BUILD': 'genrule(name = "t1", srcs = ["//a:bad"], outs = ["t1.txt"], cmd = "cp $< $@")\ngenrule(name = "t2", tools = ["//a:bad"], outs = ["t2.txt"], cmd = "touch $@")',
    };
    for (const command of ['cquery', 'build']) {
      const r = await run(files, command, '--keep_going', '//b:all');
      expect(r.exitCode).toBe(1);
      expect(r.stderr.split('$(FOO) not defined').length - 1).toBe(1);
    }
  });

  it('--keep_going: a file of a package in error fails unreported; every "errors encountered" warning follows the analysis errors', async () => {
    const files = {
      WORKSPACE: '',
      '.bazelversion': '4.2.3',
      'b/BUILD': 'filegroup(name = "ok", srcs = ["x.txt"])\nfilegroup(name = "bad", srcs = ["y", "y"])\ngenrule(name = "g", outs = ["g.txt"], cmd = "touch $@")\n',
      'b/x.txt': '',
      'b/y': '',
    };
    const build = await runCommand(files, ['build', '//b:ok', '//b:x.txt', '//b:g.txt', '--keep_going']);
    const lines = build.stderr.split('\n');
    const lastError = lines.findLastIndex((l) => l.startsWith("ERROR: in target '//b:g.txt'"));
    const warnings = lines.filter((l) => l.startsWith('WARNING: errors encountered while analyzing target'));
    expect(warnings).toEqual(['//b:ok', '//b:x.txt', '//b:g.txt'].map((t) => `WARNING: errors encountered while analyzing target '${t}': it will not be built`));
    expect(lastError).toBeGreaterThan(-1);
    expect(lastError).toBeLessThan(lines.indexOf(warnings[0]!));
    const cquery = await runCommand(files, ['cquery', '//b:x.txt', '--keep_going']);
    expect(cquery.exitCode).toBe(1);
    expect(cquery.stdout).toBe('');
    expect(cquery.stderr).toContain("WARNING: errors encountered while analyzing target '//b:x.txt': it will not be built");
  });
});
