// The Why panel's data: for the selected target, a `cquery` with the command bar's flags on the panel's own
// worker channel (re-run ~250 ms after the target, the flags or the files change), and the target's attributes
// (which of them hold a select()).

import { create } from 'zustand';
import type { CommandResult, TargetDetails } from '../../../worker/protocol.ts';
import { describeTarget, runOnChannel } from '../../state/engine-sync.ts';
import { useEngine } from '../../state/engine-store.ts';
import { optionsFor, splitCommandText } from '../../state/flags.ts';
import { useOptionTable } from '../../state/option-table.ts';
import { useSelection } from '../../state/selection-store.ts';
import { useWorkspace } from '../../state/workspace-store.ts';

export interface WhyState {
  label: string | null;
  argv: string[];
  revision: number;
  status: 'idle' | 'running' | 'stopped' | 'failed';
  result: CommandResult | null;
  details: TargetDetails | null;
}

export const useWhy = create<WhyState>()(() => ({ label: null, argv: [], revision: -1, status: 'idle', result: null, details: null }));

export const WHY_DEBOUNCE_MS = 250;

/** `bazel cquery <label>` with the command bar's flags that cquery accepts. */
export function whyArgv(label: string): string[] {
  const table = useOptionTable.getState().table;
  const { kept } = optionsFor('cquery', splitCommandText(useEngine.getState().commandText, table), table);
  return ['cquery', label, ...kept];
}

async function refresh(): Promise<void> {
  const label = useSelection.getState().label;
  if (!label) return;
  const argv = whyArgv(label);
  const revision = useWorkspace.getState().revision;
  const s = useWhy.getState();
  if (s.label === label && s.revision === revision && s.argv.join('\0') === argv.join('\0') && s.status !== 'failed') return;
  useWhy.setState({ status: 'running' });
  const [run, details] = await Promise.all([runOnChannel('why', argv), describeTarget(label)]);
  if (run.status === 'superseded') return;
  if (run.status === 'done') {
    useWhy.setState({
      label,
      argv,
      revision,
      status: 'idle',
      result: run.value.result,
      details: details.status === 'done' ? details.value : null,
    });
  } else useWhy.setState({ status: run.status === 'stopped' ? 'stopped' : 'failed' });
}

/** Follows the selection, the flags and the files while the panel is shown; returns the unsubscriber. */
export function startWhyFollow(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(), WHY_DEBOUNCE_MS);
  };
  void refresh();
  const a = useSelection.subscribe((s, p) => s.label !== p.label && schedule());
  const b = useEngine.subscribe((s, p) => s.commandText !== p.commandText && schedule());
  const c = useWorkspace.subscribe((s, p) => s.revision !== p.revision && schedule());
  const d = useOptionTable.subscribe(schedule);
  return () => {
    clearTimeout(timer);
    a();
    b();
    c();
    d();
  };
}
