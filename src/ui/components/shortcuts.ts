// Keyboard shortcuts: their names as tooltips show them, and the predicate for "Ctrl on Linux/Windows, Cmd on a Mac".

export const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** How the modifier is written in tooltips. */
export const MOD = IS_MAC ? 'Cmd' : 'Ctrl';

export function isMod(e: { ctrlKey: boolean; metaKey: boolean }): boolean {
  return IS_MAC ? e.metaKey : e.ctrlKey;
}
