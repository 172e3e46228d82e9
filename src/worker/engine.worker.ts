// The engine worker's entry: exposes the worker API over comlink, with the engine loaded on first use.

import * as Comlink from 'comlink';
import { createApi, type EngineModule } from './api.ts';

// The engine is imported lazily so the worker answers (with an internal diagnostic) even if it fails to load.
const engines = import.meta.glob<EngineModule>('../engine/index.ts');

async function loadEngine(): Promise<EngineModule> {
  const load = engines['../engine/index.ts'];
  if (!load) throw new Error('src/engine/index.ts is not available in this build');
  return load();
}

Comlink.expose(createApi(loadEngine));
