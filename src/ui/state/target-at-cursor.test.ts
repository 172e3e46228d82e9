import { describe, expect, it } from 'vitest';
import { matchingParen, targetAtCursor } from './target-at-cursor.ts';
import type { TargetSummary } from '../../worker/protocol.ts';

const text = `genrule(
    name = "a",
    cmd = "echo ')' > $@",  # a ) in a comment
)

filegroup(name = "b", srcs = [":a"])
`;

function t(name: string, kind: string, line: number, column: number): TargetSummary {
  return { label: `//p:${name}`, kind, package: 'p', name, location: { file: 'p/BUILD', line, column } };
}

const targets = [t('a', 'genrule rule', 1, 8), t('a.txt', 'generated file', 1, 8), t('b', 'filegroup rule', 6, 10)];

describe('targetAtCursor', () => {
  it('skips strings and comments when matching parentheses', () => {
    expect(text[matchingParen(text, 7)]).toBe(')');
    expect(matchingParen(text, 7)).toBe(text.indexOf('\n)\n') + 1);
  });

  it('finds the rule call around the cursor, callee name included', () => {
    expect(targetAtCursor(text, 'p/BUILD', targets, { line: 1, column: 1 })?.name).toBe('a');
    expect(targetAtCursor(text, 'p/BUILD', targets, { line: 3, column: 20 })?.name).toBe('a');
    expect(targetAtCursor(text, 'p/BUILD', targets, { line: 4, column: 2 })?.name).toBe('a');
    expect(targetAtCursor(text, 'p/BUILD', targets, { line: 6, column: 30 })?.name).toBe('b');
  });

  it('is null between calls and in other files', () => {
    expect(targetAtCursor(text, 'p/BUILD', targets, { line: 5, column: 1 })).toBeNull();
    expect(targetAtCursor(text, 'q/BUILD', targets, { line: 1, column: 1 })).toBeNull();
  });
});
