// The code editor: one Monaco editor showing the active file's model, moving to locations on request; a binary
// file is shown as a read-only hex view in its place.

import { useEffect, useRef } from 'react';
import { monaco } from './monaco.ts';
import { modelFor, startModelSync } from './models.ts';
import { startMarkerSync } from './markers.ts';
import { useWorkspace } from '../state/workspace-store.ts';
import { registerCursorProbe } from '../test-hook.ts';
import { useSelection } from '../state/selection-store.ts';
import { BinaryFileView } from './BinaryFileView.tsx';
import { markFirstView } from '../state/first-view.ts';

export interface EditorProps {
  /** Ctrl/Cmd+Enter inside the editor. */
  onRun?: () => void;
}

export function Editor({ onRun }: EditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const onRunRef = useRef(onRun);
  onRunRef.current = onRun;
  const activePath = useWorkspace((s) => s.activePath);
  const binary = useWorkspace((s) => {
    const content = s.activePath === null ? undefined : s.files[s.activePath];
    return content instanceof Uint8Array ? content : null;
  });

  useEffect(() => {
    const stopModels = startModelSync();
    const stopMarkers = startMarkerSync();
    const editor = monaco.editor.create(host.current!, {
      model: null,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      lineHeight: 20,
      fontFamily: 'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace',
      scrollBeyondLastLine: false,
      renderLineHighlight: 'line',
      tabSize: 4,
      padding: { top: 8 },
      fixedOverflowWidgets: true,
      bracketPairColorization: { enabled: false },
      guides: { indentation: true, bracketPairs: false },
      ariaLabel: 'Editor',
    });
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => onRunRef.current?.());

    const viewStates = new Map<string, monaco.editor.ICodeEditorViewState | null>();
    let shown: string | null = null;

    function show(path: string | null): void {
      if (path === shown && editor.getModel() === (path ? modelFor(path) ?? null : null)) return;
      if (shown && modelFor(shown)) viewStates.set(shown, editor.saveViewState());
      shown = path;
      const model = path ? modelFor(path) ?? null : null;
      editor.setModel(model);
      editor.updateOptions({ ariaLabel: path ? `Editor: ${path}` : 'Editor (no file open)', readOnly: !model });
      const state = path ? viewStates.get(path) : null;
      if (state) editor.restoreViewState(state);
    }

    function reveal(): void {
      const { reveal: r } = useWorkspace.getState();
      if (!r || r.path !== shown) return;
      const position = { lineNumber: r.line, column: r.column };
      editor.setPosition(position);
      editor.revealPositionInCenterIfOutsideViewport(position);
      editor.focus();
    }

    const unregisterProbe = registerCursorProbe(() => {
      const p = editor.getPosition();
      return p ? { line: p.lineNumber, column: p.column } : null;
    });

    const cursorListener = editor.onDidChangeCursorPosition((e) => {
      useSelection.getState().setCursor(shown ? { path: shown, line: e.position.lineNumber, column: e.position.column } : null);
    });

    show(useWorkspace.getState().activePath);
    // A place asked for before the editor existed (a share link's cursor).
    reveal();
    // After the frame that paints the editor.
    const firstFrame = requestAnimationFrame(() => setTimeout(markFirstView));
    const unsubscribe = useWorkspace.subscribe((s, prev) => {
      if (s.files !== prev.files) {
        for (const path of viewStates.keys()) if (!(path in s.files)) viewStates.delete(path);
      }
      if (s.activePath !== prev.activePath || s.files !== prev.files) show(s.activePath);
      if (s.reveal !== prev.reveal) reveal();
    });

    return () => {
      cancelAnimationFrame(firstFrame);
      unsubscribe();
      cursorListener.dispose();
      unregisterProbe();
      editor.dispose();
      stopMarkers();
      stopModels();
    };
  }, []);

  return (
    <>
      <div className="editor-host" ref={host} data-testid="editor" style={binary ? { display: 'none' } : undefined} />
      {binary && activePath !== null && <BinaryFileView path={activePath} bytes={binary} />}
    </>
  );
}
