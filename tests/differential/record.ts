// Writes a shrunk mismatch as a conformance case recorded from Bazel, in the corpus layout
// (tests/conformance/corpus/README.md): files/, case.json, expected/{exit_code,stdout,stderr_key,outputs/}.
// Like record.sh it runs `bazel --batch` once in a fresh copy of the files (so a mismatch that only the kept
// server showed is not recorded), then checks that rulepen fails the case the way tests/conformance/run.ts
// checks it; the case is added to expected-failures.txt with the difference as its reason, since it is recorded
// before rulepen is fixed.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { renderWorkspace, type Workspace } from './model.ts';
import { BAZEL, errorMessages, normaliseLines, normalisePaths, normaliseStdout, overridesFor, ROOT, runRulepen, type BazelRunner, type Difference } from './run-both.ts';

const REPO = resolve(import.meta.dirname, '../..');
export const DIFF_CORPUS = join(REPO, 'tests/conformance/corpus/differential');
const EXPECTED_FAILURES = join(REPO, 'tests/conformance/expected-failures.txt');

interface Recorded {
  readonly exitCode: number;
  readonly stdout: Buffer;
  readonly stderr: string;
  readonly outputs: Map<string, Buffer>;
}

/** `bazel --batch` in a fresh directory, as record.sh runs a case. */
export function recordFromBazel(files: Record<string, string>, argv: readonly string[], runner?: BazelRunner): Recorded {
  runner?.shutdown(); // one Bazel process at a time
  const ws = realpathSync(mkdtempSync('/tmp/oracle-ws.'));
  const root = join(ROOT, 'record-root');
  try {
    for (const [rel, text] of Object.entries(files)) {
      const p = join(ws, rel);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, text);
      if (rel.endsWith('.sh')) chmodSync(p, 0o755);
    }
    const cmd = argv[0]!;
    const args = ['--batch', `--output_user_root=${root}`, cmd, ...overridesFor(files), ...argv.slice(1)];
    const p = spawnSync(BAZEL, args, { cwd: ws, stdio: ['ignore', 'pipe', 'pipe'], timeout: 600_000, maxBuffer: 256 << 20 });
    const outputBase = join(root, createHash('md5').update(ws).digest('hex'));
    const paths = { ws, outputBase, outputUserRoot: root };
    const binary = argv.some((a) => a === '--output=proto' || a === '--output=streamed_proto');
    const stdout = binary ? (p.stdout ?? Buffer.alloc(0)) : Buffer.from(normaliseStdout(normalisePaths((p.stdout ?? Buffer.alloc(0)).toString('utf8'), paths), cmd, argv), 'utf8');
    const outputs = new Map<string, Buffer>();
    const bin = join(ws, 'bazel-bin');
    if ((cmd === 'build' || cmd === 'test') && existsSync(bin)) {
      const walk = (abs: string, rel: string) => {
        for (const n of readdirSync(abs)) {
          const f = join(abs, n);
          const r = rel ? `${rel}/${n}` : n;
          let st;
          try {
            st = statSync(f);
          } catch {
            continue;
          }
          if (st.isDirectory()) {
            if (r !== 'external') walk(f, r);
          } else {
            const data = readFileSync(f);
            outputs.set(r, data.includes(0) ? data : Buffer.from(normalisePaths(data.toString('utf8'), paths), 'utf8'));
          }
        }
      };
      walk(realpathSync(bin), '');
    }
    const stderr = normalisePaths((p.stderr ?? Buffer.alloc(0)).toString('utf8'), paths);
    rmTree(outputBase);
    return { exitCode: p.status ?? 128, stdout, stderr, outputs };
  } finally {
    rmTree(ws);
  }
}

function rmTree(p: string): void {
  if (!existsSync(p)) return;
  spawnSync('chmod', ['-R', 'u+w', p]);
  rmSync(p, { recursive: true, force: true });
}

/** Writes the case; returns its folder name, or undefined when the fresh Bazel run no longer differs. */
export async function recordCase(area: string, seed: number, ws: Workspace, argv: readonly string[], diffs: Difference[], runner: BazelRunner): Promise<string | undefined> {
  const files = renderWorkspace(ws);
  const rec = recordFromBazel(files, argv, runner);
  const binary = argv.some((a) => a === '--output=proto' || a === '--output=streamed_proto');
  // What rulepen does with the same case, checked as run.ts checks it.
  const tmpWs = realpathSync(mkdtempSync('/tmp/rulepen-rec.'));
  const mine = await runRulepen(files, argv, { ws: tmpWs, outputBase: '/tmp/rulepen-record-output-base' });
  rmTree(tmpWs);
  const bazelErrors = errorMessages(rec.stderr);
  const mineErrors = new Set(errorMessages(mine.stderr.split(tmpWs).join('${WORKSPACE}')));
  const keys = bazelErrors.filter((e) => !mineErrors.has(e)).slice(0, 3);
  if (keys.length === 0 && bazelErrors.length > 0) keys.push(bazelErrors[0]!);
  const problems: string[] = [];
  if (mine.exitCode !== rec.exitCode) problems.push(`exit code ${mine.exitCode}, expected ${rec.exitCode}`);
  const mineStdout = binary ? Buffer.from(mine.stdout, 'latin1') : Buffer.from(mine.stdout.split(tmpWs).join('${WORKSPACE}'), 'utf8');
  if (!mineStdout.equals(rec.stdout)) problems.push('stdout differs');
  if (keys.some((k) => !mineErrors.has(k))) problems.push(`stderr lacks ${JSON.stringify(keys.find((k) => !mineErrors.has(k)))}`);
  for (const [rel, data] of rec.outputs) {
    const m = mine.outputs.get(rel);
    if (!m) problems.push(`output ${rel} not produced`);
    else if (!Buffer.from(m.toString('utf8').split(tmpWs).join('${WORKSPACE}')).equals(data) && !m.equals(data)) problems.push(`output ${rel} differs`);
  }
  if (problems.length === 0) {
    process.stdout.write(`  not recorded: the case as run.ts checks it passes (${diffs.map((d) => d.aspect).join(', ')} differ only in ways its format does not capture)\n`);
    return undefined;
  }
  mkdirSync(DIFF_CORPUS, { recursive: true });
  const n = readdirSync(DIFF_CORPUS).filter((x) => x.startsWith(area + '-')).length + 1;
  const slug = slugFor(argv, diffs);
  const name = `${area}-${String(n).padStart(3, '0')}-${slug}`;
  const dir = join(DIFF_CORPUS, name);
  for (const [rel, text] of Object.entries(files)) {
    const p = join(dir, 'files', rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
  const outputs = [...rec.outputs.keys()].sort();
  writeFileSync(
    join(dir, 'case.json'),
    JSON.stringify({ area, title: `differential seed ${seed}: ${diffs[0]!.detail.split('\n')[0]!.slice(0, 150)}`, seed_rule: `differential tester, seed ${seed}`, args: argv, outputs }, null, 2) + '\n',
  );
  const exp = join(dir, 'expected');
  mkdirSync(exp, { recursive: true });
  writeFileSync(join(exp, 'exit_code'), `${rec.exitCode}\n`);
  if (binary) writeFileSync(join(exp, 'stdout_bytes'), rec.stdout);
  else writeFileSync(join(exp, 'stdout'), normaliseLines(rec.stdout.toString('utf8')));
  writeFileSync(join(exp, 'stderr_key'), keys.map((k) => k + '\n').join(''));
  for (const [rel, data] of rec.outputs) {
    const p = join(exp, 'outputs', rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, data);
  }
  appendFileSync(EXPECTED_FAILURES, `${name}  # differential: ${problems.join('; ').slice(0, 200)}\n`);
  return name;
}

function slugFor(argv: readonly string[], diffs: Difference[]): string {
  const words = diffs[0]!.detail
    .replace(/^(Bazel only|rulepen only|not written by rulepen|written only by rulepen|differs): /, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w.length > 2 && !['bazel', 'rulepen', 'line', 'exit', 'the'].includes(w))
    .slice(0, 3);
  return [argv[0], diffs[0]!.aspect, ...words].join('-');
}

void lstatSync;
