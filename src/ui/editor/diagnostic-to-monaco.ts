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

/** Turns a workspace path into the URI of its model (given by the caller, so that this module needs no DOM). */
export type ResourceOf = (path: string) => Monaco.Uri;

export function toMarkerData(d: Diagnostic, resourceOf?: ResourceOf): Monaco.editor.IMarkerData {
  const { start, end } = d.range;
  const related = resourceOf ? (d.related ?? []).filter((r) => r.file) : [];
  return {
    severity: markerSeverity[d.severity] as Monaco.MarkerSeverity,
    message: markerMessage(d),
    source: d.kind === 'internal' ? 'rulepen (internal)' : 'bazel',
    code: d.kind,
    startLineNumber: start.line,
    startColumn: start.column,
    endLineNumber: end.line,
    endColumn: end.column,
    // Other places that explain it (the matching conditions of an ambiguous select()…): links in the hover.
    ...(related.length > 0
      ? {
          relatedInformation: related.map((r) => ({
            resource: resourceOf!(r.file),
            message: r.message,
            startLineNumber: r.range.start.line,
            startColumn: r.range.start.column,
            endLineNumber: r.range.end.line,
            endColumn: r.range.end.column,
          })),
        }
      : {}),
  };
}

/** Markers grouped by file; diagnostics without a file (command line, internal) have no marker. */
export function markersByFile(diagnostics: readonly Diagnostic[], resourceOf?: ResourceOf): Map<string, Monaco.editor.IMarkerData[]> {
  const byFile = new Map<string, Monaco.editor.IMarkerData[]>();
  for (const d of diagnostics) {
    if (!d.file) continue;
    let list = byFile.get(d.file);
    if (!list) byFile.set(d.file, (list = []));
    list.push(toMarkerData(d, resourceOf));
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
