// The colour theme: light, dark, or the system's (the default), kept in local storage. The chosen theme is the
// `data-theme` attribute of <html> (absent for the system's), which the style sheets and the editor follow.

import { create } from 'zustand';

export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_KEY = 'rulepen.theme';

function readChoice(): ThemeChoice {
  try {
    const v = localStorage.getItem(THEME_KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

export interface ThemeState {
  choice: ThemeChoice;
  /** What is shown: the choice, or the system's scheme when the choice is `system`. */
  dark: boolean;
  choose(choice: ThemeChoice): void;
}

const systemDark = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;

function isDark(choice: ThemeChoice): boolean {
  return choice === 'dark' || (choice === 'system' && !!systemDark?.matches);
}

function apply(choice: ThemeChoice): void {
  if (typeof document === 'undefined') return;
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
}

const initial = readChoice();
apply(initial);

export const useTheme = create<ThemeState>()((set) => ({
  choice: initial,
  dark: isDark(initial),
  choose(choice) {
    try {
      if (choice === 'system') localStorage.removeItem(THEME_KEY);
      else localStorage.setItem(THEME_KEY, choice);
    } catch {
      // Not kept: it still applies to this tab.
    }
    apply(choice);
    set({ choice, dark: isDark(choice) });
  },
}));

systemDark?.addEventListener('change', () => useTheme.setState((s) => ({ dark: isDark(s.choice) })));
