import { beforeEach, describe, expect, it } from 'vitest';
import { createFile, createPackage, deletePath, renamePath, replaceAllFiles, undoFileOp, useFileOps } from './file-ops.ts';
import { useWorkspace } from './workspace-store.ts';

beforeEach(() => {
  useWorkspace.getState().replaceWorkspace({ 'MODULE.bazel': '', 'app/BUILD': 'a\n', 'app/defs.bzl': 'd\n', 'tools/BUILD': 't\n' }, 'app/BUILD');
  useFileOps.setState({ undoStack: [] });
});

const files = () => useWorkspace.getState().files;

describe('file operations', () => {
  it('renames a package with its files, and undoes it', () => {
    expect(renamePath('app', 'web/app')).toBeNull();
    expect(Object.keys(files()).sort()).toEqual(['MODULE.bazel', 'tools/BUILD', 'web/app/BUILD', 'web/app/defs.bzl']);
    expect(useWorkspace.getState().activePath).toBe('web/app/BUILD');
    expect(undoFileOp()).toBe('Renamed app to web/app');
    expect(Object.keys(files()).sort()).toEqual(['MODULE.bazel', 'app/BUILD', 'app/defs.bzl', 'tools/BUILD']);
    expect(useWorkspace.getState().activePath).toBe('app/BUILD');
  });

  it('refuses a rename onto an existing file', () => {
    expect(renamePath('app', 'tools')).toMatch(/already exists/);
  });

  it('deletes a package and undo keeps later edits elsewhere', () => {
    deletePath('app');
    expect(Object.keys(files()).sort()).toEqual(['MODULE.bazel', 'tools/BUILD']);
    useWorkspace.getState().setText('tools/BUILD', 'edited\n');
    undoFileOp();
    expect(files()['app/defs.bzl']).toBe('d\n');
    expect(files()['tools/BUILD']).toBe('edited\n');
  });

  it('creates files and packages; undo removes them; several undos in order', () => {
    expect(createPackage('lib')).toBeNull();
    expect(createFile('lib/x.bzl', 'x\n')).toBeNull();
    expect(files()['lib/BUILD']).toBe('');
    undoFileOp();
    undoFileOp();
    expect(Object.keys(files()).sort()).toEqual(['MODULE.bazel', 'app/BUILD', 'app/defs.bzl', 'tools/BUILD']);
    expect(undoFileOp()).toBeNull();
  });

  it('undoes a workspace replacement', () => {
    replaceAllFiles({ WORKSPACE: '' }, null, 'Opened lesson');
    expect(Object.keys(files())).toEqual(['WORKSPACE']);
    undoFileOp();
    expect(files()['app/BUILD']).toBe('a\n');
  });
});
