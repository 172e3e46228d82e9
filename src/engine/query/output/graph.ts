// --output=graph: the result as a GraphViz digraph. Nodes print in a reverse post-order depth-first walk that
// follows edges in attribute order, each node followed by its edges (attribute order; genquery: label order).
// Factored by default (--graph:factored): nodes with the same predecessors and successors in the result merge
// into one node whose name joins their labels with the two characters `\n`; --graph:node_limit truncates long
// merged names with `...and N more items`.
import type { OutputContext } from './context.ts';
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
    let s = [...new Set(g.deps(n).map((e) => g.key(e.to)).filter((k) => byKey.has(k)))];
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
  const lines = ['digraph mygraph {', '  node [shape=box];'];
  for (const id of post.reverse()) {
    lines.push(`  ${name(id)}`);
    for (const s of classSucc(id)) lines.push(`  ${name(id)} -> ${name(s)}`);
  }
  lines.push('}');
  return lines.join('\n') + '\n';
}
