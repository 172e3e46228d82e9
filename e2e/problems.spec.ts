// Errors next to the code: a syntax error becomes a marker and a Problems row, and both go away when fixed.

import { test, expect } from './fixtures.ts';
import { errorSquiggles, openFile, openPlayground, problemGroupRows, problemRows, problemsTab, typeAndRunCommand, waitForEngine } from './helpers.ts';

test('a syntax error typed into a BUILD file shows a marker and a Problems row until it is fixed', async ({ page }) => {
  await openPlayground(page);
  await openFile(page, 'app/BUILD');
  await expect(problemRows(page)).toHaveCount(0);
  await expect(errorSquiggles(page)).toHaveCount(0);

  // Type a stray parenthesis at the end of the first line, through the editor.
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('End');
  await page.keyboard.type(' )');
  await waitForEngine(page);

  await expect(problemRows(page)).not.toHaveCount(0);
  await expect(problemRows(page).first()).toContainText('app/BUILD:1:');
  await expect(problemsTab(page)).not.toHaveText(/Problems\s*0$/);
  await expect(errorSquiggles(page).first()).toBeVisible();

  // Clicking the row from another file opens app/BUILD at the error.
  await openFile(page, 'MODULE.bazel');
  await problemRows(page).first().click();
  await expect(page.getByTestId('active-path')).toHaveText('app/BUILD');
  await expect.poll(() => page.evaluate(() => window.__rulepen!.cursor()?.line)).toBe(1);

  // Fix it: delete what was typed.
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await waitForEngine(page);
  await expect(problemRows(page)).toHaveCount(0);
  await expect(problemsTab(page)).toHaveText(/Problems\s*0/);
  await expect(errorSquiggles(page)).toHaveCount(0);
});

test('an error in a file set through the store is marked in that file', async ({ page }) => {
  await openPlayground(page);
  await page.evaluate(() => window.__rulepen!.setFileText('tools/BUILD', 'filegroup(\n    name = "x",\n    srcs = [\n'));
  await waitForEngine(page);
  const row = problemRows(page).filter({ hasText: 'tools/BUILD:' }).first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId('active-path')).toHaveText('tools/BUILD');
  await expect(errorSquiggles(page).first()).toBeVisible();
});

test("a C++ rule built for a platform no C++ toolchain matches: Problems names Bazel's error, not just the rule", async ({ page }) => {
  await openPlayground(page);
  await openFile(page, 'app/BUILD');
  // Typed at the end of the file: a platform of another CPU and a cc_binary.
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('platform(name = "arm_linux", constraint_values = ["@platforms//cpu:arm", "@platforms//os:linux"])');
  await page.keyboard.press('Enter');
  await page.keyboard.type('cc_binary(name = "hello_cc", srcs = ["hello.cc"])');
  await waitForEngine(page);
  await expect(problemRows(page)).toHaveCount(0);

  await typeAndRunCommand(page, 'bazel build --nobuild //app:hello_cc --platforms=//app:arm_linux');
  await problemsTab(page).click();
  const row = problemGroupRows(page, 'Command').first();
  await expect(row).toContainText('in cc_toolchain_alias rule @bazel_tools//tools/cpp:current_cc_toolchain:');
  await expect(row).toContainText('Error in fail: Unable to find a CC toolchain using toolchain resolution.');
  await expect(row).toContainText('Platform: @@//app:arm_linux');

  // On the host platform the C++ toolchain resolves and the analysis succeeds.
  await typeAndRunCommand(page, 'bazel build --nobuild //app:hello_cc');
  await expect(page.getByLabel('Command output')).toContainText('Build completed successfully');
});
