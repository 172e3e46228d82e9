// The file list: the workspace's files grouped by directory, with new, rename and delete, and undo of a delete.

import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { basename, directoryLabel, groupByDirectory, normalizePath, pathProblem, suggestNewPath } from '../state/file-paths.ts';
import { useWorkspace } from '../state/workspace-store.ts';
import { useEngine } from '../state/engine-store.ts';
import { Icon } from './Icon.tsx';

type Editing = { mode: 'new' } | { mode: 'rename'; path: string } | null;

export function FileList() {
  const files = useWorkspace((s) => s.files);
  const activePath = useWorkspace((s) => s.activePath);
  const lastDeleted = useWorkspace((s) => s.lastDeleted);
  const packages = useEngine((s) => s.load?.result.packages);
  const [editing, setEditing] = useState<Editing>(null);
  const groups = groupByDirectory(Object.keys(files));
  const packageSet = new Set(packages ?? []);

  return (
    <nav className="files" aria-label="Files">
      <div className="pane-header">
        <h2 id="files-heading">Files</h2>
        <button
          type="button"
          className="icon-button"
          aria-label="New file"
          title="New file"
          onClick={() => setEditing({ mode: 'new' })}
        >
          <Icon name="plus" />
        </button>
      </div>
      {editing?.mode === 'new' && (
        <PathInput
          label="New file path"
          initial={suggestNewPath(Object.keys(files), activePath)}
          selectBasenameOnly
          validate={(p) => pathProblem(p, Object.keys(files))}
          onSubmit={(p) => useWorkspace.getState().addFile(p)}
          onDone={() => setEditing(null)}
        />
      )}
      <ul className="file-groups" aria-labelledby="files-heading">
        {groups.map((g) => (
          <li key={g.dir} className="file-group">
            <div className="file-group-label" title={packageSet.has(g.dir) ? `package ${directoryLabel(g.dir)}` : 'not a package'}>
              {directoryLabel(g.dir)}
            </div>
            <ul className="file-rows">
              {g.paths.map((path) =>
                editing?.mode === 'rename' && editing.path === path ? (
                  <li key={path}>
                    <PathInput
                      label={`New path for ${path}`}
                      initial={path}
                      selectBasenameOnly
                      validate={(p) => pathProblem(p, Object.keys(useWorkspace.getState().files), path)}
                      onSubmit={(p) => useWorkspace.getState().renameFile(path, p)}
                      onDone={() => setEditing(null)}
                    />
                  </li>
                ) : (
                  <li key={path} className={'file-row' + (path === activePath ? ' active' : '')}>
                    <button
                      type="button"
                      className="file-name"
                      aria-current={path === activePath ? 'page' : undefined}
                      aria-label={`Open ${path}`}
                      title={path}
                      onClick={() => useWorkspace.getState().open(path)}
                    >
                      {basename(path)}
                    </button>
                    <button
                      type="button"
                      className="icon-button row-action"
                      aria-label={`Rename ${path}`}
                      title="Rename"
                      onClick={() => setEditing({ mode: 'rename', path })}
                    >
                      <Icon name="pencil" />
                    </button>
                    <button
                      type="button"
                      className="icon-button row-action"
                      aria-label={`Delete ${path}`}
                      title="Delete"
                      onClick={() => useWorkspace.getState().deleteFile(path)}
                    >
                      <Icon name="trash" />
                    </button>
                  </li>
                ),
              )}
            </ul>
          </li>
        ))}
      </ul>
      <div className="undo-slot" role="status" aria-live="polite">
        {lastDeleted && (
          <>
            <span>
              Deleted <code>{lastDeleted.path}</code>
            </span>
            <button type="button" className="link-button" onClick={() => useWorkspace.getState().undoDelete()}>
              Undo
            </button>
          </>
        )}
      </div>
    </nav>
  );
}

interface PathInputProps {
  label: string;
  initial: string;
  selectBasenameOnly?: boolean;
  validate(path: string): string | null;
  /** Returns an error message, or null on success. */
  onSubmit(path: string): string | null;
  onDone(): void;
}

function PathInput({ label, initial, selectBasenameOnly, validate, onSubmit, onDone }: PathInputProps) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const problem = value === initial && initial !== '' ? null : validate(normalizePath(value));

  function submit(e: FormEvent): void {
    e.preventDefault();
    const err = onSubmit(value);
    if (err) setError(err);
    else onDone();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>): void {
    if (e.key === 'Escape') {
      e.preventDefault();
      onDone();
    }
  }

  const shown = error ?? problem;
  return (
    <form className="path-form" onSubmit={submit}>
      <input
        className="path-input"
        aria-label={label}
        value={value}
        autoFocus
        spellCheck={false}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? 'path-error' : undefined}
        onFocus={(e) => {
          const start = selectBasenameOnly ? value.lastIndexOf('/') + 1 : 0;
          const dot = value.lastIndexOf('.');
          const end = selectBasenameOnly && dot > start ? dot : value.length;
          e.currentTarget.setSelectionRange(start, end);
        }}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => onDone()}
      />
      {shown && (
        <div id="path-error" className="path-error" role="alert">
          {shown}
        </div>
      )}
    </form>
  );
}
