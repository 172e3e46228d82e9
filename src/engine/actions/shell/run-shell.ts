// runShell: one genrule command or test script, run in just-bash over a fresh in-memory file system, with
// the shell's limits (commands, loop iterations, output bytes, wall time) and its files read back after.
//
// Each run has its own file system and interpreter, so runs share nothing (the file system's layout is copied
// from a template built once: fresh-fs.ts). The inputs are written with a
// fixed mtime, and just-bash's defence-in-depth mode is off: it patches JavaScript globals (setTimeout,
// performance, Function…) while a script runs, which would disturb the rest of the engine's worker, and it
// makes every command three to four times slower; the shell only ever runs just-bash's own commands and the
// few of gnu-commands.ts, never guest JavaScript. Network commands, python, js-exec and sqlite3 are not
// registered (COMMANDS lists what is).
//
// Limits: just-bash stops a run that passes one of its limits with a message of its own (exit 126, or 124
// for the deadline); classifyLimit() recognises those messages, and the result then carries limitHit and a
// rulepen message naming the limit in their place. The command budget is what stops a loop that never ends,
// deterministically and well within a second for ordinary loop bodies; the wall-clock limit is the backstop
// for slow commands. `yes` stops by itself (gnu-commands.ts) so that `yes | head` works; when its output
// reached stdout, stderr or a file instead of a reader that stops, the run is reported as an output flood, as
// bash would have run into the output limit. Loops run by the interpreter yield only to microtasks, so an
// AbortSignal aborted from a timer or a worker message cannot fire until the run ends; `signal` is honoured
// when it is already aborted (and whenever just-bash checks it), while a run-away script is ended by its
// budgets, and the playground's Stop terminates the worker.

import { utf8Encode } from '../../base/index.ts';
import { ensureBufferGlobal } from './browser-buffer.ts';
import { GENRULE_SETUP_PATH, GENRULE_SETUP_SH } from './genrule.ts';
import { gnuCommands, type GnuRunState } from './gnu-commands.ts';
import { entries, freshShell, type FsEntry } from './fresh-fs.ts';
import { loadJustBash, type AbortSignalLike, type JustBashFs } from './just-bash-loader.js';

/** An AbortSignal, as far as the shell reads it (the engine is typed without the DOM). */
export type ShellSignal = AbortSignalLike;

export interface ShellLimits {
  /** Commands run, counting each command of a pipeline, loop conditions and assignments (default 10,000). */
  maxCommands?: number;
  /** Iterations of any one for/while/until loop (default 100,000). */
  maxLoopIterations?: number;
  /** Bytes written, to stdout/stderr or through redirections, over the whole run (default 16 MiB). */
  maxOutputBytes?: number;
  /** Wall-clock time of the whole run in milliseconds (default 10,000). */
  maxMillis?: number;
}

export interface ShellRun {
  /** The genrule command after Bazel's expansion (see genruleScript), or a test script invocation. */
  script: string;
  /** The working directory, e.g. the execroot '/execroot/_main'; created if missing. */
  cwd: string;
  /** Exactly the variables to set (the caller sanitises them: PATH, TMPDIR, …); nothing else is inherited. */
  env: Record<string, string>;
  /** Input files at absolute paths, created before the run (parent directories made). */
  files: Map<string, Uint8Array>;
  /** Paths (among `files`) to mark executable. */
  executable?: Set<string>;
  /** Directories to create before the run, as Bazel makes each output's parent directory. */
  dirs?: Iterable<string>;
  limits?: ShellLimits;
  /** Stop: a run whose signal is aborted ends as 'cancelled'. */
  signal?: ShellSignal;
}

export type ShellLimitHit = 'commands' | 'loop' | 'output' | 'time' | 'cancelled';

/** Which limit a run passed, and how: `yes` is an output flood found after the run (see runShell). */
export type LimitCause = ShellLimitHit | 'yes';

export interface ShellResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Every regular file after the run, by absolute path (symbolic links read through to their target). */
  files: Map<string, Uint8Array>;
  limitHit?: ShellLimitHit;
  /**
   * The time `sleep` commands asked for, in milliseconds: sleep returns at once, so this virtual clock is how
   * long the run would have taken (a test runner compares it with the test's timeout).
   */
  sleptMs?: number;
}

/**
 * The command budget stops a loop that never ends: 10,000 commands take 0.1–0.6 s of CPU on this 2-core
 * machine (just-bash spends 10–60 µs on a command, the more with redirections), while a genrule or a test
 * script runs a few hundred. Bazel users' genrules write up to a few MiB, well below the output limit; the
 * wall-clock limit is the backstop for commands that are slow in themselves.
 */
export const DEFAULT_SHELL_LIMITS: Required<ShellLimits> = {
  maxCommands: 10_000,
  maxLoopIterations: 100_000,
  maxOutputBytes: 16 * 1024 * 1024,
  maxMillis: 10_000,
};

/**
 * The just-bash commands a run may use: everything it bundles except html-to-markdown (network) and sqlite3
 * (a Node worker thread). curl exists only with a network configuration, python and js-exec only when
 * enabled, and the adapter configures neither.
 */
export const COMMANDS: readonly string[] = [
  'echo', 'cat', 'printf', 'ls', 'mkdir', 'rmdir', 'touch', 'rm', 'cp', 'mv', 'ln', 'chmod', 'pwd', 'readlink',
  'head', 'tail', 'wc', 'stat', 'grep', 'fgrep', 'egrep', 'rg', 'sed', 'awk', 'sort', 'uniq', 'comm', 'cut',
  'paste', 'tr', 'rev', 'nl', 'fold', 'expand', 'unexpand', 'strings', 'split', 'column', 'join', 'tee', 'find',
  'basename', 'dirname', 'tree', 'du', 'env', 'printenv', 'alias', 'unalias', 'history', 'xargs', 'true',
  'false', 'clear', 'bash', 'sh', 'jq', 'base64', 'diff', 'date', 'sleep', 'timeout', 'seq', 'expr', 'md5sum',
  'sha1sum', 'sha256sum', 'file', 'help', 'which', 'tac', 'hostname', 'od', 'gzip', 'gunzip', 'zcat', 'tar',
  'yq', 'xan', 'time', 'whoami',
];

/** The mtime every input file gets, so that `ls -l` of an input does not show the host's clock. */
const INPUT_MTIME = new Date(Date.UTC(2000, 0, 1));

// Under the C locale that Bazel's empty environment implies, GNU tools sort bytewise; just-bash sorts with
// String.prototype.localeCompare, so every run executes inside withCLocale(), which makes that comparison
// bytewise for the duration of the run and restores it after (runs may overlap in a worker: a depth count).
/** How many runs are inside withCLocale now (runs may overlap in a worker), and the comparison to restore. */
let cLocaleDepth = 0;
let savedLocaleCompare: ((this: string, that: string) => number) | undefined;

/** Runs `f` with String.prototype.localeCompare comparing bytewise (the C locale's collation). */
export async function withCLocale<T>(f: () => Promise<T>): Promise<T> {
  const proto = String.prototype as unknown as { localeCompare: (this: string, that: string) => number };
  if (cLocaleDepth++ === 0) {
    savedLocaleCompare = proto.localeCompare;
    proto.localeCompare = function (this: string, that: string): number {
      const a = String(this);
      const b = String(that);
      return a < b ? -1 : a > b ? 1 : 0;
    };
  }
  try {
    return await f();
  } finally {
    if (--cLocaleDepth === 0 && savedLocaleCompare) proto.localeCompare = savedLocaleCompare;
  }
}

export function runShell(run: ShellRun): Promise<ShellResult> {
  return withCLocale(() => runShellNow(run));
}

async function runShellNow(run: ShellRun): Promise<ShellResult> {
  const limits = { ...DEFAULT_SHELL_LIMITS, ...definedOnly(run.limits ?? {}) };
  if (run.signal?.aborted) {
    return { exitCode: 130, stdout: '', stderr: limitMessage('cancelled', limits), files: new Map(run.files), limitHit: 'cancelled' };
  }
  ensureBufferGlobal();
  const jb = await loadJustBash();

  const state: GnuRunState = { yesBytes: 0 };
  let sleptMs = 0;
  const { bash, fs, seeded } = freshShell(jb, {
    cwd: run.cwd,
    env: run.env,
    commands: [...COMMANDS],
    customCommands: gnuCommands(jb, state),
    // `sleep` returns at once: waiting would only spend the run's time budget, and outputs cannot tell. The
    // time asked for is kept (ShellResult.sleptMs).
    sleep: async (ms: number) => {
      sleptMs += ms;
    },
    defenseInDepth: false,
    executionLimits: {
      maxCommandCount: limits.maxCommands,
      maxLoopIterations: limits.maxLoopIterations,
      maxOutputSize: limits.maxOutputBytes,
      maxExecutionTimeMs: limits.maxMillis,
    },
  });
  // What the run starts with that is not its own: the layout (by entry, see fresh-fs.ts) and the setup file.
  const layout = new Map<string, Uint8Array>();

  const inputs = new Map(run.files);
  const setup = `${run.cwd}/${GENRULE_SETUP_PATH}`;
  if (run.script.includes(GENRULE_SETUP_PATH) && !inputs.has(setup)) {
    // Bazel's own file, not one of the caller's inputs: it stays out of the result unless the script changes it.
    const text = utf8Encode(GENRULE_SETUP_SH);
    inputs.set(setup, text);
    layout.set(setup, text);
  }
  for (const dir of [run.cwd, '/tmp', run.env.TMPDIR, ...(run.dirs ?? [])]) {
    if (dir?.startsWith('/')) await fs.mkdir(dir, { recursive: true });
  }
  for (const [path, content] of inputs) {
    await fs.mkdir(path.slice(0, path.lastIndexOf('/')) || '/', { recursive: true });
    await fs.writeFile(path, content);
    await fs.chmod(path, run.executable?.has(path) || path === setup ? 0o755 : 0o644);
    await fs.utimes(path, INPUT_MTIME, INPUT_MTIME);
  }

  const result = await bash.exec(run.script, {
    cwd: run.cwd,
    env: run.env,
    replaceEnv: true,
    rawScript: true,
    signal: run.signal,
  });

  let { stdout, stderr, exitCode } = result;
  const files = await collectFiles(fs, seeded, layout);
  let cause: LimitCause | undefined = classifyLimit(result.stderr, result.exitCode);
  if (!cause && run.signal?.aborted) cause = 'cancelled';
  if (!cause && state.yesBytes > 0 && yesFlooded(state.yesBytes, stdout, stderr, files, inputs)) cause = 'yes';
  if (cause) {
    stderr = stripLimitMessages(stderr) + limitMessage(cause, limits);
    exitCode = cause === 'time' ? 124 : cause === 'cancelled' ? 130 : 126;
  }
  const limitHit: ShellLimitHit | undefined = cause === 'yes' ? 'output' : cause;
  return { exitCode, stdout, stderr, files, ...(limitHit ? { limitHit } : {}), ...(sleptMs > 0 ? { sleptMs } : {}) };
}

/**
 * Whether the output of a `yes` that stopped by itself (`yesBytes`) went where a real `yes` would never stop:
 * stdout, stderr, or a file the run wrote holds at least that much. A reader that stops (`yes | head -3`)
 * leaves far less; `yes | cat > f` or `yes > f` leave all of it.
 */
function yesFlooded(
  yesBytes: number,
  stdout: string,
  stderr: string,
  files: ReadonlyMap<string, Uint8Array>,
  inputs: ReadonlyMap<string, Uint8Array>,
): boolean {
  if (byteLength(stdout) >= yesBytes || byteLength(stderr) >= yesBytes) return true;
  for (const [path, bytes] of files) {
    if (bytes.length < yesBytes) continue;
    const before = inputs.get(path);
    if (!before || !sameBytes(before, bytes)) return true;
  }
  return false;
}

function definedOnly(limits: ShellLimits): ShellLimits {
  return Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined));
}

/** just-bash's messages for the limits the adapter sets, by the limit they report. */
const LIMIT_PATTERNS: readonly [RegExp, ShellLimitHit][] = [
  [/too many commands executed \(>\d+\), increase executionLimits\.maxCommandCount/, 'commands'],
  [/too many iterations \(\d+\), increase executionLimits\.maxLoopIterations/, 'loop'],
  [/output size (exceeded|limit exceeded) \(>?\d+ bytes\)/, 'output'],
  [/exceeded (its )?execution deadline/, 'time'],
  [/^bash: execution aborted$/m, 'cancelled'],
];

export function classifyLimit(stderr: string, exitCode: number): ShellLimitHit | undefined {
  if (exitCode !== 126 && exitCode !== 124 && exitCode !== 130) return undefined;
  const lines = stderr.trimEnd().split('\n');
  const last = lines[lines.length - 1] ?? '';
  for (const [re, hit] of LIMIT_PATTERNS) if (re.test(last)) return hit;
  return undefined;
}

function stripLimitMessages(stderr: string): string {
  const kept = stderr.split('\n').filter((line) => !LIMIT_PATTERNS.some(([re]) => re.test(line)));
  const text = kept.join('\n');
  return text === '' || text.endsWith('\n') ? text : text + '\n';
}

/** A string's UTF-8 length, counted only when it could reach `yes`'s output (at most 3 bytes a character). */
function byteLength(s: string): number {
  return s.length === 0 ? 0 : utf8Encode(s).length;
}

/** The line a run that passed a limit ends with on stderr: which limit, its value, and what the script did. */
export function limitMessage(hit: LimitCause, limits: Required<ShellLimits>): string {
  switch (hit) {
    case 'commands':
      return `rulepen: command limit of ${limits.maxCommands} exceeded: the script ran more than ${limits.maxCommands} commands (a loop that never ends?) and was stopped\n`;
    case 'loop':
      return `rulepen: loop limit of ${limits.maxLoopIterations} iterations exceeded: a loop ran more than ${limits.maxLoopIterations} times and was stopped\n`;
    case 'output':
      return `rulepen: output limit of ${sizeText(limits.maxOutputBytes)} exceeded: the script wrote more than ${sizeText(limits.maxOutputBytes)} (stdout, stderr and files together) and was stopped\n`;
    case 'yes':
      return `rulepen: output limit of ${sizeText(limits.maxOutputBytes)} exceeded: \`yes\` writes without end unless its reader stops (as \`head\` does), and its output went to stdout or a file; the script was stopped\n`;
    case 'time':
      return `rulepen: time limit of ${timeText(limits.maxMillis)} exceeded: the script ran longer than ${timeText(limits.maxMillis)} and was stopped\n`;
    case 'cancelled':
      return 'rulepen: the command was cancelled\n';
  }
}

/** 16 MiB, 64 KiB, or 20000 bytes. */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** 10 s, or 300 ms. */
function timeText(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function isVirtual(path: string): boolean {
  return path === '/dev' || path.startsWith('/dev/') || path === '/proc' || path.startsWith('/proc/');
}

/**
 * Every regular file after the run that is not part of what it started with: an entry still `seeded` is the
 * layout's own and unchanged; one the script replaced counts only when its bytes differ from the layout's.
 */
async function collectFiles(fs: JustBashFs, seeded: Map<string, FsEntry>, layout: Map<string, Uint8Array>): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  const now = entries(fs);
  for (const path of [...now.keys()].sort()) {
    if (isVirtual(path)) continue;
    const entry = now.get(path)!;
    const original = seeded.get(path);
    if (original === entry) continue;
    let st;
    try {
      st = await fs.stat(path); // follows symbolic links; a dangling one throws and is left out
    } catch {
      continue;
    }
    if (!st.isFile) continue;
    const bytes = await fs.readFileBuffer(path);
    const before = layout.get(path) ?? (original?.type === 'file' ? contentBytes(original) : undefined);
    if (before && sameBytes(before, bytes)) continue;
    out.set(path, bytes);
  }
  return out;
}

function contentBytes(entry: FsEntry): Uint8Array | undefined {
  if (entry.content === undefined) return undefined;
  return typeof entry.content === 'string' ? utf8Encode(entry.content) : entry.content;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
