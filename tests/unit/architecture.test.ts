// The architecture test: reads every import specifier under src/ and fails when a dependency points the wrong way.
//
// Rules (../shared/DESIGN.md): engine layers import only downward (base ← starlark ← loading ← config ← query/docs ←
// actions ← commands ← index.ts); an engine area imports another area only through that area's index.ts; the
// engine imports nothing outside src/engine but a few pure packages (no node:*, no UI, no worker); the UI never imports src/engine (it
// talks to the worker client only); the CLI and the worker reach the engine through index.ts files; and no two files
// import each other in a loop, however long (every import counts: `import type`, re-exports, dynamic import()).
//
// Cycles: the files are the nodes of a graph and each relative import an edge. Tarjan's algorithm splits the graph
// into strongly connected components; an edge inside a component lies on at least one cycle, and we report, for each
// such edge u → v, the shortest way back from v to u (breadth-first, inside the component). Every import that takes
// part in a loop is so named in some reported cycle, and a long chain of files reads as a few short loops instead of
// one component listing. A cycle is written from its least file name, so each is reported once.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

/** Rank of each engine area: an area may import areas of lower or equal rank (equal only for itself). */
const ENGINE_RANK: Record<string, number> = {
  base: 0,
  starlark: 1,
  loading: 2,
  config: 3,
  query: 4,
  docs: 4,
  actions: 5,
  commands: 6,
};

/** npm packages the engine may use: pure JavaScript that runs the same in a worker, in Node and in vitest. */
const ENGINE_PACKAGES = ['pako', '@bufbuild/protobuf', 'just-bash'];

interface Import {
  from: string; // file, relative to src/
  spec: string;
  target?: string; // resolved file, relative to src/, for relative specifiers
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|js)$/.test(name)) out.push(p);
  }
  return out;
}

/**
 * Import cycles that exist today and are allowed for now; any other cycle fails the test, and so does an entry here
 * that is no longer a cycle (delete it then).
 */
const ALLOWED_CYCLES: readonly string[] = [];

const IMPORT_RE = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

/** The file a relative specifier names: itself, with `.ts`/`.tsx` added, or its directory's index.ts. */
function resolveFile(path: string): string {
  for (const p of [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')]) {
    if (existsSync(p) && statSync(p).isFile()) return p;
  }
  return path;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const out: Import[] = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2] ?? m[3];
    const from = relative(SRC, file);
    const target = spec.startsWith('.') ? relative(SRC, resolveFile(resolve(dirname(file), spec))) : undefined;
    out.push({ from, spec, target });
  }
  return out;
}

const files = walk(SRC).filter((f) => !/\.test\.tsx?$/.test(f));
const imports = files.flatMap(importsOf);

function engineArea(p: string): string | undefined {
  const m = /^engine\/([^/]+)\//.exec(p);
  return m ? m[1] : p === 'engine/index.ts' ? 'index' : undefined;
}

function engineViolations(list: Import[]): string[] {
  const bad: string[] = [];
  for (const imp of list) {
    const fromArea = engineArea(imp.from);
    if (!fromArea) continue;
    if (!imp.target) {
      if (!ENGINE_PACKAGES.some((p) => imp.spec === p || imp.spec.startsWith(p + '/'))) {
        bad.push(`${imp.from}: imports '${imp.spec}' (the engine imports only pure, platform-free packages)`);
      }
      continue;
    }
    if (!imp.target.startsWith('engine/')) {
      bad.push(`${imp.from}: imports '${imp.spec}' outside src/engine`);
      continue;
    }
    const toArea = engineArea(imp.target);
    if (!toArea || toArea === fromArea) continue;
    if (toArea === 'index') {
      bad.push(`${imp.from}: imports the engine's public index from inside the engine`);
      continue;
    }
    if (fromArea !== 'index' && !(ENGINE_RANK[toArea] < ENGINE_RANK[fromArea])) {
      bad.push(`${imp.from}: layer '${fromArea}' imports upward/sideways into '${toArea}'`);
    }
    if (!/^engine\/[^/]+\/index\.ts$/.test(imp.target)) {
      bad.push(`${imp.from}: imports '${imp.spec}' — another area must be imported through its index.ts`);
    }
  }
  return bad;
}

/** The import cycles among `list`'s files, each as a path `a.ts → b.ts → a.ts` (see the header), sorted. */
function importCycles(list: readonly Import[]): string[] {
  const edges = new Map<string, string[]>();
  for (const { from, target } of list) {
    if (target === undefined) continue;
    const out = edges.get(from) ?? [];
    if (!out.includes(target)) out.push(target);
    edges.set(from, out.sort());
  }
  const next = (n: string): readonly string[] => edges.get(n) ?? [];

  // Tarjan's strongly connected components: component[n] is the same number for files that reach each other.
  const component = new Map<string, number>();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  let count = 0;
  const connect = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (!component.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      let w: string;
      do {
        w = stack.pop()!;
        component.set(w, count);
      } while (w !== v);
      count++;
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) connect(v);

  /** The shortest path from `from` to `to` inside their component (both ends included). */
  const shortestPath = (from: string, to: string): string[] => {
    const parent = new Map<string, string>([[from, from]]);
    const queue = [from];
    for (let i = 0; i < queue.length && !parent.has(to); i++) {
      for (const w of next(queue[i]!)) {
        if (parent.has(w) || component.get(w) !== component.get(from)) continue;
        parent.set(w, queue[i]!);
        queue.push(w);
      }
    }
    const path = [to];
    while (path[0] !== from) path.unshift(parent.get(path[0]!)!);
    return path;
  };

  const cycles = new Set<string>();
  for (const [u, targets] of edges) {
    for (const v of targets) {
      if (component.get(u) !== component.get(v)) continue;
      const loop = u === v ? [u] : [u, ...shortestPath(v, u).slice(0, -1)];
      const first = loop.indexOf([...loop].sort()[0]!);
      const rotated = [...loop.slice(first), ...loop.slice(0, first)];
      cycles.add([...rotated, rotated[0]].join(' → '));
    }
  }
  return [...cycles].sort();
}

describe('architecture', () => {
  it('finds the source tree', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('engine layers import only downward, and other areas only through their index.ts', () => {
    expect(engineViolations(imports)).toEqual([]);
  });

  it('catches the violations it is meant to catch', () => {
    const imp = (from: string, target: string | undefined, spec = target ?? 'x'): Import => ({ from, spec, target });
    expect(engineViolations([imp('engine/starlark/eval/a.ts', 'engine/loading/index.ts')])).toHaveLength(1);
    expect(engineViolations([imp('engine/loading/a.ts', 'engine/starlark/eval/eval.ts')])).toHaveLength(1);
    expect(engineViolations([imp('engine/query/a.ts', 'engine/docs/index.ts')])).toHaveLength(1);
    expect(engineViolations([imp('engine/base/a.ts', undefined, 'node:fs')])).toHaveLength(1);
    expect(engineViolations([imp('engine/base/a.ts', undefined, 'react')])).toHaveLength(1);
    expect(engineViolations([imp('engine/docs/a.ts', undefined, '@bufbuild/protobuf/codegenv2')])).toEqual([]);
    expect(engineViolations([imp('engine/loading/a.ts', 'engine/starlark/index.ts')])).toEqual([]);
    expect(engineViolations([imp('engine/loading/a.ts', 'engine/loading/label.ts')])).toEqual([]);
  });

  it('no file imports itself through other files', () => {
    const cycles = importCycles(imports);
    expect(cycles.filter((c) => !ALLOWED_CYCLES.includes(c))).toEqual([]);
    expect(ALLOWED_CYCLES.filter((c) => !cycles.includes(c)), 'allowed cycles that are gone').toEqual([]);
  });

  it('catches the cycles it is meant to catch', () => {
    const imp = (from: string, target: string): Import => ({ from, spec: target, target });
    expect(importCycles([imp('a.ts', 'b.ts'), imp('b.ts', 'a.ts')])).toEqual(['a.ts → b.ts → a.ts']);
    expect(importCycles([imp('c.ts', 'a.ts'), imp('b.ts', 'c.ts'), imp('a.ts', 'b.ts')])).toEqual(['a.ts → b.ts → c.ts → a.ts']);
    expect(importCycles([imp('a.ts', 'a.ts')])).toEqual(['a.ts → a.ts']);
    // A diamond, and a chain into it: no loop.
    expect(importCycles([imp('a.ts', 'b.ts'), imp('a.ts', 'c.ts'), imp('b.ts', 'd.ts'), imp('c.ts', 'd.ts'), imp('e.ts', 'a.ts')])).toEqual([]);
    // Two loops sharing a file are two cycles; an edge out of a loop is none.
    expect(
      importCycles([imp('a.ts', 'b.ts'), imp('b.ts', 'a.ts'), imp('a.ts', 'c.ts'), imp('c.ts', 'a.ts'), imp('c.ts', 'd.ts')]),
    ).toEqual(['a.ts → b.ts → a.ts', 'a.ts → c.ts → a.ts']);
    // Packages (no target) are not files.
    expect(importCycles([{ from: 'a.ts', spec: 'pako' }])).toEqual([]);
  });

  it('the UI never imports the engine', () => {
    const bad = imports
      .filter((i) => i.from.startsWith('ui/') && (i.target?.startsWith('engine/') || i.target?.startsWith('cli/')))
      .map((i) => `${i.from}: imports '${i.spec}'`);
    expect(bad).toEqual([]);
  });

  it('the worker and the CLI reach the engine only through index.ts files', () => {
    const bad = imports
      .filter((i) => (i.from.startsWith('worker/') || i.from.startsWith('cli/')) && i.target?.startsWith('engine/'))
      .filter((i) => !/^engine\/([^/]+\/)?index\.ts$/.test(i.target!))
      // The CLI's startup path prints version/help from this one module, without loading commands/index.ts (the engine).
      .filter((i) => !(i.from === 'cli/main.ts' && i.target === 'engine/commands/info.ts'))
      .map((i) => `${i.from}: imports '${i.spec}'`);
    expect(bad).toEqual([]);
  });

  it('every engine area has a known rank', () => {
    const areas = new Set(files.map((f) => engineArea(relative(SRC, f))).filter((a) => a && a !== 'index'));
    for (const a of areas) expect(ENGINE_RANK, `area ${a}`).toHaveProperty(a as string);
  });
});
