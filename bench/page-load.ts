// First load in the browser: how long a fresh visit takes until the editor is usable, and how much JavaScript the
// page had to fetch for it, in headless Chromium against a production build (`vite build` + `vite preview`).
// Issue 18's targets: first load to usable editor ≤ 1.0 s on localhost, initial JavaScript ≤ 1.0 MB gzip.
//
// Each load uses a fresh browser context (no HTTP cache, no service worker, no stored session). "Usable" is the
// first animation frame in which Monaco shows the default workspace's text; the time is the page's own clock
// (performance.now(), from the start of the navigation), so Playwright's polling does not count.
//
// "Initial JavaScript" is what the page's main thread fetched until then: the document's resource entries for
// .js files, minus the scripts of web workers (the engine's worker and its chunks run beside the page and do not
// delay the editor; they are reported on their own line). Sizes are those of the built files, gzip level 9 —
// what a static host that compresses would send — and raw.
//
// measurePageLoad(url, dist) serves `npm run bench` (bench/run.ts, with the server and browser it already has);
// alone, `node --import tsx bench/page-load.ts [URL DIST]` builds the site and serves it with `vite preview` first
// unless a served URL and its built folder are given. Environment: BENCH_LOADS (loads, default 7).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { buildAndPreview } from './preview.ts';

const CHROMIUM = '/usr/bin/chromium';

export interface PageLoadOptions {
  /** A browser to use (and leave open); else Chromium at /usr/bin/chromium is launched and closed. */
  browser?: Browser;
  /** Fresh loads to take the median of. */
  loads?: number;
  /** Print the figures (default true). */
  print?: boolean;
}

export interface JsFiles {
  files: { name: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
}

export interface PageLoadResult {
  /** Navigation start → editor usable, one per load (ms). */
  usable: number[];
  /** Navigation start → the engine's first answer shown (ms), one per load. */
  settled: number[];
  /** The main thread's JavaScript until the editor was usable (first load). */
  initial: JsFiles;
  /** Worker scripts fetched by then (first load). */
  workers: JsFiles;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const MB = (n: number) => `${(n / 1e6).toFixed(3)} MB`;
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

/** Sizes of built files named by URL (under `base`), read from the build folder. */
function sizes(urls: readonly string[], base: string, dist: string): JsFiles {
  const files = [...new Set(urls)].sort().map((u) => {
    const rel = decodeURIComponent(new URL(u).pathname.slice(new URL(base).pathname.length));
    const bytes = readFileSync(path.join(dist, rel));
    return { name: rel, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return { files, raw: files.reduce((n, f) => n + f.raw, 0), gzip: files.reduce((n, f) => n + f.gzip, 0) };
}

export function describe(js: JsFiles): string {
  return `${MB(js.gzip)} gzip (${MB(js.raw)} raw) in ${js.files.length} file${js.files.length === 1 ? '' : 's'}: ${js.files.map((f) => `${path.basename(f.name)} ${(f.gzip / 1e3).toFixed(1)} kB`).join(', ')}`;
}

export async function measurePageLoad(url: string, dist: string, options: PageLoadOptions = {}): Promise<PageLoadResult> {
  const n = options.loads ?? Number(process.env.BENCH_LOADS ?? 7);
  let browser = options.browser;
  const own = !browser;
  if (!browser) {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM });
  }
  const usable: number[] = [];
  const settled: number[] = [];
  let initial: JsFiles = { files: [], raw: 0, gzip: 0 };
  let workers: JsFiles = { files: [], raw: 0, gzip: 0 };
  try {
    for (let i = 0; i < n; i++) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const workerUrls = new Set<string>();
        page.on('worker', (w) => workerUrls.add(w.url()));
        const scripts: string[] = [];
        page.on('response', (r) => r.request().resourceType() === 'script' && r.url().endsWith('.js') && scripts.push(r.url()));
        await page.goto(url, { waitUntil: 'commit' });
        const at = await page.waitForFunction(
          () => {
            const lines = document.querySelector('.monaco-editor .view-lines');
            if (!lines || !lines.textContent || lines.getBoundingClientRect().height === 0) return false;
            const now = performance.now();
            const js = performance
              .getEntriesByType('resource')
              .filter((e) => new URL(e.name).pathname.endsWith('.js') && (e as PerformanceResourceTiming).responseEnd <= now)
              .map((e) => e.name);
            return { now, js };
          },
          undefined,
          { polling: 'raf', timeout: 60_000 },
        );
        const seen = (await at.jsonValue()) as { now: number; js: string[] };
        usable.push(seen.now);
        const fetchedByThen = [...scripts];
        await page
          .waitForFunction(() => (window as { __rulepen?: { isSettled(): boolean } }).__rulepen?.isSettled() === true, undefined, { polling: 'raf', timeout: 60_000 })
          .then(async () => settled.push(await page.evaluate(() => performance.now())))
          .catch(() => {});
        if (i === 0) {
          const main = seen.js.filter((u) => !workerUrls.has(u));
          initial = sizes(main, url, dist);
          workers = sizes(
            fetchedByThen.filter((u) => !main.includes(u)),
            url,
            dist,
          );
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    if (own) await browser.close();
  }
  const result: PageLoadResult = { usable, settled, initial, workers };
  if (options.print ?? true) {
    console.log(
      `first load to usable editor (Monaco shows the default workspace; headless Chromium, vite preview, fresh profile each), ${n} loads: ` +
        `median ${fmt(median(usable))} (min ${fmt(Math.min(...usable))}, max ${fmt(Math.max(...usable))}); engine settled (first problems shown): median ${settled.length ? fmt(median(settled)) : 'n/a'}`,
    );
    console.log(`initial JavaScript (the main thread's scripts until the editor is usable): ${describe(initial)}`);
    console.log(`worker scripts fetched by then (not in the initial figure): ${workers.files.length ? describe(workers) : 'none'}`);
  }
  return result;
}

async function main(): Promise<void> {
  const [givenUrl, givenDist] = process.argv.slice(2);
  if (givenUrl && givenDist) {
    await measurePageLoad(givenUrl, givenDist);
    return;
  }
  const preview = await buildAndPreview(4900);
  try {
    await measurePageLoad(preview.url, preview.dist);
  } finally {
    preview.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
