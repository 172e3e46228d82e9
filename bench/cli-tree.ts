// The CLI in a folder with many files (issue 18): `rulepen version` and `rulepen query` over a workspace of two
// small packages beside 20,000 data files that no command needs (BENCH_TREE_FILES, 1 KiB each, in 200
// directories). The CLI lists the tree and reads a file only when a command needs it, so the data files cost a
// directory walk, not a read each. Every run is a fresh process (cold engine; the OS file cache is warm after the
// first). Prints medians of BENCH_TREE_RUNS (5) runs.
//
// cliInLargeTree() serves `npm run bench` (bench/run.ts); alone: `node --import tsx bench/cli-tree.ts`.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

/** Wall time of `rulepen --workspace=ws args…`, and its output, failing loudly on an unexpected exit. */
function rulepen(ws: string, args: string[]): { ms: number; stdout: string } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/rulepen.mjs'), `--workspace=${ws}`, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`rulepen ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, stdout: r.stdout };
}

export function cliInLargeTree(): void {
  const files = Number(process.env.BENCH_TREE_FILES ?? 20_000);
  const runs = Number(process.env.BENCH_TREE_RUNS ?? 5);
  const ws = mkdtempSync(path.join(os.tmpdir(), 'rulepen-bench-tree-'));
  try {
    writeFileSync(path.join(ws, 'WORKSPACE'), '');
    for (const pkg of ['a', 'b']) {
      mkdirSync(path.join(ws, pkg));
      writeFileSync(path.join(ws, pkg, 'BUILD'), `genrule(name = "x", srcs = ["in.txt"], outs = ["out.txt"], cmd = "cp $< $@")\n`);
      writeFileSync(path.join(ws, pkg, 'in.txt'), `${pkg}\n`);
    }
    const kib = 'x'.repeat(1023) + '\n';
    for (let i = 0; i < files; i++) {
      const dir = path.join(ws, 'data', `d${Math.floor(i / 100)}`);
      if (i % 100 === 0) mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `f${i}.txt`), kib);
    }
    rulepen(ws, ['version']); // builds the CLI bundle when it is stale, outside the timings
    const figure = (args: string[]) => {
      const times = Array.from({ length: runs }, () => rulepen(ws, args).ms);
      return `${fmt(median(times))} (min ${fmt(Math.min(...times))}, max ${fmt(Math.max(...times))})`;
    };
    const nodeMs = median(Array.from({ length: runs }, () => {
      const t0 = performance.now();
      spawnSync(process.execPath, ['-e', '']);
      return performance.now() - t0;
    }));
    console.log(`CLI in a folder of ${files.toLocaleString('en')} data files (1 KiB each) + 2 packages, fresh process each, median of ${runs}; an empty \`node -e ''\` takes ${fmt(nodeMs)}:`);
    console.log(`  rulepen version: ${figure(['version'])}`);
    console.log(`  rulepen query //a:x: ${figure(['query', '//a:x'])}`);
    console.log(`  rulepen query //...: ${figure(['query', '//...'])}`);
    console.log(`  rulepen build //a:x: ${figure(['build', '//a:x'])}`);
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) cliInLargeTree();
