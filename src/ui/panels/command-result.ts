// The command bar's last result as the bottom panels read it, with whether the files changed since it ran.

import type { CommandResult } from '../../worker/protocol.ts';
import { useEngine } from '../state/engine-store.ts';
import { useWorkspace } from '../state/workspace-store.ts';

export interface LastCommand {
  result: CommandResult | null;
  /** The command line as it ran. */
  text: string;
  running: boolean;
  stale: boolean;
}

export function useLastCommand(): LastCommand {
  const command = useEngine((s) => s.command);
  const revision = useWorkspace((s) => s.revision);
  return {
    result: command.result,
    text: command.text.trim(),
    running: command.status === 'running',
    stale: command.result !== null && command.revision !== revision,
  };
}

/** The command word of a command line (`build` in `bazel build //x`). */
export function commandWord(text: string): string {
  const words = text.trim().split(/\s+/);
  if (words[0] === 'bazel' || words[0] === 'bazelisk') words.shift();
  return words.find((w) => !w.startsWith('-')) ?? '';
}
