import { describe, expect, it } from 'vitest';
import * as engine from '../engine/index.ts';
import { createApi } from './api.ts';
import { FileSender, FilesVersion, FileStore, LoadReceiver, LoadSender } from './sync.ts';
import type { WorkspaceFiles } from './protocol.ts';

/** What a version the worker resolved holds, as a record. */
function filesOf(store: FileStore, ref: { synced: number }): WorkspaceFiles {
  const v = store.resolve(ref);
  return v instanceof FilesVersion ? v.toRecord() : v;
}

function workspace(packages: number, edit?: number): WorkspaceFiles {
  const files: Record<string, string> = { 'MODULE.bazel': '' };
  for (let i = 0; i < packages; i++) {
    files[`p${i}/BUILD`] = `filegroup(name = "a")\nfilegroup(name = "b${i === edit ? '_edited' : ''}")\n`;
  }
  return files;
}

describe('files cross to the worker as changes', () => {
  it('sends only what changed since the last call, and the worker rebuilds the same files', () => {
    const sender = new FileSender();
    const store = new FileStore();
    const v1 = workspace(50);
    const first = sender.prepare(v1);
    expect(Object.keys(first.update!.set)).toHaveLength(51);
    store.apply(first.update!);
    expect(filesOf(store, first.ref)).toEqual(v1);
    // The same object again: nothing to send.
    expect(sender.prepare(v1).update).toBeUndefined();

    const { 'p3/BUILD': _, ...rest } = workspace(50, 7);
    const v2 = { ...rest, 'new/BUILD': 'filegroup(name = "n")\n', 'bin.dat': new Uint8Array([0, 255]) };
    const second = sender.prepare(v2);
    expect(Object.keys(second.update!.set).sort()).toEqual(['bin.dat', 'new/BUILD', 'p7/BUILD']);
    expect(second.update!.remove).toEqual(['p3/BUILD']);
    store.apply(second.update!);
    expect(filesOf(store, second.ref)).toEqual(v2);
    // An older version a call in flight still names is kept.
    expect(filesOf(store, first.ref)).toEqual(v1);
  });

  it('a keystroke makes a version over the last one, naming it as the base of its edit', () => {
    const sender = new FileSender();
    const store = new FileStore();
    let files = workspace(30);
    const first = sender.prepare(files);
    store.apply(first.update!);
    let before = store.resolve(first.ref) as FilesVersion;
    // More edits than a chain keeps: every version reads like the files it stands for, and says what it changed.
    for (let i = 0; i < 40; i++) {
      files = { ...files, [`p${i % 30}/BUILD`]: `filegroup(name = "e${i}")\n` };
      const next = sender.prepare(files);
      store.apply(next.update!);
      const v = store.resolve(next.ref) as FilesVersion;
      expect(v.toRecord()).toEqual(files);
      expect(v.paths).toBe(before.paths);
      expect(v.edit).toEqual({ base: before, changed: [`p${i % 30}/BUILD`] });
      before = v;
    }
    // A file added or removed: new paths, and no edit to build on.
    const rest: Record<string, WorkspaceFiles[string]> = { ...files, 'q/BUILD': '' };
    delete rest['p1/BUILD'];
    const next = sender.prepare(rest);
    store.apply(next.update!);
    const v = store.resolve(next.ref) as FilesVersion;
    expect(v.toRecord()).toEqual(rest);
    expect([...v.paths].sort()).toEqual(Object.keys(rest).sort());
    expect(v.edit).toBeUndefined();
    expect(v.read('p1/BUILD')).toBeUndefined();
  });

  it('the engine loads a version edited from the last one as an edit, with the result of a cold load', () => {
    const sender = new FileSender();
    const store = new FileStore();
    const cache = new engine.LoadCache();
    const step = (files: WorkspaceFiles) => {
      const { update, ref } = sender.prepare(files);
      if (update) store.apply(update);
      return store.resolve(ref);
    };
    const v1 = step(workspace(20));
    engine.loadWorkspace(v1, { loadCache: cache });
    const w1 = cache.workspaceFor(v1);
    const edited = workspace(20, 4);
    const v2 = step(edited);
    expect(engine.loadWorkspace(v2, { loadCache: cache })).toEqual(engine.loadWorkspace(edited));
    // The workspace was edited from the last one (its structure shared), not built anew.
    expect(cache.workspaceFor(v2).packages).toBe(w1.packages);
  });

  it('a fresh worker gets everything again', () => {
    const sender = new FileSender();
    sender.prepare(workspace(3));
    sender.reset();
    const again = sender.prepare(workspace(3));
    expect(again.update!.base).toBeNull();
    expect(Object.keys(again.update!.set)).toHaveLength(4);
    expect(() => new FileStore().apply({ base: 5, version: 6, set: {}, remove: [] })).toThrow(/no longer holds workspace version 5/);
  });
});

describe('load results cross back as the packages that changed', () => {
  it('sends the edited package only, and the client rebuilds the whole result', async () => {
    const api = createApi(async () => engine, () => 0);
    const sender = new FileSender();
    const receiver = new LoadReceiver();
    const roundTrip = async (files: WorkspaceFiles) => {
      const { update, ref } = sender.prepare(files);
      if (update) await api.sync(update);
      const { result } = await api.loadDelta(ref, receiver.since);
      return { delta: result, full: receiver.decode(result) };
    };
    const first = await roundTrip(workspace(40));
    expect(Object.keys(first.delta.changed)).toHaveLength(40);
    const edited = workspace(40, 12);
    const second = await roundTrip(edited);
    expect(Object.keys(second.delta.changed)).toEqual(['p12']);
    expect(second.full).toEqual(engine.loadWorkspace(edited));
    // Unchanged packages keep their target objects (the panels can skip them).
    expect(second.full.targets.find((t) => t.label === '//p0:a')).toBe(first.full.targets.find((t) => t.label === '//p0:a'));
  });

  it('a client that holds another result gets everything', () => {
    const sender = new LoadSender();
    const result = engine.loadWorkspace(workspace(3));
    const a = sender.encode(result, null);
    expect(a.base).toBeNull();
    const b = sender.encode(result, a.serial);
    expect(b.changed).toEqual({});
    const c = sender.encode(result, 999);
    expect(c.base).toBeNull();
    expect(Object.keys(c.changed)).toHaveLength(3);
    expect(() => new LoadReceiver().decode(b)).toThrow(/holds none/);
  });
});
