// The conformance runner: every case of the corpus (tests/conformance/corpus, recorded from real Bazel 4.2.3,
// plus hand-written starlark_doc_extract cases and current/ cases derived from Bazel's own tests) runs through the `rulepen` CLI as a child process, and its exit
// code, stdout, stderr keys and output files are compared with what Bazel did (corpus/README.md).
//
//   node --import tsx tests/conformance/run.ts [NAME-SUBSTRING…]
//
// CONFORMANCE_CORPUS=DIR runs another corpus laid out the same way (e.g. candidate cases being derived), and
// CONFORMANCE_BUNDLE=FILE bundles the CLI there instead of the default path (two runners at once).
//
// Each case: files/ is copied to a fresh temporary directory (for cases/ and differential/, `.bazelversion` =
// 4.2.3 is written there, since those are Bazel 4.2.3's behaviour; doc-extract/ and current/ cases follow current
// Bazel and get none); the CLI runs as `node <bundle> --workspace=<tmp> <args…>`, two at a time (the bundle of
// bin/rulepen.mjs's sources that scripts/bundle-cli.ts makes at the start, so no case pays for compiling
// TypeScript); then
//   - the exit code must equal expected/exit_code (current/ cases may leave it out when their Bazel test does not
//     check success or failure, and write `nonzero` when it checks only that the command failed);
//   - stdout, normalised as the recorder did (the temporary path → ${WORKSPACE}, trailing whitespace stripped,
//     trailing empty lines dropped, one final newline; for `test` only the summary lines `<STATUS> <label>`,
//     sorted by label; for `cquery` configuration ids → (cfg1), (cfg2), … in order of first appearance), must
//     equal expected/stdout when that file exists;
//   - binary stdout (query --output=proto) must equal expected/stdout_bytes byte for byte when that file exists;
//   - every line of expected/stderr_key must occur in stderr (raw, or with the path put back as ${WORKSPACE});
//     every line of expected/stderr_lacks must not; every line of expected/stdout_contains must occur in the
//     normalised stdout, every line of expected/stdout_lacks must not (for expect_not_log and assertions on a
//     part of the output; for `test`, whose normalised stdout is only the summary lines, the whole stdout is
//     searched too: what tests print under --test_output=all, the "Executed N out of M tests" line);
//   - every file listed in case.json "outputs" must exist under <tmp>/bazel-bin/ and equal expected/outputs/<p>
//     byte for byte (text outputs compared after ${WORKSPACE} substitution, as recorded; `<p>.is_gzip` +
//     `<p>.decompressed` mean the output must be gzip whose content equals the decompressed text; `<p>.contains`
//     and `<p>.lacks` instead list whole lines the output must and must not have; the CLI is given
//     `--output_base`, put back as ${OUTPUT_BASE} like the workspace path).
//
// tests/conformance/expected-failures.txt lists, one per line with a `# reason`, the cases that cannot pass yet.
// The runner prints one line per case whose outcome is not the expected one (with the reason it failed), then
// per suite `<suite>: N passed, M failed (K expected)` — honest counts: M is every failing case, K how many of
// those are listed — and last a line `N passed, U failed` where N counts every passing case and U counts only
// the *unexpected* outcomes: listed cases that now pass plus unlisted cases that fail. The exit code is 1 when
// U > 0 (so the list can only shrink), else 0.

import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { bundleCli } from '../../scripts/bundle-cli.ts';
import { cquerySetForm } from './cquery-set.ts';

const ROOT = resolve(import.meta.dirname, '../..');
// CONFORMANCE_CORPUS: another corpus laid out the same way (candidate cases not yet in the project's).
const CORPUS = process.env.CONFORMANCE_CORPUS ? resolve(process.env.CONFORMANCE_CORPUS) : join(ROOT, 'tests/conformance/corpus');
const PARALLELISM = 2;
const TIMEOUT_MS = 60_000;
/** The output base the CLI is told (a startup option, as Bazel's); recorded outputs say ${OUTPUT_BASE} for it. */
const OUTPUT_BASE = '/tmp/rulepen-conformance-output-base';
/** cases/ and differential/ (written by tests/differential, recorded from Bazel 4.2.3) run under the 4.2.3 profile. */
const SUITES = ['cases', 'differential', 'doc-extract', 'current'] as const;
type Suite = (typeof SUITES)[number];

interface Case {
  readonly suite: Suite;
  readonly name: string;
  readonly dir: string;
  readonly args: string[];
  readonly outputs: string[];
}

interface Outcome {
  readonly c: Case;
  readonly pass: boolean;
  readonly reason: string;
}

function listCases(filters: string[]): Case[] {
  const out: Case[] = [];
  for (const suite of SUITES) {
    const base = join(CORPUS, suite);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) {
      const dir = join(base, name);
      if (!statSync(dir).isDirectory()) continue;
      if (filters.length > 0 && !filters.some((f) => name.includes(f))) continue;
      const j = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as { args: string[]; outputs?: string[] };
      out.push({ suite, name, dir, args: j.args, outputs: j.outputs ?? [] });
    }
  }
  return out;
}

function readExpectedFailures(): Map<string, string> {
  const m = new Map<string, string>();
  const p = join(ROOT, 'tests/conformance/expected-failures.txt');
  if (!existsSync(p)) return m;
  for (const raw of readFileSync(p, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const hash = line.indexOf('#');
    const name = (hash < 0 ? line : line.slice(0, hash)).trim();
    m.set(name, hash < 0 ? '' : line.slice(hash + 1).trim());
  }
  return m;
}

function run(bin: string, args: string[]): Promise<{ code: number; stdout: string; stdoutBytes: Buffer; stderr: string }> {
  return new Promise((res) => {
    const p = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    p.stdout.on('data', (d: Buffer) => out.push(d));
    p.stderr.on('data', (d: Buffer) => err.push(d));
    const timer = setTimeout(() => p.kill('SIGKILL'), TIMEOUT_MS);
    p.on('close', (code, signal) => {
      clearTimeout(timer);
      res({
        code: code ?? (signal ? 128 : -1),
        stdout: Buffer.concat(out).toString('utf8'),
        stdoutBytes: Buffer.concat(out),
        stderr: Buffer.concat(err).toString('utf8') + (signal ? `\n[killed by ${signal}]` : ''),
      });
    });
  });
}

const TEST_LINE =
  /^(\/\/\S*|@\S*)\s+(?:\(cached\)\s+)?(PASSED|FAILED TO BUILD|FAILED|FLAKY|TIMEOUT|NO STATUS|SKIPPED|INCOMPLETE|REMOTE FAILURE)\b/;
const CFG_HASH = /\(([0-9a-f]{7,})\)/g;

function normaliseLines(text: string): string {
  const lines = text.split('\n').map((l) => l.replace(/\s+$/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.length > 0 ? lines.join('\n') + '\n' : '';
}

function normaliseStdout(stdout: string, ws: string, command: string): string {
  let s = stdout.split(OUTPUT_BASE).join('${OUTPUT_BASE}').split(ws).join('${WORKSPACE}');
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
    const ids = new Map<string, string>();
    s = s.replace(CFG_HASH, (_m, h: string) => {
      if (!ids.has(h)) ids.set(h, `(cfg${ids.size + 1})`);
      return ids.get(h)!;
    });
  }
  return normaliseLines(s);
}

function firstDifference(a: string, b: string): string {
  const al = a.split('\n');
  const bl = b.split('\n');
  for (let i = 0; i < Math.max(al.length, bl.length); i++) {
    if (al[i] !== bl[i]) return `line ${i + 1}: expected ${JSON.stringify(al[i] ?? '<end>')}, got ${JSON.stringify(bl[i] ?? '<end>')}`;
  }
  return 'differs';
}

async function runCase(bin: string, c: Case): Promise<Outcome> {
  const ws = mkdtempSync(join(tmpdir(), 'rulepen-conf.'));
  try {
    // Bazel's convenience links (bazel-bin…) left by running Bazel in a case's files/ are not the case's files.
    cpSync(join(c.dir, 'files'), ws, { recursive: true, filter: (src) => !/^bazel-/.test(basename(src)) });
    for (const p of walk(ws)) if (p.endsWith('.sh')) chmodSync(p, 0o755);
    if (c.suite === 'cases' || c.suite === 'differential') writeFileSync(join(ws, '.bazelversion'), '4.2.3\n');
    const r = await run(bin, [`--workspace=${ws}`, `--output_base=${OUTPUT_BASE}`, ...c.args]);
    const exp = join(c.dir, 'expected');
    const problems: string[] = [];
    if (existsSync(join(exp, 'exit_code'))) {
      const want = readFileSync(join(exp, 'exit_code'), 'utf8').trim();
      if (want === 'nonzero' ? r.code === 0 : r.code !== Number(want)) problems.push(`exit code ${r.code}, expected ${want}`);
    }
    const gotOut = normaliseStdout(r.stdout, ws, c.args[0] ?? '');
    if (existsSync(join(exp, 'stdout'))) {
      let want = readFileSync(join(exp, 'stdout'), 'utf8');
      let got = gotOut;
      // Bazel 4.2.3's cquery prints in configuration-hash order: compared as a set.
      if (c.args[0] === 'cquery' && (c.suite === 'cases' || c.suite === 'differential')) [want, got] = [cquerySetForm(want), cquerySetForm(got)];
      if (got !== want) problems.push(`stdout ${firstDifference(want, got)}`);
    }
    if (existsSync(join(exp, 'stdout_bytes'))) {
      // Binary stdout (query --output=proto), byte for byte.
      if (!r.stdoutBytes.equals(readFileSync(join(exp, 'stdout_bytes')))) problems.push('stdout bytes differ');
    }
    // `test` output is normalised to its summary lines; what a test printed (--test_output=all) and the
    // "Executed N out of M tests" line are still stdout, so substrings are looked for in the whole of it too.
    const wholeOut = c.args[0] === 'test' ? normaliseLines(r.stdout.split(OUTPUT_BASE).join('${OUTPUT_BASE}').split(ws).join('${WORKSPACE}')) : gotOut;
    for (const key of keyLines(join(exp, 'stdout_contains'))) {
      if (!gotOut.includes(key) && !wholeOut.includes(key)) problems.push(`stdout lacks ${JSON.stringify(key)}`);
    }
    for (const key of keyLines(join(exp, 'stdout_lacks'))) {
      if (gotOut.includes(key) || wholeOut.includes(key)) problems.push(`stdout has ${JSON.stringify(key)}`);
    }
    const errNorm = r.stderr.split(ws).join('${WORKSPACE}');
    for (const key of keyLines(join(exp, 'stderr_key'))) {
      if (!r.stderr.includes(key) && !errNorm.includes(key)) problems.push(`stderr lacks ${JSON.stringify(key)}`);
    }
    for (const key of keyLines(join(exp, 'stderr_lacks'))) {
      if (r.stderr.includes(key) || errNorm.includes(key)) problems.push(`stderr has ${JSON.stringify(key)}`);
    }
    for (const rel of c.outputs) {
      const actualPath = join(ws, 'bazel-bin', rel);
      const gz = existsSync(join(exp, 'outputs', rel + '.is_gzip'));
      const wantPath = join(exp, 'outputs', gz ? rel + '.decompressed' : rel);
      if (!existsSync(actualPath)) {
        problems.push(`output ${rel} not produced`);
        continue;
      }
      let got = readFileSync(actualPath);
      if (gz) {
        if (got[0] !== 0x1f || got[1] !== 0x8b) {
          problems.push(`output ${rel} is not gzip`);
          continue;
        }
        got = gunzipSync(got);
      }
      const containsPath = join(exp, 'outputs', rel + '.contains');
      const lacksPath = join(exp, 'outputs', rel + '.lacks');
      if (existsSync(containsPath) || existsSync(lacksPath)) {
        const lines = got.toString('utf8').split(ws).join('${WORKSPACE}').split('\n');
        for (const key of keyLines(containsPath)) if (!lines.includes(key)) problems.push(`output ${rel} lacks the line ${JSON.stringify(key)}`);
        for (const key of keyLines(lacksPath)) if (lines.includes(key)) problems.push(`output ${rel} has the line ${JSON.stringify(key)}`);
        continue;
      }
      const want = readFileSync(wantPath);
      const gotText = Buffer.from(got.toString('utf8').split(OUTPUT_BASE).join('${OUTPUT_BASE}').split(ws).join('${WORKSPACE}'), 'utf8');
      if (!got.equals(want) && !gotText.equals(want)) problems.push(`output ${rel} differs`);
    }
    if (problems.length === 0) return { c, pass: true, reason: '' };
    const firstErr = r.stderr.split('\n').find((l) => l.startsWith('ERROR:') || l.startsWith('FATAL:'));
    return { c, pass: false, reason: problems.join('; ') + (firstErr ? ` [${firstErr.slice(0, 160)}]` : '') };
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
}

/** The non-blank lines of an expectation file (none when it is absent). */
function keyLines(path: string): string[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
}

function walk(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (lstatSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

async function main(): Promise<number> {
  const filters = process.argv.slice(2);
  const cases = listCases(filters);
  const expected = readExpectedFailures();
  const bin = await bundleCli(process.env.CONFORMANCE_BUNDLE ? resolve(process.env.CONFORMANCE_BUNDLE) : undefined);
  const outcomes: Outcome[] = new Array(cases.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLELISM }, async () => {
      while (next < cases.length) {
        const i = next++;
        outcomes[i] = await runCase(bin, cases[i]!);
      }
    }),
  );
  let passed = 0;
  let unexpected = 0;
  for (const suite of SUITES) {
    const mine = outcomes.filter((o) => o.c.suite === suite);
    if (mine.length === 0) continue;
    let p = 0;
    let f = 0;
    let k = 0;
    for (const o of mine) {
      const listed = expected.has(o.c.name);
      if (o.pass) {
        p++;
        if (listed) {
          unexpected++;
          console.log(`UNEXPECTED PASS ${suite}/${o.c.name}: remove it from expected-failures.txt (${expected.get(o.c.name)})`);
        }
      } else {
        f++;
        if (listed) k++;
        else {
          unexpected++;
          console.log(`FAIL ${suite}/${o.c.name}: ${o.reason}`);
        }
      }
    }
    passed += p;
    console.log(`${suite}: ${p} passed, ${f} failed (${k} expected)`);
  }
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.name)) {
      unexpected++;
      console.log(`DUPLICATE CASE NAME ${c.suite}/${c.name}: expected-failures.txt names cases without their suite`);
    }
    seen.add(c.name);
  }
  if (filters.length === 0) {
    for (const name of expected.keys()) {
      if (!cases.some((c) => c.name === name)) {
        unexpected++;
        console.log(`UNKNOWN CASE in expected-failures.txt: ${name}`);
      }
    }
  }
  if (process.env.CONFORMANCE_VERBOSE) {
    for (const o of outcomes) if (!o.pass && expected.has(o.c.name)) console.log(`expected failure ${o.c.name}: ${o.reason}`);
  }
  console.log(`${passed} passed, ${unexpected} failed`);
  return unexpected > 0 ? 1 : 0;
}

void dirname;
process.exitCode = await main();
