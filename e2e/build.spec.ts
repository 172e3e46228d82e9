// Build, Test and Run buttons with progress and Stop; the Generated files panel (text, hex, gzip, download).

import { test, expect } from './fixtures.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';
import { openPlayground, replaceWorkspace, slowBuildWorkspace } from './helpers.ts';
import type { Page } from '@playwright/test';

test.describe.configure({ timeout: SPEC_TIMEOUT });

function panel(page: Page, name: string) {
  return page.getByRole('tabpanel', { name });
}

test('the build button builds the command line’s targets and Generated files shows the outputs', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel query //app:banner');
  await page.getByRole('button', { name: 'Build', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Command line' })).toHaveValue('bazel build //app:banner');
  await expect(page.getByLabel('Command output')).toContainText('Build completed successfully', { timeout: COMMAND_TIMEOUT });

  await page.getByRole('tab', { name: /^Generated files/ }).click();
  const files = panel(page, 'Generated files');
  await expect(files.getByRole('button', { name: 'Show bazel-bin/app/banner.txt' })).toBeVisible();
  await expect(files.getByLabel('File contents')).toContainText('welcome to rulepen');
  await expect(files.getByLabel('File contents')).toContainText('Licensed under the Apache License');
  await files.getByRole('radio', { name: 'Hex' }).click();
  await expect(files.getByLabel('File contents')).toContainText('00000000  77 65 6c 63 6f 6d 65');
  await page.screenshot({ path: '/tmp/build-generated.png' });
});

test('a .gz output is shown decompressed with its compressed size, binary as hex, and downloads', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, {
    'MODULE.bazel': '',
    'p/BUILD': `genrule(
    name = "z",
    outs = ["hello.txt.gz", "raw.bin"],
    cmd = "echo hello from gzip | gzip > $(location hello.txt.gz); printf '\\\\000\\\\001\\\\002binary' > $(location raw.bin)",
)
`,
  });
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //p:z');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByLabel('Command output')).toContainText('exit code 0', { timeout: COMMAND_TIMEOUT });
  await page.getByRole('tab', { name: /^Generated files/ }).click();
  const files = panel(page, 'Generated files');
  await files.getByRole('button', { name: 'Show bazel-bin/p/hello.txt.gz' }).click();
  await expect(files.getByLabel('File contents')).toHaveText('hello from gzip\n');
  await expect(files).toContainText(/gzip: \d+ bytes compressed → 16 bytes, shown decompressed/);
  const download = page.waitForEvent('download');
  await files.getByRole('button', { name: 'Download bazel-bin/p/hello.txt.gz' }).click();
  expect((await download).suggestedFilename()).toBe('hello.txt.gz');

  await files.getByRole('button', { name: 'Show bazel-bin/p/raw.bin' }).click();
  await expect(files).toContainText('binary');
  await expect(files.getByLabel('File contents')).toContainText('00 01 02 62 69 6e 61 72');
});

test('a long build shows progress and Stop ends it; the engine comes back', async ({ page }) => {
  await openPlayground(page);
  // Many genrules, each within the shell's budgets, so the build is long but no limit ends it.
  await replaceWorkspace(page, slowBuildWorkspace());
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //p:all');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.screenshot({ path: '/tmp/build-running.png' });
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByLabel('Command output')).toContainText('stopped.', { timeout: COMMAND_TIMEOUT });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // A fresh worker answers the next command.
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //p:quick');
  await page.getByRole('button', { name: 'Run command' }).click();
  await expect(page.getByLabel('Command output')).toContainText('exit code 0', { timeout: COMMAND_TIMEOUT });
});

test('the run button runs an executable target', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, {
    'MODULE.bazel': '',
    'p/BUILD': 'sh_binary(name = "hi", srcs = ["hi.sh"])\n',
    'p/hi.sh': 'echo hello from run\n',
  });
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //p:hi');
  await page.getByRole('button', { name: 'Run target' }).click();
  await expect(page.getByRole('textbox', { name: 'Command line' })).toHaveValue('bazel run //p:hi');
  await expect(page.getByLabel('Command output')).toContainText('hello from run', { timeout: COMMAND_TIMEOUT });
});
