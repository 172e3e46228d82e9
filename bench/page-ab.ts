// Two production builds side by side: the same page benchmark run on each in turn, rounds alternated, so that a
// shared machine's load falls on both alike. `node --import tsx bench/page-ab.ts edit|load DIST_A DIST_B [ROUNDS]`
// serves each built folder (`vite build --outDir DIST`) with `vite preview` and prints both sets of figures per
// round and the medians over all rounds: `edit` is edit → panels on the generated 1,000-package workspace
// (bench/page-edit.ts), `load` the first load to a usable editor (bench/page-load.ts).

import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { generateWorkspace } from './generate.ts';
import { measureEditToPanels } from './page-edit.ts';
import { measurePageLoad, median } from './page-load.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

async function serve(dist: string, port: number): Promise<{ url: string; server: ChildProcess }> {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const server = spawn(process.execPath, [vite, 'preview', '--outDir', dist, '--port', String(port), '--strictPort'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('vite preview did not start')), 30_000);
    server.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes(String(port))) {
        clearTimeout(t);
        resolve();
      }
    });
    server.on('exit', () => reject(new Error('vite preview exited')));
  });
  return { url: `http://localhost:${port}/`, server };
}

const [mode, distA, distB, roundsArg] = process.argv.slice(2);
if ((mode !== 'edit' && mode !== 'load') || !distA || !distB) {
  console.error('usage: bench/page-ab.ts edit|load DIST_A DIST_B [ROUNDS]');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 3);
const a = await serve(path.resolve(distA), 4700 + (process.pid % 100));
const b = await serve(path.resolve(distB), 4850 + (process.pid % 100));
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ws = generateWorkspace(1000, 20);
const large = { name: 'generated', files: ws.files };
const figures: Record<'A' | 'B', { total: number[]; untilRequest: number[]; requestToPanels: number[]; p95: number[]; all: number[] }> = {
  A: { total: [], untilRequest: [], requestToPanels: [], p95: [], all: [] },
  B: { total: [], untilRequest: [], requestToPanels: [], p95: [], all: [] },
};
/** The p-th percentile of all edits of all rounds (nearest rank). */
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)] ?? NaN;
try {
  for (let r = 0; r < rounds; r++) {
    for (const [name, url, dist] of (r % 2 === 0 ? [['A', a.url, distA], ['B', b.url, distB]] : [['B', b.url, distB], ['A', a.url, distA]]) as ['A' | 'B', string, string][]) {
      const f = figures[name];
      if (mode === 'edit') {
        const res = await measureEditToPanels(url, { browser, large, examples: false, largeEdits: Number(process.env.BENCH_EDITS ?? 7), print: false });
        if (!res.large) throw new Error(`${name}: ${res.skipped.join('; ')}`);
        f.total.push(res.large.total.median);
        f.p95.push(res.large.total.p95);
        f.untilRequest.push(res.large.untilRequest.median);
        f.requestToPanels.push(res.large.requestToPanels.median);
        f.all.push(...res.large.samples.map((s) => s.total));
        console.log(`round ${r + 1} ${name} (load ${os.loadavg()[0].toFixed(1)}): median ${res.large.total.median.toFixed(0)} ms, p95 ${res.large.total.p95.toFixed(0)} ms; keystroke → request ${res.large.untilRequest.median.toFixed(0)} ms, request → panels ${res.large.requestToPanels.median.toFixed(0)} ms; edits ${res.large.samples.map((s) => s.total.toFixed(0)).join(' ')}`);
      } else {
        const res = await measurePageLoad(url, path.resolve(dist), { browser, print: false, loads: Number(process.env.BENCH_LOADS ?? 5) });
        f.total.push(median(res.usable));
        f.requestToPanels.push(median(res.settled));
        f.untilRequest.push(res.initial.gzip);
        console.log(`round ${r + 1} ${name}: usable median ${median(res.usable).toFixed(0)} ms (${res.usable.map((x) => x.toFixed(0)).join(' ')}), settled ${median(res.settled).toFixed(0)} ms, initial JS ${(res.initial.gzip / 1e6).toFixed(3)} MB gzip in ${res.initial.files.length} files`);
      }
    }
  }
  for (const name of ['A', 'B'] as const) {
    const f = figures[name];
    if (mode === 'edit') {
      console.log(
        `${name}: median of round medians ${median(f.total).toFixed(0)} ms, of round p95s ${median(f.p95).toFixed(0)} ms; keystroke → request ${median(f.untilRequest).toFixed(0)} ms, request → panels ${median(f.requestToPanels).toFixed(0)} ms; ` +
          `all ${f.all.length} edits: median ${percentile(f.all, 0.5).toFixed(0)} ms, p95 ${percentile(f.all, 0.95).toFixed(0)} ms`,
      );
    }
    else console.log(`${name}: usable ${median(f.total).toFixed(0)} ms, settled ${median(f.requestToPanels).toFixed(0)} ms`);
  }
} finally {
  await browser.close();
  a.server.kill();
  b.server.kill();
}
