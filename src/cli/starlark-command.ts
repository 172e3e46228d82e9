// `rulepen starlark [--chunked] [--profile=bazel4|modern] FILE…`: runs Starlark files in the .bzl dialect, or
// chunked test files (see chunked.ts).
//
// Without --chunked each file runs on its own: print() goes to stdout, and an error goes to stderr as Bazel
// prints it (a traceback for evaluation errors, `ERROR: file:line:col: message` for syntax and resolution
// errors); the exit code is 1 if any file failed. load() resolves `//pkg:name` and `:name` labels and plain
// relative paths against the loading file. A file whose first line is `# profile: bazel4` runs with Bazel
// 4.2.3's semantics; otherwise with modern Bazel's.

import { PROFILES, SourceFile, type Diagnostic } from '../engine/base/index.ts';
import { standalonePredeclared } from '../engine/loading/index.ts';
import { execFile, formatTraceback, lineReader, type Module } from '../engine/starlark/index.ts';
import { runChunkedFiles, semanticsFor } from './chunked.ts';

export interface StarlarkCommandIo {
  stdout(s: string): void;
  stderr(s: string): void;
  readFile(p: string): string;
}

const USAGE = 'usage: rulepen starlark [--chunked] [--profile=bazel4|modern] FILE...\n';

export async function starlarkCommand(args: string[], io: StarlarkCommandIo): Promise<number> {
  let chunked = false;
  let profile: 'bazel4' | 'modern' | undefined;
  const files: string[] = [];
  for (const a of args) {
    if (a === '--chunked') chunked = true;
    else if (a.startsWith('--profile=')) {
      const p = a.slice('--profile='.length);
      if (p !== 'bazel4' && p !== 'modern') {
        io.stderr(`ERROR: --profile must be bazel4 or modern, not '${p}'\n`);
        return 2;
      }
      profile = p;
    } else if (a === '-h' || a === '--help') {
      io.stdout(USAGE);
      return 0;
    } else if (a.startsWith('-') && a !== '-') {
      io.stderr(`ERROR: unknown option '${a}'\n${USAGE}`);
      return 2;
    } else files.push(a);
  }
  if (files.length === 0) {
    io.stderr(USAGE);
    return 2;
  }

  if (chunked) {
    const r = runChunkedFiles(files, io.readFile, { profile });
    for (const l of r.lines) io.stdout(l + '\n');
    io.stdout(`${r.passed} passed, ${r.failed} failed\n`);
    return r.failed > 0 ? 1 : 0;
  }

  let status = 0;
  for (const f of files) if (!runFile(f, io, profile)) status = 1;
  return status;
}

/** Runs one file and the files it loads; reports errors to stderr. Returns whether it succeeded. */
function runFile(path: string, io: StarlarkCommandIo, profile: 'bazel4' | 'modern' | undefined): boolean {
  const modules = new Map<string, Module | { error: string }>();
  const loading = new Set<string>();
  const sources = new Map<string, SourceFile>();
  let ok = true;

  const exec = (p: string): Module | { error: string } => {
    const done = modules.get(p);
    if (done) return done;
    if (loading.has(p)) return { error: `cycle in load graph involving ${p}` };
    let text: string;
    try {
      text = io.readFile(p);
    } catch (e) {
      return { error: `cannot load '${p}': ${(e as Error).message}` };
    }
    loading.add(p);
    const source = new SourceFile(p, text);
    sources.set(p, source);
    const semantics = semanticsFor(text, profile);
    const { module, diagnostics } = execFile(source, {
      dialect: 'bzl',
      semantics,
      predeclared: standalonePredeclared(semantics === PROFILES.bazel4.starlark ? PROFILES.bazel4 : PROFILES.modern),
      load: (spec: string, from: string) => exec(resolveLoad(spec, from)),
      print: (msg: string) => io.stdout(msg + '\n'),
    });
    loading.delete(p);
    const errors = diagnostics.filter((d) => d.severity === 'error');
    for (const d of diagnostics) io.stderr(formatDiagnostic(d, lineReader(sources.values())));
    const result = errors.length > 0 ? { error: `Extension file '${p}' has errors` } : module;
    if (errors.length > 0) ok = false;
    modules.set(p, result);
    return result;
  };

  const r = exec(path);
  if ('error' in r && ok) {
    io.stderr(`ERROR: ${r.error}\n`);
    ok = false;
  }
  return ok;
}

/** The file a load() names: `//pkg:f.bzl` → `pkg/f.bzl`, `:f.bzl` and `f.bzl` → beside the loading file. */
export function resolveLoad(spec: string, from: string): string {
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
  if (spec.startsWith('//')) {
    const [pkg, name] = spec.slice(2).split(':');
    return name === undefined ? pkg! : pkg ? `${pkg}/${name}` : name;
  }
  if (spec.startsWith(':')) return dir + spec.slice(1);
  return dir + spec;
}

/**
 * A diagnostic as Bazel prints it: a traceback (with each frame's source line) for an evaluation error with a
 * stack, else `ERROR: file:line:col: message`.
 */
export function formatDiagnostic(d: Diagnostic, readLine: (file: string, line: number) => string | undefined): string {
  const level = d.severity === 'error' ? 'ERROR' : d.severity === 'warning' ? 'WARNING' : 'INFO';
  if (d.stack && d.stack.length > 0) return `${level}: ${formatTraceback(d, readLine)}\n`;
  const where = d.file ? `${d.file}:${d.range.start.line}:${d.range.start.column}: ` : '';
  return `${level}: ${where}${d.message}\n`;
}
