import { describe, expect, it } from 'vitest';
import * as engine from '../engine/index.ts';
import { createApi } from './api.ts';
import { FileSender, FilesVersion, FileStore, LoadReceiver, LoadSender } from './sync.ts';
import type { LoadResult, WorkspaceFiles } from './protocol.ts';

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
  /** The client and the worker, with every message structured-cloned as postMessage does. */
  function harness() {
    const api = createApi(async () => engine, () => 0);
    const sender = new FileSender();
    const receiver = new LoadReceiver();
    return async (files: WorkspaceFiles, edit?: { base: WorkspaceFiles; path: string }) => {
      if (edit) sender.noteEdit(edit.base, files, edit.path);
      const { update, ref } = sender.prepare(files);
      if (update) await api.sync(structuredClone(update));
      const { result } = await api.loadDelta(ref, receiver.since);
      const delta = structuredClone(result);
      return { update, delta, held: receiver.decode(delta) };
    };
  }

  /** What a LoadResult shows (HeldLoad's targets are a getter). */
  const shown = (r: LoadResult) => ({ profile: r.profile, diagnostics: r.diagnostics, packages: r.packages, targets: r.targets });

  /** Packages that all load one macro (two filegroups each) and declare a target of their own. */
  function macroWorkspace(packages: number, suffix = '_twin'): Record<string, string> {
    const files: Record<string, string> = {
      'MODULE.bazel': '',
      'defs/BUILD': '',
      'defs/m.bzl': `def pair(name):\n    native.filegroup(name = name)\n    native.filegroup(name = name + "${suffix}")\n`,
    };
    for (let i = 0; i < packages; i++) files[`p${i}/BUILD`] = 'load("//defs:m.bzl", "pair")\npair(name = "a")\nfilegroup(name = "b")\n';
    return files;
  }

  it('sends the edited package only, and the client merges it keeping the other packages’ objects', async () => {
    const roundTrip = harness();
    const first = await roundTrip(workspace(40));
    expect(first.delta.targets.size).toBe(40);
    expect(shown(first.held)).toEqual(engine.loadWorkspace(workspace(40)));
    const edited = workspace(40, 12);
    const second = await roundTrip(edited);
    expect([...second.delta.targets.keys()]).toEqual(['p12']);
    expect(second.delta.packages).toBeNull();
    expect(shown(second.held)).toEqual(engine.loadWorkspace(edited));
    // Unchanged packages keep their arrays and target objects (the panels skip them by identity).
    expect(second.held.byPackage.get('p0')).toBe(first.held.byPackage.get('p0'));
    expect(second.held.targets.find((t) => t.label === '//p0:a')).toBe(first.held.targets.find((t) => t.label === '//p0:a'));
    expect([...second.held.changedPackages]).toEqual(['p12']);
    // Nothing changed: nothing travels, and the lists are the ones held.
    const third = await roundTrip({ ...edited });
    expect(third.delta.targets.size).toBe(0);
    expect(third.delta.diagnosticFiles).toBeNull();
    expect(third.held.packages).toBe(second.held.packages);
    expect(third.held.diagnostics).toBe(second.held.diagnostics);
  });

  it('a removed target: the package travels without it', async () => {
    const roundTrip = harness();
    const files = macroWorkspace(10);
    const first = await roundTrip(files);
    const edited = { ...files, 'p5/BUILD': 'load("//defs:m.bzl", "pair")\npair(name = "a")\n' };
    const { update, delta, held } = await roundTrip(edited, { base: files, path: 'p5/BUILD' });
    expect(Object.keys(update!.set)).toEqual(['p5/BUILD']);
    expect([...delta.targets.keys()]).toEqual(['p5']);
    expect(held.byPackage.get('p5')!.filter((t) => t.kind !== 'source file').map((t) => t.name)).toEqual(['a', 'a_twin']);
    expect(held.targets.some((t) => t.label === '//p5:b')).toBe(false);
    expect(shown(held)).toEqual(engine.loadWorkspace(edited));
    expect(held.byPackage.get('p4')).toBe(first.held.byPackage.get('p4'));
  });

  it('a renamed package: the package list travels, the old name is gone and the new one complete', async () => {
    const roundTrip = harness();
    const files = macroWorkspace(10);
    const first = await roundTrip(files);
    const { 'p3/BUILD': moved, ...rest } = files;
    const renamed = { ...rest, 'q3/BUILD': moved! };
    const { update, delta, held } = await roundTrip(renamed);
    expect(update!.remove).toEqual(['p3/BUILD']);
    expect(delta.packages).toEqual(engine.loadWorkspace(renamed).packages);
    expect([...delta.targets.keys()]).toEqual(['q3']);
    expect(held.byPackage.has('p3')).toBe(false);
    expect(held.targets.filter((t) => t.package === 'q3' && t.kind !== 'source file').map((t) => t.label)).toEqual(['//q3:a', '//q3:a_twin', '//q3:b']);
    expect(shown(held)).toEqual(engine.loadWorkspace(renamed));
    expect(held.byPackage.get('p9')).toBe(first.held.byPackage.get('p9'));
  });

  it('a .bzl edit that every package loads: every package travels', async () => {
    const roundTrip = harness();
    const files = macroWorkspace(10);
    await roundTrip(files);
    const edited = { ...files, 'defs/m.bzl': macroWorkspace(0, '_other')['defs/m.bzl']! };
    const { delta, held } = await roundTrip(edited, { base: files, path: 'defs/m.bzl' });
    expect([...delta.targets.keys()].sort()).toEqual(Array.from({ length: 10 }, (_, i) => `p${i}`).sort());
    expect(held.targets.filter((t) => t.name.endsWith('_other'))).toHaveLength(10);
    expect(held.targets.some((t) => t.name.endsWith('_twin'))).toBe(false);
    expect(shown(held)).toEqual(engine.loadWorkspace(edited));
  });

  it('a deleted BUILD file: its package leaves the list, its files join the package above', async () => {
    const roundTrip = harness();
    const files: Record<string, string> = { ...macroWorkspace(10), 'p7/data.txt': 'x', BUILD: 'exports_files(glob(["**/*.txt"]))\n' };
    await roundTrip(files);
    const { 'p7/BUILD': _, ...deleted } = files;
    const { delta, held } = await roundTrip(deleted);
    expect(delta.packages).not.toContain('p7');
    expect(held.byPackage.has('p7')).toBe(false);
    expect(held.targets.some((t) => t.label === '//:p7/data.txt')).toBe(true);
    expect(held.targets.some((t) => t.package === 'p7')).toBe(false);
    expect(shown(held)).toEqual(engine.loadWorkspace(deleted));
  });

  it('diagnostics travel by file: a fixed file’s leave, the others keep their objects', async () => {
    const roundTrip = harness();
    const files = macroWorkspace(6);
    const broken = { ...files, 'p2/BUILD': 'filegroup(name = "x", srcs = [)\n', 'p4/BUILD': 'filegroup(name = "y", nope = 1)\n' };
    const first = await roundTrip(broken);
    expect(first.held.diagnostics.map((d) => d.file)).toEqual(expect.arrayContaining(['p2/BUILD', 'p4/BUILD']));
    expect(shown(first.held)).toEqual(engine.loadWorkspace(broken));
    const fixed = { ...broken, 'p2/BUILD': files['p2/BUILD']! };
    const { delta, held } = await roundTrip(fixed, { base: broken, path: 'p2/BUILD' });
    expect(delta.diagnosticFiles).toEqual(['p4/BUILD']);
    expect(delta.diagnostics.size).toBe(0);
    expect(shown(held)).toEqual(engine.loadWorkspace(fixed));
    const p4 = (r: LoadResult) => r.diagnostics.filter((d) => d.file === 'p4/BUILD');
    expect(p4(held)[0]).toBe(p4(first.held)[0]);
    // And broken again: the file's diagnostics come back.
    const again = await roundTrip(broken, { base: fixed, path: 'p2/BUILD' });
    expect([...again.delta.diagnostics.keys()]).toEqual(['p2/BUILD']);
    expect(shown(again.held)).toEqual(engine.loadWorkspace(broken));
  });

  it('a client that holds another result gets everything', () => {
    const sender = new LoadSender();
    const result = engine.loadPackages(workspace(3));
    const a = sender.encode(result, null);
    expect(a.base).toBeNull();
    const b = sender.encode(result, a.serial);
    expect(b.targets.size).toBe(0);
    const c = sender.encode(result, 999);
    expect(c.base).toBeNull();
    expect(c.targets.size).toBe(3);
    expect(() => new LoadReceiver().decode(b)).toThrow(/holds none/);
  });

  it('edits noted since the last request name the files to send; without a chain, every file is compared', () => {
    const sender = new FileSender();
    const v1: WorkspaceFiles = workspace(30);
    sender.prepare(v1);
    const v2 = { ...v1, 'p1/BUILD': 'x' };
    sender.noteEdit(v1, v2, 'p1/BUILD');
    const v3: WorkspaceFiles = { ...v2, 'p2/BUILD': 'y' };
    sender.noteEdit(v2, v3, 'p2/BUILD');
    // Two keystrokes between requests: both files, found from the chain.
    expect(Object.keys(sender.prepare(v3).update!.set).sort()).toEqual(['p1/BUILD', 'p2/BUILD']);
    // An edit undone within the chain sends nothing for that file.
    const v4 = { ...v3, 'p3/BUILD': 'z' };
    sender.noteEdit(v3, v4, 'p3/BUILD');
    const v5 = { ...v4, 'p3/BUILD': v3['p3/BUILD']! };
    sender.noteEdit(v4, v5, 'p3/BUILD');
    expect(sender.prepare(v5).update!.set).toEqual({});
    // Not noted: compared.
    const v6 = { ...v5, 'p4/BUILD': 'w' };
    expect(Object.keys(sender.prepare(v6).update!.set)).toEqual(['p4/BUILD']);
  });
});
