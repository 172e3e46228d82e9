// Unit tests of the chunked-file runner's parsing: chunk splitting, `###` expectations, Go unquoting.

import { describe, expect, it } from 'vitest';
import { goUnquote, parseExpectations, semanticsFor, splitChunks } from './chunked.ts';
import { PROFILES } from '../engine/base/index.ts';

describe('splitChunks', () => {
  it('splits at lines that are exactly ---, keeping line numbers', () => {
    const chunks = splitChunks('a\nb\n---\nc\n --- \n---\nd');
    expect(chunks.map((c) => c.startLine)).toEqual([1, 4, 7]);
    expect(chunks[0]!.lines).toEqual(['a', 'b']);
    expect(chunks[1]!.lines).toEqual(['c', ' --- ']);
    expect(chunks[2]!.lines).toEqual(['d']);
  });
  it('gives one chunk for a file without separators, and empty chunks for adjacent ones', () => {
    expect(splitChunks('x = 1\n').length).toBe(1);
    expect(splitChunks('---\n---').map((c) => c.lines)).toEqual([[], [], []]);
  });
});

describe('parseExpectations', () => {
  const parse = (text: string, start = 1) => parseExpectations({ startLine: start, lines: text.split('\n') });

  it('reads a bare regexp', () => {
    const [x] = parse('x = 1 // 0 ### integer division by zero');
    expect(x!.line).toBe(1);
    expect(x!.source).toBe('integer division by zero');
    expect(x!.pattern.test('Error: integer division by zero')).toBe(true);
  });
  it('reads a Go-quoted regexp and unescapes it', () => {
    const [x] = parse('\n1 + "a" ### "unsupported binary operation: int \\\\+ string"', 10);
    expect(x!.line).toBe(11);
    expect(x!.source).toBe('unsupported binary operation: int \\+ string');
    expect(x!.pattern.test('unsupported binary operation: int + string')).toBe(true);
  });
  it('honours java: and ignores go: and rust:', () => {
    const xs = parse('a ### java: Bazel says\nb ### go: Go says\nc ### rust: Rust says\nd ### java: "q\\"uoted"');
    expect(xs.map((x) => [x.line, x.source])).toEqual([
      [1, 'Bazel says'],
      [4, 'q"uoted'],
    ]);
  });
  it('ignores ### inside string literals and plain comments', () => {
    expect(parse('x = "###"  # a comment')).toEqual([]);
    expect(parse("y = '### not this' ### but this")[0]!.source).toBe('but this');
    expect(parse('z = """###""" ### triple')[0]!.source).toBe('triple');
    expect(parse('# just a comment ### not an expectation')).toEqual([]);
    expect(parse('s = "unterminated ### "unclosed string literal"')[0]!.source).toBe('unclosed string literal');
  });
  it('rejects a malformed pattern', () => {
    expect(() => parse('x ### "unterminated')).toThrow(/line 1/);
    expect(() => parse('x ### (unbalanced')).toThrow(/bad regexp/);
    expect(() => parse('x ### "a" trailing')).toThrow(/text after/);
  });
});

describe('goUnquote', () => {
  it('handles Go escapes', () => {
    expect(goUnquote('"a\\tb\\n\\\\\\"\\x41\\u00e9\\101"', 1)).toBe('a\tb\n\\"Aé\x41');
  });
});

describe('semanticsFor', () => {
  it('picks bazel4 from the first line only', () => {
    expect(semanticsFor('# profile: bazel4\nx = 1')).toBe(PROFILES.bazel4.starlark);
    expect(semanticsFor('x = 1\n# profile: bazel4')).toBe(PROFILES.modern.starlark);
    expect(semanticsFor('# profile: bazel4', 'modern')).toBe(PROFILES.modern.starlark);
  });
});
