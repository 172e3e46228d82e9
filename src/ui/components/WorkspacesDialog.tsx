// The Workspaces dialog: every workspace this browser keeps (yours, links you opened, new ones), to reopen, rename
// or delete. (The button in the editor's header that opens it is WorkspaceButton.tsx.)

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { deleteWorkspace, newWorkspace, refreshWorkspaces, renameWorkspace, switchWorkspace, useWorkspaces } from '../state/session.ts';
import { useUi } from '../state/ui-store.ts';
import type { WorkspaceKind, WorkspaceMeta } from '../state/workspace-list.ts';
import { Dialog } from './Dialog.tsx';

const KIND_TEXT: Record<WorkspaceKind, string> = { mine: 'yours', link: 'from a link', new: 'new', lesson: 'a lesson you changed' };

export function WorkspacesDialog() {
  const open = useUi((s) => s.dialog === 'workspaces');
  const close = () => useUi.getState().openDialog(null);
  return (
    <Dialog open={open} title="Workspaces" onClose={close} className="workspaces">
      <WorkspacesBody onDone={close} />
    </Dialog>
  );
}

function WorkspacesBody({ onDone }: { onDone(): void }) {
  const list = useWorkspaces((s) => s.list);
  const current = useWorkspaces((s) => s.current);
  const storageError = useWorkspaces((s) => s.storageError);
  useEffect(() => void refreshWorkspaces(), []);
  // The open workspace is listed even before its first save.
  const rows: WorkspaceMeta[] = list.some((w) => w.id === current.id) ? list : [{ ...current, created: 0, updated: 0 }, ...list];
  return (
    <>
      <p className="muted">
        Kept in this browser only. A share link opens as a workspace of its own, so nothing of yours is overwritten.
      </p>
      {storageError && (
        <p className="notice error" role="alert">
          {storageError}
        </p>
      )}
      <ul className="workspace-list" aria-label="Workspaces">
        {rows.map((w) => (
          <WorkspaceRow key={w.id} w={w} isCurrent={w.id === current.id} onOpened={onDone} />
        ))}
      </ul>
      <div className="dialog-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            onDone();
            void newWorkspace();
          }}
        >
          New workspace
        </button>
      </div>
    </>
  );
}

function WorkspaceRow({ w, isCurrent, onOpened }: { w: WorkspaceMeta; isCurrent: boolean; onOpened(): void }) {
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(w.name);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (mode === 'rename') input.current?.select();
  }, [mode]);

  async function commitRename(): Promise<void> {
    const problem = await renameWorkspace(w.id, name);
    setError(problem);
    if (!problem) {
      setMode('view');
      requestAnimationFrame(() => renameButton.current?.focus());
    }
  }

  function onRenameKey(e: KeyboardEvent): void {
    if (e.key === 'Enter') {
      e.preventDefault();
      void commitRename();
    } else if (e.key === 'Escape') {
      // Cancels the rename, not the dialog.
      e.preventDefault();
      e.stopPropagation();
      setName(w.name);
      setError(null);
      setMode('view');
      requestAnimationFrame(() => renameButton.current?.focus());
    }
  }

  const when = w.updated ? new Date(w.updated).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }) : 'not saved yet';
  return (
    <li className="workspace-row" aria-label={w.name} aria-current={isCurrent || undefined}>
      {mode === 'rename' ? (
        <input
          ref={input}
          className="workspace-rename"
          aria-label={`New name for ${w.name}`}
          value={name}
          spellCheck={false}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={onRenameKey}
        />
      ) : (
        <button
          type="button"
          className="workspace-open"
          aria-label={isCurrent ? `${w.name} (open now)` : `Open ${w.name}`}
          disabled={isCurrent}
          onClick={() => {
            onOpened();
            void switchWorkspace(w.id);
          }}
        >
          <span className="workspace-name">{w.name}</span>
          <span className="workspace-meta">
            {isCurrent && <span className="workspace-current">open now · </span>}
            {KIND_TEXT[w.kind]} · {when}
          </span>
        </button>
      )}
      {mode === 'rename' ? (
        <>
          <button type="button" className="button primary" onClick={() => void commitRename()}>
            Save name
          </button>
          <button type="button" className="button" onClick={() => setMode('view')}>
            Cancel
          </button>
        </>
      ) : mode === 'delete' ? (
        <>
          <span>Delete “{w.name}”?</span>
          <button
            type="button"
            className="button danger"
            onClick={async () => {
              setError(await deleteWorkspace(w.id));
            }}
          >
            Delete for good
          </button>
          <button type="button" className="button" autoFocus onClick={() => setMode('view')}>
            Keep
          </button>
        </>
      ) : (
        <>
          <button ref={renameButton} type="button" className="button" aria-label={`Rename ${w.name}`} onClick={() => setMode('rename')}>
            Rename
          </button>
          <button
            type="button"
            className="button"
            aria-label={`Delete ${w.name}`}
            disabled={isCurrent}
            title={isCurrent ? 'The open workspace cannot be deleted: open another one first' : undefined}
            onClick={() => setMode('delete')}
          >
            Delete
          </button>
        </>
      )}
      {error && (
        <p className="notice error" role="alert" style={{ flexBasis: '100%', margin: 0 }}>
          {error}
        </p>
      )}
    </li>
  );
}
