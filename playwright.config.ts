// Playwright: the e2e specs in e2e/, against the Vite dev server that Playwright starts and stops itself,
// in Debian's Chromium (never `npx playwright install`).

import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.RULEPEN_E2E_PORT ?? 5179);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  workers: 2,
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 760 },
    launchOptions: { executablePath: '/usr/bin/chromium' },
    trace: 'retain-on-failure',
  },
  webServer: {
    // node directly (not npx), so that stopping the server stops vite itself.
    command: `node node_modules/vite/bin/vite.js --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
