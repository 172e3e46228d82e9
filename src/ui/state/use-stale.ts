// Whether the engine's last answer predates the current workspace text (the UI greys such results out).

import { useEngine } from './engine-store.ts';
import { useWorkspace } from './workspace-store.ts';

export function useIsStale(): boolean {
  const revision = useWorkspace((s) => s.revision);
  const loaded = useEngine((s) => s.load?.revision);
  return loaded !== undefined && loaded !== revision;
}
