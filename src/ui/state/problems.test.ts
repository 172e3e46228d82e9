import { describe, expect, it } from 'vitest';
import type { CommandResult, Diagnostic } from '../../worker/protocol.ts';
import { HeldLoad } from '../../worker/sync.ts';
import type { CommandState, LoadState } from './engine-store.ts';
import { problemCount, problemGroups, promptText } from './problems.ts';

const at = (file: string, line: number, message: string, extra: Partial<Diagnostic> = {}): Diagnostic => ({
  file,
  range: { start: { line, column: 1 }, end: { line, column: 5 } },
  severity: 'error',
  message,
  ...extra,
});

const syntax = at('b/BUILD', 2, "name 'foo' is not defined", { kind: 'resolve' });
const load: LoadState = { result: new HeldLoad('modern', [], new Map(), [syntax], new Set()), revision: 3, millis: 1 };

function command(diagnostics: Diagnostic[], over: Partial<CommandState> = {}): CommandState {
  const result: CommandResult = { exitCode: 1, stdout: '', stderr: '', outputs: {}, diagnostics };
  return { status: 'done', text: 'build //a:g', result, revision: 3, millis: 1, error: null, ...over };
}

describe('problemGroups', () => {
  const ambiguous = at('a/BUILD', 4, 'Illegal ambiguous match', { kind: 'analysis', target: '//a:g' });
  const label = at('a/BUILD', 1, "no such target '//x:y'", { kind: 'analysis', target: '//a:h' });

  it("puts the command's own diagnostics in their group, sorted, leaving out those the load already shows", () => {
    const g = problemGroups(load, command([ambiguous, { ...syntax }, label]), 3);
    expect(g.workspace).toEqual([syntax]);
    expect(g.command).toEqual({ text: 'bazel build //a:g', diagnostics: [label, ambiguous] });
    expect(problemCount(g)).toBe(3);
  });

  it('drops the command group once the files changed, and while another command runs', () => {
    expect(problemGroups(load, command([ambiguous]), 4).command).toBeNull();
    expect(problemGroups(load, command([ambiguous], { status: 'running' }), 3).command).toBeNull();
    expect(problemGroups(load, command([]), 3).command).toBeNull();
    expect(problemCount(problemGroups(load, command([ambiguous]), 4))).toBe(1);
  });

  it('writes the prompt as Bazel would be typed', () => {
    expect(promptText('  build //x ')).toBe('bazel build //x');
    expect(promptText('bazel test //x')).toBe('bazel test //x');
  });
});
