// Execution: runs the actions that produce the requested artifacts, in dependency order, through an action
// cache, and keeps every file of the build in an in-memory output tree (exec path → bytes).
//
// The cache (ActionCache) is keyed by action and holds a digest of everything that determines the outputs —
// the kind, the script and environment (or content), the exec paths and content digests of the
// inputs, the output paths — with the outputs it produced. An action whose digest is unchanged is not run; its
// outputs come from the cache. A changed input changes the digests of exactly the actions that read it, and,
// through their outputs' content, of what depends on those: a second build with nothing changed runs no
// action, and an edit reruns only its dependents. The worker keeps one cache across edits; the CLI starts cold.
//
// A genrule runs in the emulated bash (shell/) over a fresh file system holding only its inputs (so declared
// outputs never pre-exist: Bazel deletes them before the run), with the parent directories of its outputs
// created, in the sanitised environment, with `/execroot/<workspace>` as working directory. A failing command
// or a missing declared output fails the action with Bazel's messages, and no output of it is kept. An action's
// stdout or stderr above 1 MiB is not shown,
// as Bazel's --experimental_ui_max_stdouterr_bytes (default 1 MiB) has it: a line says it was skipped.

import { labelToString, type Label, type Location, type Place } from '../loading/index.ts';
import { utf8Decode, utf8Encode, type ConsoleEvent, type Diagnostic } from '../base/index.ts';
import type { Action, Artifact } from './artifacts.ts';
import { Digest, digestBytes } from './digest.ts';
import { runShell, type ShellLimitHit, type ShellLimits, type ShellResult, type ShellSignal } from './shell/index.ts';

export interface CacheEntry {
  readonly digest: string;
  readonly outputs: ReadonlyMap<string, Uint8Array>;
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode?: number;
  /** The shell limit that stopped the run (tests keep failed runs in the cache). */
  readonly limitHit?: ShellLimitHit;
}

/** Bazel's default --experimental_ui_max_stdouterr_bytes: a larger stdout or stderr of an action is not printed. */
export const MAX_STDOUTERR_BYTES = 1024 * 1024;

/**
 * An action's stdout or stderr as Bazel prints it after the action's message: as it is up to
 * MAX_STDOUTERR_BYTES, else a line saying that it was skipped (UiEventHandler.getContentIfSmallEnough).
 * `path` is where Bazel keeps the stream, e.g. `bazel-out/_tmp/actions/stdout-1` under the execroot.
 */
export function shownOutput(text: string, stream: 'stdout' | 'stderr', path: string): string {
  if (text.length <= MAX_STDOUTERR_BYTES / 3) return text;
  const size = utf8Encode(text).length;
  if (size <= MAX_STDOUTERR_BYTES) return text;
  return `${stream} (${path}) ${size} exceeds maximum size of --experimental_ui_max_stdouterr_bytes=${MAX_STDOUTERR_BYTES} bytes; skipping\n`;
}

/** Outputs of past action runs, by action key; keep one across builds for incrementality. */
export class ActionCache {
  readonly entries = new Map<string, CacheEntry>();
}

export interface ExecutorOptions {
  readonly workspaceDir: string;
  /** `__main__` (4.2.3) or `_main`. */
  readonly workspaceName: string;
  readonly cache: ActionCache;
  readonly limits?: ShellLimits;
  readonly signal?: ShellSignal;
  /** Checked before each action: a cancelled build runs nothing more ("build interrupted"). */
  readonly cancel?: { cancelled: boolean };
  /** Source file contents by workspace path. */
  readonly readSource: (path: string) => Uint8Array | undefined;
  /** Called when an action's run ends (for genrule explanations). */
  readonly onRun?: (action: Action, r: ActionRun) => void;
  /** Where the editor marks a failed action (its rule); asked only when one fails. Default: the rule's location. */
  /** Where in its BUILD file the rule that owns an action or a top-level target is written (for the editor). */
  readonly placeOf?: (owner: Label) => Place | undefined;
}

export interface ActionRun {
  readonly cached: boolean;
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly outputs: ReadonlyMap<string, Uint8Array>;
  readonly missing: readonly string[];
  readonly ok: boolean;
}

/** Shell quoting as Bazel prints argv in failure messages. */
export function shellQuote(s: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s)) return s;
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

const NOWHERE = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };

/** The shells --shell_executable may name that the emulated bash stands for; any other cannot be started. */
const BASH_LIKE: ReadonlySet<string> = new Set(['/bin/bash', '/usr/bin/bash', '/bin/sh', '/usr/bin/sh', 'bash', 'sh']);

export class Executor {
  /** Every file of the build: sources read and outputs produced, by exec path. */
  readonly tree = new Map<string, Uint8Array>();
  /** Exec paths of executable files in the tree. */
  readonly executables = new Set<string>();
  /** What the console prints of the build: failures as Diagnostics, action output as text. */
  readonly events: ConsoleEvent[] = [];
  /** Generated files produced (or restored from the cache) in this build, in order. */
  readonly produced: string[] = [];
  /** Outputs of actions that failed: Bazel deletes them, so an output tree must not keep an older copy. */
  readonly removed: string[] = [];
  ran = 0;
  cachedCount = 0;
  /** Actions whose stdout or stderr was too large to show, for the names of Bazel's stream files. */
  private skippedStreams = 0;
  private readonly status = new Map<string, Promise<boolean>>();

  constructor(
    private readonly actions: ReadonlyMap<string, Action>,
    readonly opts: ExecutorOptions,
  ) {}

  get execRoot(): string {
    return `/execroot/${this.opts.workspaceName}`;
  }

  /** Makes every artifact available in the tree; false when one of them could not be. */
  async build(artifacts: readonly Artifact[]): Promise<boolean> {
    let ok = true;
    for (const a of artifacts) if (!(await this.artifact(a))) ok = false;
    return ok;
  }

  /**
   * A top-level target's files (for a non-executable, its runfiles then its files: the caller passes them so) and,
   * for an executable, its runfiles, as Bazel completes a target: the actions making its files run first; then a
   * missing source file among the files is `<BUILD>:l:c: //p:t: missing input
   * file '…'` — the label as requested (an alias's own), the location of the target it stands for; runfiles go
   * through Bazel's runfiles middleman action (`Middleman _middlemen/<escaped path>-runfiles failed: …`), which
   * fails the same way on a missing source, and does not run when one of its generated inputs failed (checked with
   * 4.2.3). Each failure's `N input file(s) do not exist` summary is an event marked `bare`: the build prints the
   * first one at its end, and only without --keep_going.
   */
  async buildTopLevel(
    requested: Label,
    owner: Label,
    location: Location,
    files: readonly Artifact[],
    runfiles: { readonly middleman: string; readonly artifacts: readonly Artifact[] } | undefined,
  ): Promise<boolean> {
    const l = labelToString(requested);
    let ok = true;
    const missing = (as: readonly Artifact[]) => as.filter((a) => !a.generatedBy && !this.tree.has(a.execPath) && this.source(a.execPath) === undefined);
    const name = (a: Artifact) => (a.label ? labelToString(a.label) : a.execPath);
    const generatedOk = await this.build(files.filter((a) => a.generatedBy));
    if (!generatedOk) ok = false;
    const gone = missing(files);
    if (gone.length > 0) {
      for (const a of gone) this.failAt(owner, location, `${l}: missing input file '${name(a)}'`);
      // The summary ends the build only when it is the build's first failure, not after a failed action.
      if (generatedOk) this.failAt(owner, location, `${gone.length} input file(s) do not exist`, 'bare');
      ok = false;
    }
    if (!(await this.build(files.filter((a) => !a.generatedBy && !gone.includes(a))))) ok = false;
    if (runfiles) {
      if (!(await this.build(runfiles.artifacts.filter((a) => a.generatedBy)))) return false;
      const goneRunfiles = missing(runfiles.artifacts);
      const progress = `Middleman ${runfiles.middleman} failed`;
      for (const a of goneRunfiles) this.failAt(owner, location, `${progress}: missing input file '${name(a)}'`);
      if (goneRunfiles.length > 0) {
        this.failAt(owner, location, `${progress}: ${goneRunfiles.length} input file(s) do not exist`, 'bare');
        ok = false;
      }
      if (!(await this.build(runfiles.artifacts.filter((a) => !a.generatedBy && !goneRunfiles.includes(a))))) ok = false;
    }
    return ok;
  }

  /** Source files read in this build, by exec path: a check for a missing input and the read after it are one read. */
  private readonly sources = new Map<string, Uint8Array | undefined>();

  private source(path: string): Uint8Array | undefined {
    if (this.sources.has(path)) return this.sources.get(path);
    const bytes = this.opts.readSource(path);
    this.sources.set(path, bytes);
    return bytes;
  }

  private async artifact(a: Artifact): Promise<boolean> {
    if (this.tree.has(a.execPath)) return true;
    if (!a.generatedBy) {
      const bytes = this.source(a.execPath);
      if (!bytes) {
        const l = a.label ? labelToString(a.label) : a.execPath;
        this.events.push({ diagnostic: { file: '', range: NOWHERE, severity: 'error', message: `missing input file '${l}'`, kind: 'execution', target: l, printedAt: null } });
        return false;
      }
      this.tree.set(a.execPath, bytes);
      if (a.execPath.endsWith('.sh') || utf8Decode(bytes.subarray(0, 2)) === '#!') this.executables.add(a.execPath);
      return true;
    }
    const action = this.actions.get(a.generatedBy);
    if (!action) return false;
    let p = this.status.get(action.key);
    if (!p) {
      p = this.run(action);
      this.status.set(action.key, p);
    }
    return p;
  }

  private digest(action: Action): string {
    const d = new Digest().string(action.kind).string(action.script ?? '');
    if (action.shell) d.string(action.shell);
    for (const [k, v] of Object.entries(action.env ?? {}).sort()) d.string(k).string(v);
    if (action.content) d.bytes(action.content);
    for (const i of [...action.inputs].sort((x, y) => (x.execPath < y.execPath ? -1 : 1))) {
      d.string(i.execPath).string(digestBytes(this.tree.get(i.execPath) ?? new Uint8Array()));
      d.string(this.executables.has(i.execPath) ? 'x' : '-');
    }
    for (const o of action.outputs) d.string(o.execPath);
    return d.hex();
  }

  private async run(action: Action): Promise<boolean> {
    // The generated inputs are made first; a failed one is the action's only error. Then missing source inputs
    // fail the action, as Bazel reports them: each by label, then their count (checked with 4.2.3).
    let inputsOk = true;
    for (const i of action.inputs) if (i.generatedBy && !(await this.artifact(i))) inputsOk = false;
    if (!inputsOk) return false;
    const missingSources = action.inputs.filter((i) => !i.generatedBy && !this.tree.has(i.execPath) && this.source(i.execPath) === undefined);
    if (missingSources.length > 0) {
      for (const m of missingSources) this.fail(action, `${action.progress} failed: missing input file '${m.label ? labelToString(m.label) : m.execPath}'`);
      this.fail(action, `${action.progress} failed: ${missingSources.length} input file(s) do not exist`, 'bare');
      return false;
    }
    for (const i of action.inputs) if (!i.generatedBy && !(await this.artifact(i))) inputsOk = false;
    if (!inputsOk) return false;
    if (this.opts.cancel?.cancelled) {
      if (!this.events.some((e) => 'diagnostic' in e && e.diagnostic.message === 'build interrupted')) {
        this.events.push({ diagnostic: { file: '', range: NOWHERE, severity: 'error', message: 'build interrupted', kind: 'execution', printedAt: null } });
      }
      return false;
    }
    const digest = this.digest(action);
    const cached = this.opts.cache.entries.get(action.key);
    if (cached && cached.digest === digest) {
      this.cachedCount++;
      this.store(action, cached.outputs);
      this.opts.onRun?.(action, { cached: true, exitCode: cached.exitCode ?? 0, stdout: cached.stdout, stderr: cached.stderr, outputs: cached.outputs, missing: [], ok: true });
      return true;
    }
    this.ran++;
    const r = await this.execute(action);
    this.opts.onRun?.(action, r);
    if (!r.ok) {
      this.removed.push(...action.outputs.map((o) => o.execPath));
      return false;
    }
    this.opts.cache.entries.set(action.key, { digest, outputs: r.outputs, stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode });
    this.store(action, r.outputs);
    return true;
  }

  private store(action: Action, outputs: ReadonlyMap<string, Uint8Array>): void {
    for (const o of action.outputs) {
      const bytes = outputs.get(o.execPath);
      if (!bytes) continue;
      this.tree.set(o.execPath, bytes);
      if (action.executableOutputs?.has(o.execPath)) this.executables.add(o.execPath);
      this.produced.push(o.execPath);
    }
  }

  /** What Bazel prints of a run's stdout and stderr after the action's message (the limit message is on stderr). */
  private shown(r: ShellResult): string {
    const n = this.skippedStreams + 1;
    const stdout = shownOutput(r.stdout, 'stdout', `${this.execRoot}/bazel-out/_tmp/actions/stdout-${n}`);
    const stderr = shownOutput(r.stderr, 'stderr', `${this.execRoot}/bazel-out/_tmp/actions/stderr-${n}`);
    if (stdout !== r.stdout || stderr !== r.stderr) this.skippedStreams = n;
    return stdout + stderr;
  }

  /** An action failed: a Diagnostic marked on its rule, printed at the rule's location (`bare`: without a colon). */
  private fail(action: Action, message: string, bare?: 'bare'): void {
    this.failAt(action.owner, action.location, message, bare);
  }

  private failAt(owner: Label, loc: Location, message: string, bare?: 'bare'): void {
    const place = this.opts.placeOf?.(owner);
    const d: Diagnostic = {
      file: place?.file ?? loc.file,
      range: place?.range ?? { start: { line: loc.line, column: loc.column }, end: { line: loc.line, column: loc.column } },
      severity: 'error',
      message,
      kind: 'execution',
      target: labelToString(owner),
      printedAt: { file: loc.file, line: loc.line, column: loc.column, ...(bare ? { bare: true } : {}) },
    };
    this.events.push({ diagnostic: d });
  }

  private async execute(action: Action): Promise<ActionRun> {
    switch (action.kind) {
      case 'symlink': {
        const src = this.tree.get(action.inputs[0]!.execPath)!;
        return { cached: false, exitCode: 0, stdout: '', stderr: '', outputs: new Map([[action.outputs[0]!.execPath, src]]), missing: [], ok: true };
      }
      case 'write':
        return { cached: false, exitCode: 0, stdout: '', stderr: '', outputs: new Map([[action.outputs[0]!.execPath, action.content ?? new Uint8Array()]]), missing: [], ok: true };
      case 'genrule':
        return this.genrule(action);
    }
  }

  private async genrule(action: Action): Promise<ActionRun> {
    const cwd = this.execRoot;
    const files = new Map<string, Uint8Array>();
    const executable = new Set<string>();
    for (const i of action.inputs) {
      files.set(`${cwd}/${i.execPath}`, this.tree.get(i.execPath)!);
      if (this.executables.has(i.execPath)) executable.add(`${cwd}/${i.execPath}`);
    }
    const dirs = new Set(action.outputs.map((o) => `${cwd}/${o.execPath.slice(0, o.execPath.lastIndexOf('/'))}`));
    // bash itself adds SHLVL (and PWD, `_`) to what the action environment holds.
    const env = { ...(action.env ?? {}), SHLVL: '1' };
    const shell = action.shell ?? '/bin/bash';
    const words = action.argv ?? [shell, '-c', action.script!];
    const argv = words.map(shellQuote).join(' ');
    const program = words[0] ?? shell;
    const failed = (code: number, output: string) =>
      this.fail(action, `${action.progress} failed: (Exit ${code}): ${program.slice(program.lastIndexOf('/') + 1)} failed: error executing command ${argv}${output ? '\n' + output.replace(/\n$/, '') : ''}`);
    if (!BASH_LIKE.has(shell)) {
      // The emulated machine has bash (and sh) only: any other program cannot be started, as execvp reports it.
      failed(1, `src/main/tools/process-wrapper-legacy.cc:80: "execvp(${shell}, ...)": No such file or directory`);
      return { cached: false, exitCode: 1, stdout: '', stderr: '', outputs: new Map(), missing: [], ok: false };
    }
    let r: ShellResult;
    try {
      r = await runShell({ script: action.script!, cwd, env, files, executable, dirs, limits: this.opts.limits, signal: this.opts.signal });
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      this.fail(action, `${action.progress} failed: the emulated shell failed: ${msg}`);
      return { cached: false, exitCode: 1, stdout: '', stderr: msg, outputs: new Map(), missing: [], ok: false };
    }
    const output = this.shown(r);
    const outputs = new Map<string, Uint8Array>();
    const missing: string[] = [];
    for (const o of action.outputs) {
      const bytes = r.files.get(`${cwd}/${o.execPath}`);
      if (bytes) outputs.set(o.execPath, bytes);
      else missing.push(o.execPath);
    }
    if (r.exitCode !== 0) {
      // As Bazel 4.2.3's standalone (local) strategy describes a failed spawn: its argv, quoted.
      failed(r.exitCode, output);
      return { cached: false, exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr, outputs: new Map(), missing, ok: false };
    }
    if (output) this.events.push({ severity: 'info', text: `From ${action.progress}:\n${output.replace(/\n$/, '')}` });
    if (missing.length > 0) {
      for (const m of missing) {
        const short = action.outputs.find((o) => o.execPath === m)!.shortPath;
        this.fail(
          action,
          `declared output '${short}' was not created by genrule. This is probably because the genrule actually didn't create this output, or because the output was a directory and the genrule was run remotely (note that only the contents of declared file outputs are copied from genrules run remotely)`,
        );
      }
      this.fail(action, `${action.progress} failed: not all outputs were created or valid`);
      return { cached: false, exitCode: 0, stdout: r.stdout, stderr: r.stderr, outputs: new Map(), missing, ok: false };
    }
    return { cached: false, exitCode: 0, stdout: r.stdout, stderr: r.stderr, outputs, missing, ok: true };
  }
}

