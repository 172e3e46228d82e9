// The playground's entry: styles, Monaco, the engine sync and the React tree.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from './App.tsx';
import { runCommandLine, startEngineSync } from './state/engine-sync.ts';
import { startSession } from './state/session.ts';
import './state/shared-fields.ts';
import { startSelectionSync } from './state/selection-store.ts';
import { installTestHook } from './test-hook.ts';

installTestHook();
// The session first (a share link, else the saved session), so that the first load is of the right files.
const fromLink = startSession();
startEngineSync();
// A shared link shows what its sender saw: the command's result too.
if (fromLink) void runCommandLine();
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
