// The problems the UI shows (Problems panel, its tab count, the editor's markers): the workspace's, from the last
// load, and the last command's, while they still answer the files as they are. A command's diagnostics that the
// load already shows (a BUILD file's error printed again by the command) are left out of its group.

import { useMemo } from 'react';
import type { Diagnostic } from '../../worker/protocol.ts';
import { useEngine, type CommandState, type LoadState } from './engine-store.ts';
import { useWorkspace } from './workspace-store.ts';

export interface ProblemGroups {
  /** The last load's diagnostics, sorted by place. */
  workspace: readonly Diagnostic[];
  /** The last command's own diagnostics, sorted by place; null when it has none that are current. */
  command: { text: string; diagnostics: readonly Diagnostic[] } | null;
}

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);
}

function sameKey(d: Diagnostic): string {
  const { start, end } = d.range;
  return `${d.file}\0${start.line}:${start.column}-${end.line}:${end.column}\0${d.message}`;
}

/** The command line as Bazel's prompt shows it: `bazel build //x`. */
export function promptText(text: string): string {
  const t = text.trim();
  return /^bazel(isk)?\b/.test(t) ? t : `bazel ${t}`;
}

/** Sorted once per diagnostics array: a load that changed no diagnostic keeps the array of the one before. */
const sortedCache = new WeakMap<readonly Diagnostic[], readonly Diagnostic[]>();
const NONE: readonly Diagnostic[] = [];

function sorted(diagnostics: readonly Diagnostic[]): readonly Diagnostic[] {
  let s = sortedCache.get(diagnostics);
  if (!s) sortedCache.set(diagnostics, (s = [...diagnostics].sort(compareDiagnostics)));
  return s;
}

export function problemGroups(load: LoadState | null, command: CommandState, revision: number): ProblemGroups {
  const workspace = load ? sorted(load.result.diagnostics) : NONE;
  // A command's errors are shown only for the files it ran on: an edit clears them until it runs again.
  if (command.status !== 'done' || !command.result || command.revision !== revision) return { workspace, command: null };
  const shown = new Set(workspace.map(sameKey));
  const own: Diagnostic[] = [];
  for (const d of command.result.diagnostics) {
    const key = sameKey(d);
    if (shown.has(key)) continue;
    shown.add(key);
    own.push(d);
  }
  return { workspace, command: own.length > 0 ? { text: promptText(command.text), diagnostics: own.sort(compareDiagnostics) } : null };
}

/** The problems as of now (for code outside React: the markers). */
export function currentProblems(): ProblemGroups {
  const { load, command } = useEngine.getState();
  return problemGroups(load, command, useWorkspace.getState().revision);
}

export function useProblems(): ProblemGroups {
  const load = useEngine((s) => s.load);
  const command = useEngine((s) => s.command);
  const revision = useWorkspace((s) => s.revision);
  return useMemo(() => problemGroups(load, command, revision), [load, command, revision]);
}

export function problemCount(g: ProblemGroups): number {
  return g.workspace.length + (g.command?.diagnostics.length ?? 0);
}
