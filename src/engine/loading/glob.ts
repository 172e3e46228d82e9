// glob(): pattern validation and matching over a package's files (Bazel's UnixGlob), stopping at subpackages.
//
// `*` and `?` match within one path segment (hidden files included); `**` as a whole segment matches any number
// of segments. Results are sorted; directories are left out unless exclude_directories = 0.

/** UnixGlob.checkPatternForError: null when the pattern is valid. */
export function globPatternError(pattern: string): string | null {
  if (pattern === '') return 'pattern cannot be empty';
  if (pattern[0] === '/') return 'pattern cannot be absolute';
  for (const seg of pattern.split('/')) {
    if (seg === '') return 'empty segment not permitted';
    if (seg === '.' || seg === '..') return `segment '${seg}' not permitted`;
    if (seg.includes('**') && seg !== '**') return 'recursive wildcard must be its own segment';
  }
  return null;
}

const cache = new Map<string, RegExp>();

export function globRegex(pattern: string): RegExp {
  let re = cache.get(pattern);
  if (re) return re;
  const segs = pattern.split('/');
  let src = '^';
  segs.forEach((seg, i) => {
    const last = i === segs.length - 1;
    if (seg === '**') {
      src += last ? '.*' : '(?:[^/]+/)*';
      return;
    }
    src += seg.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
    if (!last) src += '/';
  });
  // `a/**` also matches `a` itself.
  if (segs.length > 1 && segs[segs.length - 1] === '**') src = src.replace(/\/\.\*$/, '(?:/.*)?');
  re = new RegExp(src + '$', 's');
  cache.set(pattern, re);
  return re;
}

export interface GlobResult {
  readonly matches: string[];
  /** Include patterns that matched nothing (before excludes). */
  readonly emptyPatterns: string[];
}

/** Matches include minus exclude over `paths` (package-relative, directories included when `dirs`). */
export function glob(paths: readonly string[], include: readonly string[], exclude: readonly string[]): GlobResult {
  const ex = exclude.map(globRegex);
  const out = new Set<string>();
  const emptyPatterns: string[] = [];
  for (const p of include) {
    const re = globRegex(p);
    let any = false;
    for (const path of paths) {
      if (!re.test(path)) continue;
      any = true;
      if (!ex.some((e) => e.test(path))) out.add(path);
    }
    if (!any) emptyPatterns.push(p);
  }
  return { matches: [...out].sort(), emptyPatterns };
}
