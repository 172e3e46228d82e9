// Hosting: the production build served from a sub-path of a plain static host works — the editor, the engine
// worker, a command — makes no request outside its origin, and still works offline after the first load.

import { test, expect } from '../fixtures.ts';
import { SUB_PATH } from '../hosting.config.ts';

test('the built site works under a sub-path and offline once loaded', async ({ page, context }) => {
  const notFound: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) notFound.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(SUB_PATH);
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();
  await page.waitForFunction(() => window.__rulepen?.isSettled() === true);
  await expect(page.getByRole('tabpanel', { name: /^Targets/ })).toContainText(':banner');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByLabel('Command output')).toContainText('//app:banner');
  expect(notFound).toEqual([]);

  // The service worker takes over; then the network goes away and a reload still shows the playground.
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null);
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The worker and its chunks are fetched (and so cached) during this load: wait for the engine's answer first.
  await page.waitForFunction(() => window.__rulepen?.isSettled() === true);
  await expect(page.getByRole('tabpanel', { name: /^Targets/ })).toContainText(':banner');
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();
  await page.waitForFunction(() => window.__rulepen?.isSettled() === true);
  await expect(page.getByRole('tabpanel', { name: /^Targets/ })).toContainText(':banner');
  await context.setOffline(false);
});

test('offline right after the first visit, the parts loaded on demand work too: the service worker cached every file as it installed', async ({ page, context }) => {
  await page.goto(SUB_PATH);
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();
  // The worker is active once its install — the whole build cached — is done; nothing was opened beyond the first view.
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null);
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();
  await page.waitForFunction(() => window.__rulepen?.isSettled() === true);
  await expect(page.getByRole('tabpanel', { name: /^Targets/ })).toContainText(':banner');
  for (const tab of ['Why', 'Docs', 'Query']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    const panel = page.getByRole('tabpanel', { name: new RegExp(`^${tab}`) });
    await expect(panel.locator('p, section, form, label').first()).toBeVisible();
    await expect(panel).not.toContainText(/Loading the|could not be shown/);
  }
  await page.getByRole('button', { name: 'Examples' }).click();
  await expect(page.getByRole('dialog', { name: 'Examples' })).toContainText('Bug-report templates');
  await context.setOffline(false);
});
