// The locally saved session: versioned (the share-link format, `rp2.`), restored on start, saved as the user
// works; one that cannot be read opens the default workspace with a notice and is kept aside, not overwritten;
// a storage that refuses (disabled, full) never breaks the page.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultState, saveDelayMillis, saveNow, startSession, stopSession, STORAGE_KEY, UNREADABLE_KEY, useSession } from './session.ts';
import { encodeShareState, type ShareState } from './share-link.ts';
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
const g = globalThis as Record<string, unknown>;

beforeEach(() => {
  store = new MemoryStorage();
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
