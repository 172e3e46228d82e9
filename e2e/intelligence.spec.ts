// Editor intelligence: hover docs from the rule tables, completion of attribute names and labels, go to
// definition (F12) on labels and loaded symbols, signature help in a rule call.

import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { openPlayground, setFileText } from './helpers.ts';

test.describe.configure({ timeout: 90_000 });

async function cursorAt(page: Page, path: string, line: number, column: number): Promise<void> {
  await page.evaluate(([p, l, c]) => window.__rulepen!.reveal(p as string, l as number, c as number), [path, line, column] as const);
  await expect.poll(() => page.evaluate(() => window.__rulepen!.cursor())).toEqual({ path, line, column });
}

test('hover shows the rule doc, the attribute doc and what a label names', async ({ page }) => {
  await openPlayground(page);
  const lines = page.locator('.monaco-editor .view-lines');
  await lines.locator('span', { hasText: /^genrule$/ }).first().hover();
  await expect(page.locator('.monaco-hover').first()).toContainText('Generates one or more files with a user-supplied Bash command');
  // Hover at the cursor (Ctrl+K Ctrl+I): `outs` on line 15, then "//tools:license" on line 13.
  await page.mouse.move(640, 740);
  await page.keyboard.press('Escape');
  await cursorAt(page, 'app/BUILD', 15, 6);
  await page.keyboard.press('ControlOrMeta+k');
  await page.keyboard.press('ControlOrMeta+i');
  await expect(page.locator('.monaco-hover:visible')).toContainText('genrule.outs');
  await expect(page.locator('.monaco-hover:visible')).toContainText('not configurable');
  await page.keyboard.press('Escape');
  await cursorAt(page, 'app/BUILD', 13, 14);
  await page.keyboard.press('ControlOrMeta+k');
  await page.keyboard.press('ControlOrMeta+i');
  await expect(page.locator('.monaco-hover:visible')).toContainText('filegroup rule');
  await expect(page.locator('.monaco-hover:visible')).toContainText('tools/BUILD');
});

test('completion offers attribute names, then workspace labels', async ({ page }) => {
  await openPlayground(page);
  await setFileText(page, 'app/BUILD', 'genrule(\n    name = "g",\n    \n    outs = ["g.txt"],\n)\n\nfilegroup(\n    name = "f",\n    srcs = [""],\n)\n');
  await cursorAt(page, 'app/BUILD', 3, 5);
  await page.keyboard.type('too');
  await page.keyboard.press('Control+Space');
  const widget = page.locator('.suggest-widget');
  await expect(widget).toContainText('tools');
  await page.keyboard.press('Escape');
  // Remove the half-typed name again, so that the package loads (and its targets can be completed).
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect.poll(() => page.evaluate(() => window.__rulepen!.isSettled())).toBe(true);

  await cursorAt(page, 'app/BUILD', 9, 14);
  await page.keyboard.press('Control+Space');
  await expect(widget).toContainText('//tools:license');
  await expect(widget).toContainText(':g');
});

test('F12 goes to the declaration of a label and to the definition of a loaded macro', async ({ page }) => {
  await openPlayground(page);
  // "//tools:license" in app/BUILD, line 13.
  await cursorAt(page, 'app/BUILD', 13, 14);
  await page.keyboard.press('F12');
  await expect(page.getByTestId('active-path')).toHaveText('tools/BUILD');
  await expect.poll(() => page.evaluate(() => window.__rulepen!.cursor()?.line)).toBe(5);

  // greeting( in app/BUILD, line 23 → def greeting in app/defs.bzl.
  await cursorAt(page, 'app/BUILD', 23, 3);
  await page.keyboard.press('F12');
  await expect(page.getByTestId('active-path')).toHaveText('app/defs.bzl');
  await expect.poll(() => page.evaluate(() => window.__rulepen!.cursor()?.line)).toBe(3);
});

test('signature help lists a rule\'s attributes', async ({ page }) => {
  await openPlayground(page);
  await setFileText(page, 'app/BUILD', 'filegroup\n');
  await cursorAt(page, 'app/BUILD', 1, 10);
  await page.keyboard.type('(');
  await expect(page.locator('.parameter-hints-widget')).toContainText('filegroup(name, srcs, data, output_group');
});
