// The option parser and .bazelrc expansion against what Bazel 4.2.3 does (each expectation was checked with it).

import { describe, expect, it } from 'vitest';
import { allValues, expandCommandLine, lastValue, OptionsError, parseOptionWords, readRcFile, shellWords } from './index.ts';

const CL = { kind: 'command-line' } as const;

function parse(command: string, words: string[]) {
  return parseOptionWords(words, { command, source: CL });
}

function errorOf(command: string, words: string[]): string {
  try {
    parse(command, words);
  } catch (e) {
    if (e instanceof OptionsError) return e.message;
    throw e;
  }
  return '(no error)';
}

describe('options', () => {
  it('reads values in every form', () => {
    const p = parse('build', ['//a', '--cpu=arm', '-c', 'opt', '--copt=a,b', '--copt', 'c', '-k', '--nokeep_going', '--define=x=1', '--', '-//b']);
    expect(p.residue).toEqual(['//a', '-//b']);
    expect(lastValue(p.options, 'cpu')?.value).toBe('arm');
    expect(lastValue(p.options, 'compilation_mode')?.written).toBe('-c opt');
    expect(allValues(p.options, 'copt').map((o) => o.value)).toEqual(['a,b', 'c']);
    expect(lastValue(p.options, 'keep_going')?.value).toBe(false);
    expect(lastValue(p.options, 'define')?.value).toBe('x=1');
  });

  it('takes an option by its old name (--experimental_platforms is --platforms)', () => {
    const p = parse('cquery', ['--experimental_platforms=//p:arm', '--experimental_host_platform', '//p:host']);
    expect(lastValue(p.options, 'platforms')?.value).toBe('//p:arm');
    expect(lastValue(p.options, 'host_platform')?.value).toBe('//p:host');
    expect(errorOf('build', ['--experimental_extra_toolchains=//t'])).toBe('--experimental_extra_toolchains=//t :: Unrecognized option: --experimental_extra_toolchains=//t');
  });

  it('splits comma-separated list options', () => {
    const p = parse('test', ['--test_tag_filters=a,-b', '--test_tag_filters=c']);
    expect(allValues(p.options, 'test_tag_filters').map((o) => o.value)).toEqual(['a', '-b', 'c']);
  });

  it('keeps Starlark flags aside', () => {
    const p = parse('build', ['--//pkg:flag=v', '--no//pkg:b', '--@repo//x:y']);
    expect(p.starlarkFlags.map((f) => [f.label, f.value])).toEqual([
      ['//pkg:flag', 'v'],
      ['//pkg:b', 'false'],
      ['@repo//x:y', 'true'],
    ]);
  });

  it.each([
    ['build', ['--foo'], '--foo :: Unrecognized option: --foo'],
    ['build', ['--cpu'], 'Expected value after --cpu'],
    ['build', ['--copt'], 'Expected value after --copt'],
    ['build', ['-c', 'foo'], "While parsing option -c foo: Not a valid compilation mode: 'foo' (should be fastbuild, dbg or opt)"],
    ['build', ['--keep_going=maybe'], "While parsing option --keep_going=maybe: 'maybe' is not a boolean"],
    ['query', ['--cpu=arm'], '--cpu=arm :: Unrecognized option: --cpu=arm'],
    ['build', ['--define=x'], "While parsing option --define=x: Variable definitions must be in the form of a 'name=value' assignment"],
    ['build', ['--nocpu'], "--nocpu :: Illegal use of 'no' prefix on non-boolean option: --nocpu"],
    ['build', ['-k=1'], '-k=1 :: Invalid options syntax: -k=1'],
    ['build', ['-cdbg'], '-cdbg :: Invalid options syntax: -cdbg'],
  ])('%s %j → %s', (command, words, message) => {
    expect(errorOf(command, words)).toBe(message);
  });

  it('knows which command accepts which option', () => {
    expect(lastValue(parse('query', ['--output=build', '--noimplicit_deps']).options, 'implicit_deps')?.value).toBe(false);
    expect(errorOf('build', ['--output=label'])).toBe('--output=label :: Unrecognized option: --output=label');
    expect(lastValue(parse('cquery', ['--cpu=arm']).options, 'cpu')?.value).toBe('arm');
  });
});

describe('.bazelrc', () => {
  const files: Record<string, string> = {
    '.bazelrc': 'import %workspace%/extra.rc\nbuild --cpu=arm\ncommon --keep_going\nbuild:o -c opt\ntest --test_output=errors\n# a comment\nbuild:o \\\n  --copt=x\n',
    'extra.rc': 'build --cpu=k8\n',
  };
  const rc = readRcFile('.bazelrc', (p) => files[p]);

  it('reads lines, imports and continuation lines', () => {
    expect(rc.map((l) => [l.file, l.line, l.command, l.config ?? '', l.words.join(' ')])).toEqual([
      ['extra.rc', 1, 'build', '', '--cpu=k8'],
      ['.bazelrc', 2, 'build', '', '--cpu=arm'],
      ['.bazelrc', 3, 'common', '', '--keep_going'],
      ['.bazelrc', 4, 'build', 'o', '-c opt'],
      ['.bazelrc', 5, 'test', '', '--test_output=errors'],
      ['.bazelrc', 7, 'build', 'o', '--copt=x'],
    ]);
  });

  it('orders common, then build, then the command, then the command line; --config expands in place', () => {
    const cl = expandCommandLine('test', ['//a', '--config=o', '--cpu=x'], rc, { commonIgnoresInapplicable: true });
    expect(cl.options.map((o) => o.written)).toEqual([
      '--keep_going',
      '--cpu=k8',
      '--cpu=arm',
      '--test_output=errors',
      '--config=o',
      '-c opt',
      '--copt=x',
      '--cpu=x',
    ]);
    expect(lastValue(cl.options, 'cpu')?.source).toEqual({ kind: 'command-line' });
    expect(lastValue(cl.options, 'compilation_mode')?.source).toEqual({ kind: 'bazelrc', file: '.bazelrc', line: 4, config: 'o' });
    expect(cl.residue).toEqual(['//a']);
  });

  it('treats inapplicable common options by profile', () => {
    const rc2 = readRcFile('.bazelrc', (p) => (p === '.bazelrc' ? 'common --output=label --cpu arm\n' : undefined));
    expect(expandCommandLine('build', [], rc2, { commonIgnoresInapplicable: true }).options.map((o) => o.written)).toEqual(['--cpu arm']);
    expect(() => expandCommandLine('build', [], rc2, { commonIgnoresInapplicable: false })).toThrow('--output=label :: Unrecognized option: --output=label');
  });

  it('reports an unknown config and a missing import', () => {
    expect(() => expandCommandLine('build', ['--config=nope'], rc, { commonIgnoresInapplicable: true })).toThrow("Config value 'nope' is not defined in any .rc file");
    expect(() => readRcFile('.bazelrc', (p) => (p === '.bazelrc' ? 'import %workspace%/missing.rc\n' : undefined))).toThrow('Nonexistent path in import declaration');
    expect(readRcFile('.bazelrc', (p) => (p === '.bazelrc' ? 'try-import %workspace%/missing.rc\n' : undefined))).toEqual([]);
  });

  it('splits words like a shell', () => {
    expect(shellWords(`build --copt="a b" --define='x=y z' a\\ b`)).toEqual(['build', '--copt=a b', '--define=x=y z', 'a b']);
  });
});
