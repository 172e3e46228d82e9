// Where a keystroke's time goes at 20k targets: CPU profiles (Chromium's, over CDP) of the page and of the engine
// worker during the edits of bench/page-edit.ts on the generated 1,000-package workspace, summarised as the
// functions with the most self time, and written as .cpuprofile files for DevTools.
//
// `node --import tsx bench/page-profile.ts URL [OUT_DIR]` against a running `vite preview` of a production build
// (bench/page-ab.ts serves one; or `vite preview --outDir DIST`). Environment: BENCH_EDITS (default 7).

import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { generateWorkspace } from './generate.ts';
import { measureEditToPanels } from './page-edit.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time per function (ms), most first. */
function selfTimes(p: CpuProfile): [string, number][] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const samples = p.samples ?? [];
  const deltas = p.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // A sample's time is the delta to the next one.
    const dt = (deltas[i + 1] ?? 0) / 1000;
    self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + dt);
  }
  const byName = new Map<string, number>();
  for (const [id, ms] of self) {
    const f = byId.get(id)!.callFrame;
    const file = f.url ? f.url.slice(f.url.lastIndexOf('/') + 1) : '';
    const key = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    byName.set(key, (byName.get(key) ?? 0) + ms);
  }
  return [...byName].sort((a, b) => b[1] - a[1]);
}

/** Total time under each function (inclusive), most first: where the time goes by call tree. */
function totalTimes(p: CpuProfile): [string, number][] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfMs = new Map<number, number>();
  const samples = p.samples ?? [];
  const deltas = p.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) selfMs.set(samples[i]!, (selfMs.get(samples[i]!) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  const total = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const f = byId.get(n)!.callFrame;
      const file = f.url ? f.url.slice(f.url.lastIndexOf('/') + 1) : '';
      const key = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + ms);
    }
  }
  return [...total].sort((a, b) => b[1] - a[1]);
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; name?: string };
}
const traceEvents: TraceEvent[] = [];

/** Time per event name on each thread (complete events nested in a task counted once per name). */
function summariseTrace(events: TraceEvent[]): void {
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, String(e.args?.name));
  const per = new Map<string, Map<string, number>>();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const thread = names.get(`${e.pid}:${e.tid}`) ?? `${e.pid}:${e.tid}`;
    if (!per.has(thread)) per.set(thread, new Map());
    const m = per.get(thread)!;
    m.set(e.name, (m.get(e.name) ?? 0) + e.dur / 1000);
  }
  for (const [thread, m] of per) {
    const top = [...m].sort((a, b) => b[1] - a[1]).slice(0, 14);
    if ((top[0]?.[1] ?? 0) < 20) continue;
    console.log(`trace ${thread}: ${top.map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join(', ')}`);
  }
}

const [url, outArg] = process.argv.slice(2);
if (!url) {
  console.error('usage: bench/page-profile.ts URL [OUT_DIR]');
  process.exit(2);
}
const out = path.resolve(outArg ?? 'bench-profiles');
mkdirSync(out, { recursive: true });
const edits = Number(process.env.BENCH_EDITS ?? 7);

let pageSession: CDPSession | undefined;
/** The worker's sessions, reached through the page's session (Target.sendMessageToTarget). */
const workers: { sessionId: string; url: string }[] = [];
let nextId = 1;
const pending = new Map<number, (r: unknown) => void>();

async function toWorker(sessionId: string, method: string, params: object = {}): Promise<unknown> {
  const id = nextId++;
  const done = new Promise<unknown>((resolve) => pending.set(id, resolve));
  await pageSession!.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
  return done;
}

const ws = generateWorkspace(1000, 20);
const res = await measureEditToPanels(url, {
  large: { name: 'generated', files: ws.files },
  examples: false,
  largeEdits: edits,
  aroundLargeEdits: {
    async before(page: Page) {
      pageSession = await page.context().newCDPSession(page);
      pageSession.on('Target.attachedToTarget', (e: { sessionId: string; targetInfo: { type: string; url: string } }) => {
        if (e.targetInfo.type === 'worker') workers.push({ sessionId: e.sessionId, url: e.targetInfo.url });
      });
      pageSession.on('Target.receivedMessageFromTarget', (e: { message: string }) => {
        const m = JSON.parse(e.message) as { id?: number; result?: unknown };
        if (m.id !== undefined) pending.get(m.id)?.(m.result);
      });
      await pageSession.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
      await new Promise((r) => setTimeout(r, 300));
      if (process.env.BENCH_TRACE) {
        pageSession.on('Tracing.dataCollected', (e) => traceEvents.push(...(e.value as unknown as TraceEvent[])));
        await pageSession.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
      }
      await pageSession.send('Profiler.enable');
      await pageSession.send('Profiler.setSamplingInterval', { interval: 200 });
      await pageSession.send('Profiler.start');
      for (const w of workers) {
        await toWorker(w.sessionId, 'Profiler.enable');
        await toWorker(w.sessionId, 'Profiler.setSamplingInterval', { interval: 200 });
        await toWorker(w.sessionId, 'Profiler.start');
      }
      console.log(`profiling the page and ${workers.length} worker(s): ${workers.map((w) => w.url.slice(w.url.lastIndexOf('/') + 1)).join(', ')}`);
    },
    async after() {
      if (process.env.BENCH_TRACE) {
        const complete = new Promise((r) => pageSession!.once('Tracing.tracingComplete', r));
        await pageSession!.send('Tracing.end');
        await complete;
        writeFileSync(path.join(out, 'trace.json'), JSON.stringify({ traceEvents }));
        summariseTrace(traceEvents);
      }
      const profiles: [string, CpuProfile][] = [];
      const { profile } = (await pageSession!.send('Profiler.stop')) as { profile: CpuProfile };
      profiles.push(['page', profile]);
      for (const [i, w] of workers.entries()) {
        const r = (await toWorker(w.sessionId, 'Profiler.stop')) as { profile: CpuProfile } | undefined;
        if (r?.profile) profiles.push([`worker${i}-${w.url.slice(w.url.lastIndexOf('/') + 1).replace(/[^\w.-]/g, '_')}`, r.profile]);
      }
      for (const [name, p] of profiles) {
        writeFileSync(path.join(out, `${name}.cpuprofile`), JSON.stringify(p));
        const self = selfTimes(p);
        const busy = self.filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).reduce((n, [, ms]) => n + ms, 0);
        console.log(`\n== ${name}: ${((p.endTime - p.startTime) / 1000).toFixed(0)} ms profiled, ${busy.toFixed(0)} ms busy (without idle/program), ${(busy / edits).toFixed(1)} ms per edit`);
        console.log('  self:');
        for (const [k, ms] of self.slice(0, 25)) console.log(`    ${ms.toFixed(1).padStart(8)} ms  ${k}`);
        console.log('  total:');
        for (const [k, ms] of totalTimes(p).slice(0, 40)) console.log(`    ${ms.toFixed(1).padStart(8)} ms  ${k}`);
      }
    },
  },
});
console.log(JSON.stringify(res.large));
