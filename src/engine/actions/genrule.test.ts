// Scenario tests for genrule (spec, genrule behaviour 1–17 and the errors table), run through the commands layer
// as the CLI does, under the 4.2.3 profile unless a test says otherwise. Expectations follow Bazel 4.2.3 runs.

import { describe, expect, it } from 'vitest';
import { utf8Decode } from '../base/index.ts';
import { runCommand } from '../commands/index.ts';
import { ActionCache } from './executor.ts';
import type { GenruleExplanation } from './explanations.ts';

type Files = Record<string, string>;

function ws(build: string, extra: Files = {}, version = '4.2.3'): Files {
  return { WORKSPACE: '', '.bazelversion': version, 'pkg/BUILD': build, ...extra };
}

async function build(files: Files, ...args: string[]) {
  const r = await runCommand(files, ['build', ...args], { workspaceDir: '/ws' });
  const out = (p: string) => (r.outputs[p] ? utf8Decode(r.outputs[p]!) : undefined);
  return { ...r, out };
}

describe('genrule expansion', () => {
  it('every --define KEY=VALUE is a make variable, winning over the built-in ones (Bazel 4.2.3)', async () => {
    const files = ws('genrule(name = "g", outs = ["o.txt"], cmd = "echo $(FOO) $(BAR) $(COMPILATION_MODE) > $@")');
    const r = await build(files, '//pkg:g', '--define', 'FOO=1', '--define=BAR=a=b', '--define', 'COMPILATION_MODE=zz', '--define', 'FOO=2');
    expect(r.exitCode).toBe(0);
    expect(r.out('bazel-bin/pkg/o.txt')).toBe('2 a=b zz\n');
    const undefinedVar = await build(files, '//pkg:g', '--define', 'FOO=1');
    expect(undefinedVar.exitCode).toBe(1);
    expect(undefinedVar.stderr).toContain('$(BAR) not defined');
  });

  it('an output named like its rule is allowed with a warning; the label names the rule (Bazel 4.2.3)', async () => {
    const r = await build(ws('genrule(name = "x", outs = ["x"], cmd = "echo hi > $@")\nfilegroup(name = "uses", srcs = [":x"])'), '//pkg:uses');
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain("WARNING: /ws/pkg/BUILD:1:8: target 'x' is both a rule and a file; please choose another name for the rule");
    expect(r.out('bazel-bin/pkg/x')).toBe('hi\n');
    const q = await runCommand(ws('genrule(name = "x", outs = ["x"], cmd = "echo hi > $@")'), ['query', '//pkg:all', '--output=label_kind'], { workspaceDir: '/ws' });
    expect(q.stdout).toBe('genrule rule //pkg:x\n');
  });

  it('expands location functions first, then make variables; $$ reaches the shell as $', async () => {
    const r = await build(
      ws('genrule(name = "g", srcs = ["a.txt"], outs = ["o.txt"], cmd = "echo $(location a.txt) $$(echo $(SRCS)) > $@; echo \'$$(location a.txt)\' >> $@")', { 'pkg/a.txt': 'A\n' }),
      '//pkg:g',
    );
    expect(r.exitCode).toBe(0);
    expect(r.out('bazel-bin/pkg/o.txt')).toBe('pkg/a.txt pkg/a.txt\n$(location a.txt)\n');
    const e = r.explanations!.genrules!['//pkg:g'] as GenruleExplanation;
    expect(e.afterLocations).toContain('echo pkg/a.txt $$(echo $(SRCS))');
    expect(e.afterMakeVariables).toContain('echo pkg/a.txt $(echo pkg/a.txt)');
    expect(e.script).toMatch(/^source external\/bazel_tools\/tools\/genrule\/genrule-setup\.sh; /);
    expect(e.env).toEqual({ PATH: expect.any(String), TMPDIR: '/tmp' });
    expect(e.exitCode).toBe(0);
    expect(e.produced).toEqual([{ path: 'bazel-out/k8-fastbuild/bin/pkg/o.txt', size: 38 }]);
  });

  it('location, locations, execpath(s), rootpath(s): sources, generated files and host tools; plurals sorted', async () => {
    const r = await build(
      ws(
        [
          'genrule(name = "gen", outs = ["z.txt", "y.txt"], cmd = "touch $(OUTS)")',
          'genrule(name = "tool", outs = ["tool.sh"], cmd = "echo > $@", executable = True)',
          'genrule(name = "g", srcs = ["s.txt", ":gen"], tools = [":tool"], outs = ["o.txt"], cmd = "(echo $(locations :gen); echo $(execpaths :gen); echo $(rootpaths :gen); echo $(rootpath s.txt) $(execpath :tool) $(rootpath :tool); echo $(location o.txt)) > $@")',
        ].join('\n'),
        { 'pkg/s.txt': '' },
      ),
      '//pkg:g',
    );
    expect(r.exitCode).toBe(0);
    expect(r.out('bazel-bin/pkg/o.txt')).toBe(
      [
        'bazel-out/k8-fastbuild/bin/pkg/y.txt bazel-out/k8-fastbuild/bin/pkg/z.txt',
        'bazel-out/k8-fastbuild/bin/pkg/y.txt bazel-out/k8-fastbuild/bin/pkg/z.txt',
        'pkg/y.txt pkg/z.txt',
        'pkg/s.txt bazel-out/host/bin/pkg/tool.sh pkg/tool.sh',
        'bazel-out/k8-fastbuild/bin/pkg/o.txt',
        '',
      ].join('\n'),
    );
    // The tool was built in the host configuration, and is written there.
    expect(r.outputs['bazel-out/host/bin/pkg/tool.sh']).toBeDefined();
  });

  it('tools build in the exec configuration under the current profile', async () => {
    const r = await build(
      {
        'MODULE.bazel': '',
        'pkg/BUILD': 'genrule(name = "tool", outs = ["t.sh"], cmd = "echo > $@")\ngenrule(name = "g", tools = [":tool"], outs = ["o.txt"], cmd = "echo $(execpath :tool) > $@")',
      },
      '//pkg:g',
    );
    expect(r.exitCode).toBe(0);
    expect(r.out('bazel-bin/pkg/o.txt')).toBe('bazel-out/k8-opt-exec-2B5CBBC6/bin/pkg/t.sh\n');
  });

  it('$@ $< $^ $(SRCS) $(OUTS) $(@D) $(RULEDIR) and the configuration variables', async () => {
    const r = await build(
      ws(
        [
          // b.txt comes twice (directly and through :fg; the same label twice would be a loading error): once in $^.
          'genrule(name = "one", srcs = ["b.txt", "a.txt", ":fg"], outs = ["d/o.txt"], cmd = "echo $@ $^ $(@D) $(RULEDIR) > $@")',
          'filegroup(name = "fg", srcs = ["b.txt"])',
          'genrule(name = "two", srcs = ["a.txt"], outs = ["x", "y"], cmd = "echo $< $(OUTS) $(@D) $(GENDIR) $(BINDIR) $(TARGET_CPU) $(COMPILATION_MODE) > $(location x); touch $(location y)")',
        ].join('\n'),
        { 'pkg/a.txt': '', 'pkg/b.txt': '' },
      ),
      '//pkg:one',
      '//pkg:two',
      '--cpu=arm',
      '-c',
      'opt',
    );
    expect(r.exitCode).toBe(0);
    expect(r.out('bazel-bin/pkg/d/o.txt')).toBe('bazel-out/arm-opt/bin/pkg/d/o.txt pkg/b.txt pkg/a.txt bazel-out/arm-opt/bin/pkg/d bazel-out/arm-opt/bin/pkg\n');
    expect(r.out('bazel-bin/pkg/x')).toBe(
      'pkg/a.txt bazel-out/arm-opt/bin/pkg/x bazel-out/arm-opt/bin/pkg/y bazel-out/arm-opt/bin/pkg bazel-out/arm-opt/bin bazel-out/arm-opt/bin arm opt\n',
    );
  });

  it('cmd_bash wins over cmd; cmd_bat and cmd_ps are ignored on Linux', async () => {
    const r = await build(ws('genrule(name = "g", outs = ["o"], cmd = "echo cmd > $@", cmd_bash = "echo bash > $@", cmd_bat = "echo bat > $@", cmd_ps = "x")'), '//pkg:g');
    expect(r.out('bazel-bin/pkg/o')).toBe('bash\n');
  });

  it('--shell_executable runs the command with that shell: sh as bash, a program the machine lacks cannot start', async () => {
    const files = ws('genrule(name = "x", outs = ["hello"], cmd = "echo hello > $@")');
    const sh = await build(files, '//pkg:x', '--shell_executable=/bin/sh');
    expect(sh.exitCode).toBe(0);
    expect(sh.out('bazel-bin/pkg/hello')).toBe('hello\n');
    const fake = await build(files, '//pkg:x', '--shell_executable=fake_executable_should_fail');
    expect(fake.exitCode).toBe(1);
    expect(fake.stderr).toContain(
      "Executing genrule //pkg:x failed: (Exit 1): fake_executable_should_fail failed: error executing command fake_executable_should_fail -c 'source external/bazel_tools/tools/genrule/genrule-setup.sh; echo hello > bazel-out/k8-fastbuild/bin/pkg/hello'",
    );
    expect(fake.stderr).toContain('"execvp(fake_executable_should_fail, ...)": No such file or directory');
  });

  it('local, tags, message and output_to_bindir are accepted; message is the progress text', async () => {
    const r = await build(ws('genrule(name = "g", outs = ["o"], cmd = "echo hi; echo x > $@", local = True, tags = ["no-remote"], message = "Making o", output_to_bindir = True)'), '//pkg:g');
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('INFO: From Making o //pkg:g:\nhi\n');
    expect((r.explanations!.genrules!['//pkg:g'] as GenruleExplanation).progress).toBe('Making o //pkg:g');
  });
});

describe('genrule errors', () => {
  const cases: [string, string, string][] = [
    ['an unknown make variable', 'cmd = "echo $(FOO) > $@"', 'in cmd attribute of genrule rule //pkg:g: $(FOO) not defined'],
    ['a label that is no prerequisite', 'cmd = "echo $(location //other:x) > $@"', "label '//other:x' in $(location) expression is not a declared prerequisite of this rule"],
    ['$(location) of several files', 'srcs = [":fg"], cmd = "echo $(location :fg) > $@"', "label '//pkg:fg' in $(location) expression expands to more than one file, please use $(locations //pkg:fg) instead"],
    // Bazel 4.2.3 names every location function $(location)/$(locations) in these messages.
    ['$(execpath) of a non-prerequisite', 'cmd = "echo $(execpath //other:x) > $@"', "label '//other:x' in $(location) expression is not a declared prerequisite of this rule"],
    ['$(rootpaths) of a non-prerequisite', 'cmd = "echo $(rootpaths //other:x) > $@"', "label '//other:x' in $(locations) expression is not a declared prerequisite of this rule"],
    ['$(execpath) of several files', 'srcs = [":fg"], cmd = "echo $(execpath :fg) > $@"', "label '//pkg:fg' in $(location) expression expands to more than one file, please use $(locations //pkg:fg) instead"],
    ['$< with two inputs', 'srcs = ["a.txt", "b.txt"], cmd = "cat $< > $@"', "variable '$<' : more than one input file"],
    ['$@ with two outputs', 'outs_extra = True, cmd = "x"', ''],
    ['an unterminated variable', 'cmd = "echo $(SRCS > $@"', 'unterminated variable reference'],
    ['a $ at the end', 'cmd = "echo $"', 'in cmd attribute of genrule rule //pkg:g: unterminated $'],
    ['an unknown function', 'cmd = "echo $(foo bar) > $@"', 'in cmd attribute of genrule rule //pkg:g: $(foo) not defined'],
    [
      'a shell-style ${VAR}',
      'cmd = "echo ${PATH:+set} > $@"',
      `in cmd attribute of genrule rule //pkg:g: '\${PATH:+set}' syntax is not supported; use '$(PATH:+set)' instead for "Make" variables, or escape the '$' as '$$' if you intended this for the shell`,
    ],
    // Only $@, $< and $^ are one-character variables; `$f…` takes the identifier after it (checked with 4.2.3).
    ['a shell-style $file', 'cmd = "for file in a b; do echo $file; done > $@"', `in cmd attribute of genrule rule //pkg:g: '$file' syntax is not supported; use '$(file)' instead for "Make" variables, or escape the '$' as '$$' if you intended this for the shell`],
    ['a shell-style $1', 'cmd = "echo $1 > $@"', `'$1' syntax is not supported; use '$(1)' instead`],
    ['a shell-style $-x', 'cmd = "echo $-x > $@"', `'$-x' syntax is not supported; use '$(-x)' instead`],
    ['no command', 'message = "x"', 'in cmd attribute of genrule rule //pkg:g: missing value for `cmd` attribute, you can also set `cmd_ps` or `cmd_bat` on Windows and `cmd_bash` on other platforms.'],
  ];
  for (const [what, attrs, message] of cases) {
    if (!message) continue;
    it(`${what}: analysis fails with Bazel's message`, async () => {
      const r = await build(ws(`filegroup(name = "fg", srcs = ["a.txt", "b.txt"])\ngenrule(name = "g", outs = ["o"], ${attrs})`, { 'pkg/a.txt': '', 'pkg/b.txt': '' }), '//pkg:g');
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toContain(message);
      expect(r.stderr).toContain("ERROR: Analysis of target '//pkg:g' failed; build aborted");
    });
  }

  it("a target failing because of a dependency names the dependency after 'build aborted' (Bazel 4.2.3)", async () => {
    const r = await build(
      ws('genrule(name = "bad", outs = ["b"], cmd = "echo $(location a.txt) > $@")\ngenrule(name = "g", srcs = [":bad"], outs = ["o"], cmd = "cat $< > $@")', { 'pkg/a.txt': '' }),
      '//pkg:g',
    );
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("ERROR: Analysis of target '//pkg:g' failed; build aborted: Analysis of target '//pkg:bad' failed\n");
  });

  it('executable = True needs exactly one output', async () => {
    const r = await build(ws('genrule(name = "g", outs = ["a", "b"], cmd = "touch $(OUTS)", executable = True)'), '//pkg:g');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('in executable attribute of genrule rule //pkg:g: if genrules produce executables, they are allowed only one output');
  });

  it('executable = True with one output marks it executable', async () => {
    const r = await build(ws('genrule(name = "g", outs = ["run.sh"], cmd = "echo echo hi > $@", executable = True)'), '//pkg:g');
    expect(r.exitCode).toBe(0);
    expect(r.executables).toEqual(['bazel-bin/pkg/run.sh']);
  });

  it('a missing source input fails its action with Bazel\'s two messages', async () => {
    const r = await build(ws('genrule(name = "g", srcs = ["nope.txt"], outs = ["o"], cmd = "cat $< > $@")'), '//pkg:g');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("ERROR: /ws/pkg/BUILD:1:8: Executing genrule //pkg:g failed: missing input file '//pkg:nope.txt'");
    expect(r.stderr).toContain('ERROR: /ws/pkg/BUILD:1:8 Executing genrule //pkg:g failed: 1 input file(s) do not exist');
  });

  it('a failing command fails the build with the exit code; no output is kept', async () => {
    const r = await build(ws('genrule(name = "g", outs = ["o"], cmd = "echo partial > $@; echo oops >&2; exit 3")'), '//pkg:g');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("ERROR: /ws/pkg/BUILD:1:8: Executing genrule //pkg:g failed: (Exit 3): bash failed: error executing command /bin/bash -c 'source external/bazel_tools/tools/genrule/genrule-setup.sh; echo partial");
    expect(r.stderr).toContain('oops');
    expect(r.stderr).toContain('Target //pkg:g failed to build');
    expect(r.stderr).toContain('FAILED: Build did NOT complete successfully');
    expect(r.outputs['bazel-bin/pkg/o']).toBeUndefined();
  });

  it('set -e, set -u and pipefail are on', async () => {
    for (const cmd of ['false; touch $@', 'echo $$UNSET_VAR > $@', 'false | true; touch $@']) {
      const r = await build(ws(`genrule(name = "g", outs = ["o"], cmd = "${cmd}")`), '//pkg:g');
      expect(r.exitCode, cmd).toBe(1);
    }
  });

  it('a declared output the command does not write is an error', async () => {
    const r = await build(ws('genrule(name = "g", outs = ["o", "p"], cmd = "touch $(location o)")'), '//pkg:g');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("declared output 'pkg/p' was not created by genrule.");
    expect(r.stderr).toContain('Executing genrule //pkg:g failed: not all outputs were created or valid');
    expect(r.outputs['bazel-bin/pkg/o']).toBeUndefined();
  });

  it('an output crossing into a subpackage is a loading error', async () => {
    const r = await build(ws('genrule(name = "g", outs = ["sub/o"], cmd = "touch $@")', { 'pkg/sub/BUILD': '' }), '//pkg:g');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("Label '//pkg:sub/o' is invalid because 'pkg/sub' is a subpackage");
  });

  it('the environment holds only PATH and TMPDIR (bash adds PWD, SHLVL and _); parent directories exist', async () => {
    const r = await build(ws('genrule(name = "g", outs = ["a/b/env"], cmd = "env | cut -d= -f1 | sort > $@")'), '//pkg:g');
    expect(r.out('bazel-bin/pkg/a/b/env')).toBe('PATH\nPWD\nSHLVL\nTMPDIR\n_\n');
  });

  it('a run-away command ends with a clear message', async () => {
    const r = await build(ws('genrule(name = "g", outs = ["o"], cmd = "while true; do :; done")'), '//pkg:g');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/rulepen: (command|loop) limit of \d+ (iterations )?exceeded/);
  }, 20_000);
});

describe('incremental builds', () => {
  it('a second build runs no action; a changed input reruns only its dependents', async () => {
    const cache = new ActionCache();
    const files = ws(
      [
        'genrule(name = "a", srcs = ["a.txt"], outs = ["a.out"], cmd = "cat $< > $@")',
        'genrule(name = "b", srcs = ["b.txt"], outs = ["b.out"], cmd = "cat $< > $@")',
        'genrule(name = "both", srcs = [":a", ":b"], outs = ["both.out"], cmd = "cat $(SRCS) > $@")',
      ].join('\n'),
      { 'pkg/a.txt': 'A\n', 'pkg/b.txt': 'B\n' },
    );
    const run = async (f: Files) => {
      const r = await runCommand(f, ['build', '//pkg:both'], { workspaceDir: '/ws', actionCache: cache });
      const ran = Object.values(r.explanations!.genrules! as Record<string, GenruleExplanation>)
        .filter((e) => e.ran)
        .map((e) => e.label)
        .sort();
      return { r, ran };
    };
    const first = await run(files);
    expect(first.ran).toEqual(['//pkg:a', '//pkg:b', '//pkg:both']);
    const second = await run(files);
    expect(second.ran).toEqual([]);
    expect(utf8Decode(second.r.outputs['bazel-bin/pkg/both.out']!)).toBe('A\nB\n');
    const third = await run({ ...files, 'pkg/a.txt': 'A2\n' });
    expect(third.ran).toEqual(['//pkg:a', '//pkg:both']);
    expect(utf8Decode(third.r.outputs['bazel-bin/pkg/both.out']!)).toBe('A2\nB\n');
  });
});

describe('the C locale', () => {
  it('sort is bytewise inside a run, and localeCompare is restored after overlapping runs', async () => {
    const { withCLocale } = await import('./shell/index.ts');
    const original = String.prototype.localeCompare;
    await Promise.all([withCLocale(async () => 'a'.localeCompare('B')), withCLocale(async () => new Promise((r) => setTimeout(r, 5)))]);
    expect(String.prototype.localeCompare).toBe(original);
    const r = await build(ws('genrule(name = "g", outs = ["o"], cmd = "printf \'b\\\\nB\\\\n_\\\\na\\\\n\' | sort > $@")'), '//pkg:g');
    expect(r.out('bazel-bin/pkg/o')).toBe('B\n_\na\nb\n');
  });
});
