// The shared test fixture: every spec fails on a console error, an uncaught page error, or a request that
// leaves the page's origin (the playground must work offline, with no CDN).

import { test as base, expect } from '@playwright/test';

export interface Guard {
  /** Messages collected so far; a spec may inspect them, the fixture asserts they are empty at the end. */
  consoleErrors: string[];
  foreignRequests: string[];
}

export const test = base.extend<{ guard: Guard }>({
  guard: [
    async ({ page, context, baseURL }, use) => {
      const origin = new URL(baseURL!).origin;
      const guard: Guard = { consoleErrors: [], foreignRequests: [] };
      const isLocal = (url: string) => url.startsWith('data:') || url.startsWith('blob:') || new URL(url).origin === origin;

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
      context.on('request', (request) => {
        if (!isLocal(request.url())) guard.foreignRequests.push(request.url());
      });
      await context.route(
        (url) => !isLocal(url.href),
        (route) => route.abort('blockedbyclient'),
      );

      await use(guard);

      expect(guard.foreignRequests, 'requests outside the page origin').toEqual([]);
      expect(guard.consoleErrors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
