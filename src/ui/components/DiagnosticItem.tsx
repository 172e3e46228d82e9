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

/**
 * A diagnostic's one-line headline: its first line, and whether more follows. A Starlark traceback's first line
 * only names the rule (`in cc_toolchain_alias rule …:`), so the error it ends with (`Error in fail: …`) is put
 * after it; the frames stay behind the "…" (and in the row's tooltip).
 */
export function headline(message: string): { readonly text: string; readonly more: boolean } {
  const [first = '', ...rest] = message.split('\n');
  const last = rest.findLast((l) => l.trim() !== '');
  if (last !== undefined && rest.some((l) => l.startsWith('Traceback (most recent call last):'))) return { text: `${first.trimEnd()} ${last.trim()}`, more: true };
  return { text: first, more: rest.length > 0 };
}

export function DiagnosticItem({ d }: { d: Diagnostic }) {
  const at = where(d.file, d.range);
  const { text: first, more } = headline(d.message);
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
          {more && <span className="problem-more"> …</span>}
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
