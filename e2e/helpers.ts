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

/** The Problems panel's rows (both groups: the workspace's and the last command's), without related locations. */
export function problemRows(page: Page): Locator {
  return page.getByRole('list', { name: /problems$/i }).getByRole('button', { name: /^(Error|Warning|Info): / });
}

/** The rows of one group of the Problems panel: 'Workspace' or 'Command'. */
export function problemGroupRows(page: Page, group: 'Workspace' | 'Command'): Locator {
  return page.getByRole('list', { name: `${group} problems` }).getByRole('button', { name: /^(Error|Warning|Info): / });
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

/** Types a command line into the command bar with the keyboard and clicks Run; waits for its exit code. */
export async function typeAndRunCommand(page: Page, line: string, timeout = 30_000): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Command line' });
  await input.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(line);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByLabel('Command output')).toContainText(`$ ${line}`);
  await expect(page.getByLabel('Command output')).toContainText('exit code', { timeout });
}

/** Selects the first occurrence of `text` in the open file, as a user would: Ctrl/Cmd+F, the text, Escape. */
export async function findInEditor(page: Page, text: string): Promise<void> {
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ControlOrMeta+f');
  const find = page.locator('.monaco-editor .find-widget');
  await expect(find).toHaveClass(/\bvisible\b/);
  await page.keyboard.type(text);
  await page.keyboard.press('Escape');
  // On a busy machine the widget closes (and the editor takes the keys back) a moment after Escape: keys typed
  // before that land in the find input and the next text replaces the selection instead.
  await expect(find).not.toHaveClass(/\bvisible\b/);
  await expect(page.locator('.monaco-editor.focused')).toHaveCount(1);
}

/** The editor's markers on a file (read through the test hook: where Monaco put them, and their related locations). */
export async function markersOf(page: Page, path: string) {
  return page.evaluate((p) => window.__rulepen!.markers(p), path);
}

/**
 * Takes screenshots as /tmp/rulepen-<name>-<width>-<scheme>.png, with `focus` (when given) scrolled into view: at
 * 1024 and 1440 px wide, light and dark, when RULEPEN_SCREENSHOTS is set; else one, as the page is (re-laying out
 * Monaco four times costs seconds on a busy machine).
 */
export async function screenshots(page: Page, name: string, focus?: Locator): Promise<void> {
  const size = page.viewportSize()!;
  if (!process.env.RULEPEN_SCREENSHOTS) {
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/rulepen-${name}-${size.width}-light.png` });
    return;
  }
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await focus?.scrollIntoViewIfNeeded();
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `/tmp/rulepen-${name}-${width}-${colorScheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  await page.setViewportSize(size);
}

/**
 * After an edit: the last command's errors no longer show (they answered other files) — no group for them in
 * Problems, and none of the markers on `path` that `isCommandMarker` recognises.
 */
export async function expectCommandProblemsCleared(page: Page, path: string, isCommandMarker: (message: string) => boolean = () => true): Promise<void> {
  await waitForEngine(page);
  await expect(page.getByRole('region', { name: 'Command problems' })).toHaveCount(0);
  expect((await markersOf(page, path)).filter((m) => isCommandMarker(m.message))).toEqual([]);
}

/**
 * A layered workspace for the graph: `packages` packages //p0…, each with `perPackage` targets t0…; in each package
 * the even targets depend on the next one, and every target depends on one in the next package; t0 is a genrule,
 * the rest filegroups. `deps(//...)` draws all `packages × perPackage` of them.
 */
export function graphWorkspace(packages: number, perPackage: number): Record<string, string> {
  const files: Record<string, string> = { 'MODULE.bazel': '' };
  for (let i = 0; i < packages; i++) {
    let build = '';
    for (let j = 0; j < perPackage; j++) {
      const srcs: string[] = [];
      if (j % 2 === 0 && j + 1 < perPackage) srcs.push(`":t${j + 1}"`);
      if (i + 1 < packages) srcs.push(`"//p${i + 1}:t${(j * 3) % perPackage}"`);
      build +=
        j === 0
          ? `genrule(\n    name = "t0",\n    srcs = [${srcs.join(', ')}],\n    outs = ["t0.txt"],\n    cmd = "cat $(SRCS) > $@",\n)\n\n`
          : `filegroup(\n    name = "t${j}",\n    srcs = [${srcs.join(', ')}],\n)\n\n`;
    }
    files[`p${i}/BUILD`] = build;
  }
  return files;
}
