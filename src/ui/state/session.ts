// The session: gathers the shared state from the stores (files, command line, open file, panels, extras such as
// the Query panel's text, the lesson) and puts it back; decides what the page opens on (the locally saved session,
// else the default workspace; a share link on top of it as a workspace of its own); saves the session locally as
// the user works, so that a reload loses nothing; and keeps the list of workspaces (yours, links opened, new ones)
// in IndexedDB, so that a link never overwrites your work. The saved session and the list use the share-link
// encoding, so one format and one set of migrations serve all three.
//
// Where things are stored: localStorage holds the current workspace (written synchronously, so that a reload
// right after typing keeps every key) and which workspace it is; IndexedDB holds every workspace, the current
// one included (written on the same debounce). Switching away from a workspace first writes it to IndexedDB and
// only then lets the next one take localStorage's place: if that write fails, the next workspace is shown but
// never saved over yours, and a notice says so.

import { create } from 'zustand';
import { DEFAULT_ACTIVE_FILE, DEFAULT_COMMAND, defaultWorkspace } from './default-workspace.ts';
import { IDLE_COMPARE, useCompare } from '../panels/compare/compare-store.ts';
import { useEngine } from './engine-store.ts';
import { useLayout } from './layout-store.ts';
import { useFileOps } from './file-ops.ts';
import { embedRequest } from './embed-link.ts';
import { decodeShareFragment, encodeShareState, encodeShareStateAsync, isShareFragment, type ShareState } from './share-link.ts';
import { resetTabs } from './tabs-store.ts';
import { useWorkspace } from './workspace-store.ts';
import {
  defaultBackend,
  linkWorkspaceName,
  MINE_ID,
  MINE_NAME,
  nameProblem,
  newWorkspaceId,
  sortWorkspaces,
  storageErrorText,
  uniqueName,
  type WorkspaceBackend,
  type WorkspaceKind,
  type WorkspaceRecord,
} from './workspace-list.ts';

export const STORAGE_KEY = 'rulepen.session';
/** Where a saved session that could not be read is kept (once), instead of being overwritten by the next save. */
export const UNREADABLE_KEY = 'rulepen.session.unreadable';

/** Which workspace is current (its id, name and kind), kept next to the saved session. */
export const CURRENT_KEY = 'rulepen.workspace';
/** The link fragment the current workspace was opened from, while it is unedited (a reload reopens it as is). */
export const LINK_KEY = 'rulepen.workspace.link';

export interface Notice {
  kind: 'error' | 'info' | 'warning';
  text: string;
  /** A one-click way out, e.g. back to your own workspace. */
  action?: { label: string; run(): void };
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
// The workspace list

export interface CurrentWorkspace {
  id: string;
  name: string;
  kind: WorkspaceKind;
}

export interface WorkspacesState {
  current: CurrentWorkspace;
  /** Every stored workspace, most recently used first (without their states). */
  list: Omit<WorkspaceRecord, 'state'>[];
  /** The last storage failure, in words, or null. */
  storageError: string | null;
}

export const useWorkspaces = create<WorkspacesState>()(() => ({
  current: { id: MINE_ID, name: MINE_NAME, kind: 'mine' },
  list: [],
  storageError: null,
}));

let backend: WorkspaceBackend | null = null;
function db(): WorkspaceBackend {
  return (backend ??= defaultBackend());
}

/** Tests: the storage the list uses. */
export function setWorkspaceBackend(b: WorkspaceBackend | null): void {
  backend = b;
}

function reportStorageError(what: string, error: unknown): void {
  const text = `${what}: ${storageErrorText(error)}.`;
  useWorkspaces.setState({ storageError: text });
  if (useSession.getState().notice?.text !== text) useSession.getState().showNotice({ kind: 'error', text });
}

/** Re-reads the list from storage. */
export async function refreshWorkspaces(): Promise<void> {
  try {
    const all = await db().all();
    useWorkspaces.setState({ list: sortWorkspaces(all).map(({ state: _state, ...meta }) => meta) });
  } catch (e) {
    reportStorageError('The list of workspaces could not be read', e);
  }
}

/** The current workspace as a record, from the stores as they are now. */
async function currentRecord(encoded?: string): Promise<WorkspaceRecord> {
  const { id, name, kind } = useWorkspaces.getState().current;
  const now = Date.now();
  let old: WorkspaceRecord | undefined;
  try {
    old = await db().get(id);
  } catch {
    old = undefined;
  }
  return { created: now, ...old, id, name, kind, updated: now, state: encoded ?? encodeShareState(snapshot()) };
}

/** Writes the current workspace to the list; throws what the storage threw. */
async function storeCurrent(encoded?: string): Promise<void> {
  await db().put(await currentRecord(encoded));
}

let storeChain: Promise<void> = Promise.resolve();
let lastStoreError: unknown = null;

/** Queued after the local save: one write at a time, in order. Failures are reported, once per kind of failure. */
function storeCurrentLater(encoded: string): void {
  const id = useWorkspaces.getState().current.id;
  storeChain = storeChain.then(async () => {
    // A switch happened in between: that workspace was stored by the switch itself.
    if (id !== useWorkspaces.getState().current.id) return;
    try {
      await storeCurrent(encoded);
      lastStoreError = null;
      if (useWorkspaces.getState().storageError) useWorkspaces.setState({ storageError: null });
    } catch (e) {
      if (String(e) !== String(lastStoreError)) reportStorageError(`“${useWorkspaces.getState().current.name}” could not be saved to this browser's workspace list`, e);
      lastStoreError = e;
    }
    void refreshWorkspaces();
  });
}

function writeCurrentKey(): void {
  try {
    storage()?.setItem(CURRENT_KEY, JSON.stringify(useWorkspaces.getState().current));
  } catch {
    // Reported by the session save that follows.
  }
}

function readCurrentKey(): CurrentWorkspace | null {
  try {
    const raw = storage()?.getItem(CURRENT_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<CurrentWorkspace>;
    if (typeof v.id === 'string' && typeof v.name === 'string' && (v.kind === 'mine' || v.kind === 'link' || v.kind === 'new' || v.kind === 'lesson')) {
      return { id: v.id, name: v.name, kind: v.kind };
    }
  } catch {
    // Unreadable: the saved session is still "my workspace".
  }
  return null;
}

function setLinkKey(fragment: string | null): void {
  try {
    if (fragment) storage()?.setItem(LINK_KEY, fragment);
    else storage()?.removeItem(LINK_KEY);
  } catch {
    // Only a reload's convenience.
  }
}

function readLinkKey(): string | null {
  try {
    return storage()?.getItem(LINK_KEY) ?? null;
  } catch {
    return null;
  }
}

function clearLinkFromAddress(): void {
  if (typeof history !== 'undefined' && location.hash) history.replaceState(history.state, '', location.href.replace(/#.*$/, ''));
}

/** A workspace replaces another: the command's result and the undo history belonged to the one before. */
function enterWorkspace(current: CurrentWorkspace, state: ShareState): void {
  useWorkspaces.setState({ current });
  applyState(state);
  useEngine.setState({ command: { status: 'idle', text: '', result: null, revision: -1, millis: 0, error: null } });
  useCompare.setState(IDLE_COMPARE);
  useFileOps.setState({ undoStack: [] });
}

/**
 * Keeps the current workspace in the list, then opens `state` as another one. Local saving of the new
 * workspace waits for that write; if it fails, the new workspace is shown but never saved over the old one.
 */
async function keepThenEnter(next: CurrentWorkspace, state: ShareState, extra?: Partial<WorkspaceRecord>, keepPrevious = true): Promise<boolean> {
  let kept: Promise<void> = Promise.resolve();
  if (keepPrevious) {
    const record = await currentRecord();
    kept = db().put(record);
  }
  holdLocalSaves = true;
  enterWorkspace(next, state);
  try {
    await kept;
  } catch (e) {
    useSession.getState().showNotice({
      kind: 'error',
      text: `Your workspace could not be kept aside (${storageErrorText(e)}), so “${next.name}” is not saved: a reload brings your own work back.`,
    });
    void refreshWorkspaces();
    return false;
  }
  holdLocalSaves = false;
  const now = Date.now();
  try {
    await db().put({ created: now, updated: now, ...extra, ...next, state: encodeShareState(snapshot()) });
  } catch (e) {
    reportStorageError(`“${next.name}” could not be saved to this browser's workspace list`, e);
  }
  writeCurrentKey();
  saveNow();
  void refreshWorkspaces();
  return true;
}

let onLinkOpened: (() => void) | null = null;

/**
 * Opens a share link as a workspace of its own, keeping the current one; returns false when the link is
 * unreadable (the current workspace stays, with a notice).
 */
export async function openShareLink(fragment: string): Promise<boolean> {
  const decoded = decodeShareFragment(fragment);
  clearLinkFromAddress();
  if (!decoded.ok) {
    useSession.getState().showNotice({
      kind: 'error',
      text: `This link could not be opened: ${decoded.reason}. Your workspace “${useWorkspaces.getState().current.name}” is shown, unchanged.`,
    });
    return false;
  }
  const link = fragment.replace(/^#/, '');
  const previous = useWorkspaces.getState().current;
  await refreshWorkspaces();
  const name = uniqueName(linkWorkspaceName(decoded.state.command), useWorkspaces.getState().list);
  const next: CurrentWorkspace = { id: newWorkspaceId('link', Date.now()), name, kind: 'link' };
  const ok = await keepThenEnter(next, decoded.state, { link });
  if (ok) {
    setLinkKey(link);
    followFirstEdit();
    linkNotice(name, previous);
  }
  onLinkOpened?.();
  return true;
}

function linkNotice(name: string, previous: CurrentWorkspace): void {
  useSession.getState().showNotice({
    kind: 'info',
    text: `Opened a shared link as a new workspace, “${name}”. Your own work is kept as “${previous.name}”.`,
    action: { label: `Back to “${previous.name}”`, run: () => void switchWorkspace(previous.id) },
  });
}

/** Opens a stored workspace, keeping the current one. */
export async function switchWorkspace(id: string): Promise<void> {
  const { current } = useWorkspaces.getState();
  if (id === current.id) return;
  let target: WorkspaceRecord | undefined;
  try {
    await storeCurrent();
    target = await db().get(id);
  } catch (e) {
    reportStorageError(`“${current.name}” could not be saved, so it stays open`, e);
    return;
  }
  if (!target) {
    useSession.getState().showNotice({ kind: 'error', text: 'That workspace no longer exists (deleted in another tab?).' });
    void refreshWorkspaces();
    return;
  }
  const decoded = decodeShareFragment(target.state);
  if (!decoded.ok) {
    useSession.getState().showNotice({ kind: 'error', text: `“${target.name}” could not be opened: ${decoded.reason.replace(/\blink\b/g, 'workspace')}.` });
    return;
  }
  clearLinkFromAddress();
  setLinkKey(null);
  enterWorkspace({ id: target.id, name: target.name, kind: target.kind }, decoded.state);
  useSession.getState().showNotice(null);
  writeCurrentKey();
  saveNow();
  useUiSay(`Opened the workspace “${target.name}”`);
}

/** A new workspace on the default example, keeping the current one. */
export async function newWorkspace(): Promise<void> {
  await refreshWorkspaces();
  const name = uniqueName('New workspace', useWorkspaces.getState().list);
  clearLinkFromAddress();
  setLinkKey(null);
  if (await keepThenEnter({ id: newWorkspaceId('new', Date.now()), name, kind: 'new' }, defaultState())) {
    useSession.getState().showNotice(null);
    useUiSay(`Created the workspace “${name}”`);
  }
}

/**
 * Keeps a copy of the workspace as it is now in the list, under `name` (a lesson you changed, before another
 * lesson replaces it). The copy is taken at once; it is stored in the background, failures reported.
 */
export function keepCopy(baseName: string, kind: WorkspaceKind): Promise<void> {
  const state = encodeShareState(snapshot());
  return (async () => {
    await refreshWorkspaces();
    const name = uniqueName(baseName, useWorkspaces.getState().list);
    const now = Date.now();
    try {
      await db().put({ id: newWorkspaceId(kind, now), name, kind, created: now, updated: now, state });
      useUiSay(`Your changes to the lesson are kept as the workspace “${name}”`);
    } catch (e) {
      reportStorageError(`“${name}” could not be kept`, e);
    }
    await refreshWorkspaces();
  })();
}

/** Renames a workspace; returns an error message or null. */
export async function renameWorkspace(id: string, name: string): Promise<string | null> {
  const problem = nameProblem(name, useWorkspaces.getState().list, id);
  if (problem) return problem;
  const n = name.trim();
  try {
    if (id === useWorkspaces.getState().current.id) {
      useWorkspaces.setState((s) => ({ current: { ...s.current, name: n } }));
      writeCurrentKey();
      await storeCurrent();
    } else {
      const r = await db().get(id);
      if (!r) return 'that workspace no longer exists';
      await db().put({ ...r, name: n });
    }
  } catch (e) {
    return `it could not be renamed: ${storageErrorText(e)}`;
  }
  await refreshWorkspaces();
  return null;
}

/** Deletes a workspace other than the current one; returns an error message or null. */
export async function deleteWorkspace(id: string): Promise<string | null> {
  if (id === useWorkspaces.getState().current.id) return 'the open workspace cannot be deleted; open another one first';
  try {
    await db().delete(id);
  } catch (e) {
    return `it could not be deleted: ${storageErrorText(e)}`;
  }
  await refreshWorkspaces();
  return null;
}

/** The status line, without importing the UI store's module graph into tests. */
let useUiSay: (text: string) => void = () => {};

// ---------------------------------------------------------------------------------------------------------------
// Start-up and local saving

let saveTimer: ReturnType<typeof setTimeout> | undefined;
let saving = false;
/** True while the workspace before a switch is being written to the list: the local save must not replace it yet. */
let holdLocalSaves = false;
let lastLocalError: string | null = null;

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
  saveSeq++;
  if (!saving || holdLocalSaves) return;
  const state = snapshot();
  lastSize = sizeOf(state);
  writeLocal(encodeShareState(state));
}

const sizeOf = (state: ShareState) => Object.values(state.files).reduce((n, content) => n + content.length, 0);

/** Bumped by every save: an asynchronous save that finishes after a newer one began writes nothing. */
let saveSeq = 0;

/**
 * The save after a pause in typing. A big workspace is compressed asynchronously (encodeShareStateAsync), so that
 * the main thread stays free for the keystrokes and panels meanwhile; a small one at once, as saveNow.
 */
function saveAfterPause(): void {
  saveTimer = undefined;
  const seq = ++saveSeq;
  if (!saving || holdLocalSaves) return;
  const state = snapshot();
  lastSize = sizeOf(state);
  if (lastSize <= BIG_WORKSPACE_CHARS) return writeLocal(encodeShareState(state));
  void encodeShareStateAsync(state).then((encoded) => {
    if (seq === saveSeq && saving && !holdLocalSaves) writeLocal(encoded);
  });
}

function writeLocal(encoded: string): void {
  try {
    storage()?.setItem(STORAGE_KEY, encoded);
    lastLocalError = null;
  } catch (e) {
    // Quota exceeded or storage disabled: said once, not on every keystroke.
    const text = storageErrorText(e);
    if (text !== lastLocalError) {
      lastLocalError = text;
      useSession.getState().showNotice({ kind: 'error', text: `Your edits could not be saved in this browser: ${text}. They last until this tab is closed.` });
    }
  }
  storeCurrentLater(encoded);
}

/** Saving encodes the whole workspace: a big one is saved after a longer pause in typing. */
export function saveDelayMillis(totalChars: number): number {
  return totalChars > BIG_WORKSPACE_CHARS ? 1500 : 300;
}

const BIG_WORKSPACE_CHARS = 200_000;

let lastSize = 0;

function scheduleSave(): void {
  if (!saving) return;
  clearTimeout(saveTimer);
  // The size is the last save's (a workspace rarely grows tenfold between two saves).
  saveTimer = setTimeout(saveAfterPause, saveDelayMillis(lastSize));
}

let stopSaving: (() => void) | null = null;

/** Stops saving the session locally (tests, and before a reset of the storage). */
export function stopSession(): void {
  stopSaving?.();
  stopSaving = null;
}

/** The first edit of a workspace opened from a link ends the link's hold on the address (and on a reload). */
let stopFollowing: (() => void) | null = null;
function followFirstEdit(): void {
  stopFollowing?.();
  const off = [
    useWorkspace.subscribe((s, p) => s.files !== p.files && done()),
    useEngine.subscribe((s, p) => s.commandText !== p.commandText && done()),
  ];
  function done(): void {
    off.forEach((f) => f());
    stopFollowing = null;
    clearLinkFromAddress();
    setLinkKey(null);
  }
  stopFollowing = () => off.forEach((f) => f());
}

export interface SessionOptions {
  /** Called after a share link was opened (at start or on `hashchange`): runs its command and shows the result. */
  onLinkOpened?(): void;
  /** Shows a short message in the status line. */
  say?(text: string): void;
  backend?: WorkspaceBackend;
}

/**
 * Chooses what the page opens on and starts saving locally; returns true when a share link is being opened (its
 * command should run once the files are loaded). A link opens as a workspace of its own, after the current one
 * is kept in the list.
 */
export function startSession(options: SessionOptions = {}): boolean {
  if (options.backend) backend = options.backend;
  onLinkOpened = options.onLinkOpened ?? null;
  if (options.say) useUiSay = options.say;
  const hash = typeof location !== 'undefined' ? location.hash : '';
  const saved = readSaved();
  let current = readCurrentKey() ?? { id: MINE_ID, name: MINE_NAME, kind: 'mine' as const };
  let restored = false;
  if (saved) {
    const decoded = decodeShareFragment(saved);
    if (decoded.ok) {
      applyState(decoded.state);
      restored = true;
    } else {
      // Kept aside (a newer rulepen may read it), since saving from now on overwrites the session.
      let kept = false;
      try {
        storage()?.setItem(UNREADABLE_KEY, saved);
        kept = true;
      } catch {
        // Storage full or refused: nothing more to do.
      }
      // The list's record of the unreadable workspace is left alone: this one starts under a new id.
      current = { id: newWorkspaceId('mine', Date.now()), name: `${MINE_NAME} (new)`, kind: 'mine' };
      useSession.getState().showNotice({
        kind: 'warning',
        text:
          `Your saved session could not be restored (${decoded.reason.replace(/\blink\b/g, 'session')}). Showing the default workspace instead.` +
          (kept ? ` The unreadable copy is kept in this browser's local storage as “${UNREADABLE_KEY}”.` : ''),
      });
    }
  }
  useWorkspaces.setState({ current });
  saving = true;
  let fromLink = false;
  if (isShareFragment(hash)) {
    const link = hash.slice(1);
    if (restored && current.kind === 'link' && readLinkKey() === link) {
      // A reload of the link this workspace was opened from, before any edit: it is already here.
      fromLink = true;
      followFirstEdit();
    } else {
      const decoded = decodeShareFragment(hash);
      if (!decoded.ok) {
        clearLinkFromAddress();
        useSession.getState().showNotice({
          kind: 'error',
          text:
            `This link could not be opened: ${decoded.reason}. ` +
            (restored ? `Your workspace “${current.name}” is shown, unchanged.` : 'Showing the default workspace instead.'),
        });
      } else {
        fromLink = true;
        // Synchronously, so that the first load is of the link's files; the list catches up.
        const previous = current;
        const previousState = snapshot();
        const name = linkWorkspaceName(decoded.state.command);
        const next: CurrentWorkspace = { id: newWorkspaceId('link', Date.now()), name, kind: 'link' };
        holdLocalSaves = true;
        enterWorkspace(next, decoded.state);
        setLinkKey(null);
        void (async () => {
          const now = Date.now();
          let old: WorkspaceRecord | undefined;
          try {
            old = await db().get(previous.id);
            await db().put({ created: now, ...old, ...previous, updated: now, state: encodeShareState(previousState) });
          } catch (e) {
            useSession.getState().showNotice({
              kind: 'error',
              text: `Your workspace could not be kept aside (${storageErrorText(e)}), so this link's workspace is not saved: a reload brings your own work back.`,
            });
            return;
          }
          await refreshWorkspaces();
          const unique = uniqueName(name, useWorkspaces.getState().list);
          if (unique !== name) useWorkspaces.setState((s) => ({ current: { ...s.current, name: unique } }));
          holdLocalSaves = false;
          writeCurrentKey();
          saveNow();
          setLinkKey(link);
          followFirstEdit();
          linkNotice(unique, previous);
        })();
        // Until the list has it, the notice already says what happened.
        useSession.getState().showNotice({ kind: 'info', text: `Opened a shared link as a new workspace, “${name}”. Your own work is kept as “${previous.name}”.` });
      }
    }
  } else {
    void refreshWorkspaces();
  }
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
  // A link pasted into the address bar of a tab already on rulepen changes only the fragment.
  const onHashChange = () => {
    // An embed link (`#embed&…`) starts the page again in embed mode, which keeps nothing of this session.
    if (embedRequest(location.search, location.hash)) location.reload();
    else if (isShareFragment(location.hash)) void openShareLink(location.hash);
  };
  window.addEventListener('pagehide', saveNow);
  window.addEventListener('visibilitychange', onHidden); // fired at the document, it bubbles to the window
  window.addEventListener('hashchange', onHashChange);
  stopSaving = () => {
    saveNow();
    saving = false;
    holdLocalSaves = false;
    stopFollowing?.();
    offs.forEach((off) => off());
    window.removeEventListener('pagehide', saveNow);
    window.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('hashchange', onHashChange);
  };
  return fromLink;
}

// ---------------------------------------------------------------------------------------------------------------
// Embed mode

/**
 * Embed mode (an <iframe> in someone's page): opens the link's state, or the default workspace, in memory only.
 * Unlike startSession, nothing is read from or written to this browser's storage — no saved session, no workspace
 * list, no notice about one — so that a blog post's example leaves the reader's own rulepen as it was. Called
 * again when the embedding page points the frame at another state (only the fragment changes, so the page stays).
 */
export function openEmbedded(fragment: string | null): void {
  const decoded = fragment === null ? null : decodeShareFragment(fragment);
  // The workspace list is never read or written in this mode: this name is neither stored nor shown.
  enterWorkspace({ id: 'embed', name: 'Embedded example', kind: 'link' }, decoded?.ok ? decoded.state : defaultState());
  useSession.getState().showNotice(
    decoded && !decoded.ok ? { kind: 'error', text: `This example could not be opened: ${decoded.reason}. Showing the default workspace instead.` } : null,
  );
}
