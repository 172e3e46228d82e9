// The workspace store: the files' contents (texts, and bytes for binary files) are the source of truth (Monaco models are derived from them), plus
// which file is open, where the editor should move its cursor next, and the last deleted file for undo.

import { create } from 'zustand';
import { DEFAULT_ACTIVE_FILE, defaultWorkspace } from './default-workspace.ts';
import { comparePaths, normalizePath, pathProblem } from './file-paths.ts';
import type { FileContent, Files } from './file-content.ts';

export interface RevealRequest {
  path: string;
  line: number;
  column: number;
  /** Distinguishes two requests for the same place, so that each one moves the cursor. */
  seq: number;
}

export interface TextEdit {
  readonly base: Files;
  readonly path: string;
}

/** The path whose text alone changed between `previous` and `state`, when the store says so; else null. */
export function editedPath(state: Pick<WorkspaceState, 'textEdit'>, previous: Files): string | null {
  return state.textEdit && state.textEdit.base === previous ? state.textEdit.path : null;
}

export interface WorkspaceState {
  files: Files;
  /** Bumped on every change to `files`; the engine results record the revision they answer. */
  revision: number;
  activePath: string | null;
  reveal: RevealRequest | null;
  lastDeleted: { path: string; text: FileContent; wasActive: boolean } | null;
  /**
   * Set by setText: `files` is `base` with the text of `path` changed and nothing else. A subscriber whose previous
   * `files` is `base` then knows what a keystroke changed without comparing thousands of paths; any other change
   * leaves it null (or naming another base), and subscribers compare as before.
   */
  textEdit: TextEdit | null;

  setText(path: string, text: string): void;
  /** Returns an error message, or null when the file was created (and opened). */
  addFile(path: string, text?: string): string | null;
  renameFile(from: string, to: string): string | null;
  deleteFile(path: string): void;
  undoDelete(): void;
  open(path: string): void;
  revealAt(path: string, line: number, column: number): void;
  replaceWorkspace(files: Files, activePath?: string | null): void;
}

function firstPath(files: Files): string | null {
  return Object.keys(files).sort(comparePaths)[0] ?? null;
}

let revealSeq = 0;

/**
 * A copy of the files made ahead of the next keystroke (prepareEdit). A keystroke must give the store a new files
 * object, and copying a record of thousands of files takes tens of milliseconds on a slow machine; made while
 * the page is idle, the copy costs the keystroke nothing. It serves only the files object it copied.
 */
let spare: { readonly of: Files; readonly copy: Files } | null = null;

/** Makes the copy the next setText of the current files will use (call when the page is idle). */
export function prepareEdit(): void {
  const { files } = useWorkspace.getState();
  if (spare?.of !== files) spare = { of: files, copy: { ...files } };
}

export const useWorkspace = create<WorkspaceState>()((set, get) => ({
  files: { ...defaultWorkspace },
  revision: 0,
  activePath: DEFAULT_ACTIVE_FILE,
  reveal: null,
  lastDeleted: null,
  textEdit: null,

  setText(path, text) {
    const { files, revision } = get();
    if (!(path in files) || files[path] === text) return;
    let next: Files;
    if (spare && spare.of === files) {
      // The copy prepareEdit made while the page was idle: no one else holds it yet.
      next = spare.copy;
      next[path] = text;
    } else next = { ...files, [path]: text };
    spare = null;
    set({ files: next, revision: revision + 1, textEdit: { base: files, path } });
  },

  addFile(input, text = '') {
    const { files, revision } = get();
    const path = normalizePath(input);
    const problem = pathProblem(path, Object.keys(files));
    if (problem) return problem;
    set({ files: { ...files, [path]: text }, revision: revision + 1, activePath: path, textEdit: null });
    return null;
  },

  renameFile(from, input) {
    const { files, revision, activePath } = get();
    const to = normalizePath(input);
    if (!(from in files)) return `${from} does not exist`;
    if (to === from) return null;
    const problem = pathProblem(to, Object.keys(files), from);
    if (problem) return problem;
    const next: Files = {};
    for (const [p, t] of Object.entries(files)) next[p === from ? to : p] = t;
    set({ files: next, revision: revision + 1, activePath: activePath === from ? to : activePath, textEdit: null });
    return null;
  },

  deleteFile(path) {
    const { files, revision, activePath } = get();
    if (!(path in files)) return;
    const { [path]: text, ...rest } = files;
    set({
      files: rest,
      revision: revision + 1,
      activePath: activePath === path ? firstPath(rest) : activePath,
      lastDeleted: { path, text, wasActive: activePath === path },
      textEdit: null,
    });
  },

  undoDelete() {
    const { files, revision, lastDeleted, activePath } = get();
    if (!lastDeleted || lastDeleted.path in files) return set({ lastDeleted: null });
    set({
      files: { ...files, [lastDeleted.path]: lastDeleted.text },
      revision: revision + 1,
      activePath: lastDeleted.wasActive ? lastDeleted.path : activePath,
      lastDeleted: null,
      textEdit: null,
    });
  },

  open(path) {
    if (path in get().files) set({ activePath: path });
  },

  revealAt(path, line, column) {
    if (!(path in get().files)) return;
    set({ activePath: path, reveal: { path, line, column, seq: ++revealSeq } });
  },

  replaceWorkspace(files, activePath) {
    const active = activePath && activePath in files ? activePath : firstPath(files);
    set({ files: { ...files }, revision: get().revision + 1, activePath: active, reveal: null, lastDeleted: null, textEdit: null });
  },
}));
