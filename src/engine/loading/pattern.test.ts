// Table-driven tests of target-pattern parsing, with messages checked against Bazel 4.2.3.
import { describe, expect, it } from 'vitest';
import { labelToString } from './label.ts';
import { parseCommandLinePatterns, parseTargetPattern, type TargetPattern } from './pattern.ts';

function show(p: TargetPattern): string {
  switch (p.kind) {
    case 'single':
      return 'single ' + labelToString(p.label);
    case 'package':
      return `package ${p.pkg} ${p.rulesOnly ? 'rules' : 'targets'}`;
    case 'below':
      return `below ${p.dir} ${p.rulesOnly ? 'rules' : 'targets'}`;
    case 'path':
      return 'path ' + p.path;
  }
}

describe('parseTargetPattern', () => {
  const rows: [string, string, string?][] = [
    ['//foo/bar:wiz', 'single //foo/bar:wiz'],
    ['//foo/bar', 'single //foo/bar:bar'],
    ['//foo:all', 'package foo rules'],
    ['//foo:*', 'package foo targets'],
    ['//foo:all-targets', 'package foo targets'],
    ['//foo/...', 'below foo rules'],
    ['//foo/...:all', 'below foo rules'],
    ['//foo/...:*', 'below foo targets'],
    ['//...', 'below  rules'],
    ['//:all', 'package  rules'],
    [':all', 'package  rules'],
    ['...', 'below  rules'],
    ['a:g', 'single //a:g'],
    [':g', 'single //:g'],
    ['a/x.txt', 'path a/x.txt'],
    ['//a/BUILD', 'single //a/BUILD:BUILD'],
    ['a/BUILD', 'path a/BUILD'],
    ['@//a:g', 'single //a:g'],
    ['//a:x/.', 'single //a:x'],
    [':wiz', 'single //foo:wiz', 'foo'],
    ['bar:wiz', 'single //foo/bar:wiz', 'foo'],
    ['...', 'below foo rules', 'foo'],
  ];
  it.each(rows)('%s', (raw, want, rel) => {
    expect(show(parseTargetPattern(raw, { dialect: 'bazel4', relativeDirectory: rel }))).toBe(want);
  });

  const errors: [string, string][] = [
    ['//a:b:c', "invalid target format '//a:b:c': invalid target name 'b:c': target names may not contain ':'"],
    ['//a/../b:x', "invalid target format '//a/../b:x': invalid package name 'a/../b': package name component contains only '.' characters"],
    ['//a:../x', "invalid target format '//a:../x': invalid target name '../x': target names may not contain up-level references '..'"],
    ['//a:', "invalid target format '//a:': invalid target name '': empty target name"],
    ['//a/...:x', "invalid target format '//a/...:x': invalid package name 'a/...': package name component contains only '.' characters"],
    ['//a/', "The package part of '//a/' should not end in a slash"],
    ['@', "Couldn't find package in target @"],
    ['@a$//:x', "invalid repository name '@a$': workspace names may contain only A-Z, a-z, 0-9, '-', '_' and '.'"],
  ];
  it.each(errors)('%s fails', (raw, msg) => {
    expect(() => parseTargetPattern(raw, { dialect: 'bazel4' })).toThrow(msg);
  });

  it('reads negative words on build command lines', () => {
    const ps = parseCommandLinePatterns(['//...', '-//foo/...'], { dialect: 'bazel4' });
    expect(ps.map((p) => [p.negative, show(p.pattern)])).toEqual([
      [false, 'below  rules'],
      [true, 'below foo rules'],
    ]);
  });
});

// Where the package part ends: the first colon in current Bazel's LabelParser, the last one in Bazel 4.2.3's
// TargetPattern.Parser (AbstractQueryTest#testBadTargetLiterals).
describe('parseTargetPattern: the colon that ends the package', () => {
  it('splits at the first colon in the modern dialect: bad:*:* has the target name *:*', () => {
    expect(() => parseTargetPattern('bad:*:*', { dialect: 'modern' })).toThrow("invalid target name '*:*': target names may not contain ':'");
  });

  it('splits at the last colon in the 4.2.3 dialect: bad:*:* is a wildcard of the package bad:*', () => {
    expect(() => parseTargetPattern('bad:*:*', { dialect: 'bazel4' })).toThrow("Invalid package name 'bad:*'");
  });

  it('still reads ordinary wildcards and labels', () => {
    expect(parseTargetPattern('//a/b:all', { dialect: 'modern' })).toMatchObject({ kind: 'package', pkg: 'a/b' });
    expect(parseTargetPattern('a/...:*', { dialect: 'modern' })).toMatchObject({ kind: 'below', dir: 'a', rulesOnly: false });
    expect(parseTargetPattern('//a:x', { dialect: 'modern' })).toMatchObject({ kind: 'single', label: { pkg: 'a', name: 'x' } });
  });
});
