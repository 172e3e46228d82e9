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
  /**
   * Other places that explain it (esbuild's notes): the conditions of an ambiguous select(), the declaration of a
   * target that is not visible, the dependency that failed.
   */
  readonly related?: readonly RelatedLocation[];
  /** The target it is about (`//pkg:t`), so that the UI can connect it to the Why panel and the graph. */
  readonly target?: string;
  /**
   * Where Bazel's console line locates it, when that is not `file` at `range.start`: analysis errors are printed
   * at the rule call (`<BUILD>:<line>:<col>: …`) while the editor marks the label or select() at fault; null when
   * Bazel prints the message without a location.
   */
  readonly printedAt?: ConsoleLocation | null;
}

/**
 * Where a console line locates a message (line 0: the whole file, printed without line and column). `bare`: Bazel
 * puts no colon after it (one of its messages does).
 */
export interface ConsoleLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly bare?: boolean;
  /** What the console prints there when Bazel says more than the Diagnostic's message (a rule's traceback). */
  readonly message?: string;
}

/** A line for the console: a Diagnostic (rendered by consoleText at the edge), or plain text with a severity. */
export type ConsoleEvent =
  | { readonly diagnostic: Diagnostic }
  | { readonly severity: 'error' | 'warning' | 'info' | 'debug'; readonly text: string };

/** A place that helps explain a Diagnostic, with what it says there. */
export interface RelatedLocation {
  readonly file: string;
  readonly range: Range;
  readonly message: string;
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

/**
 * A Diagnostic as Bazel's console prints it after `ERROR: ` — `<workspaceDir>/<file>:<line>:<col>: <message>`,
 * at `printedAt` when set, unlocated when that is null. The one place analysis and execution errors become text.
 */
export function consoleText(d: Diagnostic, workspaceDir: string): string {
  const at = d.printedAt === undefined ? (d.file ? { file: d.file, line: d.range.start.line, column: d.range.start.column } : null) : d.printedAt;
  // An absolute file (an external repository's, under the output base) is printed as it is.
  if (!at) return d.message;
  // Line 0: the whole file (Bazel's location of a package's BUILD file, without a line).
  const where = at.line === 0 ? '' : `:${at.line}:${at.column}`;
  return `${at.file.startsWith('/') ? '' : workspaceDir + '/'}${at.file}${where}${'bare' in at && at.bare ? ' ' : ': '}${at.message ?? d.message}`;
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
