// One diagnostic as a row that opens its file at the place, with its related locations (the matching conditions
// of an ambiguous select(), the declaration of a target that is not visible) as nested rows that do the same.

import type { Diagnostic, RelatedLocation } from '../../worker/protocol.ts';
import { useWorkspace } from '../state/workspace-store.ts';

const severityLabel = { error: 'Error', warning: 'Warning', info: 'Info' } as const;

function where(file: string, range: Diagnostic['range']): string {
  return file ? `${file}:${range.start.line}:${range.start.column}` : '';
}

function open(file: string, range: Diagnostic['range']): void {
  useWorkspace.getState().revealAt(file, range.start.line, range.start.column);
}

export function DiagnosticItem({ d }: { d: Diagnostic }) {
  const at = where(d.file, d.range);
  const [first, ...rest] = d.message.split('\n');
  const related = d.related ?? [];
  return (
    <li>
      <button
        type="button"
        className={`problem-row severity-${d.severity}`}
        disabled={!d.file}
        aria-label={`${severityLabel[d.severity]}: ${first}${at ? ` at ${at}` : ''}`}
        title={d.message}
        onClick={() => open(d.file, d.range)}
      >
        <span className={`severity-icon ${d.severity}`} aria-hidden="true" />
        <span className="problem-message">
          {first}
          {rest.length > 0 && <span className="problem-more"> …</span>}
        </span>
        {at && <span className="problem-location">{at}</span>}
        {d.kind && <span className="problem-kind">{d.kind}</span>}
      </button>
      {related.length > 0 && (
        <ul className="problem-related" aria-label="Related locations">
          {related.map((r, i) => (
            <RelatedRow key={i} r={r} />
          ))}
        </ul>
      )}
    </li>
  );
}

function RelatedRow({ r }: { r: RelatedLocation }) {
  const at = where(r.file, r.range);
  return (
    <li>
      <button type="button" className="problem-row related" disabled={!r.file} aria-label={`Related: ${r.message}${at ? ` at ${at}` : ''}`} onClick={() => open(r.file, r.range)}>
        <span className="related-arrow" aria-hidden="true">
          ↳
        </span>
        <span className="problem-message">{r.message}</span>
        {at && <span className="problem-location">{at}</span>}
      </button>
    </li>
  );
}
