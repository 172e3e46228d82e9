// Lays out graphs off the main thread: dagre takes about a second for a hundred targets on a slow machine, and
// the page must keep answering meanwhile.

import { layoutGraph } from './graph-layout.ts';
import type { LayoutRequest, LayoutResponse } from './graph-layout-client.ts';

self.onmessage = (e: MessageEvent<LayoutRequest>) => {
  const { id, graph, aspect } = e.data;
  let response: LayoutResponse;
  try {
    response = { id, layout: layoutGraph(graph, aspect) };
  } catch (error) {
    response = { id, error: String(error) };
  }
  self.postMessage(response);
};
