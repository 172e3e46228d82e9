import { describe, expect, it } from 'vitest';
import type { ResultGraph } from '../../../worker/protocol.ts';
import { collapsePackages, fitView, nearestInDirection, neighbourhood, nodeSubtitle, packageNodeId, packageOf, packagesOf, scrollIntoView, zoomAt } from './graph-model.ts';

function node(label: string, kind = 'filegroup rule') {
  return { id: label, label, kind };
}

// //app:bin → //lib:a → //lib:b → //base:x ; //app:bin → //base:x (select) ; //lib:a → //lib:tool (tool)
const graph: ResultGraph = {
  nodes: [node('//app:bin'), node('//lib:a'), node('//lib:b'), node('//lib:tool'), node('//base:x'), node('@r//ext/p:q')],
  edges: [
    { from: '//app:bin', to: '//lib:a', attr: 'srcs' },
    { from: '//lib:a', to: '//lib:b', attr: 'srcs' },
    { from: '//lib:b', to: '//base:x', attr: 'srcs' },
    { from: '//app:bin', to: '//base:x', attr: 'data', select: true },
    { from: '//lib:a', to: '//lib:tool', attr: 'tools', tool: true },
    { from: '//app:bin', to: '//lib:b', attr: 'data' },
    { from: '//base:x', to: '@r//ext/p:q' },
  ],
};

describe('packages', () => {
  it('are the label before the target name, in any repository', () => {
    expect(packageOf('//app:bin')).toBe('//app');
    expect(packageOf('//:root')).toBe('//');
    expect(packageOf('@r//ext/p:q')).toBe('@r//ext/p');
    expect(packagesOf(graph)).toEqual([
      { pkg: '//app', count: 1 },
      { pkg: '//base', count: 1 },
      { pkg: '//lib', count: 3 },
      { pkg: '@r//ext/p', count: 1 },
    ]);
    expect(packagesOf({ nodes: [node('//p10:a'), node('//p2:a'), node('//p1:a')], edges: [] }).map((p) => p.pkg)).toEqual(['//p1', '//p2', '//p10']);
  });

  it('collapse into one node; edges between the same nodes merge and edges inside disappear', () => {
    const g = collapsePackages(graph, new Set(['//lib']));
    const lib = packageNodeId('//lib');
    expect(g.nodes.map((n) => n.id)).toEqual(['//app:bin', lib, '//base:x', '@r//ext/p:q']);
    expect(g.nodes[1]).toMatchObject({ label: '//lib', kind: 'package', members: 3 });
    expect(nodeSubtitle(g.nodes[1])).toBe('package · 3 targets');
    expect(g.edges).toEqual([
      { from: '//app:bin', to: lib, attr: 'data, srcs', count: 2 },
      { from: lib, to: '//base:x', attr: 'srcs' },
      { from: '//app:bin', to: '//base:x', attr: 'data', select: true },
      { from: '//base:x', to: '@r//ext/p:q' },
    ]);
  });

  it('a merged edge is a select() or tool edge only when all of its edges are', () => {
    const g = collapsePackages(graph, new Set(['//lib', '//base']));
    expect(g.edges.find((e) => e.to === packageNodeId('//base') && e.from === '//app:bin')).toEqual({ from: '//app:bin', to: packageNodeId('//base'), attr: 'data', select: true });
    const both = collapsePackages(
      { nodes: graph.nodes, edges: [...graph.edges, { from: '//app:bin', to: '//base:x', attr: 'srcs' }] },
      new Set(['//base']),
    );
    expect(both.edges.find((e) => e.from === '//app:bin' && e.to === packageNodeId('//base'))).toEqual({ from: '//app:bin', to: packageNodeId('//base'), attr: 'data, srcs', count: 2 });
  });

  it('nothing collapsed is the graph itself', () => {
    expect(collapsePackages(graph, new Set())).toBe(graph);
  });
});

describe('neighbourhood', () => {
  const ids = (g: { nodes: readonly { id: string }[] }) => g.nodes.map((n) => n.id);

  it('deps and rdeps within a depth, each way on its own', () => {
    expect(ids(neighbourhood(graph, '//lib:b', 1, 'both'))).toEqual(['//app:bin', '//lib:a', '//lib:b', '//base:x']);
    // //lib:tool is a sibling (up to //lib:a, then down): not a neighbour.
    expect(ids(neighbourhood(graph, '//lib:b', 2, 'both'))).toEqual(['//app:bin', '//lib:a', '//lib:b', '//base:x', '@r//ext/p:q']);
    expect(ids(neighbourhood(graph, '//lib:a', 1, 'deps'))).toEqual(['//lib:a', '//lib:b', '//lib:tool']);
    expect(ids(neighbourhood(graph, '//base:x', 2, 'rdeps'))).toEqual(['//app:bin', '//lib:a', '//lib:b', '//base:x']);
  });

  it('keeps the edges among the nodes kept, and works on collapsed packages', () => {
    const g = neighbourhood(graph, '//lib:a', 1, 'deps');
    expect(g.edges).toEqual([graph.edges[1], graph.edges[4]]);
    const folded = collapsePackages(graph, new Set(['//lib']));
    expect(ids(neighbourhood(folded, packageNodeId('//lib'), 1, 'both'))).toEqual(['//app:bin', packageNodeId('//lib'), '//base:x']);
  });

  it('of a node not in the graph is empty', () => {
    expect(neighbourhood(graph, '//no:where', 2, 'both')).toEqual({ nodes: [], edges: [] });
  });
});

describe('fit and zoom', () => {
  it('fit goes to any scale and centres the drawing', () => {
    expect(fitView(4000, 500, 1016, 616, 8)).toEqual({ scale: 0.25, x: 8, y: (616 - 125) / 2 });
    expect(fitView(100_000, 100, 400, 300).scale).toBeLessThan(0.01);
    // A small drawing is not blown up past 125 %.
    expect(fitView(100, 50, 1000, 800)).toEqual({ scale: 1.25, x: (1000 - 125) / 2, y: (800 - 62.5) / 2 });
  });

  it('zoom keeps the point under the pointer in place, within limits', () => {
    const v = zoomAt({ scale: 1, x: 10, y: 20 }, 2, 110, 120);
    expect(v).toEqual({ scale: 2, x: -90, y: -80 });
    // the drawing's point under (110, 120) is (100, 100) before and after
    expect((110 - v.x) / v.scale).toBe(100);
    expect(zoomAt({ scale: 3, x: 0, y: 0 }, 10, 0, 0).scale).toBe(4);
    expect(zoomAt({ scale: 0.003, x: 0, y: 0 }, 0.1, 0, 0).scale).toBe(0.002);
  });

  it('scrolls a node into view only when it is outside', () => {
    const v = { scale: 1, x: 0, y: 0 };
    expect(scrollIntoView(v, { x: 50, y: 50, width: 100, height: 40 }, 500, 400)).toBe(v);
    expect(scrollIntoView(v, { x: 600, y: -30, width: 100, height: 40 }, 500, 400)).toEqual({ scale: 1, x: -216, y: 46 });
  });
});

describe('arrow keys between nodes', () => {
  const nodes = [
    { id: 'top', x: 200, y: 0 },
    { id: 'left', x: 100, y: 100 },
    { id: 'right', x: 300, y: 100 },
    { id: 'far-right', x: 600, y: 100 },
    { id: 'low', x: 200, y: 300 },
  ];
  it('go to the nearest node that way', () => {
    expect(nearestInDirection(nodes, nodes[0], 'ArrowDown')).toBe('left');
    expect(nearestInDirection(nodes, nodes[1], 'ArrowRight')).toBe('right');
    expect(nearestInDirection(nodes, nodes[2], 'ArrowRight')).toBe('far-right');
    expect(nearestInDirection(nodes, nodes[2], 'ArrowUp')).toBe('top');
    expect(nearestInDirection(nodes, nodes[0], 'ArrowUp')).toBeNull();
    expect(nearestInDirection(nodes, nodes[3], 'ArrowDown')).toBe('low');
    expect(nearestInDirection(nodes, nodes[3], 'ArrowRight')).toBeNull();
  });
});
