// The workspace: a file tree with packages, new/rename/delete of packages with undo, editor tabs, Ctrl/Cmd+P,
// the session kept across a reload, shortcuts named in tooltips, and a narrow screen.

import { test, expect } from './fixtures.ts';
import { fileList, openPlayground, waitForEngine } from './helpers.ts';

test.describe.configure({ timeout: 90_000 });

test('packages: create, rename with their files, delete, and undo each step', async ({ page }) => {
  await openPlayground(page);
  const files = fileList(page);
  await expect(files.getByRole('button', { name: 'Package //app', exact: true })).toBeVisible();

  await files.getByRole('button', { name: 'New package' }).click();
  const input = files.getByRole('textbox', { name: 'New package path' });
  await input.fill('lib/util');
  await input.press('Enter');
  await expect(files.getByRole('button', { name: 'Package //lib/util' })).toBeVisible();
  await expect(page.getByTestId('active-path')).toHaveText('lib/util/BUILD');

  await files.getByRole('button', { name: 'Rename app/', exact: true }).click();
  const rename = files.getByRole('textbox', { name: 'New path for app/' });
  await rename.fill('web/app');
  await rename.press('Enter');
  await expect(files.getByRole('button', { name: 'Package //web/app' })).toBeVisible();
  await expect(files.getByRole('button', { name: 'Open web/app/defs.bzl', exact: true })).toBeVisible();
  await waitForEngine(page);
  await expect(page.getByRole('tabpanel', { name: /^Targets/ })).toContainText('//web/app');

  await files.getByRole('button', { name: 'Delete tools/', exact: true }).click();
  await expect(files.getByRole('button', { name: 'Package //tools', exact: true })).toHaveCount(0);

  for (let i = 0; i < 3; i++) await files.getByRole('button', { name: 'Undo' }).click();
  await waitForEngine(page);
  const paths = Object.keys(await page.evaluate(() => window.__rulepen!.files())).sort();
  expect(paths).toEqual(['MODULE.bazel', 'app/BUILD', 'app/banner.txt.in', 'app/defs.bzl', 'tools/BUILD', 'tools/LICENSE.txt']);
});

test('tabs follow the opened files; Ctrl/Cmd+P opens a file by name', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Open app/defs.bzl', exact: true }).click();
  const tabs = page.getByRole('tablist', { name: 'Open files' });
  await expect(tabs.getByRole('tab')).toHaveCount(2);
  await tabs.getByRole('tab', { name: 'Tab app/BUILD' }).click();
  await expect(page.getByTestId('active-path')).toHaveText('app/BUILD');
  // Delete on the focused tab closes it (the × is for the mouse).
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('active-path')).toHaveText('app/defs.bzl');

  await page.getByRole('heading', { name: 'rulepen' }).click();
  await page.keyboard.press('ControlOrMeta+p');
  const quick = page.getByRole('dialog', { name: 'Open a file' });
  await quick.getByRole('combobox', { name: 'File name' }).fill('licen');
  await quick.getByRole('combobox', { name: 'File name' }).press('Enter');
  await expect(page.getByTestId('active-path')).toHaveText('tools/LICENSE.txt');
  await expect(tabs.getByRole('tab', { name: 'Tab tools/LICENSE.txt' })).toHaveAttribute('aria-selected', 'true');
});

test('a reload loses nothing: files, open file, command line and panels', async ({ page }) => {
  await openPlayground(page);
  await page.evaluate(() => window.__rulepen!.setFileText('tools/notes.txt', 'kept across reloads\n'));
  await page.getByRole('button', { name: 'Open tools/BUILD', exact: true }).click();
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel query //tools:all');
  await page.getByRole('tab', { name: 'Output' }).click();
  await page.waitForTimeout(500);
  await page.reload();
  await waitForEngine(page);
  expect(await page.evaluate(() => window.__rulepen!.getFileText('tools/notes.txt'))).toBe('kept across reloads\n');
  await expect(page.getByTestId('active-path')).toHaveText('tools/BUILD');
  await expect(page.getByRole('textbox', { name: 'Command line' })).toHaveValue('bazel query //tools:all');
  await expect(page.getByRole('tab', { name: 'Output' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Reset to the default workspace' }).click();
  await waitForEngine(page);
  expect(await page.evaluate(() => window.__rulepen!.getFileText('tools/notes.txt'))).toBeUndefined();
});

test('shortcuts are named in tooltips, and every button has an accessible name', async ({ page }) => {
  await openPlayground(page);
  await expect(page.getByRole('button', { name: 'Run command' })).toHaveAttribute('title', /Ctrl\+Enter/);
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveAttribute('title', /Esc/);
  await expect(page.getByRole('button', { name: 'Share' })).toHaveAttribute('title', /Ctrl\+S/);
  const unnamed = await page.evaluate(() =>
    [...document.querySelectorAll('button, input, textarea, select, [role=tab], [role=menuitem]')]
      .filter((e) => !(e as HTMLElement).closest('.monaco-editor, [hidden], dialog:not([open])'))
      .filter((e) => {
        const el = e as HTMLElement;
        const label = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.textContent?.trim() || (el as HTMLInputElement).labels?.length;
        return !label;
      })
      .map((e) => e.outerHTML.slice(0, 120)),
  );
  expect(unnamed).toEqual([]);
});

test('on a narrow screen the editor comes first and everything stays reachable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPlayground(page);
  const editor = await page.getByRole('main', { name: 'Editor' }).boundingBox();
  const bottom = await page.getByRole('region', { name: 'Bottom panels' }).boundingBox();
  expect(editor!.width).toBeGreaterThan(350);
  expect(bottom!.y).toBeGreaterThan(editor!.y);
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('narrow.png'), fullPage: true });
});
