// Import: choose a .zip (or a txtar text file), or paste txtar text (`-- path --` sections).

import { useState } from 'react';
import { importFile, importPastedText } from '../state/actions.ts';
import { useUi } from '../state/ui-store.ts';
import { Dialog } from './Dialog.tsx';

export function ImportDialog() {
  const open = useUi((s) => s.dialog === 'import');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    useUi.getState().openDialog(null);
  };
  const done = (err: string | null) => {
    if (err) setError(err);
    else {
      setText('');
      close();
    }
  };
  return (
    <Dialog open={open} title="Import a workspace" onClose={close}>
      <p className="muted">Replaces the current files (Undo brings them back).</p>
      <label className="field">
        <span>A .zip file, or a text file in txtar format</span>
        <input
          type="file"
          aria-label="Choose a .zip or text file to import"
          accept=".zip,.txt,.txtar,application/zip,text/plain"
          onChange={async (e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) done(await importFile(file));
          }}
        />
      </label>
      <label className="field">
        <span>…or paste text with <code>-- path --</code> sections</span>
        <textarea
          className="import-text"
          aria-label="Workspace as text"
          spellCheck={false}
          rows={8}
          value={text}
          placeholder={'-- MODULE.bazel --\n-- app/BUILD --\nfilegroup(name = "x")'}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      {error && (
        <p className="notice error" role="alert">
          Could not import: {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button primary" disabled={!text.trim()} onClick={async () => done(await importPastedText(text))}>
          Import text
        </button>
      </div>
    </Dialog>
  );
}
