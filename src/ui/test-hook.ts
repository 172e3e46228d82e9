// `window.__rulepen`: a small handle for end-to-end tests (and the curious) to read and set the workspace
// through the app's own store, exactly as typing would.

import { useEngine } from './state/engine-store.ts';
import { simulateEngineCrash } from './state/engine-sync.ts';
import { useWorkspace } from './state/workspace-store.ts';
import type { Files } from './state/file-content.ts';

export interface RulepenTestHook {
  files(): Files;
  /** The file's text; undefined for a missing or binary file. */
  getFileText(path: string): string | undefined;
  setFileText(path: string, text: string): void;
  replaceWorkspace(files: Files, activePath?: string): void;
  /** True when the engine's last answer is for the current text. */
  isSettled(): boolean;
  /** Opens a file with the cursor at a 1-based line and column (as a click on a Problems row does). */
  reveal(path: string, line: number, column: number): void;
  /** The editor's file and cursor (1-based), or null before the editor exists. */
  cursor(): { path: string | null; line: number; column: number } | null;
  /** The engine worker dies as of an uncaught error (the client's real crash handling runs). */
  crashEngine(message?: string): void;
  /** The editor's markers on a file (1-based), with their related locations. */
  markers(path: string): MarkerView[];
}

export interface MarkerView {
  message: string;
  severity: 'error' | 'warning' | 'info';
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
  related: { path: string; line: number; column: number; message: string }[];
}

/** A function the editor registers so that the hook can read what only Monaco knows; the last registered wins. */
function probeSlot<F>() {
  let current: F | null = null;
  return {
    get: () => current,
    /** Returns the function that unregisters it. */
    register(probe: F): () => void {
      current = probe;
      return () => {
        if (current === probe) current = null;
      };
    },
  };
}

const cursorProbe = probeSlot<() => { line: number; column: number } | null>();
const markerProbe = probeSlot<(path: string) => MarkerView[]>();

/** The editor registers how to read its cursor. */
export const registerCursorProbe = cursorProbe.register;
/** The marker sync registers how to read the markers. */
export const registerMarkerProbe = markerProbe.register;

declare global {
  interface Window {
    __rulepen?: RulepenTestHook;
  }
}

export function installTestHook(): void {
  window.__rulepen = {
    files: () => ({ ...useWorkspace.getState().files }),
    getFileText: (path) => {
      const content = useWorkspace.getState().files[path];
      return typeof content === 'string' ? content : undefined;
    },
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
      const position = cursorProbe.get()?.();
      return position ? { path: useWorkspace.getState().activePath, ...position } : null;
    },
    crashEngine: (message) => simulateEngineCrash(message),
    markers: (path) => markerProbe.get()?.(path) ?? [],
  };
}
