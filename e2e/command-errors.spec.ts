// A command's errors next to the code: a broken label, a genquery outside its scope and a failing genrule are
// Problems rows (in the command's group) and markers where the engine places them — the label string, the
// expression, the rule — and they go away as soon as the files change.

import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';
import {
  errorSquiggles,
  expectCommandProblemsCleared,
  findInEditor,
  markersOf,
  openPlayground,
  problemGroupRows,
  problemRows,
  problemsTab,
  replaceWorkspace,
  screenshots,
  typeAndRunCommand,
  waitForEngine,
} from './helpers.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

function cursor(page: Page) {
  return page.evaluate(() => window.__rulepen!.cursor());
}

const LIB = `filegroup(
    name = "data",
    srcs = ["data.txt"],
    visibility = ["//visibility:public"],
)
`;

const APP = `genrule(
    name = "copy",
    srcs = ["//lib:data"],
    outs = ["copy.txt"],
    cmd = "cp $< $@",
)
`;

test('a broken label: a marker on the label string, a Problems row that jumps there, gone after the fix', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, { 'MODULE.bazel': '', 'lib/BUILD': LIB, 'lib/data.txt': 'x\n', 'app/BUILD': APP }, 'app/BUILD');

  // Break the label by typing: //lib:data → //lib:dta.
  await findInEditor(page, 'lib:data');
  await page.keyboard.type('lib:dta');
  await waitForEngine(page);
  // The label is fine for the loader (a workspace problem would show at once); the build finds it missing.
  await problemsTab(page).click();
  await expect(problemRows(page)).toHaveCount(0);
  await typeAndRunCommand(page, 'bazel build //app:copy', COMMAND_TIMEOUT);
  await expect(page.getByLabel('Command output')).toContainText("no such target '//lib:dta'");

  await problemsTab(page).click();
  await expect(problemsTab(page)).toHaveText(/Problems\s*1$/);
  const row = problemGroupRows(page, 'Command').first();
  await expect(row).toContainText("no such target '//lib:dta': target 'dta' not declared in package 'lib'");
  await expect(row).toContainText('app/BUILD:3:13');
  // The marker covers the label string, quotes included: `    srcs = ["//lib:dta"],`.
  const marker = (await markersOf(page, 'app/BUILD')).find((m) => m.message.startsWith("no such target '//lib:dta'"));
  expect(marker).toMatchObject({ severity: 'error', startLine: 3, startColumn: 13, endLine: 3, endColumn: 24 });
  await expect(errorSquiggles(page).first()).toBeVisible();

  // From another file, the row opens app/BUILD at the label.
  await page.getByRole('navigation', { name: 'Files' }).getByRole('button', { name: 'Open lib/BUILD', exact: true }).click();
  await expect(page.getByTestId('active-path')).toHaveText('lib/BUILD');
  await row.click();
  await expect(page.getByTestId('active-path')).toHaveText('app/BUILD');
  await expect.poll(() => cursor(page)).toMatchObject({ path: 'app/BUILD', line: 3, column: 13 });
  await screenshots(page, 'broken-label');

  // Fix it where the cursor is: the command's row and marker go at the first keystroke (they answered other files).
  await findInEditor(page, 'lib:dta');
  await page.keyboard.type('lib:data');
  await expectCommandProblemsCleared(page, 'app/BUILD');
  await expect(problemsTab(page)).toHaveText(/Problems\s*0$/);
  await expect(errorSquiggles(page)).toHaveCount(0);
  await typeAndRunCommand(page, 'bazel build //app:copy', COMMAND_TIMEOUT);
  await expect(page.getByLabel('Command output')).toContainText('exit code 0');
  await problemsTab(page).click();
  await expect(problemRows(page)).toHaveCount(0);
});

const GENQUERY = `genquery(
    name = "deps",
    expression = "deps(//lib:y)",
    scope = ["//lib:y"],
)
`;

test('a genquery outside its scope: a marker on the expression, and the Genquery panel shows the failure', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(
    page,
    {
      'MODULE.bazel': '',
      'app/BUILD': GENQUERY,
      'lib/BUILD': 'package(default_visibility = ["//visibility:public"])\n\nfilegroup(name = "x")\n\nfilegroup(name = "y", srcs = [":x"])\n\nfilegroup(name = "top", srcs = [":y"])\n',
    },
    'app/BUILD',
  );
  // Ask for more than the scope holds: deps(//lib:y) → deps(//lib:top).
  await findInEditor(page, 'lib:y');
  await page.keyboard.type('lib:top');
  await waitForEngine(page);
  await typeAndRunCommand(page, 'bazel build //app:deps', COMMAND_TIMEOUT);

  await problemsTab(page).click();
  const row = problemGroupRows(page, 'Command').first();
  await expect(row).toContainText("in genquery rule //app:deps: query failed: Evaluation failed: target '//lib:top' is not within the scope of the query");
  await expect(row).toContainText('app/BUILD:3:18');
  const marker = (await markersOf(page, 'app/BUILD')).find((m) => m.message.includes('not within the scope of the query'));
  expect(marker).toMatchObject({ startLine: 3, startColumn: 18, endLine: 3, endColumn: 35 });

  // The panel, for the genquery at the cursor (the row puts it there): the sentence, the error, the path.
  await row.click();
  await page.getByRole('tab', { name: 'Genquery', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Genquery', exact: true });
  await expect(panel.locator('.genquery-sentence')).toContainText('failed: //lib:top is not within the scope of the query; path: //lib:top');
  const failure = panel.getByRole('list', { name: 'Genquery error' }).getByRole('button');
  await expect(failure).toContainText("query failed: Evaluation failed: target '//lib:top' is not within the scope of the query");
  await expect(panel.getByRole('region', { name: 'Scope violation' })).toContainText('//lib:top depends on the scope');
  await screenshots(page, 'genquery-failure');
  // Its row opens the expression too.
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await failure.click();
  await expect.poll(() => cursor(page)).toMatchObject({ path: 'app/BUILD', line: 3, column: 18 });
});

test('a failing genrule: a marker on the rule and a Problems row, both gone after an edit', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, { 'MODULE.bazel': '', 'pkg/BUILD': 'filegroup(name = "ok")\n\ngenrule(\n    name = "fail",\n    outs = ["fail.txt"],\n    cmd = "echo no >&2; exit 3",\n)\n' }, 'pkg/BUILD');
  await typeAndRunCommand(page, 'bazel build //pkg:fail', COMMAND_TIMEOUT);
  await expect(page.getByLabel('Command output')).toContainText('Executing genrule //pkg:fail failed: (Exit 3)');

  await problemsTab(page).click();
  const row = problemGroupRows(page, 'Command').first();
  await expect(row).toContainText('Executing genrule //pkg:fail failed: (Exit 3)');
  await expect(row).toContainText('pkg/BUILD:3:1');
  await expect(row).toContainText('execution');
  const marker = (await markersOf(page, 'pkg/BUILD')).find((m) => m.message.startsWith('Executing genrule //pkg:fail failed'));
  expect(marker).toMatchObject({ startLine: 3, startColumn: 1, endLine: 3, endColumn: 8 });
  await row.click();
  await expect.poll(() => cursor(page)).toMatchObject({ path: 'pkg/BUILD', line: 3, column: 1 });
  await screenshots(page, 'failed-genrule');

  // Fix the command: the stale error is gone at once, and the build passes.
  await findInEditor(page, 'exit 3');
  await page.keyboard.type('echo yes > $@');
  await expectCommandProblemsCleared(page, 'pkg/BUILD');
  await typeAndRunCommand(page, 'bazel build //pkg:fail', COMMAND_TIMEOUT);
  await expect(page.getByLabel('Command output')).toContainText('exit code 0');
});
