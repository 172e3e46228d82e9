// The Docs panel: the ModuleInfo of the .bzl file in the editor as a page (attribute tables), JSON and
// textproto; editing a docstring updates the page; a starlark_doc_extract build's .binaryproto decodes.

import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { openPlayground, replaceWorkspace } from './helpers.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

const DEFS = `"""Rules for greeting people."""

GreetingInfo = provider(
    doc = "What a greeting produced.",
    fields = {"message": "The text of the greeting."},
)

def _greet_impl(ctx):
    out = ctx.actions.declare_file(ctx.label.name + ".txt")
    ctx.actions.write(out, ctx.attr.greeting)
    return [DefaultInfo(files = depset([out])), GreetingInfo(message = ctx.attr.greeting)]

greet = rule(
    implementation = _greet_impl,
    doc = "Writes a greeting to a file.",
    attrs = {
        "greeting": attr.string(doc = "The words to write.", default = "hello"),
        "srcs": attr.label_list(doc = "Files to mention.", allow_files = True),
    },
)

def shout(text, times = 1):
    """Makes a text louder.

    Args:
      text: The text to shout.
      times: How many times.

    Returns:
      The text in capitals.
    """
    return text.upper() * times
`;

const WORKSPACE = {
  'MODULE.bazel': 'module(name = "hello")\n',
  'pkg/BUILD': 'starlark_doc_extract(\n    name = "defs_doc",\n    src = "defs.bzl",\n)\n',
  'pkg/defs.bzl': DEFS,
};

function docs(page: Page) {
  return page.getByRole('tabpanel', { name: 'Docs' });
}

test('the Docs panel renders the .bzl open in the editor, follows docstring edits, and shows JSON and textproto', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, WORKSPACE, 'pkg/defs.bzl');
  await page.getByRole('tab', { name: 'Docs' }).click();

  const panel = docs(page);
  await expect(panel).toContainText('as //pkg:defs_doc extracts it');
  const page_ = panel.getByRole('article', { name: 'Documentation page' });
  await expect(page_).toContainText('Rules for greeting people.');
  const table = page_.getByRole('table', { name: 'Attributes of greet' });
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Description', 'Type', 'Mandatory', 'Default']);
  await expect(table.getByRole('row', { name: /greeting/ })).toContainText('The words to write.');
  await expect(table.getByRole('row', { name: /greeting/ })).toContainText('String');
  await expect(table.getByRole('row', { name: /greeting/ })).toContainText('"hello"');
  await expect(table.getByRole('row', { name: /^name/ })).toContainText('required');
  await expect(page_.getByRole('table', { name: 'Fields of GreetingInfo' })).toContainText('The text of the greeting.');
  const params = page_.getByRole('table', { name: 'Parameters of shout' });
  await expect(params.getByRole('row', { name: /times/ })).toContainText('1');
  await expect(page_.getByRole('region', { name: 'function shout' })).toContainText('The text in capitals.');

  // Edit the rule's doc in the editor: select the word "greeting" of its docstring and type over it.
  const line = DEFS.split('\n').findIndex((l) => l.includes('doc = "Writes a greeting to a file."')) + 1;
  const column = '    doc = "Writes a '.length + 1;
  await page.evaluate(([l, c]) => window.__rulepen!.reveal('pkg/defs.bzl', l, c), [line, column] as const);
  await expect.poll(() => page.evaluate(() => window.__rulepen!.cursor())).toEqual({ path: 'pkg/defs.bzl', line, column });
  for (let i = 0; i < 'greeting'.length; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.type('warm welcome');
  await expect(page_.getByRole('region', { name: 'rule greet' })).toContainText('Writes a warm welcome to a file.');
  await expect(panel).not.toHaveAttribute('data-stale');

  await panel.getByRole('tab', { name: 'JSON' }).click();
  const json = panel.getByLabel('ModuleInfo as JSON');
  await expect(json).toContainText('"ruleName": "greet"');
  await expect(json).toContainText('"docString": "Writes a warm welcome to a file."');
  await panel.getByRole('tab', { name: 'Textproto' }).click();
  const text = panel.getByLabel('ModuleInfo as textproto');
  await expect(text).toContainText('rule_name: "greet"');
  await expect(text).toContainText('function_name: "shout"');

  await panel.getByRole('tab', { name: 'Page' }).click();
  await expect(page_.getByRole('table', { name: 'Attributes of greet' })).toBeVisible();
  await page.screenshot({ path: '/tmp/docs-panel.png' });

  // A symbol's name opens its declaration in the editor.
  await page_.getByRole('button', { name: 'Go to the declaration of shout' }).click();
  const shoutLine = DEFS.split('\n').findIndex((l) => l.startsWith('def shout(')) + 1;
  await expect.poll(() => page.evaluate(() => window.__rulepen!.cursor()?.line)).toBe(shoutLine);
});

test('a docstring error shows in Bazel’s words, and the whole file is documented without a starlark_doc_extract', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, { 'MODULE.bazel': '', 'pkg/BUILD': '', 'pkg/defs.bzl': DEFS }, 'pkg/defs.bzl');
  await page.getByRole('tab', { name: 'Docs' }).click();
  const panel = docs(page);
  await expect(panel).toContainText('the whole file');
  await expect(panel.getByRole('table', { name: 'Attributes of greet' })).toBeVisible();

  await page.evaluate(() => window.__rulepen!.setFileText('pkg/defs.bzl', '#: a stray doc comment\n\ndef f():\n    pass\n'));
  await expect(panel.getByLabel('Extraction error')).toContainText('doc comment');
});

test('building a starlark_doc_extract target shows the decoded binaryproto in Generated files', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, WORKSPACE, 'pkg/BUILD');
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //pkg:defs_doc');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByLabel('Command output')).toContainText('exit code', { timeout: COMMAND_TIMEOUT });
  await page.getByRole('tab', { name: /^Generated files/ }).click();
  const files = page.getByRole('tabpanel', { name: /^Generated files/ });
  await files.getByRole('button', { name: 'Show bazel-bin/pkg/defs_doc.binaryproto' }).click();
  const decoded = files.getByLabel('Decoded ModuleInfo');
  await expect(decoded).toContainText('rule_name: "greet"');
  await expect(decoded).toContainText('module_docstring: "Rules for greeting people."');
  await files.getByRole('radio', { name: 'Hex' }).click();
  await expect(files.getByLabel('File contents')).toContainText('00000000');
  await files.getByRole('radio', { name: 'Decoded' }).click();
  await expect(decoded).toContainText('provider_name: "GreetingInfo"');
});
