// commandLine(): the workspace .bazelrc, --bazelrc, --config, sections and imports, and user-defined flags,
// against what Bazel 4.2.3 did with the same files (each case was run with `bazel --batch`).

import { describe, expect, it } from 'vitest';
import { Workspace } from '../loading/index.ts';
import { commandLine, optionValue, targetConfiguration, type ConfigurationError } from './index.ts';
import { scenario } from './scenario-helpers.ts';

function cl(files: Record<string, string>, command: string, args: string[], startup: string[] = []) {
  return commandLine(new Workspace({ WORKSPACE: '', '.bazelversion': '4.2.3', ...files }), command, args, startup);
}

function value(r: ReturnType<typeof cl>, name: string) {
  if ('error' in r) throw new Error(r.error);
  return optionValue(r, name);
}

describe('commandLine', () => {
  it('reads the workspace .bazelrc; the command line wins', () => {
    expect(value(cl({ '.bazelrc': 'build --cpu=arm\n' }, 'build', ['//pkg:t']), 'cpu')).toBe('arm');
    expect(value(cl({ '.bazelrc': 'build --cpu=arm\n' }, 'build', ['//pkg:t', '--cpu=k8']), 'cpu')).toBe('k8');
    expect(value(cl({ '.bazelrc': 'test --cpu=arm\n' }, 'build', []), 'cpu')).toBe('');
    // cquery inherits build's lines (through test).
    expect(value(cl({ '.bazelrc': 'build --cpu=arm\n' }, 'cquery', ['//pkg:t']), 'cpu')).toBe('arm');
    expect(value(cl({ '.bazelrc': 'build --cpu=arm\n' }, 'build', [], ['--noworkspace_rc']), 'cpu')).toBe('');
  });

  it('keeps where each value came from', () => {
    const r = cl({ '.bazelrc': '# comment\nbuild:arm --cpu=arm\n' }, 'build', ['--config=arm']);
    if ('error' in r) throw new Error(r.error);
    expect(r.options.find((o) => o.name === 'cpu')!.source).toEqual({ kind: 'bazelrc', file: '.bazelrc', line: 2, config: 'arm' });
  });

  it('--bazelrc files are read after the workspace one; /dev/null reads nothing', () => {
    const files = { '.bazelrc': 'build --cpu=arm\n', 'other.rc': 'build -c opt\n' };
    const r = cl(files, 'build', [], ['--bazelrc=other.rc']);
    expect([value(r, 'cpu'), value(r, 'compilation_mode')]).toEqual(['arm', 'opt']);
    expect(value(cl(files, 'build', [], ['--bazelrc=/dev/null']), 'compilation_mode')).toBe('fastbuild');
    expect(cl(files, 'build', [], ['--bazelrc=missing.rc'])).toEqual({ error: "Error: Unable to read .bazelrc file 'missing.rc'." });
  });

  it('expands --config recursively, try-import skips a missing file', () => {
    const r = cl({ '.bazelrc': 'build:a --cpu=arm\nbuild:a --config=b\nbuild:b -c opt\n' }, 'build', ['--config=a']);
    expect([value(r, 'cpu'), value(r, 'compilation_mode')]).toEqual(['arm', 'opt']);
    expect(value(cl({ '.bazelrc': 'try-import %workspace%/nope.rc\nbuild -c opt\n' }, 'build', []), 'compilation_mode')).toBe('opt');
    expect(value(cl({ '.bazelrc': 'import %workspace%/x.rc\n', 'x.rc': 'build -c dbg\n' }, 'build', []), 'compilation_mode')).toBe('dbg');
    expect(cl({}, 'build', ['--config=nope'])).toEqual({ error: "Config value 'nope' is not defined in any .rc file" });
  });

  it('an option the command does not take is unrecognized, from the command line or a common line (4.2.3)', () => {
    expect(cl({ '.bazelrc': 'common --cpu=arm\n' }, 'query', ['//pkg:t'])).toEqual({ error: '--cpu=arm :: Unrecognized option: --cpu=arm' });
    expect(value(cl({ '.bazelrc': 'common --cpu=arm\n' }, 'build', []), 'cpu')).toBe('arm');
    expect(cl({ '.bazelrc': 'build --nosuchflag\n' }, 'build', [])).toEqual({ error: '--nosuchflag :: Unrecognized option: --nosuchflag' });
  });
});

describe('user-defined flags (checked when the target configuration is made)', () => {
  const files = {
    'pkg/BUILD': `load("@bazel_skylib//rules:common_settings.bzl", "string_flag", "int_flag", "bool_flag", "string_setting")
string_flag(name = "sf", build_setting_default = "a", values = ["a", "b"])
int_flag(name = "if", build_setting_default = 3)
bool_flag(name = "bf", build_setting_default = False)
string_setting(name = "ss", build_setting_default = "s")
genrule(name = "g", outs = ["g.txt"], cmd = "x")
`,
  };
  const error = (args: string[]): ConfigurationError => {
    try {
      scenario(files, args);
    } catch {
      // scenario() throws on a configuration error; look at it directly.
    }
    const w = new Workspace({ WORKSPACE: '', '.bazelversion': '4.2.3', ...files });
    const c = commandLine(w, 'build', args);
    if ('error' in c) return { error: c.error, exitCode: 2, before: [] };
    const s = scenario(files, []);
    const r = targetConfiguration({ ...s.ctx, commandLine: c });
    if (!('error' in r)) throw new Error('no error');
    return r;
  };
  it('values are converted and checked with Bazel 4.2.3 texts (exit 2)', () => {
    expect(error(['--//pkg:if=x'])).toMatchObject({ error: "While parsing option //pkg:if=x: 'x' is not a int", exitCode: 2 });
    expect(error(['--//pkg:bf=maybe']).error).toBe("While parsing option //pkg:bf=maybe: 'maybe' is not a boolean");
    expect(error(['--no//pkg:sf']).error).toBe("//pkg:sf :: Illegal use of 'no' prefix on non-boolean option: //pkg:sf");
    expect(error(['--//pkg:g=1']).error).toBe('//pkg:g :: Unrecognized option: //pkg:g');
    expect(error(['--//pkg:ss=x']).error).toBe('Unrecognized option: //pkg:ss=x');
    const missing = error(['--//pkg:nonexist=1']);
    expect(missing.error).toBe("//pkg:nonexist :: Error loading option //pkg:nonexist: no such target '//pkg:nonexist': target 'nonexist' not declared in package 'pkg' defined by /ws/pkg/BUILD");
    expect(missing.before.map((l) => l.text)).toEqual([
      "Skipping '//pkg:nonexist': no such target '//pkg:nonexist': target 'nonexist' not declared in package 'pkg' defined by /ws/pkg/BUILD",
      'Target pattern parsing failed.',
    ]);
  });
  it('values set are kept with their source; unset flags are absent (their default applies when matching)', () => {
    const s = scenario(files, ['--//pkg:sf=b', '--//pkg:bf']);
    expect(s.target.starlarkFlag('//pkg:sf')).toEqual({ value: 'b', source: { kind: 'command-line' } });
    expect(s.target.starlarkFlag('//pkg:bf')?.value).toBe(true);
    expect(s.target.starlarkFlag('//pkg:if')).toBeUndefined();
  });
});

describe('configurations', () => {
  it('output directories and make variables; host reads host_* options', () => {
    const s = scenario({}, ['--cpu=arm', '-c', 'dbg', '--host_cpu=x86', '--copt=-O1', '--host_copt=-O3', '--define=a=1']);
    expect(s.target.outputDir).toBe('arm-dbg');
    expect(s.exec.outputDir).toBe('host');
    expect(s.exec.id).toBe('HOST');
    expect([s.exec.cpu, s.exec.compilationMode]).toEqual(['x86', 'opt']);
    expect(s.exec.values('copt').map((v) => v.value)).toEqual(['-O3']);
    expect(s.exec.defines.get('a')?.value).toBe('a=1');
    expect(s.target.makeVariables.get('BINDIR')).toBe('bazel-out/arm-dbg/bin');
    expect(s.target.id).toMatch(/^[0-9a-f]{7}$/);
    expect(scenario({}, []).target.outputDir).toBe('k8-fastbuild');
  });
  it('the modern profile builds tools in an exec configuration', () => {
    const s = scenario({ '.bazelversion': '8.4.2' }, []);
    expect(s.exec.kind).toBe('exec');
    expect(s.exec.outputDir).toBe('k8-opt-exec-2B5CBBC6');
    expect(s.target.platform).toBe('@platforms//host:host');
  });
  it('platforms: parents, defaults, bad --platforms', () => {
    const files = {
      'p/BUILD': `constraint_setting(name = "c", default_constraint_value = ":c1")
constraint_value(name = "c1", constraint_setting = ":c")
constraint_value(name = "c2", constraint_setting = ":c")
platform(name = "base", constraint_values = [":c2", "@platforms//os:linux"])
platform(name = "child", parents = [":base"], constraint_values = [":c1"])
platform(name = "dup", constraint_values = [":c1", ":c2"])
`,
    };
    const s = scenario(files, ['--platforms=//p:child']);
    expect(Object.fromEntries(s.target.constraints)).toEqual({ '//p:c': '//p:c1', '@platforms//os:os': '@platforms//os:linux' });
    expect(scenario({}, []).target.constraints.get('@platforms//cpu:cpu')).toBe('@platforms//cpu:x86_64');
    expect(() => scenario(files, ['--platforms=//p:dup'])).toThrow('Duplicate constraint values detected: constraint_setting //p:c has [//p:c1, //p:c2]');
    expect(() => scenario(files, ['--platforms=//p:c1'])).toThrow('Target //p:c1 was referenced as a platform, but does not provide PlatformInfo');
  });
});
