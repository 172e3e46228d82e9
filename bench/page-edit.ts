// Edit → panels in the browser: how long after a keystroke in Monaco the panels show the engine's answer for the
// new text, on the playground's example workspaces (the default one, every lesson and bug-report template), in
// headless Chromium against a production build. Issue 9's target: p95 ≤ 100 ms.
//
// Each workspace gets a filegroup `bench` appended to one of its BUILD files; the cursor goes before the name's
// closing quote, and each edit is ONE typed digit (bench → bench0 → bench01 …). An edit is done when the Targets
// panel lists the renamed target and the engine is settled on the current text (window.__rulepen.isSettled()) —
// Problems and Targets come from the same load result, so they update in the same React commit. All times are
// taken inside the page: from the keydown to the DOM mutation that shows the target. They are also split at the
// moment the page posts its load request to the engine worker: before it is the UI's handling of the keystroke
// (src/ui/state/engine-sync.ts asks at the end of the edit's task), after it the worker's load and the render.
//
// measureEditToPanels(baseUrl) serves `npm run bench` (bench/run.ts, with the server and browser it already has);
// alone, `node --import tsx bench/page-edit.ts [URL]` builds the site and serves it with `vite preview` first
// unless a URL is given. Environment: BENCH_EDITS (edits per workspace, default 15).

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { defaultWorkspace, DEFAULT_ACTIVE_FILE } from '../src/ui/state/default-workspace.ts';
import { lessons } from '../src/ui/lessons/lessons.ts';
import { buildAndPreview } from './preview.ts';

const CHROMIUM = '/usr/bin/chromium';

export interface EditToPanelsOptions {
  /** A browser to use (and leave open); else Chromium at /usr/bin/chromium is launched and closed. */
  browser?: Browser;
  /** Edits per workspace. */
  edits?: number;
  /** Print the figures (default true). */
  print?: boolean;
  /** A big workspace (bench/generate.ts) to measure as well, with a few edits: the worker's incremental loading. */
  large?: { name: string; files: Record<string, string> };
  /** Measure the example workspaces (default true); false with `large` measures the big workspace alone. */
  examples?: boolean;
  /** Edits on the big workspace (default 7). */
  largeEdits?: number;
  /** Called around the big workspace's edits, once it is loaded and the cursor placed (profilers: bench/page-profile.ts). */
  aroundLargeEdits?: { before(page: Page): Promise<void>; after(page: Page): Promise<void> };
}

export interface LatencyStats {
  n: number;
  median: number;
  p95: number;
  max: number;
}

export interface EditToPanelsResult {
  /** Keystroke → panels show the answer, on the default workspace. */
  defaultWorkspace: LatencyStats;
  /** The same over every example workspace. */
  all: LatencyStats;
  /** Of those: keystroke → the load request posted to the worker (the UI's handling of the keystroke). */
  untilRequest: LatencyStats;
  /** And: load request → panels show the answer (worker load, transfer, React render). */
  requestToPanels: LatencyStats;
  /** Workspaces measured, and those skipped with the reason. */
  workspaces: number;
  skipped: string[];
  /** The big workspace, when given and measured: keystroke → panels, and of it, until the request and after. */
  large?: { total: LatencyStats; untilRequest: LatencyStats; requestToPanels: LatencyStats; samples: Sample[] };
}

export interface Sample {
  total: number;
  untilRequest: number;
  afterRequest: number;
}

interface Example {
  name: string;
  files: Record<string, string>;
  build: string;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

function stats(xs: number[]): LatencyStats {
  const s = sorted(xs);
  return {
    n: s.length,
    median: s[Math.floor(s.length / 2)] ?? NaN,
    p95: s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)] ?? NaN,
    max: s[s.length - 1] ?? NaN,
  };
}

function fmtStats(s: LatencyStats): string {
  return `median ${s.median.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms, max ${s.max.toFixed(0)} ms`;
}

function examples(): Example[] {
  const pickBuild = (files: Record<string, string>, active: string) =>
    /(^|\/)BUILD(\.bazel)?$/.test(active) ? active : Object.keys(files).find((p) => /(^|\/)BUILD(\.bazel)?$/.test(p));
  const out: Example[] = [{ name: 'default', files: defaultWorkspace, build: pickBuild(defaultWorkspace, DEFAULT_ACTIVE_FILE)! }];
  for (const l of lessons) {
    const build = pickBuild(l.files, l.activePath);
    if (build) out.push({ name: `${l.kind} ${l.id}`, files: l.files, build });
  }
  return out;
}

/** Labels the Targets panel gives a filegroup in the package of `build`. */
function targetLabel(build: string, name: string): string {
  const pkg = build.includes('/') ? build.slice(0, build.lastIndexOf('/')) : '';
  return `//${pkg}:${name} (filegroup rule)`;
}

/**
 * Records, inside the page, the time of each keydown and of each message the page posts to a worker (the engine
 * is driven through comlink over Worker.postMessage). Installed before the app's scripts run.
 */
function instrument(): void {
  const w = window as unknown as { __benchKey: number; __benchPosts: number[] };
  w.__benchKey = 0;
  w.__benchPosts = [];
  window.addEventListener(
    'keydown',
    () => {
      w.__benchKey = performance.now();
      performance.mark('bench:key');
    },
    { capture: true },
  );
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
    const posts = w.__benchPosts;
    posts.push(performance.now());
    performance.mark('bench:post');
    if (posts.length > 1000) posts.splice(0, posts.length - 1000);
    return post.apply(this, args as [unknown, StructuredSerializeOptions]);
  } as Worker['postMessage'];
}

interface Times {
  key: number;
  post: number;
  done: number;
}

/**
 * Starts waiting in the page until the Targets panel shows `aria` and the engine is settled; the promise (kept in
 * window.__benchWait) gives the times (page clock) of the last keydown, of the first worker post after it, and of
 * the DOM mutation that completed the answer — or null after 10 s.
 */
function armWait(aria: string): void {
  const w = window as unknown as {
    __benchKey: number;
    __benchPosts: number[];
    __benchWait: Promise<Times | null>;
    __rulepen?: { isSettled(): boolean };
  };
  // Looked for inside the Targets panel: a walk of the whole page (the file tree alone is ~100,000 elements at
  // 20k targets) at every DOM mutation would slow down the page being measured.
  const selector = `.target-row[aria-label="${CSS.escape(aria)}"]`;
  const ready = () => w.__rulepen?.isSettled() === true && (document.getElementById('panel-targets') ?? document).querySelector(selector) !== null;
  w.__benchWait = new Promise((resolve) => {
    let finished = false;
    const finish = (ok: boolean) => {
      if (finished) return;
      finished = true;
      observer.disconnect();
      clearTimeout(timer);
      clearInterval(poll);
      if (!ok) return resolve(null);
      const key = w.__benchKey;
      performance.mark('bench:done');
      resolve({ key, post: w.__benchPosts.find((t) => t >= key) ?? NaN, done: performance.now() });
    };
    const check = () => ready() && finish(true);
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    // isSettled() may turn true without a DOM change (the store settles after the panel rendered): poll as well.
    const poll = setInterval(check, 4);
    const timer = setTimeout(() => finish(false), 10_000);
    check();
  });
}

async function waitForPanels(page: Page, aria: string): Promise<Times | null> {
  await page.evaluate(armWait, aria);
  return page.evaluate(() => (window as unknown as { __benchWait: Promise<Times | null> }).__benchWait);
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as { __rulepen?: { isSettled(): boolean } }).__rulepen?.isSettled() === true, undefined, {
    timeout: 30_000,
  });
}

async function measureWorkspace(
  page: Page,
  ex: Example,
  edits: number,
  around?: EditToPanelsOptions['aroundLargeEdits'],
): Promise<Sample[] | string> {
  const base = ex.files[ex.build]!.replace(/\n*$/, '\n');
  const text = `${base}\nfilegroup(name = "bench")\n`;
  const files = { ...ex.files, [ex.build]: text };
  await page.evaluate(([f, a]) => window.__rulepen!.replaceWorkspace(f, a), [files, ex.build] as const);
  await settled(page);
  let name = 'bench';
  const first = await waitForPanels(page, targetLabel(ex.build, name));
  if (!first) return 'the bench target never showed in Targets (a loading error?)';
  // The cursor goes before the closing quote of "bench"; the editor gets the focus.
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l === 'filegroup(name = "bench")') + 1;
  const column = 'filegroup(name = "bench'.length + 1;
  await page.evaluate(([p, l, c]) => window.__rulepen!.reveal(p, l, c), [ex.build, line, column] as const);
  await page.waitForFunction(([l, c]) => {
    const cur = window.__rulepen!.cursor();
    return cur?.line === l && cur.column === c && document.activeElement?.closest('.monaco-editor') != null;
  }, [line, column] as const);

  const samples: Sample[] = [];
  await around?.before(page);
  for (let i = 0; i < edits; i++) {
    const digit = String(i % 10);
    name += digit;
    await page.evaluate(armWait, targetLabel(ex.build, name));
    await page.keyboard.type(digit);
    const t = await page.evaluate(() => (window as unknown as { __benchWait: Promise<Times | null> }).__benchWait);
    if (!t) return `edit ${i + 1} (→ ${name}) never showed in Targets`;
    samples.push({ total: t.done - t.key, untilRequest: t.post - t.key, afterRequest: t.done - t.post });
    // A pause between edits, as between a user's keystrokes that each get an answer.
    await page.waitForTimeout(50);
  }
  await around?.after(page);
  const textNow = await page.evaluate((p) => window.__rulepen!.getFileText(p), ex.build);
  if (!textNow?.includes(`filegroup(name = "${name}")`)) return `the editor text is not what was typed (${JSON.stringify(textNow?.slice(-60))})`;
  return samples;
}

/** Edit → panels latency in headless Chromium on the example workspaces; `baseUrl` serves a build of the site. */
export async function measureEditToPanels(baseUrl: string, options: EditToPanelsOptions = {}): Promise<EditToPanelsResult> {
  const edits = options.edits ?? Number(process.env.BENCH_EDITS ?? 15);
  const print = options.print ?? true;
  let browser = options.browser;
  if (!browser) {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM });
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 760 } });
  try {
    const page = await context.newPage();
    // tsx (esbuild, keepNames) wraps named functions in the code handed to the page in __name(…): define it there.
    await page.addInitScript('globalThis.__name ??= (f) => f;');
    await page.addInitScript(instrument);
    await page.goto(baseUrl);
    await page.locator('.monaco-editor .view-lines').first().waitFor({ state: 'visible', timeout: 60_000 });
    await settled(page);

    const byWorkspace = new Map<string, Sample[]>();
    const skipped: string[] = [];
    for (const ex of options.examples === false ? [] : examples()) {
      const r = await measureWorkspace(page, ex, edits);
      if (typeof r === 'string') skipped.push(`${ex.name}: ${r}`);
      else byWorkspace.set(ex.name, r);
    }
    let large: Sample[] | undefined;
    if (options.large) {
      const build = Object.keys(options.large.files).filter((p) => /(^|\/)BUILD(\.bazel)?$/.test(p)).sort();
      const ex: Example = { name: options.large.name, files: options.large.files, build: build[Math.floor(build.length / 2)]! };
      const r = await measureWorkspace(page, ex, options.largeEdits ?? 7, options.aroundLargeEdits);
      if (typeof r === 'string') skipped.push(`${ex.name}: ${r}`);
      else large = r;
    }
    const all = [...byWorkspace.values()].flat();
    const result: EditToPanelsResult = {
      ...(large
        ? { large: { total: stats(large.map((s) => s.total)), untilRequest: stats(large.map((s) => s.untilRequest)), requestToPanels: stats(large.map((s) => s.afterRequest)), samples: large } }
        : {}),
      defaultWorkspace: stats((byWorkspace.get('default') ?? []).map((s) => s.total)),
      all: stats(all.map((s) => s.total)),
      untilRequest: stats(all.map((s) => s.untilRequest)),
      requestToPanels: stats(all.map((s) => s.afterRequest)),
      workspaces: byWorkspace.size,
      skipped,
    };
    if (print && result.workspaces > 0) {
      console.log(
        `edit → panels (one digit typed into Monaco → Targets/Problems show the answer, settled; headless Chromium, production build, ${edits} edits a workspace): ` +
          `default workspace ${fmtStats(result.defaultWorkspace)}; all ${result.workspaces} example workspaces (${result.all.n} edits) ${fmtStats(result.all)}`,
      );
      console.log(
        `  of which keystroke → load request posted to the worker (the UI's handling of the keystroke) ${fmtStats(result.untilRequest)}; ` +
          `request → panels (worker load + render) ${fmtStats(result.requestToPanels)}`,
      );
    }
    if (print) {
      if (result.large) {
        const l = result.large;
        console.log(
          `edit → panels on ${options.large!.name} (${l.total.n} edits): ${fmtStats(l.total)}; ` +
            `keystroke → request ${fmtStats(l.untilRequest)}, request → panels ${fmtStats(l.requestToPanels)}`,
        );
      }
      for (const s of skipped) console.log(`  skipped ${s}`);
    }
    return result;
  } finally {
    await context.close();
    if (!options.browser) await browser.close();
  }
}

/** Standalone: build the site and serve it with `vite preview` (unless a URL is given), then measure. */
async function main(): Promise<void> {
  const given = process.argv[2];
  if (given) {
    await measureEditToPanels(given);
    return;
  }
  const preview = await buildAndPreview(4800);
  try {
    await measureEditToPanels(preview.url);
  } finally {
    preview.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
