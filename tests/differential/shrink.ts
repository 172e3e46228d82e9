// Shrinks a mismatch: greedily tries smaller variants of the workspace and command line — fewer flags and
// target patterns, fewer packages, targets, attributes, select() branches, list items and source files — and
// keeps a variant when Bazel and rulepen still differ the same way: the same aspect (exit code, stdout, errors,
// outputs) with a difference line of the same shape as the first one (labels, quoted text, numbers aside). Each try costs one Bazel run, so the number of tries is bounded.

import { renderWorkspace, type Expr, type Package, type Target, type Workspace } from './model.ts';
import { bazelBinReader, compare, primary, runRulepen, sameDifference, waitIfPaused, type BazelRunner, type Difference } from './run-both.ts';

const MAX_TRIES = Number(process.env.DIFFERENTIAL_SHRINK_TRIES ?? 70);

export interface Shrunk {
  readonly workspace: Workspace;
  readonly argv: readonly string[];
  readonly diffs: Difference[];
}

export async function check(runner: BazelRunner, ws: Workspace, argv: readonly string[]): Promise<Difference[]> {
  await waitIfPaused(runner);
  const files = renderWorkspace(ws);
  runner.setFiles(files);
  const b = runner.run(argv, files);
  const r = await runRulepen(files, argv, runner.paths);
  return compare(b, r, bazelBinReader(runner));
}

export async function shrink(runner: BazelRunner, ws0: Workspace, argv0: readonly string[], diffs0: Difference[]): Promise<Shrunk | undefined> {
  const first = primary(diffs0);
  const again = await check(runner, ws0, argv0);
  if (!sameDifference(first, again)) return undefined;
  let cur: Shrunk = { workspace: ws0, argv: argv0, diffs: [first, ...again.filter((d) => d.aspect !== first.aspect)] };
  let tries = 0;
  const seen = new Set<string>();
  let progress = true;
  while (progress && tries < MAX_TRIES) {
    progress = false;
    for (const cand of [...argvVariants(cur.argv).map((a) => ({ workspace: cur.workspace, argv: a })), ...wsVariants(cur.workspace).map((w) => ({ workspace: w, argv: cur.argv }))]) {
      if (tries >= MAX_TRIES) break;
      const key = JSON.stringify(cand);
      if (seen.has(key)) continue;
      seen.add(key);
      tries++;
      const d = await check(runner, cand.workspace, cand.argv);
      if (sameDifference(first, d)) {
        cur = { ...cand, diffs: [d.find((x) => x.aspect === first.aspect)!, ...d.filter((x) => x.aspect !== first.aspect)] };
        progress = true;
        break;
      }
    }
  }
  return cur;
}

/** The command line without one flag (with its value) or one of several target patterns. */
function argvVariants(argv: readonly string[]): string[][] {
  const out: string[][] = [];
  const command = argv[0]!;
  const positional = argv.slice(1).filter((a) => !a.startsWith('-')).length;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    const takesValue = (a === '--define' || a === '-c') && i + 1 < argv.length;
    if (!a.startsWith('-')) {
      if (command === 'query' || command === 'cquery' || positional <= 1) continue;
      if (i > 0 && (argv[i - 1] === '--define' || argv[i - 1] === '-c')) continue;
    }
    const next = [...argv];
    next.splice(i, takesValue ? 2 : 1);
    out.push(next);
  }
  return out;
}

/** One step smaller: a package, target, attribute, branch, list item or file less. */
function wsVariants(ws: Workspace): Workspace[] {
  const out: Workspace[] = [];
  const withPkg = (i: number, p: Package): Workspace => ({ ...ws, packages: ws.packages.map((x, j) => (j === i ? p : x)) });
  ws.packages.forEach((p, i) => out.push({ ...ws, packages: ws.packages.filter((_, j) => j !== i) }));
  ws.packages.forEach((p, i) => {
    p.targets.forEach((_, t) => out.push(withPkg(i, { ...p, targets: p.targets.filter((__, u) => u !== t) })));
  });
  ws.packages.forEach((p, i) => {
    p.targets.forEach((t, ti) => {
      const withTarget = (nt: Target): Workspace => withPkg(i, { ...p, targets: p.targets.map((x, u) => (u === ti ? nt : x)) });
      t.attrs.forEach((_, ai) => out.push(withTarget({ ...t, attrs: t.attrs.filter((__, b) => b !== ai) })));
      t.attrs.forEach(([name, e], ai) => {
        for (const smaller of exprVariants(e)) out.push(withTarget({ ...t, attrs: t.attrs.map((x, b) => (b === ai ? ([name, smaller] as const) : x)) }));
      });
    });
    if (p.packageArgs && p.packageArgs.length > 0) out.push(withPkg(i, { ...p, packageArgs: [] }));
    for (const f of Object.keys(p.files)) {
      const files = { ...p.files };
      delete files[f];
      out.push(withPkg(i, { ...p, files }));
    }
  });
  return out;
}

function exprVariants(e: Expr): Expr[] {
  switch (e.k) {
    case 'list':
      return e.items.map((_, i) => ({ ...e, items: e.items.filter((__, j) => j !== i) }));
    case 'dict':
      return e.entries.length > 1 ? e.entries.map((_, i) => ({ ...e, entries: e.entries.filter((__, j) => j !== i) })) : [];
    case 'select': {
      const out: Expr[] = e.branches.map(([, v]) => v);
      if (e.noMatchError !== undefined) out.push({ ...e, noMatchError: undefined });
      if (e.branches.length > 1) e.branches.forEach((_, i) => out.push({ ...e, branches: e.branches.filter((__, j) => j !== i) }));
      e.branches.forEach(([k, v], i) => {
        for (const s of exprVariants(v)) out.push({ ...e, branches: e.branches.map((b, j) => (j === i ? ([k, s] as const) : b)) });
      });
      return out;
    }
    case 'plus':
      return e.parts.length > 1 ? [...e.parts, ...e.parts.map((_, i) => ({ ...e, parts: e.parts.filter((__, j) => j !== i) }))] : [];
    default:
      return [];
  }
}
