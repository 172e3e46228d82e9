// Every width works: the command bar keeps at least 240 px of input at every width from 900 px up (what does not
// fit wraps to a second row), nothing in the top bar leaves the screen, and narrow screens (360–768 px) get a
// stacked layout without sideways scrolling, where the command line can be typed into and run.

import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { openPlayground } from './helpers.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

async function topBarFits(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 760 });
  const input = page.getByRole('textbox', { name: 'Command line' });
  const inputWidth = (await input.boundingBox())!.width;
  for (const name of ['Run command', 'Stop', 'Build', 'Test', 'Run target', 'Examples', 'Share', 'More actions']) {
    const box = (await page.getByRole('banner').getByRole('button', { name, exact: true }).boundingBox())!;
    expect(box.x, `${name} at ${width} px`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} at ${width} px`).toBeLessThanOrEqual(width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scroll at ${width} px`).toBeLessThanOrEqual(width);
  return inputWidth;
}

test('from 900 px up the command line keeps 240 px of input and every control stays on screen', async ({ page }) => {
  await openPlayground(page);
  for (const width of [900, 901, 1024, 1152, 1280, 1440, 1920]) {
    expect(await topBarFits(page, width), `input at ${width} px`).toBeGreaterThanOrEqual(240);
    if (width === 1024 || width === 901) await page.screenshot({ path: `/tmp/rulepen-widths-${width}.png`, clip: { x: 0, y: 0, width, height: 140 } });
  }
});

test('narrow screens: a stacked layout, the command line typed into and run', async ({ page }) => {
  await openPlayground(page);
  for (const width of [768, 390, 360]) expect(await topBarFits(page, width), `input at ${width} px`).toBeGreaterThanOrEqual(120);
  await page.screenshot({ path: '/tmp/rulepen-widths-360.png', fullPage: true });
  await page.getByRole('textbox', { name: 'Command line' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('bazel query //app:all');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Run command' }).click();
  const output = page.getByLabel('Command output');
  await expect(output).toContainText('//app:banner', { timeout: COMMAND_TIMEOUT });
  await output.scrollIntoViewIfNeeded();
  await expect(output).toBeInViewport();
});

test('side panel tables reflow at 1024 px: no cell outside the panel, no column lost', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 760 });
  await openPlayground(page);
  await page.getByRole('navigation', { name: 'Files' }).getByRole('button', { name: 'Open app/defs.bzl', exact: true }).click();
  await page.getByRole('tab', { name: 'Docs', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Docs' });
  const table = panel.locator('.docs-table').first();
  await expect(table).toBeVisible();
  const box = (await page.locator('.side-panels').boundingBox())!;
  const cells = table.locator('th, td');
  for (let i = 0; i < (await cells.count()); i++) {
    const c = await cells.nth(i).boundingBox();
    if (!c || c.width === 0) continue;
    expect(c.x + c.width, `cell ${i}`).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
  await expect(table.locator('td[data-label="Default"]').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/rulepen-widths-docs-1024.png' });
});
