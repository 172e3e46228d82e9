// genquery through `build`: the output file named after the rule, scope errors as analysis failures, and
// compressed_output as a real gzip stream under the current profile.

import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { utf8Decode } from '../base/index.ts';
import { runCommand } from '../commands/index.ts';

const LIB = {
  'lib/BUILD': 'filegroup(name = "leaf", srcs = ["a.txt"], visibility = ["//visibility:public"])\nfilegroup(name = "top", srcs = [":leaf"], visibility = ["//visibility:public"])',
  'lib/a.txt': '',
};

describe('genquery', () => {
  it('writes the query result to a file named after the rule', async () => {
    const r = await runCommand({ WORKSPACE: '', '.bazelversion': '4.2.3', ...LIB, 'q/BUILD': 'genquery(name = "q", expression = "deps(//lib:top)", scope = ["//lib:top"])' }, ['build', '//q:q']);
    expect(r.exitCode).toBe(0);
    expect(utf8Decode(r.outputs['bazel-bin/q/q']!)).toBe('//lib:top\n//lib:leaf\n//lib:a.txt\n');
    expect(r.explanations?.genqueries?.['//q:q']).toBeDefined();
  });

  it('expression is configurable: its select() resolves before the query runs (Bazel 4.2.3)', async () => {
    const files = {
      WORKSPACE: '',
      '.bazelversion': '4.2.3',
      ...LIB,
      'q/BUILD': [
        'config_setting(name = "opt", values = {"compilation_mode": "opt"})',
        'genquery(name = "q", expression = select({":opt": "deps(//lib:top)", "//conditions:default": "//lib:top"}), scope = ["//lib:top"])',
      ].join('\n'),
    };
    const plain = await runCommand(files, ['build', '//q:q']);
    expect(plain.exitCode).toBe(0);
    expect(utf8Decode(plain.outputs['bazel-bin/q/q']!)).toBe('//lib:top\n');
    const opt = await runCommand(files, ['build', '//q:q', '-c', 'opt']);
    expect(opt.exitCode).toBe(0);
    expect(utf8Decode(opt.outputs['bazel-bin/q/q']!)).toBe('//lib:top\n//lib:leaf\n//lib:a.txt\n');
  });

  it('orders its output over the edges the expression traversed only, as bazel query does (Bazel 4.2.3)', async () => {
    const files = {
      WORKSPACE: '',
      '.bazelversion': '4.2.3',
      'a/BUILD': [
        'filegroup(name = "afg", srcs = ["z.txt", ":bfg"])',
        'filegroup(name = "bfg", srcs = ["y.txt"])',
        'genquery(name = "q1", expression = "//a:afg + //a:z.txt", scope = [":afg"])',
        'genquery(name = "q3", expression = "deps(//a:afg)", scope = [":afg"])',
        'genquery(name = "q4", expression = "//a:afg + //a:y.txt + deps(//a:bfg)", scope = [":afg"])',
        'genquery(name = "q5", expression = "//a:afg + //a:z.txt", scope = [":afg"], opts = ["--output=xml"])',
      ].join('\n'),
      'a/z.txt': '',
      'a/y.txt': '',
    };
    const r = await runCommand(files, ['build', '//a:all']);
    expect(r.exitCode).toBe(0);
    const out = (n: string) => utf8Decode(r.outputs[`bazel-bin/a/${n}`]!);
    expect(out('q1')).toBe('//a:z.txt\n//a:afg\n');
    expect(out('q3')).toBe('//a:afg\n//a:z.txt\n//a:bfg\n//a:y.txt\n');
    expect(out('q4')).toBe('//a:bfg\n//a:y.txt\n//a:afg\n');
    expect(out('q5').indexOf('name="//a:z.txt"')).toBeLessThan(out('q5').indexOf('name="//a:afg"'));
  });

  it('a strict query leaving the scope fails the build', async () => {
    const r = await runCommand({ WORKSPACE: '', '.bazelversion': '4.2.3', ...LIB, 'q/BUILD': 'genquery(name = "q", expression = "//lib:top", scope = ["//lib:leaf"])' }, ['build', '//q:q']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("target '//lib:top' is not within the scope of the query");
  });

  it('compressed_output = True writes gzip (current Bazel)', async () => {
    const r = await runCommand(
      { 'MODULE.bazel': '', ...LIB, 'q/BUILD': 'genquery(name = "q", expression = "//lib:top", scope = ["//lib:top"], compressed_output = True)' },
      ['build', '//q:q'],
    );
    expect(r.exitCode).toBe(0);
    const bytes = r.outputs['bazel-bin/q/q']!;
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    expect(gunzipSync(bytes).toString('utf8')).toBe('//lib:top\n');
  });

  it('current Bazel does not analyse the scope: a private scope target is fine, a missing one breaks the closure', async () => {
    const priv = await runCommand(
      { 'MODULE.bazel': '', 'b/BUILD': 'filegroup(name = "t")', 'a/BUILD': 'genquery(name = "q", expression = "//b:t", scope = ["//b:t"])' },
      ['build', '//a:q'],
    );
    expect(priv.exitCode).toBe(0);
    const old = await runCommand(
      { WORKSPACE: '', '.bazelversion': '4.2.3', 'b/BUILD': 'filegroup(name = "t")', 'a/BUILD': 'genquery(name = "q", expression = "//b:t", scope = ["//b:t"])' },
      ['build', '//a:q'],
    );
    expect(old.stderr).toContain("target '//b:t' is not visible from target '//a:q'");
    const missing = await runCommand(
      { 'MODULE.bazel': '', 'b/BUILD': '', 'a/BUILD': 'genquery(name = "q", expression = "set()", scope = ["//b:t"])' },
      ['build', '//a:q'],
    );
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain('in genquery rule //a:q: errors were encountered while computing transitive closure of the scope');
    expect(missing.stderr).toContain("no such target '//b:t'");
  });

  it("a broken target only an untaken select() branch reaches fails the genquery, its error printed once as its finder located it", async () => {
    const files = {
      'a/BUILD': 'filegroup(name = "fg", srcs = ["f1.txt", "f1.txt"])\nexports_files(["f2.txt"])',
      'b/BUILD':
        'config_setting(name = "ppc", values = {"cpu": "ppc"})\n' +
        'filegroup(name = "fg", srcs = select({":ppc": ["//a:f2.txt"], "//conditions:default": []}))\n' +
        'genquery(name = "q", expression = "deps(//b:fg)", scope = [":fg"])',
    };
    for (const [marker, profile, period] of [['WORKSPACE', { '.bazelversion': '4.2.3' }, '.'], ['MODULE.bazel', {}, '']] as const) {
      const r = await runCommand({ [marker]: '', ...profile, ...files }, ['build', '//b:q']);
      expect(r.exitCode).toBe(1);
      const errors = r.stderr.split('\n').filter((l) => l.startsWith('ERROR: '));
      expect(errors.filter((l) => l.includes("Label '//a:f1.txt' is duplicated"))).toHaveLength(1);
      expect(errors).toContain("ERROR: /workspace/b/BUILD:2:10: Target '//a:f2.txt' contains an error and its package is in error and referenced by '//b:fg'");
      expect(errors).toContain(`ERROR: /workspace/b/BUILD:3:9: in genquery rule //b:q: errors were encountered while computing transitive closure of the scope${period}`);
    }
  });

  it("an unknown --output in opts is a rule error listing genquery's formats", async () => {
    const r = await runCommand(
      { 'MODULE.bazel': '', 'a/BUILD': 'filegroup(name = "t")\ngenquery(name = "q", expression = "//a:t", scope = [":t"], opts = ["--output=blargh"])' },
      ['build', '//a:q'],
    );
    expect(r.stderr).toContain(
      "in genquery rule //a:q: Invalid output format 'blargh'. Valid values are: label, label_kind, build, minrank, maxrank, package, location, graph, xml, proto, streamed_jsonproto, streamed_proto",
    );
  });
});
