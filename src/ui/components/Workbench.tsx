// The playground's habits, mounted once by App: the dialogs (examples, share, import, quick open), the status
// line, and the global keyboard shortcuts — Ctrl/Cmd+S shares, Ctrl/Cmd+P opens a file, Esc stops,
// Ctrl/Cmd+Shift+Z (outside the editor) undoes the last file operation, `?` (outside a text field) opens help.

import { useEffect, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { shareLink, undoLastFileOp } from '../state/actions.ts';
import { useEngine } from '../state/engine-store.ts';
import { stopEngine } from '../state/engine-sync.ts';
import { useSession } from '../state/session.ts';
import { useUi, type DialogName } from '../state/ui-store.ts';
import { EditorTabs } from './EditorTabs.tsx';
import { LazyBoundary } from './LazyBoundary.tsx';
import { lazyComponent } from '../lazy.ts';
import { NoticeBar, Toast } from './NoticeBar.tsx';
import { QuickOpen } from './QuickOpen.tsx';
import { isMod } from './shortcuts.ts';
import './workbench.css';

// Chunks of their own, loaded when first opened (or when the page is idle): none is part of the first view. Quick
// open stays in the page, since its shortcut is followed by typing at once.
const ExamplesDialog = lazyComponent(() => import('../lessons/ExamplesDialog.tsx'), 'ExamplesDialog');
const LessonPane = lazyComponent(() => import('../lessons/LessonPane.tsx'), 'LessonPane');
const ShareDialog = lazyComponent(() => import('./ShareDialog.tsx'), 'ShareDialog');
const ImportDialog = lazyComponent(() => import('./ImportDialog.tsx'), 'ImportDialog');
const WorkspacesDialog = lazyComponent(() => import('./WorkspacesDialog.tsx'), 'WorkspacesDialog');
const HelpDialog = lazyComponent(() => import('./HelpDialog.tsx'), 'HelpDialog');

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
        // Rendered and focused before this keydown returns, so that what is typed next goes into the dialog.
        flushSync(() => useUi.getState().openDialog('quick-open'));
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
      <OnceOpened name="examples" what="the examples" dialog={ExamplesDialog} />
      <OnceOpened name="share" what="the Share dialog" dialog={ShareDialog} />
      <OnceOpened name="import" what="the Import dialog" dialog={ImportDialog} />
      <QuickOpen />
      <OnceOpened name="workspaces" what="the list of workspaces" dialog={WorkspacesDialog} />
      <OnceOpened name="help" what="the help" dialog={HelpDialog} />
      <Toast />
    </>
  );
}

/** What sits above the editor: a notice, the lesson's text, the tabs. */
export function EditorChrome() {
  const lesson = useSession((s) => s.lesson !== null);
  return (
    <>
      <NoticeBar />
      {lesson && (
        <LazyBoundary what="the lesson" fallback={null}>
          <LessonPane />
        </LazyBoundary>
      )}
      <EditorTabs />
    </>
  );
}

/** A lazily loaded dialog, mounted from the first time it is opened on (it opens itself as it mounts). */
function OnceOpened({ name, what, dialog: Dialog }: { name: Exclude<DialogName, null>; what: string; dialog: ComponentType }) {
  const open = useUi((s) => s.dialog === name);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <LazyBoundary what={what} fallback={null}>
      <Dialog />
    </LazyBoundary>
  );
}
