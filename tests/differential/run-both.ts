// Runs one command line over one workspace through real Bazel (/usr/bin/bazel, 4.2.3, offline stub
// repositories) and through rulepen in process, and normalises both the same way (corpus README): paths →
// ${WORKSPACE}/${OUTPUT_BASE}, test summaries as `<STATUS> <label>` sorted, cquery configuration ids → (cfgN),
// stderr reduced to its ERROR messages without their location, output files as bytes with paths normalised.
//
// Bazel runs in one fixed directory with one server that is kept across commands and workspaces (a Bazel
// server re-reads changed files before each command, so its answers are those of a cold `--batch` run; the
// cases the tester records are re-run with `--batch` in a fresh directory before they are written). Only one
// Bazel process runs at a time.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runCommand } from '../../src/engine/index.ts';
import { SKYLIB_FILES } from '../../src/engine/loading/builtin-repos/skylib.ts';
import { cquerySetForm } from '../conformance/cquery-set.ts';

export const BAZEL = process.env.BAZEL ?? '/usr/bin/bazel';
export const ROOT = process.env.DIFFERENTIAL_ROOT ?? '/tmp/rulepen-differential';
export const STUBS = process.env.ORACLE_STUBS ?? '/tmp/oracle-stubs';

/** What one tool did, normalised for comparison. */
export interface Outcome {
  readonly exitCode: number;
  readonly stdout: string;
  /** ERROR messages (location removed, paths normalised), sorted, without duplicates. */
  readonly errors: readonly string[];
  /** Output files under bazel-bin/ this command wrote, by path relative to bazel-bin/ (paths normalised in text). */
  readonly outputs: ReadonlyMap<string, Buffer>;
  /** Raw stderr (paths normalised), for reports. */
  readonly stderr: string;
}

// ---------------------------------------------------------------------------------------------------------------
// stub repositories (as tests/conformance/corpus/record.sh writes them) and @bazel_skylib (rulepen's stand-in)

const STUB_FILES: Record<string, string> = {
  'remote_coverage_tools/WORKSPACE': '',
  'remote_coverage_tools/BUILD':
    'package(default_visibility = ["//visibility:public"])\nfilegroup(name = "coverage_report_generator")\nfilegroup(name = "lcov_merger")\n',
  'rules_cc/WORKSPACE': '',
  'rules_cc/BUILD': '',
  'rules_cc/cc/BUILD': '',
  'rules_cc/cc/defs.bzl': ['cc_binary', 'cc_library', 'cc_test', 'cc_import', 'cc_proto_library', 'cc_toolchain', 'cc_toolchain_suite', 'objc_library', 'objc_import', 'fdo_profile', 'fdo_prefetch_hints']
    .map((r) => `def ${r}(**kwargs):\n    native.${r}(**kwargs)\n`)
    .join(''),
  'rules_java/WORKSPACE': '',
  'rules_java/BUILD': '',
  'rules_java/java/BUILD': '',
  'rules_java/java/defs.bzl': ['java_binary', 'java_library', 'java_test', 'java_import', 'java_plugin', 'java_runtime', 'java_toolchain', 'java_proto_library', 'java_lite_proto_library', 'java_package_configuration']
    .map((r) => `def ${r}(**kwargs):\n    native.${r}(**kwargs)\n`)
    .join(''),
};

export function writeStubs(): void {
  for (const [rel, text] of Object.entries(STUB_FILES)) writeFile(join(STUBS, rel), text);
  for (const [rel, text] of Object.entries(SKYLIB_FILES)) writeFile(join(STUBS, 'bazel_skylib', rel), text);
}

export const OVERRIDES = ['remote_coverage_tools', 'rules_cc', 'rules_java', 'bazel_skylib'].map((r) => `--override_repository=${r}=${join(STUBS, r)}`);
/** The overrides record.sh passes (the corpus cases' Bazel command line); bazel_skylib only when a case uses it. */
export function overridesFor(files: Record<string, string>): string[] {
  const skylib = Object.values(files).some((t) => t.includes('@bazel_skylib'));
  return OVERRIDES.filter((o) => skylib || !o.includes('bazel_skylib'));
}

function writeFile(p: string, text: string | Buffer): void {
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, text);
}

// ---------------------------------------------------------------------------------------------------------------
// normalisation

const TEST_LINE =
  /^(\/\/\S*|@\S*)\s+(?:\(cached\)\s+)?(PASSED|FAILED TO BUILD|FAILED|FLAKY|TIMEOUT|NO STATUS|SKIPPED|INCOMPLETE|REMOTE FAILURE)\b/;

export interface Paths {
  readonly ws: string;
  readonly outputBase?: string;
  readonly outputUserRoot?: string;
}

export function normalisePaths(text: string, p: Paths): string {
  let s = text;
  for (const [real, token] of [
    [p.outputBase, '${OUTPUT_BASE}'],
    [p.outputUserRoot, '${OUTPUT_USER_ROOT}'],
    [p.ws, '${WORKSPACE}'],
  ] as const) {
    if (real) s = s.split(real).join(token);
  }
  return s;
}

export function normaliseLines(text: string): string {
  const lines = text.split('\n').map((l) => l.replace(/\s+$/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.length > 0 ? lines.join('\n') + '\n' : '';
}

export function normaliseStdout(stdout: string, command: string, argv: readonly string[]): string {
  let s = stdout;
  if (command === 'test') {
    const rows: string[] = [];
    for (const line of s.split('\n')) {
      const m = TEST_LINE.exec(line.trim());
      if (m) rows.push(`${m[2]} ${m[1]}`);
    }
    rows.sort((a, b) => {
      const la = a.split(' ').pop()!;
      const lb = b.split(' ').pop()!;
      return la < lb ? -1 : la > lb ? 1 : a < b ? -1 : a > b ? 1 : 0;
    });
    s = rows.map((r) => r + '\n').join('');
  } else if (command === 'cquery') {
    // Bazel 4.2.3's cquery prints in configuration-hash order: compared as a set (corpus README).
    s = cquerySetForm(normaliseLines(s));
  }
  s = normaliseLines(s);
  // Where Bazel itself is unstable: the order of --order_output=no.
  if (argv.includes('--order_output=no')) s = normaliseLines(s.split('\n').sort().join('\n'));
  return s;
}

/** The ERROR messages of stderr, without `ERROR: <file>:<line>:<col>: `, sorted and unique. */
export function errorMessages(stderr: string): string[] {
  const out = new Set<string>();
  for (const line of stderr.split('\n')) {
    if (!line.startsWith('ERROR: ')) continue;
    const m = /^ERROR: (?:\$\{WORKSPACE\}|\$\{OUTPUT_BASE\}|\/)[^\s:]*(?::\d+)*: (.*)$/.exec(line);
    // How the failed command was spawned (Bazel here: linux-sandbox; rulepen: bash) is not compared.
    out.add((m ? m[1]! : line.slice(7)).replace(/\s+$/, '').replace(/(\((?:Exit \d+|[^)]*)\)): \S+ failed: error executing command.*$/, '$1'));
  }
  return [...out].sort();
}

// ---------------------------------------------------------------------------------------------------------------
// Bazel

export class BazelRunner {
  readonly ws: string;
  readonly outputUserRoot: string;
  readonly outputBase: string;
  private started = false;

  constructor(
    readonly mode: 'server' | 'batch',
    dir = join(ROOT, 'ws'),
  ) {
    this.ws = dir;
    this.outputUserRoot = join(ROOT, 'root');
    mkdirSync(this.ws, { recursive: true });
    this.ws = realpathSync(this.ws);
    this.outputBase = join(this.outputUserRoot, createHash('md5').update(this.ws).digest('hex'));
  }

  get paths(): Paths {
    return { ws: this.ws, outputBase: this.outputBase, outputUserRoot: this.outputUserRoot };
  }

  /**
   * Deletes every output tree (bazel-out/<config>/bin), so the next build writes — and the comparison sees —
   * all of its outputs again (Bazel notices deleted outputs and reruns their actions).
   */
  clearOutputs(): void {
    const out = join(this.outputBase, 'execroot', '__main__', 'bazel-out');
    if (!existsSync(out)) return;
    for (const c of readdirSync(out)) {
      const bin = join(out, c, 'bin');
      if (existsSync(bin)) {
        spawnSync('chmod', ['-R', 'u+w', bin]);
        rmSync(bin, { recursive: true, force: true });
      }
    }
  }

  /** Replaces the workspace directory's files (keeping bazel-* convenience links) with these. */
  setFiles(files: Record<string, string>): void {
    this.clearOutputs();
    for (const n of readdirSync(this.ws)) if (!n.startsWith('bazel-')) rmSync(join(this.ws, n), { recursive: true, force: true });
    for (const [rel, text] of Object.entries(files)) {
      const p = join(this.ws, rel);
      writeFile(p, text);
      if (rel.endsWith('.sh')) chmodSync(p, 0o755);
    }
  }

  private bazel(args: string[]): { code: number; stdout: Buffer; stderr: string } {
    const startup = [`--output_user_root=${this.outputUserRoot}`];
    if (this.mode === 'batch') startup.unshift('--batch');
    else startup.push('--max_idle_secs=120');
    const p = spawnSync(BAZEL, [...startup, ...args], { cwd: this.ws, stdio: ['ignore', 'pipe', 'pipe'], timeout: 600_000, maxBuffer: 256 << 20 });
    this.started = this.mode === 'server';
    return { code: p.status ?? 128, stdout: p.stdout ?? Buffer.alloc(0), stderr: (p.stderr ?? Buffer.alloc(0)).toString('utf8') };
  }

  /** Runs one command line (the stub overrides added as record.sh does). */
  run(argv: readonly string[], files: Record<string, string>): Outcome {
    const command = argv[0]!;
    const before = command === 'build' || command === 'test' ? this.snapshotAll() : new Map<string, string>();
    const args = [command, ...(['version', 'help', 'info', 'shutdown', 'clean'].includes(command) ? [] : overridesFor(files)), ...argv.slice(1)];
    const r = this.bazel(args);
    const paths = this.paths;
    const outputs = new Map<string, Buffer>();
    if (command === 'build' || command === 'test') {
      const bin = this.binDir();
      const after = bin ? this.snapshot(bin) : new Map<string, string>();
      for (const [rel, stamp] of after) {
        if (before.get(join(bin!, rel)) === stamp) continue;
        const data = readMaybe(join(this.ws, 'bazel-bin', rel));
        if (data) outputs.set(rel, normaliseData(data, paths));
      }
    }
    const stdoutText = r.stdout.toString('latin1');
    const binary = argv.some((a) => a === '--output=proto' || a === '--output=streamed_proto');
    return {
      exitCode: r.code,
      stdout: binary ? stdoutText : normaliseStdout(normalisePaths(r.stdout.toString('utf8'), paths), command, argv),
      errors: errorMessages(normalisePaths(r.stderr, paths)),
      outputs,
      stderr: normalisePaths(r.stderr, paths),
    };
  }

  /** Where bazel-bin/ points now (it follows the last build's configuration), if anywhere. */
  private binDir(): string | undefined {
    try {
      return realpathSync(join(this.ws, 'bazel-bin'));
    } catch {
      return undefined;
    }
  }

  /**
   * Every file of every configuration's output tree, by absolute path. A command's outputs are the files of the
   * tree bazel-bin/ points to afterwards whose stamps changed: bazel-bin/ may have pointed to another
   * configuration's tree before, whose files an earlier command wrote.
   */
  private snapshotAll(): Map<string, string> {
    const out = new Map<string, string>();
    const root = join(this.outputBase, 'execroot', '__main__', 'bazel-out');
    if (!existsSync(root)) return out;
    for (const c of readdirSync(root)) {
      const bin = join(root, c, 'bin');
      if (!existsSync(bin)) continue;
      for (const [rel, stamp] of this.snapshot(realpathSync(bin))) out.set(join(realpathSync(bin), rel), stamp);
    }
    return out;
  }

  /** Every file under an output tree with a stamp that changes when Bazel rewrites it, by relative path. */
  private snapshot(base: string): Map<string, string> {
    const out = new Map<string, string>();
    if (!existsSync(base)) return out;
    const walk = (abs: string, rel: string) => {
      let names: string[];
      try {
        names = readdirSync(abs);
      } catch {
        return;
      }
      for (const n of names) {
        const p = join(abs, n);
        const r = rel ? `${rel}/${n}` : n;
        let st;
        try {
          st = lstatSync(p);
        } catch {
          continue;
        }
        if (st.isDirectory()) walk(p, r);
        else if (st.isSymbolicLink()) {
          try {
            if (statSync(p).isDirectory()) {
              walk(p, r);
              continue;
            }
          } catch {
            /* dangling */
          }
          out.set(r, `${st.ino}:${st.mtimeMs}`);
        } else out.set(r, `${st.ino}:${st.mtimeMs}:${st.size}`);
      }
    };
    walk(base, '');
    return out;
  }

  shutdown(): void {
    if (this.started) this.bazel(['shutdown']);
    this.started = false;
  }
}

function readMaybe(p: string): Buffer | undefined {
  try {
    return readFileSync(p);
  } catch {
    return undefined;
  }
}

function normaliseData(data: Buffer, paths: Paths): Buffer {
  if (data.includes(0)) return data;
  return Buffer.from(normalisePaths(data.toString('utf8'), paths), 'utf8');
}

// ---------------------------------------------------------------------------------------------------------------
// rulepen

export async function runRulepen(files: Record<string, string>, argv: readonly string[], paths: Paths): Promise<Outcome> {
  const startup = paths.outputBase ? [`--output_base=${paths.outputBase}`] : [];
  const r = await runCommand({ ...files, '.bazelversion': '4.2.3\n' }, [...startup, ...argv], { workspaceDir: paths.ws });
  const command = argv[0]!;
  const outputs = new Map<string, Buffer>();
  for (const [p, data] of Object.entries(r.outputs)) {
    if (!p.startsWith('bazel-bin/')) continue;
    outputs.set(p.slice('bazel-bin/'.length), normaliseData(Buffer.from(data), paths));
  }
  const binary = argv.some((a) => a === '--output=proto' || a === '--output=streamed_proto');
  const stdout = binary ? (r.stdoutBytes ? Buffer.from(r.stdoutBytes).toString('latin1') : r.stdout) : normaliseStdout(normalisePaths(r.stdout, paths), command, argv);
  const stderr = normalisePaths(r.stderr, paths);
  return { exitCode: r.exitCode, stdout, errors: errorMessages(stderr), outputs, stderr };
}

// ---------------------------------------------------------------------------------------------------------------
// comparison

export interface Difference {
  /** exit | stdout | errors | outputs */
  readonly aspect: 'exit' | 'stdout' | 'errors' | 'outputs';
  readonly detail: string;
}

export function compare(bazel: Outcome, rulepen: Outcome, bazelBin?: (rel: string) => Buffer | undefined): Difference[] {
  const d: Difference[] = [];
  if (bazel.exitCode !== rulepen.exitCode) d.push({ aspect: 'exit', detail: `exit ${rulepen.exitCode}, Bazel ${bazel.exitCode}` });
  if (bazel.stdout !== rulepen.stdout) d.push({ aspect: 'stdout', detail: firstDifference(bazel.stdout, rulepen.stdout) });
  const be = new Set(bazel.errors);
  const re = new Set(rulepen.errors);
  const missing = bazel.errors.filter((e) => !re.has(e));
  const extra = rulepen.errors.filter((e) => !be.has(e));
  if (missing.length > 0 || extra.length > 0) {
    d.push({ aspect: 'errors', detail: [...missing.map((e) => `Bazel only: ${e}`), ...extra.map((e) => `rulepen only: ${e}`)].join('\n') });
  }
  const out: string[] = [];
  for (const [rel, data] of bazel.outputs) {
    const mine = rulepen.outputs.get(rel);
    if (!mine) out.push(`not written by rulepen: ${rel}`);
    else if (!mine.equals(data)) out.push(`differs: ${rel}: Bazel ${JSON.stringify(data.toString('utf8').slice(0, 120))}, rulepen ${JSON.stringify(mine.toString('utf8').slice(0, 120))}`);
  }
  for (const [rel, data] of rulepen.outputs) {
    if (bazel.outputs.has(rel)) continue;
    const theirs = bazelBin?.(rel);
    if (!theirs) out.push(`written only by rulepen: ${rel}`);
    else if (!theirs.equals(data)) out.push(`differs: ${rel}`);
  }
  if (out.length > 0) d.push({ aspect: 'outputs', detail: out.join('\n') });
  return d;
}

function firstDifference(a: string, b: string): string {
  const al = a.split('\n');
  const bl = b.split('\n');
  for (let i = 0; i < Math.max(al.length, bl.length); i++) {
    if (al[i] !== bl[i]) return `line ${i + 1}: Bazel ${JSON.stringify(al[i] ?? '<end>')}, rulepen ${JSON.stringify(bl[i] ?? '<end>')}`;
  }
  return 'differs';
}

/** A file under the Bazel workspace's bazel-bin (for outputs an earlier command already wrote). */
export function bazelBinReader(runner: BazelRunner): (rel: string) => Buffer | undefined {
  return (rel) => {
    const data = readMaybe(join(runner.ws, 'bazel-bin', rel));
    return data ? normaliseData(data, runner.paths) : undefined;
  };
}

/** The shape of a difference line: labels, quoted text and numbers blanked. */
function lineShape(line: string): string {
  return line
    .replace(/"[^"]*"|'[^']*'/g, 'Q')
    .replace(/@?\/\/[\w/.:-]*/g, 'L')
    .replace(/\d+/g, 'N');
}

/** The shape of a difference: its aspect and first line's shape. */
export function signature(d: Difference): string {
  return d.aspect + ':' + lineShape(d.detail.split('\n')[0]!);
}

/** Whether `diffs` still show the difference `first` (same aspect, one line of the same shape). */
export function sameDifference(first: Difference, diffs: readonly Difference[]): boolean {
  const want = lineShape(first.detail.split('\n')[0]!);
  return diffs.some((d) => d.aspect === first.aspect && (d.aspect === 'exit' ? d.detail === first.detail : d.detail.split('\n').some((l) => lineShape(l) === want)));
}

/** The difference to shrink for and name a case after: errors, else stdout, else outputs, else the exit code. */
export function primary(diffs: readonly Difference[]): Difference {
  for (const a of ['errors', 'stdout', 'outputs', 'exit'] as const) {
    const d = diffs.find((x) => x.aspect === a);
    if (d) return d;
  }
  return diffs[0]!;
}

/** While ROOT/pause exists (someone else needs Bazel), the server is stopped and the tester waits. */
export async function waitIfPaused(runner: BazelRunner): Promise<void> {
  const pause = join(ROOT, 'pause');
  if (!existsSync(pause)) return;
  runner.shutdown();
  process.stdout.write(`paused while ${pause} exists\n`);
  while (existsSync(pause)) await new Promise((r) => setTimeout(r, 5000));
}
