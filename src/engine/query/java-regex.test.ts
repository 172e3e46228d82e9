import { describe, expect, it } from 'vitest';
import { javaPatternError, javaRegex } from './function.ts';

// Messages checked with Bazel 4.2.3 (`bazel query "filter('<pattern>', //a:good)"`).
describe('javaPatternError', () => {
  it('gives java.util.regex descriptions, the index and a caret inside the pattern', () => {
    expect(javaPatternError('(')).toBe('Unclosed group near index 1\n(');
    expect(javaPatternError('a[')).toBe('Unclosed character class near index 1\na[\n ^');
    expect(javaPatternError('*x')).toBe("Dangling meta character '*' near index 0\n*x\n^");
    expect(javaPatternError('a{2')).toBe('Unclosed counted closure near index 3\na{2');
    expect(javaPatternError('a)')).toBe("Unmatched closing ')' near index 0\na)\n^");
  });

  it('accepts valid patterns', () => {
    for (const p of ['a.*b', '(?i)x', '[]a]', '[^]a]', 'a|b+', 'x{2,3}', '\\(', 'a*+']) expect(javaPatternError(p)).toBeUndefined();
  });

  it('refuses a pattern Java refuses even where JavaScript would read it literally', () => {
    expect(() => javaRegex('a{2', 'filter')).toThrow("illegal 'filter' pattern regexp 'a{2': Unclosed counted closure near index 3");
  });
});
