// The playground's entry: styles, Monaco, the engine sync and the React tree.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
// The chosen theme before the first paint.
import './state/theme.ts';
import { App } from './App.tsx';
import { runCommandLine, startEngineSync } from './state/engine-sync.ts';
import { useLayout } from './state/layout-store.ts';
import { startSession } from './state/session.ts';
import { useUi } from './state/ui-store.ts';
import './state/shared-fields.ts';
import { startSelectionSync } from './state/selection-store.ts';
import { installTestHook } from './test-hook.ts';
import { takeLinkAsksCompare } from './panels/compare/compare-store.ts';

installTestHook();

/**
 * A shared link shows what its sender saw: the command's result, in the Output tab — or, for a link made with
 * "Open in compare view", in the Compare tab, under both Bazel versions (runCommandLine compares when it is in front).
 */
function showLinkResult(): void {
  useLayout.getState().showPanel('bottom', takeLinkAsksCompare() ? 'compare' : 'output');
  void runCommandLine();
}

// The session first (the saved session, and a share link opened as a workspace of its own), so that the first
// load is of the right files.
const fromLink = startSession({ onLinkOpened: showLinkResult, say: (text) => useUi.getState().say(text) });
startEngineSync();
if (fromLink) showLinkResult();
startSelectionSync();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Offline once loaded (production builds only; relative, so it works under any sub-path).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('./sw.js').catch(() => {}));
}
