// Runs the Query panel's expression on its own worker channel, with the command bar's flags that the command
// accepts, ~300 ms after the last edit of the files, flags or query.

import { runOnChannel } from '../../state/engine-sync.ts';
import { useEngine } from '../../state/engine-store.ts';
import { optionsFor, splitCommandText } from '../../state/flags.ts';
import { useOptionTable } from '../../state/option-table.ts';
import { useWorkspace } from '../../state/workspace-store.ts';
import { useQuery } from './query-store.ts';

export const QUERY_DEBOUNCE_MS = 300;

/** The argv the panel runs now, and the command bar's flags it left out. */
export function queryArgv(): { argv: string[]; dropped: string[] } {
  const { mode, expression, format, opts } = useQuery.getState();
  const table = useOptionTable.getState().table;
  const { kept, dropped } = optionsFor(mode, splitCommandText(useEngine.getState().commandText, table), table);
  return { argv: [mode, expression, `--output=${format}`, ...opts, ...kept], dropped };
}

export async function runQuery(): Promise<void> {
  const { expression } = useQuery.getState();
  if (!expression.trim()) return;
  const { argv } = queryArgv();
  const revision = useWorkspace.getState().revision;
  useQuery.setState({ status: 'running', error: null });
  const outcome = await runOnChannel('query', argv);
  if (outcome.status === 'superseded') return;
  if (outcome.status === 'done') {
    useQuery.setState({ status: 'idle', last: { argv, result: outcome.value.result, revision, millis: outcome.value.millis } });
  } else if (outcome.status === 'stopped') {
    useQuery.setState({ status: 'stopped' });
  } else {
    useQuery.setState({ status: 'failed', error: outcome.error });
  }
}

/** Re-runs the last query when the files or the command bar's flags change (only after a first run). */
export function startQueryFollow(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    const { last } = useQuery.getState();
    if (!last) return;
    if (last.revision === useWorkspace.getState().revision && last.argv.join('\0') === queryArgv().argv.join('\0')) return;
    clearTimeout(timer);
    timer = setTimeout(() => void runQuery(), QUERY_DEBOUNCE_MS);
  };
  const a = useWorkspace.subscribe((s, p) => s.revision !== p.revision && schedule());
  const b = useEngine.subscribe((s, p) => s.commandText !== p.commandText && schedule());
  return () => {
    clearTimeout(timer);
    a();
    b();
  };
}
