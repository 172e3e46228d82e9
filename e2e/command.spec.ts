// The command line: Run sends it to the engine and the Output tab shows what Bazel would print.

import { test, expect } from './fixtures.ts';
import { openPlayground } from './helpers.ts';

test('Run executes bazel query //... and shows its output', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByRole('tab', { name: 'Output' })).toHaveAttribute('aria-selected', 'true');
  const output = page.getByLabel('Command output');
  await expect(output).toContainText('$ bazel query //...');
  await expect(output).toContainText('//app:banner');
  await expect(output).toContainText('//tools:license');
  await expect(output).toContainText('exit code 0');
});

test('Ctrl+Enter in the command line runs the edited command', async ({ page }) => {
  await openPlayground(page);
  const line = page.getByRole('textbox', { name: 'Command line' });
  await line.fill('bazel query //tools:all');
  await line.press('ControlOrMeta+Enter');
  const output = page.getByLabel('Command output');
  await expect(output).toContainText('$ bazel query //tools:all');
  await expect(output).toContainText('exit code');
});
