// The playground's entry: styles, Monaco, the engine sync and the React tree.

import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
// The chosen theme before the first paint.
import './state/theme.ts';
import { App } from './App.tsx';
import { runCommandLine, startEngineSync } from './state/engine-sync.ts';
import { useLayout } from './state/layout-store.ts';
import { embedRequest } from './state/embed-link.ts';
import { openEmbedded, startSession } from './state/session.ts';
import { useUi } from './state/ui-store.ts';
import './state/shared-fields.ts';
import { startSelectionSync } from './state/selection-store.ts';
import { installTestHook } from './test-hook.ts';
import { takeLinkAsksCompare } from './panels/compare/compare-store.ts';
import { preloadLazyComponents } from './lazy.ts';
import { useEngine } from './state/engine-store.ts';

installTestHook();

// A chunk of its own: the full playground's initial JavaScript does not carry the embed's layout.
const EmbedApp = lazy(() => import('./EmbedApp.tsx').then((m) => ({ default: m.EmbedApp })));

/**
 * A shared link shows what its sender saw: the command's result, in the Output tab — or, for a link made with
 * "Open in compare view", in the Compare tab, under both Bazel versions (runCommandLine compares when it is in front).
 */
function showLinkResult(): void {
  useLayout.getState().showPanel('bottom', takeLinkAsksCompare() ? 'compare' : 'output');
  void runCommandLine();
}

// An embed (`?embed=1` or `#embed&…`: an <iframe> in someone's page) shows the editor, the command line and the
// result only, and keeps nothing in this browser's storage.
const embed = embedRequest(location.search, location.hash);

if (embed) {
  openEmbedded(embed.fragment);
  // The embedding page pointed the frame at another example (only the fragment changed), or at the playground.
  window.addEventListener('hashchange', () => {
    const next = embedRequest(location.search, location.hash);
    if (!next) location.reload();
    else {
      openEmbedded(next.fragment);
      void runCommandLine();
    }
  });
  startEngineSync();
  void runCommandLine();
} else {
  // The session first (the saved session, and a share link opened as a workspace of its own), so that the first
  // load is of the right files.
  const fromLink = startSession({ onLinkOpened: showLinkResult, say: (text) => useUi.getState().say(text) });
  startEngineSync();
  if (fromLink) showLinkResult();
}
startSelectionSync();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {embed ? (
      <Suspense fallback={null}>
        <EmbedApp />
      </Suspense>
    ) : (
      <App />
    )}
  </StrictMode>,
);

// After the first view: once the engine's first answer is on screen and the page is idle, the panels and dialogs
// the first view did not need (chunks of their own) are fetched, so that a tab or dialog opened later shows at
// once; and the service worker is registered, which caches the whole build for offline use (production builds only;
// relative, so it works under any sub-path). Neither competes with the editor and the engine for the first load.
// Not in an embed: it would keep a copy of the whole site in the storage of a reader who only scrolled past an example.
if (!embed) {
  let done = false;
  const afterFirstView = () => {
    if (done) return;
    done = true;
    stop();
    const idle = window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 200));
    idle(
      () => {
        void preloadLazyComponents();
        if (import.meta.env.PROD && 'serviceWorker' in navigator) void navigator.serviceWorker.register('./sw.js').catch(() => {});
      },
      { timeout: 3000 },
    );
  };
  const stop = useEngine.subscribe((s) => s.load && afterFirstView());
  // Should the engine never answer (a crash), after a while all the same.
  setTimeout(afterFirstView, 15_000);
}
