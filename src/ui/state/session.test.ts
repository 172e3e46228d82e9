// The locally saved session: versioned (the share-link format, `rp2.`), restored on start, saved as the user
// works; one that cannot be read opens the default workspace with a notice and is kept aside, not overwritten;
// a storage that refuses (disabled, full) never breaks the page.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CURRENT_KEY,
  defaultState,
  keepCopy,
  deleteWorkspace,
  openEmbedded,
  renameWorkspace,
  saveDelayMillis,
  saveNow,
  setWorkspaceBackend,
  startSession,
  stopSession,
  STORAGE_KEY,
  switchWorkspace,
  UNREADABLE_KEY,
  useSession,
  useWorkspaces,
} from './session.ts';
import { memoryBackend, MINE_ID, type WorkspaceBackend } from './workspace-list.ts';
import { decodeShareFragment, encodeShareState, type ShareState } from './share-link.ts';
import { useWorkspace } from './workspace-store.ts';

class MemoryStorage {
  items = new Map<string, string>();
  refuse = false;
  getItem(key: string): string | null {
    if (this.refuse) throw new Error('SecurityError');
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.refuse) throw new Error('QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

let store: MemoryStorage;
let backend: ReturnType<typeof memoryBackend>;
const g = globalThis as Record<string, unknown>;

beforeEach(() => {
  store = new MemoryStorage();
  backend = memoryBackend();
  setWorkspaceBackend(backend);
  useWorkspaces.setState({ current: { id: MINE_ID, name: 'My workspace', kind: 'mine' }, list: [], storageError: null });
  g.window = { localStorage: store, addEventListener() {}, removeEventListener() {} };
  g.location = { hash: '', href: 'http://localhost/' };
  g.history = { state: null, replaceState() {} };
  useSession.setState({ notice: null, lesson: null });
  useWorkspace.getState().replaceWorkspace(defaultState().files, defaultState().activePath);
});

afterEach(() => {
  stopSession();
  delete g.window;
  delete g.location;
  delete g.history;
});

const mine: ShareState = {
  files: { 'MODULE.bazel': '', 'app/BUILD': 'filegroup(name = "mine")\n' },
  command: 'bazel query //app:all',
  activePath: 'app/BUILD',
  panels: null,
  extras: {},
  lesson: null,
};

describe('the saved session', () => {
  it('waits for a longer pause before saving a big workspace (deflating it blocks the page)', () => {
    expect(saveDelayMillis(5_000)).toBe(300);
    expect(saveDelayMillis(1_300_000)).toBeGreaterThan(1000);
  });

  it('is stored in the versioned share format and restored on start', () => {
    startSession();
    useWorkspace.getState().setText('app/BUILD', 'filegroup(name = "edited")\n');
    saveNow();
    const saved = store.items.get(STORAGE_KEY)!;
    expect(saved).toMatch(/^rp2\./);
    stopSession();

    useWorkspace.getState().replaceWorkspace(defaultState().files, defaultState().activePath);
    expect(startSession()).toBe(false);
    expect(useWorkspace.getState().files['app/BUILD']).toBe('filegroup(name = "edited")\n');
    expect(useSession.getState().notice).toBeNull();
  });

  it('restores a session saved earlier', () => {
    store.items.set(STORAGE_KEY, encodeShareState(mine));
    startSession();
    expect(useWorkspace.getState().files).toEqual(mine.files);
  });

  for (const [what, value, reason] of [
    ['damaged', 'rp2.@@@not-base64@@@', /damaged/],
    ['cut short', encodeShareState(mine).slice(0, 40), /damaged/],
    ['from a newer rulepen', 'rp9.AAAA', /newer rulepen \(format 9/],
    ['not ours at all', '{"files": 1}', /does not hold a rulepen workspace/],
  ] as const) {
    it(`${what}: opens the default workspace with a notice, and keeps the unreadable copy`, () => {
      store.items.set(STORAGE_KEY, value);
      expect(() => startSession()).not.toThrow();
      expect(useWorkspace.getState().files).toEqual(defaultState().files);
      const notice = useSession.getState().notice;
      expect(notice?.kind).toBe('warning');
      expect(notice?.text).toMatch(/^Your saved session could not be restored \(/);
      expect(notice?.text).toMatch(reason);
      expect(notice?.text).not.toMatch(/\blink\b/);
      expect(notice?.text).toContain(UNREADABLE_KEY);
      expect(store.items.get(UNREADABLE_KEY)).toBe(value);
      // Saving from now on writes a readable session in its place.
      saveNow();
      expect(store.items.get(STORAGE_KEY)).toMatch(/^rp2\./);
      expect(store.items.get(UNREADABLE_KEY)).toBe(value);
    });
  }

  it('a storage that refuses every access breaks nothing', () => {
    store.refuse = true;
    expect(() => startSession()).not.toThrow();
    expect(useWorkspace.getState().files).toEqual(defaultState().files);
    useWorkspace.getState().setText('app/BUILD', 'x = 1\n');
    expect(() => saveNow()).not.toThrow();
  });
});

const shared: ShareState = {
  files: { 'MODULE.bazel': '', 'bug/BUILD': 'filegroup(name = "bug")\n' },
  command: 'bazel build //bug:all',
  activePath: 'bug/BUILD',
  panels: null,
  extras: {},
  lesson: null,
};

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
}

describe('a share link', () => {
  it('opens as a workspace of its own; yours is kept and one click away', async () => {
    store.items.set(STORAGE_KEY, encodeShareState(mine));
    (g.location as { hash: string }).hash = '#' + encodeShareState(shared);
    expect(startSession()).toBe(true);
    expect(useWorkspace.getState().files).toEqual(shared.files);
    expect(useWorkspaces.getState().current.kind).toBe('link');
    // Until yours is in the list, nothing is saved over it.
    saveNow();
    expect(store.items.get(STORAGE_KEY)).toBe(encodeShareState(mine));
    await settle();
    const kept = decodeShareFragment(backend.records.get(MINE_ID)!.state);
    expect(kept.ok && kept.state.files).toEqual(mine.files);
    expect(JSON.parse(store.items.get(CURRENT_KEY)!).name).toBe('Link: bazel build //bug:all');
    const notice = useSession.getState().notice!;
    expect(notice.text).toMatch(/^Opened a shared link as a new workspace, “Link: bazel build \/\/bug:all”\. Your own work is kept as “My workspace”\.$/);
    expect(notice.action?.label).toBe('Back to “My workspace”');

    useWorkspace.getState().setText('bug/BUILD', 'filegroup(name = "bug_edited")\n');
    notice.action!.run();
    await settle();
    expect(useWorkspace.getState().files).toEqual(mine.files);
    expect(useWorkspaces.getState().current.id).toBe(MINE_ID);
    const link = [...backend.records.values()].find((r) => r.kind === 'link')!;
    expect(link.state).not.toBe(encodeShareState(shared)); // the edit made there is kept too
    await switchWorkspace(link.id);
    expect(useWorkspace.getState().files['bug/BUILD']).toBe('filegroup(name = "bug_edited")\n');
  });

  it('when yours cannot be kept aside, the link is shown but never saved over it', async () => {
    store.items.set(STORAGE_KEY, encodeShareState(mine));
    (g.location as { hash: string }).hash = '#' + encodeShareState(shared);
    const full: WorkspaceBackend = {
      ...backend,
      put: async () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    setWorkspaceBackend(full);
    startSession();
    await settle();
    expect(useWorkspace.getState().files).toEqual(shared.files);
    expect(useSession.getState().notice?.kind).toBe('error');
    expect(useSession.getState().notice?.text).toMatch(/could not be kept aside \(the browser's storage for this site is full \(QuotaExceededError\)/);
    useWorkspace.getState().setText('bug/BUILD', 'x = 1\n');
    saveNow();
    expect(store.items.get(STORAGE_KEY)).toBe(encodeShareState(mine));
  });

  it('an unreadable link leaves your workspace as it is', () => {
    store.items.set(STORAGE_KEY, encodeShareState(mine));
    (g.location as { hash: string }).hash = '#rp2.broken';
    expect(startSession()).toBe(false);
    expect(useWorkspace.getState().files).toEqual(mine.files);
    expect(useSession.getState().notice?.text).toMatch(/^This link could not be opened: .*Your workspace “My workspace” is shown, unchanged\.$/);
  });
});

describe('the workspace list', () => {
  it('renames and deletes; the open workspace cannot be deleted', async () => {
    startSession();
    useWorkspace.getState().setText('app/BUILD', 'filegroup(name = "kept")\n');
    saveNow();
    await settle();
    await backend.put({ id: 'link-1', name: 'Link: q', kind: 'link', created: 1, updated: 1, state: encodeShareState(shared) });
    expect(await renameWorkspace('link-1', 'My workspace')).toMatch(/another workspace/);
    expect(await renameWorkspace('link-1', 'The bug')).toBeNull();
    expect(backend.records.get('link-1')?.name).toBe('The bug');
    expect(await renameWorkspace(MINE_ID, 'Mine')).toBeNull();
    expect(useWorkspaces.getState().current.name).toBe('Mine');
    expect(await deleteWorkspace(MINE_ID)).toMatch(/cannot be deleted/);
    expect(await deleteWorkspace('link-1')).toBeNull();
    expect(useWorkspaces.getState().list.map((w) => w.name)).toEqual(['Mine']);
  });

  it('keeps a copy of the workspace as it is when asked (a lesson you changed), under a unique name', async () => {
    startSession();
    useWorkspace.getState().setText('app/BUILD', 'filegroup(name = "note")\n');
    const copy = keepCopy('Lesson: alias (changed)', 'lesson');
    useWorkspace.getState().setText('app/BUILD', 'replaced by the next lesson\n');
    await copy;
    await keepCopy('Lesson: alias (changed)', 'lesson');
    const copies = [...backend.records.values()].filter((r) => r.kind === 'lesson');
    expect(copies.map((r) => r.name).sort()).toEqual(['Lesson: alias (changed)', 'Lesson: alias (changed) (2)']);
    const first = decodeShareFragment(copies.find((r) => r.name === 'Lesson: alias (changed)')!.state);
    expect(first.ok && first.state.files['app/BUILD']).toBe('filegroup(name = "note")\n');
  });
});

describe('embed mode', () => {
  it('opens the example in memory only: nothing is read from or written to storage, however much is edited', async () => {
    store.items.set(STORAGE_KEY, encodeShareState(mine));
    const before = new Map(store.items);
    openEmbedded(encodeShareState(shared));
    expect(useWorkspace.getState().files).toEqual(shared.files);
    expect(useSession.getState().notice).toBeNull();
    useWorkspace.getState().setText('bug/BUILD', 'filegroup(name = "edited in the frame")\n');
    saveNow();
    await settle();
    expect(store.items).toEqual(before);
    expect(backend.records.size).toBe(0);
  });

  it('a damaged example shows the default workspace and says why', () => {
    openEmbedded('rp2.broken');
    expect(useWorkspace.getState().files).toEqual(defaultState().files);
    expect(useSession.getState().notice?.text).toMatch(/^This example could not be opened: the link is damaged/);
    openEmbedded(null);
    expect(useSession.getState().notice).toBeNull();
  });

  it('an embed link pasted into a tab on the playground starts the page again in embed mode', () => {
    const listeners = new Map<string, () => void>();
    let reloads = 0;
    g.window = { localStorage: store, addEventListener: (type: string, f: () => void) => listeners.set(type, f), removeEventListener() {} };
    g.location = { hash: '', search: '', href: 'http://localhost/', reload: () => reloads++ };
    startSession();
    (g.location as { hash: string }).hash = '#embed&' + encodeShareState(shared);
    listeners.get('hashchange')!();
    expect(reloads).toBe(1);
    // Not opened here as a workspace: the embed that the reload starts keeps nothing.
    expect(useWorkspace.getState().files).toEqual(defaultState().files);
    expect(useWorkspaces.getState().current.kind).toBe('mine');
  });
});
