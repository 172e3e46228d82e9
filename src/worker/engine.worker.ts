// The engine worker's entry: exposes the worker API over comlink, with the engine loaded on first use.

import * as Comlink from 'comlink';
import { createApi, type EngineModule } from './api.ts';

// A dynamic import, so that an engine that fails while its modules evaluate becomes an internal diagnostic
// instead of a dead worker. The annotation checks at compile time that the engine fits the protocol.
const loadEngine = (): Promise<EngineModule> => import('../engine/index.ts');

Comlink.expose(createApi(loadEngine));
