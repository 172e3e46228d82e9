// The embedded playground (`?embed=1`, an <iframe> in a blog post or a docs page): the workspace's files as tabs,
// the editor, the command line with Run, and the command's result (Output, Problems) — a live example the reader
// can edit and run again. "Open in rulepen" takes the example, as edited, to the full playground in a new tab.

import { useEffect, useState, type FormEvent } from 'react';
import { CommandInput } from './components/CommandInput.tsx';
import { Icon } from './components/Icon.tsx';
import { NoticeBar, Toast } from './components/NoticeBar.tsx';
import { PanelTabs } from './components/PanelTabs.tsx';
import { Editor } from './editor/Editor.tsx';
import { panels } from './panels/registry.ts';
import { playgroundUrl } from './state/embed-link.ts';
import { useEngine } from './state/engine-store.ts';
import { runCommandLine, stopEngine } from './state/engine-sync.ts';
import { snapshot } from './state/session.ts';
import { encodeShareState } from './state/share-link.ts';
import { useWorkspace } from './state/workspace-store.ts';
import './components/workbench.css';
import './embed.css';

const resultPanels = ['output', 'problems'].map((id) => panels.find((p) => p.id === id)!);

export function EmbedApp() {
  const [bottom, setBottom] = useState('output');
  const running = useEngine((s) => s.command.status === 'running');

  function run(e?: FormEvent): void {
    e?.preventDefault();
    setBottom('output');
    void runCommandLine();
  }

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent): void {
      // Inside Monaco the editor's own Ctrl/Cmd+Enter binding runs the command.
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !(e.target as Element | null)?.closest?.('.monaco-editor')) {
        e.preventDefault();
        run();
      } else if (e.key === 'Escape' && !e.defaultPrevented && useEngine.getState().command.status === 'running') {
        stopEngine();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div className="embed-app">
      <form className="command-line embed-command" onSubmit={run} aria-label="Command">
        <label className="prompt" htmlFor="command-input">
          $
        </label>
        <CommandInput />
        <button type="submit" className="button primary" aria-label="Run command" title="Run (Ctrl+Enter)">
          <Icon name="play" /> Run
        </button>
        {/* Only while a command runs: the frame is often narrow. */}
        {running && (
          <button type="button" className="button" aria-label="Stop" title="Stop (Esc)" onClick={() => stopEngine()}>
            <Icon name="stop" /> Stop
          </button>
        )}
      </form>
      <NoticeBar />
      <FileTabs />
      <main className="embed-editor" aria-label="Editor">
        <Editor onRun={run} />
      </main>
      <div className="embed-result">
        <PanelTabs label="Result" panels={resultPanels} selected={bottom} onSelect={setBottom} />
        <OpenInRulepen />
      </div>
      {/* Short messages, e.g. that the engine was restarted after a crash. */}
      <Toast />
    </div>
  );
}

/** Every file of the example, by its path (an embed has no file list). */
function FileTabs() {
  const files = useWorkspace((s) => s.files);
  const active = useWorkspace((s) => s.activePath);
  return (
    <div className="editor-tabs embed-files" role="tablist" aria-label="Files">
      {Object.keys(files)
        .sort()
        .map((path) => (
          <div key={path} className="editor-tab" data-active={path === active || undefined}>
            <button type="button" role="tab" aria-selected={path === active} aria-label={`Tab ${path}`} onClick={() => useWorkspace.getState().open(path)}>
              {path}
            </button>
          </div>
        ))}
    </div>
  );
}

function currentPlaygroundUrl(): string {
  return playgroundUrl(location.href, encodeShareState(snapshot()));
}

/** The full playground on the example as it is now; the link follows edits after a pause, and at once when used. */
function OpenInRulepen() {
  const files = useWorkspace((s) => s.files);
  const active = useWorkspace((s) => s.activePath);
  const command = useEngine((s) => s.commandText);
  const [href, setHref] = useState(currentPlaygroundUrl);
  useEffect(() => {
    const t = setTimeout(() => setHref(currentPlaygroundUrl()), 300);
    return () => clearTimeout(t);
  }, [files, active, command]);
  // Followed, focused or about to be: the link must hold the very last edit, not the one before the pause.
  const refresh = (e: { currentTarget: HTMLAnchorElement }) => {
    e.currentTarget.href = currentPlaygroundUrl();
  };
  return (
    <a
      className="embed-open"
      href={href}
      target="_blank"
      rel="noopener"
      title="Open this example, as edited, in the full playground (a new tab)"
      onPointerDown={refresh}
      onFocus={refresh}
      onClick={refresh}
    >
      Open in rulepen <Icon name="external" />
    </a>
  );
}
