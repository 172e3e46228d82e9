// --output=minrank and --output=maxrank: `<rank> <label>`, rank 0 for the roots of the result graph (nodes no
// other result node points to), minrank the shortest and maxrank the longest path from a root; nodes of a cycle
// share a rank. Ranks print in increasing order; within a rank, label order under --order_output=full (genquery),
// else the order of the result.
import type { OutputContext } from './context.ts';
import { nodeLabel } from './label.ts';
import { resultSuccessors } from '../order.ts';

/**
 * The edges between result nodes that the evaluation explored (also through nodes outside the result), as Bazel
 * ranks over the graph its query built: in `//b:fg + deps(//b:f.txt, 1)` nothing expanded //b:fg, so both are
 * roots (checked with 4.2.3, differential seed 58284).
 */
function resultEdges<T>(ctx: OutputContext<T>): Map<string, string[]> {
  const g = ctx.graph;
  const out = new Map<string, string[]>();
  for (const n of ctx.nodes) {
    out.set(g.key(n), resultSuccessors(g, n, (k) => ctx.set.has(k), ctx.explored));
  }
  return out;
}

/** Strongly connected components (Tarjan, iterative): key → component id. */
function components(keys: readonly string[], edges: Map<string, string[]>): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const comp = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  let i = 0;
  let c = 0;
  for (const root of keys) {
    if (index.has(root)) continue;
    const work: { k: string; j: number }[] = [{ k: root, j: 0 }];
    index.set(root, i);
    low.set(root, i++);
    stack.push(root);
    on.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const succ = edges.get(top.k) ?? [];
      if (top.j < succ.length) {
        const s = succ[top.j++]!;
        if (!index.has(s)) {
          index.set(s, i);
          low.set(s, i++);
          stack.push(s);
          on.add(s);
          work.push({ k: s, j: 0 });
        } else if (on.has(s)) low.set(top.k, Math.min(low.get(top.k)!, index.get(s)!));
      } else {
        work.pop();
        if (work.length > 0) {
          const p = work[work.length - 1]!.k;
          low.set(p, Math.min(low.get(p)!, low.get(top.k)!));
        }
        if (low.get(top.k) === index.get(top.k)) {
          for (;;) {
            const x = stack.pop()!;
            on.delete(x);
            comp.set(x, c);
            if (x === top.k) break;
          }
          c++;
        }
      }
    }
  }
  return comp;
}

export function ranks<T>(ctx: OutputContext<T>, kind: 'min' | 'max'): Map<string, number> {
  const keys = ctx.nodes.map((n) => ctx.graph.key(n));
  const edges = resultEdges(ctx);
  const comp = components(keys, edges);
  // The condensation DAG.
  const cedges = new Map<number, Set<number>>();
  const indeg = new Map<number, number>();
  for (const k of keys) {
    const a = comp.get(k)!;
    if (!cedges.has(a)) cedges.set(a, new Set());
    if (!indeg.has(a)) indeg.set(a, 0);
  }
  for (const k of keys) {
    const a = comp.get(k)!;
    for (const s of edges.get(k) ?? []) {
      const b = comp.get(s)!;
      if (a === b || cedges.get(a)!.has(b)) continue;
      cedges.get(a)!.add(b);
      indeg.set(b, (indeg.get(b) ?? 0) + 1);
    }
  }
  const rank = new Map<number, number>();
  // Kahn's algorithm: a node's rank is final once all its predecessors are processed.
  const queue = [...indeg].filter(([, d]) => d === 0).map(([c]) => c);
  for (const c of queue) rank.set(c, 0);
  const remaining = new Map(indeg);
  for (let i = 0; i < queue.length; i++) {
    const c = queue[i]!;
    for (const s of cedges.get(c)!) {
      const r = rank.get(c)! + 1;
      const cur = rank.get(s);
      if (cur === undefined) rank.set(s, r);
      else rank.set(s, kind === 'min' ? Math.min(cur, r) : Math.max(cur, r));
      remaining.set(s, remaining.get(s)! - 1);
      if (remaining.get(s) === 0) queue.push(s);
    }
  }
  return new Map(keys.map((k) => [k, rank.get(comp.get(k)!) ?? 0]));
}

export function formatRank<T>(ctx: OutputContext<T>, kind: 'min' | 'max'): string {
  const r = ranks(ctx, kind);
  const g = ctx.graph;
  const nodes = [...ctx.nodes];
  const pos = new Map(nodes.map((n, i) => [g.key(n), i]));
  nodes.sort((a, b) => {
    const d = r.get(g.key(a))! - r.get(g.key(b))!;
    if (d !== 0) return d;
    return ctx.options.orderFull ? g.compare(a, b) : pos.get(g.key(a))! - pos.get(g.key(b))!;
  });
  return nodes.map((n) => `${r.get(g.key(n))} ${nodeLabel(ctx, n)}\n`).join('');
}

export const formatMinrank = <T>(ctx: OutputContext<T>) => formatRank(ctx, 'min');
export const formatMaxrank = <T>(ctx: OutputContext<T>) => formatRank(ctx, 'max');
