// The first view: the default workspace loads without problems, Starlark is coloured, and the page looks right.

import { test, expect } from './fixtures.ts';
import { openPlayground, problemsTab, targetButton } from './helpers.ts';

test('the default workspace opens on app/BUILD, loads cleanly and lists its targets', async ({ page }) => {
  await openPlayground(page);
  await expect(page.getByRole('heading', { name: 'rulepen' })).toBeVisible();
  await expect(page.getByTestId('active-path')).toHaveText('app/BUILD');
  await expect(page.getByRole('textbox', { name: 'Command line' })).toHaveValue('bazel query //...');
  await expect(problemsTab(page)).toHaveText(/Problems\s*0/);
  for (const label of ['//app:banner', '//app:opt', '//app:all_text', '//app:text', '//app:hello', '//tools:license']) {
    await expect(targetButton(page, label)).toBeVisible();
  }
  await page.screenshot({ path: '/tmp/rulepen.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  // The editor follows the system theme: wait for the keyword colour of the dark theme.
  const keyword = page.locator('.monaco-editor .view-lines span > span', { hasText: 'load' }).first();
  await expect.poll(() => keyword.evaluate((e) => getComputedStyle(e).color)).toBe('rgb(199, 146, 234)');
  await page.screenshot({ path: '/tmp/rulepen-dark.png' });
});

test('Starlark is coloured: keywords, strings, labels, comments, builtins and rules get distinct token classes', async ({ page }) => {
  await openPlayground(page);
  const lines = page.locator('.monaco-editor .view-lines');
  const classOf = async (text: string) => lines.locator('span > span', { hasText: text }).first().getAttribute('class');
  // Monaco tokenizes in the background: wait until each kind of token has its own class.
  const samples = ['load', '"compilation_mode"', '# Matches when', 'genrule', ':defs.bzl', 'select', 'name'];
  await expect
    .poll(async () => new Set(await Promise.all(samples.map(classOf))).size)
    .toBe(samples.length);
});

test('panes resize with the keyboard and the mouse', async ({ page }) => {
  await openPlayground(page);
  const files = page.getByRole('separator', { name: 'Resize the file list' });
  await files.focus();
  await page.keyboard.press('ArrowRight');
  await expect(files).toHaveAttribute('aria-valuenow', '230');
  const before = (await page.getByRole('navigation', { name: 'Files' }).boundingBox())!.width;
  expect(before).toBeCloseTo(230, 0);

  const bottom = page.getByRole('separator', { name: 'Resize the bottom panels' });
  const box = (await bottom.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 100, { steps: 4 });
  await page.mouse.up();
  await expect(bottom).toHaveAttribute('aria-valuenow', '300');
});
