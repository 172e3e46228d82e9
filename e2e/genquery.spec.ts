// The Genquery panel: the selected genquery's expression, scope closure and result after a build; a scope
// violation with its path; "Try it" in the Query panel and "back" into the BUILD file; a compressed output shown
// decompressed in Generated files.

import { test, expect } from './fixtures.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';
import { getFileText, openPlayground, replaceWorkspace, setFileText } from './helpers.ts';
import type { Page } from '@playwright/test';

test.describe.configure({ timeout: SPEC_TIMEOUT });

const APP_BUILD = `genquery(
    name = "deps",
    expression = "deps(//lib:y)",
    scope = ["//lib:y"],
    compressed_output = True,
)
`;

const WORKSPACE = {
  'MODULE.bazel': '',
  'app/BUILD': APP_BUILD,
  'lib/BUILD': `package(default_visibility = ["//visibility:public"])

filegroup(name = "x", srcs = ["x.txt"])

filegroup(name = "y", srcs = [":x"])

filegroup(name = "top", srcs = [":y"])
`,
  'lib/x.txt': 'x\n',
};

function genquery(page: Page) {
  return page.getByRole('tabpanel', { name: 'Genquery', exact: true });
}

function queryPanel(page: Page) {
  return page.getByRole('tabpanel', { name: 'Query', exact: true });
}

test('a genquery: result, scope violation and its path, Try it in Query and back into the BUILD file', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, WORKSPACE, 'app/BUILD');
  await page.getByRole('tab', { name: 'Genquery', exact: true }).click();
  await genquery(page).getByRole('list', { name: 'Genquery targets' }).getByRole('button', { name: '//app:deps' }).click();
  await genquery(page).getByRole('button', { name: 'Run bazel build //app:deps' }).click();

  const sentence = genquery(page).locator('.genquery-sentence');
  await expect(sentence).toHaveText(':deps ran deps(//lib:y) over the closure of 1 scope target (3 targets) and found 3 targets', { timeout: COMMAND_TIMEOUT });
  const result = genquery(page).getByRole('list', { name: 'Result labels' });
  await expect(result.getByRole('listitem')).toHaveText(['//lib:x', '//lib:x.txt', '//lib:y']);
  await expect(genquery(page).getByRole('list', { name: 'Scope closure' })).toContainText('//lib:x.txt');

  // The compressed output, shown decompressed with its compressed size.
  await page.getByRole('tab', { name: /^Generated files/ }).click();
  const generated = page.getByRole('tabpanel', { name: /^Generated files/ });
  await generated.getByRole('button', { name: 'Show bazel-bin/app/deps' }).click();
  await expect(generated).toContainText(/gzip: .* compressed → .*, shown decompressed/);
  await expect(generated.getByLabel('File contents')).toHaveText('//lib:x\n//lib:x.txt\n//lib:y\n');

  // A result label opens its declaration.
  await result.getByRole('button', { name: '//lib:y' }).click();
  await expect(page.getByTestId('active-path')).toHaveText('lib/BUILD');

  // Out of the scope: the build fails, and the panel says where and why.
  await setFileText(page, 'app/BUILD', APP_BUILD.replace('deps(//lib:y)', 'deps(//lib:top)'));
  await genquery(page).getByRole('button', { name: 'Build again' }).click();
  await expect(sentence).toContainText("failed: //lib:top is not within the scope of the query; path: //lib:top", { timeout: COMMAND_TIMEOUT });
  const violation = genquery(page).getByRole('region', { name: 'Scope violation' });
  await expect(violation).toContainText('//lib:top depends on the scope (//lib:top → //lib:y)');
  await page.screenshot({ path: '/tmp/genquery-panel.png' });

  // Try it: the expression in the Query panel, run over the whole workspace.
  await genquery(page).getByRole('button', { name: 'Try it in Query' }).click();
  await expect(page.getByRole('tab', { name: 'Query', exact: true })).toHaveAttribute('aria-selected', 'true');
  const input = queryPanel(page).getByRole('textbox', { name: 'Query expression' });
  await expect(input).toHaveValue('deps(//lib:top)');
  await expect(queryPanel(page).getByLabel('Query result')).toHaveText('//lib:top\n//lib:x\n//lib:x.txt\n//lib:y\n', { timeout: COMMAND_TIMEOUT });
  await expect(queryPanel(page).getByRole('group', { name: 'From a genquery' })).toContainText('From genquery //app:deps');
  await page.screenshot({ path: '/tmp/genquery-try-it.png' });

  // Back: the edited expression goes into the BUILD file, and the panel follows.
  await input.fill('deps(//lib:x)');
  await input.press('Enter');
  await queryPanel(page).getByRole('button', { name: '← Back to genquery' }).click();
  await expect.poll(() => getFileText(page, 'app/BUILD')).toBe(APP_BUILD.replace('deps(//lib:y)', 'deps(//lib:x)'));
  await expect(page.getByRole('tab', { name: 'Genquery', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('active-path')).toHaveText('app/BUILD');
  await genquery(page).getByRole('button', { name: 'Build again' }).click();
  await expect(sentence).toHaveText(':deps ran deps(//lib:x) over the closure of 1 scope target (3 targets) and found 2 targets', { timeout: COMMAND_TIMEOUT });
});
