// Puts the problems on the models as markers — the last load's, and the last command's while they answer the
// files as they are — and keeps them there as models come and go.

import { monaco } from './monaco.ts';
import { allModels } from './models.ts';
import { MARKER_OWNER, markersByFile, modelPath } from './diagnostic-to-monaco.ts';
import { useEngine } from '../state/engine-store.ts';
import { currentProblems } from '../state/problems.ts';
import { samePaths } from '../state/file-paths.ts';
import { editedPath, useWorkspace } from '../state/workspace-store.ts';
import { registerMarkerProbe } from '../test-hook.ts';

const resourceOf = (path: string) => monaco.Uri.from({ scheme: 'file', path: modelPath(path) });

/** Whether the last command's problems are among the markers (an edit must then take them away). */
let commandShown = false;

function applyMarkers(): void {
  const { workspace, command } = currentProblems();
  commandShown = command !== null;
  const byFile = markersByFile([...workspace, ...(command?.diagnostics ?? [])], resourceOf);
  for (const [path, model] of allModels()) {
    monaco.editor.setModelMarkers(model, MARKER_OWNER, byFile.get(path) ?? []);
  }
}

/** Call after startModelSync, so that new models exist when their markers are set. */
export function startMarkerSync(): () => void {
  applyMarkers();
  const offEngine = useEngine.subscribe((s, prev) => {
    if (s.load !== prev.load || s.command !== prev.command) applyMarkers();
  });
  const offFiles = useWorkspace.subscribe((s, prev) => {
    // A new model (a file added or renamed) gets the markers the last result has for its path; an edit clears
    // the last command's markers (they answered other files).
    if (s.files !== prev.files && editedPath(s, prev.files) === null && !samePaths(s.files, prev.files)) applyMarkers();
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
