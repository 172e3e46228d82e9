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
  const keyword = await classOf('load');
  const string = await classOf('"compilation_mode"');
  const comment = await classOf('# Matches when');
  const rule = await classOf('genrule');
  const label = await classOf(':defs.bzl');
  const builtin = await classOf('select');
  const plain = await classOf('name');
  expect(new Set([keyword, string, comment, rule, label, builtin, plain]).size).toBe(7);
});
