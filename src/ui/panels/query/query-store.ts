// The Query panel's state: the expression, query or cquery, the output format, the history of expressions run,
// and the last result with what it answers (workspace revision and the command line it ran), so that a result
// that no longer matches the files or flags is greyed as stale.

import { create } from 'zustand';
import type { CommandResult } from '../../../worker/protocol.ts';

export type QueryMode = 'query' | 'cquery';

export const QUERY_FORMATS = [
  'label',
  'label_kind',
  'build',
  'location',
  'package',
  'minrank',
  'maxrank',
  'graph',
  'xml',
  'proto',
  'textproto',
  'jsonproto',
  'streamed_jsonproto',
] as const;

export const CQUERY_FORMATS = ['label', 'label_kind', 'build', 'files', 'transitions', 'graph', 'proto', 'textproto', 'jsonproto'] as const;

export interface QueryRun {
  argv: string[];
  result: CommandResult;
  revision: number;
  millis: number;
}

/** The genquery the expression was taken from ("Try it"), so that "back" can write it into its BUILD file. */
export interface QueryOrigin {
  label: string;
  /** The expression as the genquery had it. */
  expression: string;
}

export interface QueryState {
  mode: QueryMode;
  expression: string;
  format: string;
  view: 'text' | 'graph';
  history: string[];
  /** Query options besides --output (a genquery's opts), before the command bar's flags. */
  opts: string[];
  origin: QueryOrigin | null;
  status: 'idle' | 'running' | 'stopped' | 'failed';
  error: string | null;
  last: QueryRun | null;
  set(patch: Partial<Pick<QueryState, 'mode' | 'expression' | 'format' | 'view' | 'opts' | 'origin'>>): void;
  remember(expression: string): void;
}

const HISTORY_LIMIT = 50;

export const useQuery = create<QueryState>()((set, get) => ({
  mode: 'query',
  expression: 'deps(//app:text)',
  format: 'label_kind',
  view: 'text',
  history: [],
  opts: [],
  origin: null,
  status: 'idle',
  error: null,
  last: null,
  set(patch) {
    const next = { ...patch };
    const mode = patch.mode ?? get().mode;
    const formats: readonly string[] = mode === 'cquery' ? CQUERY_FORMATS : QUERY_FORMATS;
    if (!formats.includes(next.format ?? get().format)) next.format = 'label_kind';
    set(next);
  },
  remember(expression) {
    const e = expression.trim();
    if (!e) return;
    set({ history: [...get().history.filter((h) => h !== e), e].slice(-HISTORY_LIMIT) });
  },
}));

/** History navigation: the entry `delta` steps from `index` (history.length = the draft being typed). */
export function historyStep(history: readonly string[], index: number, delta: number): number {
  return Math.max(0, Math.min(history.length, index + delta));
}
