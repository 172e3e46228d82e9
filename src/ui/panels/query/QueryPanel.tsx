// Query: an expression box with history (↑/↓), query or cquery, the output format, and the result as text (labels
// link to their declarations) or as a target graph. Results follow the files and the command bar's flags.

import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { LabelText, revealLocation, useKnownLabels } from '../../components/LabelText.tsx';
import { useEngine } from '../../state/engine-store.ts';
import { ensureOptionTable } from '../../state/option-table.ts';
import { useSelection } from '../../state/selection-store.ts';
import { useWorkspace } from '../../state/workspace-store.ts';
import { CQUERY_FORMATS, historyStep, QUERY_FORMATS, useQuery, type QueryMode } from './query-store.ts';
import { queryArgv, runQuery, startQueryFollow } from './run-query.ts';
import type { ResultGraphNode } from '../../../worker/protocol.ts';
import { backToGenquery, detachFromGenquery } from '../genquery/try-it.ts';
import './query-panel.css';

const GraphView = lazy(() => import('./GraphView.tsx').then((m) => ({ default: m.GraphView })));

let following: (() => void) | null = null;

export function QueryPanel() {
  const q = useQuery();
  const revision = useWorkspace((s) => s.revision);
  useEngine((s) => s.commandText); // re-render when the flags change (the argv shown below)
  const known = useKnownLabels();
  const selected = useSelection((s) => s.label);
  const [historyIndex, setHistoryIndex] = useState<number | null>(null);
  const [backError, setBackError] = useState<string | null>(null);
  const draft = useRef('');

  useEffect(() => {
    ensureOptionTable();
    following ??= startQueryFollow();
    if (!useQuery.getState().last && useQuery.getState().status === 'idle') void runQuery();
  }, []);

  const { argv, dropped } = queryArgv();
  const last = q.last;
  const stale = !!last && (last.revision !== revision || last.argv.join('\0') !== argv.join('\0'));
  const formats: readonly string[] = q.mode === 'cquery' ? CQUERY_FORMATS : QUERY_FORMATS;

  function submit(): void {
    q.remember(q.expression);
    setHistoryIndex(null);
    void runQuery();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>): void {
    if (e.key === 'Enter') {
      e.preventDefault();
      submit();
    } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && q.history.length) {
      e.preventDefault();
      const from = historyIndex ?? q.history.length;
      if (historyIndex === null) draft.current = q.expression;
      const to = historyStep(q.history, from, e.key === 'ArrowUp' ? -1 : 1);
      setHistoryIndex(to === q.history.length ? null : to);
      q.set({ expression: to === q.history.length ? draft.current : q.history[to] });
    }
  }

  function change(patch: Parameters<typeof q.set>[0]): void {
    q.set(patch);
    if (useQuery.getState().last) void runQuery();
  }

  // The graph fits any pane (and has an expanded view): the pane keeps the width the user gave it.
  function showView(view: 'text' | 'graph'): void {
    q.set({ view });
  }

  function activate(node: ResultGraphNode): void {
    useSelection.getState().select(node.label, 'graph');
    const loc = node.location ?? known.get(node.label);
    if (loc) revealLocation(loc);
  }

  return (
    <div className="panel-body query-panel">
      <div className="query-toolbar">
        <div className="segmented" role="radiogroup" aria-label="Query kind">
          {(['query', 'cquery'] as QueryMode[]).map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={q.mode === m}
              className="segment"
              title={m === 'query' ? 'query: the unconfigured graph (every select() branch)' : 'cquery: the configured graph, with the command bar\u2019s flags'}
              onClick={() => change({ mode: m })}
            >
              {m}
            </button>
          ))}
        </div>
        <label className="select-label">
          <span>--output</span>
          <select aria-label="Output format" value={q.format} onChange={(e) => change({ format: e.target.value })}>
            {formats.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
      </div>
      <form
        className="query-expression"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <input
          className="expression-input"
          aria-label="Query expression"
          title="Enter runs; ↑/↓ walk the history"
          spellCheck={false}
          autoComplete="off"
          value={q.expression}
          onChange={(e) => {
            setHistoryIndex(null);
            q.set({ expression: e.target.value });
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button" aria-label="Run the query">
          Run
        </button>
      </form>
      <div className="query-argv" title="What runs, as you could type it">
        <code>$ bazel {argv.map(shellWord).join(' ')}</code>
        {dropped.length > 0 && <span className="muted"> · not for {q.mode}: {dropped.join(' ')}</span>}
      </div>
      {q.origin && (
        <div className="query-origin" role="group" aria-label="From a genquery">
          <span>
            From genquery <LabelText text={q.origin.label} known={known} />
            <span className="muted"> · here the query sees the whole workspace; the genquery sees only its scope's closure</span>
          </span>
          <span className="query-origin-actions">
            <button
              type="button"
              className="button"
              title={`Write this expression into the expression attribute of ${q.origin.label}`}
              onClick={() => setBackError(backToGenquery())}
            >
              ← Back to genquery
            </button>
            <button
              type="button"
              className="button icon"
              aria-label="Forget the genquery"
              title="Forget the genquery (and its opts)"
              onClick={() => {
                setBackError(null);
                detachFromGenquery();
              }}
            >
              ×
            </button>
          </span>
          {backError && (
            <span className="notice error" role="alert">
              {backError}
            </span>
          )}
        </div>
      )}
      <div className="query-view-bar">
        <div className="segmented" role="radiogroup" aria-label="Result view">
          {(['text', 'graph'] as const).map((v) => (
            <button key={v} type="button" role="radio" aria-checked={q.view === v} className="segment" onClick={() => showView(v)}>
              {v === 'text' ? 'Text' : 'Graph'}
            </button>
          ))}
        </div>
        <QueryStatus stale={stale} />
      </div>
      <div className="query-result" data-stale={stale || q.status === 'running' || undefined} aria-busy={q.status === 'running' || undefined}>
        {!last && q.status !== 'running' && <p className="muted">Type an expression and press Enter.</p>}
        {last && q.view === 'text' && (
          <>
            {last.result.stderr && (
              <pre className="query-stderr" aria-label="Query messages">
                <LabelText text={last.result.stderr} known={known} />
              </pre>
            )}
            <pre className="query-text" aria-label="Query result">
              <LabelText text={last.result.stdout.length > 200_000 ? last.result.stdout.slice(0, 200_000) + '\n…' : last.result.stdout} known={known} />
            </pre>
          </>
        )}
        {last && q.view === 'graph' && (
          <>
            {last.result.graph ? (
              last.result.graph.nodes.length === 0 ? (
                <p className="muted">The result is empty: no nodes to draw.</p>
              ) : (
                <Suspense fallback={<p className="muted">Loading the graph view…</p>}>
                  <GraphView graph={last.result.graph} selected={selected} onActivate={activate} />
                </Suspense>
              )
            ) : (
              <p className="muted empty-state">
                {last.result.exitCode !== 0
                  ? 'The query failed, so there is no graph: see the messages in the Text view.'
                  : 'The engine returned no graph data for this result yet, so there is nothing to draw. The Text view shows the result.'}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function QueryStatus({ stale }: { stale: boolean }) {
  const { status, last, error } = useQuery();
  let text = '';
  if (status === 'running') text = 'running…';
  else if (status === 'stopped') text = 'stopped';
  else if (status === 'failed') text = `failed: ${error}`;
  else if (last) {
    const lines = last.result.stdout ? last.result.stdout.replace(/\n$/, '').split('\n').length : 0;
    text = `exit ${last.result.exitCode} · ${lines} line${lines === 1 ? '' : 's'} · ${last.millis} ms` + (stale ? ' · outdated' : '');
  }
  return (
    <span className="query-status" role="status" data-exit={last?.result.exitCode}>
      {text}
    </span>
  );
}

/** Quotes a word for a POSIX shell when it needs it. */
export function shellWord(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}
