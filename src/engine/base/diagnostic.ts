// The one Diagnostic type used from the lexer up to Monaco's markers, and the helpers that make them.

import type { Position, Span, SourceFile } from './source.ts';

export type Severity = 'error' | 'warning' | 'info';

/** A range in a file, as 1-based line/column positions (UTF-16 columns), end exclusive. */
export interface Range {
  readonly start: Position;
  readonly end: Position;
}

/**
 * A located message. `file` is a workspace-relative path ('' when the message concerns no file, such as a
 * bad command-line flag). `kind` says which stage produced it; 'internal' marks a bug of ours, never the user's.
 */
export interface Diagnostic {
  readonly file: string;
  readonly range: Range;
  readonly severity: Severity;
  readonly message: string;
  readonly kind?: DiagnosticKind;
  /** A Starlark call stack, innermost last, as Bazel prints it after `Traceback (most recent call last):`. */
  readonly stack?: readonly StackFrame[];
}

export type DiagnosticKind = 'syntax' | 'resolve' | 'eval' | 'loading' | 'analysis' | 'execution' | 'command' | 'internal';

export interface StackFrame {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The function name; `<toplevel>` for module code. */
  readonly name: string;
}

const NOWHERE: Range = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };

export function diagnosticAt(
  source: SourceFile,
  span: Span,
  severity: Severity,
  message: string,
  kind?: DiagnosticKind,
): Diagnostic {
  return {
    file: source.path,
    range: { start: source.lines.position(span.start), end: source.lines.position(span.end) },
    severity,
    message,
    kind,
  };
}

/** A diagnostic that concerns no place in any file (command line, internal errors). */
export function diagnosticNowhere(severity: Severity, message: string, kind?: DiagnosticKind): Diagnostic {
  return { file: '', range: NOWHERE, severity, message, kind };
}

/** `file:line:col: message`, the form Bazel uses in ERROR lines (`ERROR: /ws/pkg/BUILD:3:8: …`). */
export function formatLocation(d: Diagnostic): string {
  return d.file ? `${d.file}:${d.range.start.line}:${d.range.start.column}` : '';
}

/** Orders diagnostics by file, then position, then message, so that outputs are stable. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    cmp(a.file, b.file) ||
    a.range.start.line - b.range.start.line ||
    a.range.start.column - b.range.start.column ||
    cmp(a.message, b.message)
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
