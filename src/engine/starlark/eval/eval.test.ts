// Unit tests of the evaluator and the layer's API: execFile, loads, tracebacks, budgets, the Thread API.

import { describe, expect, it } from 'vitest';
import { PROFILES, SourceFile, type Diagnostic } from '../../base/index.ts';
import {
  Builtin,
  Module,
  None,
  StarlarkFunction,
  Thread,
  errorToDiagnostic,
  execFile,
  formatTraceback,
  lineReader,
  repr,
  type CallLocation,
  type ExecOptions,
  type Value,
} from '../index.ts';

const modern = PROFILES.modern.starlark;

interface Run {
  module: Module;
  diagnostics: Diagnostic[];
  printed: string[];
  traceback: string;
}

function run(files: Record<string, string>, main: string, extra: Partial<ExecOptions> = {}): Run {
  const printed: string[] = [];
  const cache = new Map<string, Module>();
  const sources = Object.entries(files).map(([p, t]) => new SourceFile(p, t));
  const exec = (path: string): { module: Module; diagnostics: Diagnostic[] } => {
    const src = sources.find((s) => s.path === path)!;
    return execFile(src, {
      dialect: path.endsWith('BUILD') ? 'build' : 'bzl',
      semantics: modern,
      predeclared: new Map(),
      label: path.includes('/') ? `//${path.replace(/\/([^/]*)$/, ':$1')}` : `//:${path}`,
      print: (msg, where) => printed.push(`${where.file}:${where.line}:${where.column}: ${msg}`),
      load: (m) => {
        const p = m.replace(/^\/\//, '').replace(':', '/').replace(/^\//, '');
        if (!files[p]) return { error: `cannot load '${m}': no such file` };
        let mod = cache.get(p);
        if (!mod) cache.set(p, (mod = exec(p).module));
        return mod;
      },
      ...extra,
    });
  };
  const r = exec(main);
  const read = lineReader(sources);
  return { ...r, printed, traceback: r.diagnostics.map((d) => formatTraceback(d, read)).join('\n') };
}

describe('execFile', () => {
  it('runs a program and freezes its globals', () => {
    const r = run({ 'a.bzl': 'x = [1, 2]\ny = {"k": x}\n_z = 3\ndef f(n):\n    return n * 2\n' }, 'a.bzl');
    expect(r.diagnostics).toEqual([]);
    expect([...r.module.globals.keys()]).toEqual(['x', 'y', '_z', 'f']);
    expect([...r.module.exported().keys()]).toEqual(['x', 'y', 'f']);
    expect(r.module.frozen).toBe(true);
    expect(repr(r.module.globals.get('f')!)).toBe('<function f from //:a.bzl>');
  });

  it('prints a traceback through loads, as Bazel does', () => {
    const r = run(
      {
        'lib/defs.bzl': 'def g():\n    fail("boom", "x")\ndef f():\n    g()\n',
        'pkg/BUILD': 'load("//lib:defs.bzl", "f")\nf()\n',
      },
      'pkg/BUILD',
    );
    expect(r.traceback).toBe(
      [
        'Traceback (most recent call last):',
        '\tFile "pkg/BUILD", line 2, column 2, in <toplevel>',
        '\t\tf()',
        '\tFile "lib/defs.bzl", line 4, column 6, in f',
        '\t\tg()',
        '\tFile "lib/defs.bzl", line 2, column 9, in g',
        '\t\tfail("boom", "x")',
        'Error in fail: boom x',
      ].join('\n'),
    );
    expect(r.diagnostics[0]).toMatchObject({ kind: 'eval', file: 'lib/defs.bzl', range: { start: { line: 2, column: 9 } } });
  });

  it('reports mutation of a frozen value from a builtin method', () => {
    const r = run({ 'a.bzl': 'l = []\n', 'p/BUILD': 'load("//:a.bzl", "l")\nl.append(1)\n' }, 'p/BUILD');
    expect(r.diagnostics.map((d) => d.message)).toEqual(['Error in append: trying to mutate a frozen list value']);
    expect(r.diagnostics[0]!.stack).toEqual([{ file: 'p/BUILD', line: 2, column: 9, name: '<toplevel>' }]);
  });

  it('binds arguments with Bazel messages, located at the def', () => {
    const msg = (call: string) => run({ 'a.bzl': `def f(a, b=1, *, count=2):\n    pass\n${call}\n` }, 'a.bzl').diagnostics[0]?.message;
    expect(msg('f(1, 2, 3)')).toBe('Error: f() accepts no more than 2 positional arguments but got 3');
    expect(msg('f(d=1)')).toBe('Error: f() got unexpected keyword argument: d');
    expect(msg('f(1, cuont=1)')).toBe("Error: f() got unexpected keyword argument: cuont (did you mean 'count'?)");
    expect(msg('f(b=1)')).toBe('Error: f() missing 1 required positional argument: a');
    expect(msg('f(1, a=2)')).toBe("Error: f() got multiple values for parameter 'a'");
    const r = run({ 'a.bzl': 'def f(a):\n    pass\nf()\n' }, 'a.bzl');
    expect(r.diagnostics[0]!.stack!.map((s) => `${s.line}:${s.column} ${s.name}`)).toEqual(['3:2 <toplevel>', '1:5 f']);
    expect(run({ 'a.bzl': 'def f(*, k):\n    pass\nf()\n' }, 'a.bzl').diagnostics[0]!.message).toBe(
      'Error: f() missing 1 required keyword-only argument: k',
    );
    expect(run({ 'a.bzl': 'def f():\n    pass\nf(1)\n' }, 'a.bzl').diagnostics[0]!.message).toBe(
      'Error: f() does not accept positional arguments, but got 1',
    );
  });

  it('passes *args and **kwargs', () => {
    const r = run({ 'a.bzl': 'def f(a, *args, **kw):\n    return [a, args, kw]\nx = f(*[1, 2, 3], **{"k": 4})\n' }, 'a.bzl');
    expect(repr(r.module.globals.get('x')!)).toBe('[1, (2, 3), {"k": 4}]');
    const bad = run({ 'a.bzl': 'def f(*a):\n    pass\nf(*1)\n' }, 'a.bzl');
    expect(bad.diagnostics[0]!.message).toBe('Error: argument after * must be an iterable, not int');
  });

  it('evaluates closures over cells', () => {
    const r = run(
      { 'a.bzl': 'def counter():\n    n = [0]\n    def inc():\n        n[0] += 1\n        return n[0]\n    return inc\nc = counter()\nx = [c(), c(), c()]\n' },
      'a.bzl',
    );
    expect(r.diagnostics).toEqual([]);
    expect(repr(r.module.globals.get('x')!)).toBe('[1, 2, 3]');
  });

  it('reports unassigned variables', () => {
    expect(run({ 'a.bzl': 'def f():\n    print(x)\n    x = 1\nf()\n' }, 'a.bzl').diagnostics[0]!.message).toBe(
      "Error: local variable 'x' is referenced before assignment.",
    );
    expect(run({ 'a.bzl': 'def f():\n    return x\ny = f()\nx = 1\n' }, 'a.bzl').diagnostics[0]!.message).toBe(
      "Error: global variable 'x' is referenced before assignment.",
    );
  });

  it('forbids recursion', () => {
    const r = run({ 'a.bzl': 'def f(n):\n    return f(n - 1) if n else 0\nf(3)\n' }, 'a.bzl');
    expect(r.diagnostics[0]!.message).toBe("Error: function 'f' called recursively");
  });

  it('extends lists in place with +=', () => {
    const r = run({ 'a.bzl': 'def f():\n    a = [1]\n    b = a\n    a += [2]\n    return b\nx = f()\n' }, 'a.bzl');
    expect(repr(r.module.globals.get('x')!)).toBe('[1, 2]');
  });

  it('guards lists against mutation during iteration', () => {
    const r = run({ 'a.bzl': 'def f():\n    l = [1]\n    for x in l:\n        l.append(x)\nf()\n' }, 'a.bzl');
    expect(r.diagnostics[0]!.message).toBe('Error in append: list value is temporarily immutable due to active for-loop iteration');
  });

  it('unpacks nested tuples in assignments and loops', () => {
    const r = run({ 'a.bzl': 'def f():\n    out = []\n    for (a, [b, c]) in [(1, (2, 3))]:\n        out.append(a + b + c)\n    return out\nx = f()\n(p, q), r = (1, 2), 3\n' }, 'a.bzl');
    expect(r.diagnostics).toEqual([]);
    expect(repr(r.module.globals.get('x')!)).toBe('[6]');
    expect(run({ 'a.bzl': 'a, b = [1, 2, 3]\n' }, 'a.bzl').diagnostics[0]).toMatchObject({
      message: 'Error: too many values to unpack (got 3, want 2)',
      range: { start: { line: 1, column: 6 } },
    });
  });

  it('reports duplicate keys in dict displays', () => {
    expect(run({ 'a.bzl': 'x = {"a": 1, "a": 2}\n' }, 'a.bzl').diagnostics[0]).toMatchObject({
      message: 'Error: dictionary expression has duplicate key: "a"',
      range: { start: { line: 1, column: 17 } },
    });
  });

  it('sends print output with the call site', () => {
    const r = run({ 'p/BUILD': 'x = 1\nprint("hi", x)\n' }, 'p/BUILD');
    expect(r.printed).toEqual(['p/BUILD:2:6: hi 1']);
  });

  it('reports load problems at the load statement', () => {
    expect(run({ 'p/BUILD': 'load("//nope:x.bzl", "a")\n' }, 'p/BUILD').diagnostics).toMatchObject([
      { kind: 'loading', message: "cannot load '//nope:x.bzl': no such file", range: { start: { line: 1, column: 6 } } },
    ]);
    const r = run({ 'a.bzl': 'x = 1\n', 'p/BUILD': 'load("//:a.bzl", "y")\n' }, 'p/BUILD');
    expect(r.diagnostics[0]).toMatchObject({
      message: "Error: file '//:a.bzl' does not contain symbol 'y'",
      range: { start: { line: 1, column: 19 } },
    });
    const r2 = run({ 'a.bzl': 'xyzzy = 1\n', 'p/BUILD': 'load("//:a.bzl", "xyzz")\n' }, 'p/BUILD');
    expect(r2.diagnostics[0]!.message).toBe("Error: file '//:a.bzl' does not contain symbol 'xyzz' (did you mean 'xyzzy'?)");
  });

  it('does not run files with syntax, dialect or resolution errors', () => {
    const r = run({ 'p/BUILD': 'print("ran")\ndef f():\n    pass\n' }, 'p/BUILD');
    expect(r.printed).toEqual([]);
    expect(r.diagnostics.map((d) => d.kind)).toEqual(['syntax']);
    const r2 = run({ 'a.bzl': 'print("ran")\nx = undefined_name\n' }, 'a.bzl');
    expect(r2.printed).toEqual([]);
    expect(r2.diagnostics).toMatchObject([{ kind: 'resolve', message: "name 'undefined_name' is not defined" }]);
  });

  it('stops runaway programs with the step budget and the cancel flag', () => {
    const loop = { 'a.bzl': 'def f():\n    for i in range(1000000000):\n        pass\nf()\n' };
    expect(run(loop, 'a.bzl', { maxSteps: 10_000 }).diagnostics[0]!.message).toBe(
      'Error: Starlark computation cancelled: too many steps',
    );
    expect(run(loop, 'a.bzl', { cancel: { cancelled: true } }).diagnostics[0]!.message).toBe(
      'Error: Starlark computation cancelled',
    );
  });

  it('calls the post-assignment hook for top-level assignments', () => {
    const seen: string[] = [];
    run({ 'a.bzl': 'a = 1\nb, c = 2, 3\ndef f():\n    d = 4\n' }, 'a.bzl', { postAssign: (name, v) => seen.push(`${name}=${repr(v)}`) });
    expect(seen).toEqual(['a=1', 'b=2', 'c=3']);
  });

  it('turns a bug into an internal diagnostic', () => {
    const boom = new Builtin('boom', () => {
      throw new TypeError('oops');
    });
    const r = run({ 'a.bzl': 'boom()\n' }, 'a.bzl', { predeclared: new Map([['boom', boom]]) });
    expect(r.diagnostics).toMatchObject([{ kind: 'internal', message: 'internal error: TypeError: oops' }]);
  });
});

describe('Thread API', () => {
  it('tells a builtin where it was called from, and keeps thread-locals', () => {
    const calls: (CallLocation | undefined)[] = [];
    let local: unknown;
    const rule = new Builtin('my_rule', (thread) => {
      const t = thread as Thread;
      calls.push(t.callerLocation());
      local = t.threadLocals.get('pkg');
      expect(t.callStack.map((f) => f.name)).toEqual(['<toplevel>', 'macro']);
      return None;
    });
    run(
      { 'm.bzl': 'def macro():\n    my_rule()\n', 'p/BUILD': 'load("//:m.bzl", "macro")\nmacro()\n' },
      'p/BUILD',
      { predeclared: new Map([['my_rule', rule]]), threadLocals: new Map([['pkg', 'p']]) },
    );
    expect(calls).toEqual([{ file: 'm.bzl', line: 2, column: 12 }]);
    expect(local).toBe('p');
  });

  it('calls Starlark functions from JavaScript', () => {
    const r = run({ 'a.bzl': 'def add(a, b = 10):\n    return a + b\ndef bad():\n    fail("no")\n' }, 'a.bzl');
    const thread = new Thread({ semantics: modern });
    const add = r.module.globals.get('add') as StarlarkFunction;
    expect(thread.call(add, [1], [])).toBe(11);
    expect(thread.call(add, [1], [['b', 2]])).toBe(3);
    expect(add.paramNames).toEqual(['a', 'b']);
    expect(add.defaultValue(1)).toBe(10);
    let d: Diagnostic | undefined;
    try {
      thread.call(r.module.globals.get('bad') as Value, [], []);
    } catch (e) {
      d = errorToDiagnostic(e);
    }
    expect(d).toMatchObject({ kind: 'eval', message: 'Error in fail: no', stack: [{ file: 'a.bzl', line: 4, column: 9, name: 'bad' }] });
  });

  it('shows builtins in the middle of a stack', () => {
    const r = run({ 'a.bzl': 'def key(x):\n    fail("k")\ndef f():\n    return sorted([1, 2], key = key)\nf()\n' }, 'a.bzl');
    expect(r.diagnostics[0]!.stack!.map((s) => `${s.file} ${s.name}`)).toEqual([
      'a.bzl <toplevel>',
      'a.bzl f',
      '<builtin> sorted',
      'a.bzl key',
    ]);
    expect(r.traceback).toContain('\tFile "<builtin>", in sorted\n');
  });
});
