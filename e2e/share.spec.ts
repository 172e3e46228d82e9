// Share links: Ctrl/Cmd+S makes a link to the whole state; opening it in a fresh browser context shows the same
// files, command line, open file and result. A corrupt or hostile link shows a notice and the default workspace.

import { test, expect } from './fixtures.ts';
import { openPlayground, replaceWorkspace, shareAndReopen, waitForEngine } from './helpers.ts';

// Each spec opens the playground more than once: give it room on a busy machine.
test.describe.configure({ timeout: 90_000 });

const FILES = {
  WORKSPACE: 'workspace(name = "shared")\n',
  'pkg/BUILD': 'config_setting(\n    name = "arm",\n    values = {"cpu": "arm"},\n)\n\nfilegroup(\n    name = "shared_group",\n    srcs = ["a.txt"],\n)\n',
  'pkg/a.txt': 'hello <b>not bold</b>\n',
  '.bazelversion': '4.2.3\n',
};

test('a shared link opens in a fresh browser context with the same files, flags and result', async ({ page, browser }) => {
  await openPlayground(page);
  await replaceWorkspace(page, FILES, 'pkg/BUILD');
  const command = 'bazel query //pkg:all --output=label_kind';
  await page.getByRole('textbox', { name: 'Command line' }).fill(command);
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByLabel('Command output')).toContainText('filegroup rule //pkg:shared_group');

  // The Query panel's expression travels too.
  await page.getByRole('tab', { name: 'Query', exact: true }).click();
  await page.getByRole('textbox', { name: 'Query expression' }).fill('kind(filegroup, //pkg:all)');
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+s');
  const dialog = page.getByRole('dialog', { name: 'Share this workspace' });
  await expect(dialog).toBeVisible();
  const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toMatch(/#rp2\.[A-Za-z0-9_-]+$/);
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  const errors: string[] = [];
  other.on('pageerror', (e) => errors.push(e.message));
  await other.goto(link);
  await expect(other.locator('.monaco-editor .view-lines')).toBeVisible();
  await waitForEngine(other);
  expect(await other.evaluate(() => window.__rulepen!.files())).toEqual(FILES);
  await expect(other.getByTestId('active-path')).toHaveText('pkg/BUILD');
  await expect(other.getByRole('textbox', { name: 'Command line' })).toHaveValue(command);
  await expect(other.getByRole('tab', { name: 'Output' })).toHaveAttribute('aria-selected', 'true');
  await expect(other.getByLabel('Command output')).toContainText('filegroup rule //pkg:shared_group');
  await expect(other.getByLabel('Command output')).toContainText('config_setting rule //pkg:arm');
  await expect(other.getByRole('tab', { name: 'Query', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(other.getByRole('textbox', { name: 'Query expression' })).toHaveValue('kind(filegroup, //pkg:all)');
  // The address keeps the link until the first edit; after it, a reload keeps the local edits instead.
  expect(other.url()).toContain('#rp2.');
  await other.evaluate(() => window.__rulepen!.setFileText('pkg/a.txt', 'edited\n'));
  await expect.poll(() => other.url()).not.toContain('#');
  await other.waitForTimeout(400);
  await other.reload();
  await waitForEngine(other);
  expect(await other.evaluate(() => window.__rulepen!.getFileText('pkg/a.txt'))).toBe('edited\n');
  expect(errors).toEqual([]);
  await fresh.close();
});

test('a corrupt or truncated link shows a notice and the default workspace', async ({ page, guard }) => {
  await page.goto('/#rp2.q1YqU7JSUEpWslIqzi8tSk5VqgUA');
  await expect(page.getByTestId('notice')).toContainText('This link could not be opened');
  await expect(page.getByTestId('notice')).toContainText('Showing the default workspace');
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();
  await waitForEngine(page);
  await expect(page.getByTestId('active-path')).toHaveText('app/BUILD');
  await expect(page.getByRole('textbox', { name: 'Command line' })).toHaveValue('bazel query //...');
  await page.getByRole('button', { name: 'Dismiss the notice' }).click();
  await expect(page.getByTestId('notice')).toHaveCount(0);

  // Pasted into the tab already open (only the fragment changes): `hashchange` opens it, no reload needed.
  await page.goto('/#rp7.abc');
  await expect(page.getByTestId('notice')).toContainText('newer rulepen');
  expect(guard.consoleErrors).toEqual([]);
});

test('a hostile link cannot inject HTML or run script', async ({ page }) => {
  // Build a valid link whose texts are HTML and script; they must show as text only.
  await openPlayground(page);
  const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
  await replaceWorkspace(page, { 'MODULE.bazel': '', 'app/BUILD': `# ${evil}\nfilegroup(name = "x")\n` }, 'app/BUILD');
  await page.getByRole('textbox', { name: 'Command line' }).fill(`bazel query '${evil}'`);
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByLabel('Command output')).toContainText('exit code');
  await shareAndReopen(page);
  await expect(page.getByLabel('Command output')).toContainText('<img src=x');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);

  // A link with a path that tries to climb out of the workspace is refused as a whole.
  await page.goto('about:blank');
  const bad = await page.evaluate(async () => {
    const json = JSON.stringify({ v: 2, files: [['../../etc/passwd', 'x']], command: 'query //...' });
    const cs = new CompressionStream('deflate-raw');
    const bytes = new Uint8Array(await new Response(new Blob([json]).stream().pipeThrough(cs)).arrayBuffer());
    return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  });
  await page.goto('/#rp2.' + bad);
  await expect(page.getByTestId('notice')).toContainText('bad file path');
  await expect(page.getByTestId('active-path')).toHaveText('app/BUILD');
});

test('a link longer than chat tools accept comes with a warning', async ({ page }) => {
  await openPlayground(page);
  // Incompressible text: a pseudo-random alphabet soup.
  let seed = 7;
  const noise = Array.from({ length: 12000 }, () => String.fromCharCode(97 + ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 26))).join('');
  await page.evaluate((t) => window.__rulepen!.setFileText('app/noise.txt', t), noise);
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this workspace' });
  await expect(dialog.getByRole('alert')).toContainText('chat tools and issue trackers may cut it');
  await expect(dialog.getByTestId('share-size')).toContainText('characters');
});
