// The virtual workspace: files by '/'-separated relative path, the profile its `.bazelversion` selects, and the
// package structure (which directories are packages, which package a file belongs to, subpackage boundaries).
//
// The structure needs every path up front, but no file's content: a file is read from its FileSource when an
// evaluation first asks for it (a BUILD or .bzl file of a package being loaded, an action's input), so that the
// CLI lists a large tree without reading it. Contents are bytes or text; `read` gives the text (UTF-8 decoded,
// malformed sequences as U+FFFD, as the CLI always read them), `bytes` the bytes an action sees, unchanged.
//
// A directory is a package when it holds BUILD.bazel or BUILD (BUILD.bazel wins when both exist). A file belongs
// to the nearest enclosing package; a package's files stop at its subpackages. The workspace root is the
// directory holding one of the profile's marker files (WORKSPACE, MODULE.bazel, …); when the root of the given
// files has none, the shallowest directory that has one becomes the root, so that an upload of `proj/…` works.

import { profileForVersion, SourceFile, utf8Decode, utf8Encode, type Profile } from '../base/index.ts';

/** A file's content: text (what an editor holds) or bytes (what a disk or a zip holds). */
export type FileContent = string | Uint8Array;

/** Files by path, contents at hand (the browser's store). */
export type WorkspaceFiles = Readonly<Record<string, FileContent>>;

/** Files whose paths are known up front and whose contents are read when first asked for (the CLI's disk). */
export interface FileSource {
  readonly paths: readonly string[];
  /** The content of one of `paths`; undefined when it cannot be read (gone since it was listed). */
  read(path: string): FileContent | undefined;
  /**
   * Optional: this source has exactly the paths of `base` and differs from it only in the contents of `changed`
   * (the worker's next version of the files after a keystroke). It lets a workspace over `base` be edited into one
   * over this source without comparing every file.
   */
  readonly edit?: { readonly base: FileSource | WorkspaceFiles; readonly changed: readonly string[] };
}

/** True for a FileSource, false for a WorkspaceFiles record (whose values are never functions). */
export function isFileSource(input: WorkspaceFiles | FileSource): input is FileSource {
  return typeof (input as FileSource).read === 'function' && Array.isArray((input as FileSource).paths);
}

/** The same content: equal texts, or equal bytes. */
export function sameContent(a: FileContent | undefined, b: FileContent | undefined): boolean {
  if (typeof a === 'string' || typeof b === 'string' || a === undefined || b === undefined) return a === b;
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * What an evaluation asked of the workspace: one key per question (method and arguments), with the answer it
 * got. Another workspace giving the same answers would evaluate the same way (the loader's cache relies on it).
 */
export type WorkspaceReads = Map<string, string | undefined>;

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
  /** Each path's key in the source: the path as given (before normalising, root prefix included). */
  private readonly keys: Map<string, string>;
  /** The files this workspace was made from (an edit names them as its base). */
  private readonly input: WorkspaceFiles | FileSource;
  private readonly readContent: FileSource['read'];
  /** Texts decoded so far, by path. */
  private readonly texts: Map<string, string>;
  private readonly dirs: Set<string>;
  private readonly packageSet: Set<string>;
  /** buildFileOf's answers by package, kept across edits (they keep the paths). */
  private readonly buildFiles = new Map<string, string | undefined>();
  private readonly sources = new Map<string, SourceFile>();
  /** Open recordings, innermost last: a question is noted in the innermost only. */
  private readonly recordings: WorkspaceReads[] = [];
  /** Answers already computed by `answersSame`, by key. */
  private readonly answers = new Map<string, string | undefined>();
  /** The workspace this one is an edit of (Workspace.edited), and the paths whose texts the edit changed. */
  private readonly editedFrom: Workspace | undefined = undefined;
  private readonly changedTexts: readonly string[] = [];
  /** The recorded question about each changed text (`read\0path`), made once per edit, not once per package. */
  private readonly changedReads: readonly string[] = [];

  constructor(input: WorkspaceFiles | FileSource) {
    let source: FileSource['read'];
    let given: Iterable<string>;
    if (isFileSource(input)) {
      source = (k) => input.read(k);
      given = input.paths;
    } else {
      source = (k) => (Object.hasOwn(input, k) ? input[k] : undefined);
      given = Object.keys(input);
    }
    const all = new Map<string, string>();
    for (const p of given) {
      const n = normalizePath(p);
      if (n) all.set(n, p);
    }
    const textOf = (n: string) => {
      const k = all.get(n);
      const c = k === undefined ? undefined : source(k);
      return typeof c === 'string' || c === undefined ? c : utf8Decode(c);
    };
    let profile = profileForVersion(textOf('.bazelversion'));
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
        profile = profileForVersion(textOf(prefix + '.bazelversion'));
        marker = profile.workspaceMarkers.find((m) => all.has(prefix + m));
      }
    }
    let keys = all;
    if (prefix) {
      keys = new Map();
      for (const [p, k] of all) if (p.startsWith(prefix)) keys.set(p.slice(prefix.length), k);
    }
    this.keys = keys;
    this.input = input;
    this.readContent = source;
    this.texts = new Map();
    this.profile = profile;
    this.marker = marker;
    this.rootPrefix = prefix;
    this.paths = [...keys.keys()].sort();
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

  /**
   * The workspace these files make, when they are this one's paths with some texts changed (an edit): it shares
   * this one's structure, line indexes and every answer not about a changed text. Undefined when paths differ,
   * and for a FileSource that does not say it edits this one's (FileSource.edit).
   */
  edited(input: WorkspaceFiles | FileSource): Workspace | undefined {
    // The same source again (the worker's version of the files, which never changes): this workspace.
    if (input === this.input && isFileSource(input)) return this;
    if (this.rootPrefix !== '') return undefined;
    let changed: string[];
    let readContent: FileSource['read'];
    if (isFileSource(input)) {
      // Only a source that says how it differs from this one's (FileSource.edit); others are read anew.
      if (!input.edit || input.edit.base !== this.input) return undefined;
      changed = [];
      for (const k of input.edit.changed) {
        if (this.keys.get(k) !== k) return undefined;
        if (!sameContent(this.readContent(k), input.read(k))) changed.push(k);
      }
      readContent = (k) => input.read(k);
    } else {
      const keys = Object.keys(input);
      if (keys.length !== this.keys.size) return undefined;
      changed = [];
      for (const k of keys) {
        if (this.keys.get(k) !== k) return undefined;
        if (!sameContent(this.readContent(k), input[k])) changed.push(k);
      }
      readContent = (k) => (Object.hasOwn(input, k) ? input[k] : undefined);
    }
    // Nothing changed: this workspace serves, unless later edits will name the new source as their base.
    if (changed.length === 0 && !isFileSource(input)) return this;
    if (changed.includes('.bazelversion')) return undefined;
    const texts = new Map(this.texts);
    const sources = new Map(this.sources);
    const answers = new Map(this.answers);
    for (const p of changed) {
      texts.delete(p);
      sources.delete(p);
      answers.delete(`read\0${p}`);
    }
    const next = Object.create(Workspace.prototype) as Workspace;
    return Object.assign(next, {
      profile: this.profile,
      paths: this.paths,
      packages: this.packages,
      marker: this.marker,
      rootPrefix: this.rootPrefix,
      keys: this.keys,
      input,
      readContent,
      texts,
      dirs: this.dirs,
      packageSet: this.packageSet,
      buildFiles: this.buildFiles,
      sources,
      recordings: [],
      answers,
      editedFrom: this,
      changedTexts: changed,
      changedReads: changed.map((p) => `read\0${p}`),
    });
  }

  /** The same files read under another profile (a build-language flag of the command line changes a row). */
  withProfile(profile: Profile): Workspace {
    if (profile === this.profile) return this;
    const next = Object.create(Workspace.prototype) as Workspace;
    return Object.assign(next, this, { profile, recordings: [], answers: new Map(this.answers), editedFrom: undefined, changedTexts: [], changedReads: [] });
  }

  /** Starts noting every question asked of the workspace into a fresh WorkspaceReads, until `stopRecording`. */
  startRecording(): WorkspaceReads {
    const r: WorkspaceReads = new Map();
    this.recordings.push(r);
    return r;
  }

  stopRecording(r: WorkspaceReads): void {
    const i = this.recordings.lastIndexOf(r);
    if (i >= 0) this.recordings.splice(i, 1);
  }

  /** True when this workspace answers every recorded question as the recording's workspace did. */
  answersSame(reads: WorkspaceReads): boolean {
    for (const [key, answer] of reads) {
      let now: string | undefined;
      if (this.answers.has(key)) now = this.answers.get(key);
      else {
        now = this.answer(key);
        this.answers.set(key, now);
      }
      if (now !== answer) return false;
    }
    return true;
  }

  /**
   * answersSame for reads that `base` answered as recorded. When this workspace is an edit of `base`, every answer
   * but the texts of the edited files is the same in both (edits keep the paths), so only those are compared:
   * a keystroke costs each cached package a few lookups, not one per question it asked.
   */
  answersSameAs(reads: WorkspaceReads, base: Workspace | undefined): boolean {
    if (base === this) return true;
    if (base === undefined || this.editedFrom !== base) return this.answersSame(reads);
    for (let i = 0; i < this.changedReads.length; i++) {
      const key = this.changedReads[i]!;
      if (reads.has(key) && reads.get(key) !== this.text(this.changedTexts[i]!)) return false;
    }
    return true;
  }

  private note(key: string, answer: string | undefined): void {
    const r = this.recordings[this.recordings.length - 1];
    if (r && !r.has(key)) r.set(key, answer);
  }

  /** Answers a recorded question (the key's method and arguments) without noting it. */
  private answer(key: string): string | undefined {
    const [method, a = '', b = ''] = key.split('\0');
    switch (method) {
      case 'has': return String(this.keys.has(a));
      case 'read': return this.text(a);
      case 'dir': return String(this.dirs.has(a));
      case 'pkg': return String(this.packageSet.has(a));
      case 'build': return this.buildFileOfRaw(a);
      case 'pkgof': return this.packageOfRaw(a);
      case 'pkgdir': return this.packageContainingDirRaw(a);
      case 'below': return this.packagesBelowRaw(a).join('\n');
      case 'files': return this.packageFilesRaw(a, b === 'd').join('\n');
      case 'sub': return this.subpackageCrossedRaw(a, b);
      default: return '\0unknown';
    }
  }

  hasFile(path: string): boolean {
    const has = this.keys.has(path);
    if (this.recordings.length > 0) this.note(`has\0${path}`, String(has));
    return has;
  }

  /** The file's text, read from the source when first asked for; undefined when there is no such file. */
  read(path: string): string | undefined {
    const text = this.text(path);
    if (this.recordings.length > 0) this.note(`read\0${path}`, text);
    return text;
  }

  /**
   * The file's bytes as the source holds them (a text UTF-8 encoded): what an action reads, so that a binary
   * source reaches it unchanged. Not noted: loading never reads bytes.
   */
  bytes(path: string): Uint8Array | undefined {
    const k = this.keys.get(path);
    const c = k === undefined ? undefined : this.readContent(k);
    return typeof c === 'string' ? utf8Encode(c) : c;
  }

  private text(path: string): string | undefined {
    let t = this.texts.get(path);
    if (t !== undefined) return t;
    const k = this.keys.get(path);
    const c = k === undefined ? undefined : this.readContent(k);
    if (c === undefined) return undefined;
    t = typeof c === 'string' ? c : utf8Decode(c);
    this.texts.set(path, t);
    return t;
  }

  /** The file as a SourceFile (one per path, so its line index is built once). */
  source(path: string): SourceFile | undefined {
    const text = this.read(path);
    if (text === undefined) return undefined;
    let s = this.sources.get(path);
    if (!s) {
      s = new SourceFile(path, text);
      this.sources.set(path, s);
    }
    return s;
  }

  isDirectory(path: string): boolean {
    const is = this.dirs.has(path);
    if (this.recordings.length > 0) this.note(`dir\0${path}`, String(is));
    return is;
  }

  isPackage(pkg: string): boolean {
    const is = this.packageSet.has(pkg);
    if (this.recordings.length > 0) this.note(`pkg\0${pkg}`, String(is));
    return is;
  }

  /** The BUILD file of a package: `pkg/BUILD.bazel` when it exists, else `pkg/BUILD`. */
  buildFileOf(pkg: string): string | undefined {
    const file = this.buildFileOfRaw(pkg);
    if (this.recordings.length > 0) this.note(`build\0${pkg}`, file);
    return file;
  }

  /** The nearest package enclosing a path (a file or directory), or undefined. */
  packageOf(path: string): string | undefined {
    const pkg = this.packageOfRaw(path);
    if (this.recordings.length > 0) this.note(`pkgof\0${path}`, pkg);
    return pkg;
  }

  /** The package containing a directory (the directory itself when it is one). */
  packageContainingDir(dir: string): string | undefined {
    const pkg = this.packageContainingDirRaw(dir);
    if (this.recordings.length > 0) this.note(`pkgdir\0${dir}`, pkg);
    return pkg;
  }

  /** Packages at or beneath a directory, sorted. */
  packagesBelow(dir: string): string[] {
    const pkgs = this.packagesBelowRaw(dir);
    if (this.recordings.length > 0) this.note(`below\0${dir}`, pkgs.join('\n'));
    return pkgs;
  }

  /**
   * Files of a package (relative to the package directory, sorted), not crossing into subpackages; with
   * `dirs`, the directories too (for glob's exclude_directories = 0).
   */
  packageFiles(pkg: string, dirs = false): string[] {
    const files = this.packageFilesRaw(pkg, dirs);
    if (this.recordings.length > 0) this.note(`files\0${pkg}\0${dirs ? 'd' : ''}`, files.join('\n'));
    return files;
  }

  /** The subpackage (if any) that a path relative to `pkg` falls into, e.g. 'pkg/sub' for 'sub/out.txt'. */
  subpackageCrossed(pkg: string, rel: string): string | undefined {
    const sub = this.subpackageCrossedRaw(pkg, rel);
    if (this.recordings.length > 0) this.note(`sub\0${pkg}\0${rel}`, sub);
    return sub;
  }

  private buildFileOfRaw(pkg: string): string | undefined {
    // Asked for every package at every load: remembered, for the lookups hash two new strings each.
    if (this.buildFiles.has(pkg)) return this.buildFiles.get(pkg);
    const dir = pkg ? pkg + '/' : '';
    const file = this.keys.has(dir + 'BUILD.bazel') ? dir + 'BUILD.bazel' : this.keys.has(dir + 'BUILD') ? dir + 'BUILD' : undefined;
    this.buildFiles.set(pkg, file);
    return file;
  }

  private packageOfRaw(path: string): string | undefined {
    let d = path;
    for (;;) {
      const i = d.lastIndexOf('/');
      d = i < 0 ? '' : d.slice(0, i);
      if (this.packageSet.has(d)) return d;
      if (d === '') return undefined;
    }
  }

  private packageContainingDirRaw(dir: string): string | undefined {
    if (this.packageSet.has(dir)) return dir;
    return dir === '' ? undefined : this.packageOfRaw(dir);
  }

  private packagesBelowRaw(dir: string): string[] {
    if (dir === '') return [...this.packages];
    return this.packages.filter((p) => p === dir || p.startsWith(dir + '/'));
  }

  private packageFilesRaw(pkg: string, dirs: boolean): string[] {
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
    // The paths are sorted, so those under the prefix are one run starting at the first one ≥ the prefix.
    for (let k = lowerBound(this.paths, prefix); k < this.paths.length; k++) {
      const p = this.paths[k]!;
      if (!p.startsWith(prefix)) break;
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

  private subpackageCrossedRaw(pkg: string, rel: string): string | undefined {
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

/** The index of the first element of a sorted array that is ≥ key. */
function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function isMarkerName(base: string): boolean {
  return base === 'WORKSPACE' || base === 'WORKSPACE.bazel' || base === 'MODULE.bazel' || base === 'REPO.bazel';
}

/** A backslash, a leading or trailing '/', an empty segment, or a '.' segment. */
const NEEDS_NORMALIZING = /\\|^\/|\/$|\/\/|(^|\/)\.(\/|$)/;

/** Normalises a path: forward slashes, no leading './' or '/', no empty or '.' segments. '' for the root. */
export function normalizePath(p: string): string {
  if (!NEEDS_NORMALIZING.test(p)) return p;
  return p
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s !== '' && s !== '.')
    .join('/');
}
