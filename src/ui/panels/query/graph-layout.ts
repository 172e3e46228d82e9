// Layered layout of a result graph with dagre (loaded lazily: this module is imported only when a graph is shown).
// Node boxes are sized from their text in the monospace font the SVG draws them with, so the layout matches.

import dagre from '@dagrejs/dagre';
import type { ResultGraph } from '../../../worker/protocol.ts';

export const NODE_FONT_PX = 11.5;
/** Advance of one monospace character at NODE_FONT_PX (≈ 0.6 em for the usual code fonts). */
const CHAR_PX = NODE_FONT_PX * 0.61;
export const NODE_HEIGHT = 38;

export interface LaidNode {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidEdge {
  /** Index into the graph's edges. */
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

export function nodeWidth(label: string, kind: string): number {
  return Math.ceil(Math.max(label.length, kind.length * 0.9) * CHAR_PX) + 24;
}

export function layoutGraph(graph: ResultGraph): GraphLayout {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: 18, ranksep: 42, marginx: 12, marginy: 12 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes) g.setNode(n.id, { width: nodeWidth(n.label + (n.config ? ` (${n.config})` : ''), n.kind), height: NODE_HEIGHT });
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
