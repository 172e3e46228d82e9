// `node --import tsx bench/starlark-loop.ts [reps]`: Starlark evaluator micro-benchmarks (in process).
// The first two are bench/run.ts's programs (bench/starlark-programs.ts: the loop and the macro-heavy .bzl); the others exercise typical .bzl work: calls,
// attribute access, comprehensions, string formatting, dict/list methods. Prints best and median of `reps`.

import { SourceFile, execFile, loadWorkspace, PROFILES } from '../src/engine/index.ts';
import { generateWorkspace } from './generate.ts';
import { LOOP, MACROS } from './starlark-programs.ts';

const reps = Number(process.argv[2] ?? 7);
const only = process.argv[3];

interface Case {
  name: string;
  iterations: number;
  src: string;
  check?: (x: unknown) => boolean;
}

const N = 1_000_000;
const cases: Case[] = [
  {
    name: 'loop s += i',
    iterations: N,
    src: LOOP.bzl(N),
    check: (x) => x === (N * (N - 1)) / 2,
  },
  {
    name: 'macro-heavy .bzl',
    iterations: 10_000,
    src: MACROS.bzl(10_000),
  },
  {
    name: 'calls g(i, 2)',
    iterations: 300_000,
    src: `def g(a, b = 1):\n    return a * b + 1\n\ndef f(n):\n    s = 0\n    for i in range(n):\n        s = s + g(i, b = 2) - g(i)\n    return s\n\nx = f(300000)\n`,
  },
  {
    name: 'comprehensions',
    iterations: 200_000,
    src:
      `def f(n):\n    t = 0\n    for j in range(n // 100):\n        xs = [i * 2 for i in range(100) if i % 3 != 0]\n` +
      `        d = {str(i): i for i in xs}\n        t += len(d)\n    return t\n\nx = f(200000)\n`,
  },
  {
    name: 'strings/format',
    iterations: 200_000,
    src:
      `def f(n):\n    out = []\n    for i in range(n):\n        name = "lib_%d" % i\n        out.append("//pkg:{}.{}".format(name, "cc") + name.upper())\n` +
      `    return len(out)\n\nx = f(200000)\n`,
  },
  {
    name: 'struct attrs/dict',
    iterations: 200_000,
    src:
      `def f(n):\n    s = struct(a = 1, b = "x", c = [1, 2])\n    d = {"k": 1}\n    t = 0\n    for i in range(n):\n` +
      `        if s.a == 1 and s.b in ("x", "y"):\n            t += s.a + len(s.c) + d.get("k", 0) + d["k"]\n    return t\n\nx = f(200000)\n`,
  },
];

function run(c: Case): [number, number] {
  const src = new SourceFile('bench/loop.bzl', c.src);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = execFile(src, { dialect: 'bzl', semantics: PROFILES.modern.starlark, predeclared: new Map(), maxSteps: 100_000_000 });
  const cpu = process.cpuUsage(c0);
  const ms = performance.now() - t0;
  if (r.diagnostics.length > 0) throw new Error(`${c.name}: ${r.diagnostics[0]!.message}`);
  if (c.check && !c.check(r.module.globals.get('x'))) throw new Error(`${c.name}: wrong result ${String(r.module.globals.get('x'))}`);
  return [ms, (cpu.user + cpu.system) / 1000];
}

if (only === 'load') {
  // loadWorkspace on bench/run.ts's generated workspace (1,000 packages): Starlark plus the build layer.
  const files = generateWorkspace(Number(process.env.BENCH_PACKAGES ?? 1000)).files;
  // CPU time (all threads of the process) as well as wall time: the machine is shared and wall time is noisy.
  const times: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    loadWorkspace(files);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
    times.push(performance.now() - t0);
  }
  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `${xs.map((t) => t.toFixed(0)).join(' ')} ms; best ${s[0]!.toFixed(0)}, median ${s[s.length >> 1]!.toFixed(0)}`;
  };
  console.log(`loadWorkspace wall: ${stats(times)}`);
  console.log(`loadWorkspace cpu:  ${stats(cpus)}`);
  process.exit(0);
}

for (const c of cases) {
  if (only && !c.name.includes(only)) continue;
  const times: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < reps; i++) {
    const [ms, cpu] = run(c);
    times.push(ms);
    cpus.push(cpu);
  }
  const first = cpus[0]!; // cold, as bench/run.ts measures it (one run in a fresh process)
  times.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  const rate = (ms: number) => {
    const r = c.iterations / (ms / 1000);
    return r >= 1e5 ? `${(r / 1e6).toFixed(2)} M` : `${(r / 1e3).toFixed(1)} k`;
  };
  const mid = times.length >> 1;
  console.log(
    `${c.name.padEnd(20)} wall best ${times[0]!.toFixed(1)} ms (${rate(times[0]!)} it/s), median ${times[mid]!.toFixed(1)} ms (${rate(times[mid]!)} it/s); ` +
      `cpu best ${cpus[0]!.toFixed(1)} ms (${rate(cpus[0]!)} it/s), median ${cpus[mid]!.toFixed(1)} ms, first ${first.toFixed(1)} ms (${rate(first)} it/s)`,
  );
}
