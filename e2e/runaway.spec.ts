// Runaway work in the playground: a BUILD file that would loop for ages or grow a string without end ends in a
// located error in Problems (the engine's budgets), and a command that would run for a long time is ended by
// Stop or Esc — the worker is terminated and a fresh one reloads the workspace. Throughout, the editor keeps
// taking keystrokes and nothing the user typed is lost.

import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { getFileText, openPlayground, problemRows, problemsTab, replaceWorkspace, slowBuildWorkspace, targetButton, waitForEngine } from './helpers.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

/** Stop terminates the worker at once; this only allows for a busy machine, the command itself would run for far longer. */
const STOP_TIMEOUT = 5_000;

/** Types at the end of the open file with the real keyboard, as a user would. */
async function typeAtEnd(page: Page, text: string): Promise<void> {
  // Focus rather than a click: a widget (hover, completion) may cover the text.
  await page.getByRole('textbox', { name: /^Editor: / }).focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

test('a BUILD file with a huge loop ends in a located error; the editor keeps working and the fix clears it', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, { 'MODULE.bazel': '', 'app/BUILD': 'filegroup(name = "a")\n' }, 'app/BUILD');
  await expect(targetButton(page, '//app:a')).toBeVisible();

  // The loop goes in without waiting for the engine; the user keeps typing while it evaluates.
  await page.evaluate(() => window.__rulepen!.setFileText('app/BUILD', 'X = [i for i in range(1000000000)]\n\nfilegroup(name = "a")\n'));
  await typeAtEnd(page, '# typed while the engine works');
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('# typed while the engine works');
  await waitForEngine(page);

  await problemsTab(page).click();
  const row = problemRows(page).filter({ hasText: 'too many steps' });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAccessibleName(/^Error: .*too many steps.* at app\/BUILD:1:\d+$/);
  expect(await getFileText(page, 'app/BUILD')).toBe('X = [i for i in range(1000000000)]\n\nfilegroup(name = "a")\n# typed while the engine works');

  // Clicking the row goes to the loop.
  await row.click();
  expect(await page.evaluate(() => window.__rulepen!.cursor())).toMatchObject({ path: 'app/BUILD', line: 1 });

  // The fix: the error goes, the target is back.
  await page.evaluate(() => window.__rulepen!.setFileText('app/BUILD', 'X = [i for i in range(10)]\n\nfilegroup(name = "a")\n'));
  await waitForEngine(page);
  await expect(problemRows(page)).toHaveCount(0);
  await expect(targetButton(page, '//app:a')).toBeVisible();
});

test('exponential string growth in a .bzl ends in a located error at the growing line', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(
    page,
    {
      'MODULE.bazel': '',
      'app/defs.bzl': 'def grow():\n    s = "x"\n    for i in range(64):\n        s = s + s\n    return s\n',
      'app/BUILD': 'load(":defs.bzl", "grow")\n\nX = grow()\n\nfilegroup(name = "a")\n',
    },
    'app/BUILD',
  );
  await problemsTab(page).click();
  const row = problemRows(page).filter({ hasText: 'excessive string length' });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAccessibleName(/ at app\/(BUILD:3|defs\.bzl:4):\d+$/);
  // The page still works: the command line runs and reports the same failure.
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel query //app:all');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByLabel('Command output')).toContainText('excessive string length', { timeout: COMMAND_TIMEOUT });
  await expect(page.getByLabel('Command output')).toContainText('exit code', { timeout: COMMAND_TIMEOUT });
});

test('Stop ends a long build at once; typing during it is kept; a fresh worker reloads the workspace', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, slowBuildWorkspace(), 'p/BUILD');
  const output = page.getByLabel('Command output');
  // A finished command first: its result must not pass for the stopped one's.
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //p:quick');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(output).toContainText('exit code 0', { timeout: COMMAND_TIMEOUT });

  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //p:all');
  await page.getByRole('button', { name: 'Run command' }).click();
  const stop = page.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeEnabled();
  await expect(page.getByRole('progressbar')).toBeVisible();

  // The worker is busy; the editor is not.
  await typeAtEnd(page, '\nfilegroup(name = "typed_during_build")\n');
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('typed_during_build');
  await expect(page.getByRole('progressbar')).toBeVisible();

  await stop.click();
  await expect(output).toContainText('stopped', { timeout: STOP_TIMEOUT });
  await expect(output).toContainText('The command was cancelled (Stop or Esc) and has no result');
  await expect(output).toContainText('your files are unchanged');
  await expect(output).not.toContainText('exit code');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(stop).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('stopped.png') });

  // Nothing lost: the text typed during the build is in the file, and the fresh worker loaded it.
  expect(await getFileText(page, 'p/BUILD')).toContain('filegroup(name = "typed_during_build")');
  await waitForEngine(page);
  await expect(targetButton(page, '//p:typed_during_build')).toBeVisible();
  await expect(page.locator('.engine-status')).toHaveText(/^modern Bazel · 1 package, \d+ targets · \d+ ms$/);

  // The next command runs on the fresh worker.
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel query //p:quick + //p:typed_during_build');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(output).toContainText('//p:typed_during_build', { timeout: COMMAND_TIMEOUT });
  await expect(output).toContainText('exit code 0', { timeout: COMMAND_TIMEOUT });
});

test('Esc in the editor stops a long build, and the same build can be run again', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, slowBuildWorkspace(), 'p/BUILD');
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //p:all');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Command output')).toContainText('stopped', { timeout: STOP_TIMEOUT });
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  // Run again, and stop again with the button: each Stop ends the worker of that run.
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByLabel('Command output')).toContainText('running');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByLabel('Command output')).toContainText('stopped', { timeout: STOP_TIMEOUT });
  await waitForEngine(page);
  await expect(targetButton(page, '//p:quick')).toBeVisible();
});

// A test that never ends and a genrule that floods its output: the shell's budgets may end them by themselves
// with an error, or Stop ends them; either way the page answers again and the workspace is intact.
for (const [name, files, command] of [
  [
    'a test that never ends',
    { 'MODULE.bazel': '', 'p/BUILD': 'sh_test(name = "forever", srcs = ["forever.sh"])\n', 'p/forever.sh': 'while true; do :; done\n' },
    'bazel test //p:forever',
  ],
  [
    'a genrule that floods its output',
    { 'MODULE.bazel': '', 'p/BUILD': 'genrule(\n    name = "flood",\n    outs = ["flood.txt"],\n    cmd = "while true; do echo flood; done > $@",\n)\n' },
    'bazel build //p:flood',
  ],
] as const) {
  test(`${name}: ended by a budget or by Stop, and the engine answers again`, async ({ page }) => {
    await openPlayground(page);
    await replaceWorkspace(page, files, 'p/BUILD');
    await page.getByRole('textbox', { name: 'Command line' }).fill(command);
    await page.getByRole('button', { name: 'Run command' }).click();
    const output = page.getByLabel('Command output');
    await expect(output).toContainText(command);
    const stop = page.getByRole('button', { name: 'Stop' });
    // Give the budgets a moment; if the command still runs, Stop it (it may end by itself meanwhile).
    const ended = await expect(output)
      .toContainText(/exit code|stopped/, { timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
    if (!ended) await stop.click({ timeout: 2_000 }).catch(() => {});
    await expect(output).toContainText(/exit code [1-9]|stopped/, { timeout: COMMAND_TIMEOUT });
    await expect(output).not.toContainText('exit code 0');
    await expect(page.getByRole('progressbar')).toHaveCount(0);

    expect(await page.evaluate(() => window.__rulepen!.files())).toEqual(files);
    await page.getByRole('textbox', { name: 'Command line' }).fill('bazel query //p:all');
    await page.getByRole('button', { name: 'Run command' }).click();
    await expect(output).toContainText('exit code 0', { timeout: COMMAND_TIMEOUT });
  });
}
