import { describe, expect, it } from 'vitest';
import { completeFlag, optionsFor, splitCommandText } from './flags.ts';
import type { OptionInfo, TargetSummary } from '../../worker/protocol.ts';

const opt = (name: string, abbrev: string, kind: string, commands: string[], values?: string[], def: string | null = null): OptionInfo => ({
  name, abbrev, kind, values, default: def, multiple: false, commands, doc: `the ${name} option`,
});

const table: OptionInfo[] = [
  opt('compilation_mode', 'c', 'enum', ['build', 'test', 'run', 'cquery'], ['fastbuild', 'dbg', 'opt'], 'fastbuild'),
  opt('cpu', '', 'string', ['build', 'test', 'run', 'cquery']),
  opt('keep_going', 'k', 'boolean', ['build', 'test', 'run', 'query', 'cquery']),
  opt('test_output', '', 'enum', ['test'], ['summary', 'errors', 'all', 'streamed']),
  opt('output', '', 'string', ['query', 'cquery']),
];

const flagTarget: TargetSummary = { label: '//conf:fast', kind: 'bool_flag rule', package: 'conf', name: 'fast', location: { file: 'conf/BUILD', line: 1, column: 10 } };

describe('splitCommandText', () => {
  it('separates options (with their value words) from the residue', () => {
    const s = splitCommandText('bazel build //app:banner --cpu=arm -c opt -k --//conf:fast //tools:all', table);
    expect(s.command).toBe('build');
    expect(s.options).toEqual([['--cpu=arm'], ['-c', 'opt'], ['-k'], ['--//conf:fast']]);
    expect(s.residue).toEqual(['//app:banner', '//tools:all']);
  });

  it('keeps only what another command accepts', () => {
    const s = splitCommandText('bazel test //... --test_output=all -c opt --//conf:fast', table);
    expect(optionsFor('cquery', s, table)).toEqual({ kept: ['-c', 'opt', '--//conf:fast'], dropped: ['--test_output=all'] });
    expect(optionsFor('query', s, table).kept).toEqual([]);
  });
});

describe('completeFlag', () => {
  it('completes option names for the command, with defaults in the detail', () => {
    const text = 'bazel build //x --comp';
    const c = completeFlag(text, text.length, table, [])!;
    expect(c.items.map((i) => i.insert)).toEqual(['--compilation_mode=']);
    expect(c.items[0].detail).toContain('default fastbuild');
    expect(c.from).toBe(text.indexOf('--comp'));
  });

  it('completes enum values after = and after a short form', () => {
    const a = 'bazel build --compilation_mode=o';
    expect(completeFlag(a, a.length, table, [])!.items.map((i) => i.insert)).toEqual(['--compilation_mode=opt']);
    const b = 'bazel build -c ';
    expect(completeFlag(b, b.length, table, [])!.items.map((i) => i.label)).toEqual(['fastbuild', 'dbg', 'opt']);
  });

  it('offers user-defined flags found in the workspace', () => {
    const text = 'bazel build --//';
    expect(completeFlag(text, text.length, table, [flagTarget])!.items.map((i) => i.insert)).toEqual(['--//conf:fast']);
  });

  it('does not offer test-only options to build', () => {
    const text = 'bazel build --test_';
    expect(completeFlag(text, text.length, table, [])).toBeNull();
  });
});
