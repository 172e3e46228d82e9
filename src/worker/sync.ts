// What crosses the worker boundary when the user types: only the files that changed, and only the packages whose
// targets changed. The worker keeps the workspace's files (a few recent versions) and the last target summary it
// sent; the client keeps what it sent and what it received. Both sides start over when the worker is replaced.
//
//   client                                         worker
//   FileSender.prepare(files) → update + ref  ──►  FileStore.apply(update); FileStore.resolve(ref) → FilesVersion
//   LoadReceiver.decode(delta) → LoadResult   ◄──  LoadSender.encode(result, since) → delta

import type { FileContent, FileSource, LoadResult, TargetSummary, WorkspaceFiles } from '../engine/index.ts';

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

/** The client's side: what the worker has, and the update that brings it to the files of the next call. */
export class FileSender {
  private last: { readonly version: number; readonly files: WorkspaceFiles } | null = null;
  private counter = 0;

  prepare(files: WorkspaceFiles): { update?: FileUpdate; ref: SyncedFiles } {
    const last = this.last;
    if (last && last.files === files) return { ref: { synced: last.version } };
    const set: Record<string, WorkspaceFiles[string]> = {};
    const remove: string[] = [];
    // for…in, not Object.entries: no pair array per file (a keystroke in a workspace of thousands of files).
    for (const path in files) {
      const content = files[path]!;
      if (!last || !sameContent(last.files[path], content)) set[path] = content;
    }
    if (last) for (const path in last.files) if (!(path in files)) remove.push(path);
    const version = ++this.counter;
    const update: FileUpdate = { base: last?.version ?? null, version, set, remove };
    this.last = { version, files };
    return { update, ref: { synced: version } };
  }

  /** The worker was replaced: the next call sends every file. */
  reset(): void {
    this.last = null;
  }
}

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

/** A load result as it travels: the targets of the packages that changed since the result numbered `base`. */
export interface LoadDelta {
  readonly serial: number;
  /** The result the client must hold for `changed` to complete it; null: `changed` holds every package. */
  readonly base: number | null;
  readonly profile: LoadResult['profile'];
  readonly diagnostics: LoadResult['diagnostics'];
  readonly packages: LoadResult['packages'];
  /** The packages of the targets, in the targets' order. */
  readonly order: readonly string[];
  readonly changed: Readonly<Record<string, readonly TargetSummary[]>>;
}

function byPackage(targets: readonly TargetSummary[]): { order: string[]; groups: Map<string, TargetSummary[]> } {
  const order: string[] = [];
  const groups = new Map<string, TargetSummary[]>();
  // A package's targets come together: look the group up only when the package changes.
  let g: TargetSummary[] | undefined;
  let pkg: string | undefined;
  for (const t of targets) {
    if (t.package !== pkg || !g) {
      pkg = t.package;
      g = groups.get(pkg);
      if (!g) {
        groups.set(pkg, (g = []));
        order.push(pkg);
      }
    }
    g.push(t);
  }
  return { order, groups };
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

/** The worker's side: remembers the last result it sent and sends what changed since. */
export class LoadSender {
  private last: { readonly serial: number; readonly groups: Map<string, TargetSummary[]> } | null = null;
  private counter = 0;

  /** `since`: the serial of the result the client holds (null when it holds none). */
  encode(result: LoadResult, since: number | null): LoadDelta {
    const { order, groups } = byPackage(result.targets);
    const base = this.last && since === this.last.serial ? this.last : null;
    const changed: Record<string, TargetSummary[]> = {};
    for (const [pkg, targets] of groups) {
      const before = base?.groups.get(pkg);
      if (!before || !sameTargets(before, targets)) changed[pkg] = targets;
    }
    const serial = ++this.counter;
    this.last = { serial, groups };
    return { serial, base: base ? base.serial : null, profile: result.profile, diagnostics: result.diagnostics, packages: result.packages, order, changed };
  }
}

/** The client's side: rebuilds the whole result from a delta and the result before it. */
export class LoadReceiver {
  private last: { readonly serial: number; readonly groups: Map<string, readonly TargetSummary[]> } | null = null;

  /** The serial of the result held, to send with the next load. */
  get since(): number | null {
    return this.last?.serial ?? null;
  }

  decode(d: LoadDelta): LoadResult {
    if (d.base !== null && d.base !== this.last?.serial) throw new Error(`a load delta against result ${d.base}, but the client holds ${this.last?.serial ?? 'none'}`);
    const groups = new Map<string, readonly TargetSummary[]>();
    const targets: TargetSummary[] = [];
    for (const pkg of d.order) {
      const g = d.changed[pkg] ?? this.last!.groups.get(pkg)!;
      groups.set(pkg, g);
      for (const t of g) targets.push(t);
    }
    this.last = { serial: d.serial, groups };
    return { profile: d.profile, diagnostics: d.diagnostics, packages: d.packages, targets };
  }

  reset(): void {
    this.last = null;
  }
}
