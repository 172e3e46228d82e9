// What the user is pointing at: the editor's cursor, and the target selected (by the cursor inside a rule call,
// a graph node or a Targets row) that the Why panel explains.

import { create } from 'zustand';
import type { HeldLoad, TargetSummary } from '../../worker/protocol.ts';
import { useEngine } from './engine-store.ts';
import { targetAtCursor } from './target-at-cursor.ts';
import { useWorkspace } from './workspace-store.ts';

export interface CursorPosition {
  path: string;
  line: number;
  column: number;
}

export type SelectionSource = 'editor' | 'graph' | 'targets';

export interface SelectionState {
  cursor: CursorPosition | null;
  /** The selected target's label, or null. */
  label: string | null;
  source: SelectionSource | null;
  setCursor(cursor: CursorPosition | null): void;
  select(label: string | null, source: SelectionSource): void;
}

export const useSelection = create<SelectionState>()((set, get) => ({
  cursor: null,
  label: null,
  source: null,
  setCursor(cursor) {
    const c = get().cursor;
    if (c && cursor && c.path === cursor.path && c.line === cursor.line && c.column === cursor.column) return;
    set({ cursor });
  },
  select(label, source) {
    if (get().label === label && get().source === source) return;
    set({ label, source });
  },
}));

/**
 * The targets that may be declared in `path`: a BUILD file's package's (a keystroke then looks at one package,
 * not at every target of the workspace), else all.
 */
function declaredIn(result: HeldLoad, path: string): readonly TargetSummary[] {
  const slash = path.lastIndexOf('/');
  const base = path.slice(slash + 1);
  if (base === 'BUILD' || base === 'BUILD.bazel') {
    const own = result.byPackage.get(slash < 0 ? '' : path.slice(0, slash));
    if (own) return own;
  }
  return result.targets;
}

/** Follows the editor's cursor: inside a rule call, that call's target becomes the selection. */
export function startSelectionSync(): () => void {
  function update(): void {
    const { cursor } = useSelection.getState();
    const load = useEngine.getState().load;
    if (!cursor || !load) return;
    const text = useWorkspace.getState().files[cursor.path];
    if (typeof text !== 'string') return;
    const t = targetAtCursor(text, cursor.path, declaredIn(load.result, cursor.path), cursor);
    // The same target (e.g. the editor moving to a graph node's declaration) keeps where it was picked.
    if (t && t.label !== useSelection.getState().label) useSelection.getState().select(t.label, 'editor');
  }
  const a = useSelection.subscribe((s, prev) => {
    if (s.cursor !== prev.cursor) update();
  });
  const b = useEngine.subscribe((s, prev) => {
    if (s.load !== prev.load) update();
  });
  return () => {
    a();
    b();
  };
}
