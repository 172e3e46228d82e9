// "Try it": a genquery's expression and opts into the Query panel (which then runs it over the whole workspace),
// and "back": the edited expression written into the genquery's `expression = "…"` attribute through the
// workspace store, so that the editor shows it and Ctrl/Cmd+Z undoes it.

import { create } from 'zustand';
import { useEngine } from '../../state/engine-store.ts';
import { useLayout } from '../../state/layout-store.ts';
import { useWorkspace } from '../../state/workspace-store.ts';
import { QUERY_FORMATS, useQuery } from '../query/query-store.ts';
import { runQuery } from '../query/run-query.ts';
import { replaceExpression, splitOpts, type GenqueryExplanation } from './genquery-shape.ts';

export const GENQUERY_PANEL = 'genquery';

/**
 * The genquery the panel shows: the last genquery selected. It stays while the selection moves to another kind
 * of target (a result label clicked, the cursor in a dependency), so that the evidence does not vanish.
 */
export const useGenqueryFocus = create<{ label: string | null }>()(() => ({ label: null }));

export function tryInQuery(label: string, e: Pick<GenqueryExplanation, 'expression' | 'opts'>): void {
  const { output, rest } = splitOpts(e.opts);
  const format = output && (QUERY_FORMATS as readonly string[]).includes(output) ? output : 'label';
  const q = useQuery.getState();
  q.set({ mode: 'query', expression: e.expression, format, opts: rest, origin: { label, expression: e.expression }, view: 'text' });
  q.remember(e.expression);
  useLayout.getState().showPanel('side', 'query');
  void runQuery();
}

/** Writes the Query panel's expression into the genquery it came from; returns an error message or null. */
export function backToGenquery(): string | null {
  const { origin, expression } = useQuery.getState();
  if (!origin) return 'The expression did not come from a genquery.';
  const target = useEngine.getState().load?.result.targets.find((t) => t.label === origin.label);
  if (!target) return `${origin.label} is no longer declared.`;
  const ws = useWorkspace.getState();
  const text = ws.files[target.location.file];
  if (text === undefined) return `${target.location.file} is no longer in the workspace.`;
  if (typeof text !== 'string') return `${target.location.file} is a binary file.`;
  const next = replaceExpression(text, target.location, expression);
  if (next === null) return `The expression of ${origin.label} is not a plain string in ${target.location.file}: edit it there.`;
  ws.setText(target.location.file, next);
  ws.revealAt(target.location.file, target.location.line, target.location.column);
  useQuery.getState().set({ origin: null, opts: [] });
  useGenqueryFocus.setState({ label: origin.label });
  useLayout.getState().showPanel('side', GENQUERY_PANEL);
  return null;
}

/** Forgets the genquery the Query panel's expression came from (and its opts). */
export function detachFromGenquery(): void {
  useQuery.getState().set({ origin: null, opts: [] });
}
