// The editor's tabs: every file opened since the workspace was replaced, in opening order. Following the
// workspace store: the active file always has a tab; deleted files lose theirs; renamed files keep their place.

import { create } from 'zustand';
import { useWorkspace } from './workspace-store.ts';

export interface TabsState {
  tabs: string[];
  close(path: string): void;
}

/** Called when the whole workspace is replaced (a lesson, an import, a link): only the new open file keeps a tab. */
export function resetTabs(): void {
  const a = useWorkspace.getState().activePath;
  useTabs.setState({ tabs: a ? [a] : [] });
}

export const useTabs = create<TabsState>()((set, get) => ({
  tabs: useWorkspace.getState().activePath ? [useWorkspace.getState().activePath!] : [],
  close(path) {
    const { tabs } = get();
    const i = tabs.indexOf(path);
    if (i < 0) return;
    const next = tabs.filter((p) => p !== path);
    set({ tabs: next });
    const ws = useWorkspace.getState();
    if (ws.activePath === path) {
      const neighbour = next[Math.min(i, next.length - 1)];
      if (neighbour) ws.open(neighbour);
      else useWorkspace.setState({ activePath: null });
    }
  },
}));

useWorkspace.subscribe((s, prev) => {
  let tabs = useTabs.getState().tabs;
  if (s.files !== prev.files) {
    const removed = tabs.filter((p) => !(p in s.files));
    if (removed.length) {
      // A rename: one path gone, the new active path appeared — keep the tab's place.
      const added = Object.keys(s.files).filter((p) => !(p in prev.files));
      tabs = tabs.flatMap((p) => (p in s.files ? [p] : removed.length === 1 && added.length === 1 ? [added[0]] : []));
    }
  }
  if (s.activePath && !tabs.includes(s.activePath)) tabs = [...tabs, s.activePath];
  if (tabs !== useTabs.getState().tabs) useTabs.setState({ tabs: [...new Set(tabs)] });
});
