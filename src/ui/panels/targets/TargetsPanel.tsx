// Targets: what the last load found, grouped by package, each with its rule kind; a row opens its declaration,
// and its chevron shows the attributes from the rule's schema (type, value as written, defaults on request).

import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { HeldLoad, TargetDetails, TargetSummary } from '../../../worker/protocol.ts';
import { sameTargets } from '../../../worker/sync.ts';
import { KindBadge } from '../../components/KindBadge.tsx';
import { describeTarget } from '../../state/engine-sync.ts';
import { useSelection } from '../../state/selection-store.ts';
import './targets-panel.css';
import { useEngine } from '../../state/engine-store.ts';
import { useWorkspace } from '../../state/workspace-store.ts';
import { useIsStale } from '../../state/use-stale.ts';

/** Source and generated files are targets too; the list shows them only on request. */
export function isFileTarget(t: TargetSummary): boolean {
  return t.kind === 'source file' || t.kind === 'generated file';
}

/** Rule targets per package list: the badge asks on every change of the engine store (each keystroke). */
const ruleCounts = new WeakMap<readonly TargetSummary[], number>();

function ruleCount(targets: readonly TargetSummary[]): number {
  let n = ruleCounts.get(targets);
  if (n === undefined) ruleCounts.set(targets, (n = targets.filter((t) => !isFileTarget(t)).length));
  return n;
}

/** Rule targets of a load, counted once per package list (a load merged from a delta keeps the unchanged ones). */
const loadCounts = new WeakMap<HeldLoad, number>();

export function useTargetCount(): number {
  return useEngine((s) => {
    const r = s.load?.result;
    if (!r) return 0;
    let n = loadCounts.get(r);
    if (n === undefined) {
      n = 0;
      for (const ts of r.byPackage.values()) n += ruleCount(ts);
      loadCounts.set(r, n);
    }
    return n;
  });
}

/**
 * A package's targets as the list shows them, made once per package list and filter: an edit that changed one
 * package filters that package again, not the whole workspace.
 */
const shownCache = new WeakMap<readonly TargetSummary[], { key: string; shown: readonly TargetSummary[] }>();

function shownTargets(targets: readonly TargetSummary[], showFiles: boolean, needle: string): readonly TargetSummary[] {
  const key = `${showFiles}\0${needle}`;
  const c = shownCache.get(targets);
  if (c && c.key === key) return c.shown;
  const shown = targets.filter(
    (t) => (showFiles || !isFileTarget(t)) && (!needle || t.label.toLowerCase().includes(needle) || t.kind.toLowerCase().includes(needle)),
  );
  // A list that shows every target is the package's own array (its identity tells an unchanged package).
  const result = shown.length === targets.length ? targets : shown;
  shownCache.set(targets, { key, shown: result });
  return result;
}

/** Above this many rows, packages start folded (but the one of the open file): the list stays quick to draw. */
export const FOLD_ABOVE_ROWS = 1000;

/** Above this many packages, only the packages in view (and a few around) are drawn. */
export const WINDOW_ABOVE_PACKAGES = 200;

export function TargetsPanel() {
  const load = useEngine((s) => s.load);
  const activePath = useWorkspace((s) => s.activePath);
  const stale = useIsStale();
  const [filter, setFilter] = useState('');
  const [showFiles, setShowFiles] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  /** Packages the user folded or unfolded, with the state chosen (otherwise the default applies). */
  const [folds, setFolds] = useState<ReadonlyMap<string, boolean>>(new Map());
  const needle = filter.trim().toLowerCase();
  const result = load?.result;
  // Kept while the load and the filter stay: a keystroke re-renders the panel (its results turn stale) long
  // before the next load answers. Per package, so that a load merged from a delta re-filters what changed.
  const { count, groups } = useMemo(() => {
    const groups: [string, readonly TargetSummary[]][] = [];
    let count = 0;
    if (result) {
      for (const pkg of result.packages) {
        const shown = shownTargets(result.byPackage.get(pkg) ?? [], showFiles, needle);
        if (shown.length === 0) continue;
        groups.push([pkg, shown]);
        count += shown.length;
      }
    }
    return { count, groups };
  }, [result, showFiles, needle]);
  const foldByDefault = count > FOLD_ABOVE_ROWS;
  const activeDir = activePath ? packageDir(activePath) : null;
  const activePackage = activeDir !== null && result?.byPackage.has(activeDir) ? activeDir : null;
  const isFolded = (pkg: string) => folds.get(pkg) ?? (foldByDefault && pkg !== activePackage);
  const toggleFold = useCallback((pkg: string, folded: boolean) => setFolds((m) => new Map(m).set(pkg, !folded)), []);
  const renderGroup = ([pkg, ts]: [string, readonly TargetSummary[]]) => (
    <PackageGroup
      key={pkg}
      pkg={pkg}
      targets={ts}
      folded={isFolded(pkg)}
      foldable={foldByDefault || folds.has(pkg)}
      open={open !== null && ts.some((t) => t.label === open) ? open : null}
      revision={load?.revision ?? 0}
      onToggleFold={toggleFold}
      onOpen={setOpen}
    />
  );

  return (
    <div className="panel-body" data-stale={stale || undefined} aria-busy={stale || undefined}>
      <div className="panel-toolbar">
        <input
          className="filter-input"
          type="search"
          placeholder="Filter targets"
          aria-label="Filter targets"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <label className="toggle" title="Also list source and generated files">
          <input type="checkbox" checked={showFiles} onChange={(e) => setShowFiles(e.target.checked)} />
          files
        </label>
      </div>
      {!load && <p className="muted">Loading the workspace…</p>}
      {load && !hasAny(load.result) && <p className="muted">No targets.</p>}
      {foldByDefault && (
        <p className="muted target-fold-note">
          {count} targets in {groups.length} packages: packages are folded (but the open file&apos;s); click one, or filter.
        </p>
      )}
      {groups.length > WINDOW_ABOVE_PACKAGES ? (
        <WindowedGroups groups={groups} isFolded={isFolded} reveal={activePackage} render={renderGroup} />
      ) : (
        groups.map(renderGroup)
      )}
    </div>
  );
}

function hasAny(result: HeldLoad): boolean {
  for (const ts of result.byPackage.values()) if (ts.length > 0) return true;
  return false;
}

/** Pixels a package's header and a target's row take, until drawn ones are measured. */
const GUESS_HEADER_PX = 30;
const GUESS_ROW_PX = 24;
/** The bottom margin of a package group (styles.css, .target-group). */
const GROUP_MARGIN_PX = 8;
/** Pixels drawn above and below the view, so that scrolling shows drawn packages while the next ones render. */
const OVERSCAN_PX = 600;

/**
 * The package groups of a big workspace, drawn only where they are in view of the scrolling panel: spacers of
 * the right height stand for the others. Heights are measured as groups are drawn (a group's height changes with
 * its folding and an open attribute table); those not yet drawn are estimated from the measured ones. When the
 * open file's package changes, the list scrolls to it (it is the package unfolded).
 */
function WindowedGroups({
  groups,
  isFolded,
  reveal,
  render,
}: {
  groups: readonly [string, readonly TargetSummary[]][];
  isFolded(pkg: string): boolean;
  reveal: string | null;
  render(group: [string, readonly TargetSummary[]]): ReactNode;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const measured = useRef(new Map<string, { height: number; rows: number }>());
  const [view, setView] = useState<{ top: number; height: number }>({ top: 0, height: 800 });
  const [, remeasured] = useState(0);
  const unit = useRef({ header: GUESS_HEADER_PX, row: GUESS_ROW_PX });

  const heightOf = (pkg: string, ts: readonly TargetSummary[]): number => {
    const rows = isFolded(pkg) ? 0 : ts.length;
    const m = measured.current.get(pkg);
    if (m && m.rows === rows) return m.height;
    return unit.current.header + rows * unit.current.row;
  };
  const tops: number[] = [];
  let total = 0;
  for (const [pkg, ts] of groups) {
    tops.push(total);
    total += heightOf(pkg, ts);
  }
  let first = 0;
  while (first < groups.length - 1 && tops[first + 1]! < view.top - OVERSCAN_PX) first++;
  let last = first;
  while (last < groups.length - 1 && tops[last + 1]! < view.top + view.height + OVERSCAN_PX) last++;

  // Follow the scrolling panel.
  useEffect(() => {
    const list = listRef.current;
    const scroller = list?.closest('.tab-panel') ?? list?.parentElement;
    if (!list || !scroller) return;
    const update = () => {
      const top = scroller.scrollTop - (list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop);
      setView((v) => (Math.abs(v.top - top) < 1 && v.height === scroller.clientHeight ? v : { top, height: scroller.clientHeight }));
    };
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    const ro = new ResizeObserver(update);
    ro.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', update);
      ro.disconnect();
    };
  }, []);

  // Measure what is drawn, as the browser lays it out (no layout forced while React commits).
  const [observer] = useState(
    () =>
      new ResizeObserver((entries) => {
        let changed = false;
        for (const e of entries) {
          const el = e.target as HTMLElement;
          const pkg = el.dataset.pkg;
          const rows = Number(el.dataset.rows);
          if (pkg === undefined || !el.isConnected) continue;
          const height = e.borderBoxSize[0]!.blockSize + GROUP_MARGIN_PX;
          const m = measured.current.get(pkg);
          if (!m || m.height !== height || m.rows !== rows) {
            measured.current.set(pkg, { height, rows });
            if (rows === 0) unit.current.header = height;
            else if (!el.querySelector('.target-attrs, .target-attrs-note')) unit.current.row = Math.max(1, (height - unit.current.header) / rows);
            changed = true;
          }
        }
        if (changed) remeasured((n) => n + 1);
      }),
  );
  useEffect(() => () => observer.disconnect(), [observer]);
  const observed = useRef(new Set<Element>());
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    for (const el of observed.current) {
      if (el.parentElement !== list) {
        observer.unobserve(el);
        observed.current.delete(el);
      }
    }
    for (const el of list.children) {
      if ((el as HTMLElement).dataset.pkg === undefined || observed.current.has(el)) continue;
      observer.observe(el);
      observed.current.add(el);
    }
  });

  // The open file's package scrolls into view when it changes.
  const revealed = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (reveal === null || reveal === revealed.current) return;
    const i = groups.findIndex(([p]) => p === reveal);
    const list = listRef.current;
    const scroller = list?.closest('.tab-panel') ?? list?.parentElement;
    if (i < 0 || !list || !scroller) return;
    revealed.current = reveal;
    const listTop = list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    scroller.scrollTop = listTop + tops[i]!;
    setView({ top: tops[i]!, height: scroller.clientHeight });
  });

  return (
    <div ref={listRef} className="target-window">
      <div style={{ height: tops[first] ?? 0 }} aria-hidden="true" />
      {groups.slice(first, last + 1).map(render)}
      <div style={{ height: total - (tops[last + 1] ?? total) }} aria-hidden="true" />
    </div>
  );
}

/** The directory of a workspace file: the package a BUILD file defines. */
function packageDir(path: string): string {
  return path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
}

interface PackageGroupProps {
  pkg: string;
  targets: readonly TargetSummary[];
  folded: boolean;
  foldable: boolean;
  /** The label whose attributes are shown, when it is in this package. */
  open: string | null;
  revision: number;
  onToggleFold(pkg: string, folded: boolean): void;
  onOpen(label: string | null): void;
}

/**
 * One package's targets. Memoized on what it shows (the targets, compared row by row; a load reuses the summaries
 * of the packages it did not change), so that an edit redraws only the packages whose targets changed.
 */
const PackageGroup = memo(
  function PackageGroup({ pkg, targets, folded, foldable, open, revision, onToggleFold, onOpen }: PackageGroupProps) {
    return (
      <section className="target-group" aria-label={`Package //${pkg}`} data-pkg={pkg} data-rows={folded ? 0 : targets.length}>
        <h3 className="target-package">
          {foldable ? (
            <button type="button" className="target-fold" aria-expanded={!folded} onClick={() => onToggleFold(pkg, folded)}>
              <span className="twisty" aria-hidden="true">
                {folded ? '▸' : '▾'}
              </span>
              //{pkg} <span className="muted">({targets.length})</span>
            </button>
          ) : (
            <>//{pkg}</>
          )}
        </h3>
        {!folded && (
          <ul className="target-list">
            {targets.map((t) => (
              <li key={t.label}>
                <div className="target-line">
                  <button
                    type="button"
                    className="icon-button target-expand"
                    aria-label={`Attributes of ${t.label}`}
                    aria-expanded={open === t.label}
                    title="Attributes"
                    disabled={isFileTarget(t)}
                    onClick={() => onOpen(open === t.label ? null : t.label)}
                  >
                    {isFileTarget(t) ? '' : open === t.label ? '▾' : '▸'}
                  </button>
                  <button
                    type="button"
                    className={'target-row' + (isFileTarget(t) ? ' file-target' : '')}
                    aria-label={`${t.label} (${t.kind})`}
                    title={`${t.label} — declared at ${t.location.file}:${t.location.line}:${t.location.column}`}
                    onClick={() => {
                      useSelection.getState().select(t.label, 'targets');
                      useWorkspace.getState().revealAt(t.location.file, t.location.line, t.location.column);
                    }}
                  >
                    <span className="target-name">:{t.name}</span>
                    <KindBadge kind={t.kind} />
                  </button>
                </div>
                {open === t.label && <Attributes label={t.label} revision={revision} />}
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  },
  (a, b) =>
    sameTargets(a.targets, b.targets) &&
    a.folded === b.folded &&
    a.foldable === b.foldable &&
    a.open === b.open &&
    (a.open === null || a.revision === b.revision),
);

function Attributes({ label, revision }: { label: string; revision: number }) {
  const [details, setDetails] = useState<TargetDetails | null | undefined>(undefined);
  const [showDefaults, setShowDefaults] = useState(false);

  useEffect(() => {
    let live = true;
    void describeTarget(label).then((o) => {
      if (live && o.status === 'done') setDetails(o.value);
    });
    return () => {
      live = false;
    };
  }, [label, revision]);

  if (details === undefined) return <p className="muted target-attrs-note">Reading the attributes…</p>;
  if (details === null) return <p className="muted target-attrs-note">No such target any more.</p>;
  const shown = details.attributes.filter((a) => a.explicit || showDefaults);
  const defaults = details.attributes.length - details.attributes.filter((a) => a.explicit).length;
  return (
    <div className="target-attrs" aria-label={`Attributes of ${label}`} role="group">
      {details.doc && <p className="muted target-doc">{details.doc}</p>}
      <table className="attr-table">
        <tbody>
          {shown.map((a) => (
            <tr key={a.name} className={a.explicit ? 'explicit' : 'default'} title={`${a.name}: ${a.type}${a.mandatory ? ', mandatory' : ''}${a.configurable ? '' : ', nonconfigurable'} — ${a.doc}`}>
              <th scope="row">
                {a.name}
                <span className="attr-type">{a.type}</span>
              </th>
              <td className="attr-value">{a.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {defaults > 0 && (
        <button type="button" className="link-button attr-toggle" onClick={() => setShowDefaults(!showDefaults)}>
          {showDefaults ? 'hide defaults' : `${defaults} more with their defaults`}
        </button>
      )}
    </div>
  );
}
