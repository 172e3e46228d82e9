// Every conversion from the engine's data to Monaco's, in one place: diagnostics → markers, locations →
// positions, workspace paths → model URIs. Monaco is imported for types only, so this runs without a DOM.

import type * as Monaco from 'monaco-editor/editor';
import type { Diagnostic, Severity } from '../../worker/protocol.ts';

export const MARKER_OWNER = 'rulepen';

// Monaco's MarkerSeverity values (Hint = 1, Info = 2, Warning = 4, Error = 8).
const markerSeverity: Record<Severity, number> = { error: 8, warning: 4, info: 2 };

/** The hover text: the message, then the Starlark stack as Bazel prints it. */
export function markerMessage(d: Diagnostic): string {
  if (!d.stack?.length) return d.message;
  const frames = d.stack.map((f) => `  File "${f.file}", line ${f.line}, column ${f.column}, in ${f.name}`);
  return [d.message, 'Traceback (most recent call last):', ...frames].join('\n');
}

export function toMarkerData(d: Diagnostic): Monaco.editor.IMarkerData {
  const { start, end } = d.range;
  return {
    severity: markerSeverity[d.severity] as Monaco.MarkerSeverity,
    message: markerMessage(d),
    source: d.kind === 'internal' ? 'rulepen (internal)' : 'bazel',
    code: d.kind,
    startLineNumber: start.line,
    startColumn: start.column,
    endLineNumber: end.line,
    endColumn: end.column,
  };
}

/** Markers grouped by file; diagnostics without a file (command line, internal) have no marker. */
export function markersByFile(diagnostics: readonly Diagnostic[]): Map<string, Monaco.editor.IMarkerData[]> {
  const byFile = new Map<string, Monaco.editor.IMarkerData[]>();
  for (const d of diagnostics) {
    if (!d.file) continue;
    let list = byFile.get(d.file);
    if (!list) byFile.set(d.file, (list = []));
    list.push(toMarkerData(d));
  }
  return byFile;
}

/** `app/BUILD` ↔ `file:///app/BUILD`: the URI path of a model is the workspace path with a leading slash. */
export function modelPath(path: string): string {
  return '/' + path;
}

export function pathOfModelPath(uriPath: string): string {
  return uriPath.replace(/^\//, '');
}
