// Starlark transitions: a rule class's cfg and an attribute's cfg change the configuration their targets are
// analysed in (build settings and native options), output files follow their rule, a setting set back to its
// default is no change, and an invalid --cpu is Bazel's configuration error (exit 2).

import { describe, expect, it } from 'vitest';
import { runCommand } from '../index.ts';

const rules = `Info = provider(fields = ["value"])
def _flag_impl(ctx):
    return Info(value = ctx.build_setting_value)
flavor = rule(implementation = _flag_impl, build_setting = config.string(flag = True))
def _to_variant(settings, attr):
    return {"//p:flavor": attr.want}
to_variant = transition(implementation = _to_variant, inputs = [], outputs = ["//p:flavor"])
def _lib_impl(ctx):
    print(ctx.label.name + " sees " + ctx.attr._flavor[Info].value)
    out = ctx.actions.declare_file(ctx.label.name + ".txt")
    ctx.actions.write(out, ctx.attr._flavor[Info].value)
    return [DefaultInfo(files = depset([out]))]
lib = rule(implementation = _lib_impl, attrs = {"_flavor": attr.label(default = "//p:flavor")})
def _wrapper_impl(ctx):
    return [DefaultInfo(files = depset(transitive = [d[DefaultInfo].files for d in ctx.attr.deps]))]
wrapper = rule(implementation = _wrapper_impl, attrs = {"deps": attr.label_list(cfg = to_variant), "want": attr.string()})
transitioned_lib = rule(implementation = _lib_impl, cfg = to_variant, attrs = {"_flavor": attr.label(default = "//p:flavor"), "want": attr.string()})
`;
const files = {
  'MODULE.bazel': '',
  'p/defs.bzl': rules,
  'p/BUILD': `load(":defs.bzl", "flavor", "lib", "transitioned_lib", "wrapper")
flavor(name = "flavor", build_setting_default = "default")
lib(name = "lib")
wrapper(name = "wrapper", deps = [":lib"], want = "variant")
wrapper(name = "same", deps = [":lib"], want = "default")
transitioned_lib(name = "self", want = "own")
`,
};

describe('Starlark transitions', () => {
  it("an attribute's transition analyses the dependency in the configuration it makes", async () => {
    const r = await runCommand(files, ['build', '//p:wrapper']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('lib sees variant');
    const top = await runCommand(files, ['cquery', 'deps(//p:wrapper)']);
    const wrapperCfg = /\/\/p:wrapper \((\w+)\)/.exec(top.stdout)![1];
    const libCfg = /\/\/p:lib \((\w+)\)/.exec(top.stdout)![1];
    expect(libCfg).not.toBe(wrapperCfg);
  });

  it('setting a flag to its default is no transition', async () => {
    const r = await runCommand(files, ['cquery', 'deps(//p:same)']);
    const cfgs = new Set([...r.stdout.matchAll(/\/\/p:(?:same|lib) \((\w+)\)/g)].map((m) => m[1]));
    expect(cfgs.size).toBe(1);
  });

  it("a rule class's transition applies to its targets", async () => {
    const r = await runCommand(files, ['build', '//p:self']);
    expect(r.stderr).toContain('self sees own');
    const q = await runCommand(files, ['cquery', '//p:self + //p:lib']);
    const cfgs = new Set([...q.stdout.matchAll(/\/\/p:(?:self|lib) \((\w+)\)/g)].map((m) => m[1]));
    expect(cfgs.size).toBe(2);
  });

  it('config(x, target) is the top-level configuration only', async () => {
    const r = await runCommand(files, ['cquery', 'config(//p:lib, target)', '--universe_scope=//p:wrapper,//p:lib']);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('a transition to an invalid --cpu fails the build with exit 2', async () => {
    const r = await runCommand(
      {
        'MODULE.bazel': '',
        't/rule.bzl': "def _t(settings, attr):\n  return {'//command_line_option:cpu': '//bad:cpu'}\nt = transition(implementation = _t, inputs = [], outputs = ['//command_line_option:cpu'])\ndef _i(ctx):\n  return []\nr = rule(implementation = _i, cfg = t)\n",
        't/BUILD': "load(':rule.bzl', 'r')\nr(name = 't')\n",
      },
      ['build', '//t:t'],
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("CPU name '//bad:cpu' is invalid as part of a path: must not contain /");
  });

  it("a rule transition's attr holds select()s resolved before it, but not one reading a setting it writes", async () => {
    const ws = (outputs: string) => ({
      'MODULE.bazel': '',
      's/defs.bzl': `def _flag_impl(ctx):
    return []
bool_flag = rule(implementation = _flag_impl, build_setting = config.bool(flag = True))
def _t(settings, attr):
    print("want=" + str(getattr(attr, "want")))
    return {${outputs}}
t = transition(implementation = _t, inputs = [], outputs = [${outputs.replace(/: \w+/g, '')}])
def _i(ctx):
    return []
r = rule(implementation = _i, cfg = t, attrs = {"want": attr.bool()})
`,
      's/BUILD': `load(":defs.bzl", "bool_flag", "r")
bool_flag(name = "in", build_setting_default = True)
bool_flag(name = "out", build_setting_default = False)
config_setting(name = "on", flag_values = {":in": "True"})
r(name = "r", want = select({":on": True, "//conditions:default": False}))
`,
    });
    const reads = await runCommand(ws('"//s:out": True'), ['build', '//s:r']);
    expect(reads.exitCode).toBe(0);
    expect(reads.stderr).toContain('want=True');
    const writes = await runCommand(ws('"//s:out": True, "//s:in": False'), ['build', '//s:r']);
    expect(writes.exitCode).not.toBe(0);
    expect(writes.stderr).toContain("No attribute 'want'.");
    expect(writes.stderr).toContain('Errors encountered while applying Starlark transition');
  });
});
