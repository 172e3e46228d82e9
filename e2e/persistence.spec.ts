// Nothing typed is lost: a reload right after typing, a crash of the engine worker, Stop — each keeps every
// edit, and afterwards the engine answers for the files as they are. The saved session is versioned, and one
// that cannot be read (damaged, or written by a newer rulepen) opens the default workspace with a notice,
// keeping the unreadable copy aside instead of overwriting it.

import type { Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { getFileText, openPlayground, problemRows, problemsTab, replaceWorkspace, slowBuildWorkspace, targetButton, waitForEngine } from './helpers.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

const STORAGE_KEY = 'rulepen.session';

async function typeAtEnd(page: Page, text: string): Promise<void> {
  // Focus rather than a click: a widget (hover, completion) may cover the text.
  await page.getByRole('textbox', { name: /^Editor: / }).focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

/** The engine's worker (not Monaco's), as it is now. */
function engineWorkers(page: Page): Worker[] {
  return page.workers().filter((w) => /engine\.worker/.test(w.url()));
}

test('a reload right after typing keeps every edit', async ({ page }) => {
  await openPlayground(page);
  await typeAtEnd(page, '\n# first edit');
  await page.getByRole('button', { name: 'Open tools/BUILD', exact: true }).click();
  await typeAtEnd(page, '\n# second edit, in another file');
  // No pause: the reload itself must save what was typed.
  await page.reload();
  await waitForEngine(page);
  expect(await getFileText(page, 'app/BUILD')).toMatch(/\n# first edit$/);
  expect(await getFileText(page, 'tools/BUILD')).toMatch(/\n# second edit, in another file$/);
  await expect(page.getByTestId('active-path')).toHaveText('tools/BUILD');
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('# second edit, in another file');
});

test('the worker dies during a command: the output says so, nothing typed is lost, the engine answers again', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, { ...slowBuildWorkspace(), 'app/BUILD': 'filegroup(name = "before")\n' }, 'app/BUILD');
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //p:all');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await typeAtEnd(page, 'filegroup(name = "typed_before_the_crash")\n');

  // The worker fails as of an uncaught error (the browser's error event; a busy worker cannot be made to throw
  // from outside at a chosen moment, so the test hook raises the event the client listens for).
  await page.evaluate(() => window.__rulepen!.crashEngine('simulated engine crash'));
  const output = page.getByLabel('Command output');
  await expect(output).toContainText('The engine stopped unexpectedly while running this command', { timeout: COMMAND_TIMEOUT });
  await expect(output).toContainText('simulated engine crash');
  await expect(output).toContainText('your files are unchanged');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('crashed.png') });
  await typeAtEnd(page, 'filegroup(name = "typed_after_the_crash")\n');

  // A fresh worker loaded the files as they are now.
  await waitForEngine(page);
  expect(await getFileText(page, 'app/BUILD')).toBe(
    'filegroup(name = "before")\nfilegroup(name = "typed_before_the_crash")\nfilegroup(name = "typed_after_the_crash")\n',
  );
  await expect(targetButton(page, '//app:typed_before_the_crash')).toBeVisible();
  await expect(targetButton(page, '//app:typed_after_the_crash')).toBeVisible();
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel query //app:all');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(output).toContainText('//app:typed_after_the_crash', { timeout: COMMAND_TIMEOUT });
  await expect(output).toContainText('exit code 0');
});

test('the worker dies while it loads the files: a fresh one reloads them by itself, Problems and Targets come back', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, { 'MODULE.bazel': '', 'app/BUILD': 'filegroup(name = "a")\n' }, 'app/BUILD');
  // A long load (up to the step budget) is in flight when the worker dies; no further edit follows.
  await page.evaluate(() => window.__rulepen!.setFileText('app/BUILD', 'X = [i for i in range(1000000000)]\n\nfilegroup(name = "b")\n'));
  await page.waitForFunction(() => window.__rulepen!.isSettled() === false);
  await page.waitForTimeout(400);
  await page.evaluate(() => window.__rulepen!.crashEngine('simulated crash during a load'));

  await waitForEngine(page);
  await problemsTab(page).click();
  await expect(problemRows(page).filter({ hasText: 'too many steps' })).toHaveCount(1);
  await expect(page.locator('.engine-status')).toHaveText(/^modern Bazel · 1 package, \d+ targets? · \d+ ms$/);
  await expect(page.getByText('The engine worker failed')).toHaveCount(0);
  expect(await getFileText(page, 'app/BUILD')).toBe('X = [i for i in range(1000000000)]\n\nfilegroup(name = "b")\n');
});

test('a crash of the idle worker loses no edit; the next request starts a fresh one', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, { 'MODULE.bazel': '', 'app/BUILD': 'filegroup(name = "before")\n' }, 'app/BUILD');
  await expect(targetButton(page, '//app:before')).toBeVisible();
  const [engine] = engineWorkers(page);
  expect(engine).toBeDefined();
  const closed = new Promise<void>((resolve) => engine.once('close', () => resolve()));

  await engine.evaluate(() => setTimeout(() => { throw new Error('simulated engine crash'); }));
  await closed;
  await typeAtEnd(page, 'filegroup(name = "after")\n');
  await waitForEngine(page);
  expect(await getFileText(page, 'app/BUILD')).toBe('filegroup(name = "before")\nfilegroup(name = "after")\n');
  await expect(targetButton(page, '//app:after')).toBeVisible();
  expect(engineWorkers(page)).toHaveLength(1);
});

test('Stop, then a reload: what was typed during the stopped build is still there', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, slowBuildWorkspace(), 'p/BUILD');
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //p:all');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await typeAtEnd(page, '# typed during the build\n');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByLabel('Command output')).toContainText('stopped', { timeout: 5_000 });
  await typeAtEnd(page, '# typed after Stop\n');
  await page.reload();
  await waitForEngine(page);
  expect(await getFileText(page, 'p/BUILD')).toMatch(/\n# typed during the build\n# typed after Stop\n$/);
  await expect(page.getByRole('textbox', { name: 'Command line' })).toHaveValue('bazel build //p:all');
  await expect(targetButton(page, '//p:quick')).toBeVisible();
});

test('a damaged saved session opens the default workspace with a notice, and the page works', async ({ page }) => {
  // Disposed at the end: the page is shared with the worker's next tests (e2e/fixtures.ts).
  const seed = await page.addInitScript((key) => {
    // Only on the first load: after it, the page's own saves must win.
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(key, 'rp2.this-is-not-a-session');
      sessionStorage.setItem('seeded', '1');
    }
  }, STORAGE_KEY);
  await openPlayground(page);
  const notice = page.getByTestId('notice');
  await expect(notice).toContainText('Your saved session could not be restored');
  await expect(notice).toContainText('Showing the default workspace instead');
  await expect(targetButton(page, '//app:banner')).toBeVisible();
  expect(await page.evaluate((k) => localStorage.getItem(k), `${STORAGE_KEY}.unreadable`)).toBe('rp2.this-is-not-a-session');

  // Work goes on and is saved again.
  await typeAtEnd(page, '\n# after the damaged session');
  await page.reload();
  await waitForEngine(page);
  await expect(page.getByTestId('notice')).toHaveCount(0);
  expect(await getFileText(page, 'app/BUILD')).toMatch(/\n# after the damaged session$/);
  await seed.dispose();
});
