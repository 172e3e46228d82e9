// Target patterns: where the package part ends (the first colon in current Bazel's LabelParser, the last one in
// Bazel 4.2.3's TargetPattern.Parser).

import { describe, expect, it } from 'vitest';
import { parseTargetPattern } from './pattern.ts';

describe('parseTargetPattern', () => {
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
