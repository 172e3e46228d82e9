// The editor's tab strip: open files, the active one selected; Delete on a focused tab, middle-click or × closes it.
// A tablist may hold only tabs, so the × is the mouse's way and stays out of the accessibility tree and the tab
// order; the keyboard's way is Delete, announced through aria-keyshortcuts.

import { basename } from '../state/file-paths.ts';
import { useTabs } from '../state/tabs-store.ts';
import { useWorkspace } from '../state/workspace-store.ts';

export function EditorTabs() {
  const tabs = useTabs((s) => s.tabs);
  const active = useWorkspace((s) => s.activePath);
  const files = useWorkspace((s) => s.files);
  const counts = new Map<string, number>();
  for (const t of tabs) counts.set(basename(t), (counts.get(basename(t)) ?? 0) + 1);
  return (
    <div className="editor-tabs" role="tablist" aria-label="Open files">
      {tabs
        .filter((p) => p in files)
        .map((path) => {
          // Two open BUILD files: show their directories too.
          const name = counts.get(basename(path))! > 1 ? path : basename(path);
          return (
            <div key={path} className="editor-tab" data-active={path === active || undefined}>
              <button
                type="button"
                role="tab"
                aria-selected={path === active}
                aria-label={`Tab ${path}`}
                title={path}
                onClick={() => useWorkspace.getState().open(path)}
                onAuxClick={(e) => e.button === 1 && useTabs.getState().close(path)}
                aria-keyshortcuts="Delete"
                onKeyDown={(e) => {
                  if (e.key === 'Delete') {
                    e.preventDefault();
                    useTabs.getState().close(path);
                  }
                }}
              >
                {name}
              </button>
              <button
                type="button"
                className="tab-close"
                aria-hidden="true"
                tabIndex={-1}
                title={`Close ${path} (Delete)`}
                onClick={() => useTabs.getState().close(path)}
              >
                ×
              </button>
            </div>
          );
        })}
    </div>
  );
}
