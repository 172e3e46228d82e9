// Scenario tests of config_setting matching and select() resolution: one per matching rule of the spec's
// config_setting section and one per error, each expectation checked with Bazel 4.2.3 (a genrule whose cmd is
// the select() and `bazel --batch build //pkg:t && cat bazel-bin/pkg/t.txt`), unless marked as modern.

import { describe, expect, it } from 'vitest';
import { matchConfigSetting, resolveAttribute, type SelectExplanation } from './index.ts';
import { scenario } from './scenario-helpers.ts';

/** A BUILD file with the given config_settings and a genrule `t` whose cmd selects on them (default: "default"). */
function pick(settings: string, keys: readonly string[], args: readonly string[], opts: { extra?: Record<string, string>; noDefault?: boolean; version?: string } = {}) {
  const branches = keys.map((k) => `"${k}": "${k.replace(/^:/, '')}"`);
  if (!opts.noDefault) branches.push('"//conditions:default": "default"');
  const files: Record<string, string> = {
    'pkg/BUILD': `${settings}\ngenrule(name = "t", outs = ["t.txt"], cmd = select({${branches.join(', ')}}))\n`,
    ...opts.extra,
  };
  if (opts.version !== undefined) files['.bazelversion'] = opts.version;
  const s = scenario(files, args);
  const r = resolveAttribute(s.rule('//pkg:t'), 'cmd', s.target, s.ctx);
  return { s, r, value: 'value' in r ? r.value : undefined, error: 'error' in r ? r.error : undefined, why: r.explanation as SelectExplanation };
}

const PLATFORMS = {
  'plat/BUILD': `package(default_visibility = ["//visibility:public"])
constraint_setting(name = "color", default_constraint_value = ":blue")
constraint_value(name = "red", constraint_setting = ":color")
constraint_value(name = "blue", constraint_setting = ":color")
constraint_setting(name = "size")
constraint_value(name = "big", constraint_setting = ":size")
platform(name = "red_plat", constraint_values = [":red"])
platform(name = "red_big_plat", constraint_values = [":red", ":big"])
platform(name = "big_child", parents = [":red_plat"], constraint_values = [":big"])
platform(name = "nothing_plat")
`,
};

describe('config_setting matching rules', () => {
  it('2: every entry must match', () => {
    const settings = 'config_setting(name = "s", values = {"cpu": "arm", "compilation_mode": "opt"})';
    expect(pick(settings, [':s'], ['--cpu=arm']).value).toBe('default');
    const r = pick(settings, [':s'], ['--cpu=arm', '-c', 'opt']);
    expect(r.value).toBe('s');
    expect(r.why.conditions[0]!.checks.map((c) => [c.key, c.expected, c.actual, c.matches])).toEqual([
      ['cpu', 'arm', 'arm', true],
      ['compilation_mode', 'opt', 'opt', true],
    ]);
  });

  it('3: the short form of a flag matches the full name', () => {
    const r = pick('config_setting(name = "opt", values = {"compilation_mode": "opt"})', [':opt'], ['-c', 'opt']);
    expect(r.value).toBe('opt');
    expect(r.why.conditions[0]!.checks[0]!.source).toEqual({ kind: 'command-line' });
  });

  it('4: an unset flag compares its default (fastbuild, k8)', () => {
    const r = pick('config_setting(name = "fast", values = {"compilation_mode": "fastbuild"})\nconfig_setting(name = "k8", values = {"cpu": "k8", "compilation_mode": "fastbuild"})', [':fast', ':k8'], []);
    expect(r.value).toBe('k8');
    expect(r.why.conditions[0]!.checks[0]!.source).toEqual({ kind: 'default' });
    expect(r.why.reason).toBe('//pkg:k8 matches and is more specialized than //pkg:fast (it has all of their settings and more).');
  });

  it('5: a duplicate key in a dict literal is a Starlark error (Bazel rejects the literal)', () => {
    const s = scenario({ 'pkg/BUILD': 'config_setting(name = "s", values = {"cpu": "arm", "cpu": "x86"})\n' });
    s.ctx.loader.getPackage('pkg');
    expect(s.ctx.loader.events.map((e) => e.text).join('\n')).toContain('dictionary expression has duplicate key: "cpu"');
  });

  it('6: a flag given several times matches when any instance matches', () => {
    const r = pick('config_setting(name = "b", values = {"copt": "b"})', [':b'], ['--copt=a', '--copt=b', '--copt=c']);
    expect(r.value).toBe('b');
    expect(r.why.conditions[0]!.checks[0]!.actual).toBe('[a, b, c]');
  });

  it('7: list flags split per option: --copt=a,b is one value, so is --features=a,b', () => {
    const copt = 'config_setting(name = "foo", values = {"copt": "-DFOO"})\nconfig_setting(name = "ab", values = {"copt": "a,b"})';
    expect(pick(copt, [':foo'], ['--copt=-DFOO,-DBAR']).value).toBe('default');
    expect(pick(copt, [':ab'], ['--copt=a,b']).value).toBe('ab');
    expect(pick(copt, [':ab'], ['--copt=a', '--copt=b']).value).toBe('default');
    const note = pick(copt, [':foo'], ['--copt=-DFOO,-DBAR']).why.conditions[0]!.checks[0]!.note;
    expect(note).toContain('is one value');
    const features = 'config_setting(name = "a", values = {"features": "a"})';
    expect(pick(features, [':a'], ['--features=a,b']).value).toBe('default');
    expect(pick(features, [':a'], ['--features=a', '--features=b']).value).toBe('a');
  });

  it('9: define_values and values {define} combine; the last --define of a key wins', () => {
    expect(pick('config_setting(name = "s", values = {"define": "a=1"}, define_values = {"b": "2"})', [':s'], ['--define=a=1', '--define=b=2']).value).toBe('s');
    expect(pick('config_setting(name = "s", values = {"define": "a=1"}, define_values = {"a": "2"})', [':s'], ['--define=a=1']).value).toBe('default');
    expect(pick('config_setting(name = "s", values = {"define": "a=1"}, define_values = {"a": "1"})', [':s'], ['--define=a=1']).value).toBe('s');
    const r = pick('config_setting(name = "one", define_values = {"k": "1"})\nconfig_setting(name = "two", define_values = {"k": "2"})', [':one', ':two'], ['--define=k=1', '--define=k=2']);
    expect(r.value).toBe('two');
    expect(r.why.conditions[0]!.checks[0]!.note).toContain('the last one wins');
    expect(pick('config_setting(name = "both", define_values = {"a": "1", "b": "2"})', [':both'], ['--define', 'a=1', '--define', 'b=2']).value).toBe('both');
  });

  it('10: constraint_values look at the target platform only; extra constraints do not matter; defaults apply', () => {
    const s = 'config_setting(name = "red", constraint_values = ["//plat:red"])\nconfig_setting(name = "blue", constraint_values = ["//plat:blue"])';
    expect(pick(s, [':red'], ['--platforms=//plat:red_big_plat'], { extra: PLATFORMS }).value).toBe('red');
    expect(pick(s, [':red'], ['--platforms=//plat:big_child'], { extra: PLATFORMS }).value).toBe('red');
    expect(pick(s, [':red'], ['--host_platform=//plat:red_plat'], { extra: PLATFORMS }).value).toBe('default');
    const d = pick(s, [':blue'], ['--platforms=//plat:nothing_plat'], { extra: PLATFORMS });
    expect(d.value).toBe('blue');
    expect(d.why.conditions[0]!.checks[0]!.note).toContain('default_constraint_value');
  });

  it('10b: --cpu does not set the platform and --platforms does not set --cpu', () => {
    const settings = `config_setting(name = "cpu_arm", values = {"cpu": "arm"})
config_setting(name = "plat_arm", constraint_values = ["@platforms//cpu:arm"])
config_setting(name = "both", values = {"cpu": "arm"}, constraint_values = ["@platforms//cpu:arm"])
platform(name = "linux_arm", constraint_values = ["@platforms//os:linux", "@platforms//cpu:arm"])`;
    expect(pick(settings, [':both', ':cpu_arm', ':plat_arm'], ['--platforms=//pkg:linux_arm']).value).toBe('plat_arm');
    expect(pick(settings, [':both', ':cpu_arm', ':plat_arm'], ['--cpu=arm']).value).toBe('cpu_arm');
  });

  it('label-valued options compare as labels', () => {
    const r = pick('config_setting(name = "p", values = {"platforms": "//plat:red_plat"})\nconfig_setting(name = "q", values = {"host_platform": "//plat"})', [':p'], ['--platforms=//plat:red_plat'], { extra: PLATFORMS });
    expect(r.value).toBe('p');
  });

  it('values {define: m=d} and define_values {m: d} are the same condition, so ambiguous with each other', () => {
    const r = pick('config_setting(name = "v", values = {"define": "m=d"})\nconfig_setting(name = "dv", define_values = {"m": "d"})', [':v', ':dv'], ['--define=m=d']);
    expect(r.error).toContain('Illegal ambiguous match on configurable attribute "cmd" in //pkg:t:\n//pkg:v\n//pkg:dv\n');
  });

  it('11: the more specialized setting wins', () => {
    const r = pick('config_setting(name = "arm", values = {"cpu": "arm"})\nconfig_setting(name = "arm_opt", values = {"cpu": "arm", "compilation_mode": "opt"})', [':arm', ':arm_opt'], ['--cpu=arm', '-c', 'opt']);
    expect(r.value).toBe('arm_opt');
    expect(r.why.chosen).toEqual(['//pkg:arm_opt']);
  });

  it('12: settings each with constraints the other lacks are ambiguous; in 4.2.3 constraint supersets too', () => {
    const two = pick('config_setting(name = "red", constraint_values = ["//plat:red"])\nconfig_setting(name = "big", constraint_values = ["//plat:big"])', [':red', ':big'], ['--platforms=//plat:red_big_plat'], { extra: PLATFORMS });
    expect(two.error).toBe('Illegal ambiguous match on configurable attribute "cmd" in //pkg:t:\n//pkg:red\n//pkg:big\nMultiple matches are not allowed unless one is unambiguously more specialized.');
    const sup = 'config_setting(name = "red", constraint_values = ["//plat:red"])\nconfig_setting(name = "red_big", constraint_values = ["//plat:red", "//plat:big"])';
    expect(pick(sup, [':red', ':red_big'], ['--platforms=//plat:red_big_plat'], { extra: PLATFORMS }).error).toContain('Illegal ambiguous match');
    // Current Bazel counts constraint_values for specialization.
    expect(pick(sup, [':red', ':red_big'], ['--platforms=//plat:red_big_plat'], { extra: PLATFORMS, version: '8.4.2' }).value).toBe('red_big');
  });

  it('13: a config_setting is found through an alias (and a chain of them)', () => {
    const r = pick('config_setting(name = "arm", values = {"cpu": "arm"})\nalias(name = "a1", actual = ":arm")\nalias(name = "a2", actual = ":a1")', [':a2'], ['--cpu=arm']);
    expect(r.value).toBe('a2');
    expect(r.why.conditions[0]).toMatchObject({ setting: '//pkg:a2', resolvedTo: '//pkg:arm', matches: true });
  });

  it('14: user-defined flags (skylib build settings): command line, default, lists, bools', () => {
    const settings = `load("@bazel_skylib//rules:common_settings.bzl", "string_flag", "bool_flag", "int_flag", "string_list_flag")
string_flag(name = "sf", build_setting_default = "a", values = ["a", "b"])
bool_flag(name = "bf", build_setting_default = False)
int_flag(name = "if", build_setting_default = 3)
string_list_flag(name = "lf", build_setting_default = ["x"])
config_setting(name = "sf_b", flag_values = {":sf": "b"})
config_setting(name = "bf_t", flag_values = {":bf": "true"})
config_setting(name = "if_3", flag_values = {":if": "3"})
config_setting(name = "lf_y", flag_values = {":lf": "y"})`;
    const one = (key: string, args: string[]) => pick(settings, [key], args).value;
    expect([one(':sf_b', []), one(':bf_t', []), one(':if_3', []), one(':lf_y', [])]).toEqual(['default', 'default', 'if_3', 'default']);
    expect([one(':sf_b', ['--//pkg:sf=b']), one(':bf_t', ['--//pkg:bf']), one(':if_3', ['--//pkg:if=4']), one(':lf_y', ['--//pkg:lf=y,z'])]).toEqual(['sf_b', 'bf_t', 'default', 'lf_y']);
    expect(one(':bf_t', ['--//pkg:bf', '--no//pkg:bf'])).toBe('default');
    const why = pick(settings, [':if_3'], []).why.conditions[0]!.checks[0]!;
    expect(why).toMatchObject({ kind: 'flag_values', key: '//pkg:if', expected: '3', actual: '3', source: { kind: 'default' } });
  });
});

describe('list-valued build settings and duplicate constraints', () => {
  const flags = {
    'pkg/defs.bzl': 'def _impl(ctx):\n    return []\nmulti = rule(implementation = _impl, build_setting = config.string(flag = True, allow_multiple = True))\nlist_flag = rule(implementation = _impl, build_setting = config.string_list(flag = True))\n',
  };
  const settings = 'load(":defs.bzl", "multi", "list_flag")\nmulti(name = "cheese", build_setting_default = "gouda")\nlist_flag(name = "gouda", build_setting_default = ["smoked"])';

  it('a string flag with allow_multiple holds every value given, and matches one of them', () => {
    const s = `${settings}\nconfig_setting(name = "m", flag_values = {":cheese": "pepperjack"})`;
    expect(pick(s, [':m'], ['--//pkg:cheese=pepperjack', '--//pkg:cheese=brie'], { extra: flags }).value).toBe('m');
    expect(pick(s, [':m'], ['--//pkg:cheese=brie'], { extra: flags }).value).toBe('default');
  });

  it('naming several values of a list setting is an error (checked with 4.2.3)', () => {
    const s = `${settings}\nconfig_setting(name = "m", flag_values = {":gouda": "smoked,fresh"})`;
    const { r } = pick(s, [':m'], [], { extra: flags });
    expect('error' in r && r.failedSetting?.text).toContain('in flag_values attribute of config_setting rule //pkg:m: "smoked,fresh" not a valid value for flag //pkg:gouda. Only single, exact values are allowed.');
  });

  it('every constraint_setting given twice, in one error of the config_setting (checked with 4.2.3)', () => {
    const s = [
      'constraint_setting(name = "b")',
      'constraint_value(name = "b1", constraint_setting = ":b")',
      'constraint_value(name = "b2", constraint_setting = ":b")',
      'constraint_setting(name = "m")',
      'constraint_value(name = "m1", constraint_setting = ":m")',
      'constraint_value(name = "m2", constraint_setting = ":m")',
      'config_setting(name = "bad", constraint_values = [":b1", ":b2", ":m1", ":m2"])',
    ].join('\n');
    const { r } = pick(s, [':bad'], []);
    expect('error' in r && r.failedSetting?.text).toBe(
      'in config_setting rule //pkg:bad: Duplicate constraint values detected: constraint_setting //pkg:b has [//pkg:b1, //pkg:b2], constraint_setting //pkg:m has [//pkg:m1, //pkg:m2]',
    );
  });
});

describe('config_feature_flag (current Bazel)', () => {
  const flag = 'config_feature_flag(name = "flag", allowed_values = ["right", "wrong"], default_value = "right")\nalias(name = "alias", actual = ":flag", transitive_configs = [":flag"])';

  it('flag_values reads its default_value, also through an alias; a value it does not allow is an error naming the key as written', () => {
    const on = (value: string, key = ':flag') => pick(`${flag}\nconfig_setting(name = "m", flag_values = {"${key}": "${value}"}, transitive_configs = [":flag"])`, [':m'], ['--enforce_transitive_configs_for_config_feature_flag'], { version: '8.4.2' });
    expect(on('right').value).toBe('m');
    expect(on('wrong').value).toBe('default');
    expect(on('right', ':alias').value).toBe('m');
    const bad = on('invalid', ':alias').r;
    expect('error' in bad && bad.failedSetting?.text).toBe(
      "in flag_values attribute of config_setting rule //pkg:m: error while parsing user-defined configuration values: 'invalid' is not a valid value for '//pkg:alias'",
    );
  });
});

describe('select()', () => {
  it('takes //conditions:default when nothing matches', () => {
    const r = pick('config_setting(name = "arm", values = {"cpu": "arm"})', [':arm'], []);
    expect(r.value).toBe('default');
    expect(r.why.chosen).toEqual(['//conditions:default']);
  });

  it('no match and no default: 4.2.3 text, no_match_error, and the modern text', () => {
    const settings = 'config_setting(name = "arm", values = {"cpu": "arm"})\nconfig_setting(name = "ppc", values = {"cpu": "ppc"})';
    expect(pick(settings, [':arm', ':ppc'], [], { noDefault: true }).error).toBe(
      'Configurable attribute "cmd" doesn\'t match this configuration (would a default condition help?).\nConditions checked:\n //pkg:arm\n //pkg:ppc',
    );
    const s = scenario({ 'pkg/BUILD': `${settings}\ngenrule(name = "t", outs = ["t.txt"], cmd = select({":arm": "a"}, no_match_error = "custom msg"))\n` });
    const r = resolveAttribute(s.rule('//pkg:t'), 'cmd', s.target, s.ctx);
    expect('error' in r && r.error).toBe('Configurable attribute "cmd" doesn\'t match this configuration: custom msg');
    const modern = pick(settings, [':arm', ':ppc'], [], { noDefault: true, version: '8.4.2' }).error!;
    expect(modern).toContain('configurable attribute "cmd" in //pkg:t doesn\'t match this configuration. Would a default condition help?');
    expect(modern).toContain('Conditions checked:\n //pkg:arm\n //pkg:ppc');
  });

  it('ambiguity: an error in 4.2.3 even with equal values; allowed for equal values in current Bazel', () => {
    const settings = 'config_setting(name = "arm", values = {"cpu": "arm"})\nconfig_setting(name = "opt", values = {"compilation_mode": "opt"})';
    const files = (v: string) => ({ 'pkg/BUILD': `${settings}\ngenrule(name = "t", outs = ["t.txt"], cmd = select({":arm": "same", ":opt": "same", "//conditions:default": "d"}))\n`, '.bazelversion': v });
    const s4 = scenario(files('4.2.3'), ['--cpu=arm', '-c', 'opt']);
    const r4 = resolveAttribute(s4.rule('//pkg:t'), 'cmd', s4.target, s4.ctx);
    expect('error' in r4 && r4.error).toBe('Illegal ambiguous match on configurable attribute "cmd" in //pkg:t:\n//pkg:arm\n//pkg:opt\nMultiple matches are not allowed unless one is unambiguously more specialized.');
    const s8 = scenario(files('8.4.2'), ['--cpu=arm', '-c', 'opt']);
    const r8 = resolveAttribute(s8.rule('//pkg:t'), 'cmd', s8.target, s8.ctx);
    expect('value' in r8 && r8.value).toBe('same');
    expect(pick('config_setting(name = "arm1", values = {"cpu": "arm"})\nconfig_setting(name = "arm2", values = {"cpu": "arm"})', [':arm1', ':arm2'], ['--cpu=arm']).error).toContain('//pkg:arm1\n//pkg:arm2\n');
  });

  it('concatenates lists and select()s, strings too', () => {
    const s = scenario({
      'pkg/BUILD': `config_setting(name = "arm", values = {"cpu": "arm"})
genrule(name = "t", srcs = ["a.txt"] + select({":arm": ["b.txt"], "//conditions:default": ["c.txt"]}) + select({":arm": ["d.txt"], "//conditions:default": []}), outs = ["t.txt"],
    cmd = select({":arm": "x", "//conditions:default": "y"}) + " && " + select({":arm": "z", "//conditions:default": "w"}))
`,
    }, ['--cpu=arm']);
    const srcs = resolveAttribute(s.rule('//pkg:t'), 'srcs', s.target, s.ctx);
    expect('value' in srcs && (srcs.value as unknown as { name: string }[]).map((l) => l.name)).toEqual(['a.txt', 'b.txt', 'd.txt']);
    const cmd = resolveAttribute(s.rule('//pkg:t'), 'cmd', s.target, s.ctx);
    expect('value' in cmd && cmd.value).toBe('x && z');
    expect(cmd.explanation!.chosen).toEqual(['//pkg:arm', '//pkg:arm']);
  });

  it('a key that is neither a string nor a Label: the profile\'s wording', () => {
    const events = (version: string) => {
      const s = scenario({ 'pkg/BUILD': 'genrule(name = "t", outs = ["t.txt"], cmd = select({123: "x"}))\n', '.bazelversion': version });
      s.ctx.loader.getPackage('pkg');
      return s.ctx.loader.events.map((e) => e.text).join('\n');
    };
    expect(events('4.2.3')).toContain('select: got int for dict key, want a label string');
    expect(events('8.4.2')).toContain('select: got int for dict key, want a Label or label string');
  });

  it('adds ints: `1 + select()` and select() + select() of an int attribute (checked with ctx.attr in 4.2.3)', () => {
    const s = scenario({
      'pkg/defs.bzl': 'def _impl(ctx):\n    return []\nr = rule(implementation = _impl, attrs = {"n": attr.int()})\n',
      'pkg/BUILD': `load(":defs.bzl", "r")
config_setting(name = "a", values = {"test_arg": "a"})
r(name = "one", n = 1 + select({":a": 0, "//conditions:default": 5}))
r(name = "two", n = select({":a": 0, "//conditions:default": 3}) + select({":a": 0, "//conditions:default": 4}))
`,
    });
    const n = (name: string) => resolveAttribute(s.rule(`//pkg:${name}`), 'n', s.target, s.ctx);
    expect(n('one')).toMatchObject({ value: 6 });
    expect(n('two')).toMatchObject({ value: 7 });
  });

  it('a select() on a nonconfigurable attribute is a loading error', () => {
    const s = scenario({ 'pkg/BUILD': 'genrule(name = "t", outs = select({"//conditions:default": ["a"]}), cmd = "x")\n' });
    s.ctx.loader.getPackage('pkg');
    expect(s.ctx.loader.events.map((e) => e.text).join('\n')).toContain('attribute "outs" is not configurable');
  });

  it('deprecation is nonconfigurable, as in BaseRuleClasses', () => {
    const s = scenario({ 'pkg/BUILD': 'filegroup(name = "t", deprecation = select({"//conditions:default": "old"}))\n' });
    s.ctx.loader.getPackage('pkg');
    expect(s.ctx.loader.events.map((e) => e.text).join('\n')).toContain('attribute "deprecation" is not configurable');
  });

  it('a key that is not a config_setting, or names nothing, is not a valid condition', () => {
    const fg = pick('filegroup(name = "fg")', [':fg'], []);
    expect(fg.error).toBe('//pkg:fg is not a valid select() condition for //pkg:t.\nTo inspect the select(), run: bazel query --output=build //pkg:t.\nFor more help, see https://docs.bazel.build/be/functions.html#select.\n');
    expect(pick('', [':missing'], []).error).toContain('//pkg:missing is not a valid select() condition for //pkg:t.');
  });

  it('a constraint_value can be a key directly', () => {
    expect(pick('', ['//plat:red'], ['--platforms=//plat:red_plat'], { extra: PLATFORMS }).value).toBe('//plat:red');
  });

  it('skylib selects.with_or and config_setting_group', () => {
    const settings = `load("@bazel_skylib//lib:selects.bzl", "selects")
config_setting(name = "arm", values = {"cpu": "arm"})
config_setting(name = "opt", values = {"compilation_mode": "opt"})
selects.config_setting_group(name = "arm_and_opt", match_all = [":arm", ":opt"])
selects.config_setting_group(name = "arm_or_opt", match_any = [":arm", ":opt"])`;
    expect(pick(settings, [':arm_and_opt'], ['--cpu=arm']).value).toBe('default');
    expect(pick(settings, [':arm_and_opt'], ['--cpu=arm', '-c', 'opt']).value).toBe('arm_and_opt');
    expect(pick(settings, [':arm_or_opt'], ['-c', 'opt']).value).toBe('arm_or_opt');
    expect(pick(settings, [':arm_or_opt'], []).value).toBe('default');
    const s = scenario({ 'pkg/BUILD': `${settings}\ngenrule(name = "t", outs = ["t.txt"], cmd = selects.with_or({(":arm", ":opt"): "either", "//conditions:default": "neither"}))\n` }, ['-c', 'opt']);
    const r = resolveAttribute(s.rule('//pkg:t'), 'cmd', s.target, s.ctx);
    expect('value' in r && r.value).toBe('either');
  });
});

describe('config_setting visibility (profile row enforceConfigSettingVisibility)', () => {
  const files = (v: string) => ({
    '.bazelversion': v,
    'a/BUILD': 'config_setting(name = "private", values = {"cpu": "arm"}, visibility = ["//visibility:private"])\nconfig_setting(name = "implicit", values = {"cpu": "arm"})\n',
    'b/BUILD': 'genrule(name = "t", outs = ["t.txt"], cmd = select({"//a:private": "p", "//conditions:default": "d"}))\ngenrule(name = "u", outs = ["u.txt"], cmd = select({"//a:implicit": "i", "//conditions:default": "d"}))\n',
  });
  it('is not enforced in 4.2.3', () => {
    const s = scenario(files('4.2.3'), ['--cpu=arm']);
    const r = resolveAttribute(s.rule('//b:t'), 'cmd', s.target, s.ctx);
    expect('value' in r && r.value).toBe('p');
  });
  it('is enforced in current Bazel; a config_setting without visibility is public', () => {
    const s = scenario(files('8.4.2'), ['--cpu=arm']);
    const r = resolveAttribute(s.rule('//b:t'), 'cmd', s.target, s.ctx);
    expect('error' in r && r.error).toBe("target '//a:private' is not visible from target '//b:t'. Check the visibility declaration of the former target if you think the dependency is legitimate");
    const u = resolveAttribute(s.rule('//b:u'), 'cmd', s.target, s.ctx);
    expect('value' in u && u.value).toBe('i');
  });
});

describe('config_setting visibility flags (current Bazel)', () => {
  const files = {
    '.bazelversion': '8.4.2',
    'a/BUILD': 'package(default_visibility = ["//visibility:private"])\nconfig_setting(name = "s", values = {"cpu": "arm"})\n',
    'b/BUILD': 'genrule(name = "t", outs = ["t.txt"], cmd = select({"//a:s": "s", "//conditions:default": "d"}))\n',
  };
  const run = (args: string[]) => {
    const s = scenario(files, ['--cpu=arm', ...args]);
    const r = resolveAttribute(s.rule('//b:t'), 'cmd', s.target, s.ctx);
    return 'value' in r ? r.value : r.error;
  };
  it('--incompatible_config_setting_private_default_visibility makes the package default apply', () => {
    expect(run([])).toBe('s');
    expect(run(['--incompatible_config_setting_private_default_visibility'])).toContain('is not visible from target');
    expect(run(['--incompatible_config_setting_private_default_visibility', '--noincompatible_enforce_config_setting_visibility'])).toBe('s');
  });
});

describe('the Why panel data: ambiguity', () => {
  const armOpt = 'config_setting(name = "arm", values = {"cpu": "arm"})\nconfig_setting(name = "opt", values = {"compilation_mode": "opt"})';

  it('names the matching conditions and, per pair, what each has that the other lacks', () => {
    const r = pick(armOpt, [':arm', ':opt'], ['--cpu=arm', '-c', 'opt']);
    const part = r.why.parts[0]!;
    expect(part).toMatchObject({ outcome: 'ambiguous', chosen: '', matching: ['//pkg:arm', '//pkg:opt'], error: r.error });
    expect(part.ambiguity).toEqual({
      conditions: ['//pkg:arm', '//pkg:opt'],
      pairs: [{ a: '//pkg:arm', b: '//pkg:opt', onlyA: ['cpu=arm'], onlyB: ['compilation_mode=opt'], identical: false }],
      sameValue: false,
      sameValueAllowed: false,
      constraintsSpecialize: false,
    });
    expect(part.reason).toBe(
      '//pkg:arm and //pkg:opt both match and neither is more specialized than the other, so the choice is ambiguous. //pkg:arm has cpu=arm, which //pkg:opt lacks; //pkg:opt has compilation_mode=opt, which //pkg:arm lacks.',
    );
  });

  it('writes defines, flags and constraints in one vocabulary (define name=value, //label=value, //label)', () => {
    const settings = `load("@bazel_skylib//rules:common_settings.bzl", "string_flag")
string_flag(name = "sf", build_setting_default = "a")
config_setting(name = "d", values = {"define": "x=1"}, constraint_values = ["//plat:red"])
config_setting(name = "f", flag_values = {":sf": "a"})`;
    const r = pick(settings, [':d', ':f'], ['--define=x=1', '--platforms=//plat:red_plat'], { extra: PLATFORMS });
    expect(r.why.parts[0]!.ambiguity!.pairs).toEqual([{ a: '//pkg:d', b: '//pkg:f', onlyA: ['define x=1', '//plat:red'], onlyB: ['//pkg:sf=a'], identical: false }]);
    expect(r.why.conditions[0]!.checks.map((c) => c.setting)).toEqual(['define x=1', '//plat:red']);
  });

  it('says when two conditions ask for the same settings', () => {
    const r = pick('config_setting(name = "arm1", values = {"cpu": "arm"})\nconfig_setting(name = "arm2", values = {"cpu": "arm"})', [':arm1', ':arm2'], ['--cpu=arm']);
    expect(r.why.parts[0]!.ambiguity!.pairs).toEqual([{ a: '//pkg:arm1', b: '//pkg:arm2', onlyA: [], onlyB: [], identical: true }]);
    expect(r.why.reason).toContain('//pkg:arm1 and //pkg:arm2 ask for the same settings.');
    // values {define: m=d} and define_values {m: d} are one setting.
    const d = pick('config_setting(name = "v", values = {"define": "m=d"})\nconfig_setting(name = "dv", define_values = {"m": "d"})', [':v', ':dv'], ['--define=m=d']);
    expect(d.why.parts[0]!.ambiguity!.pairs[0]).toMatchObject({ identical: true });
  });

  it('lists every pair when more than two conditions tie', () => {
    const r = pick(`${armOpt}\nconfig_setting(name = "x", define_values = {"x": "1"})`, [':arm', ':opt', ':x'], ['--cpu=arm', '-c', 'opt', '--define=x=1']);
    expect(r.why.parts[0]!.ambiguity!.pairs.map((p) => [p.a, p.b, p.onlyA, p.onlyB])).toEqual([
      ['//pkg:arm', '//pkg:opt', ['cpu=arm'], ['compilation_mode=opt']],
      ['//pkg:arm', '//pkg:x', ['cpu=arm'], ['define x=1']],
      ['//pkg:opt', '//pkg:x', ['compilation_mode=opt'], ['define x=1']],
    ]);
  });

  it('same values: an error in 4.2.3, accepted in current Bazel; the data says which and why', () => {
    const files = (version: string, second = 'same') => ({
      'pkg/BUILD': `${armOpt}\ngenrule(name = "t", outs = ["t.txt"], cmd = select({":arm": "same", ":opt": "${second}", "//conditions:default": "d"}))\n`,
      '.bazelversion': version,
    });
    const run = (version: string, second?: string) => {
      const s = scenario(files(version, second), ['--cpu=arm', '-c', 'opt']);
      return resolveAttribute(s.rule('//pkg:t'), 'cmd', s.target, s.ctx);
    };
    const old = run('4.2.3');
    expect('error' in old).toBe(true);
    expect(old.explanation!.parts[0]).toMatchObject({ outcome: 'ambiguous', ambiguity: { sameValue: true, sameValueAllowed: false } });
    expect(old.explanation!.reason).toContain('They give the same value, but Bazel 4.2.3 does not accept that.');
    const modern = run('8.4.2');
    expect('value' in modern && modern.value).toBe('same');
    expect(modern.explanation!.parts[0]).toMatchObject({ outcome: 'same-value', chosen: '//pkg:arm', ambiguity: { sameValue: true, sameValueAllowed: true, constraintsSpecialize: true } });
    const differ = run('8.4.2', 'other');
    expect('error' in differ && differ.error).toContain('or they resolve to the same value');
    expect(differ.explanation!.parts[0]).toMatchObject({ outcome: 'ambiguous', ambiguity: { sameValue: false, sameValueAllowed: true } });
    expect(differ.explanation!.reason).toContain('They give different values');
  });

  it('4.2.3: says when constraint_values are what would have made one more specialized', () => {
    const sup = 'config_setting(name = "red", constraint_values = ["//plat:red"])\nconfig_setting(name = "red_big", constraint_values = ["//plat:red", "//plat:big"])';
    const r = pick(sup, [':red', ':red_big'], ['--platforms=//plat:red_big_plat'], { extra: PLATFORMS });
    const a = r.why.parts[0]!.ambiguity!;
    expect(a.constraintsSpecialize).toBe(false);
    expect(a.pairs).toEqual([{ a: '//pkg:red', b: '//pkg:red_big', onlyA: [], onlyB: ['//plat:big'], identical: false, constraintsWouldDecide: '//pkg:red_big' }]);
    expect(r.why.reason).toContain('//pkg:red_big would be more specialized than //pkg:red by its constraint_values, but Bazel 4.2.3 does not count constraint_values for specialization.');
    // Constraints that differ both ways decide nothing, even where they count.
    const two = pick('config_setting(name = "red", constraint_values = ["//plat:red"])\nconfig_setting(name = "big", constraint_values = ["//plat:big"])', [':red', ':big'], ['--platforms=//plat:red_big_plat'], { extra: PLATFORMS });
    expect(two.why.parts[0]!.ambiguity!.pairs[0]).toEqual({ a: '//pkg:red', b: '//pkg:big', onlyA: ['//plat:red'], onlyB: ['//plat:big'], identical: false });
  });
});

describe('the Why panel data: no match', () => {
  const settings = 'config_setting(name = "arm", values = {"cpu": "arm"})\nconfig_setting(name = "opt", values = {"cpu": "ppc", "compilation_mode": "opt"})';

  it('keeps every condition with the checks that failed', () => {
    const r = pick(settings, [':arm', ':opt'], ['-c', 'opt'], { noDefault: true });
    const part = r.why.parts[0]!;
    expect(part).toMatchObject({ outcome: 'no-match', chosen: '', matching: [], error: r.error });
    expect(part.noMatchError).toBeUndefined();
    expect(part.conditions.map((c) => [c.setting, c.matches, c.failed])).toEqual([
      ['//pkg:arm', false, ['cpu=arm']],
      ['//pkg:opt', false, ['cpu=ppc']],
    ]);
    expect(part.conditions[1]!.checks.map((c) => [c.setting, c.actual, c.matches])).toEqual([
      ['cpu=ppc', 'k8', false],
      ['compilation_mode=opt', 'opt', true],
    ]);
  });

  it("carries the select()'s no_match_error", () => {
    const s = scenario({ 'pkg/BUILD': `${settings}\ngenrule(name = "t", outs = ["t.txt"], cmd = select({":arm": "a", ":opt": "o"}, no_match_error = "build with --cpu=arm"))\n` });
    const r = resolveAttribute(s.rule('//pkg:t'), 'cmd', s.target, s.ctx);
    expect('error' in r && r.error).toBe('Configurable attribute "cmd" doesn\'t match this configuration: build with --cpu=arm');
    expect(r.explanation!.parts[0]).toMatchObject({ outcome: 'no-match', noMatchError: 'build with --cpu=arm' });
    expect(r.explanation!.reason).toBe('No condition matches and there is no //conditions:default. The select() gives no_match_error: build with --cpu=arm');
  });

  it('checks the conditions after one that cannot be used (the first such error is the error)', () => {
    const r = pick(`filegroup(name = "fg")\nconfig_setting(name = "bad", values = {"cpuu": "arm"})\n${settings}`, [':fg', ':bad', ':arm'], ['--cpu=arm']);
    expect(r.error).toContain('//pkg:fg is not a valid select() condition for //pkg:t.');
    const part = r.why.parts[0]!;
    expect(part.outcome).toBe('bad-condition');
    expect(part.conditions.map((c) => [c.setting, c.matches, c.checks.length])).toEqual([
      ['//pkg:fg', false, 0],
      ['//pkg:bad', false, 0],
      ['//pkg:arm', true, 1],
      ['//conditions:default', false, 0],
    ]);
    expect(part.conditions[1]!.problems).toEqual([
      { attribute: 'values', key: 'cpuu', message: "error while parsing configuration settings: unknown option: 'cpuu'", suggestion: 'cpu' },
    ]);
    expect(part.matching).toEqual(['//pkg:arm']);
  });
});

describe('the Why panel data: a broken config_setting', () => {
  const problemsOf = (settings: string, args: readonly string[] = [], extra: Record<string, string> = {}) => {
    const { s, why } = pick(settings, [':s'], args, { extra });
    const m = matchConfigSetting(s.rule('//pkg:s'), s.target, s.ctx);
    expect(why.conditions[0]!.problems).toEqual(m.problems);
    expect(m.error).toBe(m.problems!.map((p) => p.message).join('\n'));
    return m;
  };

  it('an unknown option suggests the closest one build accepts', () => {
    expect(problemsOf('config_setting(name = "s", values = {"cpuu": "arm"})').problems).toEqual([
      { attribute: 'values', key: 'cpuu', message: "error while parsing configuration settings: unknown option: 'cpuu'", suggestion: 'cpu' },
    ]);
    expect(problemsOf('config_setting(name = "s", values = {"compliation_mode": "opt"})').problems![0]!.suggestion).toBe('compilation_mode');
    expect(problemsOf('config_setting(name = "s", values = {"--cpu": "arm"})').problems![0]!.suggestion).toBe('cpu');
  });

  it('a short name suggests the option it abbreviates (-c is compilation_mode)', () => {
    expect(problemsOf('config_setting(name = "s", values = {"c": "opt"})').problems).toEqual([
      { attribute: 'values', key: 'c', message: "error while parsing configuration settings: unknown option: 'c'", suggestion: 'compilation_mode' },
    ]);
  });

  it('a bad enum value lists the valid ones and suggests the closest', () => {
    expect(problemsOf('config_setting(name = "s", values = {"compilation_mode": "fast"})').problems).toEqual([
      {
        attribute: 'values',
        key: 'compilation_mode',
        message: "error while parsing configuration settings: While parsing option --compilation_mode=fast: Not a valid compilation mode: 'fast' (should be fastbuild, dbg or opt)",
        suggestion: 'fastbuild',
        validValues: ['fastbuild', 'dbg', 'opt'],
      },
    ]);
    expect(problemsOf('config_setting(name = "s", values = {"compilation_mode": "debug"})').problems![0]!.suggestion).toBe('dbg');
    expect(problemsOf('config_setting(name = "s", values = {"stamp": "tru"})').problems![0]).toMatchObject({ suggestion: 'true', validValues: ['true', 'false', 'yes', 'no', '1', '0'] });
  });

  it('a define without =', () => {
    expect(problemsOf('config_setting(name = "s", values = {"define": "x"})').problems).toEqual([
      { attribute: 'values', key: 'define', message: "error while parsing configuration settings: While parsing option --define=x: Variable definitions must be in the form of a 'name=value' assignment" },
    ]);
  });

  it('keeps the checks of the entries that are fine', () => {
    const m = problemsOf('config_setting(name = "s", values = {"cpuu": "arm", "compilation_mode": "opt"})', ['-c', 'opt']);
    expect(m.checks.map((c) => [c.setting, c.matches])).toEqual([['compilation_mode=opt', true]]);
    expect(m.matches).toBe(false);
  });

  it('a flag_values key that is not a build setting (suggesting a build setting of its package)', () => {
    const m = problemsOf(`load("@bazel_skylib//rules:common_settings.bzl", "string_flag")
string_flag(name = "mode", build_setting_default = "a")
filegroup(name = "mod")
config_setting(name = "s", flag_values = {":mod": "a"})`);
    expect(m.problems).toEqual([
      {
        attribute: 'flag_values',
        key: '//pkg:mod',
        message: 'error while parsing user-defined configuration values: flag_values keys must be build settings or feature flags and //pkg:mod is not',
        suggestion: '//pkg:mode',
      },
    ]);
    const bool = problemsOf(`load("@bazel_skylib//rules:common_settings.bzl", "bool_flag")
bool_flag(name = "b", build_setting_default = False)
config_setting(name = "s", flag_values = {":b": "fals"})`);
    expect(bool.problems![0]).toMatchObject({ attribute: 'flag_values', key: '//pkg:b', suggestion: 'false', validValues: ['true', 'false'] });
  });

  it('a constraint_values entry that is not a constraint_value; duplicate constraint settings', () => {
    expect(problemsOf('filegroup(name = "fg")\nconfig_setting(name = "s", constraint_values = [":fg"])').problems).toEqual([
      { attribute: 'constraint_values', key: '//pkg:fg', message: '//pkg:fg is not a constraint_value' },
    ]);
    expect(problemsOf('config_setting(name = "s", constraint_values = ["//plat:reed"])', [], PLATFORMS).problems).toEqual([
      { attribute: 'constraint_values', key: '//plat:reed', message: '//plat:reed is not a constraint_value', suggestion: '//plat:red' },
    ]);
    const dup = problemsOf('config_setting(name = "s", constraint_values = ["//plat:red", "//plat:blue"])', [], PLATFORMS);
    expect(dup.problems).toEqual([
      { attribute: 'constraint_values', key: '//plat:color', message: 'Duplicate constraint values detected: constraint_setting //plat:color has [//plat:red, //plat:blue]' },
    ]);
    expect(dup.checks.map((c) => c.setting)).toEqual(['//plat:red', '//plat:blue']);
  });

  it('no conditions at all', () => {
    expect(problemsOf('config_setting(name = "s")').problems).toEqual([
      { attribute: '', key: '', message: 'Either values, flag_values or constraint_values must be specified and non-empty' },
    ]);
  });
});

describe('the Why panel data: select() + select()', () => {
  const build = (cmd: string) => ({
    'pkg/BUILD': `config_setting(name = "arm", values = {"cpu": "arm"})
config_setting(name = "opt", values = {"compilation_mode": "opt"})
genrule(name = "t", outs = ["t.txt"], cmd = ${cmd})
`,
  });

  it('explains each select() apart: its position, its conditions, its choice', () => {
    const s = scenario(build('select({":arm": "a", "//conditions:default": "x"}) + " && " + select({":opt": "o", "//conditions:default": "y"})'), ['-c', 'opt']);
    const r = resolveAttribute(s.rule('//pkg:t'), 'cmd', s.target, s.ctx);
    expect('value' in r && r.value).toBe('x && o');
    const why = r.explanation!;
    expect(why.parts.map((p) => [p.position, p.chosen, p.outcome, p.conditions.map((c) => c.setting)])).toEqual([
      [0, '//conditions:default', 'default', ['//pkg:arm', '//conditions:default']],
      [2, '//pkg:opt', 'matched', ['//pkg:opt', '//conditions:default']],
    ]);
    expect(why.chosen).toEqual(why.parts.map((p) => p.chosen));
    expect(why.conditions).toEqual(why.parts.flatMap((p) => p.conditions));
  });

  it('explains the select()s after one that fails; the error is the first failure', () => {
    const s = scenario(build('select({":arm": "a"}) + select({":opt": "o", "//conditions:default": "y"})'), ['-c', 'opt']);
    const r = resolveAttribute(s.rule('//pkg:t'), 'cmd', s.target, s.ctx);
    expect('error' in r && r.error).toContain('Configurable attribute "cmd" doesn\'t match this configuration');
    expect(r.explanation!.parts.map((p) => [p.position, p.outcome, p.chosen])).toEqual([
      [0, 'no-match', ''],
      [1, 'matched', '//pkg:opt'],
    ]);
    expect(r.explanation!.chosen).toEqual(['', '//pkg:opt']);
  });
});

describe('None in a select() branch', () => {
  // ConfigurableAttributesTest#selectableDefaultValueWithRuleDefault; Bazel 4.2.3 picks //foo:default there too.
  const files = {
    'conditions/BUILD': 'config_setting(name = "a", values = {"test_arg": "a"})\n',
    'foo/defs.bzl': [
      'def _impl(ctx):',
      '    return []',
      'with_default = rule(implementation = _impl, attrs = {"dep": attr.label(default = "//foo:default"), "deps": attr.label_list(default = [":x"]), "s": attr.string(default = "sd"), "d": attr.string_keyed_label_dict(default = {"k": "//foo:default"})})',
    ].join('\n'),
    'foo/BUILD': [
      'load(":defs.bzl", "with_default")',
      'with_default(name = "rule", dep = select({"//conditions:a": None}), deps = select({"//conditions:a": None, "//conditions:default": [":y"]}), s = select({"//conditions:default": None}), d = select({"//conditions:a": None}))',
      'with_default(name = "plain")',
    ].join('\n'),
  };

  it.each(['4.2.3', '8.4.2'])("stands for the attribute's default, as a value of its type (.bazelversion %s)", (version) => {
    const s = scenario({ ...files, '.bazelversion': version }, ['--test_arg=a']);
    const resolve = (attr: string, rule = '//foo:rule') => resolveAttribute(s.rule(rule), attr, s.target, s.ctx);
    expect(resolve('dep')).toMatchObject({ value: { repo: '', pkg: 'foo', name: 'default' }, defaulted: true });
    expect(resolve('deps')).toMatchObject({ value: [{ repo: '', pkg: 'foo', name: 'x' }], defaulted: true });
    expect(resolve('s')).toMatchObject({ value: 'sd', defaulted: true });
    expect(resolve('d')).toMatchObject({ value: [['k', { repo: '', pkg: 'foo', name: 'default' }]], defaulted: true });
    // Unset: the default, not written either.
    expect(resolve('dep', '//foo:plain')).toEqual({ value: { repo: '', pkg: 'foo', name: 'default' }, defaulted: true });
    // Another branch chosen: written.
    const other = scenario({ ...files, '.bazelversion': version }, ['--test_arg=b']);
    const r = resolveAttribute(other.rule('//foo:rule'), 'deps', other.target, other.ctx);
    expect(r).toMatchObject({ value: [{ repo: '', pkg: 'foo', name: 'y' }] });
    expect('defaulted' in r).toBe(false);
  });
});
