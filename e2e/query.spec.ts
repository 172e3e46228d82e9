// The Query panel: an expression gives text results and a target graph; a node opens its declaration; history,
// formats, cquery, and results that follow the files.

import { test, expect } from './fixtures.ts';
import { SPEC_TIMEOUT } from './timeouts.ts';
import { getFileText, openPlayground, setFileText } from './helpers.ts';
import type { Page } from '@playwright/test';

test.describe.configure({ timeout: SPEC_TIMEOUT });

function queryPanel(page: Page) {
  return page.getByRole('tabpanel', { name: 'Query', exact: true });
}

async function openQuery(page: Page) {
  await openPlayground(page);
  await page.getByRole('tab', { name: 'Query', exact: true }).click();
}

async function runQuery(page: Page, expression: string) {
  const input = queryPanel(page).getByRole('textbox', { name: 'Query expression' });
  await input.fill(expression);
  await input.press('Enter');
}

test('a query shows its result as text, with labels that open their declarations', async ({ page }) => {
  await openQuery(page);
  await runQuery(page, 'kind(genrule, //app:*)');
  const result = queryPanel(page).getByLabel('Query result');
  await expect(result).toContainText('genrule rule //app:banner');
  await expect(result).toContainText('genrule rule //app:hello');
  await expect(queryPanel(page).getByRole('status')).toContainText('exit 0');
  await result.getByRole('button', { name: '//app:hello' }).click();
  await expect(page.getByTestId('active-path')).toHaveText('app/BUILD');
  const line = (await getFileText(page, 'app/BUILD'))!.split('\n').findIndex((l) => l.startsWith('greeting(')) + 1;
  await expect.poll(() => page.evaluate(() => window.__rulepen!.cursor()?.line)).toBe(line);
  await page.screenshot({ path: '/tmp/query-text.png' });
});

test('history: ↑ and ↓ walk the expressions run', async ({ page }) => {
  await openQuery(page);
  await runQuery(page, '//app:banner');
  await runQuery(page, '//tools:all');
  const input = queryPanel(page).getByRole('textbox', { name: 'Query expression' });
  await input.fill('draft');
  await input.press('ArrowUp');
  await expect(input).toHaveValue('//tools:all');
  await input.press('ArrowUp');
  await expect(input).toHaveValue('//app:banner');
  await input.press('ArrowDown');
  await input.press('ArrowDown');
  await expect(input).toHaveValue('draft');
});

test('results follow the files: an edit re-runs the query', async ({ page }) => {
  await openQuery(page);
  await runQuery(page, '//tools:*');
  const result = queryPanel(page).getByLabel('Query result');
  await expect(result).toContainText('//tools:license');
  const build = (await getFileText(page, 'tools/BUILD'))!;
  await setFileText(page, 'tools/BUILD', build + '\nfilegroup(name = "fresh")\n');
  await expect(result).toContainText('//tools:fresh');
});

test('the command shown is the one that runs, in Bazel syntax', async ({ page }) => {
  await openQuery(page);
  await runQuery(page, 'deps(//app:banner)');
  await queryPanel(page).getByRole('combobox', { name: 'Output format' }).selectOption('label');
  await expect(queryPanel(page).getByText("$ bazel query 'deps(//app:banner)' --output=label")).toBeVisible();
  await expect(queryPanel(page).getByLabel('Query result')).toContainText('//tools:LICENSE.txt');
});

test('the graph view draws nodes coloured by kind; a click opens the declaration', async ({ page }) => {
  await openQuery(page);
  await runQuery(page, 'deps(//app:text)');
  await queryPanel(page).getByRole('radio', { name: 'Graph' }).click();
  const graph = queryPanel(page).getByTestId('query-graph');
  await expect(graph.getByRole('button', { name: /^\/\/app:banner \(genrule rule\)/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/query-graph.png' });
  await graph.getByRole('button', { name: /^\/\/tools:license \(filegroup rule\)/ }).click();
  await expect(page.getByTestId('active-path')).toHaveText('tools/BUILD');
});

test('edges that exist only in a select() branch are dashed, with a legend; cquery shows configurations', async ({ page }) => {
  await openPlayground(page);
  await page.evaluate(() =>
    window.__rulepen!.replaceWorkspace(
      {
        'MODULE.bazel': '',
        'p/BUILD': `config_setting(name = "arm", values = {"cpu": "arm"})

filegroup(name = "a")

filegroup(name = "b")

genrule(
    name = "g",
    srcs = select({":arm": [":a"], "//conditions:default": [":b"]}),
    outs = ["g.txt"],
    cmd = "touch $@",
)
`,
      },
      'p/BUILD',
    ),
  );
  await page.getByRole('tab', { name: 'Query', exact: true }).click();
  await runQuery(page, 'deps(//p:g)');
  await queryPanel(page).getByRole('radio', { name: 'Graph' }).click();
  const graph = queryPanel(page).getByTestId('query-graph');
  await expect(graph.getByRole('button', { name: /^\/\/p:a \(filegroup rule\)/ })).toBeVisible();
  await expect(graph.locator('.graph-edge.select')).not.toHaveCount(0);
  await expect(queryPanel(page).getByRole('list', { name: 'Legend' })).toContainText('from a select() branch');
  await page.screenshot({ path: '/tmp/query-select-graph.png' });

  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //p:g --cpu=arm');
  await queryPanel(page).getByRole('radio', { name: 'cquery' }).click();
  await queryPanel(page).getByRole('radio', { name: 'Text' }).click();
  await expect(queryPanel(page).getByText("$ bazel cquery 'deps(//p:g)' --output=label_kind --cpu=arm")).toBeVisible();
  await expect(queryPanel(page).getByLabel('Query result')).toContainText(/filegroup rule \/\/p:a \([0-9a-f]{7}\)/);
  await expect(queryPanel(page).getByLabel('Query result')).not.toContainText('//p:b');
});
