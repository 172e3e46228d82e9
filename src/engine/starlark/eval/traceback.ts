// Turning evaluation errors into Diagnostics, and Diagnostics back into the traceback text Bazel prints.

import type { Diagnostic, StackFrame, SourceFile } from '../../base/index.ts';
import { EvalError } from '../values/index.ts';
import { stackFrames, type CapturedFrame } from './thread.ts';

/**
 * The Diagnostic for an error thrown out of Starlark code. An EvalError becomes kind 'eval' with Bazel's
 * `Error in <builtin>: <message>` (or `Error: <message>`) and the call stack; anything else is a bug of ours
 * and becomes kind 'internal'. The diagnostic is located at the innermost Starlark frame, or at `fallback`.
 */
export function errorToDiagnostic(e: unknown, fallback?: SourceFile): Diagnostic {
  // A JavaScript stack overflow outside any call (a 100,000-term `1 + 1 + …`) is the user's program being too
  // deep, not a bug of ours: report it as calls already do (Thread.captureError).
  if (e instanceof RangeError && /call stack/i.test(e.message)) {
    const overflow = new EvalError('Starlark stack overflow: the expression or call chain is too deeply nested');
    overflow.stack2 = (e as { starlarkStack?: CapturedFrame[] }).starlarkStack;
    e = overflow;
  }
  if (e instanceof EvalError) {
    const captured = (e.stack2 as CapturedFrame[] | undefined) ?? [];
    const message = (e.fnName !== undefined ? `Error in ${e.fnName}: ` : 'Error: ') + e.message;
    return located(captured, message, 'eval', fallback);
  }
  const captured = ((e as { starlarkStack?: CapturedFrame[] } | null)?.starlarkStack as CapturedFrame[] | undefined) ?? [];
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return located(captured, `internal error: ${text}`, 'internal', fallback);
}

function located(captured: readonly CapturedFrame[], message: string, kind: 'eval' | 'internal', fallback?: SourceFile): Diagnostic {
  const stack = stackFrames(captured);
  let inner: CapturedFrame | undefined;
  for (let i = captured.length - 1; i >= 0 && !inner; i--) if (captured[i]!.file) inner = captured[i];
  if (inner?.file) {
    const f = inner.file;
    const start = f.lines.position(inner.pos);
    const end = f.lines.position(Math.min(inner.pos + 1, f.text.length));
    return { file: f.path, range: { start, end }, severity: 'error', message, kind, stack };
  }
  const nowhere = { line: 1, column: 1 };
  return { file: fallback?.path ?? '', range: { start: nowhere, end: nowhere }, severity: 'error', message, kind, stack };
}

/**
 * The text Bazel prints for an evaluation error:
 *
 *     Traceback (most recent call last):
 *     \tFile "pkg/BUILD", line 3, column 8, in <toplevel>
 *     \t\t<the source line, trimmed>
 *     Error in fail: boom
 *
 * `readLine` supplies source lines (1-based) by file path; without it, or when it returns undefined, the
 * source line is left out, as Bazel does when it cannot read the file. A diagnostic without a stack prints as
 * its message alone.
 */
export function formatTraceback(d: Diagnostic, readLine?: (file: string, line: number) => string | undefined): string {
  const stack: readonly StackFrame[] = d.stack ?? [];
  if (stack.length === 0) return d.message;
  const out = ['Traceback (most recent call last):\n'];
  for (const f of stack) {
    let head = `\tFile "${f.file}", `;
    if (f.line !== 0) {
      head += `line ${f.line}, `;
      if (f.column !== 0) head += `column ${f.column}, `;
    }
    out.push(`${head}in ${f.name}\n`);
    const src = f.line !== 0 ? readLine?.(f.file, f.line) : undefined;
    if (src !== undefined) out.push(`\t\t${src.trim()}\n`);
  }
  out.push(d.message);
  return out.join('');
}

/** A readLine for formatTraceback over a set of source files. */
export function lineReader(files: Iterable<SourceFile>): (file: string, line: number) => string | undefined {
  const byPath = new Map<string, SourceFile>();
  for (const f of files) byPath.set(f.path, f);
  return (file, line) => {
    const f = byPath.get(file);
    return f && line >= 1 && line <= f.lines.lineCount ? f.lines.lineText(line) : undefined;
  };
}
