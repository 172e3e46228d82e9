import { describe, expect, it } from 'vitest';
import * as engine from '../engine/index.ts';
import { createApi } from './api.ts';
import { FileSender, FileStore, LoadReceiver, LoadSender } from './sync.ts';
import type { WorkspaceFiles } from './protocol.ts';

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
    expect(store.resolve(first.ref)).toEqual(v1);
    // The same object again: nothing to send.
    expect(sender.prepare(v1).update).toBeUndefined();

    const { 'p3/BUILD': _, ...rest } = workspace(50, 7);
    const v2 = { ...rest, 'new/BUILD': 'filegroup(name = "n")\n', 'bin.dat': new Uint8Array([0, 255]) };
    const second = sender.prepare(v2);
    expect(Object.keys(second.update!.set).sort()).toEqual(['bin.dat', 'new/BUILD', 'p7/BUILD']);
    expect(second.update!.remove).toEqual(['p3/BUILD']);
    store.apply(second.update!);
    expect(store.resolve(second.ref)).toEqual(v2);
    // An older version a call in flight still names is kept.
    expect(store.resolve(first.ref)).toEqual(v1);
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
