// Playwright: the hosting check. Builds the site (relative `base`) and serves dist/ under a sub-path with a plain
// static server, then runs e2e/hosting/*.hosting.ts: the page works there, asks nothing outside its origin, and
// keeps working offline once loaded. Run with `npx playwright test -c e2e/hosting.config.ts`.

import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.RULEPEN_HOSTING_PORT ?? 5281);
// One output folder per port, so that two runs on one machine do not overwrite each other's build.
const DIST = `node_modules/.rulepen-hosting-dist-${PORT}`;
export const SUB_PATH = '/some/sub/path/rulepen/';
/** The same site again, with its Content-Security-Policy also sent as an HTTP header (see static-server.mjs). */
export const HEADER_CSP_SUB_PATH = '/with/csp/header/rulepen/';

/**
 * RULEPEN_HOSTING_DIST_FROM: a production build already made (scripts/test-all.sh passes the one the e2e suite
 * has just built from the same sources), copied instead of building again.
 */
const FROM = process.env.RULEPEN_HOSTING_DIST_FROM;
const BUILD = FROM ? `rm -rf ${DIST} && cp -r ${FROM} ${DIST}` : `node node_modules/vite/bin/vite.js build --outDir ${DIST} --emptyOutDir`;

export default defineConfig({
  testDir: 'hosting',
  testMatch: '**/*.hosting.ts',
  workers: 2,
  fullyParallel: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 720 },
    launchOptions: { executablePath: '/usr/bin/chromium' },
  },
  webServer: {
    command: `${BUILD} && node e2e/hosting/static-server.mjs ${DIST} ${PORT} ${SUB_PATH} ${HEADER_CSP_SUB_PATH}`,
    url: `http://127.0.0.1:${PORT}${SUB_PATH}`,
    cwd: new URL('..', import.meta.url).pathname,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
