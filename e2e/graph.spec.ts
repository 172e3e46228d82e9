// The Query panel's graph, for graphs of 40 and 120 targets: zoom and pan by mouse, keyboard and touch; fit at any
// scale; the expanded full-window view; packages collapsed into one node; a node's neighbourhood; a node opens its
// declaration. One page load per width.

import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { SPEC_TIMEOUT } from './timeouts.ts';
import { getFileText, graphWorkspace, openPlayground, replaceWorkspace, screenshots } from './helpers.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT * 2 });

const scaleOf = async (canvas: Locator) => Number(await canvas.getAttribute('data-scale'));

/** Every node's box lies inside the canvas. */
async function expectAllInside(canvas: Locator, count: number): Promise<void> {
  await expect(canvas.locator('.graph-node')).toHaveCount(count);
  const outside = await canvas.evaluate((c) => {
    const box = c.getBoundingClientRect();
    return [...c.querySelectorAll('.graph-node')]
      .map((n) => [n.getAttribute('aria-label'), n.getBoundingClientRect()] as const)
      .filter(([, r]) => r.left < box.left - 1 || r.top < box.top - 1 || r.right > box.right + 1 || r.bottom > box.bottom + 1)
      .map(([label]) => label);
  });
  expect(outside).toEqual([]);
}

async function centreOf(l: Locator): Promise<{ x: number; y: number }> {
  const b = (await l.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** Two fingers on the canvas moving apart, as the touch screen reports them. */
async function pinchOut(page: Page, at: { x: number; y: number }): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const points = (d: number) => [
    { x: at.x - d, y: at.y, id: 1 },
    { x: at.x + d, y: at.y, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(30) });
  for (const d of [45, 60, 75, 90]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(d) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function declarationLine(page: Page, label: string): Promise<{ path: string; line: number }> {
  const [, pkg, name] = /^\/\/(\w+):(\w+)$/.exec(label)!;
  const path = `${pkg}/BUILD`;
  const lines = (await getFileText(page, path))!.split('\n');
  // The call's line: the one before `name = "…"`, counted from 1.
  return { path, line: lines.findIndex((l) => l.includes(`name = "${name}"`)) };
}

// One page: the side pane and the expanded view at 1024 px; the window widened to 1440 px refits the view, where the
// rest runs; the 120-target graph fits at 1440 px and again once narrowed to 1024 px.
test.describe('at 1024 and 1440 px', () => {
  test.use({ viewport: { width: 1024, height: 800 } });

  test('a graph of 40 and 120 targets: zoom, pan, fit, expand, packages, neighbourhood, declarations', async ({ page }) => {
    let width = 1024;
    await openPlayground(page);
    await replaceWorkspace(page, graphWorkspace(8, 5), 'p0/BUILD');
    await page.getByRole('tab', { name: 'Query', exact: true }).click();
    const panel = page.getByRole('tabpanel', { name: 'Query', exact: true });
    const paneWidth = (await panel.boundingBox())!.width;
    await panel.getByRole('textbox', { name: 'Query expression' }).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('deps(//...)');
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('status')).toContainText('exit 0 · 41 lines');
    await panel.getByRole('radio', { name: 'Graph' }).click();

    // In the side pane, which keeps its width: the whole graph fits; the zoom buttons answer the mouse.
    const small = panel.getByTestId('query-graph');
    await expectAllInside(small, 41);
    expect((await panel.boundingBox())!.width).toBeCloseTo(paneWidth, 0);
    const fitted = await scaleOf(small);
    await panel.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => scaleOf(small)).toBeCloseTo(fitted * 1.25, 2);
    await panel.getByRole('button', { name: 'Zoom out' }).click();
    await panel.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(() => scaleOf(small)).toBeCloseTo(fitted / 1.25, 2);
    await panel.getByRole('button', { name: 'Fit the graph' }).click();
    await expect.poll(() => scaleOf(small)).toBeCloseTo(fitted, 3);
    await page.screenshot({ path: `/tmp/rulepen-graph-side-${width}.png` });

    // Expanded: the whole window; 40 targets fit and are readable (labels of 8 px and more).
    await panel.getByRole('button', { name: 'Expand' }).click();
    const dialog = page.getByRole('dialog', { name: 'Target graph · 41 nodes' });
    const canvas = dialog.getByTestId('query-graph');
    await expect(canvas).toBeFocused();
    await expectAllInside(canvas, 41);
    let fit40 = await scaleOf(canvas);
    expect(fit40 * 11.5).toBeGreaterThanOrEqual(8);
    await screenshots(page, 'graph-40');
    // Wider, the fitted view refits: everything still inside, at a scale no smaller.
    width = 1440;
    await page.setViewportSize({ width, height: 800 });
    await expectAllInside(canvas, 41);
    expect(await scaleOf(canvas)).toBeGreaterThanOrEqual(fit40);
    fit40 = await scaleOf(canvas);

    // The wheel zooms around the pointer: the node under it stays where it is.
    const node = canvas.getByRole('button', { name: /^\/\/p3:t1 / });
    const before = await centreOf(node);
    await page.mouse.move(before.x, before.y);
    await page.mouse.wheel(0, -200);
    await expect.poll(() => scaleOf(canvas)).toBeGreaterThan(fit40 * 1.2);
    const after = await centreOf(node);
    expect(Math.abs(after.x - before.x)).toBeLessThan(3);
    expect(Math.abs(after.y - before.y)).toBeLessThan(3);

    // A drag pans, even one that starts on a node (and then it does not select it).
    await page.mouse.down();
    await page.mouse.move(after.x + 40, after.y + 20, { steps: 4 });
    await page.mouse.move(after.x + 80, after.y + 40, { steps: 4 });
    await page.mouse.up();
    const dragged = await centreOf(node);
    expect(Math.round(dragged.x - after.x)).toBe(80);
    expect(Math.round(dragged.y - after.y)).toBe(40);
    await expect(node).toHaveAttribute('aria-pressed', 'false');

    // Keyboard on the canvas: 0 fits, + zooms in, arrows pan.
    await canvas.focus();
    await page.keyboard.press('0');
    await expect.poll(() => scaleOf(canvas)).toBeCloseTo(fit40, 3);
    await page.keyboard.press('+');
    await expect.poll(() => scaleOf(canvas)).toBeCloseTo(fit40 * 1.25, 2);
    const keyed = await centreOf(node);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => Math.round((await centreOf(node)).x - keyed.x)).toBe(60);
    await page.keyboard.press('0');

    // Two fingers pinch.
    await pinchOut(page, await centreOf(canvas));
    await expect.poll(() => scaleOf(canvas)).toBeGreaterThan(fit40 * 1.5);
    await page.keyboard.press('0');

    // A package collapses into one node, with its edges; a click on it expands it again.
    await dialog.getByRole('button', { name: /^Packages/ }).click();
    await dialog.getByRole('checkbox', { name: /^\/\/p3 / }).check();
    await page.keyboard.press('Escape'); // closes the list, not the view
    await expect(dialog.getByRole('checkbox', { name: /^\/\/p3 / })).toBeHidden();
    const p3 = canvas.getByRole('button', { name: '//p3: collapsed package of 5 nodes; expand it' });
    await expect(p3).toBeVisible();
    await expectAllInside(canvas, 37);
    await expect(canvas.locator('.graph-edge')).not.toHaveCount(0);
    await p3.click();
    await expectAllInside(canvas, 41);

    // A click selects a node (its declaration opens behind the view); then only its neighbourhood is shown.
    await node.click();
    await expect(node).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('active-path')).toHaveText('p3/BUILD');
    await dialog.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'around //p3:t1: its deps and rdeps, depth 1' });
    // //p3:t1 → //p4:t3; //p3:t0 → //p3:t1 and //p2:t2 → //p3:t1 (t2 × 3 mod 5 = 1)
    await expect(dialog.getByRole('status')).toContainText('Around //p3:t1: its deps and rdeps, depth 1 — 4 of 41 nodes');
    await expectAllInside(canvas, 4);
    for (const label of ['//p3:t1', '//p4:t3', '//p3:t0', '//p2:t2']) await expect(canvas.getByRole('button', { name: new RegExp(`^${label} `) })).toBeVisible();
    await page.screenshot({ path: `/tmp/rulepen-graph-focus-${width}.png` });
    await dialog.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'around //p3:t1: its deps, depth 2' });
    await expect(dialog.getByRole('status')).toContainText('— 3 of 41 nodes');
    await dialog.getByRole('button', { name: 'Show all' }).click();
    await expectAllInside(canvas, 41);

    // Tab reaches the selected node, arrows walk to the next one, Enter closes the view at its declaration.
    await canvas.focus();
    await page.keyboard.press('Tab');
    await expect(node).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const focusedLabel = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    expect(focusedLabel).toMatch(/^\/\/p\d:t\d \(/);
    expect(focusedLabel).not.toMatch(/^\/\/p3:t1 /);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    const declaration = await declarationLine(page, focusedLabel.split(' ')[0]);
    await expect(page.getByTestId('active-path')).toHaveText(declaration.path);
    await expect.poll(() => page.evaluate(() => window.__rulepen!.cursor()?.line)).toBe(declaration.line);

    // 120 targets: the query follows the files; expanded, they all fit, and the node under the pointer is readable.
    await replaceWorkspace(page, graphWorkspace(12, 10), 'p0/BUILD');
    await expect(panel.getByRole('status')).toContainText('exit 0 · 121 lines');
    await panel.getByRole('button', { name: 'Expand' }).click();
    const dialog120 = page.getByRole('dialog', { name: 'Target graph · 121 nodes' });
    await expectAllInside(dialog120.getByTestId('query-graph'), 121);
    const far = dialog120.getByRole('button', { name: /^\/\/p6:t7 / });
    await far.hover();
    await expect(dialog120.locator('.graph-card')).toContainText('//p6:t7');
    await page.screenshot({ path: `/tmp/rulepen-graph-120-${width}.png` });
    width = 1024;
    await page.setViewportSize({ width, height: 800 });
    await expectAllInside(dialog120.getByTestId('query-graph'), 121);
    await page.screenshot({ path: `/tmp/rulepen-graph-120-${width}.png` });
    await dialog120.getByRole('button', { name: /^Packages/ }).click();
    await dialog120.getByRole('button', { name: 'Collapse all' }).click();
    await expectAllInside(dialog120.getByTestId('query-graph'), 13);
    await page.screenshot({ path: `/tmp/rulepen-graph-collapsed-${width}.png` });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialog120).toBeHidden();
  });
});
