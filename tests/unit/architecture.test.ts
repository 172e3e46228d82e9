// The architecture test: reads every import specifier under src/ and fails when a dependency points the wrong way.
//
// Rules (../shared/DESIGN.md): engine layers import only downward (base ← starlark ← loading ← config ← query/docs ←
// actions ← commands ← index.ts); an engine area imports another area only through that area's index.ts; the
// engine imports nothing outside src/engine but a few pure packages (no node:*, no UI, no worker); the UI never imports src/engine (it
// talks to the worker client only); the CLI and the worker reach the engine through index.ts files.

import { readdirSync, readFileSync, statSync } from 'node:fs';
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

const IMPORT_RE = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const out: Import[] = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2] ?? m[3];
    const from = relative(SRC, file);
    const target = spec.startsWith('.') ? relative(SRC, resolve(dirname(file), spec)) : undefined;
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
      .map((i) => `${i.from}: imports '${i.spec}'`);
    expect(bad).toEqual([]);
  });

  it('every engine area has a known rank', () => {
    const areas = new Set(files.map((f) => engineArea(relative(SRC, f))).filter((a) => a && a !== 'index'));
    for (const a of areas) expect(ENGINE_RANK, `area ${a}`).toHaveProperty(a as string);
  });
});
