// A select() that cannot choose — ambiguous, no match, a config_setting with a misspelt option: the command's
// error is a Problems row and a marker at the select() (the conditions as related locations), and the Why panel
// explains it for the target at the cursor with the command line's flags, without a build.

import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';
import { errorSquiggles, expectCommandProblemsCleared, findInEditor, markersOf, openPlayground, problemGroupRows, problemsTab, replaceWorkspace, screenshots, typeAndRunCommand, waitForEngine } from './helpers.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

const BUILD = `config_setting(
    name = "arm",
    values = {"cpu": "arm"},
)

config_setting(
    name = "opt",
    values = {"compilation_mode": "opt"},
)

genrule(
    name = "banner",
    outs = ["banner.txt"],
    cmd = select({
        ":arm": "echo arm > $@",
        "//conditions:default": "echo other > $@",
    }),
)
`;

function why(page: Page) {
  return page.getByRole('tabpanel', { name: 'Why' });
}

function cursor(page: Page) {
  return page.evaluate(() => window.__rulepen!.cursor());
}

test('an ambiguous select(): a Problems row and a marker on the select(), the matching conditions as related locations, and Why says what each lacks', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, { 'MODULE.bazel': '', 'pkg/BUILD': BUILD }, 'pkg/BUILD');

  // Make both conditions usable for one configuration: a branch for :opt next to :arm.
  await findInEditor(page, '"echo arm > $@",');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('":opt": "echo opt > $@",');
  await waitForEngine(page);
  await typeAndRunCommand(page, 'bazel build //pkg:banner --cpu=arm -c opt', COMMAND_TIMEOUT);
  await expect(page.getByLabel('Command output')).toContainText('Illegal ambiguous match on configurable attribute "cmd" in //pkg:banner');

  // Problems: the command's group, its row at the select(), the two conditions under it.
  await problemsTab(page).click();
  await expect(problemsTab(page)).toHaveText(/Problems\s*1$/);
  await expect(page.getByRole('region', { name: 'Command problems' })).toContainText('$ bazel build //pkg:banner --cpu=arm -c opt');
  const row = problemGroupRows(page, 'Command').first();
  await expect(row).toContainText('Illegal ambiguous match on configurable attribute "cmd" in //pkg:banner');
  await expect(row).toContainText('pkg/BUILD:14:11');
  const related = page.getByRole('list', { name: 'Related locations' }).getByRole('button');
  await expect(related).toHaveText([/\/\/pkg:arm matches\s*pkg\/BUILD:1:1/, /\/\/pkg:opt matches\s*pkg\/BUILD:6:1/]);

  // The marker: on the select() call, with the conditions as related information.
  const marker = (await markersOf(page, 'pkg/BUILD')).find((m) => m.message.startsWith('Illegal ambiguous match'));
  expect(marker).toMatchObject({ severity: 'error', startLine: 14, startColumn: 11, endLine: 18, endColumn: 7 });
  expect(marker!.related).toEqual([
    { path: 'pkg/BUILD', line: 1, column: 1, message: '//pkg:arm matches' },
    { path: 'pkg/BUILD', line: 6, column: 1, message: '//pkg:opt matches' },
  ]);
  await expect(errorSquiggles(page).first()).toBeVisible();
  // The marker's hover lists the conditions; a click on one opens it.
  await page.locator('.monaco-editor .view-lines').getByText('select', { exact: true }).hover();
  const hover = page.locator('.monaco-hover:visible');
  await expect(hover).toContainText('Illegal ambiguous match');
  await expect(hover).toContainText('//pkg:arm matches');
  await hover.getByText('BUILD(6, 1):').click();
  await expect.poll(() => cursor(page)).toMatchObject({ path: 'pkg/BUILD', line: 6, column: 1 });
  await page.keyboard.press('Escape');

  // A related row opens the condition; the problem row the select().
  await related.nth(0).click();
  await expect.poll(() => cursor(page)).toMatchObject({ path: 'pkg/BUILD', line: 1, column: 1 });
  await row.click();
  await expect.poll(() => cursor(page)).toMatchObject({ path: 'pkg/BUILD', line: 14, column: 11 });

  // Why, for the target at the cursor: both conditions match, and what each has that the other lacks.
  await page.getByRole('tab', { name: 'Why' }).click();
  await expect(why(page)).toContainText('$ bazel cquery //pkg:banner --cpu=arm -c opt');
  const card = why(page).getByRole('region', { name: 'select() in cmd' });
  await expect(card).toContainText('No branch can be chosen: //pkg:arm and //pkg:opt both match and neither is more specialized than the other.');
  await expect(card).toContainText('//pkg:arm asks for --cpu=arm, which //pkg:opt does not; //pkg:opt asks for --compilation_mode=opt, which //pkg:arm does not');
  await expect(card).toContainText('They give different values');
  await expect(card.locator('tbody.status-ambiguous')).toHaveCount(2);
  // In the table, under each entry: which other condition lacks it.
  await expect(card.locator('tr.lacked-row')).toHaveText(['//pkg:opt does not ask for --cpu=arm', '//pkg:arm does not ask for --compilation_mode=opt']);
  await expect(why(page).getByRole('region', { name: 'Errors' })).toContainText('Illegal ambiguous match');
  await screenshots(page, 'ambiguous', card.locator('table'));

  // An edit makes the command's errors stale: its row and marker go, the workspace's stay.
  await findInEditor(page, 'echo other');
  await page.keyboard.type('echo another');
  await expectCommandProblemsCleared(page, 'pkg/BUILD');
  await expect(problemsTab(page)).toHaveText(/Problems\s*0$/);
  // Why still answers for the edited files (its own cquery): still ambiguous.
  await expect(card).toContainText('No branch can be chosen');
});

test('no match: Why highlights each failing check and gives the no_match_error; Problems and the marker point at the select()', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(
    page,
    {
      'MODULE.bazel': '',
      'pkg/BUILD': BUILD.replace('"//conditions:default": "echo other > $@",\n    }),', '":opt": "echo opt > $@",\n    }, no_match_error = "build with --cpu=arm or -c opt"),'),
    },
    'pkg/BUILD',
  );
  await typeAndRunCommand(page, 'bazel build //pkg:banner --cpu=k8', COMMAND_TIMEOUT);

  await problemsTab(page).click();
  const row = problemGroupRows(page, 'Command').first();
  await expect(row).toContainText(`doesn't match this configuration: build with --cpu=arm or -c opt`);
  await expect(row).toContainText('pkg/BUILD:14:11');
  await expect(page.getByRole('list', { name: 'Related locations' }).getByRole('button')).toHaveText([/\/\/pkg:arm does not match/, /\/\/pkg:opt does not match/]);
  const marker = (await markersOf(page, 'pkg/BUILD')).find((m) => m.message.includes("doesn't match this configuration"));
  expect(marker).toMatchObject({ startLine: 14, startColumn: 11 });

  await row.click();
  await page.getByRole('tab', { name: 'Why' }).click();
  const card = why(page).getByRole('region', { name: 'select() in cmd' });
  await expect(card).toContainText('No branch can be chosen: no condition matches and the select() has no //conditions:default.');
  await expect(card).toContainText('//pkg:arm does not match: --cpu is k8 (command line), not arm.');
  await expect(card).toContainText('//pkg:opt does not match: --compilation_mode is fastbuild (default), not opt.');
  await expect(card).toContainText('The select() gives this no_match_error: “build with --cpu=arm or -c opt”');
  const failing = card.locator('tr.check-row.failing');
  await expect(failing).toHaveCount(2);
  await expect(failing.nth(0)).toContainText('--cpu');
  await expect(failing.nth(0)).toContainText('k8');
  await expect(failing.nth(1)).toContainText('--compilation_mode');
  await screenshots(page, 'no-match', failing.nth(1));

  // The command line's flags drive the panel: with --cpu=arm it matches, before any build.
  await page.getByRole('textbox', { name: 'Command line' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('arm');
  await page.keyboard.press('Escape');
  await expect(card).toContainText('//pkg:arm was chosen: it is the only condition that matches.');
  await expect(card).toContainText('Chosen: //pkg:arm');
});

test('a misspelt values key: a marker on it in the config_setting, and Why says "did you mean cpu" at the config_setting and at the rule using it', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, { 'MODULE.bazel': '', 'pkg/BUILD': BUILD }, 'pkg/BUILD');
  await page.getByRole('tab', { name: 'Why' }).click();

  // Type the typo: the cursor is then in the config_setting, and Why explains it at once (its own cquery).
  await findInEditor(page, '"cpu"');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('u');
  await waitForEngine(page);
  const setting = why(page).getByRole('region', { name: 'config_setting //pkg:arm' });
  await expect(setting).toContainText('//pkg:arm is broken: Bazel cannot analyse it, so no select() can use it.');
  await expect(setting).toContainText('cpuu in values is not an option Bazel knows. Did you mean cpu?');
  await expect(why(page).getByRole('region', { name: 'Errors' })).toContainText("unknown option: 'cpuu'");
  await screenshots(page, 'typo-setting');

  // A build marks the entry in the config_setting, and the select() key that uses it.
  await typeAndRunCommand(page, 'bazel build //pkg:banner', COMMAND_TIMEOUT);
  const markers = await markersOf(page, 'pkg/BUILD');
  const own = markers.find((m) => m.message.includes("unknown option: 'cpuu'"));
  // The marker covers the key (line 3 is `    values = {"cpuu": "arm"},`; the string "cpuu" is columns 15-20).
  expect(own).toBeDefined();
  expect(own!.startLine).toBe(3);
  expect(own!.startColumn).toBeLessThanOrEqual(15);
  expect(own!.endColumn).toBeGreaterThanOrEqual(21);
  const user = markers.find((m) => m.message.startsWith('errors encountered resolving select() keys for //pkg:banner'));
  expect(user).toMatchObject({ startLine: 15, startColumn: 9, endColumn: 15 });
  await problemsTab(page).click();
  await expect(problemGroupRows(page, 'Command')).toHaveCount(2);

  // At the rule using it: the select() cannot use the condition, and why.
  await problemGroupRows(page, 'Command').filter({ hasText: 'errors encountered resolving select() keys' }).click();
  await expect.poll(() => cursor(page)).toMatchObject({ line: 15, column: 9 });
  const card = why(page).getByRole('region', { name: 'select() in cmd' });
  await expect(card).toContainText('No branch can be chosen: //pkg:arm cannot be used as a condition.');
  await expect(card).toContainText('//pkg:arm: cpuu in values is not an option Bazel knows. Did you mean cpu?');
  await screenshots(page, 'typo', card.locator('table'));
});

test('when its cquery cannot run (an error in the BUILD file), Why says so and points at the error', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, { 'MODULE.bazel': '', 'pkg/BUILD': BUILD }, 'pkg/BUILD');
  await page.getByRole('tab', { name: 'Why' }).click();
  await findInEditor(page, 'name = "banner"');
  const card = why(page).getByRole('region', { name: 'select() in cmd' });
  await expect(card).toContainText('No condition matches, so the //conditions:default branch was chosen.');

  await page.keyboard.press('ControlOrMeta+End');
  // The closing parenthesis overtypes the one Monaco may have auto-closed.
  await page.keyboard.type('\nbroken()');
  await waitForEngine(page);
  const failed = why(page).getByRole('region', { name: 'The cquery failed' });
  await expect(failed).toContainText('The cquery could not analyse //pkg:banner');
  await expect(failed.getByRole('button')).toContainText("name 'broken' is not defined");
  await expect(card).toHaveCount(0);
  await failed.getByRole('button').click();
  await expect.poll(() => cursor(page)).toMatchObject({ path: 'pkg/BUILD', line: 20, column: 1 });
});
