// Whether the engine's last answer predates the current workspace text (the UI greys such results out) — shown
// only once the answer is late: an answer within STALE_GRACE_MS of an edit, the usual case while typing, greys
// nothing out, so a keystroke does not redraw the panels twice (greyed, then current) nor make them flicker.

import { create } from 'zustand';
import { useEngine } from './engine-store.ts';
import { useWorkspace } from './workspace-store.ts';

/** How long results may lag behind the text before they are shown as out of date. */
export const STALE_GRACE_MS = 150;

/** Whether the last answer is for other files than the current ones (at once, without the grace). */
export function isStale(): boolean {
  const loaded = useEngine.getState().load?.revision;
  return loaded !== undefined && loaded !== useWorkspace.getState().revision;
}

const useShown = create<{ stale: boolean }>()(() => ({ stale: false }));

let timer: ReturnType<typeof setTimeout> | undefined;

function follow(): void {
  if (!isStale()) {
    clearTimeout(timer);
    timer = undefined;
    if (useShown.getState().stale) useShown.setState({ stale: false });
  } else if (!useShown.getState().stale && timer === undefined) {
    timer = setTimeout(() => {
      timer = undefined;
      if (isStale()) useShown.setState({ stale: true });
    }, STALE_GRACE_MS);
  }
}

useWorkspace.subscribe((s, prev) => {
  if (s.revision !== prev.revision) follow();
});
useEngine.subscribe((s, prev) => {
  if (s.load !== prev.load) follow();
});

export function useIsStale(): boolean {
  return useShown((s) => s.stale);
}
