// The playground's layout: top bar, file list on the left, editor in the centre, panels on the right and below.

import { useEffect, type CSSProperties } from 'react';
import { Editor } from './editor/Editor.tsx';
import { FileList } from './components/FileList.tsx';
import { PanelTabs } from './components/PanelTabs.tsx';
import { Splitter } from './components/Splitter.tsx';
import { TopBar } from './components/TopBar.tsx';
import { EditorChrome, Workbench } from './components/Workbench.tsx';
import { WorkspaceButton } from './components/WorkspaceButton.tsx';
import { panelsIn } from './panels/registry.ts';
import { runCommandLine } from './state/engine-sync.ts';
import { languageForPath } from './state/file-paths.ts';
import { useLayout } from './state/layout-store.ts';
import { useWorkspace } from './state/workspace-store.ts';

const sidePanels = panelsIn('side');
const bottomPanels = panelsIn('bottom');

/** A run shows its result in Output, unless the Compare tab is in front: it compares the same run. */
function showRunResult(): void {
  const { panels, showPanel } = useLayout.getState();
  if (panels.bottom !== 'compare') showPanel('bottom', 'output');
}

export function App() {
  const side = useLayout((s) => s.panels.side);
  const bottom = useLayout((s) => s.panels.bottom);
  const setSide = (id: string) => useLayout.getState().showPanel('side', id);
  const setBottom = (id: string) => useLayout.getState().showPanel('bottom', id);
  const sizes = useLayout((s) => s.sizes);

  function run(): void {
    showRunResult();
    void runCommandLine();
  }

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent): void {
      // Inside Monaco the editor's own Ctrl/Cmd+Enter binding runs the command.
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !(e.target as Element | null)?.closest?.('.monaco-editor')) {
        e.preventDefault();
        run();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div
      className="app"
      style={
        {
          '--files-width': `${sizes.files}px`,
          '--side-width': `${sizes.side}px`,
          '--bottom-height': `${sizes.bottom}px`,
        } as CSSProperties
      }
    >
      <TopBar onRan={showRunResult} />
      <Workbench />
      <div className="files-pane">
        <FileList />
        <Splitter pane="files" edge="right" label="Resize the file list" />
      </div>
      <main className="editor-area" aria-label="Editor">
        <EditorChrome />
        <EditorHeader />
        <Editor onRun={run} />
      </main>
      <aside className="side-panels">
        <Splitter pane="side" edge="left" label="Resize the side panels" />
        <PanelTabs label="Side panels" panels={sidePanels} selected={side} onSelect={setSide} />
      </aside>
      <div className="bottom-panels">
        <Splitter pane="bottom" edge="top" label="Resize the bottom panels" />
        <PanelTabs label="Bottom panels" panels={bottomPanels} selected={bottom} onSelect={setBottom} />
      </div>
    </div>
  );
}

function EditorHeader() {
  const path = useWorkspace((s) => s.activePath);
  const binary = useWorkspace((s) => s.activePath !== null && s.files[s.activePath] instanceof Uint8Array);
  return (
    <div className="editor-header">
      <span className="editor-path" data-testid="active-path">
        {path ?? 'no file open'}
      </span>
      {path && <span className="language-badge">{binary ? 'binary' : languageForPath(path)}</span>}
      <WorkspaceButton />
    </div>
  );
}
