import { describe, expect, it } from 'vitest';
import { layoutGraph, NODE_HEIGHT, nodeWidth } from './graph-layout.ts';

const chain = (n: number) => ({
  nodes: Array.from({ length: n }, (_, i) => ({ id: `//p:t${i}`, label: `//p:t${i}`, kind: 'filegroup rule' })),
  edges: Array.from({ length: n - 1 }, (_, i) => ({ from: `//p:t${i}`, to: `//p:t${i + 1}` })),
});

describe('layoutGraph', () => {
  it('sizes boxes from their text and places every node and edge', () => {
    const l = layoutGraph(chain(3));
    expect(l.nodes.size).toBe(3);
    expect(l.edges.map((e) => [e.index, e.from, e.to])).toEqual([
      [0, '//p:t0', '//p:t1'],
      [1, '//p:t1', '//p:t2'],
    ]);
    expect(l.nodes.get('//p:t0')).toMatchObject({ width: nodeWidth('//p:t0', 'filegroup rule'), height: NODE_HEIGHT });
  });

  it('turns a deep graph sideways for a wide box, and keeps it top to bottom for a tall one', () => {
    const wide = layoutGraph(chain(12), 3);
    expect(wide.width).toBeGreaterThan(wide.height);
    const tall = layoutGraph(chain(12), 0.5);
    expect(tall.height).toBeGreaterThan(tall.width);
  });
});
