// Accessibility: an axe-core check of the main views — the editor page, Output after a build, Problems, Compare,
// Why, the Query panel's graph, the Docs page, the Help and Workspaces dialogs — in the light and the dark theme,
// with no violation of impact serious or critical. One page load: the views are switched within it, and after the
// first check of the whole page each check covers only the part that changed (axe takes seconds per page on a
// busy machine). Each violation is printed with its rule id, impact and the nodes it names.

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { findInEditor, openFile, openPlayground, typeAndRunCommand } from './helpers.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT * 2 });

const BOTTOM = 'section[aria-label="Bottom panels"]';
const SIDE = 'section[aria-label="Side panels"]';
const DIALOG = 'dialog[open]';

/** The serious and critical violations in `scope` (default: the whole page), one entry per rule with its nodes. */
async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  // Legacy mode: axe.run() in the page itself (the playground has no frames), instead of finishing each run in a
  // fresh blank page, which costs seconds per check.
  let axe = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  if (scope) axe = axe.include(scope);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n` + v.nodes.map((n) => `    ${n.target.join(' ')}  ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join('\n'));
}

async function check(page: Page, view: string, scope?: string): Promise<void> {
  expect.soft(await seriousViolations(page, scope), `serious or critical axe violations in ${view}`).toEqual([]);
}

async function runWithKeyboard(page: Page, line: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Command line' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(line);
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+Enter');
}

test('the main views, light and dark, have no serious or critical accessibility violation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await openPlayground(page);
  await check(page, 'the editor page (light)');

  await typeAndRunCommand(page, 'bazel build //app:text', COMMAND_TIMEOUT);
  await check(page, 'Output after a build', BOTTOM);

  await page.getByRole('tab', { name: /^Problems/ }).click();
  await check(page, 'Problems', BOTTOM);

  // Compare, with differing lines marked: a run with the tab in front compares.
  await page.getByRole('tab', { name: 'Compare' }).click();
  await runWithKeyboard(page, 'bazel query //...');
  const compare = page.getByRole('tabpanel', { name: 'Compare' });
  await expect(compare.getByRole('status')).toContainText('Differs', { timeout: COMMAND_TIMEOUT });
  await check(page, 'Compare (light)', BOTTOM);

  await findInEditor(page, 'name = "banner"');
  await page.getByRole('tab', { name: 'Why', exact: true }).click();
  await expect(page.getByRole('tabpanel', { name: 'Why' })).toContainText('//app:banner');
  await check(page, 'Why', SIDE);

  await page.getByRole('tab', { name: 'Query', exact: true }).click();
  const query = page.getByRole('tabpanel', { name: 'Query', exact: true });
  await query.getByRole('textbox', { name: 'Query expression' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('deps(//app:text)');
  await page.keyboard.press('Enter');
  await query.getByRole('radio', { name: 'Graph' }).click();
  await expect(query.getByTestId('query-graph').getByRole('button', { name: /^\/\/app:banner \(genrule rule\)/ })).toBeVisible();
  await check(page, 'the Query graph', SIDE);

  await openFile(page, 'app/defs.bzl');
  await page.getByRole('tab', { name: 'Docs' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Docs' }).getByRole('article', { name: 'Documentation page' })).toBeVisible();
  // The whole page: the editor now shows a .bzl file.
  await check(page, 'the Docs page');

  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: /^Workspaces…/ }).click();
  await expect(page.getByRole('dialog', { name: 'Workspaces' })).toBeVisible();
  await check(page, 'the Workspaces dialog', DIALOG);
  await page.keyboard.press('Escape');

  // Dark, chosen in Help with the keyboard; the Help dialog checked there.
  await page.getByRole('tab', { name: 'Docs' }).press('?');
  const help = page.getByRole('dialog', { name: 'Help' });
  await expect(help).toBeVisible();
  await check(page, 'the Help dialog (light)', DIALOG);
  await help.getByRole('radio', { name: 'Dark' }).focus();
  await page.keyboard.press('Space');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await check(page, 'the Help dialog (dark)', DIALOG);
  await page.keyboard.press('Escape');
  await check(page, 'the Docs page and the editor (dark)');

  await page.getByRole('tab', { name: 'Why', exact: true }).click();
  await check(page, 'Why (dark)', SIDE);
  await page.getByRole('tab', { name: 'Query', exact: true }).click();
  await check(page, 'the Query graph (dark)', SIDE);
  await check(page, 'Compare (dark)', BOTTOM);
  await page.getByRole('tab', { name: 'Output' }).click();
  await check(page, 'Output (dark)', BOTTOM);
});
