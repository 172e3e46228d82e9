import { describe, expect, it } from 'vitest';
import { absoluteLabel, definitionOf, labelPath, loadBindings, packageOf, relativeLabel } from './labels.ts';

describe('labels', () => {
  const files = { 'MODULE.bazel': '', 'app/BUILD': '', 'app/sub/x.txt': '', 'tools/BUILD.bazel': '' };
  it('finds the package of a file', () => {
    expect(packageOf('app/BUILD', files)).toBe('app');
    expect(packageOf('app/sub/x.txt', files)).toBe('app');
    expect(packageOf('MODULE.bazel', files)).toBeNull();
  });
  it('makes labels absolute and relative', () => {
    expect(absoluteLabel(':a', 'app')).toBe('//app:a');
    expect(absoluteLabel('a.txt', 'app')).toBe('//app:a.txt');
    expect(absoluteLabel('//tools', 'app')).toBe('//tools:tools');
    expect(absoluteLabel('@//tools:x', 'app')).toBe('//tools:x');
    expect(absoluteLabel('@foo//:x', 'app')).toBeNull();
    expect(relativeLabel('//app:a', 'app')).toBe(':a');
    expect(relativeLabel('//tools:tools', 'app')).toBe('//tools');
    expect(labelPath('//app:sub/x.txt')).toBe('app/sub/x.txt');
    expect(labelPath('//:x')).toBe('x');
  });
  it('reads load() bindings and finds definitions', () => {
    const b = loadBindings('load(":defs.bzl", "greeting", g2 = "other")\nload("//x:y.bzl", \'z\')\n');
    expect(b.map((x) => [x.local, x.exported, x.module])).toEqual([
      ['greeting', 'greeting', ':defs.bzl'],
      ['g2', 'other', ':defs.bzl'],
      ['z', 'z', '//x:y.bzl'],
    ]);
    expect(definitionOf('"""doc"""\n\ndef greeting(name):\n    pass\n', 'greeting')).toEqual({ line: 3, column: 5 });
    expect(definitionOf('X = 1\n', 'X')).toEqual({ line: 1, column: 1 });
  });
});
