import { describe, expect, it } from 'vitest';
import { groupByDirectory, languageForPath, normalizePath, pathProblem, suggestNewPath, pathsKey, samePaths } from './file-paths.ts';

describe('languageForPath', () => {
  it('gives Starlark to BUILD files, workspace files and .bzl/.star files', () => {
    for (const p of ['BUILD', 'app/BUILD.bazel', 'WORKSPACE', 'MODULE.bazel', 'app/defs.bzl', 'x/y.star']) {
      expect(languageForPath(p)).toBe('starlark');
    }
  });
  it('gives shell to scripts and plain text to the rest', () => {
    expect(languageForPath('tools/gen.sh')).toBe('shell');
    expect(languageForPath('app/BUILD.txt')).toBe('plaintext');
    expect(languageForPath('.bazelrc')).toBe('plaintext');
  });
});

describe('normalizePath', () => {
  it('strips leading ./ and /, trailing and repeated slashes', () => {
    expect(normalizePath(' ./app//BUILD ')).toBe('app/BUILD');
    expect(normalizePath('/tools/')).toBe('tools');
    expect(normalizePath('a\\b')).toBe('a/b');
  });
});

describe('pathProblem', () => {
  const existing = ['MODULE.bazel', 'app/BUILD'];
  it('accepts a fresh path', () => {
    expect(pathProblem('app/defs.bzl', existing)).toBeNull();
  });
  it('rejects duplicates, dot segments, and file/directory clashes', () => {
    expect(pathProblem('app/BUILD', existing)).toBe('app/BUILD already exists');
    expect(pathProblem('', existing)).toBe('enter a file name');
    expect(pathProblem('../x', existing)).toMatch(/segments/);
    expect(pathProblem('app', existing)).toBe('app is a directory');
    expect(pathProblem('MODULE.bazel/x', existing)).toBe('MODULE.bazel is a file, not a directory');
  });
  it('lets a file be renamed to itself', () => {
    expect(pathProblem('app/BUILD', existing, 'app/BUILD')).toBeNull();
  });
});

describe('groupByDirectory', () => {
  it('groups root files first, then directories in order', () => {
    expect(groupByDirectory(['tools/BUILD', 'app/defs.bzl', 'MODULE.bazel', 'app/BUILD'])).toEqual([
      { dir: '', paths: ['MODULE.bazel'] },
      { dir: 'app', paths: ['app/BUILD', 'app/defs.bzl'] },
      { dir: 'tools', paths: ['tools/BUILD'] },
    ]);
  });
});

describe('suggestNewPath', () => {
  it('suggests a free name next to the active file', () => {
    expect(suggestNewPath(['app/BUILD', 'app/new_1.bzl'], 'app/BUILD')).toBe('app/new_2.bzl');
    expect(suggestNewPath([], null)).toBe('new_1.bzl');
  });
});

describe('samePaths / pathsKey', () => {
  it('compares the set of paths, not the texts, and reuses the key while the paths stay', () => {
    const a = { 'a/BUILD': 'x', 'b/BUILD': 'y' };
    const edited = { ...a, 'a/BUILD': 'x2' };
    expect(samePaths(a, edited)).toBe(true);
    expect(samePaths(a, { 'a/BUILD': 'x' })).toBe(false);
    expect(samePaths(a, { 'a/BUILD': 'x', 'c/BUILD': 'y' })).toBe(false);
    const key = pathsKey(a);
    expect(key).toBe('a/BUILD\0b/BUILD');
    expect(pathsKey(edited)).toBe(key);
    expect(pathsKey({ ...a, 'c/BUILD': '' })).toBe('a/BUILD\0b/BUILD\0c/BUILD');
  });
});
