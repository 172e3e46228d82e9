// The Actions panel: a genrule's command through its expansion stages, and the shell transcript.

import { test, expect } from './fixtures.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';
import { openPlayground } from './helpers.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

test('a genrule shows its three expansion stages, the script and the transcript', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //app:banner -c opt');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByLabel('Command output')).toContainText('exit code 0', { timeout: COMMAND_TIMEOUT });
  await page.getByRole('tab', { name: /^Actions/ }).click();
  const detail = page.getByRole('region', { name: 'genrule //app:banner' });
  await expect(detail).toContainText('1. cmd, as written');
  await expect(detail).toContainText('tr a-z A-Z < $(location banner.txt.in) > $@');
  await expect(detail).toContainText('tr a-z A-Z < app/banner.txt.in > $@');
  await expect(detail).toContainText('tr a-z A-Z < app/banner.txt.in > bazel-out/k8-opt/bin/app/banner.txt');
  await expect(detail).toContainText('source external/bazel_tools/tools/genrule/genrule-setup.sh;');
  await expect(detail).toContainText('transcript · exit code 0');
  await page.screenshot({ path: '/tmp/actions.png' });
});

test('a failing command shows its stderr and exit code', async ({ page }) => {
  await openPlayground(page);
  await page.evaluate(() =>
    window.__rulepen!.setFileText('tools/BUILD', 'genrule(name = "bad", outs = ["bad.txt"], cmd = "echo oops >&2; exit 3")\n'),
  );
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //tools:bad');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByLabel('Command output')).toContainText('exit code 1', { timeout: COMMAND_TIMEOUT });
  await page.getByRole('tab', { name: /^Actions/ }).click();
  const detail = page.getByRole('region', { name: 'genrule //tools:bad' });
  await expect(detail).toContainText('transcript · exit code 3');
  await expect(detail).toContainText('oops');
  await expect(page.getByRole('button', { name: 'genrule //tools:bad (failed)' })).toBeVisible();
});
