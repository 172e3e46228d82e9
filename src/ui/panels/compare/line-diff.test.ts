import { describe, expect, it } from 'vitest';
import type { CompareColumn } from '../../../worker/protocol.ts';
import { compareShape } from './compare-shape.ts';
import { diffLines, textLines, type DiffRow } from './line-diff.ts';

/** Rows as `left | right` strings, `*` marking a changed row and `·` a side without a line. */
function show(rows: DiffRow[]): string[] {
  return rows.map((r) => `${r.changed ? '*' : ' '}${r.left ?? '·'} | ${r.right ?? '·'}`);
}

describe('line diff', () => {
  it('splits text into lines, a final newline ending the last one', () => {
    expect(textLines('')).toEqual([]);
    expect(textLines('a\nb\n')).toEqual(['a', 'b']);
    expect(textLines('a\n\nb')).toEqual(['a', '', 'b']);
  });

  it('keeps equal texts on level rows, nothing changed', () => {
    expect(show(diffLines(['a', 'b'], ['a', 'b']))).toEqual([' a | a', ' b | b']);
    expect(diffLines([], [])).toEqual([]);
  });

  it('pairs a changed line with its counterpart and keeps the common lines level', () => {
    expect(show(diffLines(['x', 'old', 'y'], ['x', 'new', 'y']))).toEqual([' x | x', '*old | new', ' y | y']);
  });

  it('pads the shorter side where lines were added or removed', () => {
    expect(show(diffLines(['a', 'c'], ['a', 'b1', 'b2', 'c']))).toEqual([' a | a', '*· | b1', '*· | b2', ' c | c']);
    expect(show(diffLines(['a', 'gone'], ['a']))).toEqual([' a | a', '*gone | ·']);
  });

  it('finds the common lines of a reordering (query output in another order)', () => {
    const rows = diffLines(['//a:c', '//a:a', '//a:b'], ['//a:a', '//a:b', '//a:c']);
    expect(rows.filter((r) => !r.changed).map((r) => r.left)).toEqual(['//a:a', '//a:b']);
    expect(rows.filter((r) => r.changed)).toHaveLength(2);
    expect(rows.map((r) => r.left).filter((l) => l !== null)).toEqual(['//a:c', '//a:a', '//a:b']);
    expect(rows.map((r) => r.right).filter((l) => l !== null)).toEqual(['//a:a', '//a:b', '//a:c']);
  });

  it('compares row by row when the differing middle is too long for the table', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 3000 }, (_, i) => (i === 7 ? 'a7' : `b${i}`));
    const rows = diffLines(['head', ...a], ['head', ...b]);
    expect(rows).toHaveLength(3001);
    expect(rows[0].changed).toBe(false);
    expect(rows[8]).toEqual({ left: 'a7', right: 'a7', changed: false });
    expect(rows.filter((r) => r.changed)).toHaveLength(2999);
  });
});

function column(profile: 'bazel4' | 'modern', exitCode: number, stdout: string, stderr = ''): CompareColumn {
  return {
    profile,
    version: profile === 'bazel4' ? '4.2.3' : '8.4.2',
    title: profile === 'bazel4' ? 'Bazel 4.2.3' : 'current Bazel',
    changes: [],
    millis: 0,
    result: { exitCode, stdout, stderr, outputs: {}, diagnostics: [] },
  };
}

describe('compare summary', () => {
  it('says "same" only when exit code, stdout and stderr all agree', () => {
    const shape = compareShape(column('bazel4', 0, '//a:a\n', 'INFO: x\n'), column('modern', 0, '//a:a\n', 'INFO: x\n'));
    expect(shape.same).toBe(true);
    expect(shape.summary).toBe('Same result under Bazel 4.2.3 and current Bazel (exit code 0)');
  });

  it('leads with the exit codes when they differ', () => {
    const shape = compareShape(column('bazel4', 0, '//a:a\n'), column('modern', 1, '', 'ERROR: no\n'));
    expect(shape.same).toBe(false);
    expect(shape.summary).toBe('Differs: exit 0 vs 1, different stdout and stderr');
  });

  it('names the streams that differ under the same exit code', () => {
    const shape = compareShape(column('bazel4', 0, '//a:b\n//a:a\n'), column('modern', 0, '//a:a\n//a:b\n'));
    expect(shape.summary).toBe('Differs: the same exit code (0), different stdout');
    expect(shape.stderr).toEqual([]);
  });
});
