// `window.__rulepen`: a small handle for end-to-end tests (and the curious) to read and set the workspace
// through the app's own store, exactly as typing would.

import { useEngine } from './state/engine-store.ts';
import { simulateEngineCrash } from './state/engine-sync.ts';
import { useWorkspace } from './state/workspace-store.ts';

export interface RulepenTestHook {
  files(): Record<string, string>;
  getFileText(path: string): string | undefined;
  setFileText(path: string, text: string): void;
  replaceWorkspace(files: Record<string, string>, activePath?: string): void;
  /** True when the engine's last answer is for the current text. */
  isSettled(): boolean;
  /** Opens a file with the cursor at a 1-based line and column (as a click on a Problems row does). */
  reveal(path: string, line: number, column: number): void;
  /** The editor's file and cursor (1-based), or null before the editor exists. */
  cursor(): { path: string | null; line: number; column: number } | null;
  /** The engine worker dies as of an uncaught error (the client's real crash handling runs). */
  crashEngine(message?: string): void;
}

let cursorProbe: (() => { line: number; column: number } | null) | null = null;

/** The editor registers how to read its cursor; the returned function unregisters it. */
export function registerCursorProbe(probe: () => { line: number; column: number } | null): () => void {
  cursorProbe = probe;
  return () => {
    if (cursorProbe === probe) cursorProbe = null;
  };
}

declare global {
  interface Window {
    __rulepen?: RulepenTestHook;
  }
}

export function installTestHook(): void {
  window.__rulepen = {
    files: () => ({ ...useWorkspace.getState().files }),
    getFileText: (path) => useWorkspace.getState().files[path],
    setFileText: (path, text) => {
      const s = useWorkspace.getState();
      if (path in s.files) s.setText(path, text);
      else s.addFile(path, text);
    },
    replaceWorkspace: (files, activePath) => useWorkspace.getState().replaceWorkspace(files, activePath),
    isSettled: () => {
      const { load, pendingRevision } = useEngine.getState();
      return pendingRevision === null && load?.revision === useWorkspace.getState().revision;
    },
    reveal: (path, line, column) => useWorkspace.getState().revealAt(path, line, column),
    cursor: () => {
      const position = cursorProbe?.();
      return position ? { path: useWorkspace.getState().activePath, ...position } : null;
    },
    crashEngine: (message) => simulateEngineCrash(message),
  };
}
