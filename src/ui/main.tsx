// The playground's entry: styles, Monaco, the engine sync and the React tree.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from './App.tsx';
import { startEngineSync } from './state/engine-sync.ts';
import { startSelectionSync } from './state/selection-store.ts';
import { installTestHook } from './test-hook.ts';

installTestHook();
startEngineSync();
startSelectionSync();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
