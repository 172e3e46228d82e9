// Retakes docs/screenshot.png, the README's picture of the playground: the production build served by
// `vite preview`, Debian's Chromium at 1440×900, the default workspace after `bazel build //app:banner -c opt`
// with the cursor in the genrule, so that Why shows which select() branch the configuration picked.
//
//   npx tsx scripts/readme-screenshot.ts        (builds into node_modules/.rulepen-screenshot-dist first)

import { spawn, spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';

const PORT = 5199;
const DIST = 'node_modules/.rulepen-screenshot-dist';
const VITE = 'node_modules/vite/bin/vite.js';

const built = spawnSync('node', [VITE, 'build', '--outDir', DIST, '--emptyOutDir'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const server = spawn('node', [VITE, 'preview', '--outDir', DIST, '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { stdio: 'ignore' });
try {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
  for (let i = 0; ; i++) {
    try {
      await page.goto(`http://127.0.0.1:${PORT}/`);
      break;
    } catch (e) {
      if (i > 50) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await page.waitForFunction(() => window.__rulepen?.isSettled() === true);
  const input = page.getByRole('textbox', { name: 'Command line' });
  await input.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('bazel build //app:banner -c opt');
  await page.keyboard.press('Enter');
  await page.getByLabel('Command output').getByText('exit code').waitFor();
  // The cursor in the genrule's select(): Why explains the branch.
  await page.locator('.monaco-editor .view-lines').getByText('"banner"').first().click();
  await page.getByRole('tab', { name: 'Why' }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: 'docs/screenshot.png' });
  await browser.close();
} finally {
  server.kill();
}
