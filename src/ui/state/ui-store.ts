// Transient UI state: which dialog is open and the last short status message ("Link copied").

import { create } from 'zustand';

export type DialogName = 'examples' | 'quick-open' | 'share' | 'import' | 'workspaces' | 'help' | null;

export interface UiState {
  dialog: DialogName;
  /** A short message for the status line; replaced by the next one. */
  toast: { text: string; seq: number } | null;
  /** The link the Share dialog shows (made when it opens). */
  link: string | null;
  /** Whether that link opens in the Compare view (the Share dialog's checkbox). */
  linkCompare: boolean;
  openDialog(d: DialogName): void;
  say(text: string): void;
}

let seq = 0;

export const useUi = create<UiState>()((set) => ({
  dialog: null,
  toast: null,
  link: null,
  linkCompare: false,
  openDialog: (dialog) => set({ dialog }),
  say: (text) => set({ toast: { text, seq: ++seq } }),
}));
