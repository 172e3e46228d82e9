// Targets: what the last load found, grouped by package, each with its rule kind; a row opens its declaration.

import { useState } from 'react';
import type { TargetSummary } from '../../../worker/protocol.ts';
import { useEngine } from '../../state/engine-store.ts';
import { useWorkspace } from '../../state/workspace-store.ts';
import { useIsStale } from '../../state/use-stale.ts';

/** Source and generated files are targets too; the list shows them only on request. */
export function isFileTarget(t: TargetSummary): boolean {
  return t.kind === 'source file' || t.kind === 'generated file';
}

export function useTargetCount(): number {
  return useEngine((s) => s.load?.result.targets.filter((t) => !isFileTarget(t)).length ?? 0);
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

export function TargetsPanel() {
  const load = useEngine((s) => s.load);
  const stale = useIsStale();
  const [filter, setFilter] = useState('');
  const [showFiles, setShowFiles] = useState(false);
  const needle = filter.trim().toLowerCase();
  const targets = (load?.result.targets ?? []).filter(
    (t) =>
      (showFiles || !isFileTarget(t)) &&
      (!needle || t.label.toLowerCase().includes(needle) || t.kind.toLowerCase().includes(needle)),
  );
  const groups = groupByPackage(targets);

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
      {groups.map(([pkg, ts]) => (
        <section key={pkg} className="target-group" aria-label={`Package //${pkg}`}>
          <h3 className="target-package">//{pkg}</h3>
          <ul className="target-list">
            {ts.map((t) => (
              <li key={t.label}>
                <button
                  type="button"
                  className={'target-row' + (isFileTarget(t) ? ' file-target' : '')}
                  aria-label={`${t.label} (${t.kind})`}
                  title={`${t.label} — declared at ${t.location.file}:${t.location.line}:${t.location.column}`}
                  onClick={() => useWorkspace.getState().revealAt(t.location.file, t.location.line, t.location.column)}
                >
                  <span className="target-name">:{t.name}</span>
                  <span className={`kind-badge kind-${t.kind.replace(/[^a-z_]/gi, '')}`}>{t.kind}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
