// Unit tests of the scanner: tokens, indentation, literals and their errors (messages as Bazel 4.2.3/8 print them).

import { describe, expect, it } from 'vitest';
import { Scanner, scanInt } from './scanner.ts';
import type { Token } from './tokens.ts';

function scan(text: string): { tokens: Token[]; errors: string[]; scanner: Scanner } {
  const s = new Scanner(text);
  const tokens: Token[] = [];
  for (let i = 0; i < 10_000; i++) {
    const t = s.next();
    tokens.push(t);
    if (t.kind === 'EOF') break;
  }
  return { tokens, errors: s.errors.map((e) => `${e.start}: ${e.message}`), scanner: s };
}

function kinds(text: string): string {
  return scan(text)
    .tokens.map((t) => (t.kind === 'IDENT' || t.kind === 'INT' ? String(t.value) : t.kind === 'STRING' ? JSON.stringify(t.value) : t.kind))
    .join(' ');
}

describe('scanner', () => {
  it('ends every file with NEWLINE then EOF', () => {
    expect(kinds('x')).toBe('x NEWLINE EOF');
    expect(kinds('x\n')).toBe('x NEWLINE EOF');
    expect(kinds('')).toBe('NEWLINE EOF');
  });

  it('scans operators, longest first', () => {
    expect(kinds('a //= b ** c >>= d != e <= f // g')).toBe('a //= b ** c >>= d != e <= f // g NEWLINE EOF');
    expect(kinds('x.y[1:2]')).toBe('x . y [ 1 : 2 ] NEWLINE EOF');
  });

  it('emits INDENT and OUTDENT', () => {
    expect(kinds('def f():\n  if x:\n    pass\n  y\nz\n')).toBe(
      'def f ( ) : NEWLINE INDENT if x : NEWLINE INDENT pass NEWLINE OUTDENT y NEWLINE OUTDENT z NEWLINE EOF',
    );
  });

  it('closes open blocks at end of input', () => {
    expect(kinds('def f():\n  pass')).toBe('def f ( ) : NEWLINE INDENT pass NEWLINE OUTDENT NEWLINE EOF');
  });

  it('ignores blank and comment-only lines for indentation', () => {
    expect(kinds('if x:\n\n  # c\n   \n  y\n')).toBe('if x : NEWLINE INDENT y NEWLINE OUTDENT NEWLINE EOF');
  });

  it('reports an inconsistent dedent', () => {
    const r = scan('if x:\n    a\n  b\n');
    expect(r.errors).toEqual(['13: indentation error']);
  });

  it('reports tabs in indentation', () => {
    expect(scan('if x:\n\ty\n').errors).toEqual(['7: Tab characters are not allowed for indentation. Use spaces instead.']);
  });

  it('joins lines inside brackets and after a backslash', () => {
    expect(kinds('x = [1,\n     2]\n')).toBe('x = [ 1 , 2 ] NEWLINE EOF');
    expect(kinds('x = 1 + \\\n  2\n')).toBe('x = 1 + 2 NEWLINE EOF');
  });

  it('records comments with their spans', () => {
    const r = scan('# top\nx = 1  # trailing\n  # indented\n');
    expect(r.scanner.comments.map((c) => [c.start, c.text])).toEqual([
      [0, '# top'],
      [13, '# trailing'],
      [26, '# indented'],
    ]);
  });

  it('scans ints of any size and base', () => {
    const v = (s: string) => scan(s).tokens[0]!.value;
    expect(v('0')).toBe(0);
    expect(v('123')).toBe(123);
    expect(v('0x1F')).toBe(31);
    expect(v('0o17')).toBe(15);
    expect(v('123456789012345678901234567890')).toBe(123456789012345678901234567890n);
    expect(v('0xffffffffffffffffff')).toBe(0xffffffffffffffffffn);
  });

  it('rejects the int forms Bazel rejects', () => {
    expect(scan('012').errors).toEqual(["0: invalid octal literal: 012 (use '0o12')"]);
    expect(scan('0b101').errors).toEqual(["0: invalid octal literal: 0b101 (use '0ob101')"]);
    expect(scan('0o9').errors).toEqual(['0: invalid base-8 integer literal: 0o9']);
    expect(scanInt('0x')).toBe('invalid base-16 integer literal: 0x');
  });

  it('scans floats', () => {
    const v = (s: string) => scan(s).tokens[0]!;
    expect(v('1.0')).toMatchObject({ kind: 'FLOAT', value: 1 });
    expect(v('1e10')).toMatchObject({ kind: 'FLOAT', value: 1e10 });
    expect(v('.5')).toMatchObject({ kind: 'FLOAT', value: 0.5 });
    expect(v('1.')).toMatchObject({ kind: 'FLOAT', value: 1 });
    expect(v('2.5E-3')).toMatchObject({ kind: 'FLOAT', value: 0.0025 });
    expect(scan('1e999').errors).toEqual(['0: floating-point literal too large']);
  });

  it('decodes string escapes', () => {
    const v = (s: string) => scan(s).tokens[0]!.value;
    expect(v(String.raw`"a\nb\t\\\'\"\a\b\f\r\v"`)).toBe('a\nb\t\\\'"\x07\b\f\r\v');
    expect(v(String.raw`"\101\0\12"`)).toBe('A\0\n');
    expect(v('"a\\\nb"')).toBe('ab');
    expect(v(`'say "hi"'`)).toBe('say "hi"');
    expect(v('"""a\n"b"\n"""')).toBe('a\n"b"\n');
    expect(v("'''it's'''")).toBe("it's");
  });

  it('keeps backslashes in raw strings', () => {
    const v = (s: string) => scan(s).tokens[0]!.value;
    expect(v(String.raw`r"a\nb\"c"`)).toBe(String.raw`a\nb\"c`);
    expect(v("r'''x\\\ny'''")).toBe('x\\\ny');
  });

  it('rejects unknown escapes, including \\x and \\u', () => {
    expect(scan(String.raw`"\q"`).errors).toEqual([String.raw`2: invalid escape sequence: \q. Use '\\' to insert '\'.`]);
    expect(scan(String.raw`"\x41"`).errors[0]).toContain(String.raw`invalid escape sequence: \x`);
    expect(scan(String.raw`"\u0041"`).errors[0]).toContain(String.raw`invalid escape sequence: \u`);
    expect(scan(String.raw`"\777"`).errors).toEqual([String.raw`4: octal escape sequence out of range (maximum is \377)`]);
  });

  it('reports unclosed strings and consumes their newline', () => {
    const r = scan('x = "abc\ny = 1\n');
    expect(r.errors).toEqual(['4: unclosed string literal']);
    expect(r.tokens.map((t) => t.kind).slice(0, 5)).toEqual(['IDENT', '=', 'STRING', 'IDENT', '=']);
    expect(scan('"""abc').errors).toEqual(['0: unclosed string literal']);
  });

  it('treats b"" as an identifier followed by a string', () => {
    expect(kinds('b"x"')).toBe('b "x" NEWLINE EOF');
  });

  it('reports invalid characters and unmatched closers', () => {
    expect(scan('a $ b').errors).toEqual(["2: invalid character: '$'"]);
    expect(scan('a ? b').errors).toEqual(["2: invalid character: '?'"]);
    expect(scan(')').errors).toEqual(['0: indentation error']);
  });

  it('scans keywords, including the ones Starlark reserves', () => {
    expect(kinds('load lambda while')).toBe('load lambda while NEWLINE EOF');
  });
});
