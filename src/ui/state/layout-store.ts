// The layout: the sizes of the resizable panes (pixels, clamped to sensible bounds) and the panel chosen in each
// panel area (part of the shared state).

import { create } from 'zustand';

export interface PaneBounds {
  min: number;
  max: number;
}

export const paneBounds = {
  files: { min: 140, max: 480 },
  side: { min: 200, max: 640 },
  bottom: { min: 80, max: 600 },
} as const satisfies Record<string, PaneBounds>;

export type PaneName = keyof typeof paneBounds;

export interface LayoutState {
  sizes: Record<PaneName, number>;
  /** The id of the panel shown in each panel area. */
  panels: { side: string; bottom: string };
  resize(pane: PaneName, size: number): void;
  showPanel(region: 'side' | 'bottom', id: string): void;
}

export function clampSize(pane: PaneName, size: number): number {
  const { min, max } = paneBounds[pane];
  return Math.round(Math.min(max, Math.max(min, size)));
}

export const useLayout = create<LayoutState>()((set) => ({
  sizes: { files: 220, side: 320, bottom: 200 },
  panels: { side: 'targets', bottom: 'problems' },
  resize: (pane, size) => set((s) => ({ sizes: { ...s.sizes, [pane]: clampSize(pane, size) } })),
  showPanel: (region, id) => set((s) => (s.panels[region] === id ? s : { panels: { ...s.panels, [region]: id } })),
}));
