// File operations with undo: create, rename and delete files and whole directories (packages), and replacing
// the workspace (a lesson, an import). Each operation records the files and open file as they were, and Undo
// puts them back — keeping text edits made since to files the operation did not touch.

import { create } from 'zustand';
import { comparePaths, dirname, normalizePath, pathProblem } from './file-paths.ts';
import { resetTabs } from './tabs-store.ts';
import { useWorkspace } from './workspace-store.ts';
import type { Files } from './file-content.ts';

interface UndoEntry {
  /** What the user sees: "Deleted app/BUILD". */
  description: string;
  /** The files the operation removed or changed, with their texts before it. */
  before: Files;
  /** The paths the operation created. */
  created: string[];
  activePath: string | null;
  /** Puts back what else the operation changed (the command line and lesson of a replaced workspace). */
  restore?: () => void;
}

export interface FileOpsState {
  undoStack: UndoEntry[];
}

export const useFileOps = create<FileOpsState>()(() => ({ undoStack: [] }));

const MAX_UNDO = 50;

function push(entry: UndoEntry): void {
  useFileOps.setState((s) => ({ undoStack: [...s.undoStack, entry].slice(-MAX_UNDO) }));
}

function setFiles(files: Files, activePath: string | null): void {
  const ws = useWorkspace.getState();
  const active = activePath && activePath in files ? activePath : (Object.keys(files).sort(comparePaths)[0] ?? null);
  useWorkspace.setState({ files, revision: ws.revision + 1, activePath: active, lastDeleted: null });
}

/** Paths at or under `path` (a file, or a directory). */
export function pathsUnder(files: Files, path: string): string[] {
  return Object.keys(files).filter((p) => p === path || p.startsWith(path + '/'));
}

export function createFile(input: string, text = ''): string | null {
  const path = normalizePath(input);
  const { files, activePath } = useWorkspace.getState();
  const problem = pathProblem(path, Object.keys(files));
  if (problem) return problem;
  push({ description: `Created ${path}`, before: {}, created: [path], activePath });
  setFiles({ ...files, [path]: text }, path);
  return null;
}

/** A new package: a directory with an empty BUILD file. */
export function createPackage(input: string): string | null {
  const dir = normalizePath(input);
  if (!dir) return 'enter a package path';
  return createFile(`${dir}/BUILD`, '');
}

/** Renames a file, or a directory with everything under it. */
export function renamePath(from: string, input: string): string | null {
  const to = normalizePath(input);
  const { files, activePath } = useWorkspace.getState();
  const moved = pathsUnder(files, from);
  if (moved.length === 0) return `${from} does not exist`;
  if (to === from) return null;
  if (to.startsWith(from + '/')) return `cannot move ${from} into itself`;
  const rest = Object.keys(files).filter((p) => !moved.includes(p));
  const targets = moved.map((p) => to + p.slice(from.length));
  for (const t of targets) {
    const problem = pathProblem(t, rest);
    if (problem) return problem;
  }
  const next: Files = {};
  const before: Files = {};
  for (const [p, text] of Object.entries(files)) {
    if (moved.includes(p)) {
      before[p] = text;
      next[to + p.slice(from.length)] = text;
    } else next[p] = text;
  }
  const active = activePath && moved.includes(activePath) ? to + activePath.slice(from.length) : activePath;
  push({ description: `Renamed ${from} to ${to}`, before, created: targets, activePath });
  setFiles(next, active);
  return null;
}

/** Deletes a file, or a directory with everything under it. */
export function deletePath(path: string): void {
  const { files, activePath } = useWorkspace.getState();
  const gone = pathsUnder(files, path);
  if (gone.length === 0) return;
  const before: Files = {};
  const next: Files = {};
  for (const [p, text] of Object.entries(files)) {
    if (gone.includes(p)) before[p] = text;
    else next[p] = text;
  }
  let active = activePath;
  if (activePath && gone.includes(activePath)) {
    // Open a neighbour: another file of the same directory, else the first file.
    active = Object.keys(next).find((p) => dirname(p) === dirname(activePath)) ?? null;
  }
  push({ description: `Deleted ${path}`, before, created: [], activePath });
  setFiles(next, active);
}

/** Replaces every file (a lesson, an import), undoably. */
export function replaceAllFiles(files: Files, activePath: string | null, description: string, restore?: () => void): void {
  const ws = useWorkspace.getState();
  push({ description, before: { ...ws.files }, created: Object.keys(files), activePath: ws.activePath, restore });
  const active = activePath && activePath in files ? activePath : null;
  useWorkspace.getState().replaceWorkspace(files, active);
  resetTabs();
}

export function canUndo(): boolean {
  return useFileOps.getState().undoStack.length > 0;
}

/** Undoes the last file operation; returns its description, or null when there is nothing to undo. */
export function undoFileOp(): string | null {
  const stack = useFileOps.getState().undoStack;
  const entry = stack[stack.length - 1];
  if (!entry) return null;
  useFileOps.setState({ undoStack: stack.slice(0, -1) });
  const { files } = useWorkspace.getState();
  const next: Files = {};
  for (const [p, text] of Object.entries(files)) if (!entry.created.includes(p)) next[p] = text;
  for (const [p, text] of Object.entries(entry.before)) next[p] = text;
  setFiles(next, entry.activePath);
  entry.restore?.();
  return entry.description;
}
