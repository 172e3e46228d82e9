// Java's hash codes and java.util.HashSet's iteration order, for the places where Bazel prints the members of a
// HashSet in the order it iterates them (the duplicated labels of one attribute, …): the order is a function of
// the members' hashCode() alone, so it can be reproduced exactly.
//
// A HashSet is a HashMap of capacity 16 that doubles whenever its size passes three quarters of the capacity.
// A member lives in bucket `spread(hash) & (capacity - 1)` where spread(h) = h ^ (h >>> 16); iteration walks
// the buckets in index order and each bucket in insertion order (a resize splits a bucket's chain keeping its
// relative order). Buckets of eight or more members turn into trees in a table of 64 or more; that case is
// ignored here.

/** Java's String.hashCode, as a signed 32-bit int. */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/** java.util.Objects.hash(a, b) of two hash codes (Arrays.hashCode of a two-element array). */
export function javaHash2(a: number, b: number): number {
  return (Math.imul(31 + a, 31) + b) | 0;
}

/**
 * Label.hashCode in Bazel 4.2.3: hash(name, PackageIdentifier) where a PackageIdentifier hashes as
 * hash(RepositoryName, PathFragment), a repository name as its string with the `@` (`@` alone for the main
 * repository) and a package path as its string.
 */
export function javaLabelHash(repo: string, pkg: string, name: string): number {
  const pkgId = javaHash2(javaStringHash('@' + repo), javaStringHash(pkg));
  return javaHash2(javaStringHash(name), pkgId);
}

/**
 * The members of `items` (distinct by `key`, the first kept) in the order a java.util.HashSet iterates them;
 * `initialCapacity`: the table's first size (16 by default; Guava's HashMultimap makes each key's set with 4).
 */
export function javaHashSetOrder<T>(items: Iterable<T>, hash: (t: T) => number, key: (t: T) => string = String, initialCapacity = 16): T[] {
  const seen = new Set<string>();
  const members: T[] = [];
  for (const t of items) {
    const k = key(t);
    if (seen.has(k)) continue;
    seen.add(k);
    members.push(t);
  }
  let capacity = initialCapacity;
  while (members.length > capacity * 0.75) capacity *= 2;
  const bucket = (t: T) => {
    const h = hash(t);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return members
    .map((t, i) => ({ t, i, b: bucket(t) }))
    .sort((x, y) => x.b - y.b || x.i - y.i)
    .map((x) => x.t);
}
