// The Why panel's sentences over real engine results (the engine runs here as it does in the worker), so that a
// change in the explanations' data shows up as a changed sentence.

import { describe, expect, it } from 'vitest';
import { runCommand } from '../../../engine/index.ts';
import type { CommandResult } from '../../../worker/protocol.ts';
import { diagnosticsAbout, partSentences, problemText, selectsFor, settingSentences, settingsFor, settingText, toolchainSentences, toolchainsFor } from './why-shapes.ts';
import { lessons } from '../../lessons/lessons.ts';

const SETTINGS = `config_setting(name = "arm", values = {"cpu": "arm"})
config_setting(name = "opt", values = {"compilation_mode": "opt"})
config_setting(name = "arm_opt", values = {"cpu": "arm", "compilation_mode": "opt"})
`;

async function cquery(build: string, label: string, flags: string[] = [], extra: Record<string, string> = {}): Promise<CommandResult> {
  return runCommand({ 'MODULE.bazel': '', 'pkg/BUILD': SETTINGS + build, ...extra }, ['cquery', label, ...flags]);
}

async function onlyPart(build: string, flags: string[] = [], extra: Record<string, string> = {}) {
  const r = await cquery(build, '//pkg:g', flags, extra);
  const [group] = selectsFor(r, '//pkg:g');
  expect(group.selects).toHaveLength(1);
  expect(group.selects[0].parts).toHaveLength(1);
  return { r, part: group.selects[0].parts[0] };
}

describe('partSentences', () => {
  it('says which condition won a specialization and what it has in addition', async () => {
    const { part } = await onlyPart('genrule(name = "g", outs = ["o"], cmd = select({":arm": "a", ":arm_opt": "b"}))\n', ['--cpu=arm', '-c', 'opt']);
    expect(partSentences(part)).toEqual({
      headline: '`//pkg:arm_opt` was chosen because it matches everything `//pkg:arm` matches and also `--compilation_mode=opt`.',
      failed: false,
      details: [],
    });
  });

  it('says the default branch was taken', async () => {
    const { part } = await onlyPart('genrule(name = "g", outs = ["o"], cmd = select({":arm": "a", "//conditions:default": "b"}))\n');
    expect(partSentences(part).headline).toBe('No condition matches, so the `//conditions:default` branch was chosen.');
  });

  it('explains an ambiguous match: what each condition has that the other lacks, and the values', async () => {
    const { r, part } = await onlyPart('genrule(name = "g", outs = ["o"], cmd = select({":arm": "a", ":opt": "b"}))\n', ['--cpu=arm', '-c', 'opt']);
    expect(r.exitCode).toBe(1);
    const s = partSentences(part);
    expect(s.failed).toBe(true);
    expect(s.headline).toBe('No branch can be chosen: `//pkg:arm` and `//pkg:opt` both match and neither is more specialized than the other.');
    expect(s.details[0]).toBe(
      '`//pkg:arm` asks for `--cpu=arm`, which `//pkg:opt` does not; `//pkg:opt` asks for `--compilation_mode=opt`, which `//pkg:arm` does not: neither has all the settings of the other.',
    );
    expect(s.details[1]).toMatch(/^They give different values: current Bazel accepts an ambiguous match only when/);
  });

  it('accepts an ambiguity of equal values in current Bazel, and says Bazel 4.2.3 does not', async () => {
    const build = 'genrule(name = "g", outs = ["o"], cmd = select({":arm": "same", ":opt": "same"}))\n';
    const modern = await onlyPart(build, ['--cpu=arm', '-c', 'opt']);
    expect(modern.part.outcome).toBe('same-value');
    expect(partSentences(modern.part).headline).toMatch(/^`\/\/pkg:arm` and `\/\/pkg:opt` all match and none is more specialized, but they give the same value, which current Bazel accepts/);
    const old = await onlyPart(build, ['--cpu=arm', '-c', 'opt'], { 'MODULE.bazel': '', WORKSPACE: '', '.bazelversion': '4.2.3' });
    expect(old.part.outcome).toBe('ambiguous');
    expect(partSentences(old.part).details).toContain('They give the same value, but Bazel 4.2.3 does not accept an ambiguous match even then (current Bazel would).');
  });

  it('with no match, says what each condition fails on and gives the no_match_error', async () => {
    const { part } = await onlyPart('genrule(name = "g", outs = ["o"], cmd = select({":arm": "a", ":arm_opt": "b"}, no_match_error = "arm only"))\n', ['-c', 'opt']);
    const s = partSentences(part);
    expect(s.headline).toBe('No branch can be chosen: no condition matches and the select() has no `//conditions:default`.');
    expect(s.details).toEqual([
      '`//pkg:arm` does not match: `--cpu` is `k8` (default), not `arm`.',
      '`//pkg:arm_opt` does not match: `--cpu` is `k8` (default), not `arm`.',
      'The select() gives this no_match_error: “arm only”',
    ]);
  });

  it('names a condition that cannot be used, with a did-you-mean for a misspelt option', async () => {
    const { r, part } = await onlyPart('config_setting(name = "typo", values = {"cpuu": "arm"})\ngenrule(name = "g", outs = ["o"], cmd = select({":typo": "a", "//conditions:default": "b"}))\n');
    expect(partSentences(part)).toEqual({
      headline: 'No branch can be chosen: `//pkg:typo` cannot be used as a condition.',
      failed: true,
      details: ['`//pkg:typo`: `cpuu` in `values` is not an option Bazel knows. Did you mean `cpu`?'],
    });
    const { own, others } = diagnosticsAbout(r, '//pkg:g');
    expect(own.map((d) => d.message)).toEqual(['errors encountered resolving select() keys for //pkg:g']);
    expect(others.map((d) => d.target)).toEqual(['//pkg:typo']);
  });
});

describe('settingSentences', () => {
  it("says whether a config_setting matches, and why not", async () => {
    const r = await cquery('', '//pkg:arm_opt', ['-c', 'opt']);
    const [s] = settingsFor(r, '//pkg:arm_opt');
    expect(settingSentences('//pkg:arm_opt', s.match).headline).toBe('`//pkg:arm_opt` does not match this configuration: `--cpu` is `k8` (default), not `arm`.');
    const [m] = settingsFor(await cquery('', '//pkg:arm', ['--cpu=arm']), '//pkg:arm');
    expect(settingSentences('//pkg:arm', m.match).headline).toBe('`//pkg:arm` matches this configuration: every entry matches.');
  });

  it('gives a broken config_setting its reason and a did-you-mean', async () => {
    const r = await cquery('config_setting(name = "fast", values = {"compilation_mode": "fast"})\n', '//pkg:fast');
    const [s] = settingsFor(r, '//pkg:fast');
    expect(settingSentences('//pkg:fast', s.match)).toEqual({
      headline: '`//pkg:fast` is broken: Bazel cannot analyse it, so no select() can use it.',
      failed: true,
      details: [
        "`compilation_mode` in `values`: While parsing option --compilation_mode=fast: Not a valid compilation mode: 'fast' (should be fastbuild, dbg or opt). Did you mean `fastbuild`? Valid values: `fastbuild`, `dbg`, `opt`.",
      ],
    });
  });
});

describe('problemText and settingText', () => {
  it('speak the command line', () => {
    expect(settingText('cpu=arm')).toBe('--cpu=arm');
    expect(settingText('define x=1')).toBe('--define x=1');
    expect(settingText('//pkg:flag=b')).toBe('//pkg:flag=b');
    expect(settingText('//plat:red')).toBe('//plat:red');
    expect(problemText({ attribute: '', key: '', message: 'Either values, flag_values or constraint_values must be specified and non-empty' })).toBe(
      'Either values, flag_values or constraint_values must be specified and non-empty.',
    );
  });
});

describe('toolchain resolution', () => {
  const files = lessons.find((l) => l.id === 'toolchains')!.files;
  it('names the platforms and the toolchain each type got', async () => {
    const r = await runCommand(files, ['cquery', '//app:hello', '--platforms=//toolchains:france']);
    const [t] = toolchainsFor(r, '//app:hello');
    const s = toolchainSentences('//app:hello', t!.toolchains);
    expect(s.failed).toBe(false);
    expect(s.headline).toBe('`//app:hello` gets its toolchains for target platform `//toolchains:france`, and its actions run on execution platform `@platforms//host:host`.');
    expect(s.details).toEqual(['`//toolchains:greeter_type`: `//toolchains:french_greeter` (registered as `//toolchains:french_toolchain`), the first registered toolchain of this type that fits both platforms.']);
    expect(t!.toolchains.types[0]!.candidates.map((c) => [c.toolchain, c.selected, c.targetMismatch])).toEqual([
      ['//toolchains:english_toolchain', false, [{ wanted: '//toolchains:english', actual: '//toolchains:french' }]],
      ['//toolchains:french_toolchain', true, []],
    ]);
  });

  it('says which type nothing fits when resolution fails', async () => {
    const r = await runCommand(files, ['cquery', '//app:hello', '--platforms=//toolchains:germany']);
    const s = toolchainSentences('//app:hello', toolchainsFor(r, '//app:hello')[0]!.toolchains);
    expect(s.failed).toBe(true);
    expect(s.details).toEqual(['`//toolchains:greeter_type`: no registered toolchain of this type fits the target platform.']);
  });
});
