// A bug-report link shows the bug: it carries the open file, the cursor and the selected target; on open it runs
// its command and puts the result in front (the Output tab, its first error in view), with the same Problems
// count and the same Why explanation as the sender had — whatever tab the sender last looked at.

import { test, expect } from './fixtures.ts';
import { findInEditor, openPlayground, problemsTab, replaceWorkspace, waitForEngine } from './helpers.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

const BUG = {
  'MODULE.bazel': '',
  'pkg/BUILD': `config_setting(
    name = "arm",
    values = {"cpu": "arm"},
)

genrule(
    name = "banner",
    outs = ["banner.txt"],
    cmd = select({
        ":arm": "echo built for arm > $@",
    }),
)
`,
};

// The sender works at 1024 px; the recipient opens the link at 1440 px, then narrows the window to 1024 px.
test("the recipient sees the sender's error, Problems and Why, at 1440 and 1024 px", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await openPlayground(page);
  await replaceWorkspace(page, BUG, 'pkg/BUILD');
  await findInEditor(page, 'outs = ');
  await page.getByRole('tab', { name: 'Why', exact: true }).click();
  await expect(page.getByRole('tabpanel', { name: 'Why' })).toContainText('//pkg:banner');
  const input = page.getByRole('textbox', { name: 'Command line' });
  await input.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('bazel build //pkg:banner --cpu=k8');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByLabel('Command output')).toContainText('exit code 1', { timeout: COMMAND_TIMEOUT });
  // The sender looks at Problems last: the link must still open on the result.
  await problemsTab(page).click();
  const problems = await problemsTab(page).textContent();
  await page.keyboard.press('ControlOrMeta+s');
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();

  const context = await browser.newContext({ viewport: { width: 1440, height: 800 } });
  const other = await context.newPage();
  await other.goto(link);
  await waitForEngine(other);
  await expect(other.getByRole('tab', { name: 'Output' })).toHaveAttribute('aria-selected', 'true');
  const output = other.getByLabel('Command output');
  await expect(output).toContainText('configurable attribute "cmd" in //pkg:banner doesn\'t match this configuration', { timeout: COMMAND_TIMEOUT });
  await expect(output.locator('.line-error').first()).toBeInViewport();
  await expect(problemsTab(other)).toHaveText(problems!);
  // Same cursor, so Why explains the same target.
  await expect(other.getByRole('tab', { name: 'Why', exact: true })).toHaveAttribute('aria-selected', 'true');
  const whyHeader = other.getByRole('tabpanel', { name: 'Why' }).locator('.why-header');
  await expect(whyHeader).toContainText('//pkg:banner');
  await expect(whyHeader).toContainText('at the cursor');
  expect(await other.evaluate(() => window.__rulepen!.cursor())).toMatchObject({ path: 'pkg/BUILD', line: 8 });
  await other.screenshot({ path: '/tmp/rulepen-link-result-1440.png' });

  await other.setViewportSize({ width: 1024, height: 800 });
  await expect(output.locator('.line-error').first()).toBeInViewport();
  await expect(whyHeader).toBeInViewport();
  await expect(problemsTab(other)).toBeInViewport();
  await other.screenshot({ path: '/tmp/rulepen-link-result-1024.png' });
  await context.close();
});
