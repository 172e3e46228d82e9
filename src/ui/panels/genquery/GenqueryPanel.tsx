// Genquery: for the genquery target selected in the editor (cursor inside its call), a graph or Targets, what
// its query did at build time — one plain sentence first, then the evidence: the expression and opts, the scope,
// its closure, the result (labels link to their declarations), the strict / non-strict warnings, and for a scope
// violation the path from the expression to the out-of-scope target. "Try it" takes the expression to the
// Query panel (and "back" writes it into the BUILD file).

import { useEffect } from 'react';
import type { Diagnostic } from '../../../worker/protocol.ts';
import { DiagnosticItem } from '../../components/DiagnosticItem.tsx';
import { KindBadge } from '../../components/KindBadge.tsx';
import { LabelText, useKnownLabels } from '../../components/LabelText.tsx';
import { runCommandLine } from '../../state/engine-sync.ts';
import { useEngine } from '../../state/engine-store.ts';
import { useSelection } from '../../state/selection-store.ts';
import { useLastCommand } from '../command-result.ts';
import { failureText, genqueryFailure, genqueryFor, genquerySentence, type GenqueryExplanation } from './genquery-shape.ts';
import { tryInQuery, useGenqueryFocus } from './try-it.ts';
import './genquery-panel.css';

const SPEC_GENQUERY = 'https://bazel.build/reference/be/general#genquery';

function buildLine(label: string): string {
  return `bazel build ${label}`;
}

function build(label: string): void {
  const line = buildLine(label);
  useEngine.getState().setCommandText(line);
  void runCommandLine(line);
}

export function GenqueryPanel() {
  const selected = useSelection((s) => s.label);
  const source = useSelection((s) => s.source);
  const load = useEngine((s) => s.load);
  const last = useLastCommand();
  const known = useKnownLabels();
  const targets = load?.result.targets ?? [];
  const genqueries = targets.filter((t) => t.kind === 'genquery rule');
  const isGenquery = !!selected && genqueries.some((t) => t.label === selected);
  const focus = useGenqueryFocus((s) => s.label);
  useEffect(() => {
    if (isGenquery && selected !== focus) useGenqueryFocus.setState({ label: selected });
  }, [isGenquery, selected, focus]);
  const label = isGenquery ? selected : focus && genqueries.some((t) => t.label === focus) ? focus : null;

  if (!label) {
    return (
      <div className="panel-body genquery-panel">
        <p className="muted">
          Put the cursor inside a <code>genquery</code> call in a BUILD file, or pick one below: this panel shows what its query saw (the closure of its
          scope), what it found, and why it failed.
        </p>
        {selected && (
          <p className="muted">
            <code>{selected}</code> is not a genquery.
          </p>
        )}
        {genqueries.length > 0 && (
          <ul className="genquery-pick" aria-label="Genquery targets">
            {genqueries.map((t) => (
              <li key={t.label}>
                <button type="button" className="label-link" onClick={() => useSelection.getState().select(t.label, 'targets')}>
                  {t.label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  const e = genqueryFor(last.result, label);
  const failure = genqueryFailure(last.result, label);

  return (
    <div className="panel-body genquery-panel" data-stale={last.running || last.stale || undefined} aria-busy={last.running || undefined}>
      <header className="genquery-header">
        <LabelText text={label} known={known} />
        <KindBadge kind="genquery rule" />
        <span className="muted genquery-origin">
          {label !== selected ? 'the last genquery selected' : source === 'graph' ? 'selected in the graph' : source === 'targets' ? 'selected' : 'at the cursor'}
        </span>
      </header>
      {!e ? (
        <div>
          <p className="why-sentence">A genquery runs its query when it is built; the last command did not build {label}.</p>
          <button type="button" className="button" onClick={() => build(label)} disabled={last.running}>
            Run <code>{buildLine(label)}</code>
          </button>
        </div>
      ) : (
        <Explained label={label} e={e} failure={failure} stale={last.stale} commandText={last.text} known={known} />
      )}
      <p className="muted genquery-spec">
        Spec:{' '}
        <a href={SPEC_GENQUERY} target="_blank" rel="noreferrer">
          genquery
        </a>
      </p>
    </div>
  );
}

function LabelList({ labels, known, name, mark }: { labels: readonly string[]; known: ReturnType<typeof useKnownLabels>; name: string; mark?: ReadonlySet<string> }) {
  if (labels.length === 0) return <p className="muted">none</p>;
  return (
    <ul className="genquery-labels" aria-label={name}>
      {labels.map((l) => (
        <li key={l} className={mark?.has(l) ? 'marked' : undefined}>
          <LabelText text={l} known={known} />
        </li>
      ))}
    </ul>
  );
}

function Explained({
  label,
  e,
  failure,
  stale,
  commandText,
  known,
}: {
  label: string;
  e: GenqueryExplanation;
  failure: Diagnostic | null;
  stale: boolean;
  commandText: string;
  known: ReturnType<typeof useKnownLabels>;
}) {
  const violation = e.violation;
  const failed = failure ? failureText(failure, label) : null;
  const strictFailure = !!violation && e.strict;
  const scope = new Set(e.scope);
  return (
    <>
      <p className="genquery-from muted">
        <code>from the last command: $ {commandText}</code>
        {stale && (
          <>
            {' · the files changed since '}
            <button type="button" className="button" onClick={() => build(label)}>
              Build again
            </button>
          </>
        )}
      </p>
      <p className={'why-sentence genquery-sentence' + (strictFailure || (!e.result && failed) ? ' failed' : '')} role="status">
        <LabelText text={genquerySentence(label, e, failed)} known={known} />
      </p>
      {failure && (
        <ul className="problem-list genquery-failure" aria-label="Genquery error">
          <DiagnosticItem d={failure} />
        </ul>
      )}
      {violation && (
        <section className="genquery-violation" aria-label="Scope violation">
          <h3>{e.strict ? 'Not within the scope' : 'Skipped (strict = False)'}</h3>
          <p>
            Path from the expression:{' '}
            <span className="genquery-path">
              {violation.path.map((l, i) => (
                <span key={l + i}>
                  {i > 0 && ' → '}
                  <LabelText text={l} known={known} />
                </span>
              ))}
            </span>
          </p>
          {violation.toScope && violation.toScope.length > 1 && (
            <p>
              <LabelText text={violation.target} known={known} /> depends on the scope (
              {violation.toScope.map((l, i) => (
                <span key={l + i}>
                  {i > 0 && ' → '}
                  <LabelText text={l} known={known} />
                </span>
              ))}
              ), but a scope only reaches downwards: its closure holds what the scope depends on, not what depends on it.
            </p>
          )}
          {!violation.toScope && <p className="muted">Nothing in the scope leads to it: add a target that depends on it to <code>scope</code>, or change the expression.</p>}
          {e.strict && <p className="muted">With <code>strict = False</code> the target would be skipped with a warning and the rest would complete.</p>}
        </section>
      )}
      {e.warnings.length > 0 && (
        <ul className="genquery-warnings" aria-label="Warnings">
          {e.warnings.map((w, i) => (
            <li key={i} className="notice warning">
              WARNING: <LabelText text={w} known={known} />
            </li>
          ))}
        </ul>
      )}
      <dl className="genquery-facts">
        <dt>expression</dt>
        <dd>
          <code className="genquery-expression">{e.expression}</code>{' '}
          <button type="button" className="button" onClick={() => tryInQuery(label, e)} title="Open this expression (and its opts) in the Query panel">
            Try it in Query
          </button>
        </dd>
        <dt>opts</dt>
        <dd>{e.opts.length ? <code>{e.opts.join(' ')}</code> : <span className="muted">none (--output=label)</span>}</dd>
        <dt>strict</dt>
        <dd>{e.strict ? 'True: a target outside the scope fails the build' : 'False: targets outside the scope are skipped with a warning'}</dd>
        <dt>scope</dt>
        <dd>
          <LabelList labels={e.scope} known={known} name="Scope" />
        </dd>
      </dl>
      <details className="genquery-section" open={e.closure.length <= 30}>
        <summary>
          Closure of the scope: {e.closure.length} target{e.closure.length === 1 ? '' : 's'}
        </summary>
        <LabelList labels={e.closure} known={known} name="Scope closure" mark={scope} />
      </details>
      <section className="genquery-section" aria-label="Result">
        <h3>Result{e.result ? ` (${e.result.length}, in output order)` : ''}</h3>
        {e.result ? <LabelList labels={e.result} known={known} name="Result labels" /> : <p className="muted">The query did not complete, so there is no result.</p>}
      </section>
    </>
  );
}
