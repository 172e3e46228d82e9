// Problems: every diagnostic of the last load, sorted by place; a row opens its file at the location.

import type { Diagnostic } from '../../../worker/protocol.ts';
import { useEngine } from '../../state/engine-store.ts';
import { useWorkspace } from '../../state/workspace-store.ts';
import { useIsStale } from '../../state/use-stale.ts';

export function useProblemCount(): number {
  return useEngine((s) => s.load?.result.diagnostics.length ?? 0);
}

function compare(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column;
}

const severityLabel = { error: 'Error', warning: 'Warning', info: 'Info' } as const;

export function ProblemsPanel() {
  const load = useEngine((s) => s.load);
  const workerError = useEngine((s) => s.workerError);
  const stale = useIsStale();
  const diagnostics = [...(load?.result.diagnostics ?? [])].sort(compare);

  return (
    <div className="panel-body" data-stale={stale || undefined} aria-busy={stale || undefined}>
      {workerError && <p className="notice error">The engine worker failed: {workerError}</p>}
      {!load && !workerError && <p className="muted">Loading the workspace…</p>}
      {load && diagnostics.length === 0 && <p className="muted">No problems in the workspace.</p>}
      {diagnostics.length > 0 && (
        <ul className="problem-list" aria-label="Problems">
          {diagnostics.map((d, i) => {
            const where = d.file ? `${d.file}:${d.range.start.line}:${d.range.start.column}` : '';
            const [first, ...rest] = d.message.split('\n');
            return (
              <li key={i}>
                <button
                  type="button"
                  className={`problem-row severity-${d.severity}`}
                  disabled={!d.file}
                  aria-label={`${severityLabel[d.severity]}: ${first}${where ? ` at ${where}` : ''}`}
                  title={d.message}
                  onClick={() => useWorkspace.getState().revealAt(d.file, d.range.start.line, d.range.start.column)}
                >
                  <span className={`severity-icon ${d.severity}`} aria-hidden="true" />
                  <span className="problem-message">
                    {first}
                    {rest.length > 0 && <span className="problem-more"> …</span>}
                  </span>
                  {where && <span className="problem-location">{where}</span>}
                  {d.kind && <span className="problem-kind">{d.kind}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
