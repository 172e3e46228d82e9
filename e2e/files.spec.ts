// The file list: add, rename and delete files (with undo), and the editor and engine follow.

import { test, expect } from './fixtures.ts';
import { fileList, getFileText, openPlayground, setFileText, targetButton } from './helpers.ts';

test('add a file, rename it, delete it, undo the delete', async ({ page }) => {
  await openPlayground(page);
  const files = fileList(page);

  await files.getByRole('button', { name: 'New file' }).click();
  const input = files.getByRole('textbox', { name: 'New file path' });
  await input.fill('app/extra.bzl');
  await input.press('Enter');
  await expect(files.getByRole('button', { name: 'Open app/extra.bzl', exact: true })).toBeVisible();
  await expect(page.getByTestId('active-path')).toHaveText('app/extra.bzl');
  await expect(page.locator('.language-badge')).toHaveText('starlark');

  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.type('X = 1');
  await expect.poll(() => getFileText(page, 'app/extra.bzl')).toBe('X = 1');

  await files.getByRole('button', { name: 'Rename app/extra.bzl' }).click();
  const rename = files.getByRole('textbox', { name: 'New path for app/extra.bzl' });
  await rename.fill('app/more.bzl');
  await rename.press('Enter');
  await expect(files.getByRole('button', { name: 'Open app/more.bzl', exact: true })).toBeVisible();
  await expect(files.getByRole('button', { name: 'Open app/extra.bzl', exact: true })).toHaveCount(0);
  await expect(page.getByTestId('active-path')).toHaveText('app/more.bzl');
  expect(await getFileText(page, 'app/more.bzl')).toBe('X = 1');
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('X = 1');

  await files.getByRole('button', { name: 'Delete app/more.bzl' }).click();
  await expect(files.getByRole('button', { name: 'Open app/more.bzl', exact: true })).toHaveCount(0);
  expect(await getFileText(page, 'app/more.bzl')).toBeUndefined();

  await files.getByRole('button', { name: 'Undo' }).click();
  await expect(files.getByRole('button', { name: 'Open app/more.bzl', exact: true })).toBeVisible();
  expect(await getFileText(page, 'app/more.bzl')).toBe('X = 1');
});

test('a rename onto an existing file is refused with a message', async ({ page }) => {
  await openPlayground(page);
  const files = fileList(page);
  await files.getByRole('button', { name: 'Rename app/defs.bzl' }).click();
  const rename = files.getByRole('textbox', { name: 'New path for app/defs.bzl' });
  await rename.fill('app/BUILD');
  await expect(files.getByRole('alert')).toHaveText('app/BUILD already exists');
  await rename.press('Escape');
  await expect(files.getByRole('button', { name: 'Open app/defs.bzl', exact: true })).toBeVisible();
});

test('a BUILD file added in a new directory makes a package whose targets appear', async ({ page }) => {
  await openPlayground(page);
  const files = fileList(page);
  await files.getByRole('button', { name: 'New file' }).click();
  const input = files.getByRole('textbox', { name: 'New file path' });
  await input.fill('lib/BUILD');
  await input.press('Enter');
  await setFileText(page, 'lib/BUILD', 'filegroup(\n    name = "lib",\n)\n');
  await expect(targetButton(page, '//lib:lib')).toBeVisible();

  await files.getByRole('button', { name: 'Delete lib/BUILD' }).click();
  await expect(targetButton(page, '//lib:lib')).toHaveCount(0);
});
