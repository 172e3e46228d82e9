// Safety (issue 9, item 4): nothing a workspace, a command's output or a link holds is ever interpreted as HTML or
// script. A workspace with markup in file names, target names, genrule outputs and contents, docstrings, error
// messages and query expressions is walked through every panel that shows them — Files, Problems, Targets (with
// attributes), Query (text, graph, errors), Command output, Generated files, Actions, Docs — and through a share
// link; each text must show literally, no element it names may appear, and no handler may run.

import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { fileList, openPlayground, replaceWorkspace, shareAndReopen, targetsPanel } from './helpers.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

// Each payload sets window.__pwned to its own number if it ever runs.
const NAMED_FILE = 'p/<img src=x onerror=window.__pwned=1>.txt';
const BZL = 'p/<svg onload=window.__pwned=7>.bzl';
const GENRULE = '<svg/onload=window.__pwned=2>';
const OUTPUT = '<svg/onload=window.__pwned=3>.html';
const ENTITY_TARGET = 'amp&lt;b&gt;';
const OUTPUT_LINE = '<img src=x onerror=window.__pwned=4>';
const CONTENT = '<b>bold?</b> <img src=x onerror=window.__pwned=6>';
const TAG = '<script>window.__pwned=5</script>';
const FAIL = '<img src=x onerror=window.__pwned=11>';

const BUILD = `load(":${BZL.slice(2)}", "evil")

genrule(
    name = "${GENRULE}",
    srcs = ["evil.txt"],
    outs = ["${OUTPUT}"],
    cmd = "echo '${OUTPUT_LINE}' > \\"$@\\"; cat $(SRCS) >> \\"$@\\"",
)

filegroup(
    name = "${ENTITY_TARGET}",
    srcs = ["${NAMED_FILE.slice(2)}"],
    tags = ["${TAG}"],
)

evil(name = "e")
`;

const DEFS = `"""Module <img src=x onerror=window.__pwned=8> doc with \`<code>\` and **<b>bold</b>**."""

def _impl(ctx):
    pass

evil = rule(
    implementation = _impl,
    doc = "Rule <img src=x onerror=window.__pwned=9> doc.",
    attrs = {"a": attr.string(doc = "<script>window.__pwned=10</script>", default = "<i>x</i>")},
)
`;

const HOSTILE: Record<string, string> = {
  'MODULE.bazel': '',
  'p/BUILD': BUILD,
  'p/evil.txt': CONTENT + '\n',
  [NAMED_FILE]: 'x\n',
  [BZL]: DEFS,
  'bad/BUILD': `fail("${FAIL}")\n`,
};

/** Nothing ran, and no element or handler the payloads name exists in the page (the dev server's own inline
 * React Refresh script lives in <head>, so the search is of <body>). */
async function expectNothingInterpreted(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  const planted = await page.evaluate(
    () =>
      [...document.body.querySelectorAll('img[src="x"], svg[onload], [onerror], [onload], b, i, script:not([src])')]
        .filter((e) => !e.closest('.monaco-editor'))
        .map((e) => e.outerHTML.slice(0, 120)),
  );
  expect(planted).toEqual([]);
}

function queryPanel(page: Page) {
  return page.getByRole('tabpanel', { name: 'Query', exact: true });
}

async function runQuery(page: Page, expression: string): Promise<void> {
  const input = queryPanel(page).getByRole('textbox', { name: 'Query expression' });
  await input.fill(expression);
  await input.press('Enter');
}

async function runCommand(page: Page, command: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Command line' }).fill(command);
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByLabel('Command output')).toContainText('exit code', { timeout: COMMAND_TIMEOUT });
}

test('hostile names and contents show as text in every panel', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, HOSTILE, 'p/BUILD');

  // Files: the names, as names.
  await expect(fileList(page)).toContainText('<img src=x onerror=window.__pwned=1>.txt');
  await expect(fileList(page)).toContainText('<svg onload=window.__pwned=7>.bzl');
  await fileList(page).getByRole('button', { name: `Open ${NAMED_FILE}`, exact: true }).click();
  await expect(page.getByTestId('active-path')).toHaveText(NAMED_FILE);

  // Problems: the failing package's message.
  await page.getByRole('tab', { name: /^Problems/ }).click();
  await expect(page.getByRole('list', { name: 'Workspace problems' })).toContainText(FAIL);

  // Targets, and the attributes of a target with a markup tag and of the rule from the hostile .bzl.
  const targets = targetsPanel(page);
  await expect(targets).toContainText(`:${GENRULE}`);
  await expect(targets).toContainText(`:${ENTITY_TARGET}`);
  await targets.getByRole('button', { name: `Attributes of //p:${ENTITY_TARGET}`, exact: true }).click();
  await expect(targets.getByRole('group', { name: `Attributes of //p:${ENTITY_TARGET}` })).toContainText(TAG);
  await targets.getByRole('button', { name: 'Attributes of //p:e', exact: true }).click();
  const evil = targets.getByRole('group', { name: 'Attributes of //p:e' });
  await expect(evil).toContainText('Rule <img src=x onerror=window.__pwned=9> doc.');
  await expectNothingInterpreted(page);

  // Query: results as text and as a graph, and an expression that is markup (an error message quoting it).
  await page.getByRole('tab', { name: 'Query', exact: true }).click();
  await runQuery(page, 'deps(//p:all)');
  const result = queryPanel(page).getByLabel('Query result');
  await expect(result).toContainText(`//p:${NAMED_FILE.slice(2)}`);
  await expect(result).toContainText(`//p:${GENRULE}`);
  await expect(result).toContainText(`//p:${ENTITY_TARGET}`);
  await queryPanel(page).getByRole('radio', { name: 'Graph' }).click();
  await expect(queryPanel(page).getByTestId('query-graph')).toContainText(`//p:${GENRULE}`);
  await queryPanel(page).getByRole('radio', { name: 'Text' }).click();
  await runQuery(page, 'attr(tags, "<script>", //p:all) + <img src=x onerror=window.__pwned=12>');
  await expect(queryPanel(page).getByLabel('Query messages')).toContainText('<img src=x onerror=window.__pwned=12>');
  await expectNothingInterpreted(page);

  // A build: the command output names the hostile output; Generated files shows its name and contents.
  // --show_result: three targets are more than Bazel lists by default.
  await runCommand(page, 'bazel build //p:all --show_result=5');
  const output = page.getByLabel('Command output');
  await expect(output).toContainText(`bazel-bin/p/${OUTPUT}`);
  await expect(output).toContainText(`Target //p:${GENRULE} up-to-date`);
  await page.getByRole('tab', { name: /^Generated files/ }).click();
  const generated = page.getByRole('tabpanel', { name: /^Generated files/ });
  await generated.getByRole('button', { name: `Show bazel-bin/p/${OUTPUT}`, exact: true }).click();
  await expect(generated.getByLabel('File contents')).toHaveText(`${OUTPUT_LINE}\n${CONTENT}\n`);

  // Actions: the genrule's command as expanded.
  await page.getByRole('tab', { name: /^Actions/ }).click();
  const actions = page.getByRole('tabpanel', { name: /^Actions/ });
  await expect(actions).toContainText(`//p:${GENRULE}`);
  await expect(actions).toContainText(OUTPUT_LINE);

  // A build that fails with markup in its message.
  await runCommand(page, `bazel build //bad:all`);
  await expect(output).toContainText(`Error in fail: ${FAIL}`);
  await expectNothingInterpreted(page);

  // Docs: the .bzl with markup in its name and docstrings (the panel's markdown subset keeps them text).
  await fileList(page).getByRole('button', { name: `Open ${BZL}`, exact: true }).click();
  await page.getByRole('tab', { name: 'Docs' }).click();
  const docs = page.getByRole('tabpanel', { name: 'Docs' });
  await expect(docs).toContainText('Module <img src=x onerror=window.__pwned=8> doc with');
  await expect(docs).toContainText('<code>');
  await expect(docs).toContainText('<b>bold</b>');
  await expect(docs).toContainText('Rule <img src=x onerror=window.__pwned=9> doc.');
  await expect(docs).toContainText('<script>window.__pwned=10</script>');
  await expect(docs).toContainText('"<i>x</i>"');
  await docs.getByRole('tab', { name: 'JSON' }).click();
  await expect(docs.getByLabel('ModuleInfo as JSON')).toContainText('<script>window.__pwned=10</script>');
  await docs.getByRole('tab', { name: 'Page' }).click();

  await expectNothingInterpreted(page);
});

test('a share link carrying hostile content opens with every text literal; a hostile path is refused as text', async ({ page }) => {
  await openPlayground(page);
  // Paths in links may not hold < > " (they are refused, see below): here the markup is in targets and contents.
  const files = { ...HOSTILE };
  delete files[NAMED_FILE];
  delete files[BZL];
  files['p/BUILD'] = BUILD.replace(/^load\(.*\n/, '').replace(/^evil\(.*\n/m, '').replace(`"${NAMED_FILE.slice(2)}"`, '"amp&lt;x&gt;.txt"');
  files['p/amp&lt;x&gt;.txt'] = CONTENT + '\n';
  await replaceWorkspace(page, files, 'p/BUILD');
  // --show_result: three targets are more than Bazel lists by default.
  await runCommand(page, 'bazel build //p:all --show_result=5');
  await expect(page.getByLabel('Command output')).toContainText('exit code 0');
  await shareAndReopen(page);
  await expect(fileList(page)).toContainText('amp&lt;x&gt;.txt');
  await expect(targetsPanel(page)).toContainText(`:${GENRULE}`);
  await expect(targetsPanel(page)).toContainText(`:${ENTITY_TARGET}`);
  await page.getByRole('tab', { name: /^Problems/ }).click();
  await expect(page.getByRole('list', { name: 'Workspace problems' })).toContainText(FAIL);
  // The link re-runs its command: the output names the hostile file literally.
  await page.getByRole('tab', { name: 'Output' }).click();
  await expect(page.getByLabel('Command output')).toContainText(`bazel-bin/p/${OUTPUT}`, { timeout: COMMAND_TIMEOUT });
  await page.getByRole('tab', { name: /^Generated files/ }).click();
  const generated = page.getByRole('tabpanel', { name: /^Generated files/ });
  await generated.getByRole('button', { name: `Show bazel-bin/p/${OUTPUT}`, exact: true }).click();
  await expect(generated.getByLabel('File contents')).toHaveText(`${OUTPUT_LINE}\n${CONTENT}\n`);
  await expectNothingInterpreted(page);

  // A link whose file path is markup: refused as a whole, and the notice quotes the path as text.
  await page.goto('about:blank');
  const bad = await page.evaluate(async (path) => {
    const json = JSON.stringify({ v: 2, files: [[path, 'x']], command: 'bazel query //...' });
    const cs = new CompressionStream('deflate-raw');
    const bytes = new Uint8Array(await new Response(new Blob([json]).stream().pipeThrough(cs)).arrayBuffer());
    return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }, NAMED_FILE);
  await page.goto('/#rp2.' + bad);
  await expect(page.getByTestId('notice')).toContainText('bad file path');
  await expect(page.getByTestId('notice')).toContainText('<img src=x onerror=window.__pwned=1>');
  await expectNothingInterpreted(page);
});
