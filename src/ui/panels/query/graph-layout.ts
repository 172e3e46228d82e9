// Layered layout of a result graph with dagre, run in the layout worker (graph-layout.worker.ts) only.
// Node boxes are sized from their text in the monospace font the SVG draws them with, so the layout matches.

import dagre from '@dagrejs/dagre';
import { nodeSubtitle, type ViewGraph } from './graph-model.ts';

export const NODE_FONT_PX = 11.5;
/** Advance of one monospace character at NODE_FONT_PX (≈ 0.6 em for the usual code fonts). */
const CHAR_PX = NODE_FONT_PX * 0.61;
/** A generous average advance of the UI font at 10 px (the kind line). */
const KIND_CHAR_PX = 5.9;
export const NODE_HEIGHT = 38;

export interface LaidNode {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidEdge {
  /** Index into the drawn graph's edges. */
  index: number;
  from: string;
  to: string;
  points: { x: number; y: number }[];
}

export interface GraphLayout {
  width: number;
  height: number;
  nodes: Map<string, LaidNode>;
  edges: LaidEdge[];
}

/** The box around a label (code font) and its kind below (the UI font at 10 px: narrower letters). */
export function nodeWidth(label: string, kind: string): number {
  return Math.ceil(Math.max(label.length * CHAR_PX, kind.length * KIND_CHAR_PX)) + 22;
}

/** Up to this many nodes, more than one layout is tried for the one that reads best. */
const TRY_LAYOUTS_UP_TO = 80;

/**
 * Lays the graph out top to bottom, or left to right, or with all the leaves on the last rank, whichever fits a box
 * of the given aspect (width / height) at the largest scale: a deep graph is tall, a wide one wide, and the usual
 * ranking spreads long edges wide. Turned or re-ranked, a graph of 40 targets often reads a third larger.
 */
export function layoutGraph(graph: ViewGraph, boxAspect?: number): GraphLayout {
  const first = layoutOnce(graph, 'TB', 'network-simplex');
  if (boxAspect === undefined || graph.nodes.length < 3) return first;
  const fits = (l: GraphLayout) => Math.min(boxAspect / Math.max(l.width, 1), 1 / Math.max(l.height, 1));
  const others = [layoutOnce(graph, 'LR', 'network-simplex')];
  if (graph.nodes.length <= TRY_LAYOUTS_UP_TO) others.push(layoutOnce(graph, 'TB', 'longest-path'));
  // The usual one unless another is clearly better.
  let best = first;
  for (const l of others) if (fits(l) > fits(best) * 1.05) best = l;
  return best;
}

function layoutOnce(graph: ViewGraph, rankdir: 'TB' | 'LR', ranker: 'network-simplex' | 'longest-path'): GraphLayout {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  const across = rankdir === 'LR';
  g.setGraph({ rankdir, ranker, nodesep: across ? 8 : 12, ranksep: across ? 36 : 28, edgesep: 4, marginx: 12, marginy: 12 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes) g.setNode(n.id, { width: nodeWidth(n.label + (n.config ? ` (${n.config})` : ''), nodeSubtitle(n)), height: NODE_HEIGHT });
  graph.edges.forEach((e, i) => {
    if (g.hasNode(e.from) && g.hasNode(e.to)) g.setEdge(e.from, e.to, {}, String(i));
  });
  dagre.layout(g);
  const nodes = new Map<string, LaidNode>();
  for (const id of g.nodes()) {
    const n = g.node(id);
    nodes.set(id, { id, x: n.x, y: n.y, width: n.width, height: n.height });
  }
  const edges: LaidEdge[] = g.edges().map((e) => ({
    index: Number(e.name),
    from: e.v,
    to: e.w,
    points: ((g.edge(e).points ?? []) as { x: number; y: number }[]).map((p) => ({ x: p.x, y: p.y })),
  }));
  const { width = 0, height = 0 } = g.graph();
  return { width, height, nodes, edges };
}
