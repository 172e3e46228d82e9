// Hosting: the production build's Content-Security-Policy. The built page carries the policy (a <meta> tag, set
// at build time only); a whole session — typing in the editor, completion, a query with its graph, a build and its
// outputs, the Docs panel, a share link opened again — raises no policy violation, also when a host sends the
// policy as a header (then it governs the workers and the service worker too); an embed framed by another site
// works under that header (it sets no frame-ancestors); and script injected inline, an inline event handler, eval, and
// requests to another origin are all refused.

import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures.ts';
import { encodeShareState } from '../../src/ui/state/share-link.ts';
import { HEADER_CSP_SUB_PATH, SUB_PATH } from '../hosting.config.ts';
import { fileList, getFileText, targetsPanel } from '../helpers.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from '../timeouts.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/**
 * Records every `securitypolicyviolation` the page sees, across navigations: an init script listens (before the
 * app's own scripts run) and reports through a binding, which is not itself subject to the page's policy.
 */
async function recordViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeBinding('__reportCspViolation', (_source, v: Violation) => void violations.push(v));
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportCspViolation(v: unknown): void }).__reportCspViolation;
    window.addEventListener(
      'securitypolicyviolation',
      (e) => report({ directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` }),
      { capture: true },
    );
  });
  return violations;
}

async function openBuiltSite(page: Page, url = SUB_PATH): Promise<void> {
  await page.goto(url);
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();
  await page.waitForFunction(() => window.__rulepen?.isSettled() === true);
}

async function readPolicyText(page: Page): Promise<string> {
  const metas = page.locator('meta[http-equiv="Content-Security-Policy"]');
  await expect(metas).toHaveCount(1);
  return (await metas.getAttribute('content')) ?? '';
}

/** The policy of the page as a map from directive to its sources. */
async function readPolicy(page: Page): Promise<Map<string, string[]>> {
  const text = await readPolicyText(page);
  return new Map(
    text
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

test('the built page carries a Content-Security-Policy without inline script or other origins', async ({ page }) => {
  await openBuiltSite(page);
  const policy = await readPolicy(page);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('worker-src')).toEqual(["'self'"]);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'none'"]);
  // Every source is this origin or inline data; nothing names another host or a wildcard.
  for (const [name, sources] of policy) {
    for (const s of sources) expect(["'self'", "'none'", "'unsafe-inline'", 'data:'], `${name} ${s}`).toContain(s);
    // Only styles may be inline: Monaco injects <style> elements.
    if (name !== 'style-src') expect(sources, `${name} allows inline code`).not.toContain("'unsafe-inline'");
  }
  // The policy comes before the first script, so that it governs all of them.
  const order = await page.evaluate(() =>
    [...document.head.children].map((e) => (e.matches('meta[http-equiv="Content-Security-Policy"]') ? 'csp' : e.tagName.toLowerCase())),
  );
  expect(order.indexOf('csp')).toBeLessThan(order.indexOf('script'));
});

/** Editor typing and completion, a query as text and graph, a build and its outputs, the Docs panel, a share link. */
async function exerciseSession(page: Page, base: string): Promise<void> {
  await openBuiltSite(page, base);
  await expect(targetsPanel(page)).toContainText(':banner');

  // The editor: type a line, ask for completion.
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('# typed under the policy');
  await expect.poll(() => getFileText(page, 'app/BUILD')).toContain('# typed under the policy');
  await page.keyboard.press('Enter');
  await page.keyboard.type('filegr');
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.monaco-editor .suggest-widget')).toContainText('filegroup');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+z');

  // A query, as text and as a graph (the layout code is a lazily loaded chunk).
  await page.getByRole('tab', { name: 'Query', exact: true }).click();
  const query = page.getByRole('tabpanel', { name: 'Query', exact: true });
  await query.getByRole('textbox', { name: 'Query expression' }).fill('deps(//app:text)');
  await query.getByRole('textbox', { name: 'Query expression' }).press('Enter');
  await expect(query.getByLabel('Query result')).toContainText('//tools:license');
  await query.getByRole('radio', { name: 'Graph' }).click();
  await expect(query.getByTestId('query-graph').getByRole('button', { name: /^\/\/app:banner \(genrule rule\)/ })).toBeVisible();

  // A build: the emulated shell is loaded in the worker; the outputs show in Generated files.
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //app:banner');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByLabel('Command output')).toContainText('Build completed successfully', { timeout: COMMAND_TIMEOUT });
  await page.getByRole('tab', { name: /^Generated files/ }).click();
  await expect(page.getByRole('tabpanel', { name: /^Generated files/ }).getByLabel('File contents')).toContainText('welcome to rulepen');

  // The Docs panel on the .bzl file.
  await fileList(page).getByRole('button', { name: 'Open app/defs.bzl', exact: true }).click();
  await page.getByRole('tab', { name: 'Docs' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Docs' })).toContainText('Macros for the hello app.');

  // A share link, opened again.
  await page.getByRole('button', { name: 'Share' }).click();
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toContain('#rp2.');
  await page.goto('about:blank');
  await openBuiltSite(page, link);
  await expect(page.getByTestId('active-path')).toHaveText('app/defs.bzl');
  await expect(page.getByRole('tabpanel', { name: 'Docs' })).toContainText('Macros for the hello app.');
  // The link runs its command on open and shows its outcome in Output; the outputs are in Generated files.
  await expect(page.getByLabel('Command output')).toContainText('Build completed successfully', { timeout: COMMAND_TIMEOUT });
  await page.getByRole('tab', { name: /^Generated files/ }).click();
  await expect(page.getByRole('tabpanel', { name: /^Generated files/ }).getByLabel('File contents')).toContainText('welcome to rulepen');
}

test('a whole session — editor, query, build, docs, a share link — raises no policy violation', async ({ page }) => {
  const violations = await recordViolations(page);
  await exerciseSession(page, SUB_PATH);
  expect(violations).toEqual([]);
});

test('with the policy also sent as an HTTP header (which governs the workers too) the session and offline mode work', async ({ page, context }) => {
  const violations = await recordViolations(page);
  const workers = new Set<string>();
  page.on('worker', (w) => workers.add(w.url()));
  const response = await page.goto(HEADER_CSP_SUB_PATH);
  const policy = await readPolicyText(page);
  expect(response?.headers()['content-security-policy']).toBe(policy);
  // Worker scripts come with the header: the engine worker (with the emulated shell) and Monaco's editor worker run
  // under it; a refusal there shows as a worker console error, which the fixture fails on.
  await exerciseSession(page, HEADER_CSP_SUB_PATH);
  // Every worker the page started (the engine's at least) was served with the policy.
  expect([...workers].some((u) => /\/engine\.worker-[\w-]+\.js$/.test(u)), [...workers].join(', ')).toBe(true);
  for (const url of workers) expect((await page.request.get(url)).headers()['content-security-policy'], url).toBe(policy);

  // The service worker registers under the policy; offline, a reload still shows the playground.
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null);
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await openBuiltSite(page, page.url());
  await expect(page.getByRole('tabpanel', { name: 'Docs' })).toContainText('Macros for the hello app.');
  await context.setOffline(false);
  expect(violations).toEqual([]);
});

test('an embed in another site’s <iframe> runs under the policy header', async ({ page, baseURL }) => {
  const violations = await recordViolations(page);
  const state = encodeShareState({
    files: { 'MODULE.bazel': '', 'pkg/BUILD': 'genrule(name = "hello", outs = ["hello.txt"], cmd = "echo hello > $@")\n' },
    command: 'bazel build //pkg:hello',
    activePath: 'pkg/BUILD',
    panels: null,
    extras: {},
    lesson: null,
  });
  // The test writes the framing page itself: its origin is not the site's.
  await page.setContent(`<iframe src="${baseURL}${HEADER_CSP_SUB_PATH}?embed=1#${state}" width="720" height="420"></iframe>`);
  const embed = (await (await page.locator('iframe').elementHandle())!.contentFrame())!;
  await expect(embed.getByLabel('Command output')).toContainText('Build completed successfully', { timeout: COMMAND_TIMEOUT });
  await expect(embed.getByRole('link', { name: 'Open in rulepen' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('inline script, inline handlers, eval and other origins are refused', async ({ page, guard }) => {
  const violations = await recordViolations(page);
  const failed = new Map<string, string>();
  page.on('requestfailed', (r) => failed.set(r.url(), r.failure()?.errorText ?? ''));
  await openBuiltSite(page);
  expect(violations).toEqual([]);

  const outcome = await page.evaluate(async () => {
    const w = window as unknown as Record<string, unknown>;
    // An inline <script> element.
    const script = document.createElement('script');
    script.textContent = 'window.__injected = "inline script"';
    document.body.appendChild(script);
    // Markup with an inline event handler (the image fails to decode, so onerror would fire).
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="data:," onerror="window.__injected = \'event handler\'">';
    document.body.appendChild(holder);
    // A javascript: URL followed as a link.
    const a = document.createElement('a');
    a.href = 'javascript:window.__injected="javascript url"';
    document.body.appendChild(a);
    a.click();
    // eval and new Function, called from a task of the page's own (DevTools lets code it evaluates use eval).
    const tryCode = (run: () => void) =>
      new Promise<string>((resolve) =>
        setTimeout(() => {
          try {
            run();
            resolve('ran');
          } catch (e) {
            resolve((e as Error).name);
          }
        }),
      );
    const evalResult = await tryCode(() => (0, eval)('window.__injected = "eval"'));
    const functionResult = await tryCode(() => new Function('window.__injected = "Function"')());
    // Requests to another origin: fetch, an image, a stylesheet.
    let fetchResult = 'fetched';
    try {
      await fetch('https://example.invalid/steal');
    } catch (e) {
      fetchResult = (e as Error).name;
    }
    const img = new Image();
    const imgLoaded = new Promise<string>((resolve) => {
      img.onload = () => resolve('loaded');
      img.onerror = () => resolve('refused');
    });
    img.src = 'https://example.invalid/pixel.png';
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = 'https://example.invalid/style.css';
    document.head.appendChild(link);
    const imgResult = await imgLoaded;
    await new Promise((r) => setTimeout(r, 300));
    return { injected: w.__injected, evalResult, functionResult, fetchResult, imgResult };
  });

  expect(outcome).toEqual({
    injected: undefined,
    evalResult: 'EvalError',
    functionResult: 'EvalError',
    fetchResult: 'TypeError',
    imgResult: 'refused',
  });
  // One report per attempt: <script>, onerror, javascript:, eval, Function, fetch, <img>, <link>.
  const expected = ['script-src-elem', 'script-src-attr', 'script-src-elem', 'script-src', 'script-src', 'connect-src', 'img-src', 'style-src-elem'];
  await expect.poll(() => violations.map((v) => v.directive).sort()).toEqual(expected.sort());
  // The image and the stylesheet show as requests that the browser itself stopped (errorText "csp") before they
  // left: the fixture's check of foreign requests is settled here. The browser also logs each refusal as a console
  // error; those are expected, any other still fails the spec.
  for (const url of guard.foreignRequests) expect(`${url} ${failed.get(url)}`).toBe(`${url} csp`);
  guard.foreignRequests.length = 0;
  const refused = /violates the following Content Security Policy directive|violates the document's Content Security Policy/;
  guard.consoleErrors.splice(0, guard.consoleErrors.length, ...guard.consoleErrors.filter((m) => !refused.test(m)));
});
