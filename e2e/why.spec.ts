// The Why panel: the target at the cursor, how its select() resolved with the command line's flags, and why.

import { test, expect } from './fixtures.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';
import { findInEditor, openPlayground, replaceWorkspace, screenshots, targetButton, typeAndRunCommand, waitForEngine } from './helpers.ts';
import type { Page } from '@playwright/test';

test.describe.configure({ timeout: SPEC_TIMEOUT });

const WORKSPACE = {
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
        "//conditions:default": "echo built for another cpu > $@",
    }),
)

filegroup(
    name = "plain",
    srcs = ["banner.txt"],
)
`,
};

function why(page: Page) {
  return page.getByRole('tabpanel', { name: 'Why' });
}

async function runLine(page: Page, line: string) {
  await page.getByRole('textbox', { name: 'Command line' }).fill(line);
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByLabel('Command output')).toContainText('exit code', { timeout: COMMAND_TIMEOUT });
}

test('changing --cpu makes the select pick another branch, and the Why panel says why', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, WORKSPACE, 'pkg/BUILD');
  await targetButton(page, '//pkg:banner').click();
  await page.getByRole('tab', { name: 'Why' }).click();
  await expect(why(page)).toContainText('//pkg:banner');

  await runLine(page, 'bazel build //pkg:banner --cpu=arm');
  const card = why(page).getByRole('region', { name: 'select() in cmd' });
  await expect(card).toContainText('Chosen: //pkg:arm');
  // The evidence: the entry compared, expected, actual and where the actual came from.
  const row = card.getByRole('row', { name: /--cpu/ });
  await expect(row).toContainText('arm');
  await expect(row).toContainText('command line');
  await page.screenshot({ path: '/tmp/why-arm.png' });

  await runLine(page, 'bazel build //pkg:banner --cpu=k8');
  await expect(card).toContainText('Chosen: //conditions:default');
  await expect(card.getByRole('row', { name: /--cpu/ })).toContainText('k8');
  await expect(card).toContainText('default');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: '/tmp/why-dark.png' });
});

test('the panel follows the flags as they are typed (cquery on its own channel, nothing to run)', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, WORKSPACE, 'pkg/BUILD');
  await targetButton(page, '//pkg:banner').click();
  await page.getByRole('tab', { name: 'Why' }).click();
  const line = page.getByRole('textbox', { name: 'Command line' });
  await line.fill('bazel build //pkg:banner --cpu=arm');
  const card = why(page).getByRole('region', { name: 'select() in cmd' });
  await expect(card).toContainText('Chosen: //pkg:arm');
  await expect(why(page)).toContainText('$ bazel cquery //pkg:banner --cpu=arm');
  await line.fill('bazel build //pkg:banner');
  await expect(card).toContainText('Chosen: //conditions:default');
  await expect(card.getByRole('row', { name: /--cpu/ })).toContainText('default');
  // The output panel stayed as it was: nothing ran in the command bar's name.
  await expect(page.getByRole('tab', { name: 'Output' })).toHaveAttribute('aria-selected', 'false');
});

test('a node clicked in the Query graph is the one the Why panel explains', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, WORKSPACE, 'pkg/BUILD');
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //pkg:banner --cpu=arm');
  await page.getByRole('tab', { name: 'Query', exact: true }).click();
  const query = page.getByRole('tabpanel', { name: 'Query', exact: true });
  await query.getByRole('textbox', { name: 'Query expression' }).fill('//pkg:*');
  await query.getByRole('textbox', { name: 'Query expression' }).press('Enter');
  await query.getByRole('radio', { name: 'Graph' }).click();
  await query.getByTestId('query-graph').getByRole('button', { name: /^\/\/pkg:banner \(genrule rule\)/ }).click();
  await page.getByRole('tab', { name: 'Why' }).click();
  await expect(why(page)).toContainText('selected in the graph');
  await expect(why(page).getByRole('region', { name: 'select() in cmd' })).toContainText('Chosen: //pkg:arm');
});

test('a target without select() is said to be the same in every configuration', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, WORKSPACE, 'pkg/BUILD');
  await targetButton(page, '//pkg:plain').click();
  await page.getByRole('tab', { name: 'Why' }).click();
  await expect(why(page)).toContainText('has no select()');
});

test('before any target is selected, the panel says how to select one', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('tab', { name: 'Why' }).click();
  await expect(why(page)).toContainText('Put the cursor inside a rule call');
});

test('at 1024 and 1440 px the condition table fits the side panel: no column cut, no flag broken inside a word', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(
    page,
    {
      'MODULE.bazel': '',
      'pkg/BUILD': `config_setting(
    name = "opt_arm",
    values = {"compilation_mode": "opt", "cpu": "arm"},
    define_values = {"with_experimental_feature": "yes"},
)

genrule(
    name = "g",
    outs = ["g.txt"],
    cmd = select({
        ":opt_arm": "echo a > $@",
        "//conditions:default": "echo b > $@",
    }),
)
`,
    },
    'pkg/BUILD',
  );
  await targetButton(page, '//pkg:g').click();
  await page.getByRole('tab', { name: 'Why' }).click();
  await runLine(page, 'bazel build //pkg:g -c opt --cpu=arm --define with_experimental_feature=yes');
  const card = why(page).getByRole('region', { name: 'select() in cmd' });
  await expect(card).toContainText('Chosen: //pkg:opt_arm');
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(card.getByRole('row', { name: /--compilation_mode/ })).toBeVisible();
    const problems = await card.evaluate((el) => {
      const out: string[] = [];
      const table = el.querySelector('table')!;
      if (table.getBoundingClientRect().right > el.getBoundingClientRect().right + 1) out.push('the table is wider than the panel');
      for (const cell of el.querySelectorAll<HTMLElement>('td, th')) {
        if (cell.scrollWidth > cell.clientWidth + 1) out.push(`cut: ${cell.textContent}`);
      }
      // Each part of a flag between its break opportunities (<wbr>) is laid out on one line, inside its cell.
      for (const cell of el.querySelectorAll<HTMLElement>('td.flag')) {
        const box = cell.getBoundingClientRect();
        for (const part of cell.querySelectorAll<HTMLElement>('span')) {
          const lines = new Set([...part.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(`broken inside a word: ${part.textContent}`);
          if (part.getBoundingClientRect().right > box.right + 1) out.push(`out of its cell: ${part.textContent}`);
        }
      }
      return out;
    });
    expect(problems, `at ${width} px`).toEqual([]);
  }
  await page.screenshot({ path: '/tmp/rulepen-why-table-1440.png' });
});

test('the toolchains lesson: the Why panel shows which registered toolchain a rule gets, and what the others lack', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Examples' }).click();
  await page.getByRole('button', { name: 'Open example: Toolchains: which one does a rule get?' }).click();
  await waitForEngine(page);
  await expect(page.getByLabel('Command output')).toContainText('exit code 0', { timeout: COMMAND_TIMEOUT });
  // The cursor into the rule call, as a user puts it there.
  await findInEditor(page, 'who = ');
  await page.getByRole('tab', { name: 'Why' }).click();
  const card = why(page).getByRole('region', { name: 'Toolchain resolution' });
  await expect(card).toContainText('gets its toolchains for target platform @platforms//host:host');
  const candidates = card.getByRole('list', { name: 'Registered toolchains of type //toolchains:greeter_type' }).getByRole('listitem');
  await expect(candidates).toHaveCount(2);
  const english = candidates.filter({ hasText: 'english_toolchain' });
  await expect(english).toContainText('selected');
  const french = candidates.filter({ hasText: 'french_toolchain' });
  await expect(french).toContainText('needs //toolchains:french (has //toolchains:english)');

  // Another platform: the French greeter fits; then one no toolchain fits, and the build fails.
  await typeAndRunCommand(page, 'bazel build //app:hello --platforms=//toolchains:france');
  await expect(french).toContainText('selected');
  await typeAndRunCommand(page, 'bazel build //app:hello --platforms=//toolchains:germany');
  await expect(page.getByLabel('Command output')).toContainText('No matching toolchains found for types //toolchains:greeter_type.');
  await expect(card).toContainText('fails toolchain resolution for target platform //toolchains:germany');
  await expect(english).toContainText('needs //toolchains:english (has //toolchains:german)');
  await expect(card.getByText('selected', { exact: true })).toHaveCount(0);
  // --toolchain_resolution_debug prints Bazel's own trace of the same resolution in Output.
  await typeAndRunCommand(page, 'bazel build //app:hello --platforms=//toolchains:france --toolchain_resolution_debug=greeter_type');
  const output = page.getByLabel('Command output');
  await expect(output).toContainText('ToolchainResolution: Performing resolution of //toolchains:greeter_type for target platform //toolchains:france');
  await expect(output).toContainText('ToolchainResolution:   Rejected toolchain //toolchains:english_greeter; mismatching values: english');
  await expect(output).toContainText('ToolchainResolution: Target platform //toolchains:france: Selected execution platform @@platforms//host:host, type //toolchains:greeter_type -> toolchain //toolchains:french_greeter');
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    // The list fits the side panel: nothing sticks out of it (measured once it is laid out at the new width).
    await expect(card.getByRole('list').first()).toBeVisible();
    const panel = await why(page).boundingBox();
    const list = await card.getByRole('list').first().boundingBox();
    expect(list!.x + list!.width).toBeLessThanOrEqual(panel!.x + panel!.width + 1);
    expect(await why(page).evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await screenshots(page, `why-toolchains-${width}`, card);
  }
});
