// A share link never overwrites your work: opened on load or pasted into a tab already on rulepen (`hashchange`),
// it becomes a workspace of its own, with a notice naming what happened and one click back to your own work,
// which is kept. The Workspaces dialog lists them to reopen, rename and delete, with the keyboard.

import type { Page } from '@playwright/test';
import { encodeShareState } from '../src/ui/state/share-link.ts';
import { test, expect } from './fixtures.ts';
import { getFileText, openPlayground, waitForEngine } from './helpers.ts';
import { SPEC_TIMEOUT } from './timeouts.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

const BUG_FILES = {
  'MODULE.bazel': '',
  'bug/BUILD': 'filegroup(\n    name = "bug",\n    srcs = [":missing"],\n)\n',
};

function bugLink(command = 'bazel build //bug:bug'): string {
  return '/#' + encodeShareState({ files: BUG_FILES, command, activePath: 'bug/BUILD', panels: { side: 'targets', bottom: 'problems' }, extras: {}, lesson: null });
}

async function typeAtEnd(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: /^Editor: / }).focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

const notice = (page: Page) => page.getByTestId('notice');

// At 1024 px until the link's workspace is open, then at 1440 px.
test.describe('at 1024 and 1440 px', () => {
  test.use({ viewport: { width: 1024, height: 800 } });

  test('a link pasted into a tab on rulepen opens as its own workspace; one click brings your work back', async ({ page }) => {
    await openPlayground(page);
    await typeAtEnd(page, '\n# my own edit');
    await expect.poll(() => getFileText(page, 'app/BUILD')).toMatch(/# my own edit$/);

    // Only the fragment changes: the page is not reloaded, `hashchange` opens the link.
    await page.evaluate((hash) => (location.hash = hash), bugLink().slice(1));
    await expect(notice(page)).toContainText('Opened a shared link as a new workspace, “Link: bazel build //bug:bug”');
    await expect(notice(page)).toContainText('Your own work is kept as “My workspace”');
    await waitForEngine(page);
    expect(await page.evaluate(() => window.__rulepen!.files())).toEqual(BUG_FILES);
    await expect(page.getByTestId('active-path')).toHaveText('bug/BUILD');
    // Its command ran, and its result is in front.
    await expect(page.getByRole('tab', { name: 'Output' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Command output')).toContainText('exit code 1');
    await expect(page.getByRole('button', { name: /^Workspace: Link: bazel build \/\/bug:bug\./ })).toBeVisible();
    await page.screenshot({ path: '/tmp/rulepen-workspaces-link-1024.png' });
    await page.setViewportSize({ width: 1440, height: 800 });
    await expect(page.getByRole('button', { name: 'Back to “My workspace”' })).toBeInViewport();
    await expect(page.getByRole('button', { name: /^Workspace: Link: bazel build \/\/bug:bug\./ })).toBeInViewport();
    await page.screenshot({ path: '/tmp/rulepen-workspaces-link-1440.png' });

    await page.getByRole('button', { name: 'Back to “My workspace”' }).click();
    await expect(notice(page)).toHaveCount(0);
    // The notice goes at the click; the workspace comes back once it is read from IndexedDB.
    await expect(page.getByRole('button', { name: /^Workspace: My workspace\./ })).toBeVisible();
    await waitForEngine(page);
    expect(await getFileText(page, 'app/BUILD')).toMatch(/# my own edit$/);
    expect(await getFileText(page, 'bug/BUILD')).toBeUndefined();
    expect(page.url()).not.toContain('#');

    // Both are listed; the link's workspace reopens from the list with the keyboard.
    await page.getByRole('button', { name: /^Workspace: My workspace\./ }).click();
    const dialog = page.getByRole('dialog', { name: 'Workspaces' });
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    await expect(dialog.getByRole('button', { name: 'My workspace (open now)' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Open Link: bazel build //bug:bug' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await waitForEngine(page);
    await expect(page.getByTestId('active-path')).toHaveText('bug/BUILD');
  });
});

test('a link opened on load keeps your work; a reload keeps the link’s workspace; rename and delete by keyboard', async ({ page }) => {
  await openPlayground(page);
  await typeAtEnd(page, '\n# mine, before the link');
  await page.goto('about:blank');
  await page.goto(bugLink('bazel query //bug:all'));
  await expect(notice(page)).toContainText('Opened a shared link as a new workspace, “Link: bazel query //bug:all”');
  await waitForEngine(page);
  await expect(page.getByLabel('Command output')).toContainText('//bug:bug');
  await expect(page.getByRole('button', { name: 'Back to “My workspace”' })).toBeVisible();

  // A reload (the address still holds the link) opens the same workspace, not a second copy.
  await page.reload();
  await waitForEngine(page);
  expect(await getFileText(page, 'bug/BUILD')).toBe(BUG_FILES['bug/BUILD']);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.keyboard.press('ArrowUp'); // wraps to the last item…
  await page.getByRole('menuitem', { name: /^Workspaces…/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Workspaces' });
  await expect(dialog.getByRole('listitem')).toHaveCount(2);

  // Rename the link's workspace (Enter saves), then delete yours… no: the open one cannot be deleted.
  await dialog.getByRole('button', { name: 'Rename Link: bazel query //bug:all' }).click();
  await expect(dialog.getByRole('textbox', { name: 'New name for Link: bazel query //bug:all' })).toBeFocused();
  await page.keyboard.type('The missing-file bug');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'The missing-file bug (open now)' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete The missing-file bug' })).toBeDisabled();
  await page.screenshot({ path: '/tmp/rulepen-workspaces-dialog-1280.png' });

  // Back to yours from the list, then delete the link's workspace (with a confirmation).
  await dialog.getByRole('button', { name: 'Open My workspace' }).click();
  // Opening a stored workspace reads IndexedDB first: the engine is settled on the old files until it has.
  await expect(page.getByRole('button', { name: /^Workspace: My workspace\./ })).toBeVisible();
  await waitForEngine(page);
  expect(await getFileText(page, 'app/BUILD')).toMatch(/# mine, before the link$/);
  await page.getByRole('button', { name: /^Workspace: My workspace\./ }).click();
  await dialog.getByRole('button', { name: 'Delete The missing-file bug' }).click();
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The list lives in IndexedDB, with a schema version.
  const stored = await page.evaluate(
    () =>
      new Promise<{ version: number; names: string[] }>((resolve, reject) => {
        const r = indexedDB.open('rulepen');
        r.onsuccess = () => {
          const t = r.result.transaction('workspaces').objectStore('workspaces').getAll();
          t.onsuccess = () => resolve({ version: r.result.version, names: t.result.map((w: { name: string }) => w.name) });
        };
        r.onerror = () => reject(r.error);
      }),
  );
  expect(stored).toEqual({ version: 1, names: ['My workspace'] });
});

test('a lesson you changed is kept in the list when another lesson replaces it', async ({ page }) => {
  await openPlayground(page);
  const openExample = async (title: string) => {
    await page.getByRole('button', { name: 'Examples' }).click();
    await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: `Open example: ${title}` }).click();
    await waitForEngine(page);
  };
  await openExample('alias: a second name');
  await typeAtEnd(page, '\n# my note on aliases');
  await openExample('config_setting: matching flag values');
  await page.getByRole('button', { name: /^Workspace: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Workspaces' });
  await dialog.getByRole('button', { name: 'Open Lesson: alias: a second name (changed)' }).click();
  // Opening a stored workspace reads IndexedDB first: the engine is settled on the old files until it has.
  await expect(page.getByRole('button', { name: /^Workspace: Lesson: alias: a second name \(changed\)\./ })).toBeVisible();
  await waitForEngine(page);
  const files = await page.evaluate(() => window.__rulepen!.files());
  expect(Object.values(files).some((t) => typeof t === 'string' && t.endsWith('\n# my note on aliases'))).toBe(true);
  await expect(page.getByRole('complementary', { name: 'Lesson: alias: a second name' })).toBeVisible();
});
