// Puts the engine's latest diagnostics on the models as markers, and keeps them there as models come and go.

import { monaco } from './monaco.ts';
import { allModels } from './models.ts';
import { MARKER_OWNER, markersByFile } from './diagnostic-to-monaco.ts';
import { useEngine } from '../state/engine-store.ts';
import { useWorkspace } from '../state/workspace-store.ts';

function applyMarkers(): void {
  const diagnostics = useEngine.getState().load?.result.diagnostics ?? [];
  const byFile = markersByFile(diagnostics);
  for (const [path, model] of allModels()) {
    monaco.editor.setModelMarkers(model, MARKER_OWNER, byFile.get(path) ?? []);
  }
}

function pathsKey(files: Record<string, string>): string {
  return Object.keys(files).sort().join('\0');
}

/** Call after startModelSync, so that new models exist when their markers are set. */
export function startMarkerSync(): () => void {
  applyMarkers();
  const offEngine = useEngine.subscribe((s, prev) => {
    if (s.load !== prev.load) applyMarkers();
  });
  // A new model (a file added or renamed) gets the markers the last result has for its path.
  const offFiles = useWorkspace.subscribe((s, prev) => {
    if (s.files !== prev.files && pathsKey(s.files) !== pathsKey(prev.files)) applyMarkers();
  });
  return () => {
    offEngine();
    offFiles();
  };
}
