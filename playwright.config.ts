// Playwright: the e2e specs in e2e/, in Debian's Chromium (never `npx playwright install`), against a production
// build (kept under node_modules/) served by `vite preview`, which Playwright starts and stops itself — what users
// get, and a page that loads several times faster than the dev server's unbundled modules (on two cores the dev
// server's transforms compete with two browsers). RULEPEN_E2E_SERVER=dev runs them against the Vite dev server.

import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.RULEPEN_E2E_PORT ?? 5179);
const VITE = 'node node_modules/vite/bin/vite.js';
const SERVER =
  process.env.RULEPEN_E2E_SERVER === 'dev'
    ? `${VITE} --host 127.0.0.1 --port ${PORT} --strictPort`
    : `${VITE} build --outDir node_modules/.rulepen-e2e-dist --emptyOutDir && ${VITE} preview --outDir node_modules/.rulepen-e2e-dist --host 127.0.0.1 --port ${PORT} --strictPort`;

export default defineConfig<object, { shareBrowserContext: boolean }>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  workers: 2,
  // Tests, not files, are handed out to the workers: a file of seven tests no longer keeps one worker busy while the
  // other idles at the end of the run.
  fullyParallel: true,
  // One retry: a test that fails then passes is reported as flaky (in the summary), not hidden; CI machines are busy.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 760 },
    // Every host name but the server's resolves to nothing: a request off the origin fails at once (the fixture in
    // e2e/fixtures.ts records it and fails the test), without routing, which would bypass the HTTP cache.
    launchOptions: { executablePath: '/usr/bin/chromium', args: ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'] },
    // The offline service worker precaches the whole site in every fresh context; e2e/hosting checks it.
    serviceWorkers: 'block',
    // The tests of a worker share one browser context (fresh storage, kept HTTP and code cache): e2e/fixtures.ts.
    shareBrowserContext: true,
    // Recording a trace snapshots the page at every step, which costs a tenth of the suite's time on two cores:
    // RULEPEN_E2E_TRACE=1 records them (kept for failures); error-context.md has the page either way.
    trace: process.env.RULEPEN_E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // node directly (not npx), so that stopping the server stops vite itself.
    command: SERVER,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
