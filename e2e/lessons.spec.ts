// The examples gallery: a lesson replaces the workspace (undoably), sets and runs its command, and shows its
// text beside the editor; the text survives a reload and travels in a share link.

import { test, expect } from './fixtures.ts';
import { openPlayground, typeAndRunCommand, waitForEngine } from './helpers.ts';

test.describe.configure({ timeout: 90_000 });

test('opening a lesson loads its workspace, runs its command and shows its text', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Examples' }).click();
  const gallery = page.getByRole('dialog', { name: 'Examples' });
  await expect(gallery.getByRole('region', { name: 'Lessons' }).getByRole('button')).toHaveCount(15);
  await expect(gallery.getByRole('region', { name: 'Bug-report templates' }).getByRole('button')).toHaveCount(4);
  await gallery.getByRole('button', { name: 'Open example: genquery: scope and strict' }).click();
  await expect(gallery).toBeHidden();
  await waitForEngine(page);

  const lesson = page.getByRole('complementary', { name: 'Lesson: genquery: scope and strict' });
  await expect(lesson).toContainText('transitive closure of');
  await expect(lesson.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('textbox', { name: 'Command line' })).toHaveValue('bazel build //app:app_deps');
  await expect(page.getByTestId('active-path')).toHaveText('app/BUILD');
  await expect(page.getByRole('tab', { name: 'Output' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Command output')).toContainText('$ bazel build //app:app_deps');
  expect(Object.keys(await page.evaluate(() => window.__rulepen!.files())).sort()).toEqual([
    'MODULE.bazel', 'app/BUILD', 'lib/BUILD', 'lib/core.txt', 'lib/extra.txt',
  ]);

  // Undo brings back the workspace from before the lesson; Redo-by-reopening is one click in the gallery.
  await page.getByRole('navigation', { name: 'Files' }).getByRole('button', { name: 'Undo' }).click();
  await waitForEngine(page);
  expect(await page.evaluate(() => window.__rulepen!.getFileText('app/defs.bzl'))).toContain('def greeting');
  await page.getByRole('button', { name: 'Examples' }).click();
  await page.getByRole('button', { name: 'Open example: genquery: scope and strict' }).click();
  await waitForEngine(page);

  // The lesson survives a reload.
  await page.waitForTimeout(400);
  await page.reload();
  await waitForEngine(page);
  await expect(page.getByRole('complementary', { name: /^Lesson: genquery/ })).toBeVisible();

  await page.getByRole('button', { name: 'Close the lesson' }).click();
  await expect(page.getByRole('complementary', { name: /^Lesson:/ })).toHaveCount(0);
});

test('a bug-report template opens with its command, ready to share', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Examples' }).click();
  await page.getByRole('button', { name: 'Open example: Bug report: my select() is ambiguous' }).click();
  await waitForEngine(page);
  await expect(page.getByRole('textbox', { name: 'Command line' })).toHaveValue('bazel build //pkg:target --cpu=arm -c opt');
  await expect(page.getByRole('complementary', { name: /Lesson: Bug report/ })).toContainText('Share');
  await page.keyboard.press('ControlOrMeta+s');
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toContain('#rp2.');
  await page.keyboard.press('Escape');

  // The cc_library lesson: a real project's rule, its deps selected on --cpu, then on a platform as well.
  await page.getByRole('button', { name: 'Examples' }).click();
  await page.getByRole('button', { name: 'Open example: cc_library: deps that select() on --cpu and on a platform' }).click();
  await waitForEngine(page);
  const output = page.getByLabel('Command output');
  await expect(output).toContainText('//lib:k8_impl');
  await expect(output).not.toContainText('//lib:cuda_impl');
  await typeAndRunCommand(page, 'bazel cquery "deps(//lib:core)" --noimplicit_deps --platforms=//platforms:linux_cuda');
  await expect(output).toContainText('Illegal ambiguous match on configurable attribute "deps" in //lib:core');
  await typeAndRunCommand(page, 'bazel build //lib:core');
  await expect(output).toContainText('which rulepen does not run');
});
