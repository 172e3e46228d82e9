// Problems: the workspace's diagnostics (the last load) and the last command's (while the files are as it saw
// them), in two groups sorted by place; a row, or one of its related locations, opens the file there.

import { memo } from 'react';
import type { Diagnostic } from '../../../worker/protocol.ts';
import { DiagnosticItem } from '../../components/DiagnosticItem.tsx';
import { useEngine } from '../../state/engine-store.ts';
import { problemCount, useProblems } from '../../state/problems.ts';
import { useIsStale } from '../../state/use-stale.ts';

export function useProblemCount(): number {
  return problemCount(useProblems());
}

export function ProblemsPanel() {
  const load = useEngine((s) => s.load);
  const workerError = useEngine((s) => s.workerError);
  const stale = useIsStale();
  const { workspace, command } = useProblems();

  return (
    <div className="panel-body problems-panel">
      {workerError && <p className="notice error">The engine worker failed: {workerError}</p>}
      {!load && !workerError && <p className="muted">Loading the workspace…</p>}
      {load && (
        <Group title="Workspace" name="Workspace problems" diagnostics={workspace} stale={stale} empty="No problems in the workspace." />
      )}
      {command && <Group title={`$ ${command.text}`} name="Command problems" diagnostics={command.diagnostics} code />}
    </div>
  );
}

/** Memoized: a keystroke re-renders the panel, but a list whose diagnostics did not change (the same array) is not redrawn. */
const Group = memo(function Group({
  title,
  name,
  diagnostics,
  stale,
  code,
  empty,
}: {
  title: string;
  name: string;
  diagnostics: readonly Diagnostic[];
  stale?: boolean;
  code?: boolean;
  /** Said next to the title when there is nothing to list. */
  empty?: string;
}) {
  return (
    <section className="problem-group" aria-label={name} data-stale={stale || undefined} aria-busy={stale || undefined}>
      <h3 className="problem-group-title">
        <span className={code ? 'problem-group-command' : undefined}>{title}</span>
        <span className="problem-group-count">{diagnostics.length}</span>
        {diagnostics.length === 0 && empty && <span className="problem-none">{empty}</span>}
      </h3>
      {diagnostics.length > 0 && (
        <ul className="problem-list" aria-label={name}>
          {diagnostics.map((d, i) => (
            <DiagnosticItem key={i} d={d} />
          ))}
        </ul>
      )}
    </section>
  );
});
