// What crosses the worker boundary when the user types: only the files that changed, and only the packages whose
// targets changed. The worker keeps the workspace's files (a few recent versions) and the last target summary it
// sent; the client keeps what it sent and what it received. Both sides start over when the worker is replaced.
//
//   client                                         worker
//   FileSender.prepare(files) → update + ref  ──►  FileStore.apply(update); FileStore.resolve(ref) → FilesVersion
//   LoadReceiver.decode(delta) → LoadResult   ◄──  LoadSender.encode(result, since) → delta

import type { Diagnostic, FileContent, FileSource, LoadResult, PackagesLoad, TargetSummary, WorkspaceFiles } from '../engine/index.ts';

/** A workspace version the worker holds, in place of the files themselves. */
export interface SyncedFiles {
  readonly synced: number;
}

/** The files argument of a worker call: the files, or a version sent before. */
export type FilesArg = WorkspaceFiles | SyncedFiles;

/** Turns version `base` (null: nothing) into `version`: files added or changed, and paths removed. */
export interface FileUpdate {
  readonly base: number | null;
  readonly version: number;
  readonly set: WorkspaceFiles;
  readonly remove: readonly string[];
}

export function isSynced(files: FilesArg): files is SyncedFiles {
  return typeof (files as SyncedFiles).synced === 'number' && Object.keys(files).length === 1;
}

/**
 * The client's side: what the worker has, and the update that brings it to the files of the next call. The
 * update holds the files whose content differs; to find them without comparing thousands of files per
 * keystroke, the owner of the files may say how one version was made from another (noteEdit), and a chain of
 * such edits back to the version the worker holds names the changed files directly.
 */
export class FileSender {
  private last: { readonly version: number; readonly files: WorkspaceFiles } | null = null;
  private counter = 0;
  /** Files made from other files by changing the content of one path (no path added or removed). */
  private readonly edits = new WeakMap<WorkspaceFiles, { readonly base: WorkspaceFiles; readonly path: string }>();

  /** `next` is `base` with the content of `path` (a path of both) changed, and nothing else. */
  noteEdit(base: WorkspaceFiles, next: WorkspaceFiles, path: string): void {
    this.edits.set(next, { base, path });
  }

  prepare(files: WorkspaceFiles): { update?: FileUpdate; ref: SyncedFiles } {
    const last = this.last;
    if (last && last.files === files) return { ref: { synced: last.version } };
    const set: Record<string, WorkspaceFiles[string]> = {};
    const remove: string[] = [];
    const edited = last ? this.editedPaths(last.files, files) : null;
    if (edited) {
      for (const path of edited) if (!sameContent(last!.files[path], files[path]!)) set[path] = files[path]!;
    } else {
      // for…in, not Object.entries: no pair array per file (a keystroke in a workspace of thousands of files).
      for (const path in files) {
        const content = files[path]!;
        if (!last || !sameContent(last.files[path], content)) set[path] = content;
      }
      if (last) for (const path in last.files) if (!(path in files)) remove.push(path);
    }
    const version = ++this.counter;
    const update: FileUpdate = { base: last?.version ?? null, version, set, remove };
    this.last = { version, files };
    return { update, ref: { synced: version } };
  }

  /** The paths a chain of noted edits changed from `from` to `to`, or null when there is no such chain (short enough). */
  private editedPaths(from: WorkspaceFiles, to: WorkspaceFiles): Set<string> | null {
    const paths = new Set<string>();
    let f = to;
    for (let steps = 0; f !== from; steps++) {
      const e = this.edits.get(f);
      if (!e || steps >= MAX_EDIT_CHAIN) return null;
      paths.add(e.path);
      f = e.base;
    }
    return paths;
  }

  /** The worker was replaced: the next call sends every file. */
  reset(): void {
    this.last = null;
  }
}

/** Past this many keystrokes between two calls, the files are compared instead. */
const MAX_EDIT_CHAIN = 256;

function sameContent(a: WorkspaceFiles[string] | undefined, b: WorkspaceFiles[string]): boolean {
  if (a === b) return true;
  if (a instanceof Uint8Array && b instanceof Uint8Array) return a.length === b.length && a.every((x, i) => x === b[i]);
  return false;
}

/**
 * One version of the workspace in the worker, as the engine's FileSource: a map of contents, or, when an update
 * kept every path, the files it set over the version before (a keystroke then costs no copy of thousands of
 * files). Either way it names the version it edits (FileSource.edit), so the engine's load cache takes the new
 * version as an edit of the files it last loaded without comparing them all. Chains are flattened every few
 * versions, so that a read looks at a few maps at most.
 */
export class FilesVersion implements FileSource {
  private constructor(
    private readonly own: ReadonlyMap<string, FileContent>,
    private readonly parent: FilesVersion | null,
    private readonly depth: number,
    readonly paths: readonly string[],
    readonly edit?: { readonly base: FilesVersion; readonly changed: readonly string[] },
  ) {}

  static of(files: WorkspaceFiles): FilesVersion {
    const own = new Map<string, FileContent>();
    for (const path in files) own.set(path, files[path]!);
    return new FilesVersion(own, null, 0, [...own.keys()]);
  }

  /** This version with `set` written and `remove` deleted. */
  update(set: WorkspaceFiles, remove: readonly string[]): FilesVersion {
    const changed = Object.keys(set);
    const samePaths = remove.length === 0 && changed.every((p) => this.read(p) !== undefined);
    if (samePaths && this.depth < MAX_DEPTH) {
      return new FilesVersion(new Map(Object.entries(set)), this, this.depth + 1, this.paths, { base: this, changed });
    }
    const own = new Map<string, FileContent>();
    for (const p of this.paths) own.set(p, this.read(p)!);
    for (const p of changed) own.set(p, set[p]!);
    for (const p of remove) own.delete(p);
    return new FilesVersion(own, null, 0, samePaths ? this.paths : [...own.keys()], samePaths ? { base: this, changed } : undefined);
  }

  read(path: string): FileContent | undefined {
    for (let v: FilesVersion | null = this; v; v = v.parent) {
      const c = v.own.get(path);
      if (c !== undefined) return c;
    }
    return undefined;
  }

  /** The files as a record (for the few calls that rewrite them, like Compare's). */
  toRecord(): WorkspaceFiles {
    const out: Record<string, FileContent> = {};
    for (const p of this.paths) out[p] = this.read(p)!;
    return out;
  }
}

const MAX_DEPTH = 16;

/** The worker's side: the recent versions of the workspace (calls may name one an update has since replaced). */
export class FileStore {
  private readonly versions = new Map<number, FilesVersion>();

  constructor(private readonly keep = 8) {}

  apply(u: FileUpdate): void {
    const base = u.base === null ? null : this.versions.get(u.base);
    if (base === undefined) throw new Error(`the worker no longer holds workspace version ${u.base}`);
    this.versions.set(u.version, base === null ? FilesVersion.of(u.set) : base.update(u.set, u.remove));
    for (const v of [...this.versions.keys()].sort((a, b) => a - b).slice(0, Math.max(0, this.versions.size - this.keep))) this.versions.delete(v);
  }

  resolve(files: FilesArg): WorkspaceFiles | FilesVersion {
    if (!isSynced(files)) return files;
    const f = this.versions.get(files.synced);
    if (!f) throw new Error(`the worker no longer holds workspace version ${files.synced}`);
    return f;
  }
}

/**
 * A load result as it travels: what changed since the result numbered `base`, which the client holds. Targets go
 * by package and diagnostics by file; a package or file not named in `targets` / `diagnostics` is as it was. The
 * lists of packages and of files with diagnostics travel only when they changed; a package or file that left the
 * list is gone.
 */
export interface LoadDelta {
  readonly serial: number;
  /** The result the client must hold for this delta to complete it; null: the delta holds everything. */
  readonly base: number | null;
  readonly profile: LoadResult['profile'];
  /** The packages, sorted; null: the same as in the base result. */
  readonly packages: readonly string[] | null;
  /** The targets of each package whose targets changed (every package when `base` is null). */
  readonly targets: ReadonlyMap<string, readonly TargetSummary[]>;
  /** The files with diagnostics, in the diagnostics' order; null: the same as in the base result. */
  readonly diagnosticFiles: readonly string[] | null;
  /** The diagnostics of each file whose diagnostics changed, in order. */
  readonly diagnostics: ReadonlyMap<string, readonly Diagnostic[]>;
}

/** Whether two lists of target summaries show the same: identical objects, or the same label, kind and place. */
export function sameTargets(a: readonly TargetSummary[], b: readonly TargetSummary[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (x.label !== y.label || x.kind !== y.kind || x.location.file !== y.location.file || x.location.line !== y.location.line || x.location.column !== y.location.column) return false;
  }
  return true;
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Diagnostics (sorted by file first) grouped by file, the files in order. */
function byFile(diagnostics: readonly Diagnostic[]): { files: string[]; groups: Map<string, Diagnostic[]> } {
  const files: string[] = [];
  const groups = new Map<string, Diagnostic[]>();
  let g: Diagnostic[] | undefined;
  for (const d of diagnostics) {
    if (!g || d.file !== files[files.length - 1]) {
      files.push(d.file);
      groups.set(d.file, (g = []));
    }
    g.push(d);
  }
  return { files, groups };
}

interface Sent {
  readonly serial: number;
  readonly packages: readonly string[];
  readonly targets: ReadonlyMap<string, readonly TargetSummary[]>;
  readonly files: readonly string[];
  readonly diagnostics: ReadonlyMap<string, readonly Diagnostic[]>;
}

/**
 * The worker's side: remembers the last result it sent and sends what changed since. The engine gives a package
 * it did not re-evaluate the same summary array as before (PackagesLoad), so an edit costs a comparison of
 * references per package, and a closer look only at the packages re-evaluated.
 */
export class LoadSender {
  private last: Sent | null = null;
  private counter = 0;

  /** `since`: the serial of the result the client holds (null when it holds none). */
  encode(result: PackagesLoad, since: number | null): LoadDelta {
    const base = this.last && since === this.last.serial ? this.last : null;
    const targets = new Map<string, readonly TargetSummary[]>();
    const kept = new Map<string, readonly TargetSummary[]>();
    for (const pkg of result.packages) {
      let now = result.targets.get(pkg) ?? [];
      const before = base?.targets.get(pkg);
      // Re-evaluated but the same: keep (and compare next time by) the array the client already has.
      if (before && before !== now && sameTargets(before, now)) now = before;
      if (now !== before) targets.set(pkg, now);
      kept.set(pkg, now);
    }
    const { files, groups } = byFile(result.diagnostics);
    const diagnostics = new Map<string, readonly Diagnostic[]>();
    const keptDiagnostics = new Map<string, readonly Diagnostic[]>();
    for (const file of files) {
      let now: readonly Diagnostic[] = groups.get(file)!;
      const before = base?.diagnostics.get(file);
      if (before && sameList(before, now)) now = before;
      else diagnostics.set(file, now);
      keptDiagnostics.set(file, now);
    }
    const packages = base && sameList(base.packages, result.packages) ? base.packages : result.packages;
    const serial = ++this.counter;
    this.last = { serial, packages, targets: kept, files, diagnostics: keptDiagnostics };
    return {
      serial,
      base: base ? base.serial : null,
      profile: result.profile,
      packages: base && packages === base.packages ? null : packages,
      targets,
      diagnosticFiles: base && sameList(base.files, files) ? null : files,
      diagnostics,
    };
  }
}

/**
 * A load result as the client holds it: the engine's LoadResult, with the targets also by package. Between two
 * results merged from deltas, every package whose targets did not change keeps the same array and summary
 * objects, and every file whose diagnostics did not change the same Diagnostic objects; `diagnostics` and
 * `packages` are the same arrays while nothing in them changed. The flat `targets` list is made when first read.
 */
export class HeldLoad implements LoadResult {
  private flat: TargetSummary[] | undefined;

  constructor(
    readonly profile: LoadResult['profile'],
    readonly packages: string[],
    readonly byPackage: ReadonlyMap<string, readonly TargetSummary[]>,
    readonly diagnostics: Diagnostic[],
    /** The packages whose targets differ from the result before (every package for a full result). */
    readonly changedPackages: ReadonlySet<string>,
  ) {}

  /** How many targets (without making the flat list). */
  get targetCount(): number {
    let n = 0;
    for (const ts of this.byPackage.values()) n += ts.length;
    return n;
  }

  get targets(): TargetSummary[] {
    if (!this.flat) {
      const flat: TargetSummary[] = [];
      for (const pkg of this.packages) for (const t of this.byPackage.get(pkg) ?? []) flat.push(t);
      this.flat = flat;
    }
    return this.flat;
  }
}

/** The client's side: merges each delta into the result before it. */
export class LoadReceiver {
  private last: {
    readonly serial: number;
    readonly held: HeldLoad;
    readonly files: readonly string[];
    readonly diagnostics: ReadonlyMap<string, readonly Diagnostic[]>;
  } | null = null;

  /** The serial of the result held, to send with the next load. */
  get since(): number | null {
    return this.last?.serial ?? null;
  }

  decode(d: LoadDelta): HeldLoad {
    const last = d.base === null ? null : this.last;
    if (d.base !== null && d.base !== last?.serial) throw new Error(`a load delta against result ${d.base}, but the client holds ${this.last?.serial ?? 'none'}`);
    const packages = d.packages ? [...d.packages] : last!.held.packages;
    const byPackage = new Map<string, readonly TargetSummary[]>();
    const changed = new Set<string>();
    for (const pkg of packages) {
      const now = d.targets.get(pkg);
      const before = last?.held.byPackage.get(pkg);
      if (now) changed.add(pkg);
      else if (!before) throw new Error(`a load delta without the targets of package ${pkg}`);
      byPackage.set(pkg, now ?? before!);
    }
    const files = d.diagnosticFiles ?? last!.files;
    let diagnostics: Diagnostic[];
    let groups: ReadonlyMap<string, readonly Diagnostic[]>;
    if (last && files === last.files && d.diagnostics.size === 0) {
      diagnostics = last.held.diagnostics;
      groups = last.diagnostics;
    } else {
      diagnostics = [];
      const g = new Map<string, readonly Diagnostic[]>();
      for (const file of files) {
        const list = d.diagnostics.get(file) ?? last?.diagnostics.get(file);
        if (!list) throw new Error(`a load delta without the diagnostics of ${file}`);
        g.set(file, list);
        for (const x of list) diagnostics.push(x);
      }
      groups = g;
    }
    const held = new HeldLoad(d.profile, packages, byPackage, diagnostics, changed);
    this.last = { serial: d.serial, held, files, diagnostics: groups };
    return held;
  }

  reset(): void {
    this.last = null;
  }
}
