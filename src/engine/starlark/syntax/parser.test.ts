// Unit tests of the parser: tree shapes, precedence, positions, Bazel's syntax errors and error recovery.

import { describe, expect, it } from 'vitest';
import { PROFILES, SourceFile } from '../../base/index.ts';
import type { Expr, Stmt } from './ast.ts';
import { parse } from './parse.ts';
import { parseExpression, parseFile } from './parser.ts';

/** A compact rendering of an expression: fully parenthesized operators. */
function show(e: Expr): string {
  switch (e.kind) {
    case 'Ident':
      return e.name;
    case 'Literal':
      return e.token === 'STRING' ? JSON.stringify(e.value) : String(e.value);
    case 'BinaryExpr':
      return `(${show(e.x)} ${e.op} ${show(e.y)})`;
    case 'UnaryExpr':
      return `(${e.op} ${show(e.x)})`;
    case 'CondExpr':
      return `(${show(e.then)} if ${show(e.cond)} else ${show(e.else)})`;
    case 'CallExpr':
      return `${show(e.fn)}(${e.args
        .map((a) =>
          a.form === 'keyword' ? `${a.name!.name}=${show(a.value)}` : a.form === 'star' ? `*${show(a.value)}` : a.form === 'starstar' ? `**${show(a.value)}` : show(a.value),
        )
        .join(', ')})`;
    case 'DotExpr':
      return `${show(e.x)}.${e.name.name}`;
    case 'IndexExpr':
      return `${show(e.x)}[${show(e.index)}]`;
    case 'SliceExpr':
      return `${show(e.x)}[${e.lo ? show(e.lo) : ''}:${e.hi ? show(e.hi) : ''}:${e.step ? show(e.step) : ''}]`;
    case 'ListExpr':
      return `[${e.elems.map(show).join(', ')}]`;
    case 'TupleExpr':
      return `(${e.elems.map(show).join(', ')},)`;
    case 'DictExpr':
      return `{${e.entries.map((x) => `${show(x.key)}: ${show(x.value)}`).join(', ')}}`;
    case 'Comprehension': {
      const body = e.body.kind === 'DictEntry' ? `${show(e.body.key)}: ${show(e.body.value)}` : show(e.body);
      const clauses = e.clauses.map((c) => (c.kind === 'ForClause' ? `for ${show(c.vars)} in ${show(c.iterable)}` : `if ${show(c.cond)}`));
      return `${e.curly ? '{' : '['}${body} ${clauses.join(' ')}${e.curly ? '}' : ']'}`;
    }
    case 'LambdaExpr':
      return `(lambda ${e.params.map((p) => p.name?.name ?? '*').join(', ')}: ${show(e.body)})`;
    case 'BadExpr':
      return '<bad>';
  }
}

function expr(text: string): string {
  const r = parseFile('t.bzl', text);
  expect(r.errors.map((e) => e.message)).toEqual([]);
  const s = r.file.stmts[0] as Stmt;
  if (s.kind !== 'ExprStmt') throw new Error(`not an expression: ${s.kind}`);
  return show(s.x);
}

function errors(text: string, semantics = PROFILES.modern.starlark): string[] {
  const src = new SourceFile('t.bzl', text);
  return parse(src, { dialect: 'bzl', semantics }).diagnostics.map(
    (d) => `${d.range.start.line}:${d.range.start.column}: ${d.message}`,
  );
}

describe('parser: expressions', () => {
  it('follows the precedence table', () => {
    expect(expr('a or b and not c == d | e ^ f & g << h + i * j')).toBe(
      '(a or (b and (not (c == (d | (e ^ (f & (g << (h + (i * j))))))))))',
    );
    expect(expr('a - b - c')).toBe('((a - b) - c)');
    expect(expr('a // b % c * d')).toBe('(((a // b) % c) * d)');
    expect(expr('not a in b')).toBe('(not (a in b))');
    expect(expr('a not in b')).toBe('(a not in b)');
    expect(expr('-a.b[1](2)')).toBe('(- a.b[1](2))');
    expect(expr('x if c else y if d else z')).toBe('(x if c else (y if d else z))');
  });

  it('folds the sign of numeric literals', () => {
    expect(expr('-1')).toBe('-1');
    expect(expr('-9007199254740993')).toBe('-9007199254740993');
    expect(expr('- 2.5')).toBe('-2.5');
    expect(expr('~1')).toBe('(~ 1)');
  });

  it('parses calls, slices, tuples and displays', () => {
    expect(expr('f(1, x=2, *a, **k)')).toBe('f(1, x=2, *a, **k)');
    expect(expr('f(1,)')).toBe('f(1)');
    expect(expr('x[1:2:3]')).toBe('x[1:2:3]');
    expect(expr('x[::-1]')).toBe('x[::-1]');
    expect(expr('x[:]')).toBe('x[::]');
    expect(expr('x[1, 2]')).toBe('x[(1, 2,)]');
    expect(expr('(1,)')).toBe('(1,)');
    expect(expr('()')).toBe('(,)');
    expect(expr('(1)')).toBe('1');
    expect(expr('[1, 2,]')).toBe('[1, 2]');
    expect(expr('{1: 2, 3: 4,}')).toBe('{1: 2, 3: 4}');
  });

  it('parses comprehensions with several clauses', () => {
    expect(expr('[x for x in y if x for z in x]')).toBe('[x for x in y if x for z in x]');
    expect(expr('{k: v for k, v in d.items()}')).toBe('{k: v for (k, v,) in d.items()}');
    expect(expr('[x for x in a or b]')).toBe('[x for x in (a or b)]');
  });

  it('parses lambdas', () => {
    expect(expr('lambda x, y=1: x + y')).toBe('(lambda x, y: (x + y))');
    expect(expr('lambda: 0')).toBe('(lambda : 0)');
  });

  it('records positions', () => {
    const r = parseFile('t.bzl', 'x = foo.bar(1)[2]\n');
    const s = r.file.stmts[0]!;
    expect(s).toMatchObject({ kind: 'AssignStmt', start: 0, end: 17, opPos: 2 });
    if (s.kind !== 'AssignStmt' || s.rhs.kind !== 'IndexExpr') throw new Error('shape');
    expect(s.rhs).toMatchObject({ start: 4, end: 17, lbrack: 14 });
    expect(s.rhs.x).toMatchObject({ kind: 'CallExpr', start: 4, end: 14, lparen: 11 });
  });
});

describe('parser: statements', () => {
  it('parses def with every kind of parameter', () => {
    const r = parseFile('t.bzl', 'def f(a, b=1, *args, c, d=2, **kw):\n  return a\n');
    expect(r.errors).toEqual([]);
    const d = r.file.stmts[0]!;
    if (d.kind !== 'DefStmt') throw new Error('shape');
    expect(d.params.map((p) => `${p.form}:${p.name?.name}`)).toEqual([
      'mandatory:a', 'optional:b', 'star:args', 'mandatory:c', 'optional:d', 'starstar:kw',
    ]);
    expect(d.body[0]!.kind).toBe('ReturnStmt');
  });

  it('chains elif into else blocks', () => {
    const r = parseFile('t.bzl', 'def f():\n  if a:\n    pass\n  elif b:\n    pass\n  else:\n    return\n');
    expect(r.errors).toEqual([]);
    const d = r.file.stmts[0]!;
    if (d.kind !== 'DefStmt') throw new Error('shape');
    const s = d.body[0]!;
    if (s.kind !== 'IfStmt') throw new Error('shape');
    expect(s.else[0]).toMatchObject({ kind: 'IfStmt', token: 'elif' });
  });

  it('parses load with aliases', () => {
    const r = parseFile('t.bzl', 'load("//a:b.bzl", "x", y = "z",)\n');
    expect(r.errors).toEqual([]);
    expect(r.file.stmts[0]).toMatchObject({
      kind: 'LoadStmt',
      module: { value: '//a:b.bzl' },
      bindings: [
        { local: { name: 'x', start: 19 }, orig: { name: 'x' } },
        { local: { name: 'y' }, orig: { name: 'z', start: 28 } },
      ],
    });
  });

  it('parses tuple targets, augmented assignment and semicolons', () => {
    const r = parseFile('t.bzl', 'a, (b, c) = 1, (2, 3); x += 1\nfor k, v in d: pass\n');
    expect(r.errors).toEqual([]);
    expect(r.file.stmts.map((s) => s.kind)).toEqual(['AssignStmt', 'AssignStmt', 'ForStmt']);
    expect(r.file.stmts[1]).toMatchObject({ op: '+=' });
  });

  it('keeps comments on the file node', () => {
    const r = parseFile('t.bzl', '# doc\nx = 1 # one\n');
    expect(r.file.comments.map((c) => c.text)).toEqual(['# doc', '# one']);
  });
});

describe('parser: errors', () => {
  it('says what Bazel says', () => {
    expect(errors('x = 1 < 2 < 3\n')).toEqual(["1:11: Operator '<' is not associative with operator '<'. Use parens."]);
    expect(errors('x = 2 ** 3\n')).toEqual(["1:7: syntax error at '**': expected newline"]);
    expect(errors('x = 1,\n')).toEqual(['1:7: Trailing comma is allowed only in parenthesized tuples.']);
    expect(errors('x = b"abc"\n')).toEqual([`1:6: syntax error at '"abc"': expected newline`]);
    expect(errors('x = "a" "b"\n')).toEqual([
      '1:9: Implicit string concatenation is forbidden, use the + operator',
      `1:9: syntax error at '"b"': expected newline`,
    ]);
    expect(errors('f(x for x in y)\n')).toEqual(["1:5: syntax error at 'for': Starlark does not support Python-style generator expressions"]);
    expect(errors('x = a if b\n')).toEqual(['1:5: missing else clause in conditional expression or semicolon before if']);
    expect(errors('load("a.bzl")\n')).toEqual(["1:13: syntax error at ')': expected at least one symbol to load"]);
    expect(errors('load("a.bzl", x = y)\n')).toEqual(["1:19: syntax error at 'y': expected string"]);
    expect(errors('def f():\nreturn 1\n')).toEqual(['2:1: expected an indented block']);
    expect(errors('x.1\n')).toEqual(["1:2: syntax error at '0.1': expected newline"]);
  });

  it('reports the keywords Starlark does not support', () => {
    expect(errors('def f():\n  while True:\n    pass\n')).toEqual([
      "2:3: 'while' not supported, use 'for' instead",
      "2:3: syntax error at 'while': expected expression",
    ]);
    expect(errors('import os\n')[0]).toBe("1:1: 'import' not supported, use 'load' instead");
    expect(errors('x = a is b\n')[0]).toBe("1:7: 'is' not supported, use '==' instead");
  });

  it('applies the Bazel 4.2.3 dialect switches', () => {
    const old = PROFILES.bazel4.starlark;
    expect(errors('f = lambda x: x\n', old)).toEqual([
      "1:5: 'lambda' not supported, declare a function instead",
      "1:5: syntax error at 'lambda': expected expression",
    ]);
    expect(errors('def f():\n    def g():\n        pass\n', old)).toEqual([
      '2:5: nested functions are not allowed. Move the function to the top level.',
    ]);
    expect(errors('f = lambda x: x\ndef f():\n    def g():\n        pass\n')).toEqual([]);
  });

  it('recovers at the next statement and reports each broken one', () => {
    const text = 'x = 1 +\ny = (2\nz = ]\nw = 3\ndef f(:\n  pass\nok = 1\n';
    expect(errors(text)).toEqual([
      // As in Bazel, recovery skips to an expression terminator (here the ']' of line 3).
      "1:8: syntax error at 'newline': expected expression",
      "5:7: syntax error at ':': expected )",
    ]);
    const r = parseFile('t.bzl', text);
    // The statements between the broken ones are in the tree.
    expect(r.file.stmts.some((s) => s.kind === 'AssignStmt' && s.lhs.kind === 'Ident' && s.lhs.name === 'w')).toBe(true);
  });

  it('never throws, even on garbage', () => {
    for (const text of ['(((', ')))', 'def', 'def f(', 'load(', 'for in', '[x for', '{1:', 'x[', 'lambda', '"', "'''", '\\', 'if x:\n  \tpass', '\x00\x01', 'a.b.c.', 'f(**)', 'x = [' + '['.repeat(2000)]) {
      expect(() => parseFile('t.bzl', text)).not.toThrow();
      expect(parseFile('t.bzl', text).errors.length).toBeGreaterThan(0);
    }
  });

  it('checks the BUILD dialect once the file parses', () => {
    const src = new SourceFile(
      'p/BUILD',
      'def f():\n    pass\nfor x in []:\n    pass\nif True:\n    pass\ncc(*a, **k)\ny = lambda: 1\n',
    );
    expect(parse(src, { dialect: 'build', semantics: PROFILES.modern.starlark }).diagnostics.map((d) => `${d.range.start.line}:${d.range.start.column}: ${d.message.split('.')[0]}`)).toEqual([
      '1:1: functions may not be defined in BUILD files',
      '3:1: for statements are not allowed in BUILD files',
      '5:1: if statements are not allowed in BUILD files',
      '7:4: *args arguments are not allowed in BUILD files',
      '7:8: **kwargs arguments are not allowed in BUILD files',
      '8:5: functions may not be defined in BUILD files',
    ]);
  });
});

describe('parseExpression (a flag holding Starlark code)', () => {
  it('takes one expression, trailing newlines allowed', () => {
    const r = parseExpression('1 + f(x)\n\n');
    expect(r.errors).toEqual([]);
    expect(show(r.expr!)).toBe('(1 + f(x))');
  });
  it('refuses statements and what follows the expression, with Bazel\'s messages', () => {
    expect(parseExpression('def foo(): return 5').errors.map((e) => e.message)).toEqual(["syntax error at 'def': expected expression"]);
    // An unbalanced ')' is the lexer's "indentation error", as in Bazel; the parser then expects the end.
    expect(parseExpression('a) + (b').errors.map((e) => e.message)).toContain("syntax error at ')': expected EOF");
    expect(parseExpression('x = 1').expr).toBeUndefined();
  });
});
