// --output=graph: the result as a GraphViz digraph. Nodes print in a reverse post-order depth-first walk that
// follows edges in attribute order, each node followed by its edges (attribute order; genquery: label order).
// Factored by default (--graph:factored): nodes with the same predecessors and successors in the result merge
// into one node whose name joins their labels with the two characters `\n`; --graph:node_limit truncates long
// merged names with `...and N more items`. In query and genquery, an edge a select() makes is followed by a line
// `[label="…"];` naming its conditions (--graph:conditional_edges_limit).
import { javaHashSetOrder, javaLabelHash } from '../../base/index.ts';
import { Configurable, isLabel, labelToString, type Label, type Target } from '../../loading/index.ts';
import type { OutputContext } from './context.ts';
import { resultSuccessors } from '../order.ts';
import { nodeLabel } from './label.ts';

/** `"\\n...and 9999999 more items".length` (Bazel's GraphOutputWriter.RESERVED_LABEL_CHARS). */
const RESERVED_LABEL_CHARS = 27;

export function formatGraph<T>(ctx: OutputContext<T>): string {
  const g = ctx.graph;
  // --order_output=full (and genquery): members, edges and the walk in label order; else attribute order.
  const sorted = ctx.options.orderFull || ctx.options.graphSortEdges === true;
  const nodes = sorted ? [...ctx.nodes].sort((a, b) => g.compare(a, b)) : ctx.nodes;
  const keys = nodes.map((n) => g.key(n));
  const byKey = new Map(ctx.nodes.map((n) => [g.key(n), n]));
  const succ = new Map<string, string[]>();
  const pred = new Map<string, string[]>(keys.map((k) => [k, []]));
  for (const n of ctx.nodes) {
    let s = resultSuccessors(g, n, (k) => byKey.has(k), ctx.explored);
    if (sorted) s = s.sort((a, b) => g.compare(byKey.get(a)!, byKey.get(b)!));
    succ.set(g.key(n), s);
    for (const t of s) pred.get(t)!.push(g.key(n));
  }
  // Equivalence classes (factored) or one class per node.
  const classOf = new Map<string, string>();
  const members = new Map<string, string[]>();
  for (const k of keys) {
    const sig = ctx.options.graphFactored ? `${[...pred.get(k)!].sort().join(' ')}|${[...succ.get(k)!].sort().join(' ')}` : k;
    const id = sig;
    classOf.set(k, id);
    if (!members.has(id)) members.set(id, []);
    members.get(id)!.push(k);
  }
  const name = (id: string): string => {
    const labels = members.get(id)!.map((k) => nodeLabel(ctx, byKey.get(k)!));
    // GraphOutputWriter's label serialiser: room is kept for the longest "…and N more items" line; before each
    // further label the `\n` is written, then the label only if it still fits.
    const limit = ctx.options.graphNodeLimit;
    const room = limit - RESERVED_LABEL_CHARS;
    let text = '';
    for (let i = 0; i < labels.length; i++) {
      if (i > 0) {
        text += '\\n';
        if (limit !== -1 && text.length + labels[i]!.length > room) {
          text += `...and ${labels.length - i} more items`;
          break;
        }
      }
      text += labels[i];
    }
    return `"${text}"`;
  };
  const first = (id: string) => byKey.get(members.get(id)![0]!)!;
  const classSucc = (id: string): string[] => {
    const out: string[] = [];
    for (const s of succ.get(members.get(id)![0]!)!) {
      const c = classOf.get(s)!;
      if (!out.includes(c)) out.push(c);
    }
    return sorted ? out.sort((a, b) => g.compare(first(a), first(b))) : out;
  };
  // Reverse post-order over classes; roots are classes nothing points to, in result order.
  const visited = new Set<string>();
  const post: string[] = [];
  const classIds = [...members.keys()];
  const hasPred = new Set(classIds.flatMap((c) => classSucc(c)));
  const roots = sorted ? classIds : [...classIds.filter((c) => !hasPred.has(c)), ...classIds];
  for (const r of roots) {
    if (visited.has(r)) continue;
    visited.add(r);
    const stack: { id: string; next: string[]; i: number }[] = [{ id: r, next: classSucc(r), i: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.i < top.next.length) {
        const n = top.next[top.i++]!;
        if (!visited.has(n)) {
          visited.add(n);
          stack.push({ id: n, next: classSucc(n), i: 0 });
        }
      } else {
        post.push(top.id);
        stack.pop();
      }
    }
  }
  const conditions = conditionsOf(ctx);
  const lines = ['digraph mygraph {', '  node [shape=box];'];
  for (const id of post.reverse()) {
    lines.push(`  ${name(id)}`);
    for (const s of classSucc(id)) {
      lines.push(`  ${name(id)} -> ${name(s)}`);
      const label = conditions ? conditionsLabel(members.get(id)!, members.get(s)!, conditions, ctx.options.graphConditionalEdgesLimit ?? 0) : '';
      if (label !== '') lines.push(`  [label="${label}"];`);
    }
  }
  lines.push('}');
  return lines.join('\n') + '\n';
}

/**
 * Per rule (by key): each label its select()s name, with the conditions under which they name it (Bazel's
 * ConditionalEdges: a HashMultimap, so a label's conditions iterate in java.util.HashSet order, from a set of
 * capacity 4). A select() with only a default branch is no condition; labels outside select() are none.
 */
function conditionsOf<T>(ctx: OutputContext<T>): Map<string, Map<string, Label[]>> | undefined {
  if (ctx.graph.command === 'cquery' || (ctx.options.graphConditionalEdgesLimit ?? 0) === 0) return undefined;
  const out = new Map<string, Map<string, Label[]>>();
  for (const n of ctx.nodes) {
    const t: Target = ctx.graph.target(n);
    if (t.kind !== 'rule') continue;
    const byDep = new Map<string, Label[]>();
    for (const raw of t.attrs.values()) {
      if (!(raw instanceof Configurable)) continue;
      for (const part of raw.parts) {
        if (part.kind !== 'selector' || (part.branches.length === 1 && part.branches[0]!.isDefault)) continue;
        for (const b of part.branches) {
          const values = Array.isArray(b.value) ? b.value : [b.value];
          for (const v of values) {
            if (!isLabel(v)) continue;
            const k = labelToString(v);
            if (!byDep.has(k)) byDep.set(k, []);
            byDep.get(k)!.push(b.key);
          }
        }
      }
    }
    if (byDep.size > 0) out.set(ctx.graph.key(n), byDep);
  }
  return out;
}

/**
 * GraphOutputWriter.getConditionsGraphLabel: for each node of the edge's source class and of its target class,
 * the conditions of that edge, at most limit - 1 of them (then `...`), each once per edge; joined by `\n` within
 * one pair of nodes and with nothing between pairs (as Bazel does).
 */
function conditionsLabel(from: readonly string[], to: readonly string[], conditions: Map<string, Map<string, Label[]>>, limit: number): string {
  let buf = '';
  const annotated = new Set<string>();
  for (const src of from) {
    const byDep = conditions.get(src);
    if (!byDep) continue;
    for (const dest of to) {
      const keys = byDep.get(dest);
      if (!keys) continue;
      const set = javaHashSetOrder(keys, (l) => javaLabelHash(l.repo, l.pkg, l.name), labelToString, 4);
      const max = limit === -1 ? set.length : limit - 1;
      let first = true;
      for (const c of set.slice(0, Math.max(0, max))) {
        const text = labelToString(c);
        if (annotated.has(text)) continue;
        annotated.add(text);
        if (!first) buf += '\\n';
        buf += text;
        first = false;
      }
      if (set.length > max) buf += '...';
    }
  }
  return buf;
}
