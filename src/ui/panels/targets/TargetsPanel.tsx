// Targets: what the last load found, grouped by package, each with its rule kind; a row opens its declaration,
// and its chevron shows the attributes from the rule's schema (type, value as written, defaults on request).

import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import type { TargetDetails, TargetSummary } from '../../../worker/protocol.ts';
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

/** Rule targets per targets array: the selector runs on every change of the engine store (each keystroke). */
const ruleCounts = new WeakMap<readonly TargetSummary[], number>();

function ruleCount(targets: readonly TargetSummary[]): number {
  let n = ruleCounts.get(targets);
  if (n === undefined) ruleCounts.set(targets, (n = targets.filter((t) => !isFileTarget(t)).length));
  return n;
}

export function useTargetCount(): number {
  return useEngine((s) => (s.load ? ruleCount(s.load.result.targets) : 0));
}

function groupByPackage(targets: readonly TargetSummary[]): [string, TargetSummary[]][] {
  const groups = new Map<string, TargetSummary[]>();
  for (const t of targets) {
    let g = groups.get(t.package);
    if (!g) groups.set(t.package, (g = []));
    g.push(t);
  }
  return [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Above this many rows, packages start folded (but the one of the open file): the list stays quick to draw. */
export const FOLD_ABOVE_ROWS = 1000;

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
  const all = load?.result.targets;
  // Kept while the load and the filter stay: a keystroke re-renders the panel (its results turn stale) long
  // before the next load answers.
  const { targets, groups } = useMemo(() => {
    const targets = (all ?? []).filter(
      (t) =>
        (showFiles || !isFileTarget(t)) &&
        (!needle || t.label.toLowerCase().includes(needle) || t.kind.toLowerCase().includes(needle)),
    );
    return { targets, groups: groupByPackage(targets) };
  }, [all, showFiles, needle]);
  const foldByDefault = targets.length > FOLD_ABOVE_ROWS;
  const activePackage = activePath && (load?.result.packages ?? []).includes(packageDir(activePath)) ? packageDir(activePath) : null;
  const isFolded = (pkg: string) => folds.get(pkg) ?? (foldByDefault && pkg !== activePackage);
  const toggleFold = useCallback((pkg: string, folded: boolean) => setFolds((m) => new Map(m).set(pkg, !folded)), []);

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
      {load && load.result.targets.length === 0 && <p className="muted">No targets.</p>}
      {foldByDefault && (
        <p className="muted target-fold-note">
          {targets.length} targets in {groups.length} packages: packages are folded (but the open file&apos;s); click one, or filter.
        </p>
      )}
      {groups.map(([pkg, ts]) => (
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
      ))}
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
      <section className="target-group" aria-label={`Package //${pkg}`}>
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
