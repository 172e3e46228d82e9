// The shared test fixture: every spec fails on a console error, an uncaught page error, or a request that
// leaves the page's origin (the playground must work offline, with no CDN).
//
// With the worker option `shareBrowserContext` (the e2e config sets it), the tests a Playwright worker runs share one
// browser context and one page: before each test the page goes to about:blank, and the origin's storage (local and
// session storage, IndexedDB, caches, service workers) is cleared and media emulation reset, so every test still
// starts as a first visit. What is kept is the warm renderer with its HTTP and compiled-code caches: a page load then
// costs ≈ 0.2 s instead of ≈ 2–4 s (parsing the 3.6 MB script on two busy cores), most of a short test's time. A
// test that needs a fresh browser opens its own context (`browser.newContext()`), as the share-link specs do; a
// test's page listeners, routes and extra pages are removed after it, and an init script it adds must be disposed.

import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

export interface Guard {
  /** Messages collected so far; a spec may inspect them, the fixture asserts they are empty at the end. */
  consoleErrors: string[];
  foreignRequests: string[];
}

interface WorkerFixtures {
  // Not Playwright's own `reuseContext`: that one clears the HTTP cache between tests, which is what we keep.
  shareBrowserContext: boolean;
  /** The worker's one context and page when `shareBrowserContext` is on (undefined otherwise). */
  shared: { context: BrowserContext; page?: Page } | undefined;
}

const isLocalTo = (origin: string) => (url: string) => url.startsWith('data:') || url.startsWith('blob:') || new URL(url).origin === origin;

export const test = base.extend<{ guard: Guard; newTab: boolean }, WorkerFixtures>({
  /** A test that needs a never-navigated tab gets one (in the shared context, with the same cleared storage). */
  newTab: [false, { option: true }],
  shareBrowserContext: [false, { scope: 'worker', option: true }],
  shared: [
    async ({ shareBrowserContext, browser }, use, workerInfo) => {
      if (!shareBrowserContext) return use(undefined);
      // No route here: a routed context bypasses the HTTP cache. The config's host-resolver rule refuses other
      // hosts instead, and the guard below still fails a test that asks for one.
      const { baseURL, viewport, serviceWorkers, colorScheme } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport, serviceWorkers, colorScheme });
      await use({ context });
      await context.close();
    },
    { scope: 'worker' },
  ],
  // Playwright's own per-test context is still made (an empty context is cheap); only the shared one gets pages.
  context: async ({ shared, context }, use) => {
    await use(shared?.context ?? context);
  },
  page: async ({ shared, context, baseURL, viewport, newTab }, use) => {
    if (!shared) return use(await context.newPage());
    // The previous test's page, back on a blank document with its origin's storage (local, session, IndexedDB,
    // caches) cleared and no emulation left over: a first visit, in a warm renderer.
    if (!shared.page || shared.page.isClosed() || newTab) shared.page = await shared.context.newPage();
    const page = shared.page;
    if (!newTab) await page.goto('about:blank');
    const cdp = await shared.context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL!).origin, storageTypes: 'all' });
    await cdp.detach();
    await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null, contrast: null });
    if (viewport) await page.setViewportSize(viewport);
    await use(page);
    page.removeAllListeners();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    for (const other of shared.context.pages()) if (other !== page) await other.close();
    if (newTab) {
      await page.close();
      shared.page = undefined;
    }
  },
  guard: [
    async ({ page, context, baseURL, shared }, use) => {
      const origin = new URL(baseURL!).origin;
      const isLocal = isLocalTo(origin);
      const guard: Guard = { consoleErrors: [], foreignRequests: [] };

      page.on('console', (msg) => {
        if (msg.type() === 'error') guard.consoleErrors.push(`console.error: ${msg.text()}`);
      });
      page.on('pageerror', (error) => guard.consoleErrors.push(`uncaught: ${error.message}`));
      page.on('worker', (worker) => {
        worker.on('console', (msg) => {
          if (msg.type() === 'error') guard.consoleErrors.push(`worker console.error: ${msg.text()}`);
        });
      });
      // Requests from the page and its workers: anything off-origin is recorded and refused.
      const onRequest = (request: { url(): string }) => {
        if (!isLocal(request.url())) guard.foreignRequests.push(request.url());
      };
      context.on('request', onRequest);
      if (!shared) {
        await context.route(
          (url) => !isLocal(url.href),
          (route) => route.abort('blockedbyclient'),
        );
      }

      await use(guard);

      context.off('request', onRequest);
      expect(guard.foreignRequests, 'requests outside the page origin').toEqual([]);
      expect(guard.consoleErrors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
