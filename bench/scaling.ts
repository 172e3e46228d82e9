// `npm run bench:scaling`: cold load and query time and heap against the generated workspace's size (250, 1,000,
// 4,000 and 16,000 packages of 20 rule targets; BENCH_SIZES to change them). Each size runs in a fresh Node
// process (`--one N`), so no size inherits another's optimised code or heap. Prints a Markdown table and writes
// the plot docs/bench-scaling.svg (log–log, with a line of slope 1 through the smallest size: growth that is
// linear follows it, a step leaves it). Figures, never pass/fail.

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { loadWorkspace, runCommand } from '../src/engine/index.ts';
import { generateWorkspace } from './generate.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SVG = 'docs/bench-scaling.svg';

interface Point {
  packages: number;
  targets: number;
  /** loadWorkspace in a fresh process (every BUILD and .bzl evaluated): wall time, and the process's CPU time. */
  loadMs: number;
  loadCpuMs: number;
  /** `query //...` right after, its own load included (the code already optimised by the load before it). */
  queryMs: number;
  /** Heap in use after a full GC with the load result alive, and what the load result alone retains. */
  heapMiB: number;
  retainedMiB: number;
  /** The largest the heap got (V8's committed heap after the load and the query), and the process's rss. */
  heapCommittedMiB: number;
  rssMiB: number;
}

const MiB = 2 ** 20;
const gc = (globalThis as { gc?: () => void }).gc;

function heapUsed(): number {
  gc!();
  return process.memoryUsage().heapUsed / MiB;
}

/** Measures one size in this process. */
async function one(packages: number): Promise<Point> {
  if (!gc) throw new Error('run with node --expose-gc');
  const files = generateWorkspace(packages, 20).files;
  const before = heapUsed();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const load = loadWorkspace(files);
  const loadMs = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const loadCpuMs = (c.user + c.system) / 1000;
  const heapMiB = heapUsed();
  const targets = load.targets.length;
  const t1 = performance.now();
  const q = await runCommand(files, ['query', '//...']);
  const queryMs = performance.now() - t1;
  if (q.exitCode !== 0) throw new Error(`query //... exited ${q.exitCode}`);
  const heapCommittedMiB = v8.getHeapStatistics().total_heap_size / MiB;
  const rssMiB = process.memoryUsage().rss / MiB;
  // What the load result holds beyond the workspace's texts.
  const retainedMiB = heapMiB - before;
  if (load.diagnostics.some((d) => d.severity === 'error')) throw new Error('the generated workspace has errors');
  return { packages: packages + 2, targets, loadMs, loadCpuMs, queryMs, heapMiB, retainedMiB, heapCommittedMiB, rssMiB };
}

function runOne(packages: number): Point {
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/scaling.ts', '--one', String(packages)], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (r.status !== 0) throw new Error(`size ${packages}: ${r.stderr || r.stdout}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Point;
}

const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

function table(points: readonly Point[]): string {
  const rows = [
    '| packages | targets | cold load (wall / CPU) | µs per target (wall) | `query //...` (load included) | heap after load (after GC) | load result retains | KiB per target | committed heap / rss |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const p of points) {
    rows.push(
      `| ${p.packages.toLocaleString('en')} | ${p.targets.toLocaleString('en')} | ${fmtMs(p.loadMs)} / ${fmtMs(p.loadCpuMs)} | ${((p.loadMs * 1000) / p.targets).toFixed(1)} | ${fmtMs(p.queryMs)} | ` +
        `${p.heapMiB.toFixed(1)} MiB | ${p.retainedMiB.toFixed(1)} MiB | ${((p.retainedMiB * 1024) / p.targets).toFixed(2)} | ${p.heapCommittedMiB.toFixed(0)} / ${p.rssMiB.toFixed(0)} MiB |`,
    );
  }
  return rows.join('\n');
}

// ---- the plot ----

interface Series {
  name: string;
  color: string;
  values: number[];
}

/** One log–log chart: series over `xs`, a dashed slope-1 line through each series' first point, optional limit. */
function chart(x0: number, title: string, unit: string, xs: number[], series: Series[], limit?: { value: number; label: string }): string {
  const W = 420;
  const H = 300;
  const L = 60;
  const R = 20;
  const T = 34;
  const B = 44;
  const all = series.flatMap((s) => s.values).concat(limit ? [limit.value] : []);
  const lo = 10 ** Math.floor(Math.log10(Math.min(...all)));
  const hi = 10 ** Math.ceil(Math.log10(Math.max(...all)));
  const xlo = xs[0]!;
  const xhi = xs[xs.length - 1]!;
  const px = (x: number) => x0 + L + ((Math.log(x) - Math.log(xlo)) / (Math.log(xhi) - Math.log(xlo))) * (W - L - R);
  const py = (y: number) => T + (1 - (Math.log(y) - Math.log(lo)) / (Math.log(hi) - Math.log(lo))) * (H - T - B);
  const out: string[] = [];
  out.push(`<text x="${x0 + W / 2}" y="18" text-anchor="middle" font-weight="bold">${title}</text>`);
  out.push(`<rect x="${x0 + L}" y="${T}" width="${W - L - R}" height="${H - T - B}" fill="none" stroke="#999"/>`);
  for (let d = lo; d <= hi; d *= 10) {
    out.push(`<line x1="${x0 + L}" x2="${x0 + W - R}" y1="${py(d).toFixed(1)}" y2="${py(d).toFixed(1)}" stroke="#eee"/>`);
    out.push(`<text x="${x0 + L - 6}" y="${(py(d) + 4).toFixed(1)}" text-anchor="end">${d >= 1000 ? `${d / 1000}k` : d}</text>`);
  }
  for (const x of xs) {
    out.push(`<line x1="${px(x).toFixed(1)}" x2="${px(x).toFixed(1)}" y1="${T}" y2="${H - B}" stroke="#eee"/>`);
    out.push(`<text x="${px(x).toFixed(1)}" y="${H - B + 16}" text-anchor="middle">${x.toLocaleString('en')}</text>`);
  }
  out.push(`<text x="${x0 + L + (W - L - R) / 2}" y="${H - 8}" text-anchor="middle">packages (log)</text>`);
  out.push(`<text transform="translate(${x0 + 14} ${T + (H - T - B) / 2}) rotate(-90)" text-anchor="middle">${unit} (log)</text>`);
  if (limit) {
    out.push(`<line x1="${x0 + L}" x2="${x0 + W - R}" y1="${py(limit.value).toFixed(1)}" y2="${py(limit.value).toFixed(1)}" stroke="#c00" stroke-dasharray="2 3"/>`);
    out.push(`<text x="${x0 + W - R - 4}" y="${(py(limit.value) - 5).toFixed(1)}" text-anchor="end" fill="#c00">${limit.label}</text>`);
  }
  series.forEach((s, i) => {
    const first = s.values[0]!;
    out.push(`<line x1="${px(xlo).toFixed(1)}" y1="${py(first).toFixed(1)}" x2="${px(xhi).toFixed(1)}" y2="${py((first * xhi) / xlo).toFixed(1)}" stroke="${s.color}" stroke-opacity="0.35" stroke-dasharray="6 4"/>`);
    out.push(`<polyline fill="none" stroke="${s.color}" stroke-width="2" points="${xs.map((x, j) => `${px(x).toFixed(1)},${py(s.values[j]!).toFixed(1)}`).join(' ')}"/>`);
    for (let j = 0; j < xs.length; j++) out.push(`<circle cx="${px(xs[j]!).toFixed(1)}" cy="${py(s.values[j]!).toFixed(1)}" r="3" fill="${s.color}"/>`);
    out.push(`<text x="${x0 + L + 8}" y="${T + 16 + i * 15}" fill="${s.color}">${s.name}</text>`);
  });
  return out.join('\n');
}

function svg(points: readonly Point[], caption: string): string {
  const xs = points.map((p) => p.packages);
  const time = chart(0, 'Cold load and query time', 'ms', xs, [
    { name: 'loadWorkspace (cold), wall', color: '#1f77b4', values: points.map((p) => p.loadMs) },
    { name: 'loadWorkspace (cold), CPU', color: '#17becf', values: points.map((p) => p.loadCpuMs) },
    { name: 'query //... (load included)', color: '#ff7f0e', values: points.map((p) => p.queryMs) },
  ]);
  const heap = chart(
    430,
    'Heap',
    'MiB',
    xs,
    [
      { name: 'heap after load (after GC)', color: '#2ca02c', values: points.map((p) => p.heapMiB) },
      { name: 'committed heap (peak)', color: '#9467bd', values: points.map((p) => p.heapCommittedMiB) },
    ],
    { value: 250e6 / MiB, label: 'target: 250 MB (238 MiB)' },
  );
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="860" height="330" viewBox="0 0 860 330" font-family="sans-serif" font-size="11">',
    '<rect width="860" height="330" fill="white"/>',
    time,
    heap,
    `<text x="430" y="324" text-anchor="middle" fill="#555">${caption} — dashed: slope 1 (linear growth) through the first point</text>`,
    '</svg>',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const i = process.argv.indexOf('--one');
  if (i >= 0) {
    console.log(JSON.stringify(await one(Number(process.argv[i + 1]))));
    return;
  }
  const sizes = (process.env.BENCH_SIZES ?? '250,1000,4000,16000').split(',').map(Number);
  const points: Point[] = [];
  for (const n of sizes) {
    const p = runOne(n);
    console.log(`${n} packages: load ${fmtMs(p.loadMs)}, query ${fmtMs(p.queryMs)}, heap ${p.heapMiB.toFixed(1)} MiB`);
    points.push(p);
  }
  console.log(table(points));
  const date = new Date().toISOString().slice(0, 10);
  writeFileSync(`${ROOT}/${SVG}`, svg(points, `npm run bench:scaling, ${date}, node ${process.version}`));
  console.log(`plot: ${SVG}`);
}

await main();
