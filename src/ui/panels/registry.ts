// The panels and where they live. A panel is a component plus an optional badge (a count in its tab).
//
// Only the panels in front on a first visit (Targets, Problems) are part of the page's initial JavaScript; the
// others are chunks of their own, fetched when their tab is first chosen (PanelTabs shows "Loading…" meanwhile)
// or once the page is idle (preloadLazyComponents). Their styles and tab counts stay here, so a tab shows its count and a
// panel its layout at once.

import type { ComponentType } from 'react';
import { lazyComponent as lazyPanel } from '../lazy.ts';
import { ProblemsPanel, useProblemCount } from './problems/ProblemsPanel.tsx';
import { TargetsPanel, useTargetCount } from './targets/TargetsPanel.tsx';
import { useActionCount, useOutputCount, useTestCount } from './badges.ts';
import './query/query-panel.css';
import './why/why-panel.css';
import './genquery/genquery-panel.css';
import './bottom-panels.css';
import './docs/docs-panel.css';
import './compare/compare-panel.css';

export type PanelRegion = 'side' | 'bottom';

export interface PanelDef {
  id: string;
  title: string;
  region: PanelRegion;
  component: ComponentType;
  /** A hook returning the number shown in the tab, or null for none. */
  useBadge?: () => number | null;
}

export const panels: readonly PanelDef[] = [
  { id: 'targets', title: 'Targets', region: 'side', component: TargetsPanel, useBadge: useTargetCount },
  { id: 'why', title: 'Why', region: 'side', component: lazyPanel(() => import('./why/WhyPanel.tsx'), 'WhyPanel') },
  { id: 'query', title: 'Query', region: 'side', component: lazyPanel(() => import('./query/QueryPanel.tsx'), 'QueryPanel') },
  { id: 'docs', title: 'Docs', region: 'side', component: lazyPanel(() => import('./docs/DocsPanel.tsx'), 'DocsPanel') },
  { id: 'genquery', title: 'Genquery', region: 'side', component: lazyPanel(() => import('./genquery/GenqueryPanel.tsx'), 'GenqueryPanel') },
  { id: 'problems', title: 'Problems', region: 'bottom', component: ProblemsPanel, useBadge: useProblemCount },
  { id: 'output', title: 'Output', region: 'bottom', component: lazyPanel(() => import('./output/OutputPanel.tsx'), 'OutputPanel') },
  { id: 'compare', title: 'Compare', region: 'bottom', component: lazyPanel(() => import('./compare/ComparePanel.tsx'), 'ComparePanel') },
  {
    id: 'generated',
    title: 'Generated files',
    region: 'bottom',
    component: lazyPanel(() => import('./generated/GeneratedFilesPanel.tsx'), 'GeneratedFilesPanel'),
    useBadge: useOutputCount,
  },
  { id: 'tests', title: 'Tests', region: 'bottom', component: lazyPanel(() => import('./tests/TestsPanel.tsx'), 'TestsPanel'), useBadge: useTestCount },
  { id: 'actions', title: 'Actions', region: 'bottom', component: lazyPanel(() => import('./actions/ActionsPanel.tsx'), 'ActionsPanel'), useBadge: useActionCount },
];

export function panelsIn(region: PanelRegion): PanelDef[] {
  return panels.filter((p) => p.region === region);
}

