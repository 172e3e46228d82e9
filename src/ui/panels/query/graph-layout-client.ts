// The graph layout, computed in a worker of its own (created on first use). The latest request wins: a layout
// still running for a graph no longer shown is dropped with its worker. Layouts are remembered per drawn graph and
// box shape, so going back (Show all, Expand all) is immediate.

import type { GraphLayout } from './graph-layout.ts';
import type { ViewGraph } from './graph-model.ts';

export interface LayoutRequest {
  id: number;
  graph: ViewGraph;
  aspect?: number;
}

export type LayoutResponse = { id: number; layout: GraphLayout } | { id: number; error: string };

/** The rejection of a request that a newer one replaced: not an error to show. */
export class Superseded extends Error {}

let worker: Worker | null = null;
let waiting: { id: number; resolve(l: GraphLayout): void; reject(e: Error): void } | null = null;
let seq = 0;
const cache = new WeakMap<ViewGraph, Map<string, GraphLayout>>();

function spawn(): Worker {
  const w = new Worker(new URL('./graph-layout.worker.ts', import.meta.url), { type: 'module', name: 'rulepen-graph-layout' });
  w.onmessage = (e: MessageEvent<LayoutResponse>) => {
    const r = e.data;
    if (!waiting || waiting.id !== r.id) return;
    const { resolve, reject } = waiting;
    waiting = null;
    if ('layout' in r) resolve(r.layout);
    else reject(new Error(r.error));
  };
  w.onerror = (e) => {
    e.preventDefault();
    waiting?.reject(new Error(e.message || 'the layout worker failed'));
    waiting = null;
    w.terminate();
    if (worker === w) worker = null;
  };
  return w;
}

export function layoutOffThread(graph: ViewGraph, aspect?: number): Promise<GraphLayout> {
  // Layouts differ only by the direction chosen for the box's shape: a tenth of the aspect ratio is close enough.
  const shape = aspect === undefined ? '-' : aspect.toFixed(1);
  const known = cache.get(graph)?.get(shape);
  if (known) return Promise.resolve(known);
  if (waiting) {
    worker?.terminate();
    worker = null;
    waiting.reject(new Superseded());
    waiting = null;
  }
  worker ??= spawn();
  const id = ++seq;
  const request: LayoutRequest = { id, graph: { nodes: graph.nodes, edges: graph.edges }, aspect };
  return new Promise<GraphLayout>((resolve, reject) => {
    waiting = { id, resolve, reject };
    worker!.postMessage(request);
  }).then((layout) => {
    (cache.get(graph) ?? cache.set(graph, new Map()).get(graph)!).set(shape, layout);
    return layout;
  });
}
