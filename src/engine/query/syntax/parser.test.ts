// Table-driven tests of the query parser: the tree it builds (printed back) and Bazel's syntax-error messages.

import { describe, expect, it } from 'vitest';
import { exprToString, functionSignatures, parseQuery, QuerySyntaxError } from './index.ts';

const modern = functionSignatures({ command: 'query', someTakesCount: true });
const bazel4 = functionSignatures({ command: 'query', someTakesCount: false });
const cquery = functionSignatures({ command: 'cquery', someTakesCount: true });

function parsed(q: string, fns = modern): string {
  return exprToString(parseQuery(q, fns));
}

function error(q: string, fns = modern): string {
  try {
    parseQuery(q, fns);
  } catch (e) {
    if (e instanceof QuerySyntaxError) return e.message;
    throw e;
  }
  return '(no error)';
}

describe('query parser', () => {
  it.each([
    ['//foo:bar', '//foo:bar'],
    ['//foo/...', '//foo/...'],
    ['"//foo:bar+wiz"', '//foo:bar+wiz'],
    ['//foo:bar+wiz', '(//foo:bar + wiz)'],
    ['a + b + c', '(a + b + c)'],
    ['a + b - c', '((a + b) - c)'],
    ['a intersect b union c', '((a intersect b) union c)'],
    ['a ^ b', '(a ^ b)'],
    ['a - (b + c)', '(a - (b + c))'],
    ['deps(//a)', 'deps(//a)'],
    ['deps(//a, 2)', 'deps(//a, 2)'],
    ['rdeps(//..., //a:b, 1)', 'rdeps(//..., //a:b, 1)'],
    ['kind("cc_.* rule", //...)', "kind('cc_.* rule', //...)"],
    ['attr(tags, manual, //...)', "attr('tags', 'manual', //...)"],
    ['let x = deps(//lib:core) in $x - //lib:util', 'let x = deps(//lib:core) in ($x - //lib:util)'],
    ['set(//a //b:c)', 'set(//a //b:c)'],
    ['set()', 'set()'],
    ['"union"', 'union'],
    ['somepath(//a, //b)', 'somepath(//a, //b)'],
    ['some(//a, 3)', 'some(//a, 3)'],
    ['  //a\n  +\t//b ', '(//a + //b)'],
    ['//a:[x]~y', '//a:[x]~y'],
  ])('%s', (q, want) => {
    expect(parsed(q)).toBe(want);
  });

  it.each([
    ['deps(//app:main', 'premature end of input'],
    ['deps(', 'premature end of input'],
    ['', 'premature end of input'],
    ['foo(//:a)', "syntax error at '( //:a )'"],
    ['*a', 'target literal must not begin with (*): *a'],
    ['"-a"', 'target literal must not begin with (-): -a'],
    ['deps(//:a, x)', "expected an integer literal: 'x'"],
    ['"//:a', 'unclosed quotation'],
    ['//:a //:a', "unexpected token '//:a' after query expression '//:a'"],
    ['somepath(//:a)', "syntax error at ')'"],
    ['a + ', 'premature end of input'],
    ['let = a in b', "syntax error at '= a in'"],
    ['(a', 'premature end of input'],
    ['a)', "unexpected token ')' after query expression 'a'"],
  ])('%s → %s', (q, msg) => {
    expect(error(q)).toBe(msg);
  });

  it('reads arguments by the signatures of the profile and command', () => {
    expect(error('some(//:a, 2)', bazel4)).toBe("syntax error at ', 2 )'");
    expect(error('allrdeps(//:a)')).toBe("syntax error at '( //:a )'");
    // cquery parses the query-only functions and refuses them when it evaluates them.
    expect(error('siblings(//:a)', cquery)).toBe('(no error)');
    expect(error('tests(//:a)', cquery)).toBe('(no error)');
    expect(parsed('config(//:a, target)', cquery)).toBe("config(//:a, 'target')");
    const sky = functionSignatures({ command: 'query', someTakesCount: true, skyQuery: true });
    expect(parsed('rbuildfiles(a/BUILD, b/x.bzl)', sky)).toBe("rbuildfiles('a/BUILD', 'b/x.bzl')");
    expect(error('rbuildfiles()', sky)).toBe("syntax error at ')'");
  });
});
