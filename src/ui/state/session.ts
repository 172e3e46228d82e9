// The session: gathers the shared state from the stores (files, command line, open file, panels, extras such as
// the Query panel's text, the lesson) and puts it back; decides what the page opens on (a share link, else the
// locally saved session, else the default workspace); and saves the session locally as the user works, so that
// a reload loses nothing. The saved session uses the share-link encoding, so one format and one set of
// migrations serve both.

import { create } from 'zustand';
import { DEFAULT_ACTIVE_FILE, DEFAULT_COMMAND, defaultWorkspace } from './default-workspace.ts';
import { useEngine } from './engine-store.ts';
import { useLayout } from './layout-store.ts';
import { decodeShareFragment, encodeShareState, isShareFragment, type ShareState } from './share-link.ts';
import { resetTabs } from './tabs-store.ts';
import { useWorkspace } from './workspace-store.ts';

export const STORAGE_KEY = 'rulepen.session';
/** Where a saved session that could not be read is kept (once), instead of being overwritten by the next save. */
export const UNREADABLE_KEY = 'rulepen.session.unreadable';

export interface Notice {
  kind: 'error' | 'info' | 'warning';
  text: string;
}

export interface SessionState {
  /** The lesson whose explanation is shown beside the editor, or null. */
  lesson: string | null;
  notice: Notice | null;
  setLesson(id: string | null): void;
  showNotice(notice: Notice | null): void;
}

export const useSession = create<SessionState>()((set) => ({
  lesson: null,
  notice: null,
  setLesson: (lesson) => set({ lesson }),
  showNotice: (notice) => set({ notice }),
}));

/** A field a panel adds to the shared state (e.g. `query`): how to read it and how to put it back. */
export interface ShareField {
  read(): string | undefined;
  write(value: string | undefined): void;
  /** Optional: subscribe to changes, so that they are saved locally. Returns an unsubscribe function. */
  subscribe?(onChange: () => void): () => void;
}

const fields = new Map<string, ShareField>();
const pendingExtras = new Map<string, string | undefined>();

/**
 * Panels call this once (at module load) to take part in share links and local saving. A value that arrived
 * before the field registered (the link was read first) is handed over at once.
 */
export function registerShareField(key: string, field: ShareField): () => void {
  fields.set(key, field);
  if (pendingExtras.has(key)) {
    field.write(pendingExtras.get(key));
    pendingExtras.delete(key);
  }
  const off = field.subscribe?.(() => scheduleSave());
  return () => {
    off?.();
    if (fields.get(key) === field) fields.delete(key);
  };
}

export function snapshot(): ShareState {
  const ws = useWorkspace.getState();
  const extras: Record<string, string> = {};
  for (const [key, field] of fields) {
    const v = field.read();
    if (v !== undefined) extras[key] = v;
  }
  for (const [key, v] of pendingExtras) if (v !== undefined && !(key in extras)) extras[key] = v;
  return {
    files: ws.files,
    command: useEngine.getState().commandText,
    activePath: ws.activePath,
    panels: { ...useLayout.getState().panels },
    extras,
    lesson: useSession.getState().lesson,
  };
}

export function applyState(state: ShareState): void {
  useWorkspace.getState().replaceWorkspace(state.files, state.activePath);
  resetTabs();
  useEngine.getState().setCommandText(state.command);
  if (state.panels) {
    useLayout.getState().showPanel('side', state.panels.side);
    useLayout.getState().showPanel('bottom', state.panels.bottom);
  }
  const keys = new Set([...fields.keys(), ...Object.keys(state.extras)]);
  for (const key of keys) {
    const field = fields.get(key);
    if (field) field.write(state.extras[key]);
    else pendingExtras.set(key, state.extras[key]);
  }
  useSession.getState().setLesson(state.lesson);
}

export function defaultState(): ShareState {
  return { files: { ...defaultWorkspace }, command: DEFAULT_COMMAND, activePath: DEFAULT_ACTIVE_FILE, panels: null, extras: {}, lesson: null };
}

/** The link to the current state, for the page as it is served now (any host, any sub-path). */
export function shareUrl(state: ShareState = snapshot()): string {
  const base = location.href.replace(/#.*$/, '');
  return `${base}#${encodeShareState(state)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Start-up and local saving

let saveTimer: ReturnType<typeof setTimeout> | undefined;
let saving = false;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readSaved(): string | null {
  try {
    return storage()?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function saveNow(): void {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  if (!saving) return;
  try {
    const state = snapshot();
    lastSize = Object.values(state.files).reduce((n, text) => n + text.length, 0);
    storage()?.setItem(STORAGE_KEY, encodeShareState(state));
  } catch {
    // Quota exceeded or storage disabled: the session is simply not saved.
  }
}

/** Saving deflates the whole workspace on the main thread: a big one is saved after a longer pause in typing. */
export function saveDelayMillis(totalChars: number): number {
  return totalChars > 200_000 ? 1500 : 300;
}

let lastSize = 0;

function scheduleSave(): void {
  if (!saving) return;
  clearTimeout(saveTimer);
  // The size is the last save's (a workspace rarely grows tenfold between two saves).
  saveTimer = setTimeout(saveNow, saveDelayMillis(lastSize));
}

let stopSaving: (() => void) | null = null;

/** Stops saving the session locally (tests, and before a reset of the storage). */
export function stopSession(): void {
  stopSaving?.();
  stopSaving = null;
}

/** Chooses what the page opens on and starts saving locally; returns true when a share link was opened. */
export function startSession(): boolean {
  const hash = location.hash;
  let fromLink = false;
  if (isShareFragment(hash)) {
    const decoded = decodeShareFragment(hash);
    fromLink = decoded.ok;
    if (decoded.ok) applyState(decoded.state);
    else {
      applyState(defaultState());
      useSession.getState().showNotice({
        kind: 'error',
        text: `This link could not be opened: ${decoded.reason}. Showing the default workspace instead.`,
      });
    }
    // The address keeps the link until the first edit (a reload before then opens the link again); after it,
    // the session saved locally is what a reload restores, so the link must not override the user's edits.
    const clearLink = () => history.replaceState(history.state, '', location.href.replace(/#.*$/, ''));
    if (!decoded.ok) clearLink();
    else {
      const off = [
        useWorkspace.subscribe((s, p) => s.files !== p.files && done()),
        useEngine.subscribe((s, p) => s.commandText !== p.commandText && done()),
      ];
      function done(): void {
        off.forEach((f) => f());
        clearLink();
      }
    }
  } else {
    const saved = readSaved();
    if (saved) {
      const decoded = decodeShareFragment(saved);
      if (decoded.ok) applyState(decoded.state);
      else {
        // Kept aside (a newer rulepen may read it), since saving from now on overwrites the session.
        let kept = false;
        try {
          storage()?.setItem(UNREADABLE_KEY, saved);
          kept = true;
        } catch {
          // Storage full or refused: nothing more to do.
        }
        useSession.getState().showNotice({
          kind: 'warning',
          text:
            `Your saved session could not be restored (${decoded.reason.replace(/\blink\b/g, 'session')}). Showing the default workspace instead.` +
            (kept ? ` The unreadable copy is kept in this browser's local storage as “${UNREADABLE_KEY}”.` : ''),
        });
      }
    }
  }
  saving = true;
  const offs = [
    useWorkspace.subscribe((s, p) => {
      if (s.files !== p.files || s.activePath !== p.activePath) scheduleSave();
    }),
    useEngine.subscribe((s, p) => {
      if (s.commandText !== p.commandText) scheduleSave();
    }),
    useLayout.subscribe((s, p) => {
      if (s.panels !== p.panels) scheduleSave();
    }),
    useSession.subscribe((s, p) => {
      if (s.lesson !== p.lesson) scheduleSave();
    }),
  ];
  // Leaving the page saves at once (a pending save may be waiting for a pause in typing).
  const onHidden = () => document.visibilityState === 'hidden' && saveNow();
  window.addEventListener('pagehide', saveNow);
  window.addEventListener('visibilitychange', onHidden); // fired at the document, it bubbles to the window
  stopSaving = () => {
    saveNow();
    saving = false;
    offs.forEach((off) => off());
    window.removeEventListener('pagehide', saveNow);
    window.removeEventListener('visibilitychange', onHidden);
  };
  return fromLink;
}
