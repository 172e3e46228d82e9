// Compare: the command line under Bazel 4.2.3 and current Bazel side by side. Typed commands rerun the comparison
// while the Compare tab is in front; the verdict says same or how it differs; differing lines are marked; a link
// made with "Open in compare view" opens on the comparison; a narrow panel stacks the two columns.

import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { openPlayground, waitForEngine } from './helpers.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

async function typeCommand(page: Page, line: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Command line' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(line);
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+Enter');
}

// One page: at 1024 px, then widened to 1440 px, then narrowed to 700 px; the link opens at 1024 px.
test('the same command under Bazel 4.2.3 and current Bazel at 1024 and 1440 px, and a link that opens on it', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await openPlayground(page);
  await page.getByRole('tab', { name: 'Compare' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Compare' });
  const summary = panel.getByRole('status');
  const old = panel.getByRole('region', { name: 'Under Bazel 4.2.3' });
  const current = panel.getByRole('region', { name: 'Under current Bazel' });

  // An output format current Bazel has and 4.2.3 does not.
  await typeCommand(page, 'bazel cquery //app:banner --output=files');
  await expect(summary).toHaveText('Differs: exit 2 vs 0, different stdout and stderr', { timeout: COMMAND_TIMEOUT });
  await expect(old.getByRole('heading')).toContainText('exit code 2');
  await expect(current.getByRole('heading')).toContainText('exit code 0');
  await expect(old.getByLabel('Output under Bazel 4.2.3').locator('[data-changed]')).toContainText(["ERROR: Invalid output format 'files'"]);
  await expect(current.locator('[data-changed]').first()).toContainText('bazel-out/k8-fastbuild/bin/app/banner.txt');
  // The default workspace is a MODULE.bazel one: the 4.2.3 run says what it added.
  await expect(panel).toContainText('Bazel 4.2.3 ran with `.bazelversion` added: 4.2.3; an empty `WORKSPACE` added (Bazel 4.2.3 has no MODULE.bazel).');
  // A run keeps the Compare tab in front; Output has the run as usual (under the workspace's own version).
  await expect(page.getByRole('tab', { name: 'Compare' })).toHaveAttribute('aria-selected', 'true');

  await typeCommand(page, 'bazel build //app:text');
  await expect(summary).toHaveText('Same result under Bazel 4.2.3 and current Bazel (exit code 0)', { timeout: COMMAND_TIMEOUT });
  await expect(panel.locator('[data-changed]')).toHaveCount(0);

  // query orders by dependency in 4.2.3 and sorts in current Bazel.
  await typeCommand(page, 'bazel query //...');
  await expect(summary).toHaveText('Differs: the same exit code (0), different stdout', { timeout: COMMAND_TIMEOUT });
  await expect(current.getByLabel('Output under current Bazel')).toContainText('//app:all_text\n//app:banner');
  // Side by side at both widths: the columns start on the same row.
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await expect.poll(async () => Math.abs((await old.boundingBox())!.y - (await current.boundingBox())!.y)).toBeLessThan(2);
    const [a, b] = [(await old.boundingBox())!, (await current.boundingBox())!];
    expect(b.x).toBeGreaterThan(a.x + a.width - 1);
    await page.screenshot({ path: `/tmp/rulepen-compare-${width}.png` });
  }

  // Share with the Compare tab in front: "Open in compare view" is ticked.
  await page.keyboard.press('ControlOrMeta+s');
  const compareBox = page.getByRole('checkbox', { name: /Open in compare view/ });
  await expect(compareBox).toBeChecked();
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  // Unticked, the link is another one (and ticking again gives the first back).
  await compareBox.press('Space');
  await expect(page.getByRole('textbox', { name: 'Share link' })).not.toHaveValue(link);
  await compareBox.press('Space');
  await expect(page.getByRole('textbox', { name: 'Share link' })).toHaveValue(link);
  await page.keyboard.press('Escape');

  // Narrow: the columns stack.
  await page.setViewportSize({ width: 700, height: 800 });
  await expect
    .poll(async () => (await current.boundingBox())!.y - ((await old.boundingBox())!.y + (await old.boundingBox())!.height))
    .toBeGreaterThanOrEqual(0);

  const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  const other = await context.newPage();
  await other.goto(link);
  await waitForEngine(other);
  await expect(other.getByRole('tab', { name: 'Compare' })).toHaveAttribute('aria-selected', 'true');
  const otherPanel = other.getByRole('tabpanel', { name: 'Compare' });
  await expect(otherPanel.getByRole('status')).toHaveText('Differs: the same exit code (0), different stdout', { timeout: COMMAND_TIMEOUT });
  await expect(otherPanel.getByRole('region', { name: 'Under Bazel 4.2.3' })).toContainText('//app:text');
  await other.screenshot({ path: '/tmp/rulepen-compare-link-1024.png' });
  await context.close();
});
