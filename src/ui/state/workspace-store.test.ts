import { beforeEach, describe, expect, it } from 'vitest';
import { useWorkspace } from './workspace-store.ts';

const initial = { 'MODULE.bazel': '', 'app/BUILD': 'x = 1\n' };

beforeEach(() => useWorkspace.getState().replaceWorkspace(initial, 'app/BUILD'));

describe('workspace store', () => {
  it('bumps the revision on a text change, and only then', () => {
    const s = useWorkspace.getState();
    const r = s.revision;
    s.setText('app/BUILD', 'x = 1\n');
    expect(useWorkspace.getState().revision).toBe(r);
    s.setText('app/BUILD', 'x = 2\n');
    expect(useWorkspace.getState().revision).toBe(r + 1);
    expect(useWorkspace.getState().files['app/BUILD']).toBe('x = 2\n');
  });

  it('adds a file, normalising its path, and opens it', () => {
    expect(useWorkspace.getState().addFile('./app//defs.bzl', 'def f(): pass\n')).toBeNull();
    const s = useWorkspace.getState();
    expect(s.files['app/defs.bzl']).toBe('def f(): pass\n');
    expect(s.activePath).toBe('app/defs.bzl');
    expect(s.addFile('app/defs.bzl')).toBe('app/defs.bzl already exists');
  });

  it('renames a file, keeping its text and the selection', () => {
    expect(useWorkspace.getState().renameFile('app/BUILD', 'app/BUILD.bazel')).toBeNull();
    const s = useWorkspace.getState();
    expect(s.files).toEqual({ 'MODULE.bazel': '', 'app/BUILD.bazel': 'x = 1\n' });
    expect(s.activePath).toBe('app/BUILD.bazel');
    expect(s.renameFile('app/BUILD.bazel', 'MODULE.bazel')).toBe('MODULE.bazel already exists');
  });

  it('deletes a file, opens another, and can undo', () => {
    useWorkspace.getState().deleteFile('app/BUILD');
    let s = useWorkspace.getState();
    expect(Object.keys(s.files)).toEqual(['MODULE.bazel']);
    expect(s.activePath).toBe('MODULE.bazel');
    s.undoDelete();
    s = useWorkspace.getState();
    expect(s.files['app/BUILD']).toBe('x = 1\n');
    expect(s.activePath).toBe('app/BUILD');
    expect(s.lastDeleted).toBeNull();
  });

  it('reveal requests open the file and are distinct each time', () => {
    const s = useWorkspace.getState();
    s.open('MODULE.bazel');
    s.revealAt('app/BUILD', 1, 5);
    const first = useWorkspace.getState().reveal;
    s.revealAt('app/BUILD', 1, 5);
    const second = useWorkspace.getState().reveal;
    expect(useWorkspace.getState().activePath).toBe('app/BUILD');
    expect(first?.seq).not.toBe(second?.seq);
  });
});
