// The result graph drawn as SVG: a layered layout (dagre, loaded on first use), nodes coloured by kind, edges of
// select() branches dashed and tool edges dotted, with a legend. Drag to pan, wheel or buttons to zoom; a click or
// Enter on a node selects it and opens its declaration.

import { useEffect, useMemo, useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import type { ResultGraph, ResultGraphNode } from '../../../worker/protocol.ts';
import { kindClass } from '../../components/KindBadge.tsx';
import type { GraphLayout } from './graph-layout.ts';

export const MAX_DRAWN_NODES = 400;

export interface GraphViewProps {
  graph: ResultGraph;
  selected: string | null;
  onActivate(node: ResultGraphNode): void;
}

interface View {
  scale: number;
  x: number;
  y: number;
}

export function GraphView({ graph, selected, onActivate }: GraphViewProps) {
  const [laid, setLaid] = useState<{ graph: ResultGraph; layout: GraphLayout } | null>(null);
  // A layout belongs to one graph: while the next one is computed, the old one is not drawn with the new nodes.
  const layout = laid?.graph === graph ? laid.layout : null;
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const host = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; view: View } | null>(null);
  const tooBig = graph.nodes.length > MAX_DRAWN_NODES;

  useEffect(() => {
    if (tooBig) return;
    let live = true;
    import('./graph-layout.ts').then(
      (m) => live && setLaid({ graph, layout: m.layoutGraph(graph) }),
      (e: unknown) => live && setError(String(e)),
    );
    return () => {
      live = false;
    };
  }, [graph, tooBig]);

  function fit(l = layout): void {
    const box = host.current?.getBoundingClientRect();
    if (!l || !box || !box.width) return;
    // Fit, but never so small that labels are unreadable: then start at the top and let the user pan.
    const scale = Math.max(0.7, Math.min(1.1, (box.width - 8) / Math.max(l.width, 1), (box.height - 8) / Math.max(l.height, 1)));
    // Too wide: centre the top rank's first node (the query's root, usually) instead of the left edge.
    let x = (box.width - l.width * scale) / 2;
    if (l.width * scale > box.width) {
      const top = [...l.nodes.values()].reduce((a, b) => (b.y < a.y || (b.y === a.y && b.x < a.x) ? b : a));
      x = Math.min(4, Math.max(box.width - l.width * scale - 4, box.width / 2 - top.x * scale));
    }
    setView({ scale, x, y: Math.max(4, (box.height - l.height * scale) / 2) });
  }

  useEffect(() => fit(layout), [layout]);

  function zoom(factor: number, cx?: number, cy?: number): void {
    const box = host.current?.getBoundingClientRect();
    const px = cx ?? (box ? box.width / 2 : 0);
    const py = cy ?? (box ? box.height / 2 : 0);
    setView((v) => {
      const scale = Math.min(3, Math.max(0.15, v.scale * factor));
      const k = scale / v.scale;
      return { scale, x: px - (px - v.x) * k, y: py - (py - v.y) * k };
    });
  }

  function onWheel(e: WheelEvent): void {
    const box = host.current!.getBoundingClientRect();
    zoom(e.deltaY < 0 ? 1.1 : 1 / 1.1, e.clientX - box.left, e.clientY - box.top);
  }

  function onPointerDown(e: PointerEvent): void {
    if ((e.target as Element).closest('.graph-node')) return;
    drag.current = { x: e.clientX, y: e.clientY, view };
    (e.currentTarget as Element).setPointerCapture(e.pointerId);
  }

  function onPointerMove(e: PointerEvent): void {
    const d = drag.current;
    if (d) setView({ ...d.view, x: d.view.x + e.clientX - d.x, y: d.view.y + e.clientY - d.y });
  }

  const byId = useMemo(() => new Map(graph.nodes.map((n) => [n.id, n])), [graph]);
  const kinds = useMemo(() => [...new Set(graph.nodes.map((n) => n.kind))].sort(), [graph]);
  const hasSelect = graph.edges.some((e) => e.select);
  const hasTool = graph.edges.some((e) => e.tool);

  if (tooBig) {
    return <p className="muted">{graph.nodes.length} nodes are too many to draw; narrow the query (the text view shows them all).</p>;
  }
  if (error) return <p className="notice error">Could not load the graph layout: {error}</p>;

  return (
    <div className="graph">
      <div
        className="graph-canvas"
        ref={host}
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        data-testid="query-graph"
      >
        {!layout && <p className="muted graph-wait">Laying out {graph.nodes.length} nodes…</p>}
        {layout && (
          <svg className="graph-svg" role="group" aria-label={`Target graph: ${graph.nodes.length} nodes, ${graph.edges.length} edges`}>
            <defs>
              <marker id="graph-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0,1 L9,5 L0,9 z" className="graph-arrowhead" />
              </marker>
            </defs>
            <g transform={`translate(${view.x} ${view.y}) scale(${view.scale})`}>
              {layout.edges.map((e) => {
                const src = graph.edges[e.index];
                const d = e.points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
                return (
                  <path
                    key={e.index}
                    d={d}
                    className={'graph-edge' + (src?.select ? ' select' : '') + (src?.tool ? ' tool' : '')}
                    markerEnd="url(#graph-arrow)"
                  >
                    <title>{`${e.from} → ${e.to}${src?.attr ? ` (${src.attr})` : ''}${src?.select ? ', in a select() branch' : ''}${src?.tool ? ', tool' : ''}`}</title>
                  </path>
                );
              })}
              {[...layout.nodes.values()].map((ln) => {
                const n = byId.get(ln.id);
                if (!n) return null;
                const isSelected = selected !== null && n.label === selected;
                return (
                  <g
                    key={ln.id}
                    className={`graph-node ${kindClass(n.kind)}` + (isSelected ? ' selected' : '')}
                    transform={`translate(${ln.x - ln.width / 2} ${ln.y - ln.height / 2})`}
                    role="button"
                    tabIndex={0}
                    aria-label={`${n.id} (${n.kind})`}
                    aria-pressed={isSelected}
                    onClick={() => onActivate(n)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        onActivate(n);
                      }
                    }}
                  >
                    <title>{`${n.id} — ${n.kind}${n.location ? ` — ${n.location.file}:${n.location.line}` : ''}`}</title>
                    <rect width={ln.width} height={ln.height} rx={5} />
                    <text x={10} y={15} className="graph-node-label">
                      {n.label}
                      {n.config && <tspan className="graph-node-config">{` (${n.config})`}</tspan>}
                    </text>
                    <text x={10} y={29} className="graph-node-kind">
                      {n.kind}
                    </text>
                  </g>
                );
              })}
            </g>
          </svg>
        )}
        <div className="graph-zoom" role="group" aria-label="Zoom">
          <button type="button" className="icon-button" aria-label="Zoom in" title="Zoom in" onClick={() => zoom(1.25)}>
            +
          </button>
          <button type="button" className="icon-button" aria-label="Zoom out" title="Zoom out" onClick={() => zoom(0.8)}>
            −
          </button>
          <button type="button" className="icon-button" aria-label="Fit the graph" title="Fit" onClick={() => fit()}>
            fit
          </button>
        </div>
      </div>
      <ul className="graph-legend" aria-label="Legend">
        <li>
          <svg width="26" height="8" aria-hidden="true">
            <line x1="0" y1="4" x2="26" y2="4" className="graph-edge" />
          </svg>
          dependency
        </li>
        {hasSelect && (
          <li>
            <svg width="26" height="8" aria-hidden="true">
              <line x1="0" y1="4" x2="26" y2="4" className="graph-edge select" />
            </svg>
            from a select() branch
          </li>
        )}
        {hasTool && (
          <li>
            <svg width="26" height="8" aria-hidden="true">
              <line x1="0" y1="4" x2="26" y2="4" className="graph-edge tool" />
            </svg>
            tool (exec configuration)
          </li>
        )}
        {kinds.map((k) => (
          <li key={k} className={kindClass(k)}>
            <span className="kind-dot" />
            {k}
          </li>
        ))}
      </ul>
    </div>
  );
}
