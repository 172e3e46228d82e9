// Incremental loading: a LoadCache kept across loaders re-evaluates only what an edit affects, and a warm load
// reports exactly what a cold one does.

import { describe, expect, it } from 'vitest';
import { LoadCache, Loader } from './loader.ts';
import { Workspace, type WorkspaceFiles } from './workspace.ts';
import { labelToString } from './label.ts';

const BASE: Record<string, string> = {
  WORKSPACE: '',
  'defs/BUILD': '',
  'defs/macros.bzl': 'load(":inner.bzl", "suffix")\ndef gen(name):\n    native.genrule(name = name, outs = [name + suffix], cmd = "echo > $@")\n',
  'defs/inner.bzl': 'suffix = ".txt"\n',
  'a/BUILD': 'load("//defs:macros.bzl", "gen")\ngen("a")\nfilegroup(name = "srcs", srcs = glob(["*.src"]))\n',
  'a/x.src': '',
  'b/BUILD': 'filegroup(name = "b", srcs = ["//a:srcs"])\n',
  'c/BUILD': 'load("//defs:inner.bzl", "suffix")\nfilegroup(name = "c" + suffix)\n',
};

/** Loads every package and .bzl with the loader; what it printed, the targets and how many packages it evaluated. */
function load(files: WorkspaceFiles, cache?: LoadCache) {
  const loader = new Loader(cache ? cache.workspaceFor(files) : new Workspace(files), { cache, workspaceDir: '/ws' });
  const targets = loader.loadAllPackages().flatMap((p) => p.sortedTargets().map((t) => `${labelToString(t.label)} ${t.kind}`));
  loader.loadAllBzl();
  return {
    targets,
    events: loader.events.map((e) => `${e.severity}: ${e.text}`),
    diagnostics: loader.diagnostics.map((d) => `${d.file}:${d.range.start.line}: ${d.message}`),
    evaluated: loader.stats.evaluated,
    reused: loader.stats.reused,
    loader,
  };
}

/** Loads `files` warm (after `before` filled the cache) and cold, checks they agree, and returns the warm one. */
function warmAgreesWithCold(before: WorkspaceFiles, files: WorkspaceFiles) {
  const cache = new LoadCache();
  load(before, cache);
  const warm = load(files, cache);
  const cold = load(files);
  expect(warm.targets).toEqual(cold.targets);
  expect(warm.events).toEqual(cold.events);
  expect(warm.diagnostics).toEqual(cold.diagnostics);
  return warm;
}

describe('LoadCache', () => {
  it('reuses every package when nothing changed', () => {
    const cache = new LoadCache();
    expect(load(BASE, cache).evaluated).toBe(4);
    const again = load({ ...BASE }, cache);
    expect(again).toMatchObject({ evaluated: 0, reused: 4 });
  });

  it('judges an entry against the workspace it was last valid in, also when an edit in between never looked at it', () => {
    const cache = new LoadCache();
    load(BASE, cache);
    // An edit of a/x.src (a's glob lists it; its text is read by nobody) and of c's BUILD, with only c loaded.
    const second = { ...BASE, 'a/x.src': 'changed', 'c/BUILD': 'filegroup(name = "c2")\n' };
    new Loader(cache.workspaceFor(second), { cache, workspaceDir: '/ws' }).getPackage('c');
    // The next edit touches a/BUILD: a is judged against the first workspace, not the second.
    const third = { ...second, 'a/BUILD': BASE['a/BUILD'] + 'filegroup(name = "more")\n' };
    const warm = load(third, cache);
    expect(warm.targets).toEqual(load(third).targets);
    expect(warm.evaluated).toBe(1);
    // And an edit that changes b's BUILD back and forth: b is re-evaluated each time, a and c reused.
    const fourth = load({ ...third, 'b/BUILD': 'filegroup(name = "b3")\n' }, cache);
    expect(fourth).toMatchObject({ evaluated: 1, reused: 3 });
    const fifth = load(third, cache);
    expect(fifth).toMatchObject({ evaluated: 1, reused: 3 });
    expect(fifth.targets).toEqual(load(third).targets);
  });

  it('re-evaluates only the edited package', () => {
    const warm = warmAgreesWithCold(BASE, { ...BASE, 'b/BUILD': 'filegroup(name = "b2")\n' });
    expect(warm).toMatchObject({ evaluated: 1, reused: 3 });
    expect(warm.targets).toContain('//b:b2 rule');
  });

  it('re-evaluates the packages that load an edited .bzl, directly or through another .bzl', () => {
    const warm = warmAgreesWithCold(BASE, { ...BASE, 'defs/inner.bzl': 'suffix = ".out"\n' });
    // a loads macros.bzl which loads inner.bzl; c loads inner.bzl; defs and b load nothing.
    expect(warm).toMatchObject({ evaluated: 2, reused: 2 });
    expect(warm.targets).toContain('//a:a.out generated file');
    expect(warm.targets).toContain('//c:c.out rule');
  });

  it('re-evaluates a package whose glob would match a new file, and one that lost files to a new subpackage', () => {
    const added = warmAgreesWithCold(BASE, { ...BASE, 'a/y.src': '' });
    expect(added).toMatchObject({ evaluated: 1 });
    expect(added.targets).toContain('//a:y.src source file');
    const split = warmAgreesWithCold({ ...BASE, 'a/sub/z.src': '' }, { ...BASE, 'a/sub/z.src': '', 'a/sub/BUILD': '' });
    expect(split.evaluated).toBe(2);
  });

  it('replays the errors and prints of reused packages and .bzl files', () => {
    const files = {
      ...BASE,
      'defs/inner.bzl': 'print("hello from inner")\nsuffix = ".txt"\n',
      'b/BUILD': 'filegroup(name = "b", srcs = undefined_name)\n',
      'c/BUILD': 'load("//defs:missing.bzl", "x")\n',
    };
    const warm = warmAgreesWithCold(files, { ...files, 'defs/BUILD': '# edited\n' });
    expect(warm.evaluated).toBe(1);
    expect(warm.events.join('\n')).toMatch(/hello from inner/);
    expect(warm.events.join('\n')).toMatch(/name 'undefined_name' is not defined/);
    expect(warm.events.join('\n')).toMatch(/cannot load '\/\/defs:missing.bzl': no such file/);
  });

  it('notices a load that starts to resolve when the missing file appears', () => {
    const files = { ...BASE, 'c/BUILD': 'load("//defs:missing.bzl", "x")\nfilegroup(name = x)\n' };
    const warm = warmAgreesWithCold(files, { ...files, 'defs/missing.bzl': 'x = "now"\n' });
    expect(warm.targets).toContain('//c:now rule');
  });

  it('keeps a reused module the same object, so providers and rule classes keep their identity', () => {
    const cache = new LoadCache();
    const first = load(BASE, cache).loader.loadedBzl('defs/inner.bzl');
    const second = load({ ...BASE, 'b/BUILD': '' }, cache).loader.loadedBzl('defs/inner.bzl');
    expect(first).toBeDefined();
    expect(second).toBe(first);
  });

  it('derives the next workspace from the last when only texts changed, answering like a fresh one', () => {
    const cache = new LoadCache();
    const first = cache.workspaceFor(BASE);
    expect(cache.workspaceFor({ ...BASE })).toBe(first);
    const edited = { ...BASE, 'a/BUILD': 'filegroup(name = "only")\n' };
    const next = cache.workspaceFor(edited);
    expect(next).not.toBe(first);
    const fresh = new Workspace(edited);
    expect(next.read('a/BUILD')).toBe(fresh.read('a/BUILD'));
    expect(next.source('a/BUILD')!.text).toBe('filegroup(name = "only")\n');
    expect(next.packageFiles('a')).toEqual(fresh.packageFiles('a'));
    expect(next.packages).toEqual(fresh.packages);
    const added = cache.workspaceFor({ ...edited, 'a/new.src': '' });
    expect(added.packageFiles('a')).toContain('new.src');
  });

  it('starts over when the profile changes', () => {
    const cache = new LoadCache();
    load(BASE, cache);
    const warm = load({ ...BASE, '.bazelversion': '4.2.3' }, cache);
    expect(warm.reused).toBe(0);
  });

  it('agrees with a cold load after a sequence of unrelated workspaces', () => {
    const cache = new LoadCache();
    load(BASE, cache);
    load({ WORKSPACE: '', 'a/BUILD': 'genrule(name = "other", outs = ["o"], cmd = "x")\n' }, cache);
    const warm = load(BASE, cache);
    const cold = load(BASE);
    expect(warm.targets).toEqual(cold.targets);
    expect(warm.events).toEqual(cold.events);
  });
});
