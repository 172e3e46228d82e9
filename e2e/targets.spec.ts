// The Targets panel follows the workspace: new rules appear, renamed ones follow, a click opens the declaration.

import { test, expect } from './fixtures.ts';
import { getFileText, openFile, openPlayground, replaceWorkspace, setFileText, targetButton, targetsPanel } from './helpers.ts';

test('the Targets list follows edits: add a rule, then rename it', async ({ page }) => {
  await openPlayground(page);
  const build = (await getFileText(page, 'app/BUILD'))!;

  await setFileText(page, 'app/BUILD', build + '\nfilegroup(\n    name = "extra",\n    srcs = ["banner.txt.in"],\n)\n');
  await expect(targetButton(page, '//app:extra')).toBeVisible();
  await expect(targetButton(page, '//app:extra')).toContainText('filegroup');

  await setFileText(page, 'app/BUILD', build + '\nfilegroup(\n    name = "renamed",\n    srcs = ["banner.txt.in"],\n)\n');
  await expect(targetButton(page, '//app:renamed')).toBeVisible();
  await expect(targetButton(page, '//app:extra')).toHaveCount(0);
});

test('a rule typed into the editor appears in the Targets list', async ({ page }) => {
  await openPlayground(page);
  await openFile(page, 'tools/BUILD');
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  // Monaco auto-closes brackets and quotes; typing the closers overtypes them.
  await page.keyboard.type('\nfilegroup(name = "typed")');
  await expect(targetButton(page, '//tools:typed')).toBeVisible();
});

test('clicking a target opens its declaration', async ({ page }) => {
  await openPlayground(page);
  await openFile(page, 'MODULE.bazel');
  await targetButton(page, '//app:text').click();
  await expect(page.getByTestId('active-path')).toHaveText('app/BUILD');
  const text = (await getFileText(page, 'app/BUILD'))!;
  const aliasLine = text.split('\n').findIndex((l) => l.startsWith('alias(')) + 1;
  await expect.poll(() => page.evaluate(() => window.__rulepen!.cursor()?.line)).toBe(aliasLine);
});

test('the filter narrows the Targets list', async ({ page }) => {
  await openPlayground(page);
  await targetsPanel(page).getByRole('searchbox', { name: 'Filter targets' }).fill('alias');
  await expect(targetButton(page, '//app:text')).toBeVisible();
  await expect(targetButton(page, '//app:banner')).toHaveCount(0);
});

test('file targets are listed on request', async ({ page }) => {
  await openPlayground(page);
  await expect(targetButton(page, '//app:banner.txt.in')).toHaveCount(0);
  await targetsPanel(page).getByRole('checkbox', { name: 'files' }).check();
  await expect(targetButton(page, '//app:banner.txt.in')).toContainText('source file');
  await expect(targetButton(page, '//app:banner.txt')).toContainText('generated file');
});

test('a target’s attributes come from its rule schema: values as written, defaults on request', async ({ page }) => {
  await openPlayground(page);
  await targetsPanel(page).getByRole('button', { name: 'Attributes of //app:banner' }).click();
  const attrs = targetsPanel(page).getByRole('group', { name: 'Attributes of //app:banner' });
  await expect(attrs).toContainText('Generates one or more files with a user-supplied Bash command.');
  await expect(attrs.getByRole('row', { name: /^srcs/ })).toContainText('["//app:banner.txt.in", "//tools:license"]');
  await expect(attrs.getByRole('row', { name: /^cmd / })).toContainText('select({"//app:opt": "tr a-z A-Z');
  await expect(attrs.getByRole('row', { name: /^cmd_bash/ })).toHaveCount(0);
  await attrs.getByRole('button', { name: /more with their defaults/ }).click();
  await expect(attrs.getByRole('row', { name: /^cmd_bash/ })).toContainText('""');
  await expect(attrs.getByRole('row', { name: /^executable/ })).toContainText('False');
  await page.screenshot({ path: '/tmp/targets-attrs.png' });
});

test('a big workspace lists its packages folded, but the open file’s; a click or a filter unfolds them', async ({ page }) => {
  await openPlayground(page);
  const files: Record<string, string> = { 'MODULE.bazel': '' };
  for (let p = 0; p < 60; p++) {
    files[`p${p}/BUILD`] = Array.from({ length: 20 }, (_, i) => `filegroup(name = "t${i}")`).join('\n') + '\n';
  }
  await replaceWorkspace(page, files, 'p7/BUILD');
  const panel = targetsPanel(page);
  await expect(panel).toContainText('1200 targets in 60 packages');
  // The open file's package is unfolded, the others show a count only.
  await expect(targetButton(page, '//p7:t3')).toBeVisible();
  await expect(targetButton(page, '//p8:t3')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: '//p8 (20)' })).toHaveAttribute('aria-expanded', 'false');
  await panel.getByRole('button', { name: '//p8 (20)' }).click();
  await expect(targetButton(page, '//p8:t3')).toBeVisible();
  // An edit redraws the edited package; the unfolded ones stay so.
  await setFileText(page, 'p7/BUILD', files['p7/BUILD'] + 'filegroup(name = "added")\n');
  await expect(targetButton(page, '//p7:added')).toBeVisible();
  await expect(targetButton(page, '//p8:t3')).toBeVisible();
  // A filter that leaves few targets shows them all, unfolded.
  await panel.getByRole('searchbox', { name: 'Filter targets' }).fill('//p42:t1');
  await expect(targetButton(page, '//p42:t19')).toBeVisible();
  await expect(panel).not.toContainText('packages are folded');
});
