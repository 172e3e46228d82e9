// The chunked-file test runner: runs Starlark test files split into independent chunks and checks their
// `###` error expectations and assertions.
//
// The format follows google/starlark-go's internal/chunkedfile. A file is split at lines that are exactly
// `---`; each chunk is evaluated alone, in the .bzl dialect, as a file whose earlier lines are blank, so that
// every line keeps its number in the file. A comment `### regexp` (or `### "go-quoted regexp"`, or
// `### java: regexp` for Bazel's wording) on a line expects an error on or from that line: the error's
// innermost position, or any frame of its call stack, is on that line, and its message matches the regexp.
// `### go: …` and `### rust: …` are other implementations' wordings and are ignored. A chunk passes when every
// expectation is met by some error, every error meets some expectation on one of its lines, and no assertion
// failed. Assertions (assert_eq, assert_fails, … and the `assert` struct of `load("assert.star", …)`) do not
// stop the chunk: each failure is recorded at the line of the assert call, as starlark-go's assert.star does.

import { PROFILES, SourceFile, type Diagnostic, type StarlarkSemantics } from '../engine/base/index.ts';
import { standalonePredeclared } from '../engine/loading/index.ts';
import {
  Builtin,
  EvalError,
  Module,
  None,
  Struct,
  compare,
  contains,
  equals,
  execFile,
  repr,
  truth,
  type Value,
} from '../engine/starlark/index.ts';

/** One `###` expectation: an error on `line` whose message matches `pattern`. */
export interface Expectation {
  readonly line: number;
  readonly pattern: RegExp;
  /** The pattern as written, for messages. */
  readonly source: string;
}

/** One chunk of a file: its first line (1-based) and its lines. */
export interface Chunk {
  readonly startLine: number;
  readonly lines: readonly string[];
}

export interface ChunkedResult {
  /** `FILE:LINE: what failed`, one per failure, in file order. */
  readonly lines: string[];
  readonly passed: number;
  readonly failed: number;
}

export interface ChunkedOptions {
  /** Forces a profile; by default a file's first line `# profile: bazel4` picks Bazel 4.2.3's semantics. */
  readonly profile?: 'bazel4' | 'modern';
}

/** Splits a file's text at lines that are exactly `---`. */
export function splitChunks(text: string): Chunk[] {
  const lines = text.split(/\r?\n/);
  const chunks: Chunk[] = [];
  let start = 0;
  for (let i = 0; i <= lines.length; i++) {
    if (i === lines.length || lines[i] === '---') {
      chunks.push({ startLine: start + 1, lines: lines.slice(start, i) });
      start = i + 1;
    }
  }
  return chunks;
}

/**
 * The `###` expectations of a chunk. Throws an Error naming the line when a pattern is malformed (a bad
 * quoted string or regexp), since a test that cannot say what it expects is itself broken.
 */
export function parseExpectations(chunk: Chunk): Expectation[] {
  const out: Expectation[] = [];
  chunk.lines.forEach((text, i) => {
    const at = findMarker(text);
    if (at < 0) return;
    const line = chunk.startLine + i;
    let rest = text.slice(at + 3).trim();
    if (/^(go|rust):/.test(rest)) return;
    const java = /^java:/.exec(rest);
    if (java) rest = rest.slice(java[0].length).trim();
    const source = rest.startsWith('"') ? goUnquote(rest, line) : rest;
    let pattern: RegExp;
    try {
      pattern = new RegExp(source);
    } catch (e) {
      throw new Error(`line ${line}: bad regexp ${JSON.stringify(source)}: ${(e as Error).message}`);
    }
    out.push({ line, pattern, source });
  });
  return out;
}

/** The offset of the `###` marker of a line, ignoring any inside string literals; -1 if there is none. */
function findMarker(text: string): number {
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (text.startsWith(quote, i)) {
        i += quote.length - 1;
        quote = '';
      }
    } else if (c === '"' || c === "'") {
      quote = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      if (quote.length === 3) i += 2;
    } else if (c === '#') {
      return text.startsWith('###', i) ? i : -1;
    }
  }
  // A string literal left open on this line (a test of the scanner's error): the marker is the last `###`.
  return quote.length === 1 ? text.lastIndexOf('###') : -1;
}

/** Unquotes a Go double-quoted string literal (the part of the text up to its closing quote). */
export function goUnquote(s: string, line: number): string {
  let out = '';
  for (let i = 1; i < s.length; i++) {
    const c = s[i]!;
    if (c === '"') {
      if (s.slice(i + 1).trim() !== '') throw new Error(`line ${line}: text after quoted pattern: ${s}`);
      return out;
    }
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = s[++i];
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', '\\': '\\', '"': '"', "'": "'" };
    if (e !== undefined && e in simple) out += simple[e];
    else if (e === 'x' || e === 'u' || e === 'U') {
      const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = s.slice(i + 1, i + 1 + n);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== n) throw new Error(`line ${line}: bad escape in ${s}`);
      out += String.fromCodePoint(parseInt(hex, 16));
      i += n;
    } else if (e !== undefined && /[0-7]/.test(e)) {
      const oct = s.slice(i, i + 3);
      if (!/^[0-7]{3}$/.test(oct)) throw new Error(`line ${line}: bad octal escape in ${s}`);
      out += String.fromCharCode(parseInt(oct, 8));
      i += 2;
    } else throw new Error(`line ${line}: bad escape \\${e ?? ''} in ${s}`);
  }
  throw new Error(`line ${line}: unterminated quoted pattern: ${s}`);
}

/** The semantics a file asks for: `# profile: bazel4` on its first line, else modern (unless forced). */
export function semanticsFor(text: string, forced?: 'bazel4' | 'modern'): StarlarkSemantics {
  if (forced) return PROFILES[forced].starlark;
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  return /^#\s*profile:\s*bazel4\s*$/.test(first) ? PROFILES.bazel4.starlark : PROFILES.modern.starlark;
}

/** An assertion failure, recorded at the line of the assert call. */
interface Failure {
  readonly line: number;
  readonly message: string;
}

/** The innermost Starlark line of the running thread (the assert call site). */
function callerLine(thread: unknown): number {
  const t = thread as { callerLocation?: () => { line: number } | undefined };
  return t.callerLocation?.()?.line ?? 0;
}

/** The assert builtins of one chunk; failures go to `failures`. */
function assertHelpers(failures: Failure[]): { predeclared: Map<string, Value>; assertModule: Module } {
  const fail = (thread: unknown, message: string): Value => {
    failures.push({ line: callerLine(thread), message });
    return None;
  };
  const arity = (name: string, args: Value[], min: number, max: number): void => {
    if (args.length < min || args.length > max) {
      throw new EvalError(`${name}: got ${args.length} arguments, want ${min === max ? min : `${min}..${max}`}`);
    }
  };
  const eq = (name: string) =>
    new Builtin(name, (thread, args) => {
      arity(name, args, 2, 3);
      if (!equals(args[0]!, args[1]!)) {
        return fail(thread, `${name}: ${repr(args[0]!)} != ${repr(args[1]!)}${args[2] !== undefined ? ` (${strOf(args[2])})` : ''}`);
      }
      return None;
    });
  const ne = (name: string) =>
    new Builtin(name, (thread, args) => {
      arity(name, args, 2, 3);
      if (equals(args[0]!, args[1]!)) return fail(thread, `${name}: ${repr(args[0]!)} == ${repr(args[1]!)}`);
      return None;
    });
  const isTrue = (name: string) =>
    new Builtin(name, (thread, args) => {
      arity(name, args, 1, 2);
      if (!truth(args[0]!)) return fail(thread, args[1] !== undefined ? strOf(args[1]) : `${name}: ${repr(args[0]!)} is not true`);
      return None;
    });
  const lt = new Builtin('lt', (thread, args) => {
    arity('assert.lt', args, 2, 2);
    if (!compare('<', args[0]!, args[1]!)) return fail(thread, `assert.lt: ${repr(args[0]!)} is not less than ${repr(args[1]!)}`);
    return None;
  });
  const has = new Builtin('contains', (thread, args) => {
    arity('assert.contains', args, 2, 2);
    if (!contains(args[0]!, args[1]!)) return fail(thread, `assert.contains: ${repr(args[0]!)} does not contain ${repr(args[1]!)}`);
    return None;
  });
  const failBuiltin = new Builtin('fail', (thread, args) => fail(thread, args.map(strOf).join(' ')));
  const fails = (name: string) =>
    new Builtin(name, (thread, args) => {
      arity(name, args, 2, 2);
      const [fn, pat] = args as [Value, Value];
      if (typeof pat !== 'string') throw new EvalError(`${name}: want a string pattern, got ${repr(pat)}`);
      let re: RegExp;
      try {
        re = new RegExp(pat);
      } catch (e) {
        throw new EvalError(`${name}: bad regexp ${repr(pat)}: ${(e as Error).message}`);
      }
      try {
        thread.call(fn, [], []);
      } catch (e) {
        if (!(e instanceof EvalError)) throw e;
        const withFn = e.fnName ? `Error in ${e.fnName}: ${e.message}` : e.message;
        if (!re.test(e.message) && !re.test(withFn)) {
          return fail(thread, `${name}: error ${JSON.stringify(e.message)} does not match ${JSON.stringify(pat)}`);
        }
        return None;
      }
      return fail(thread, `${name}: evaluation succeeded unexpectedly (want error matching ${JSON.stringify(pat)})`);
    });

  const predeclared = new Map<string, Value>([
    ['assert_eq', eq('assert_eq')],
    ['assert_ne', ne('assert_ne')],
    ['assert_', isTrue('assert_')],
    ['assert_fails', fails('assert_fails')],
  ]);
  const assertStruct = new Struct([
    ['eq', eq('assert.eq')],
    ['ne', ne('assert.ne')],
    ['true', isTrue('assert.true')],
    ['lt', lt],
    ['contains', has],
    ['fails', fails('assert.fails')],
    ['fail', failBuiltin],
  ]);
  return { predeclared, assertModule: Module.of({ assert: assertStruct }, '//:assert.star') };
}

function strOf(v: Value): string {
  return typeof v === 'string' ? v : repr(v);
}

/** Runs one chunk; returns its failures as `line: message` pairs, in line order. */
export function runChunk(path: string, chunk: Chunk, semantics: StarlarkSemantics): Failure[] {
  const failures: Failure[] = [];
  let expectations: Expectation[];
  try {
    expectations = parseExpectations(chunk);
  } catch (e) {
    return [{ line: chunk.startLine, message: `bad expectation: ${(e as Error).message}` }];
  }
  // The chunk's lines at their places, after blank lines standing for the chunks before it.
  const source = new SourceFile(path, '\n'.repeat(chunk.startLine - 1) + chunk.lines.join('\n'));

  const { predeclared, assertModule } = assertHelpers(failures);
  const profile = semantics === PROFILES.bazel4.starlark ? PROFILES.bazel4 : PROFILES.modern;
  for (const [k, v] of standalonePredeclared(profile)) predeclared.set(k, v);
  let diagnostics: readonly Diagnostic[];
  try {
    const result = execFile(source, {
      dialect: 'bzl',
      semantics,
      predeclared,
      load: (module: string) => (module === 'assert.star' ? assertModule : { error: `cannot load '${module}': no such file` }),
      print: () => {},
    });
    diagnostics = result.diagnostics;
  } catch (e) {
    return [{ line: chunk.startLine, message: `internal error: ${(e as Error).stack ?? String(e)}` }];
  }

  const met = new Set<Expectation>();
  for (const d of diagnostics) {
    if (d.severity !== 'error') continue;
    const where = new Set<number>([d.range.start.line, ...(d.stack ?? []).map((f) => f.line)]);
    const matching = expectations.filter((x) => where.has(x.line) && x.pattern.test(d.message));
    if (matching.length === 0) failures.push({ line: d.range.start.line, message: `unexpected error: ${d.message}` });
    for (const x of matching) met.add(x);
  }
  for (const x of expectations) {
    if (!met.has(x)) failures.push({ line: x.line, message: `expected error matching ${JSON.stringify(x.source)}, got none` });
  }
  return failures.sort((a, b) => a.line - b.line);
}

/** Runs every chunk of the given files. */
export function runChunkedFiles(paths: string[], readFile: (p: string) => string, opts: ChunkedOptions = {}): ChunkedResult {
  const lines: string[] = [];
  let passed = 0;
  let failed = 0;
  for (const path of paths) {
    let text: string;
    try {
      text = readFile(path);
    } catch (e) {
      lines.push(`${path}: cannot read: ${(e as Error).message}`);
      failed++;
      continue;
    }
    const semantics = semanticsFor(text, opts.profile);
    for (const chunk of splitChunks(text)) {
      const failures = runChunk(path, chunk, semantics);
      if (failures.length === 0) passed++;
      else {
        failed++;
        for (const f of failures) lines.push(`${path}:${f.line}: ${f.message}`);
      }
    }
  }
  return { lines, passed, failed };
}
