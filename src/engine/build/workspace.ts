// The virtual workspace: files by '/'-separated relative path, the profile its `.bazelversion` selects, and the
// package structure (which directories are packages, which package a file belongs to, subpackage boundaries).
//
// A directory is a package when it holds BUILD.bazel or BUILD (BUILD.bazel wins when both exist). A file belongs
// to the nearest enclosing package; a package's files stop at its subpackages. The workspace root is the
// directory holding one of the profile's marker files (WORKSPACE, MODULE.bazel, …); when the root of the given
// files has none, the shallowest directory that has one becomes the root, so that an upload of `proj/…` works.

import { profileForVersion, SourceFile, type Profile } from '../base/index.ts';

export type WorkspaceFiles = Readonly<Record<string, string>>;

export class Workspace {
  readonly profile: Profile;
  /** Paths relative to the workspace root, normalised, sorted. */
  readonly paths: readonly string[];
  /** Package names ('' is the root package), sorted. */
  readonly packages: readonly string[];
  /** The marker file found at the root, or undefined when there is none (not a workspace). */
  readonly marker: string | undefined;
  /** The prefix (with trailing '/') under which the root was found in the given files, '' normally. */
  readonly rootPrefix: string;
  private readonly files: Map<string, string>;
  private readonly dirs: Set<string>;
  private readonly packageSet: Set<string>;
  private readonly sources = new Map<string, SourceFile>();

  constructor(input: WorkspaceFiles) {
    const all = new Map<string, string>();
    for (const [p, text] of Object.entries(input)) {
      const n = normalizePath(p);
      if (n) all.set(n, text);
    }
    const version = all.get('.bazelversion');
    let profile = profileForVersion(version);
    let prefix = '';
    let marker = profile.workspaceMarkers.find((m) => all.has(m));
    if (!marker) {
      // The shallowest directory holding a marker becomes the root.
      let best: { dir: string; marker: string } | undefined;
      for (const p of all.keys()) {
        const slash = p.lastIndexOf('/');
        const base = p.slice(slash + 1);
        const dir = slash < 0 ? '' : p.slice(0, slash + 1);
        if (dir && isMarkerName(base) && (!best || dir.split('/').length < best.dir.split('/').length || (dir.split('/').length === best.dir.split('/').length && dir < best.dir))) {
          best = { dir, marker: base };
        }
      }
      if (best) {
        prefix = best.dir;
        profile = profileForVersion(all.get(prefix + '.bazelversion'));
        marker = profile.workspaceMarkers.find((m) => all.has(prefix + m));
      }
    }
    const files = new Map<string, string>();
    for (const [p, t] of all) if (p.startsWith(prefix)) files.set(p.slice(prefix.length), t);
    this.profile = profile;
    this.marker = marker;
    this.rootPrefix = prefix;
    this.files = files;
    this.paths = [...files.keys()].sort();
    this.dirs = new Set(['']);
    for (const p of this.paths) {
      let i = p.lastIndexOf('/');
      while (i > 0) {
        const d = p.slice(0, i);
        if (this.dirs.has(d)) break;
        this.dirs.add(d);
        i = d.lastIndexOf('/');
      }
    }
    const pkgs = new Set<string>();
    for (const p of this.paths) {
      const slash = p.lastIndexOf('/');
      const base = p.slice(slash + 1);
      if (base === 'BUILD' || base === 'BUILD.bazel') pkgs.add(slash < 0 ? '' : p.slice(0, slash));
    }
    this.packageSet = pkgs;
    this.packages = [...pkgs].sort();
  }

  hasFile(path: string): boolean {
    return this.files.has(path);
  }

  read(path: string): string | undefined {
    return this.files.get(path);
  }

  /** The file as a SourceFile (one per path, so its line index is built once). */
  source(path: string): SourceFile | undefined {
    let s = this.sources.get(path);
    if (!s) {
      const text = this.files.get(path);
      if (text === undefined) return undefined;
      s = new SourceFile(path, text);
      this.sources.set(path, s);
    }
    return s;
  }

  isDirectory(path: string): boolean {
    return this.dirs.has(path);
  }

  isPackage(pkg: string): boolean {
    return this.packageSet.has(pkg);
  }

  /** The BUILD file of a package: `pkg/BUILD.bazel` when it exists, else `pkg/BUILD`. */
  buildFileOf(pkg: string): string | undefined {
    const dir = pkg ? pkg + '/' : '';
    if (this.files.has(dir + 'BUILD.bazel')) return dir + 'BUILD.bazel';
    if (this.files.has(dir + 'BUILD')) return dir + 'BUILD';
    return undefined;
  }

  /** The nearest package enclosing a path (a file or directory), or undefined. */
  packageOf(path: string): string | undefined {
    let d = path;
    for (;;) {
      const i = d.lastIndexOf('/');
      d = i < 0 ? '' : d.slice(0, i);
      if (this.packageSet.has(d)) return d;
      if (d === '') return undefined;
    }
  }

  /** The package containing a directory (the directory itself when it is one). */
  packageContainingDir(dir: string): string | undefined {
    if (this.packageSet.has(dir)) return dir;
    return dir === '' ? undefined : this.packageOf(dir);
  }

  /** Packages at or beneath a directory, sorted. */
  packagesBelow(dir: string): string[] {
    if (dir === '') return [...this.packages];
    return this.packages.filter((p) => p === dir || p.startsWith(dir + '/'));
  }

  /**
   * Files of a package (relative to the package directory, sorted), not crossing into subpackages; with
   * `dirs`, the directories too (for glob's exclude_directories = 0).
   */
  packageFiles(pkg: string, dirs = false): string[] {
    const prefix = pkg ? pkg + '/' : '';
    const out: string[] = [];
    const within = (rel: string) => {
      // A path is in the package unless some directory between the package and it is a package.
      let i = rel.indexOf('/');
      while (i >= 0) {
        if (this.packageSet.has(prefix + rel.slice(0, i))) return false;
        i = rel.indexOf('/', i + 1);
      }
      return true;
    };
    for (const p of this.paths) {
      if (!p.startsWith(prefix)) continue;
      const rel = p.slice(prefix.length);
      if (within(rel)) out.push(rel);
    }
    if (dirs) {
      for (const d of this.dirs) {
        if (d === '' || !d.startsWith(prefix) || d === pkg) continue;
        const rel = d.slice(prefix.length);
        if (!this.packageSet.has(d) && within(rel)) out.push(rel);
      }
      out.sort();
    }
    return out;
  }

  /** The subpackage (if any) that a path relative to `pkg` falls into, e.g. 'pkg/sub' for 'sub/out.txt'. */
  subpackageCrossed(pkg: string, rel: string): string | undefined {
    const prefix = pkg ? pkg + '/' : '';
    let i = rel.indexOf('/');
    while (i >= 0) {
      const d = prefix + rel.slice(0, i);
      if (this.packageSet.has(d)) return d;
      i = rel.indexOf('/', i + 1);
    }
    return undefined;
  }
}

function isMarkerName(base: string): boolean {
  return base === 'WORKSPACE' || base === 'WORKSPACE.bazel' || base === 'MODULE.bazel' || base === 'REPO.bazel';
}

/** Normalises a path: forward slashes, no leading './' or '/', no empty or '.' segments. '' for the root. */
export function normalizePath(p: string): string {
  return p
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s !== '' && s !== '.')
    .join('/');
}
