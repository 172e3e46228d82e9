// The fuzz suite: generated and mutated BUILD/.bzl files, query expressions, command lines and share links go
// through loadWorkspace, runCommand, the Starlark execFile, the query parser and the share-link decoder; every
// input must end in a result or a located diagnostic, with no exception escaping and no hang beyond the budget.
// A fixed seed and a bounded number of runs in `npm test`; FUZZ_RUNS / FUZZ_SEED (scripts/fuzz-long.sh) for more.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { execFile, loadWorkspace, PROFILES, runCommand, SourceFile, type Diagnostic } from '../../src/engine/index.ts';
import { functionSignatures, parseQuery, QuerySyntaxError } from '../../src/engine/query/index.ts';
import { decodeShareFragment, encodeShareState, toBase64Url } from '../../src/ui/state/share-link.ts';
import { argv, bzlFile, buildFile, expr, mutated, queryExpr, workspace } from './arbitraries.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
/** Runs per property: the bounded run in `npm test` by default; scripts/fuzz-long.sh raises it. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 0);
const runs = (n: number) => (RUNS > 0 ? Math.max(RUNS, n) : n);
const params = (n: number): fc.Parameters<unknown> => ({ seed: SEED, numRuns: runs(n), endOnFailure: true });
const CASE_TIMEOUT = RUNS > 0 ? 3_600_000 : 60_000;

/**
 * A cancel flag that turns itself on after `ms` of the current case: the per-case timeout for synchronous
 * engine calls (the evaluator checks it at every loop iteration and call). Reaching it counts as a hang.
 */
function deadline(ms: number): { cancelled: boolean; hit: boolean } {
  const end = performance.now() + ms;
  const flag = {
    hit: false,
    get cancelled(): boolean {
      if (performance.now() > end) flag.hit = true;
      return flag.hit;
    },
  };
  return flag;
}
const CASE_BUDGET_MS = 20_000;

/** A located diagnostic: a file (may be empty for command-line problems), a 1-based range and a message. */
function expectLocated(d: Diagnostic): void {
  expect(typeof d.file).toBe('string');
  expect(d.range.start.line).toBeGreaterThanOrEqual(1);
  expect(d.range.start.column).toBeGreaterThanOrEqual(1);
  expect(typeof d.message).toBe('string');
  expect(d.message.length).toBeGreaterThan(0);
}

/** Internal errors (a JS exception of ours turned into a diagnostic) are bugs: the fuzzer reports them. */
function internal(text: string): boolean {
  return /internal error|TypeError|ReferenceError|RangeError|Maximum call stack|undefined is not|is not a function|\[object Object\]/.test(text);
}

describe('fuzz: Starlark execFile', () => {
  const opts = (cancel: { cancelled: boolean }) => ({ dialect: 'bzl' as const, semantics: PROFILES.modern.starlark, predeclared: new Map(), maxSteps: 200_000, cancel });

  it('a generated or mutated .bzl file ends in a module or located diagnostics', () => {
    fc.assert(
      fc.property(fc.oneof(bzlFile, mutated(bzlFile)), (text) => {
        const cancel = deadline(CASE_BUDGET_MS);
        const r = execFile(new SourceFile('p/defs.bzl', text), opts(cancel));
        expect(cancel.hit).toBe(false);
        for (const d of r.diagnostics) {
          expectLocated(d);
          expect(internal(d.message), d.message).toBe(false);
        }
      }),
      params(200),
    );
  }, CASE_TIMEOUT);

  it('a generated expression evaluates or fails with a located diagnostic', () => {
    fc.assert(
      fc.property(expr, (e) => {
        const cancel = deadline(CASE_BUDGET_MS);
        const r = execFile(new SourceFile('e.bzl', `x = 1\nn = 2\nname = "a"\ndef glob(p): return p\ndef select(d): return d\nv = ${e}\n`), opts(cancel));
        expect(cancel.hit).toBe(false);
        for (const d of r.diagnostics) {
          expectLocated(d);
          expect(internal(d.message), d.message).toBe(false);
        }
      }),
      params(500),
    );
  }, CASE_TIMEOUT);
});

describe('fuzz: the query parser', () => {
  const sigs = functionSignatures({ command: 'query', someTakesCount: true, skyQuery: true });

  it('a generated or mutated query parses or throws QuerySyntaxError', () => {
    fc.assert(
      fc.property(fc.oneof(queryExpr, mutated(queryExpr), fc.string({ maxLength: 30 })), (q) => {
        try {
          parseQuery(q, sigs);
        } catch (e) {
          expect(e).toBeInstanceOf(QuerySyntaxError);
          expect((e as Error).message.length).toBeGreaterThan(0);
        }
      }),
      params(2000),
    );
  }, CASE_TIMEOUT);
});

describe('fuzz: loadWorkspace', () => {
  it('a generated workspace loads with located diagnostics only', () => {
    fc.assert(
      fc.property(workspace, (files) => {
        const cancel = deadline(CASE_BUDGET_MS);
        const r = loadWorkspace(files, { cancel });
        expect(cancel.hit).toBe(false);
        for (const d of r.diagnostics) {
          expectLocated(d);
          expect(internal(d.message), d.message).toBe(false);
        }
        for (const t of r.targets) expect(t.label.startsWith('//') || t.label.startsWith('@')).toBe(true);
      }),
      params(100),
    );
  }, CASE_TIMEOUT);
});

describe('fuzz: runCommand', () => {
  it('a generated command line over a generated workspace resolves to an exit code and messages', async () => {
    await fc.assert(
      fc.asyncProperty(workspace, argv, async (files, args) => {
        const cancel = deadline(CASE_BUDGET_MS);
        let r;
        try {
          r = await runCommand(files, args, { cancel });
        } catch (e) {
          throw new Error(`runCommand threw: ${e instanceof Error ? e.stack : String(e)}`);
        }
        expect(cancel.hit).toBe(false);
        expect(Number.isInteger(r.exitCode)).toBe(true);
        expect(typeof r.stdout).toBe('string');
        expect(typeof r.stderr).toBe('string');
        if (r.exitCode !== 0) expect(r.stderr.length + r.stdout.length).toBeGreaterThan(0);
        expect(internal(r.stderr), r.stderr).toBe(false);
      }),
      { ...params(120), timeout: CASE_BUDGET_MS } as fc.Parameters<[Record<string, string>, string[]]>,
    );
  }, CASE_TIMEOUT);

  it('a fixed workspace answers every generated query expression', async () => {
    const files = { 'MODULE.bazel': '', 'p/BUILD': 'genrule(name = "a", srcs = ["src.txt"], outs = ["a.out"], cmd = "cat $< > $@")\nfilegroup(name = "b", srcs = [":a", "src.txt"])\nsh_test(name = "t", srcs = ["t.sh"], data = [":b"])\n', 'p/src.txt': 'x\n', 'p/t.sh': 'true\n', 'lib/BUILD': 'alias(name = "a", actual = "//p:a")\n' };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('query', 'cquery'), fc.oneof(queryExpr, mutated(queryExpr)), async (cmd, q) => {
        const r = await runCommand(files, [cmd, q]);
        expect([0, 1, 2, 3, 7]).toContain(r.exitCode);
        if (r.exitCode !== 0) expect(r.stderr).toMatch(/ERROR|error|not found|Skipping/);
        expect(internal(r.stderr), r.stderr).toBe(false);
      }),
      params(300) as fc.Parameters<[string, string]>,
    );
  }, CASE_TIMEOUT);
});

describe('fuzz: share links', () => {
  const state = fc.record({
    files: fc.dictionary(fc.oneof(fc.constantFrom('p/BUILD', 'MODULE.bazel', '../x', '/abs', 'a//b', '', '.', '__proto__'), fc.string({ maxLength: 10 })), fc.string({ maxLength: 40 }), { maxKeys: 4 }),
    command: fc.string({ maxLength: 30 }),
    activePath: fc.option(fc.string({ maxLength: 10 }), { nil: null }),
    panels: fc.constant(null),
    extras: fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 10 }), { maxKeys: 2 }),
    lesson: fc.option(fc.string({ maxLength: 8 }), { nil: null }),
  });

  it('any fragment decodes to a state or a reason, never an exception', () => {
    const fragment = fc.oneof(
      state.map((s) => '#' + encodeShareState(s)),
      mutated(state.map((s) => encodeShareState(s))).map((s) => '#' + s),
      fc.uint8Array({ maxLength: 200 }).map((b) => `#rp2.${toBase64Url(b)}`),
      fc.uint8Array({ maxLength: 200 }).map((b) => `#rp1.${toBase64Url(b)}`),
      fc.json().map((j) => `#rp1.${toBase64Url(new TextEncoder().encode(j))}`),
      fc.string({ maxLength: 60 }).map((s) => `#rp${s}`),
      fc.string({ maxLength: 60 }),
    );
    fc.assert(
      fc.property(fragment, (f) => {
        const r = decodeShareFragment(f);
        if (r.ok) {
          expect(typeof r.state.command).toBe('string');
          for (const [p, t] of Object.entries(r.state.files)) {
            expect(typeof t).toBe('string');
            expect(p.startsWith('/') || p.split('/').includes('..')).toBe(false);
          }
        } else {
          expect(r.reason.length).toBeGreaterThan(0);
        }
      }),
      params(2000),
    );
  }, CASE_TIMEOUT);

  it('a state round-trips through a link', () => {
    fc.assert(
      fc.property(state, (s) => {
        const r = decodeShareFragment('#' + encodeShareState(s));
        if (r.ok) expect(r.state.command).toBe(s.command);
      }),
      params(300),
    );
  }, CASE_TIMEOUT);
});

describe('fuzz: BUILD files alone', () => {
  it('a generated or mutated BUILD file loads with located diagnostics only', () => {
    fc.assert(
      fc.property(fc.oneof(buildFile, mutated(buildFile)), (text) => {
        const cancel = deadline(CASE_BUDGET_MS);
        const r = loadWorkspace({ 'MODULE.bazel': '', 'p/BUILD': text }, { cancel });
        expect(cancel.hit).toBe(false);
        for (const d of r.diagnostics) {
          expectLocated(d);
          expect(internal(d.message), d.message).toBe(false);
        }
      }),
      params(400),
    );
  }, CASE_TIMEOUT);
});
