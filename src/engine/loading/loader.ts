// The loader: evaluates BUILD files into Packages and .bzl files into frozen modules, on demand and cached, and
// records every problem both as a Diagnostic (for the editor) and as the line Bazel would print (for the CLI).
//
// Order of work follows Bazel: a BUILD file's load()s are resolved before any of it runs; a .bzl is evaluated
// once and frozen, whoever loads it; a load of a file that is being loaded is a cycle ("cycle detected in
// extension files"); a package whose loads fail has no targets ("error loading package 'p': …"); a package
// whose BUILD file has errors keeps the targets it defined and is marked in error.

import { sha256, SourceFile, toHex, utf8Encode, type Diagnostic, type Profile } from '../base/index.ts';
import { builtinRepo, recordedDigest } from './builtin-repos/index.ts';
import { execFile, formatTraceback, Module, type Value } from '../starlark/index.ts';
import { labelToString, LabelSyntaxError, parseLabelInPackage, type Label } from './label.ts';
import { drawCycle } from './messages.ts';
import { bzlGlobals, buildGlobals, PACKAGE_KEY } from './native.ts';
import { Package, PackageBuilder } from './packages.ts';
import { BZL_DEFINITION_KEY, exportValue, type BzlDefinition } from './starlark-api/index.ts';
import { Workspace, type FileSource, type WorkspaceFiles, type WorkspaceReads } from './workspace.ts';

/** A line of Bazel's console output (after `ERROR: `, `WARNING: `, `DEBUG: `, `INFO: `), with its diagnostic. */
export interface BuildEvent {
  readonly severity: 'error' | 'warning' | 'info' | 'debug';
  readonly text: string;
  readonly diagnostic?: Diagnostic;
}

export interface LoaderOptions {
  /** The absolute workspace path used in printed messages (Bazel prints absolute paths). */
  readonly workspaceDir?: string;
  readonly cancel?: { cancelled: boolean };
  readonly maxSteps?: number;
  /** Packages and .bzl files evaluated by earlier loaders, reused while what they read is unchanged. */
  readonly cache?: LoadCache;
  /** The repository this loader's workspace is (a built-in one): `@<repo>//…` labels name its own files. */
  readonly repo?: string;
}

interface BzlEntry {
  readonly module?: Module;
  /** Why loading it failed (the text after "error loading package 'p': "). */
  readonly error?: string;
  /** The failure is a load cycle, already reported in full. */
  readonly cycle?: boolean;
  /** The .bzl files it loads, by workspace path. */
  readonly loads: readonly string[];
  /** Bazel's transitive digest of the module (its rules' `$rule_implementation_hash`). */
  readonly digest?: Uint8Array;
}

/**
 * Bazel's transitive digest of a .bzl module: SHA-256 over the SHA-256 of its bytes followed by the transitive
 * digests of the modules it loads, in load order (BzlLoadFunction). Its rule classes carry it, as hex.
 */
/** A .bzl file's own failure: it did not compile (syntax or resolver errors), or it failed while running. */
function bzlFailed(profile: Profile, path: string, diagnostics: readonly Diagnostic[]): string {
  const compiled = !diagnostics.some((d) => d.kind === 'syntax' || d.kind === 'resolve');
  if (profile.bzlFailure === 'current') return `${compiled ? 'initialization' : 'compilation'} of module '${path}' failed`;
  return compiled ? `Extension file '${path}' has errors` : `Extension '${path}' has errors`;
}

function transitiveDigest(text: string, loaded: readonly (Uint8Array | undefined)[]): Uint8Array {
  const parts = [sha256(utf8Encode(text)), ...loaded.map((d) => d ?? new Uint8Array(32))];
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    all.set(p, o);
    o += p.length;
  }
  return sha256(all);
}

/** What an evaluation printed: console lines (with their diagnostics) and diagnostics with no line of their own. */
type LogEntry = { readonly event: BuildEvent } | { readonly diagnostic: Diagnostic };

/** How an evaluation can be replayed and when it is still valid. */
interface Memo {
  /** What it asked of the workspace, with the answers. */
  readonly reads: WorkspaceReads;
  /** The .bzl entries its load()s returned, in order (valid only while each is still the cached one). */
  readonly loaded: readonly (readonly [string, CachedBzl])[];
  /** Its own output, not that of the .bzl files it loaded. */
  readonly log: readonly LogEntry[];
}

interface CachedBzl {
  readonly entry: BzlEntry;
  readonly memo: Memo;
}

interface CachedPackage {
  readonly pkg: Package;
  readonly memo: Memo;
}

/** An evaluation in progress: what it has read and printed so far. */
interface Recording {
  readonly reads: WorkspaceReads;
  readonly loaded: [string, CachedBzl][];
  readonly log: LogEntry[];
  /** Part of a load cycle or cancelled: not to be cached. */
  spoiled: boolean;
}

/** The predeclared names of BUILD and .bzl files, over a host whose workspace a cache repoints. */
interface Globals {
  readonly host: { workspace: Workspace; readonly profile: Profile };
  readonly build: Map<string, Value>;
  readonly bzl: Map<string, Value>;
}

function makeGlobals(workspace: Workspace): Globals {
  const host = { workspace, profile: workspace.profile };
  const build = buildGlobals(host);
  return { host, build, bzl: bzlGlobals(host, build) };
}

/**
 * Incremental loading: evaluated packages and .bzl modules kept across loaders (the worker keeps one across
 * edits). An entry is reused when the new workspace answers every question its evaluation asked (file texts,
 * package boundaries, glob listings) the same way and every .bzl it loaded is itself reused; otherwise it is
 * evaluated again. Reused entries replay what they printed, so a loader's events and diagnostics are those of a
 * cold load. Modules keep their identity (providers, rule classes) as long as they are reused.
 */
export class LoadCache {
  private signature = '';
  private globals: Globals | undefined;
  private lastWorkspace: Workspace | undefined;
  readonly packages = new Map<string, CachedPackage>();
  readonly bzl = new Map<string, CachedBzl>();
  /** The last workspace that answered an entry's reads as recorded (Workspace.answersSameAs). */
  readonly validIn = new WeakMap<Memo, Workspace>();

  /** The globals for a loader over this workspace; forgets everything when the profile or settings differ. */
  adopt(workspace: Workspace, workspaceDir: string, maxSteps: number | undefined): Globals {
    const signature = `${workspace.profile.name}\0${workspaceDir}\0${maxSteps ?? ''}`;
    if (signature !== this.signature || !this.globals) {
      this.signature = signature;
      this.packages.clear();
      this.bzl.clear();
      this.globals = makeGlobals(workspace);
    }
    this.globals.host.workspace = workspace;
    return this.globals;
  }

  /** The Workspace of these files: the last one's, edited, when only contents changed (cheaper than building anew). */
  workspaceFor(files: WorkspaceFiles | FileSource): Workspace {
    const w = this.lastWorkspace?.edited(files) ?? new Workspace(files);
    this.lastWorkspace = w;
    return w;
  }

  /** How many entries it holds (for tests and the benchmark). */
  get size(): { packages: number; bzl: number } {
    return { packages: this.packages.size, bzl: this.bzl.size };
  }
}

export class Loader {
  readonly profile: Profile;
  readonly events: BuildEvent[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly workspaceDir: string;
  private readonly packages = new Map<string, Package>();
  private readonly bzl = new Map<string, BzlEntry>();
  /** .bzl paths being loaded, outermost first, after the BUILD file that started it. */
  private readonly loading: string[] = [];
  private readonly globals: Globals;
  private readonly readLine: (file: string, line: number) => string | undefined;
  /** Evaluations in progress, innermost last. */
  private readonly recordings: Recording[] = [];
  /** Cached entries already judged valid or not for this workspace. */
  private readonly validity = new Map<Memo, boolean>();
  /** Packages taken from the cache / evaluated by this loader (for tests and the benchmark). */
  readonly stats = { reused: 0, evaluated: 0 };

  constructor(
    readonly workspace: Workspace,
    private readonly opts: LoaderOptions = {},
  ) {
    this.profile = workspace.profile;
    this.workspaceDir = (opts.workspaceDir ?? '/workspace').replace(/\/+$/, '');
    this.globals = opts.cache?.adopt(workspace, this.workspaceDir, opts.maxSteps) ?? makeGlobals(workspace);
    this.readLine = (file, line) => {
      const rel = file.startsWith(this.workspaceDir + '/') ? file.slice(this.workspaceDir.length + 1) : file;
      const s = workspace.source(rel);
      return s && line >= 1 && line <= s.lines.lineCount ? s.lines.lineText(line) : undefined;
    };
  }

  /** The absolute path Bazel prints for a workspace file. */
  abs(path: string): string {
    return path ? `${this.workspaceDir}/${path}` : this.workspaceDir;
  }

  private emit(severity: BuildEvent['severity'], text: string, diagnostic?: Diagnostic): void {
    const event = { severity, text, diagnostic };
    this.events.push(event);
    if (diagnostic) this.diagnostics.push(diagnostic);
    this.recordings[this.recordings.length - 1]?.log.push({ event });
  }

  /** A diagnostic for the editor with no console line of its own (the line was printed another way). */
  private note(diagnostic: Diagnostic): void {
    this.diagnostics.push(diagnostic);
    this.recordings[this.recordings.length - 1]?.log.push({ diagnostic });
  }

  private replay(log: readonly LogEntry[]): void {
    for (const e of log) {
      if ('event' in e) {
        this.events.push(e.event);
        if (e.event.diagnostic) this.diagnostics.push(e.event.diagnostic);
      } else this.diagnostics.push(e.diagnostic);
    }
  }

  /** Runs an evaluation while recording what it reads and prints. */
  private record<T>(evaluate: () => T): { value: T; recording: Recording } {
    if (!this.opts.cache) return { value: evaluate(), recording: { reads: new Map(), loaded: [], log: [], spoiled: true } };
    const recording: Recording = { reads: this.workspace.startRecording(), loaded: [], log: [], spoiled: false };
    this.recordings.push(recording);
    try {
      return { value: evaluate(), recording };
    } finally {
      this.recordings.pop();
      this.workspace.stopRecording(recording.reads);
      if (this.opts.cancel?.cancelled) recording.spoiled = true;
    }
  }

  private memoOf(r: Recording): Memo {
    const memo = { reads: r.reads, loaded: r.loaded, log: r.log };
    // Its reads were answered by this workspace.
    this.opts.cache?.validIn.set(memo, this.workspace);
    return memo;
  }

  /** True when a cached evaluation would come out the same in this workspace. */
  private stillValid(memo: Memo): boolean {
    const known = this.validity.get(memo);
    if (known !== undefined) return known;
    const cache = this.opts.cache!;
    // Judged against the workspace it was last valid in: after a keystroke, only the edited texts are compared.
    let valid = this.workspace.answersSameAs(memo.reads, cache.validIn.get(memo));
    for (const [path, dep] of memo.loaded) {
      if (!valid) break;
      valid = cache.bzl.get(path) === dep && this.stillValid(dep.memo);
    }
    this.validity.set(memo, valid);
    if (valid) cache.validIn.set(memo, this.workspace);
    return valid;
  }

  /** Takes a cached .bzl into this loader (its loads first), printing what it printed when evaluated. */
  private adoptBzl(path: string, cached: CachedBzl): BzlEntry {
    const mine = this.bzl.get(path);
    if (mine) return mine;
    for (const [p, dep] of cached.memo.loaded) this.adoptBzl(p, dep);
    this.bzl.set(path, cached.entry);
    this.replay(cached.memo.log);
    return cached.entry;
  }

  /** An evaluation error as Bazel prints it: `Traceback (most recent call last):`, its frames (absolute paths), the error. */
  traceback(d: Diagnostic): string {
    const abs = { ...d, stack: (d.stack ?? []).map((f) => (f.file && f.file !== '<builtin>' ? { ...f, file: this.abs(f.file) } : f)) };
    return formatTraceback(abs, this.readLine);
  }

  /** Reports a Diagnostic from the Starlark layer in Bazel's printed form (tracebacks for evaluation errors). */
  private reportStarlark(d: Diagnostic): void {
    if (d.stack && d.stack.length > 0) {
      this.emit('error', this.traceback(d), d);
    } else {
      const where = d.file ? `${this.abs(d.file)}:${d.range.start.line}:${d.range.start.column}: ` : '';
      this.emit(d.severity === 'warning' ? 'warning' : 'error', where + d.message, d);
    }
  }

  /** The package of that name, loaded on first use; undefined when the directory is not a package. */
  /** How many packages this loader has loaded (Bazel's "(N packages loaded)"). */
  loadedPackageCount(): number {
    return this.packages.size;
  }

  getPackage(name: string): Package | undefined {
    const done = this.packages.get(name);
    if (done) return done;
    const buildFile = this.workspace.buildFileOf(name);
    if (buildFile === undefined) return undefined;
    const cache = this.opts.cache;
    const cached = cache?.packages.get(name);
    if (cached && this.stillValid(cached.memo)) {
      for (const [p, dep] of cached.memo.loaded) this.adoptBzl(p, dep);
      this.replay(cached.memo.log);
      this.packages.set(name, cached.pkg);
      this.stats.reused++;
      return cached.pkg;
    }
    if (cache) this.globals.host.workspace = this.workspace;
    const { value: pkg, recording } = this.record(() => this.loadPackage(name, buildFile));
    this.packages.set(name, pkg);
    this.stats.evaluated++;
    if (cache) {
      if (recording.spoiled) cache.packages.delete(name);
      else cache.packages.set(name, { pkg, memo: this.memoOf(recording) });
    }
    return pkg;
  }

  /** Loads every package of the workspace. */
  loadAllPackages(): Package[] {
    return this.workspace.packages.map((p) => this.getPackage(p)!);
  }

  /** Evaluates every .bzl file, so that errors of files no BUILD file loads show too. */
  loadAllBzl(): void {
    for (const p of this.workspace.paths) {
      if (!p.endsWith('.bzl') || this.bzl.has(p)) continue;
      if (this.workspace.packageOf(p) === undefined) continue;
      this.loadBzl(p);
    }
  }

  private loadPackage(name: string, buildFile: string): Package {
    const source = this.workspace.source(buildFile);
    const builder = new PackageBuilder(name, buildFile, {
      workspace: this.workspace,
      profile: this.profile,
      workspaceDir: this.workspaceDir,
      report: (d) => this.emit(d.severity === 'warning' ? 'warning' : 'error', `${this.abs(d.file)}:${d.range.start.line}:${d.range.start.column}: ${d.message}`, d),
    });
    if (!source) {
      // Listed but not readable (the CLI reads on demand: the file went away, or its permissions deny it).
      const pkg = builder.pkg;
      pkg.inError = true;
      pkg.loadError = `cannot read ${this.abs(buildFile)}`;
      pkg.targets.clear();
      const d: Diagnostic = {
        file: buildFile,
        range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
        severity: 'error',
        message: `error loading package '${name}': ${pkg.loadError}`,
        kind: 'loading',
      };
      pkg.diagnostics.push(d);
      this.emit('error', d.message, d);
      return pkg;
    }
    let loadError: string | undefined;
    let malformed = false;
    let cycle = false;
    const loads: string[] = [];
    this.loading.push(buildFile);
    const { diagnostics } = execFile(source, {
      dialect: 'build',
      semantics: this.profile.starlark,
      predeclared: this.globals.build,
      label: labelToString({ repo: '', pkg: name, name: buildFile.slice(buildFile.lastIndexOf('/') + 1) }),
      load: (module, from) => {
        const r = this.resolveLoad(module, from);
        if ('error' in r) {
          if (r.malformed) malformed = true;
          else loadError ??= r.error;
          if (r.cycle) cycle = true;
          return { error: r.error };
        }
        loads.push(r.path);
        return r.module;
      },
      print: (msg, where) => this.emit('debug', `${this.abs(where.file)}:${where.line}:${where.column}: ${msg}`),
      maxSteps: this.opts.maxSteps,
      cancel: this.opts.cancel,
      threadLocals: new Map<string, unknown>([[PACKAGE_KEY, builder]]),
    });
    this.loading.pop();
    const pkg = builder.pkg;
    for (const d of diagnostics) {
      if (d.kind === 'loading' && (loadError !== undefined || malformed)) {
        if (malformed) this.emit('error', `${this.abs(d.file)}:${d.range.start.line}:${d.range.start.column}: in load statement: ${d.message}`, d);
        continue;
      }
      pkg.inError = true;
      pkg.evalError = true;
      pkg.diagnostics.push(d);
      this.reportStarlark(d);
    }
    if (malformed) loadError ??= 'malformed load statements';
    if (loadError !== undefined) {
      pkg.inError = true;
      pkg.loadError = loadError;
      pkg.targets.clear();
      const d: Diagnostic = {
        file: buildFile,
        range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
        severity: 'error',
        message: `error loading package '${name}': ${loadError}`,
        kind: 'loading',
      };
      pkg.diagnostics.push(d);
      if (cycle) this.note(d);
      else this.emit('error', d.message, d);
      return pkg;
    }
    pkg.loads.push(...this.transitiveLoads(loads));
    return builder.finish();
  }

  /**
   * Every .bzl file reached from `direct`, each once, in Bazel's order (PackageFunction's transitive closure of
   * the loads: a file, then what it loads, depth first).
   */
  private transitiveLoads(direct: readonly string[], seen = new Set<string>()): string[] {
    const out: string[] = [];
    for (const l of direct) {
      if (seen.has(l)) continue;
      seen.add(l);
      out.push(l, ...this.transitiveLoads(this.bzl.get(l)?.loads ?? [], seen));
    }
    return out;
  }

  /** Resolves a load() string written in `from` to a frozen module, or says why it cannot. */
  private resolveLoad(
    module: string,
    from: string,
  ): { module: Module; path: string } | { error: string; malformed?: boolean; cycle?: boolean } {
    const pkg = this.workspace.packageOf(from) ?? '';
    let label: Label;
    try {
      label = parseLabelInPackage(module, { repo: '', pkg }, this.profile.labels);
    } catch (e) {
      if (e instanceof LabelSyntaxError) return { error: e.message, malformed: true };
      throw e;
    }
    if (!label.name.endsWith('.bzl') && !(this.profile.sclLoads && label.name.endsWith('.scl'))) {
      return { error: "The label must reference a file with extension '.bzl'", malformed: true };
    }
    const text = labelToString(label);
    if (label.repo !== '' && label.repo === this.opts.repo) label = { ...label, repo: '' };
    if (label.repo !== '') return this.resolveBuiltinLoad(label) ?? { error: `cannot load '${text}': no such file` };
    if (!this.workspace.isPackage(label.pkg)) {
      const owner = this.workspace.packageContainingDir(label.pkg);
      if (owner === undefined) {
        return {
          error: `Every .bzl file must have a corresponding package, but '${text}' does not have one. Please create a BUILD file in the same or any parent directory. Note that this BUILD file does not need to do anything except exist.`,
        };
      }
      const rest = (label.pkg.slice(owner.length + (owner ? 1 : 0)) + '/' + label.name).replace(/^\//, '');
      return { error: `Label '${text}' is invalid because '${label.pkg}' is not a package; perhaps you meant to put the colon here: '//${owner}:${rest}'?` };
    }
    const sub = this.workspace.subpackageCrossed(label.pkg, label.name);
    if (sub !== undefined) {
      const rest = label.name.slice(sub.length - (label.pkg ? label.pkg.length + 1 : 0) + 1);
      return { error: `Label '${text}' is invalid because '${sub}' is a subpackage; perhaps you meant to put the colon here: '//${sub}:${rest}'?` };
    }
    const path = label.pkg ? `${label.pkg}/${label.name}` : label.name;
    if (!this.workspace.hasFile(path)) return { error: `cannot load '${text}': no such file` };
    const i = this.loading.indexOf(path);
    if (i >= 0) {
      const cycle = this.loading.slice(i).map((p) => this.bzlLabel(p));
      const head = this.loading.slice(0, i);
      const lines = ['cycle detected in extension files: '];
      for (const h of head) lines.push(`    ${h.endsWith('.bzl') ? this.bzlLabel(h) : h}`);
      lines.push(...drawCycle([...cycle, cycle[0]!]).split('\n'));
      this.emit('error', lines.join('\n'));
      for (const r of this.recordings) r.spoiled = true;
      return { error: 'cycle detected in extension files', cycle: true };
    }
    const entry = this.loadBzl(path);
    this.noteLoaded(path);
    if (entry.module) return { module: entry.module, path };
    return { error: entry.error ?? `Extension file '${path}' has errors`, cycle: entry.cycle };
  }

  /** The label of a workspace .bzl path (its package is the nearest enclosing one). */
  bzlLabelOf(path: string): Label {
    const pkg = this.workspace.packageOf(path) ?? '';
    return { repo: '', pkg, name: path.slice(pkg ? pkg.length + 1 : 0) };
  }

  /**
   * A .bzl file of a built-in repository (@bazel_skylib…, see builtin-repos/), evaluated once like a workspace
   * one and cached under `external/<repo>/<path>`; undefined when the repository has no such file.
   */
  private resolveBuiltinLoad(label: Label): { module: Module; path: string } | { error: string } | undefined {
    const rel = label.pkg ? `${label.pkg}/${label.name}` : label.name;
    const text = builtinRepo(label.repo)?.[rel];
    if (text === undefined) return undefined;
    const path = `external/${label.repo}/${rel}`;
    let entry = this.bzl.get(path);
    const cached = this.opts.cache?.bzl.get(path);
    if (!entry && cached) entry = this.adoptBzl(path, cached);
    if (!entry) {
      const { value, recording } = this.record((): BzlEntry => {
        const definition: BzlDefinition = {};
        const { module, diagnostics } = execFile(new SourceFile(path, text), {
          dialect: 'bzl',
          semantics: this.profile.starlark,
          predeclared: this.globals.bzl,
          label: labelToString(label),
          postAssign: (name, value) => exportValue(value, name, label),
          load: () => ({ error: 'built-in repository files load nothing' }),
          maxSteps: this.opts.maxSteps,
          cancel: this.opts.cancel,
          threadLocals: new Map<string, unknown>([[BZL_DEFINITION_KEY, definition]]),
        });
        for (const d of diagnostics) this.reportStarlark(d);
        const digest = transitiveDigest(text, []);
        definition.digest = recordedDigest(path) ?? toHex(digest);
        return diagnostics.length === 0 ? { module, loads: [], digest } : { error: `Extension file '${labelToString(label)}' has errors`, loads: [] };
      });
      entry = value;
      this.bzl.set(path, entry);
      if (this.opts.cache && !recording.spoiled) this.opts.cache.bzl.set(path, { entry, memo: this.memoOf(recording) });
    }
    this.noteLoaded(path);
    return entry.module ? { module: entry.module, path } : { error: entry.error ?? `Extension file '${labelToString(label)}' has errors` };
  }

  /** The evaluation in progress depends on the cached entry of a .bzl it just loaded. */
  private noteLoaded(path: string): void {
    const r = this.recordings[this.recordings.length - 1];
    const cached = this.opts.cache?.bzl.get(path);
    if (!r) return;
    if (cached && this.bzl.get(path) === cached.entry) r.loaded.push([path, cached]);
    else r.spoiled = true;
  }

  private bzlLabel(path: string): string {
    const pkg = this.workspace.packageOf(path) ?? '';
    return labelToString({ repo: '', pkg, name: path.slice(pkg ? pkg.length + 1 : 0) });
  }

  /** Evaluates a .bzl file once; later calls return the cached (frozen) module or failure. */
  loadBzl(path: string): BzlEntry {
    const mine = this.bzl.get(path);
    if (mine) return mine;
    const cache = this.opts.cache;
    const cached = cache?.bzl.get(path);
    if (cached && this.stillValid(cached.memo)) return this.adoptBzl(path, cached);
    if (cache) this.globals.host.workspace = this.workspace;
    const { value: entry, recording } = this.record(() => this.evaluateBzl(path));
    if (cache) {
      if (recording.spoiled) cache.bzl.delete(path);
      else cache.bzl.set(path, { entry, memo: this.memoOf(recording) });
    }
    return entry;
  }

  private evaluateBzl(path: string): BzlEntry {
    const source = this.workspace.source(path);
    if (!source) {
      const unreadable: BzlEntry = { error: `cannot read ${this.abs(path)}`, loads: [] };
      this.bzl.set(path, unreadable);
      return unreadable;
    }
    const loads: string[] = [];
    const definition: BzlDefinition = {};
    let loadError: string | undefined;
    let cycle = false;
    this.loading.push(path);
    const { module, diagnostics } = execFile(source, {
      dialect: 'bzl',
      semantics: this.profile.starlark,
      predeclared: this.globals.bzl,
      label: this.bzlLabel(path),
      postAssign: (name, value) => exportValue(value, name, this.bzlLabelOf(path)),
      load: (m, from) => {
        const r = this.resolveLoad(m, from);
        if ('error' in r) {
          loadError ??= r.error;
          if (r.cycle) cycle = true;
          return { error: r.error };
        }
        loads.push(r.path);
        return r.module;
      },
      print: (msg, where) => this.emit('debug', `${this.abs(where.file)}:${where.line}:${where.column}: ${msg}`),
      maxSteps: this.opts.maxSteps,
      cancel: this.opts.cancel,
      threadLocals: new Map<string, unknown>([[BZL_DEFINITION_KEY, definition]]),
    });
    this.loading.pop();
    const digest = transitiveDigest(source.text, loads.map((p) => this.bzl.get(p)?.digest));
    // A stand-in for one of Bazel's own .bzl files (in an external repository's loader) reports the real file's digest.
    definition.digest = (this.opts.repo ? recordedDigest(`external/${this.opts.repo}/${path}`) : undefined) ?? toHex(digest);
    let entry: BzlEntry;
    if (diagnostics.length === 0) entry = { module, loads, digest };
    else {
      for (const d of diagnostics) {
        if (d.kind === 'loading' && loadError !== undefined) {
          this.note(d);
          continue;
        }
        this.reportStarlark(d);
      }
      if (cycle) entry = { error: loadError, cycle, loads };
      else if (loadError !== undefined) entry = { error: this.throughLoad(path, diagnostics, loadError), loads };
      else entry = { error: bzlFailed(this.profile, path, diagnostics), loads };
    }
    this.bzl.set(path, entry);
    return entry;
  }

  /** A loaded .bzl file's failure as the file that loads it reports it. */
  private throughLoad(path: string, diagnostics: readonly Diagnostic[], loadError: string): string {
    if (this.profile.bzlFailure === 'bazel4') return `in ${this.abs(path)}: ${loadError}`;
    const at = diagnostics.find((d) => d.kind === 'loading');
    return at ? `at ${this.abs(path)}:${at.range.start.line}:${at.range.start.column}: ${loadError}` : loadError;
  }

  /** The modules loaded so far, by workspace path (for the docs layer). */
  loadedBzl(path: string): Module | undefined {
    return this.bzl.get(path)?.module;
  }
}
