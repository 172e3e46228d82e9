import { describe, expect, it } from 'vitest';
import { javaHashSetOrder, javaLabelHash, javaStringHash } from './java-hash.ts';

// Expected values printed by Bazel 4.2.3's own classes (A-server.jar: Label.parseAbsolute, hashCode,
// CollectionUtils.duplicatedElementsOf over the list doubled).
const parse = (s: string) => {
  const m = /^(?:@([^/]*))?\/\/([^:]*):(.*)$/.exec(s)!;
  return { repo: m[1] ?? '', pkg: m[2]!, name: m[3]! };
};
const hash = (s: string) => {
  const l = parse(s);
  return javaLabelHash(l.repo, l.pkg, l.name);
};

describe('java hash', () => {
  it('String.hashCode', () => {
    expect(javaStringHash('pass.sh')).toBe(-792096430);
    expect(javaStringHash('@')).toBe(64);
  });
  it('Label.hashCode', () => {
    expect(hash('//a:pass.sh')).toBe(1214818449);
    expect(hash('//a:f1.txt')).toBe(1779951286);
    expect(hash('//a:d/nested.txt')).toBe(688479391);
    expect(hash('@bazel_tools//tools:x')).toBe(783456903);
  });
  it('HashSet iteration order, resized past 12 members', () => {
    const labels = ['//a:pass.sh', '//a:f1.txt', '//a:d/nested.txt', '//:x', '//b/c:y.txt', '@bazel_tools//tools/sh:z',
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `//lib:a${i}`)];
    expect(javaHashSetOrder(labels, hash)).toEqual([
      '//a:f1.txt', '//b/c:y.txt', '//:x', '//lib:a9', '//lib:a5', '//lib:a6', '//lib:a7', '//lib:a8', '//lib:a1',
      '//lib:a2', '//a:d/nested.txt', '//lib:a3', '//lib:a4', '//a:pass.sh', '@bazel_tools//tools/sh:z',
    ]);
    expect(javaHashSetOrder(labels.slice(0, 3), hash)).toEqual(['//a:f1.txt', '//a:d/nested.txt', '//a:pass.sh']);
  });
  it('a HashSet that starts at capacity 4 (a Guava HashMultimap value set), as Bazel 4.2.3 printed --output=graph conditions', () => {
    // query-073: the conditions of //a:many -> //a:x iterate //c:one, //c:five, //c:three, //c:four, //c:two.
    const conditions = ['//c:one', '//c:two', '//c:three', '//c:four', '//c:five'];
    expect(javaHashSetOrder(conditions, hash, String, 4)).toEqual(['//c:one', '//c:five', '//c:three', '//c:four', '//c:two']);
    expect(javaHashSetOrder(['//c:two', '//conditions:default'], hash, String, 4)).toEqual(['//conditions:default', '//c:two']);
  });
});
