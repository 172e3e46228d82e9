// The panels and where they live. A panel is a component plus an optional badge (a count in its tab).

import type { ComponentType } from 'react';
import { OutputPanel } from './output/OutputPanel.tsx';
import { ProblemsPanel, useProblemCount } from './problems/ProblemsPanel.tsx';
import { QueryPanel } from './query/QueryPanel.tsx';
import { WhyPanel } from './why/WhyPanel.tsx';
import { GenqueryPanel } from './genquery/GenqueryPanel.tsx';
import { GeneratedFilesPanel, useOutputCount } from './generated/GeneratedFilesPanel.tsx';
import { ActionsPanel, useActionCount } from './actions/ActionsPanel.tsx';
import { TestsPanel, useTestCount } from './tests/TestsPanel.tsx';
import { TargetsPanel, useTargetCount } from './targets/TargetsPanel.tsx';
import { DocsPanel } from './docs/DocsPanel.tsx';
import { ComparePanel } from './compare/ComparePanel.tsx';

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
  { id: 'why', title: 'Why', region: 'side', component: WhyPanel },
  { id: 'query', title: 'Query', region: 'side', component: QueryPanel },
  { id: 'docs', title: 'Docs', region: 'side', component: DocsPanel },
  { id: 'genquery', title: 'Genquery', region: 'side', component: GenqueryPanel },
  { id: 'problems', title: 'Problems', region: 'bottom', component: ProblemsPanel, useBadge: useProblemCount },
  { id: 'output', title: 'Output', region: 'bottom', component: OutputPanel },
  { id: 'compare', title: 'Compare', region: 'bottom', component: ComparePanel },
  { id: 'generated', title: 'Generated files', region: 'bottom', component: GeneratedFilesPanel, useBadge: useOutputCount },
  { id: 'tests', title: 'Tests', region: 'bottom', component: TestsPanel, useBadge: useTestCount },
  { id: 'actions', title: 'Actions', region: 'bottom', component: ActionsPanel, useBadge: useActionCount },
];

export function panelsIn(region: PanelRegion): PanelDef[] {
  return panels.filter((p) => p.region === region);
}
