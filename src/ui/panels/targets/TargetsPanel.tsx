// Targets: what the last load found, grouped by package, each with its rule kind; a row opens its declaration,
// and its chevron shows the attributes from the rule's schema (type, value as written, defaults on request).

import { useEffect, useState } from 'react';
import type { TargetDetails, TargetSummary } from '../../../worker/protocol.ts';
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
  const [open, setOpen] = useState<string | null>(null);
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
                <div className="target-line">
                  <button
                    type="button"
                    className="icon-button target-expand"
                    aria-label={`Attributes of ${t.label}`}
                    aria-expanded={open === t.label}
                    title="Attributes"
                    disabled={isFileTarget(t)}
                    onClick={() => setOpen(open === t.label ? null : t.label)}
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
                {open === t.label && <Attributes label={t.label} revision={load?.revision ?? 0} />}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

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
