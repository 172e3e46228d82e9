// Embed mode: a share link with `?embed=1` (or `#embed&…`) shows the editor with the example's files as tabs,
// the command line and the command's result only — in an <iframe> of a page from another site, as a blog post
// would show it — runs the command on open, and lets the reader edit and run again. It keeps nothing in the
// browser's storage (a reader's own rulepen is untouched), and "Open in rulepen" carries the edited example to
// the full playground. The Share dialog offers the <iframe> snippet.

import type { Frame, Page } from '@playwright/test';
import { decodeShareFragment, encodeShareState, type ShareState } from '../src/ui/state/share-link.ts';
import { test, expect } from './fixtures.ts';
import { openPlayground, waitForEngine } from './helpers.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

const EXAMPLE: ShareState = {
  files: {
    'MODULE.bazel': '',
    'pkg/BUILD': 'load(":defs.bzl", "greeting")\n\ngreeting(name = "hello")\n',
    'pkg/defs.bzl': 'def greeting(name):\n    native.genrule(name = name, outs = [name + ".txt"], cmd = "echo hello > $@")\n',
  },
  command: 'bazel query //pkg:all',
  activePath: 'pkg/BUILD',
  panels: { side: 'why', bottom: 'problems' },
  extras: {},
  lesson: null,
};

const OTHER: ShareState = { ...EXAMPLE, files: { 'MODULE.bazel': '', 'other/BUILD': 'filegroup(name = "elsewhere")\n' }, command: 'bazel query //other:all', activePath: 'other/BUILD' };

/** Types at the end of the open file, then runs the command with Ctrl/Cmd+Enter from the editor. */
async function typeAndRerun(page: Page, where: Page | Frame, text: string): Promise<void> {
  await where.getByRole('textbox', { name: /^Editor: / }).focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
  // Closes completion, so that Ctrl+Enter reaches the editor's own binding.
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+Enter');
}

/** What the playground is not: no file list, no side panels, no Share, no workspaces, no notice. */
async function expectEmbedLayout(where: Page | Frame): Promise<void> {
  await expect(where.getByRole('textbox', { name: 'Command line' })).toBeVisible();
  await expect(where.getByRole('button', { name: 'Run command' })).toBeVisible();
  await expect(where.getByRole('link', { name: 'Open in rulepen' })).toBeVisible();
  await expect(where.getByRole('navigation', { name: 'Files' })).toHaveCount(0);
  await expect(where.getByRole('tab', { name: 'Why', exact: true })).toHaveCount(0);
  await expect(where.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await expect(where.getByRole('button', { name: /^Workspace: / })).toHaveCount(0);
  await expect(where.getByTestId('notice')).toHaveCount(0);
}

// A new tab: the blog post is written into a never-navigated one. A tab sent back to about:blank (the shared page of
// e2e/fixtures.ts) counts as a public page, and Chromium's local-network protection refuses its <iframe>.
test.describe('a new tab', () => {
  test.use({ newTab: true });

  test('in a 720×420 <iframe> on another site: the result on open, edit and run again, open in rulepen', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    const embedUrl = `${baseURL}/?embed=1#${encodeShareState(EXAMPLE)}`;
    // A blog post on another site: the test writes the page itself (its origin is not the playground's). A page
    // served from a made-up public address would be refused by Chromium's local-network protection instead.
    await page.setContent(
      `<!doctype html><title>A post</title><h1>select() in practice</h1>
      <iframe src="${embedUrl}" title="rulepen example" width="720" height="420" style="border: 1px solid #ccc"></iframe>`,
    );
    const embed = (await (await page.locator('iframe').elementHandle())!.contentFrame())!;
    await expect(embed.locator('.monaco-editor .view-lines')).toBeVisible();
    await embed.waitForFunction(() => window.__rulepen?.isSettled() === true);

    // The command ran on open; its output is in front (whatever tab the sender last looked at).
    const output = embed.getByLabel('Command output');
    await expect(output).toContainText('$ bazel query //pkg:all');
    await expect(output).toContainText('//pkg:hello', { timeout: COMMAND_TIMEOUT });
    await expect(output).toContainText('exit code 0');
    await expect(embed.getByRole('tab', { name: 'Output' })).toHaveAttribute('aria-selected', 'true');
    await expectEmbedLayout(embed);
    await expect(embed.getByRole('tab', { name: /^Tab / })).toHaveText(['MODULE.bazel', 'pkg/BUILD', 'pkg/defs.bzl']);
    await expect(embed.getByRole('tab', { name: 'Tab pkg/BUILD' })).toHaveAttribute('aria-selected', 'true');
    expect(await embed.evaluate(() => location.origin)).not.toBe(await page.evaluate(() => location.origin));
    await page.locator('iframe').screenshot({ path: '/tmp/rulepen-embed-720x420.png' });

    // Another file through its tab, and back.
    await embed.getByRole('tab', { name: 'Tab pkg/defs.bzl' }).click();
    await expect(embed.getByRole('textbox', { name: 'Editor: pkg/defs.bzl' })).toBeAttached();
    await embed.getByRole('tab', { name: 'Tab pkg/BUILD' }).click();

    // The reader edits and runs again with the keyboard.
    await typeAndRerun(page, embed, '\ngreeting(name = "typed_in_the_frame")');
    await expect(output).toContainText('//pkg:typed_in_the_frame', { timeout: COMMAND_TIMEOUT });
    await expect(output).toContainText('//pkg:hello');

    // "Open in rulepen": a new tab, on the example as edited, in the full playground (no embed marks).
    const open = embed.getByRole('link', { name: 'Open in rulepen' });
    await expect(open).toHaveAttribute('target', '_blank');
    await open.focus();
    const href = new URL((await open.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}${href.search}`).toBe(`${baseURL}/`);
    const decoded = decodeShareFragment(href.hash);
    expect(decoded.ok && decoded.state.files['pkg/BUILD']).toBe(`${EXAMPLE.files['pkg/BUILD']}\ngreeting(name = "typed_in_the_frame")`);
    expect(decoded.ok && decoded.state.command).toBe(EXAMPLE.command);

    // The post points the frame at another example (only the fragment changes): it opens and runs.
    await page.locator('iframe').evaluate((el, src) => ((el as HTMLIFrameElement).src = src), `${baseURL}/?embed=1#${encodeShareState(OTHER)}`);
    await expect(output).toContainText('//other:elsewhere', { timeout: COMMAND_TIMEOUT });
    await expect(embed.getByRole('tab', { name: /^Tab / })).toHaveText(['MODULE.bazel', 'other/BUILD']);

    // A damaged example says why, in the frame, and shows the default workspace's result instead.
    await page.locator('iframe').evaluate((el, src) => ((el as HTMLIFrameElement).src = src), `${baseURL}/?embed=1#rp2.AAAA`);
    await expect(embed.getByTestId('notice')).toContainText('This example could not be opened: the link is damaged');
    await expect(output).toContainText('$ bazel query //...');
    await expect(output).toContainText('//app:banner', { timeout: COMMAND_TIMEOUT });
  });
});

test('opened directly at 1440, 1024 and 390 px; nothing is stored; the Share dialog offers the snippet', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 800 });
  // The fragment form of the marker.
  await page.goto(`/#embed&${encodeShareState(EXAMPLE)}`);
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();
  await waitForEngine(page);
  const output = page.getByLabel('Command output');
  await expect(output).toContainText('//pkg:hello', { timeout: COMMAND_TIMEOUT });
  await expectEmbedLayout(page);
  await page.screenshot({ path: '/tmp/rulepen-embed-1440.png' });

  // Edit, then the Run button.
  await page.getByRole('textbox', { name: /^Editor: / }).focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n# a comment');
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Command line' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('bazel build //pkg:hello');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(output).toContainText('$ bazel build //pkg:hello');
  await expect(output).toContainText('exit code 0', { timeout: COMMAND_TIMEOUT });

  // Every part stays in the frame, down to a phone's width; nothing scrolls sideways.
  for (const width of [1024, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 640 : 800 });
    await expectEmbedLayout(page);
    for (const name of ['Command line', /^Editor: /] as const) await expect(page.getByRole('textbox', { name })).toBeInViewport();
    await expect(output).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `/tmp/rulepen-embed-${width}.png` });
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: '/tmp/rulepen-embed-390-dark.png' });
  await page.emulateMedia({ colorScheme: null });

  // Nothing was written to this browser's storage: no session, no workspace list.
  const stored = await page.evaluate(async () => ({
    local: Object.keys(localStorage),
    databases: (await indexedDB.databases()).map((d) => d.name),
  }));
  expect(stored).toEqual({ local: [], databases: [] });

  // The plain playground opens on the default workspace, with no notice and only your own workspace listed.
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('about:blank');
  await openPlayground(page);
  await expect(page.getByTestId('active-path')).toHaveText('app/BUILD');
  await expect(page.getByTestId('notice')).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(window.__rulepen!.files()))).not.toContain('pkg/BUILD');
  await page.getByRole('button', { name: /^Workspace: My workspace\./ }).click();
  const list = page.getByRole('dialog', { name: 'Workspaces' }).getByRole('listitem');
  await expect(list).toHaveCount(1);
  await expect(list).toHaveAccessibleName('My workspace');
  await page.keyboard.press('Escape');

  // Share: the dialog offers the embed code, an <iframe> of this state's embed URL.
  await page.getByRole('button', { name: 'Share' }).click();
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  const code = await page.getByRole('textbox', { name: 'Embed code' }).inputValue();
  const src = /^<iframe src="([^"]+)" title="rulepen: bazel query \/\/\.\.\."/.exec(code)?.[1].replace(/&amp;/g, '&');
  expect(src).toBe(link.replace('/#', '/?embed=1#'));
  await expect(page.getByRole('button', { name: 'Copy embed code' })).toBeVisible();
  await page.screenshot({ path: '/tmp/rulepen-embed-share-dialog-1024.png' });
  expect(src!.startsWith(`${baseURL}/?embed=1#rp2.`)).toBe(true);
});
