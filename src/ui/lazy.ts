// Components and modules in chunks of their own: fetched when first rendered (under a LazyBoundary), or all at once when the
// page is idle after its first load (preloadLazyComponents), so that a tab or dialog opened later shows at once.

import { lazy, type ComponentType } from 'react';

const loaders: (() => Promise<unknown>)[] = [];

/** A module loaded on first use: `load` imports it once (again after a failure), and the idle preload fetches it too. */
export function lazyModule<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | null = null;
  // A failed fetch (offline before the site was cached, a new deployment) is tried again next time.
  const once = () =>
    (loading ??= load().catch((e: unknown) => {
      loading = null;
      throw e;
    }));
  loaders.push(once);
  return once;
}

/** The component `name` of the module `load` imports, loaded on first render. */
export function lazyComponent<M, P extends object = object>(load: () => Promise<M>, name: keyof M & string): ComponentType<P> {
  const once = lazyModule(load);
  return lazy(async () => ({ default: (await once())[name] as ComponentType<P> }));
}

/** Fetches every lazily loaded component and module not fetched yet. */
export function preloadLazyComponents(): Promise<unknown> {
  return Promise.allSettled(loaders.map((l) => l()));
}
