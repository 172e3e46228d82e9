// Unit tests of the resolver: scopes, closures (cells and free variables), and Bazel's static errors.

import { describe, expect, it } from 'vitest';
import type { DefStmt, FileNode, Ident } from '../syntax/ast.ts';
import { parseFile } from '../syntax/parser.ts';
import { walk } from '../syntax/walk.ts';
import { resolveFile } from './resolver.ts';

const UNIVERSE = new Set(['len', 'print', 'None', 'True', 'False', 'range', 'str']);

function resolve(text: string, dialect: 'bzl' | 'build' = 'bzl', predeclared: string[] = []): { file: FileNode; errors: string[] } {
  const r = parseFile('t.bzl', text);
  expect(r.errors).toEqual([]);
  const pre = new Set(predeclared);
  const errs = resolveFile(r.file, {
    dialect,
    isPredeclared: (n) => pre.has(n),
    isUniversal: (n) => UNIVERSE.has(n),
    candidates: () => [...pre, ...UNIVERSE],
    text,
  });
  const lines = text.split('\n');
  const lineCol = (off: number) => {
    let line = 0;
    let rest = off;
    while (rest > lines[line]!.length) rest -= lines[line++]!.length + 1;
    return `${line + 1}:${rest + 1}`;
  };
  return { file: r.file, errors: errs.map((e) => `${lineCol(e.start)}: ${e.message}`) };
}

/** Every identifier use and its scope, as "name:scope[index]". */
function scopes(file: FileNode): string[] {
  const out: string[] = [];
  walk(file, (n) => {
    if (n.kind === 'Ident' && (n as Ident).binding) {
      const b = (n as Ident).binding!;
      out.push(`${n.name}:${b.scope}${b.scope === 'predeclared' || b.scope === 'universal' ? '' : b.index}`);
    }
  });
  return out;
}

describe('resolver: scopes', () => {
  it('binds globals, locals, parameters and builtins', () => {
    const { file, errors } = resolve('x = 1\ndef f(a, b):\n    c = a + x\n    return len(c)\n');
    expect(errors).toEqual([]);
    expect(scopes(file)).toEqual(['x:global0', 'f:global1', 'a:local0', 'b:local1', 'c:local2', 'a:local0', 'x:global0', 'len:universal', 'c:local2']);
  });

  it('binds a local throughout its function, even before its assignment', () => {
    const { file } = resolve('x = 1\ndef f():\n    print(x)\n    x = 2\n');
    expect(scopes(file)).toContain('x:local0');
  });

  it('binds load symbols file-locally in .bzl files and globally in BUILD files', () => {
    expect(scopes(resolve('load("m", "a")\nb = a\n').file)).toEqual(['a:local0', 'b:global0', 'a:local0']);
    expect(scopes(resolve('load("m", "a")\nb = a\n', 'build').file)).toEqual(['a:global0', 'b:global1', 'a:global0']);
  });

  it('makes closures: cells in the outer function, free variables in the inner', () => {
    const { file, errors } = resolve('def outer(p):\n    v = 1\n    def mid():\n        def inner():\n            return p + v\n        return inner\n    return mid\n');
    expect(errors).toEqual([]);
    const outer = file.stmts[0] as DefStmt;
    expect(outer.fn!.cellIndices).toEqual([0, 1]);
    const mid = outer.body[1] as DefStmt;
    expect(mid.fn!.freevars.map((b) => `${b.name}:${b.scope}`)).toEqual(['p:cell', 'v:cell']);
    const inner = mid.body[0] as DefStmt;
    expect(inner.fn!.freevars.map((b) => `${b.name}:${b.scope}${b.index}`)).toEqual(['p:free0', 'v:free1']);
  });

  it('gives comprehension variables their own block in the enclosing frame', () => {
    const { file, errors } = resolve('def f(x):\n    y = [x for x in range(x)]\n    return x\n');
    expect(errors).toEqual([]);
    const f = file.stmts[0] as DefStmt;
    expect(f.fn!.locals.map((b) => b.name)).toEqual(['x', 'y', 'x']);
    // The first iterable is resolved outside: range(x) is the parameter.
    expect(scopes(file).filter((s) => s.startsWith('x:'))).toEqual(['x:local0', 'x:local2', 'x:local2', 'x:local0', 'x:local0']);
  });

  it('orders parameters as at run time', () => {
    const { file } = resolve('def f(a, b=1, *args, c, d=2, **kw):\n    pass\ndef g(a, *, b):\n    pass\n');
    const f = (file.stmts[0] as DefStmt).fn!;
    expect(f.paramNames).toEqual(['a', 'b', 'c', 'd', 'args', 'kw']);
    expect([f.hasVarargs, f.hasKwargs, f.numKeywordOnly]).toEqual([true, true, 2]);
    const g = (file.stmts[1] as DefStmt).fn!;
    expect(g.paramNames).toEqual(['a', 'b']);
    expect([g.hasVarargs, g.numKeywordOnly]).toEqual([false, 1]);
  });

  it('resolves predeclared names before builtins', () => {
    expect(scopes(resolve('x = glob\ny = len\n', 'build', ['glob', 'len']).file)).toEqual(['x:global0', 'glob:predeclared', 'y:global1', 'len:predeclared']);
  });
});

describe('resolver: errors', () => {
  it('reports undefined names with a spelling hint', () => {
    expect(resolve('x = yy\n').errors).toEqual(["1:5: name 'yy' is not defined"]);
    expect(resolve('x = lenn(1)\n').errors).toEqual(["1:5: name 'lenn' is not defined (did you mean 'len'?)"]);
    expect(resolve('def f():\n    return y\n').errors).toEqual(["2:12: name 'y' is not defined"]);
  });

  it('rejects re-binding at the top level of .bzl files only', () => {
    expect(resolve('x = 1\nx = 2\n').errors).toEqual(["2:1: 'x' redeclared at top level", "1:1: 'x' previously declared here"]);
    expect(resolve('x = 1\nx = 2\n', 'build').errors).toEqual([]);
    expect(resolve('load("m", "a")\na = 3\n').errors).toEqual([
      "2:1: conflicting global declaration of 'a'",
      "1:12: 'a' previously declared as file-local here",
    ]);
    expect(resolve('load("m", "a", "a")\n').errors).toEqual(["1:17: load statement defines 'a' more than once"]);
  });

  it('rejects private load symbols', () => {
    expect(resolve('load("m", "_x")\n').errors).toEqual(["1:12: symbol '_x' is private and cannot be imported"]);
    expect(resolve('load("m", y = "_x")\n').errors).toEqual(["1:16: symbol '_x' is private and cannot be imported"]);
  });

  it('requires loads first in .bzl files', () => {
    expect(resolve('"""doc"""\nx = 1\nload("m", "a")\n').errors).toEqual([
      '3:1: load statements must appear before any other statement',
      '2:1: \tfirst non-load statement appears here',
    ]);
    expect(resolve('x = 1\nload("m", "a")\n', 'build').errors).toEqual([]);
    expect(resolve('def f():\n    load("m", "a")\n').errors).toContain('2:5: load statement not at top level');
  });

  it('rejects top-level if and for in every dialect', () => {
    expect(resolve('if True:\n    pass\nfor x in []:\n    pass\n').errors).toEqual([
      '1:1: if statements are not allowed at the top level. You may move it inside a function or use an if expression (x if condition else y).',
      '3:1: for loops are not allowed at the top level. You may move it inside a function or use a comprehension, [f(x) for x in sequence]',
    ]);
  });

  it('checks control flow placement', () => {
    expect(resolve('return 1\n').errors).toEqual(['1:1: return statements must be inside a function']);
    expect(resolve('def f():\n    break\n').errors).toEqual(['2:5: break statement must be inside a for loop']);
    expect(resolve('def f():\n    for x in []:\n        def g():\n            continue\n').errors).toEqual([
      '4:13: continue statement must be inside a for loop',
    ]);
  });

  it('checks parameters', () => {
    expect(resolve('def f(a, a):\n    pass\n').errors).toEqual(['1:10: duplicate parameter: a']);
    expect(resolve('def f(a=1, b):\n    pass\n').errors).toEqual(['1:12: required positional parameter b may not follow an optional parameter']);
    expect(resolve('def f(*):\n    pass\n').errors).toEqual(['1:7: bare * must be followed by keyword-only parameters']);
    expect(resolve('def f(**k, a):\n    pass\n').errors).toEqual(['1:12: required parameter a may not follow **k']);
    expect(resolve('def f(*a, *b):\n    pass\n').errors).toEqual(['1:11: multiple * parameters not allowed']);
  });

  it('checks argument order in calls', () => {
    expect(resolve('len(x=1, 2)\n').errors).toEqual(['1:10: positional argument may not follow keyword argument']);
    expect(resolve('len(x=1, x=2)\n').errors).toEqual(['1:10: duplicate keyword argument: x']);
    expect(resolve('len(*[], 1)\n').errors).toEqual(['1:10: positional argument may not follow *args']);
    expect(resolve('len(**{}, *[])\n').errors).toEqual(['1:11: *args may not follow **kwargs']);
  });

  it('checks assignment targets', () => {
    expect(resolve('def f():\n    len(1) = 2\n').errors).toEqual(["2:5: cannot assign to 'len(1)'"]);
    expect(resolve('def f(a, b):\n    [a, b] += [1]\n').errors).toEqual(['2:12: cannot perform augmented assignment on a list or tuple expression']);
  });
});
