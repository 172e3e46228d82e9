// Workspace paths: normalising what the user types, checking it, choosing the editor language, grouping by
// package directory for the file list, and turning a path into the label of its package.

export type EditorLanguage = 'starlark' | 'shell' | 'plaintext';

const STARLARK_BASENAMES = new Set(['BUILD', 'BUILD.bazel', 'WORKSPACE', 'WORKSPACE.bazel', 'WORKSPACE.bzlmod', 'MODULE.bazel']);

export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

export function languageForPath(path: string): EditorLanguage {
  const name = basename(path);
  if (STARLARK_BASENAMES.has(name) || /\.(bzl|star|sky)$/.test(name)) return 'starlark';
  if (/\.(sh|bash)$/.test(name)) return 'shell';
  return 'plaintext';
}

/** Trims, turns backslashes into slashes, drops a leading `./` or `/` and repeated or trailing slashes. */
export function normalizePath(input: string): string {
  return input
    .trim()
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/^(?:\.\/|\/)+/, '')
    .replace(/\/+$/, '');
}

/** Why `path` (already normalised) cannot name a new file, or null when it can. */
export function pathProblem(path: string, existing: Iterable<string>, renaming?: string): string | null {
  if (!path) return 'enter a file name';
  if (path.split('/').some((seg) => seg === '.' || seg === '..')) return 'a path may not contain "." or ".." segments';
  if (/[\0:*?"<>|]/.test(path)) return 'a path may not contain any of : * ? " < > |';
  if (/\s$|^\s|\/\s|\s\//.test(path)) return 'a path segment may not start or end with a space';
  for (const p of existing) {
    if (p === renaming) continue;
    if (p === path) return `${path} already exists`;
    if (p.startsWith(path + '/')) return `${path} is a directory`;
    if (path.startsWith(p + '/')) return `${p} is a file, not a directory`;
  }
  return null;
}

/** Sorts paths as a file tree does: a directory's own files before its subdirectories, names in code-point order. */
export function comparePaths(a: string, b: string): number {
  const da = dirname(a);
  const db = dirname(b);
  if (da !== db) return da < db ? -1 : 1;
  const na = basename(a);
  const nb = basename(b);
  return na < nb ? -1 : na > nb ? 1 : 0;
}

export interface DirectoryGroup {
  /** '' for the workspace root. */
  dir: string;
  paths: string[];
}

export function groupByDirectory(paths: Iterable<string>): DirectoryGroup[] {
  const groups = new Map<string, string[]>();
  for (const p of [...paths].sort(comparePaths)) {
    const d = dirname(p);
    let g = groups.get(d);
    if (!g) groups.set(d, (g = []));
    g.push(p);
  }
  return [...groups].map(([dir, ps]) => ({ dir, paths: ps }));
}

/** `//app` for `app`, `//` for the root: how a directory is shown when it is (or may be) a package. */
export function directoryLabel(dir: string): string {
  return '//' + dir;
}

/** The path "New file" suggests: the first free `new_N.bzl` in the active file's directory. */
export function suggestNewPath(existing: Iterable<string>, nearPath: string | null): string {
  const all = new Set(existing);
  const dir = nearPath ? dirname(nearPath) : '';
  const prefix = dir ? dir + '/' : '';
  for (let i = 1; ; i++) {
    const candidate = `${prefix}new_${i}.bzl`;
    if (!all.has(candidate)) return candidate;
  }
}

/** Whether two workspaces have the same paths (whatever their contents): no sorting, no joined string. */
export function samePaths(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  if (a === b) return true;
  let n = 0;
  for (const p in a) {
    if (!(p in b)) return false;
    n++;
  }
  let m = 0;
  for (const _ in b) m++;
  return n === m;
}

let lastPaths: { files: Readonly<Record<string, unknown>>; key: string } | null = null;

/**
 * The workspace's paths as one string (joined by NUL), for selectors that must not change when only a file's text
 * does: the last answer is reused while the paths stay the same, so a keystroke costs no join of every path.
 * `sameAs`: files known to have the same paths (the workspace store's `textEdit.base`), which spares the comparison.
 */
export function pathsKey(files: Readonly<Record<string, unknown>>, sameAs?: Readonly<Record<string, unknown>>): string {
  if (lastPaths && (lastPaths.files === files || lastPaths.files === sameAs || samePaths(lastPaths.files, files))) {
    lastPaths = { files, key: lastPaths.key };
    return lastPaths.key;
  }
  lastPaths = { files, key: Object.keys(files).join('\0') };
  return lastPaths.key;
}
