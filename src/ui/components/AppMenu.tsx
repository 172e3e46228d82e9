// The top bar's right-hand actions: Examples, Share (Ctrl/Cmd+S) and the ⋯ menu (export, import, undo, reset).

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { copyAsText, downloadZip, resetWorkspace, shareLink, undoLastFileOp } from '../state/actions.ts';
import { useFileOps } from '../state/file-ops.ts';
import { useUi } from '../state/ui-store.ts';
import { MOD } from './shortcuts.ts';

export function AppMenu() {
  return (
    <div className="app-actions">
      <button type="button" className="button" aria-label="Examples" title="Lessons and bug-report templates" onClick={() => useUi.getState().openDialog('examples')}>
        Examples
      </button>
      <button type="button" className="button" aria-label="Share" title={`Copy a link to this workspace (${MOD}+S)`} onClick={() => void shareLink()}>
        Share
      </button>
      <MoreMenu />
    </div>
  );
}

interface Item {
  label: string;
  hint?: string;
  disabled?: boolean;
  run(): void;
}

function MoreMenu() {
  const [open, setOpen] = useState(false);
  const canUndo = useFileOps((s) => s.undoStack.length > 0);
  const undoLabel = useFileOps((s) => s.undoStack[s.undoStack.length - 1]?.description);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const items: Item[] = [
    { label: 'Workspaces…', hint: 'yours, links opened', run: () => useUi.getState().openDialog('workspaces') },
    { label: 'Download .zip', hint: 'for real Bazel', run: () => void downloadZip() },
    { label: 'Copy as text', hint: 'txtar, for issues', run: () => void copyAsText() },
    { label: 'Import…', hint: '.zip or text', run: () => useUi.getState().openDialog('import') },
    { label: canUndo ? `Undo: ${undoLabel}` : 'Undo file operation', disabled: !canUndo, run: undoLastFileOp },
    { label: 'Reset to the default workspace', run: resetWorkspace },
    { label: 'Help and shortcuts', hint: '?', run: () => useUi.getState().openDialog('help') },
  ];

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    function onDown(e: PointerEvent): void {
      if (!list.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    }
    window.addEventListener('pointerdown', onDown);
    return () => window.removeEventListener('pointerdown', onDown);
  }, [open]);

  function onKeyDown(e: KeyboardEvent): void {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = (i + (e.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length;
      buttons[next]?.focus();
    }
  }

  return (
    <div className="menu-wrap">
      <button
        ref={button}
        type="button"
        className="button"
        aria-label="More actions"
        title="Workspaces, export, import, undo, reset, help"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        ⋯
      </button>
      {open && (
        <ul ref={list} className="menu" role="menu" aria-label="More actions" onKeyDown={onKeyDown}>
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                disabled={item.disabled}
                onClick={() => {
                  setOpen(false);
                  item.run();
                }}
              >
                <span>{item.label}</span>
                {item.hint && <span className="menu-hint">{item.hint}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
