// Output: ERROR, WARNING and INFO lines coloured (as text), the first error scrolled into view under a long log,
// each located line a link to its file and line; an import resets the Query panel and opens the first BUILD file.

import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { openPlayground, replaceWorkspace, waitForEngine } from './helpers.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

const NOISY = {
  'MODULE.bazel': '',
  'notes.txt': 'not a package\n',
  'bug/BUILD': '[print("<b>noise</b> %d" % i) for i in range(40)]\ngenrule(name = "g", outs = ["o.txt"], cmd = "exit 3")\n',
};

async function run(page: Page, line: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Command line' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(line);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByLabel('Command output')).toContainText('exit code', { timeout: COMMAND_TIMEOUT });
}

const color = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).color);

// At 1024 px, then the same page widened to 1440 px.
test('at 1024 and 1440 px: coloured lines, the first error in view, located lines open their file', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await openPlayground(page);
  await replaceWorkspace(page, NOISY, 'notes.txt');
  await run(page, 'bazel build //bug:g');
  const output = page.getByLabel('Command output');
  const firstError = output.locator('.line-error').first();
  await expect(firstError).toContainText('ERROR: /workspace/bug/BUILD:2:8: Executing genrule //bug:g failed');
  // Below 40 DEBUG lines, yet in view; the page's own text stayed text.
  await expect(firstError).toBeInViewport();
  await expect(output.locator('b')).toHaveCount(0);
  await expect(output).toContainText('<b>noise</b> 39');
  const [error, info, plain] = [await color(page, '.line-error'), await color(page, '.line-info'), await color(page, '.line-plain')];
  expect(new Set([error, info, plain]).size).toBe(3);
  await page.screenshot({ path: '/tmp/rulepen-output-1024.png' });
  await page.setViewportSize({ width: 1440, height: 800 });
  await expect(firstError).toBeInViewport();
  await page.screenshot({ path: '/tmp/rulepen-output-1440.png' });

  await firstError.getByRole('button', { name: '/workspace/bug/BUILD:2:8' }).click();
  await expect(page.getByTestId('active-path')).toHaveText('bug/BUILD');
  await expect.poll(() => page.evaluate(() => window.__rulepen!.cursor())).toMatchObject({ line: 2, column: 8 });
});

test('an import resets the Query panel and opens the first BUILD file', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('tab', { name: 'Query', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Query expression' })).toHaveValue('deps(//app:text)');
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: /^Import/ }).click();
  await page.getByRole('textbox', { name: 'Workspace as text' }).click();
  await page.keyboard.type('-- MODULE.bazel --\n-- lib/BUILD --\nfilegroup(name = "pasted")\n');
  await page.getByRole('button', { name: 'Import text' }).click();
  await waitForEngine(page);
  await expect(page.getByTestId('active-path')).toHaveText('lib/BUILD');
  await expect(page.getByRole('textbox', { name: 'Query expression' })).toHaveValue('//...');
});
