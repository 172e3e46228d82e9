// Starlark build settings from the command line: label_flag values, flag aliases (and where --flag_alias may be
// written), canonicalize-flags, ctx.fragments, and a rule whose own `cfg` is an attribute transition
// (integration/starlark_configurations_test.sh).

import { describe, expect, it } from 'vitest';
import { runCommand } from '../index.ts';

const rules = `Info = provider(fields = ["value"])
def _flag_impl(ctx):
    return Info(value = ctx.build_setting_value)
string_flag = rule(implementation = _flag_impl, build_setting = config.string(flag = True))
def _show_impl(ctx):
    print("flag=" + ctx.attr.flag[Info].value)
    print("strict=" + ctx.fragments.java.strict_java_deps)
show = rule(implementation = _show_impl, attrs = {"flag": attr.label()})
def _value_impl(ctx):
    return Info(value = ctx.attr.value)
value = rule(implementation = _value_impl, attrs = {"value": attr.string()})
`;
const files = {
  'MODULE.bazel': '',
  'p/rules.bzl': rules,
  'p/BUILD': `load(":rules.bzl", "show", "string_flag", "value")
string_flag(name = "f", build_setting_default = "dflt")
show(name = "s", flag = ":f")
value(name = "one", value = "one_val")
value(name = "two", value = "two_val")
label_flag(name = "lf", build_setting_default = ":one")
show(name = "via_label", flag = ":lf")
`,
};

describe('build settings on the command line', () => {
  it('a label_flag stands for the target the command line names, else its default', async () => {
    expect((await runCommand(files, ['build', '//p:via_label'])).stderr).toContain('flag=one_val');
    const set = await runCommand(files, ['build', '//p:via_label', '--//p:lf=//p:two']);
    expect(set.exitCode).toBe(0);
    expect(set.stderr).toContain('flag=two_val');
  });

  it('a flag alias from a build line of the .bazelrc sets the Starlark flag', async () => {
    const r = await runCommand({ ...files, '.bazelrc': 'build --flag_alias=drink=//p:f\n' }, ['build', '//p:s', '--drink=coffee']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('flag=coffee');
  });

  it('--flag_alias on any rc line but a plain build one fails every command', async () => {
    for (const line of ['test --flag_alias=drink=//p:f', 'build:x --flag_alias=drink=//p:f', 'test --flag_alias drink=//p:f']) {
      const r = await runCommand({ ...files, '.bazelrc': line + '\n' }, ['build', '//p:s']);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(`"${line.split(' ')[1]}" disallowed. --flag_alias only supports the "build" command.`);
    }
  });

  it('canonicalize-flags prints native options by name, then Starlark flags, aliases resolved', async () => {
    const r = await runCommand({ ...files, '.bazelrc': 'build --flag_alias=drink=//p:f\n' }, ['canonicalize-flags', '--', '-k', '-c', 'opt', '--drink=tea']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('--compilation_mode=opt\n--keep_going=1\n--//p:f=tea\n');
  });

  it('ctx.fragments.java.strict_java_deps is the --strict_java_deps mode', async () => {
    expect((await runCommand(files, ['build', '//p:s'])).stderr).toContain('strict=default');
    expect((await runCommand(files, ['build', '//p:s', '--strict_java_deps=off'])).stderr).toContain('strict=off');
  });

  it('rule(cfg = config.exec()) is an error of the .bzl file', async () => {
    const r = await runCommand(
      { 'MODULE.bazel': '', 'p/r.bzl': 'def _i(ctx):\n    pass\nr = rule(implementation = _i, cfg = config.exec())\n', 'p/BUILD': 'load(":r.bzl", "r")\nr(name = "r")\n' },
      ['build', '//p:r'],
    );
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toContain('`cfg` must be set to a transition appropriate for a rule, not an attribute-specific transition.');
  });

  it('a package group may be the function-transition allowlist attribute, nowhere else', async () => {
    const ws = (attr: string) => ({
      'MODULE.bazel': '',
      'a/BUILD': 'package_group(name = "allow", packages = ["//..."])\n',
      'p/r.bzl': `def _i(ctx):\n    pass\nr = rule(implementation = _i, attrs = {"${attr}": attr.label(default = "//a:allow")})\n`,
      'p/BUILD': 'load(":r.bzl", "r")\nr(name = "r")\n',
    });
    expect((await runCommand(ws('_allowlist_function_transition'), ['build', '//p:r'])).exitCode).toBe(0);
    const other = await runCommand(ws('_other'), ['build', '//p:r']);
    expect(other.exitCode).toBe(1);
    expect(other.stderr).toContain('is misplaced here (they are only allowed in the visibility attribute)');
  });
});
