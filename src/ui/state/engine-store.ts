// What the engine last said: the loaded workspace (targets, diagnostics) and the last command's result, each
// tagged with the workspace revision it answers so that the UI can grey out stale results.

import { create } from 'zustand';
import type { CommandResult, HeldLoad } from '../../worker/protocol.ts';
import { DEFAULT_COMMAND } from './default-workspace.ts';

export interface LoadState {
  /** Merged from the worker's deltas: unchanged packages and files keep their objects from load to load. */
  result: HeldLoad;
  revision: number;
  millis: number;
}

export type CommandStatus = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

export interface CommandState {
  status: CommandStatus;
  /** The command line as it was run. */
  text: string;
  result: CommandResult | null;
  revision: number;
  millis: number;
  error: string | null;
}

export interface EngineState {
  load: LoadState | null;
  /** Revision of the request in flight or waiting, or null when the engine is idle. */
  pendingRevision: number | null;
  /** Set when the worker itself failed (not the user's files). */
  workerError: string | null;
  commandText: string;
  command: CommandState;
  setCommandText(text: string): void;
}

export const useEngine = create<EngineState>()((set) => ({
  load: null,
  pendingRevision: null,
  workerError: null,
  commandText: DEFAULT_COMMAND,
  command: { status: 'idle', text: '', result: null, revision: -1, millis: 0, error: null },
  setCommandText: (commandText) => set({ commandText }),
}));
