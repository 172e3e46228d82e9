// Table-driven tests of label parsing and printing, with messages checked against Bazel 4.2.3 and LabelParser.java.
import { describe, expect, it } from 'vitest';
import { compareLabels, labelToString, parseAbsoluteLabel, parseLabelInPackage, parseLabelParts, type LabelDialect } from './label.ts';

const ctx = { repo: '', pkg: 'pkg' };

describe('parseLabelParts (LabelParser table)', () => {
  const rows: [string, string | null, boolean, boolean, string, boolean, string][] = [
    // raw, repo, canonical, pkgIsAbsolute, pkg, tripleDots, target
    ['foo/bar', null, false, false, '', false, 'foo/bar'],
    ['...', null, false, false, '', true, ''],
    ['foo/...', null, false, false, 'foo', true, ''],
    ['//foo/bar', null, false, true, 'foo/bar', false, 'bar'],
    ['//foo/...:all', null, false, true, 'foo', true, 'all'],
    ['//foo/all', null, false, true, 'foo/all', false, 'all'],
    ['@repo', 'repo', false, true, '', false, 'repo'],
    ['@@repo', 'repo', true, true, '', false, 'repo'],
    ['@repo//foo/bar', 'repo', false, true, 'foo/bar', false, 'bar'],
    ['@@repo//foo/bar', 'repo', true, true, 'foo/bar', false, 'bar'],
    [':quux', null, false, false, '', false, 'quux'],
    ['foo/bar:quux', null, false, false, 'foo/bar', false, 'quux'],
    ['//foo/bar:quux', null, false, true, 'foo/bar', false, 'quux'],
    ['@repo//foo/bar:quux', 'repo', false, true, 'foo/bar', false, 'quux'],
    ['@//foo:bar', '', false, true, 'foo', false, 'bar'],
  ];
  it.each(rows)('%s', (raw, repo, canonical, abs, pkg, dots, target) => {
    const p = parseLabelParts(raw, 'modern');
    expect([p.repo, p.repoIsCanonical, p.pkgIsAbsolute, p.pkg, p.pkgEndsWithTripleDots, p.target]).toEqual([
      repo, canonical, abs, pkg, dots, target,
    ]);
  });
});

describe('labels in a BUILD file of package pkg', () => {
  const rows: [LabelDialect, string, string][] = [
    ['bazel4', ':x', '//pkg:x'],
    ['bazel4', 'x', '//pkg:x'],
    ['bazel4', 'sub/x.txt', '//pkg:sub/x.txt'],
    ['bazel4', '//a/b', '//a/b:b'],
    ['bazel4', '//a:b/c', '//a:b/c'],
    ['bazel4', '//:root', '//:root'],
    ['bazel4', '@r//a:b', '@r//a:b'],
    ['bazel4', '@//a:b', '//a:b'],
    ['bazel4', '//pkg:x/.', '//pkg:x'],
    ['modern', ':x', '//pkg:x'],
    ['modern', 'x/y', '//pkg:x/y'],
    ['modern', '@@r//a:b', '@r//a:b'],
  ];
  it.each(rows)('%s %s', (d, raw, want) => {
    expect(labelToString(parseLabelInPackage(raw, ctx, d))).toBe(want);
  });

  const errors: [LabelDialect, string, string][] = [
    ['bazel4', '', 'empty package-relative label'],
    ['bazel4', ':', "':' is not a valid package-relative label"],
    ['bazel4', 'x:y', "invalid target name 'x:y': target names may not contain ':'"],
    ['bazel4', '//p/...', `invalid package name 'p/...': package name component contains only '.' characters (perhaps you meant ":..."?)`],
    ['bazel4', '../x', "invalid target name '../x': target names may not contain up-level references '..'"],
    ['bazel4', '//a:', "invalid target name '': empty target name"],
    ['bazel4', '//a:x/', "invalid target name 'x/': target names may not end with '/'"],
    ['bazel4', '//a:/x', "invalid target name '/x': target names may not start with '/'"],
    ['bazel4', '//a:x//y', "invalid target name 'x//y': target names may not contain '//' path separators"],
    ['bazel4', '//a:./x', "invalid target name './x': target names may not contain '.' as a path segment"],
    ['bazel4', '//a:x\\y', "invalid target name 'x\\y': target names may not contain '\\'"],
    ['bazel4', '//a//b:x', "invalid package name 'a//b': package names may not contain '//' path separators"],
    ['bazel4', '//./a:x', "invalid package name './a': package name component contains only '.' characters"],
    [
      'bazel4',
      '//a\\b:x',
      "invalid package name 'a\\b': package names may contain A-Z, a-z, 0-9, or any of ' !\"#$%&'()*+,-./;<=>?[]^_`{|}~' (most 7-bit ascii characters except 0-31, 127, ':', or '\\')",
    ],
    ['bazel4', '@a$//:x', "invalid repository name '@a$': workspace names may contain only A-Z, a-z, 0-9, '-', '_' and '.'"],
    ['modern', 'foo/bar:quux', "invalid label 'foo/bar:quux': absolute label must begin with '@' or '//'"],
    ['modern', '//foo/...', "invalid label '//foo/...': package name cannot contain '...'"],
  ];
  it.each(errors)('%s %s fails', (d, raw, msg) => {
    expect(() => parseLabelInPackage(raw, ctx, d)).toThrow(msg);
  });
});

describe('absolute labels and ordering', () => {
  it('requires // or @', () => {
    expect(() => parseAbsoluteLabel(':x')).toThrow("invalid label ':x': absolute label must begin with '@' or '//'");
  });
  it('orders by repository (main first), package, then name as plain strings', () => {
    const ls = ['@x//a:a', '//a/b:a', '//a-b:a', '//a:b', '//a:a', '//:z'].map((s) => parseAbsoluteLabel(s));
    expect(ls.sort(compareLabels).map(labelToString)).toEqual(['//:z', '//a:a', '//a:b', '//a-b:a', '//a/b:a', '@x//a:a']);
  });
});
