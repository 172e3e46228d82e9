// The engine's option table (names, short forms, kinds, defaults, docs), fetched from the worker once.

import { create } from 'zustand';
import type { OptionInfo } from '../../worker/protocol.ts';
import { fetchOptionTable } from './engine-sync.ts';

export const useOptionTable = create<{ table: OptionInfo[] }>()(() => ({ table: [] }));

let asked = false;

/** Fetches the table unless it is already here (or on its way). */
export function ensureOptionTable(): void {
  if (asked || useOptionTable.getState().table.length) return;
  asked = true;
  void fetchOptionTable().then((outcome) => {
    asked = false;
    if (outcome.status === 'done') useOptionTable.setState({ table: outcome.value });
  });
}
