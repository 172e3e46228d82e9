// What the graph view draws, derived from a query's result graph: packages collapsed into one node each, or only
// the neighbourhood of one node; and the pan/zoom arithmetic. Pure functions, no DOM, so they are unit-tested.

import type { ResultGraph, ResultGraphEdge, ResultGraphNode } from '../../../worker/protocol.ts';

/** The kind a collapsed package's node shows. */
export const PACKAGE_KIND = 'package';

/** A node the view draws: a target, or a collapsed package standing for `members` targets. */
export interface ViewNode extends ResultGraphNode {
  /** Set on a collapsed package's node: how many of the graph's nodes it stands for. */
  readonly members?: number;
}

/** An edge the view draws; between packages it stands for `count` edges of the graph. */
export interface ViewEdge extends ResultGraphEdge {
  readonly count?: number;
}

export interface ViewGraph {
  readonly nodes: readonly ViewNode[];
  readonly edges: readonly ViewEdge[];
}

/** `//app:x` → `//app`, `@r//a/b:c` → `@r//a/b`; a label without a colon is its own package. */
export function packageOf(label: string): string {
  const colon = label.indexOf(':', label.indexOf('//') + 2);
  return colon < 0 ? label : label.slice(0, colon);
}

/** The id of a collapsed package's node; it cannot clash with a target's id (those contain a colon). */
export function packageNodeId(pkg: string): string {
  return `${pkg} (package)`;
}

const naturalOrder = new Intl.Collator('en', { numeric: true }).compare;

/** The graph's packages with their node counts: the main repository's first, in label order with numbers by value (//p2 before //p10). */
export function packagesOf(graph: ResultGraph): { pkg: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const n of graph.nodes) counts.set(packageOf(n.label), (counts.get(packageOf(n.label)) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => Number(a.startsWith('@')) - Number(b.startsWith('@')) || naturalOrder(a, b)).map(([pkg, count]) => ({ pkg, count }));
}

/**
 * The graph with each package in `collapsed` drawn as one node. Edges between the same two nodes are merged into one
 * (counted); an edge inside a collapsed package disappears. A merged edge is dashed (select) or dotted (tool) only
 * when every edge it stands for is.
 */
export function collapsePackages(graph: ResultGraph, collapsed: ReadonlySet<string>): ViewGraph {
  if (collapsed.size === 0) return graph;
  const nodeOf = new Map<string, string>();
  const nodes: ViewNode[] = [];
  const packageNodes = new Map<string, { label: string; members: number; at: number }>();
  for (const n of graph.nodes) {
    const pkg = packageOf(n.label);
    if (!collapsed.has(pkg)) {
      nodeOf.set(n.id, n.id);
      nodes.push(n);
      continue;
    }
    const id = packageNodeId(pkg);
    nodeOf.set(n.id, id);
    const p = packageNodes.get(id);
    if (p) p.members++;
    else {
      packageNodes.set(id, { label: pkg, members: 1, at: nodes.length });
      nodes.push({ id, label: pkg, kind: PACKAGE_KIND });
    }
  }
  for (const [id, p] of packageNodes) nodes[p.at] = { id, label: p.label, kind: PACKAGE_KIND, members: p.members };

  const merged = new Map<string, { from: string; to: string; count: number; select: boolean; tool: boolean; attrs: Set<string> }>();
  for (const e of graph.edges) {
    const from = nodeOf.get(e.from);
    const to = nodeOf.get(e.to);
    if (!from || !to || from === to) continue;
    const key = `${from}\0${to}`;
    const m = merged.get(key);
    if (m) {
      m.count++;
      m.select &&= !!e.select;
      m.tool &&= !!e.tool;
      if (e.attr) m.attrs.add(e.attr);
    } else merged.set(key, { from, to, count: 1, select: !!e.select, tool: !!e.tool, attrs: new Set(e.attr ? [e.attr] : []) });
  }
  const edges: ViewEdge[] = [...merged.values()].map((m) => {
    const edge: { -readonly [K in keyof ViewEdge]: ViewEdge[K] } = { from: m.from, to: m.to };
    if (m.attrs.size) edge.attr = [...m.attrs].sort().join(', ');
    if (m.select) edge.select = true;
    if (m.tool) edge.tool = true;
    if (m.count > 1) edge.count = m.count;
    return edge;
  });
  return { nodes, edges };
}

export type Direction = 'both' | 'deps' | 'rdeps';

/**
 * The nodes within `depth` steps of `centre`, following edges forwards (deps), backwards (rdeps) or both ways
 * (each way separately: a sibling reached by going up then down is not a neighbour), and the edges among them.
 */
export function neighbourhood(graph: ViewGraph, centre: string, depth: number, direction: Direction): ViewGraph {
  const out = new Map<string, string[]>();
  const inn = new Map<string, string[]>();
  for (const e of graph.edges) {
    (out.get(e.from) ?? out.set(e.from, []).get(e.from)!).push(e.to);
    (inn.get(e.to) ?? inn.set(e.to, []).get(e.to)!).push(e.from);
  }
  const keep = new Set<string>();
  if (!graph.nodes.some((n) => n.id === centre)) return { nodes: [], edges: [] };
  keep.add(centre);
  const walk = (next: Map<string, string[]>) => {
    let frontier = [centre];
    const seen = new Set(frontier);
    for (let d = 0; d < depth && frontier.length; d++) {
      const following: string[] = [];
      for (const id of frontier) {
        for (const n of next.get(id) ?? []) {
          if (seen.has(n)) continue;
          seen.add(n);
          keep.add(n);
          following.push(n);
        }
      }
      frontier = following;
    }
  };
  if (direction !== 'rdeps') walk(out);
  if (direction !== 'deps') walk(inn);
  return {
    nodes: graph.nodes.filter((n) => keep.has(n.id)),
    edges: graph.edges.filter((e) => keep.has(e.from) && keep.has(e.to)),
  };
}

export interface View {
  scale: number;
  x: number;
  y: number;
}

/** The largest scale fit picks: small graphs are not blown up. */
export const FIT_MAX_SCALE = 1.25;
export const MIN_SCALE = 0.002;
export const MAX_SCALE = 4;

/** The view that shows a `width`×`height` drawing whole and centred in a `boxWidth`×`boxHeight` box, at any scale. */
export function fitView(width: number, height: number, boxWidth: number, boxHeight: number, margin = 8): View {
  const scale = Math.max(MIN_SCALE, Math.min(FIT_MAX_SCALE, (boxWidth - 2 * margin) / Math.max(width, 1), (boxHeight - 2 * margin) / Math.max(height, 1)));
  return { scale, x: (boxWidth - width * scale) / 2, y: (boxHeight - height * scale) / 2 };
}

/** Zooms by `factor` keeping the point (px, py) of the box where it is on screen. */
export function zoomAt(v: View, factor: number, px: number, py: number): View {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, v.scale * factor));
  const k = scale / v.scale;
  return { scale, x: px - (px - v.x) * k, y: py - (py - v.y) * k };
}

/** The view moved (if needed) so that the drawing's rectangle is inside the box with `margin` around it. */
export function scrollIntoView(v: View, rect: { x: number; y: number; width: number; height: number }, boxWidth: number, boxHeight: number, margin = 16): View {
  const left = v.x + rect.x * v.scale;
  const top = v.y + rect.y * v.scale;
  const right = left + rect.width * v.scale;
  const bottom = top + rect.height * v.scale;
  let dx = 0;
  let dy = 0;
  if (right > boxWidth - margin) dx = boxWidth - margin - right;
  if (left + dx < margin) dx = margin - left;
  if (bottom > boxHeight - margin) dy = boxHeight - margin - bottom;
  if (top + dy < margin) dy = margin - top;
  return dx || dy ? { ...v, x: v.x + dx, y: v.y + dy } : v;
}

/**
 * The node nearest to `from` in an arrow key's direction (within a cone of about 63° either side, nearer along the axis
 * preferred), for moving the keyboard focus between nodes; null when there is none that way.
 */
export function nearestInDirection(
  nodes: Iterable<{ id: string; x: number; y: number }>,
  from: { x: number; y: number },
  key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight',
): string | null {
  let best: string | null = null;
  let bestScore = Infinity;
  for (const n of nodes) {
    const dx = n.x - from.x;
    const dy = n.y - from.y;
    const along = key === 'ArrowRight' ? dx : key === 'ArrowLeft' ? -dx : key === 'ArrowDown' ? dy : -dy;
    const across = Math.abs(key === 'ArrowRight' || key === 'ArrowLeft' ? dy : dx);
    if (along <= 0.5 || across > 2 * along) continue;
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = n.id;
    }
  }
  return best;
}

/** The second line of a node's box: its kind, or what a collapsed package holds. */
export function nodeSubtitle(n: ViewNode): string {
  return n.members === undefined ? n.kind : `package · ${n.members} target${n.members === 1 ? '' : 's'}`;
}
