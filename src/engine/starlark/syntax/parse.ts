// parse(): a file's text to a syntax tree plus every syntax error as a Diagnostic (Bazel's StarlarkFile.parse).

import { diagnosticAt, type Diagnostic, type StarlarkSemantics, type SourceFile } from '../../base/index.ts';
import type { Expr, FileNode } from './ast.ts';
import { checkBuildSyntax } from './build-check.ts';
import { parseExpression as parseExpressionText, parseFile } from './parser.ts';
import type { ScanError } from './scanner.ts';

export type Dialect = 'bzl' | 'build';

export interface ParseFileOptions {
  /** 'build' adds the BUILD-dialect checks (no def, lambda, for, if, *args, **kwargs) when the file parses. */
  readonly dialect: Dialect;
  readonly semantics: StarlarkSemantics;
}

/** Parses a file; never throws on user input. The tree is partial where the diagnostics say so. */
export function parse(file: SourceFile, opts: ParseFileOptions): { file: FileNode; diagnostics: Diagnostic[]; restricted?: boolean } {
  let r: ReturnType<typeof parseFile>;
  try {
    r = parseFile(file.path, file.text, { semantics: opts.semantics });
  } catch (e) {
    // A bug of ours: an empty tree and an 'internal' diagnostic, never an exception.
    const empty: FileNode = { kind: 'File', path: file.path, stmts: [], comments: [], start: 0, end: file.text.length };
    const message = `internal error: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
    return { file: empty, diagnostics: [diagnosticAt(file, { start: 0, end: 0 }, 'error', message, 'internal')] };
  }
  const diagnostics = toDiagnostics(file, r.errors, 'syntax');
  // Bazel checks the BUILD dialect only once the file has parsed cleanly (and we only when the parser saw a
  // construct the check is about).
  if (opts.dialect === 'build' && diagnostics.length === 0 && r.restricted && !opts.semantics.buildDialectAfterResolve) {
    diagnostics.push(...toDiagnostics(file, checkBuildSyntax(r.file), 'syntax'));
  }
  return { file: r.file, diagnostics, restricted: r.restricted };
}

/**
 * Parses a lone expression (Bazel's Expression.parse): the text must be one expression, optionally followed by
 * newlines. `expr` is undefined when there are diagnostics.
 */
export function parseExpression(file: SourceFile, opts: Pick<ParseFileOptions, 'semantics'>): { expr: Expr | undefined; diagnostics: Diagnostic[] } {
  const r = parseExpressionText(file.text, { semantics: opts.semantics });
  return { expr: r.expr, diagnostics: toDiagnostics(file, r.errors, 'syntax') };
}

/** Bazel 4.2.3's BUILD-dialect checks, made after the resolver found nothing (StarlarkSemantics.buildDialectAfterResolve). */
export function checkBuildDialectAfterResolve(source: SourceFile, file: FileNode): Diagnostic[] {
  return toDiagnostics(source, checkBuildSyntax(file, BAZEL4_NO_FUNCTIONS), 'syntax');
}

const BAZEL4_NO_FUNCTIONS = 'function definitions are not allowed in BUILD files. You may move the function to a .bzl file and load it.';

export function toDiagnostics(file: SourceFile, errors: readonly ScanError[], kind: 'syntax' | 'resolve'): Diagnostic[] {
  return errors.map((e) => diagnosticAt(file, { start: e.start, end: Math.max(e.end, e.start) }, 'error', e.message, kind));
}
