// `npm run bench`: loads a generated workspace of 1,000 packages / 20,000 rule targets through the engine and
// measures load time, heap and `query //...`; then measures Starlark loop throughput. Prints figures and
// ratios, never pass/fail. Run with `node --expose-gc` (the npm script does) so heap figures are after a GC.

import { SourceFile, execFile, loadWorkspace, runCommand, PROFILES } from '../src/engine/index.ts';
import { generateWorkspace } from './generate.ts';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

function heapMiB(): number {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

function time<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const r = f();
  return [r, performance.now() - t0];
}

async function timeAsync<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await f();
  return [r, performance.now() - t0];
}

function fmt(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
}

async function main(): Promise<void> {
  const packages = Number(process.env.BENCH_PACKAGES ?? 1000);
  console.log(`machine: ${process.platform} ${process.arch}, node ${process.version}, ${(await import('node:os')).cpus().length} cores`);

  const ws = generateWorkspace(packages, 20);
  const files = Object.keys(ws.files).length;
  const bytes = Object.values(ws.files).reduce((n, t) => n + t.length, 0);
  console.log(`workspace: ${ws.packages} packages, ${ws.rules} rule targets, ${files} files, ${(bytes / 1024).toFixed(0)} KiB`);

  const heap0 = heapMiB();
  const [load, loadMs] = time(() => loadWorkspace(ws.files));
  const heap1 = heapMiB();
  const errors = load.diagnostics.filter((d) => d.severity === 'error');
  console.log(`load: ${fmt(loadMs)} for ${load.targets.length} targets (${(load.targets.length / (loadMs / 1000)).toFixed(0)} targets/s), ${errors.length} errors`);
  if (errors.length) console.log(`  first error: ${errors[0].file}:${errors[0].range.start.line}: ${errors[0].message}`);
  console.log(`heap: ${(heap1 - heap0).toFixed(1)} MiB retained by the loaded workspace (${((heap1 - heap0) * 1024 / Math.max(1, load.targets.length)).toFixed(2)} KiB per target)`);

  const [q, qMs] = await timeAsync(() => runCommand(ws.files, ['query', '//...']));
  console.log(`query //...: ${fmt(qMs)} cold (load included), exit ${q.exitCode}, ${q.stdout.split('\n').filter(Boolean).length} lines`);

  const n = 1_000_000;
  const src = new SourceFile('bench/loop.bzl', `def f(n):\n    s = 0\n    for i in range(n):\n        s += i\n    return s\n\nx = f(${n})\n`);
  const [r, loopMs] = time(() => execFile(src, { dialect: 'bzl', semantics: PROFILES.modern.starlark, predeclared: new Map(), maxSteps: 100_000_000 }));
  const ok = r.diagnostics.length === 0 && r.module.globals.get('x') === (n * (n - 1)) / 2;
  console.log(`starlark loop: ${n.toLocaleString('en')} iterations in ${fmt(loopMs)} = ${(n / (loopMs / 1000) / 1e6).toFixed(2)} M iterations/s${ok ? '' : ' (WRONG RESULT)'}`);
}

await main();
