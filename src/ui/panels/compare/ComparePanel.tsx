// Compare: the command line under Bazel 4.2.3 and under current Bazel, side by side — exit codes, stderr and stdout,
// with the lines that differ marked — and a one-line verdict. For "did this change between versions?" questions.
// Every line is rendered as text.

import { useMemo } from 'react';
import { runCompare } from '../../state/engine-sync.ts';
import { useEngine } from '../../state/engine-store.ts';
import { useWorkspace } from '../../state/workspace-store.ts';
import type { CompareColumn } from '../../../worker/protocol.ts';
import { lineSeverity } from '../output/output-lines.ts';
import { compareShape } from './compare-shape.ts';
import { useCompare } from './compare-store.ts';
import type { DiffRow } from './line-diff.ts';
import './compare-panel.css';

export function ComparePanel() {
  const compare = useCompare();
  const revision = useWorkspace((s) => s.revision);
  const commandText = useEngine((s) => s.commandText);
  const columns = compare.result?.columns;
  const shape = useMemo(() => (columns && columns.length === 2 ? compareShape(columns[0], columns[1]) : null), [columns]);
  const stale = compare.status === 'done' && (compare.revision !== revision || compare.text.trim() !== commandText.trim());
  const running = compare.status === 'running';

  return (
    <div className="panel-body compare" data-stale={stale || undefined}>
      <div className="compare-bar">
        <button type="button" className="button" onClick={() => void runCompare()} disabled={running} title="Run the command line under Bazel 4.2.3 and under current Bazel">
          {compare.status === 'idle' ? 'Compare' : 'Compare again'}
        </button>
        {compare.status !== 'idle' && (
          <code className="compare-command">$ {compare.text.trim().startsWith('bazel') ? '' : 'bazel '}{compare.text.trim()}</code>
        )}
      </div>
      <p className="compare-summary" role="status" data-same={shape && !running ? String(shape.same) : undefined}>
        {compare.status === 'idle' && 'Runs the command line under Bazel 4.2.3 and under current Bazel and shows both results side by side. While this tab is open, every run of the command compares too.'}
        {running && 'Running under Bazel 4.2.3 and current Bazel…'}
        {compare.status === 'stopped' && 'Stopped: the comparison was cancelled and has no result.'}
        {compare.error}
        {compare.status === 'done' && shape && shape.summary + (stale ? ' · files or command changed since' : '')}
      </p>
      {compare.status === 'done' &&
        columns?.map(
          (column) =>
            column.changes.length > 0 && (
              <p key={column.profile} className="compare-changes muted">
                {column.title} ran with {column.changes.join('; ')}.
              </p>
            ),
        )}
      {compare.status === 'done' && shape && columns && (
        <div className="compare-columns">
          {columns.map((column, i) => (
            <Column key={column.profile} column={column} side={i === 0 ? 'left' : 'right'} rows={[...shape.stderr, ...shape.stdout]} exitDiffers={columns[0].result.exitCode !== columns[1].result.exitCode} />
          ))}
        </div>
      )}
    </div>
  );
}

function Column({ column, side, rows, exitDiffers }: { column: CompareColumn; side: 'left' | 'right'; rows: DiffRow[]; exitDiffers: boolean }) {
  const exit = column.result.exitCode;
  return (
    <section className="compare-column" aria-label={`Under ${column.title}`}>
      <h3 className="compare-heading">
        {column.title} <span className="muted">({column.version})</span>
        <span className={`compare-exit ${exit === 0 ? 'ok' : 'failed'}`} data-differs={exitDiffers || undefined}>
          exit code {exit}
        </span>
      </h3>
      <pre className="terminal compare-text" aria-label={`Output under ${column.title}`} tabIndex={0}>
        {rows.map((row, i) => {
          const text = row[side];
          if (text === null) {
            return (
              <span key={i} className="diff-row diff-filler" aria-hidden="true">
                {'\n'}
              </span>
            );
          }
          return (
            <span key={i} className={`diff-row line-${lineSeverity(text)}`} data-changed={row.changed || undefined}>
              <span className="diff-mark">{row.changed ? (side === 'left' ? '−' : '+') : ' '}</span>
              {text}
              {'\n'}
            </span>
          );
        })}
        {rows.length === 0 && <span className="muted">(no output){'\n'}</span>}
      </pre>
    </section>
  );
}
