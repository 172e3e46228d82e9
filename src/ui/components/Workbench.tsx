// The playground's habits, mounted once by App: the dialogs (examples, share, import, quick open), the status
// line, and the global keyboard shortcuts — Ctrl/Cmd+S shares, Ctrl/Cmd+P opens a file, Esc stops,
// Ctrl/Cmd+Shift+Z (outside the editor) undoes the last file operation, `?` (outside a text field) opens help.

import { useEffect } from 'react';
import { ExamplesDialog } from '../lessons/ExamplesDialog.tsx';
import { LessonPane } from '../lessons/LessonPane.tsx';
import { shareLink, undoLastFileOp } from '../state/actions.ts';
import { useEngine } from '../state/engine-store.ts';
import { stopEngine } from '../state/engine-sync.ts';
import { useUi } from '../state/ui-store.ts';
import { EditorTabs } from './EditorTabs.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { NoticeBar, Toast } from './NoticeBar.tsx';
import { QuickOpen } from './QuickOpen.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { WorkspacesDialog } from './WorkspacesDialog.tsx';
import { HelpDialog } from './HelpDialog.tsx';
import { isMod } from './shortcuts.ts';
import './workbench.css';

/** Whether a key typed at `target` is text (a field, the editor), not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el?.closest?.('input, textarea, select, [contenteditable=""], [contenteditable="true"], .monaco-editor');
}

export function Workbench() {
  useEffect(() => {
    function onKeyDown(e: KeyboardEvent): void {
      const key = e.key.toLowerCase();
      if (isMod(e) && !e.shiftKey && !e.altKey && key === 's') {
        e.preventDefault();
        void shareLink();
      } else if (isMod(e) && !e.shiftKey && !e.altKey && key === 'p') {
        e.preventDefault();
        useUi.getState().openDialog('quick-open');
      } else if (e.key === 'Escape' && useEngine.getState().command.status === 'running' && !useUi.getState().dialog && !document.querySelector('dialog[open]')) {
        // Not while a dialog is open (app-wide, or a panel's own such as the expanded graph): Esc closes that.
        e.preventDefault();
        stopEngine();
      } else if (e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey && !useUi.getState().dialog && !isTyping(e.target)) {
        e.preventDefault();
        useUi.getState().openDialog('help');
      } else if (isMod(e) && e.shiftKey && key === 'z' && !(e.target as Element | null)?.closest?.('.monaco-editor, input, textarea')) {
        e.preventDefault();
        undoLastFileOp();
      }
    }
    // Capture: Monaco would otherwise swallow Ctrl+S / Ctrl+P inside the editor.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);

  return (
    <>
      <ExamplesDialog />
      <ShareDialog />
      <ImportDialog />
      <QuickOpen />
      <WorkspacesDialog />
      <HelpDialog />
      <Toast />
    </>
  );
}

/** What sits above the editor: a notice, the lesson's text, the tabs. */
export function EditorChrome() {
  return (
    <>
      <NoticeBar />
      <LessonPane />
      <EditorTabs />
    </>
  );
}
