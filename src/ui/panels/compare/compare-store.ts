// The Compare panel's last run: the command line under both profiles, tagged with the workspace revision it
// answers (a result for older files is greyed, never shown as current).

import { create } from 'zustand';
import type { CompareResult } from '../../../worker/protocol.ts';

export interface CompareState {
  status: 'idle' | 'running' | 'done' | 'stopped' | 'failed';
  /** The command line as it ran. */
  text: string;
  result: CompareResult | null;
  revision: number;
  millis: number;
  error: string | null;
}

export const IDLE_COMPARE: CompareState = { status: 'idle', text: '', result: null, revision: -1, millis: 0, error: null };

export const useCompare = create<CompareState>()(() => IDLE_COMPARE);

/** Set while a link that asks for the Compare view is being opened (the `compare` extra); read once. */
let linkAsksCompare = false;

export function setLinkAsksCompare(value: boolean): void {
  linkAsksCompare = value;
}

export function takeLinkAsksCompare(): boolean {
  const value = linkAsksCompare;
  linkAsksCompare = false;
  return value;
}
