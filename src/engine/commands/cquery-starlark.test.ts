// cquery --output=starlark: --starlark:expr and --starlark:file, the formatter's errors (with Bazel's wording),
// the Target value, providers(target) and the libraries the formatter sees, under current Bazel and Bazel 4.2.3.

import { describe, expect, it } from 'vitest';
import { runCommand } from '../index.ts';

const MY_RULE = `MyInfo = provider(fields = ["label"])
def _impl(ctx):
    return [MyInfo(label = "some_value"), DefaultInfo(files = depset(ctx.files.srcs))]
my_rule = rule(implementation = _impl, attrs = {"srcs": attr.label_list(allow_files = True)})
`;

const files = {
  'MODULE.bazel': '',
  'p/BUILD': `load(":my_rule.bzl", "my_rule")
my_rule(name = "r", srcs = ["a.txt"])
alias(name = "al", actual = ":r")
genrule(name = "g", outs = ["g.txt"], cmd = "echo > $@")
exports_files(["a.txt"])
`,
  'p/a.txt': '',
  'p/my_rule.bzl': MY_RULE,
  'p/two.bzl': 'def format(t, u):\n    return ""\n',
  'p/notfn.bzl': 'format = 1\n',
  'p/nofmt.bzl': 'def foo(t):\n    return ""\n',
  'p/bad.bzl': 'def format(t):\n    return (\n',
  'p/keys.bzl': 'def format(target):\n    p = providers(target)\n    return str(target.label) + " " + str(sorted(p.keys()) if p != None else None)\n',
};
const old = { ...files, '.bazelversion': '4.2.3', WORKSPACE: '' };

const cquery = (ws: Record<string, string>, ...args: string[]) => runCommand(ws, ['cquery', ...args]);

describe('cquery --output=starlark', () => {
  it('formats each target with str(target.label) by default; an alias has its actual label', async () => {
    const r = await cquery(files, '//p:all', '--output=starlark');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('@@//p:al\n@@//p:g\n@@//p:r\n'.replace('@@//p:al', '@@//p:r'));
    expect((await cquery(old, '//p:r', '--output=starlark')).stdout).toBe('//p:r\n');
  });

  it('reports the errors Bazel raises while making the formatter, whatever the output format', async () => {
    const cases: [string[], string][] = [
      [['--starlark:expr=a', '--starlark:file=b'], 'You must not specify both --starlark:expr and --starlark:file'],
      [['--starlark:expr=no_symbol'], "invalid --starlark:expr: name 'no_symbol' is not defined"],
      [['--starlark:expr=def foo(): return 5'], "invalid --starlark:expr: syntax error at 'def': expected expression"],
      [['--starlark:expr=(1'], 'invalid --starlark:expr: syntax error at'],
      [['--starlark:file=p/missing.bzl'], 'invalid --starlark:file: failed to read p/missing.bzl'],
      [['--starlark:file=p/nofmt.bzl'], "invalid --starlark:file: file does not define 'format'"],
      [['--starlark:file=p/two.bzl'], "invalid --starlark:file: 'format' function must take exactly 1 argument"],
      [['--starlark:file=p/notfn.bzl'], "invalid --starlark:file: got int for 'format', want function"],
    ];
    for (const [flags, message] of cases) {
      const r = await cquery(files, '//p:g', '--output=starlark', ...flags);
      expect(r.stderr).toContain(`ERROR: Error doing post analysis query: ${message}`);
      expect(r.exitCode).toBe(2);
      expect(r.stdout).toBe('');
    }
    const label = await cquery(files, '//p:g', '--output=label', '--starlark:expr=no_symbol');
    expect(label.stderr).toContain("invalid --starlark:expr: name 'no_symbol' is not defined");
    expect((await cquery(old, '//p:g', '--output=starlark', '--starlark:expr=no_symbol')).exitCode).toBe(1);
  });

  it('prints a file\'s syntax errors located, then fails with the first', async () => {
    const r = await cquery(files, '//p:g', '--output=starlark', '--starlark:file=p/bad.bzl');
    expect(r.stderr).toMatch(/ERROR: p\/bad\.bzl:\d+:\d+: syntax error at /);
    expect(r.stderr).toContain('ERROR: Error doing post analysis query: invalid --starlark:file: syntax error at ');
  });

  it('reports a target whose formatting fails, leaves it out and succeeds', async () => {
    const r = await cquery(files, '//p:all', '--output=starlark', '--starlark:expr=target.files.to_list()[0].basename');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('a.txt\ng.txt\na.txt\n');
    const e = await cquery(files, '//p:g', '--output=starlark', '--starlark:expr=target.files.to_list()[1]');
    expect(e.exitCode).toBe(0);
    expect(e.stdout).toBe('');
    expect(e.stderr).toContain(
      'ERROR: Starlark evaluation error for //p:g: Traceback (most recent call last):\n\tFile "--starlark:expr", line 1, column 51, in format\nError: index out of range (index is 1, but sequence has 1 elements)\n',
    );
  });

  it('gives providers(target) keyed as Bazel keys them; an alias has its actual\'s', async () => {
    const r = await cquery(files, 'set(//p:r //p:al //p:a.txt)', '--output=starlark', '--starlark:file=p/keys.bzl');
    expect(r.stdout.split('\n')).toEqual([
      '@@//p:r ["//p:my_rule.bzl%MyInfo", "DefaultInfo", "FileProvider", "FilesToRunProvider", "OutputGroupInfo"]',
      '@@//p:r ["//p:my_rule.bzl%MyInfo", "DefaultInfo", "FileProvider", "FilesToRunProvider", "OutputGroupInfo"]',
      '@@//p:a.txt ["DefaultInfo", "FileProvider", "FilesToRunProvider", "LicensesProvider", "VisibilityProvider"]',
      '',
    ]);
    const value = await cquery(files, '//p:al', '--output=starlark', '--starlark:expr=providers(target)["//p:my_rule.bzl%MyInfo"].label');
    expect(value.stdout).toBe('some_value\n');
    const files4 = await cquery(old, 'set(//p:r //p:al)', '--output=starlark', '--starlark:file=p/keys.bzl');
    expect(files4.stdout.trim().split('\n').sort()).toEqual(['//p:r None', '//p:r ["//p:my_rule.bzl%MyInfo", "FileProvider", "FilesToRunProvider", "OutputGroupInfo"]']);
  });

  it('indexes a target by provider and prints it as Bazel does', async () => {
    const expr = '"%s %s %s" % (target, MyInfo in target if False else "", target[DefaultInfo].files.to_list()[0].path)';
    // MyInfo is not a global of the formatter: only Bazel's providers are reachable by name there.
    expect((await cquery(files, '//p:al', '--output=starlark', `--starlark:expr=${expr}`)).stderr).toContain("name 'MyInfo' is not defined");
    const r = await cquery(files, 'set(//p:al //p:a.txt)', '--output=starlark', '--starlark:expr=str(target) + " " + target.files.to_list()[0].path');
    expect(r.stdout).toBe('<alias target //p:al of //p:r> p/a.txt\n<input file target //p:a.txt> p/a.txt\n');
    const dir = await cquery(files, '//p:g', '--output=starlark', '--starlark:expr=dir(target)');
    expect(dir.stdout).toBe('["data_runfiles", "default_runfiles", "files", "files_to_run", "label", "output_groups"]\n');
  });

  it('has depset, json, proto and struct in current Bazel, none of them in 4.2.3', async () => {
    const expr = "str(type(depset())) + ' ' + json.encode(struct(foo = 'bar')) + ' ' + proto.encode_text(struct(a = [1, 2], b = struct(c = 'x')))";
    const r = await cquery(files, '//p:a.txt', '--output=starlark', `--starlark:expr=${expr}`);
    expect(r.stdout).toBe('depset {"foo":"bar"} a: 1\na: 2\nb {\n  c: "x"\n}\n\n');
    const four = await cquery(old, '//p:a.txt', '--output=starlark', "--starlark:expr=str(type(depset())) + ' ' + str(json.encode(struct(foo = 'bar')))");
    expect(four.stderr).toContain("invalid --starlark:expr: name 'depset' is not defined (+ 2 more)");
    expect(four.exitCode).toBe(1);
  });

  it('gives build_options(target): None for a source file, else the options and the build settings given a value', async () => {
    const ws = {
      ...files,
      'p/flags.bzl': 'def _impl(ctx):\n    return []\nbool_flag = rule(implementation = _impl, build_setting = config.bool(flag = True))\n',
      'p/BUILD': files['p/BUILD'] + 'load(":flags.bzl", "bool_flag")\nbool_flag(name = "f", build_setting_default = False)\n',
    };
    const expr = '--starlark:expr=str(build_options(target)["//p:f"]) if build_options(target) and "//p:f" in build_options(target) else str(build_options(target) and build_options(target)["//command_line_option:cpu"])';
    expect((await cquery(ws, '//p:g', '--output=starlark', expr)).stdout).toBe('k8\n');
    expect((await cquery(ws, '//p:g', '--output=starlark', expr, '--//p:f', '--cpu=arm')).stdout).toBe('True\n');
    expect((await cquery(ws, '//p:a.txt', '--output=starlark', expr)).stdout).toBe('None\n');
    const wrong = await cquery(ws, '//p:g', '--output=starlark', '--starlark:expr=build_options(False)');
    expect(wrong.stderr).toContain("Error in build_options: in call to build_options(), parameter 'target' got value of type 'bool', want 'Target'");
  });
});
