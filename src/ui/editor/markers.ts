// Puts the problems on the models as markers — the last load's, and the last command's while they answer the
// files as they are — and keeps them there as models come and go.

import { monaco } from './monaco.ts';
import { allModels, modelFor } from './models.ts';
import type { Diagnostic } from '../../worker/protocol.ts';
import { MARKER_OWNER, markersByFile, modelPath } from './diagnostic-to-monaco.ts';
import { useEngine } from '../state/engine-store.ts';
import { currentProblems } from '../state/problems.ts';
import { samePaths } from '../state/file-paths.ts';
import { editedPath, useWorkspace } from '../state/workspace-store.ts';
import { registerMarkerProbe } from '../test-hook.ts';

const resourceOf = (path: string) => monaco.Uri.from({ scheme: 'file', path: modelPath(path) });

/** Whether the last command's problems are among the markers (an edit must then take them away). */
let commandShown = false;

/** The diagnostics each model shows as markers, by path (the same objects as in the problems they came from). */
let shown = new Map<string, readonly Diagnostic[]>();

/**
 * Sets the markers of the models whose diagnostics changed since the last call — a load merged from a delta
 * keeps the Diagnostic objects of the files it did not touch, so a keystroke in a workspace of thousands of
 * files updates a model or two — or of every model (`all`: models came or went).
 */
function applyMarkers(all = false): void {
  const { workspace, command } = currentProblems();
  commandShown = command !== null;
  const next = new Map<string, Diagnostic[]>();
  for (const d of [...workspace, ...(command?.diagnostics ?? [])]) {
    if (!d.file) continue;
    let list = next.get(d.file);
    if (!list) next.set(d.file, (list = []));
    list.push(d);
  }
  const paths = all ? allModels().keys() : new Set([...shown.keys(), ...next.keys()]);
  for (const path of paths) {
    const list = next.get(path) ?? [];
    if (!all && sameList(shown.get(path) ?? [], list)) continue;
    const model = modelFor(path);
    if (model) monaco.editor.setModelMarkers(model, MARKER_OWNER, markersByFile(list, resourceOf).get(path) ?? []);
  }
  shown = next;
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Call after startModelSync, so that new models exist when their markers are set. */
export function startMarkerSync(): () => void {
  applyMarkers(true);
  const offEngine = useEngine.subscribe((s, prev) => {
    if (s.load !== prev.load || s.command !== prev.command) applyMarkers();
  });
  const offFiles = useWorkspace.subscribe((s, prev) => {
    // A new model (a file added or renamed) gets the markers the last result has for its path; an edit clears
    // the last command's markers (they answered other files).
    if (s.files !== prev.files && editedPath(s, prev.files) === null && !samePaths(s.files, prev.files)) applyMarkers(true);
    else if (s.revision !== prev.revision && commandShown) applyMarkers();
  });
  const offProbe = registerMarkerProbe((path) =>
    monaco.editor.getModelMarkers({ owner: MARKER_OWNER }).filter((m) => m.resource.path === modelPath(path)).map((m) => ({
      message: m.message,
      severity: m.severity === monaco.MarkerSeverity.Error ? 'error' : m.severity === monaco.MarkerSeverity.Warning ? 'warning' : 'info',
      startLine: m.startLineNumber,
      startColumn: m.startColumn,
      endLine: m.endLineNumber,
      endColumn: m.endColumn,
      related: (m.relatedInformation ?? []).map((r) => ({ path: r.resource.path.replace(/^\//, ''), line: r.startLineNumber, column: r.startColumn, message: r.message })),
    })),
  );
  return () => {
    offEngine();
    offFiles();
    offProbe();
  };
}
