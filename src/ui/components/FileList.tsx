// The file tree: directories nested, packages (directories with a BUILD file) marked with their label; new file,
// new package, rename and delete for files and whole directories; Undo for every file operation.

import { useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createFile, createPackage, deletePath, renamePath, useFileOps } from '../state/file-ops.ts';
import { basename, comparePaths, directoryLabel, normalizePath, pathProblem, pathsKey, suggestNewPath } from '../state/file-paths.ts';
import { undoLastFileOp } from '../state/actions.ts';
import { useWorkspace } from '../state/workspace-store.ts';
import { Icon } from './Icon.tsx';
import { MOD } from './shortcuts.ts';

type Editing =
  | { mode: 'new'; dir: string }
  | { mode: 'new-package' }
  | { mode: 'rename'; path: string }
  | null;

interface DirNode {
  path: string;
  dirs: DirNode[];
  files: string[];
}

export function buildTree(paths: Iterable<string>): DirNode {
  const root: DirNode = { path: '', dirs: [], files: [] };
  const index = new Map<string, DirNode>([['', root]]);
  function dir(path: string): DirNode {
    let node = index.get(path);
    if (node) return node;
    const parent = dir(path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
    node = { path, dirs: [], files: [] };
    parent.dirs.push(node);
    index.set(path, node);
    return node;
  }
  for (const p of [...paths].sort(comparePaths)) dir(p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '').files.push(p);
  const sort = (n: DirNode) => {
    n.dirs.sort((a, b) => (a.path < b.path ? -1 : 1));
    n.dirs.forEach(sort);
  };
  sort(root);
  return root;
}

const BUILD_NAMES = ['BUILD', 'BUILD.bazel'];

/** Above this many files, the browser skips drawing the directories out of view (workbench.css, `.many-files`). */
const MANY_FILES = 1000;

export function FileList() {
  // The paths only, as one string: typing in a file changes no path, so the tree is not redrawn for it.
  const pathKey = useWorkspace((s) => pathsKey(s.files, s.textEdit?.base));
  const activePath = useWorkspace((s) => s.activePath);
  const lastOp = useFileOps((s) => s.undoStack[s.undoStack.length - 1]);
  const [editing, setEditing] = useState<Editing>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const paths = useMemo(() => (pathKey ? pathKey.split('\0') : []), [pathKey]);
  const tree = useMemo(() => buildTree(paths), [paths]);
  const pathSet = useMemo(() => new Set(paths), [paths]);
  const isPackage = (dir: string) => BUILD_NAMES.some((b) => pathSet.has(dir ? `${dir}/${b}` : b));

  const toggle = (dir: string) =>
    setCollapsed((c) => {
      const n = new Set(c);
      if (n.has(dir)) n.delete(dir);
      else n.add(dir);
      return n;
    });

  function renderFile(path: string, depth: number) {
    if (editing?.mode === 'rename' && editing.path === path) {
      return (
        <li key={path} style={{ paddingLeft: depth * 12 }}>
          <PathInput
            label={`New path for ${path}`}
            initial={path}
            selectBasenameOnly
            validate={(p) => pathProblem(p, Object.keys(useWorkspace.getState().files), path)}
            onSubmit={(p) => renamePath(path, p)}
            onDone={() => setEditing(null)}
          />
        </li>
      );
    }
    return (
      <li key={path} className={'file-row' + (path === activePath ? ' active' : '')} style={{ paddingLeft: depth * 12 }}>
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
        <button type="button" className="icon-button row-action" aria-label={`Rename ${path}`} title="Rename" onClick={() => setEditing({ mode: 'rename', path })}>
          <Icon name="pencil" />
        </button>
        <button type="button" className="icon-button row-action" aria-label={`Delete ${path}`} title="Delete" onClick={() => deletePath(path)}>
          <Icon name="trash" />
        </button>
      </li>
    );
  }

  function renderDir(node: DirNode, depth: number) {
    const open = !collapsed.has(node.path);
    const pkg = isPackage(node.path);
    const renaming = editing?.mode === 'rename' && editing.path === node.path;
    return (
      <li key={'dir:' + node.path} className="tree-dir">
        {renaming ? (
          <div style={{ paddingLeft: depth * 12 }}>
            <PathInput
              label={`New path for ${node.path}/`}
              initial={node.path}
              validate={(p) => (p === node.path ? null : pathProblem(p, Object.keys(useWorkspace.getState().files)))}
              onSubmit={(p) => renamePath(node.path, p)}
              onDone={() => setEditing(null)}
            />
          </div>
        ) : (
          <div className="file-row dir-row" style={{ paddingLeft: depth * 12 }}>
            <button
              type="button"
              className="file-name dir-name"
              aria-expanded={open}
              aria-label={`${pkg ? 'Package' : 'Directory'} ${directoryLabel(node.path)}`}
              title={pkg ? `package ${directoryLabel(node.path)}` : `${node.path}/ (not a package: no BUILD file)`}
              onClick={() => toggle(node.path)}
            >
              <span className="twisty" aria-hidden="true">
                {open ? '▾' : '▸'}
              </span>
              {pkg ? <span className="pkg-label">{directoryLabel(node.path)}</span> : <span>{basename(node.path)}/</span>}
            </button>
            <button type="button" className="icon-button row-action" aria-label={`Create a file in ${node.path}`} title="New file here" onClick={() => setEditing({ mode: 'new', dir: node.path })}>
              <Icon name="plus" />
            </button>
            <button type="button" className="icon-button row-action" aria-label={`Rename ${node.path}/`} title="Rename or move the directory" onClick={() => setEditing({ mode: 'rename', path: node.path })}>
              <Icon name="pencil" />
            </button>
            <button type="button" className="icon-button row-action" aria-label={`Delete ${node.path}/`} title="Delete the directory and its files" onClick={() => deletePath(node.path)}>
              <Icon name="trash" />
            </button>
          </div>
        )}
        {open && (
          <ul className="file-rows">
            {editing?.mode === 'new' && editing.dir === node.path && (
              <li style={{ paddingLeft: (depth + 1) * 12 }}>{newFileInput(node.path)}</li>
            )}
            {node.files.map((f) => renderFile(f, depth + 1))}
            {node.dirs.map((d) => renderDir(d, depth + 1))}
          </ul>
        )}
      </li>
    );
  }

  function newFileInput(dir: string) {
    return (
      <PathInput
        label="New file path"
        initial={dir ? suggestNewPath(paths, `${dir}/x`) : suggestNewPath(paths, activePath)}
        selectBasenameOnly
        validate={(p) => pathProblem(p, paths)}
        onSubmit={(p) => createFile(p)}
        onDone={() => setEditing(null)}
      />
    );
  }

  return (
    <nav className="files" aria-label="Files">
      <div className="pane-header">
        <h2 id="files-heading">Files</h2>
        <button type="button" className="icon-button" aria-label="New file" title="New file" onClick={() => setEditing({ mode: 'new', dir: '' })}>
          <Icon name="plus" />
        </button>
        <button type="button" className="icon-button" aria-label="New package" title="New package (a directory with a BUILD file)" onClick={() => setEditing({ mode: 'new-package' })}>
          <Icon name="folder" />
        </button>
      </div>
      {editing?.mode === 'new' && editing.dir === '' && newFileInput('')}
      {editing?.mode === 'new-package' && (
        <PathInput
          label="New package path"
          initial=""
          validate={(p) => (p ? pathProblem(`${p}/BUILD`, paths) : 'enter a package path, such as lib/util')}
          onSubmit={(p) => createPackage(p)}
          onDone={() => setEditing(null)}
        />
      )}
      <ul className={'file-tree' + (paths.length > MANY_FILES ? ' many-files' : '')} aria-labelledby="files-heading">
        {tree.files.map((f) => renderFile(f, 0))}
        {tree.dirs.map((d) => renderDir(d, 0))}
      </ul>
      <div className="undo-slot" role="status" aria-live="polite">
        {lastOp && (
          <>
            <span title={lastOp.description}>{lastOp.description}</span>
            <button type="button" className="link-button" title={`Undo the last file operation (${MOD}+Shift+Z outside the editor)`} onClick={() => undoLastFileOp()}>
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

  const shown = error ?? (value === '' && initial === '' ? null : problem);
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
