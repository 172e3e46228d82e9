// The result graph drawn as SVG: a layered layout (dagre, in a worker started on first use), nodes coloured by kind, edges of
// select() branches dashed and tool edges dotted, with a legend. Made for graphs of a hundred targets and more:
// zoom and pan by mouse (wheel, drag, buttons), touch (pinch, drag) and keyboard (+ − 0, arrows); fit at any
// scale, with a readable card for the node under the pointer or the focus when the labels get small; an expanded
// full-window view; packages collapsed into one node; only a node's neighbourhood (deps/rdeps, depth 1 or 2).
// A click on a node selects it and opens its declaration.

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type { ResultGraph, ResultGraphNode } from '../../../worker/protocol.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { kindClass } from '../../components/KindBadge.tsx';
import type { GraphLayout, LaidNode } from './graph-layout.ts';
import { layoutOffThread, Superseded } from './graph-layout-client.ts';
import {
  collapsePackages,
  fitView,
  nearestInDirection,
  neighbourhood,
  nodeSubtitle,
  packageNodeId,
  packageOf,
  packagesOf,
  PACKAGE_KIND,
  scrollIntoView,
  zoomAt,
  type Direction,
  type View,
  type ViewGraph,
  type ViewNode,
} from './graph-model.ts';

/** More nodes than this are not drawn (collapsing packages may bring a graph under it). */
export const MAX_DRAWN_NODES = 400;
/** Below this scale the 11.5 px labels are smaller than 9 px on screen: the node under the pointer or the focus gets a card. */
const READABLE_SCALE = 0.78;
/** A pointer that moves less than this (px) between down and up is a click, not a drag. */
const DRAG_SLOP = 4;
const PAN_STEP = 60;
const ZOOM_STEP = 1.25;

export interface GraphViewProps {
  graph: ResultGraph;
  selected: string | null;
  onActivate(node: ResultGraphNode): void;
}

interface Focus {
  /** A node id of the graph (a target's: when its package is collapsed, the package's node stands for it). */
  centre: string;
  depth: number;
  direction: Direction;
}

const FOCUS_CHOICES: { value: string; text: string; depth: number; direction: Direction }[] = [
  { value: 'both-1', text: 'its deps and rdeps, depth 1', depth: 1, direction: 'both' },
  { value: 'both-2', text: 'its deps and rdeps, depth 2', depth: 2, direction: 'both' },
  { value: 'deps-1', text: 'its deps, depth 1', depth: 1, direction: 'deps' },
  { value: 'deps-2', text: 'its deps, depth 2', depth: 2, direction: 'deps' },
  { value: 'rdeps-1', text: 'its rdeps, depth 1', depth: 1, direction: 'rdeps' },
  { value: 'rdeps-2', text: 'its rdeps, depth 2', depth: 2, direction: 'rdeps' },
];

const NO_PACKAGES: ReadonlySet<string> = new Set();

export function GraphView({ graph, selected, onActivate }: GraphViewProps) {
  const [expanded, setExpanded] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(NO_PACKAGES);
  const [focusWanted, setFocus] = useState<Focus | null>(null);
  /** The node last clicked or focused here: the keyboard's way in (roving tab stop) and the neighbourhood's centre. */
  const [current, setCurrent] = useState<string | null>(null);
  const goAfterClose = useRef<ResultGraphNode | null>(null);

  const packages = useMemo(() => packagesOf(graph), [graph]);
  const folded = useMemo(() => collapsePackages(graph, collapsed), [graph, collapsed]);
  const targetById = useMemo(() => new Map(graph.nodes.map((n) => [n.id, n])), [graph]);
  /** Where a target is drawn: itself, or its collapsed package. */
  const drawnId = useCallback(
    (id: string) => {
      const n = targetById.get(id);
      return n && collapsed.has(packageOf(n.label)) ? packageNodeId(packageOf(n.label)) : id;
    },
    [targetById, collapsed],
  );
  // The selected target (from here, the editor's cursor or the Targets panel): the node clicked here if it has that
  // label (a cquery graph may hold one label in several configurations), else the first node with it.
  const selectedId = useMemo(() => {
    if (selected === null) return null;
    if (current && targetById.get(current)?.label === selected) return current;
    return graph.nodes.find((n) => n.label === selected)?.id ?? null;
  }, [selected, current, targetById, graph]);
  // A centre that a re-run query no longer has: the whole graph, until a node is chosen again.
  const focus = focusWanted && targetById.has(focusWanted.centre) ? focusWanted : null;
  const focusCentre = focus ? drawnId(focus.centre) : null;
  const shown: ViewGraph = useMemo(
    () => (focus && focusCentre ? neighbourhood(folded, focusCentre, focus.depth, focus.direction) : folded),
    [folded, focus, focusCentre],
  );

  function toggleCollapsed(pkg: string, collapse = !collapsed.has(pkg)): void {
    const next = new Set(collapsed);
    if (collapse) next.add(pkg);
    else next.delete(pkg);
    setCollapsed(next);
  }

  function activate(n: ResultGraphNode): void {
    setCurrent(n.id);
    if (focus) setFocus({ ...focus, centre: n.id });
    onActivate(n);
  }

  /** In the expanded view the editor is hidden: close it, then open the declaration (and the editor gets the focus). */
  function goToDeclaration(n: ResultGraphNode): void {
    if (!expanded) return activate(n);
    setCurrent(n.id);
    goAfterClose.current = n;
    setExpanded(false);
  }

  useEffect(() => {
    const n = goAfterClose.current;
    if (expanded || !n) return;
    goAfterClose.current = null;
    // After the dialog closed (a child's effect runs first), so that the editor can take the focus.
    activate(n);
  }, [expanded]);

  const centreNode = focus ? targetById.get(focus.centre) : null;
  const selectedNode = selectedId ? targetById.get(selectedId) : null;
  const body = (
    <GraphBody
      key={expanded ? 'expanded' : 'panel'}
      graph={graph}
      shown={shown}
      packages={packages}
      collapsed={collapsed}
      selectedId={selectedId ? drawnId(selectedId) : null}
      current={current && targetById.has(current) ? drawnId(current) : current}
      expanded={expanded}
      onCurrent={setCurrent}
      onToggleCollapsed={toggleCollapsed}
      onSetCollapsed={setCollapsed}
      onActivate={activate}
      onGo={goToDeclaration}
      onExpand={() => setExpanded(true)}
      onFocusAround={(id, choice) => {
        const c = FOCUS_CHOICES.find((f) => f.value === choice);
        setFocus(c ? { centre: id, depth: c.depth, direction: c.direction } : null);
      }}
      focusControl={
        <FocusControl
          focus={focus}
          centre={centreNode ?? selectedNode ?? null}
          onChange={(value) => {
            const c = FOCUS_CHOICES.find((f) => f.value === value);
            const centre = focus?.centre ?? selectedId;
            setFocus(c && centre ? { centre, depth: c.depth, direction: c.direction } : null);
          }}
        />
      }
      trailing={
        expanded ? (
          <div className="graph-selection" aria-label="Selected node" role="group">
            {selectedNode ? (
              <>
                <span className="graph-selection-label">
                  <code>{selectedNode.label}</code> <span className="muted">{selectedNode.kind}</span>
                  {selectedNode.location && (
                    <span className="muted">
                      {' '}
                      · {selectedNode.location.file}:{selectedNode.location.line}
                    </span>
                  )}
                </span>
                <button type="button" className="button" title="Close the expanded view and show the declaration (Enter on a node)" onClick={() => goToDeclaration(selectedNode)}>
                  Go to declaration
                </button>
              </>
            ) : (
              <span className="muted">Click a node to select it; Enter on a node opens its declaration.</span>
            )}
          </div>
        ) : null
      }
      banner={
        focus && centreNode ? (
          <div className="graph-banner" role="status">
            <span>
              Around <code>{centreNode.label}</code>: {FOCUS_CHOICES.find((c) => c.depth === focus.depth && c.direction === focus.direction)?.text} —{' '}
              {shown.nodes.length} of {folded.nodes.length} nodes
            </span>
            <button type="button" className="button" onClick={() => setFocus(null)}>
              Show all
            </button>
          </div>
        ) : null
      }
    />
  );

  return (
    <>
      {expanded ? (
        <div className="graph-elsewhere">
          <p className="muted">The graph is open in the expanded view.</p>
        </div>
      ) : (
        body
      )}
      <Dialog open={expanded} title={`Target graph · ${graph.nodes.length} nodes`} className="graph-dialog" onClose={() => setExpanded(false)}>
        {expanded && (
          <div
            className="graph-dialog-content"
            onKeyDown={(e) => {
              // Esc closes this view only: handled here, it does not also stop a running command.
              if (e.key === 'Escape' && !e.defaultPrevented) {
                e.preventDefault();
                setExpanded(false);
              }
            }}
          >
            {body}
          </div>
        )}
      </Dialog>
    </>
  );
}

function FocusControl({ focus, centre, onChange }: { focus: Focus | null; centre: ResultGraphNode | null; onChange(value: string): void }) {
  const value = focus ? `${focus.direction}-${focus.depth}` : 'all';
  return (
    <label className="graph-focus" title={centre ? `Show only the nodes around ${centre.label}` : 'Select a node (click it) to show only the nodes around it'}>
      <span>Show</span>
      <select aria-label="Show" value={value} disabled={!centre && !focus} onChange={(e) => onChange(e.target.value)}>
        <option value="all">the whole graph</option>
        {FOCUS_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            around {centre ? centre.label : 'the selected node'}: {c.text}
          </option>
        ))}
      </select>
    </label>
  );
}

interface GraphBodyProps {
  graph: ResultGraph;
  shown: ViewGraph;
  packages: { pkg: string; count: number }[];
  collapsed: ReadonlySet<string>;
  selectedId: string | null;
  current: string | null;
  expanded: boolean;
  focusControl: ReactNode;
  /** At the toolbar's end. */
  trailing: ReactNode;
  banner: ReactNode;
  onCurrent(id: string): void;
  onToggleCollapsed(pkg: string, collapse?: boolean): void;
  onSetCollapsed(packages: ReadonlySet<string>): void;
  onActivate(node: ResultGraphNode): void;
  onGo(node: ResultGraphNode): void;
  onExpand(): void;
  onFocusAround(id: string, choice: string): void;
}

/** The toolbar, the drawing and the legend: drawn in the side panel or in the expanded view. */
function GraphBody(props: GraphBodyProps) {
  const { graph, shown, packages, collapsed, selectedId, current, expanded } = props;
  const [laid, setLaid] = useState<{ graph: ViewGraph; layout: GraphLayout } | null>(null);
  // A layout belongs to one graph: while the next one is computed, the old one is not drawn with the new nodes.
  const layout = laid?.graph === shown ? laid.layout : null;
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const [host, setHostState] = useState<HTMLDivElement | null>(null);
  const hostRef = useRef<HTMLDivElement | null>(null);
  const setHost = useCallback((el: HTMLDivElement | null) => {
    hostRef.current = el;
    setHostState(el);
  }, []);
  /** The view is the fitted one: a resize fits again. Any zoom or pan by the user clears it. */
  const fitted = useRef(true);
  const drawnKey = useRef('');
  const [hover, setHover] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const [packagesOpen, setPackagesOpen] = useState(false);
  const packagesButton = useRef<HTMLButtonElement>(null);
  const packagesBox = useRef<HTMLDivElement>(null);

  // The package list closes on a press anywhere else, like a menu.
  useEffect(() => {
    if (!packagesOpen) return;
    const onDown = (e: globalThis.PointerEvent) => {
      if (!packagesBox.current?.contains(e.target as Node)) setPackagesOpen(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [packagesOpen]);
  const tooBig = shown.nodes.length > MAX_DRAWN_NODES;

  useEffect(() => {
    if (tooBig) return;
    let live = true;
    // The layout module (and dagre) loads in its own worker: this chunk holds only the client.
    const box = hostRef.current;
    layoutOffThread(shown, box?.clientHeight ? box.clientWidth / box.clientHeight : undefined).then(
      (layout) => live && setLaid({ graph: shown, layout }),
      (e: unknown) => live && !(e instanceof Superseded) && setError(String(e)),
    );
    return () => {
      live = false;
    };
  }, [shown, tooBig]);

  const fit = useCallback(
    (l: GraphLayout | null = layout) => {
      if (!l || !host || !host.clientWidth) return;
      fitted.current = true;
      setView(fitView(l.width, l.height, host.clientWidth, host.clientHeight));
    },
    [layout, host],
  );

  // A new drawing is fitted, unless it shows the same nodes as before and the user had zoomed or panned (an edit
  // re-ran the query): then the view stays where it is.
  useLayoutEffect(() => {
    if (!layout) return;
    const key = [...layout.nodes.keys()].join('\n');
    if (key !== drawnKey.current || fitted.current) fit(layout);
    drawnKey.current = key;
  }, [layout, fit]);

  useEffect(() => {
    if (!host) return;
    const observer = new ResizeObserver(() => fitted.current && fit());
    observer.observe(host);
    return () => observer.disconnect();
  }, [host, fit]);

  const userView = useCallback((f: (v: View) => View) => {
    fitted.current = false;
    setView(f);
  }, []);

  const zoomBy = useCallback(
    (factor: number, px?: number, py?: number) => {
      if (!host) return;
      userView((v) => zoomAt(v, factor, px ?? host.clientWidth / 2, py ?? host.clientHeight / 2));
    },
    [host, userView],
  );

  // Wheel and trackpad pinch (ctrl+wheel) zoom around the pointer. A native listener: React's is passive, and the
  // page must not scroll or zoom instead.
  useEffect(() => {
    if (!host) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const box = host.getBoundingClientRect();
      const delta = e.deltaY * (e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? box.height : 1);
      zoomBy(Math.exp(-delta * (e.ctrlKey ? 0.01 : 0.0015)), e.clientX - box.left, e.clientY - box.top);
    };
    host.addEventListener('wheel', onWheel, { passive: false });
    return () => host.removeEventListener('wheel', onWheel);
  }, [host, zoomBy]);

  // Pointers: one drags (pans), two pinch (zoom around their midpoint and pan with it). The pointer is captured
  // only once it moves: capturing at pointerdown would retarget the click away from the node or button under it.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ start: Map<number, { x: number; y: number }>; view: View; moved: boolean } | null>(null);
  const suppressClick = useRef(false);

  function local(p: { x: number; y: number }): { x: number; y: number } {
    const box = host!.getBoundingClientRect();
    return { x: p.x - box.left, y: p.y - box.top };
  }

  function onPointerDown(e: PointerEvent): void {
    if ((e.target as Element).closest('button, select, input, a, .graph-toolbar')) return;
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    suppressClick.current = false;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    gesture.current = { start: new Map(pointers.current), view, moved: false };
  }

  function onPointerMove(e: PointerEvent): void {
    const g = gesture.current;
    if (!g || !pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const [a, b] = [...pointers.current.keys()];
    const a0 = g.start.get(a);
    const a1 = pointers.current.get(a)!;
    if (!a0) return;
    if (!g.moved) {
      if (Math.hypot(a1.x - a0.x, a1.y - a0.y) < DRAG_SLOP && b === undefined) return;
      g.moved = true;
      for (const id of pointers.current.keys()) (e.currentTarget as Element).setPointerCapture?.(id);
    }
    const b0 = b === undefined ? undefined : g.start.get(b);
    if (b !== undefined && b0) {
      const b1 = pointers.current.get(b)!;
      const m0 = local({ x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2 });
      const m1 = local({ x: (a1.x + b1.x) / 2, y: (a1.y + b1.y) / 2 });
      const factor = Math.hypot(a1.x - b1.x, a1.y - b1.y) / Math.max(1, Math.hypot(a0.x - b0.x, a0.y - b0.y));
      const moved = { ...g.view, x: g.view.x + m1.x - m0.x, y: g.view.y + m1.y - m0.y };
      userView(() => zoomAt(moved, factor, m1.x, m1.y));
    } else {
      userView(() => ({ ...g.view, x: g.view.x + a1.x - a0.x, y: g.view.y + a1.y - a0.y }));
    }
  }

  function onPointerEnd(e: PointerEvent): void {
    if (!pointers.current.delete(e.pointerId)) return;
    const g = gesture.current;
    if (g?.moved) suppressClick.current = true;
    // The pointers left start a new gesture from where the view is now.
    gesture.current = pointers.current.size ? { start: new Map(pointers.current), view, moved: true } : null;
  }

  const nodeEl = (id: string) => host?.querySelector<SVGGElement>(`[data-node-id="${CSS.escape(id)}"]`) ?? null;

  function onCanvasKeyDown(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === '+' || e.key === '=') zoomBy(ZOOM_STEP);
    else if (e.key === '-' || e.key === '_') zoomBy(1 / ZOOM_STEP);
    else if (e.key === '0') fit();
    else if (e.target === e.currentTarget && e.key.startsWith('Arrow')) {
      const step = e.shiftKey ? PAN_STEP * 4 : PAN_STEP;
      const [dx, dy] = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[e.key] ?? [0, 0];
      userView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
    } else return;
    e.preventDefault();
  }

  function onNodeKeyDown(e: KeyboardEvent, n: ViewNode, ln: LaidNode): void {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Enter' || e.key === ' ') {
      if (n.members !== undefined) props.onToggleCollapsed(n.label, false);
      else if (e.key === 'Enter') props.onGo(n);
      else props.onActivate(n);
    } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown' || e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const next = nearestInDirection(layout!.nodes.values(), ln, e.key);
      if (next) nodeEl(next)?.focus();
    } else if (e.key === 'c' && n.members === undefined) {
      props.onToggleCollapsed(packageOf(n.label), true);
    } else if (e.key === 'f' && n.members === undefined) {
      props.onCurrent(n.id);
      props.onFocusAround(n.id, 'both-1');
    } else return;
    e.preventDefault();
    e.stopPropagation();
  }

  function onNodeFocus(ln: LaidNode): void {
    setFocused(ln.id);
    props.onCurrent(ln.id);
    if (host) setView((v) => scrollIntoView(v, { x: ln.x - ln.width / 2, y: ln.y - ln.height / 2, width: ln.width, height: ln.height }, host.clientWidth, host.clientHeight));
  }

  const byId = useMemo(() => new Map(shown.nodes.map((n) => [n.id, n])), [shown]);
  const kinds = useMemo(() => [...new Set(shown.nodes.map((n) => n.kind))].sort(), [shown]);
  const hasSelect = shown.edges.some((e) => e.select);
  const hasTool = shown.edges.some((e) => e.tool);
  const laidNodes = layout ? [...layout.nodes.values()] : [];
  // The roving tab stop: the current node if it is drawn, else the first node (the top left).
  const tabStop = layout && current && layout.nodes.has(current) ? current : (laidNodes.reduce<LaidNode | null>((a, b) => (!a || b.y < a.y || (b.y === a.y && b.x < a.x) ? b : a), null)?.id ?? null);
  const cardId = view.scale < READABLE_SCALE ? (hover ?? focused) : null;
  const cardNode = cardId ? byId.get(cardId) : undefined;
  const cardLaid = cardId ? layout?.nodes.get(cardId) : undefined;

  const toolbar = (
    <div className="graph-toolbar" role="toolbar" aria-label="Graph">
      <div className="graph-zoom" role="group" aria-label="Zoom">
        <button type="button" className="icon-button" aria-label="Zoom out" title="Zoom out (−)" onClick={() => zoomBy(1 / ZOOM_STEP)}>
          −
        </button>
        <span className="graph-scale" title="Zoom level">
          {Math.round(view.scale * 100)}%
        </span>
        <button type="button" className="icon-button" aria-label="Zoom in" title="Zoom in (+)" onClick={() => zoomBy(ZOOM_STEP)}>
          +
        </button>
        <button type="button" className="button graph-fit" aria-label="Fit the graph" title="Fit the whole graph in view (0)" onClick={() => fit()}>
          Fit
        </button>
      </div>
      <div className="graph-packages" ref={packagesBox}>
        <button type="button" ref={packagesButton} className="button" aria-expanded={packagesOpen} aria-controls="graph-packages-list" onClick={() => setPackagesOpen(!packagesOpen)}>
          Packages{collapsed.size ? ` (${collapsed.size} collapsed)` : ''} ▾
        </button>
        {packagesOpen && (
          <div
            className="graph-packages-pop"
            id="graph-packages-list"
            role="group"
            aria-label="Collapse packages"
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                e.preventDefault();
                setPackagesOpen(false);
                packagesButton.current?.focus();
              }
            }}
          >
            <div className="graph-packages-all">
              <button type="button" className="button" onClick={() => props.onSetCollapsed(new Set(packages.map((p) => p.pkg)))}>
                Collapse all
              </button>
              <button type="button" className="button" onClick={() => props.onSetCollapsed(new Set())}>
                Expand all
              </button>
            </div>
            <ul>
              {packages.map((p) => (
                <li key={p.pkg}>
                  <label>
                    <input type="checkbox" checked={collapsed.has(p.pkg)} onChange={(e) => props.onToggleCollapsed(p.pkg, e.target.checked)} />
                    <code>{p.pkg}</code>
                    <span className="muted">
                      {p.count} node{p.count === 1 ? '' : 's'}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {props.focusControl}
      {props.trailing}
      {!expanded && (
        <button type="button" className="button graph-expand" title="Show the graph in the whole window (Esc closes it)" onClick={props.onExpand}>
          ⤢ Expand
        </button>
      )}
    </div>
  );

  if (error) return <p className="notice error">Could not load the graph layout: {error}</p>;

  return (
    <div className={'graph' + (expanded ? ' expanded' : '')}>
      {toolbar}
      {props.banner}
      {tooBig ? (
        <div className="graph-too-big">
          <p className="muted">
            {shown.nodes.length} nodes are too many to draw; collapse packages or narrow the query (the text view shows them all).
          </p>
          <button type="button" className="button" onClick={() => props.onSetCollapsed(new Set(packages.map((p) => p.pkg)))}>
            Collapse all packages
          </button>
        </div>
      ) : (
        <div
          className="graph-canvas"
          ref={setHost}
          tabIndex={0}
          role="group"
          data-autofocus={expanded || undefined}
          aria-label="Graph canvas: arrows pan, + and − zoom, 0 fits; Tab goes to the nodes"
          aria-keyshortcuts="+ - 0 ArrowUp ArrowDown ArrowLeft ArrowRight"
          onKeyDown={onCanvasKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          data-testid="query-graph"
          data-scale={view.scale.toFixed(3)}
        >
          {!layout && <p className="muted graph-wait">Laying out {shown.nodes.length} nodes…</p>}
          {layout && (
            <svg className="graph-svg" role="group" aria-label={`Target graph: ${shown.nodes.length} nodes, ${shown.edges.length} edges`}>
              <defs>
                <marker id="graph-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                  <path d="M0,1 L9,5 L0,9 z" className="graph-arrowhead" />
                </marker>
              </defs>
              <g transform={`translate(${view.x} ${view.y}) scale(${view.scale})`}>
                {layout.edges.map((e) => {
                  const src = shown.edges[e.index];
                  const d = e.points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
                  const near = hover !== null && (e.from === hover || e.to === hover);
                  return (
                    <path
                      key={e.index}
                      d={d}
                      className={'graph-edge' + (src?.select ? ' select' : '') + (src?.tool ? ' tool' : '') + (near ? ' near' : '')}
                      markerEnd="url(#graph-arrow)"
                    >
                      <title>{`${e.from} → ${e.to}${src?.count ? ` (${src.count} dependencies)` : ''}${src?.attr ? ` (${src.attr})` : ''}${src?.select ? ', in a select() branch' : ''}${src?.tool ? ', tool' : ''}`}</title>
                    </path>
                  );
                })}
                {laidNodes.map((ln) => {
                  const n = byId.get(ln.id);
                  if (!n) return null;
                  const isPackage = n.members !== undefined;
                  const isSelected = ln.id === selectedId;
                  return (
                    <g
                      key={ln.id}
                      data-node-id={ln.id}
                      className={`graph-node ${kindClass(n.kind)}` + (isPackage ? ' package' : '') + (isSelected ? ' selected' : '')}
                      transform={`translate(${ln.x - ln.width / 2} ${ln.y - ln.height / 2})`}
                      role="button"
                      tabIndex={ln.id === tabStop ? 0 : -1}
                      aria-label={isPackage ? `${n.label}: collapsed package of ${n.members} nodes; expand it` : `${n.id} (${n.kind})`}
                      aria-pressed={isPackage ? undefined : isSelected}
                      aria-keyshortcuts={isPackage ? undefined : 'Enter Space c f'}
                      onClick={() => {
                        if (suppressClick.current) return;
                        if (isPackage) props.onToggleCollapsed(n.label, false);
                        else props.onActivate(n);
                      }}
                      onDoubleClick={() => !isPackage && expanded && props.onGo(n)}
                      onKeyDown={(e) => onNodeKeyDown(e, n, ln)}
                      onFocus={() => onNodeFocus(ln)}
                      onBlur={() => setFocused(null)}
                      // A mouse hovers; a finger's tap is a click, and must not leave a card behind.
                      onPointerEnter={(e) => e.pointerType === 'mouse' && setHover(ln.id)}
                      onPointerLeave={() => setHover((h) => (h === ln.id ? null : h))}
                    >
                      <title>
                        {isPackage
                          ? `${n.label} — ${n.members} nodes collapsed; click to expand`
                          : `${n.id} — ${n.kind}${n.location ? ` — ${n.location.file}:${n.location.line}` : ''}\nEnter: go to the declaration · c: collapse its package · f: only its neighbourhood`}
                      </title>
                      <rect width={ln.width} height={ln.height} rx={isPackage ? 9 : 5} />
                      <text x={10} y={15} className="graph-node-label">
                        {n.label}
                        {n.config && <tspan className="graph-node-config">{` (${n.config})`}</tspan>}
                      </text>
                      <text x={10} y={29} className="graph-node-kind">
                        {nodeSubtitle(n)}
                      </text>
                    </g>
                  );
                })}
              </g>
            </svg>
          )}
          {cardNode && cardLaid && (
            <div
              className={`graph-card ${kindClass(cardNode.kind)}`}
              aria-hidden="true"
              style={{ left: view.x + cardLaid.x * view.scale, top: view.y + (cardLaid.y - cardLaid.height / 2) * view.scale }}
            >
              <code>
                {cardNode.label}
                {cardNode.config && ` (${cardNode.config})`}
              </code>
              <span>{nodeSubtitle(cardNode)}</span>
            </div>
          )}
        </div>
      )}
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
            {k === PACKAGE_KIND ? 'collapsed package' : k}
          </li>
        ))}
        <li className="graph-count">
          {shown.nodes.length === graph.nodes.length ? `${graph.nodes.length} nodes` : `${shown.nodes.length} drawn for ${graph.nodes.length} nodes`}
        </li>
      </ul>
    </div>
  );
}
