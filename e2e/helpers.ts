// Page helpers: open the playground, and read or set workspace files through the app's own store
// (window.__rulepen), exactly as typing in the editor would.

import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Opens the playground and waits until Monaco shows a file and the engine answered for the current text. */
export async function openPlayground(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();
  await waitForEngine(page);
}

/** Waits until the engine's last result is for the workspace as it is now. */
export async function waitForEngine(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__rulepen?.isSettled() === true);
}

/** Share → copy the link → open it in the same tab (after a blank page), until the engine has answered. */
export async function shareAndReopen(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Share' }).click();
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();
  await waitForEngine(page);
  return link;
}

export async function setFileText(page: Page, path: string, text: string): Promise<void> {
  await page.evaluate(([p, t]) => window.__rulepen!.setFileText(p, t), [path, text] as const);
  await waitForEngine(page);
}

export async function getFileText(page: Page, path: string): Promise<string | undefined> {
  return page.evaluate((p) => window.__rulepen!.getFileText(p), path);
}

export async function replaceWorkspace(page: Page, files: Record<string, string>, activePath?: string): Promise<void> {
  await page.evaluate(([f, a]) => window.__rulepen!.replaceWorkspace(f, a), [files, activePath] as const);
  await waitForEngine(page);
}

export function fileList(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Files' });
}

export async function openFile(page: Page, path: string): Promise<void> {
  await fileList(page).getByRole('button', { name: `Open ${path}`, exact: true }).click();
  await expect(page.getByTestId('active-path')).toHaveText(path);
}

export function problemRows(page: Page): Locator {
  return page.getByRole('list', { name: 'Problems' }).getByRole('button');
}

export function problemsTab(page: Page): Locator {
  return page.getByRole('tab', { name: /^Problems/ });
}

export function targetsPanel(page: Page): Locator {
  return page.getByRole('tabpanel', { name: /^Targets/ });
}

export function targetButton(page: Page, label: string): Locator {
  return targetsPanel(page).getByRole('button', { name: new RegExp(`^${escapeRegExp(label)} \\(`) });
}

/** Error squiggles Monaco draws for markers in the visible editor. */
export function errorSquiggles(page: Page): Locator {
  return page.locator('.monaco-editor .squiggly-error');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A workspace whose `bazel build //p:all` keeps the engine busy for a long time (≈ 20 s in Node on a 2-core machine,
 * longer in the browser) while every action stays well inside the shell's budgets: many small genrules
 * (`//p:quick` builds at once). For Stop.
 */
export function slowBuildWorkspace(count = 300): Record<string, string> {
  let build = '';
  for (let k = 0; k < count; k++) {
    build += `genrule(name = "slow${k}", outs = ["n${k}.txt"], cmd = "seq ${k} 40000 | sort -rn | md5sum > $@")\n`;
  }
  build += `filegroup(name = "all", srcs = [${Array.from({ length: count }, (_, k) => `":slow${k}"`).join(', ')}])\n`;
  build += 'filegroup(name = "quick")\n';
  return { 'MODULE.bazel': '', 'p/BUILD': build };
}
