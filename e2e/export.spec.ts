// Export and import: the ⋯ menu downloads a .zip that real Bazel runs (WORKSPACE or MODULE.bazel, .bazelrc with
// the command line's flags, .bazelversion, a README with the command); the zip and txtar text import back.

import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.ts';
import { openPlayground, waitForEngine } from './helpers.ts';
import { readZip } from '../src/ui/state/zip.ts';

test.describe.configure({ timeout: 90_000 });

test('Download .zip writes the workspace with .bazelrc, .bazelversion and a README; importing it restores it', async ({ page }, info) => {
  await openPlayground(page);
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //app:banner -c opt --cpu=arm');
  await page.getByRole('button', { name: 'More actions' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /Download \.zip/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('rulepen-workspace.zip');
  const path = info.outputPath('export.zip');
  await download.saveAs(path);
  const bytes = new Uint8Array(readFileSync(path));
  const entries = new Map(readZip(bytes).map((e) => [e.name, new TextDecoder().decode(e.data)]));
  expect([...entries.keys()].sort()).toEqual([
    'rulepen-workspace/.bazelrc',
    'rulepen-workspace/.bazelversion',
    'rulepen-workspace/MODULE.bazel',
    'rulepen-workspace/README.md',
    'rulepen-workspace/app/BUILD',
    'rulepen-workspace/app/banner.txt.in',
    'rulepen-workspace/app/defs.bzl',
    'rulepen-workspace/tools/BUILD',
    'rulepen-workspace/tools/LICENSE.txt',
  ]);
  expect(entries.get('rulepen-workspace/.bazelrc')).toContain('build -c opt\nbuild --cpu=arm\n');
  expect(entries.get('rulepen-workspace/.bazelversion')).toMatch(/^\d+\.\d+\.\d+\n$/);
  expect(entries.get('rulepen-workspace/README.md')).toContain('```sh\nbazel build //app:banner\n```');
  expect(entries.get('rulepen-workspace/app/BUILD')).toBe(await page.evaluate(() => window.__rulepen!.getFileText('app/BUILD')));

  // Import it back over another workspace: the files and the command line come back.
  await page.evaluate(() => window.__rulepen!.replaceWorkspace({ WORKSPACE: '', 'x/BUILD': '' }));
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel query //...');
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: /Import/ }).click();
  await page.getByLabel('Choose a .zip or text file to import').setInputFiles(path);
  await expect(page.getByRole('dialog', { name: 'Import a workspace' })).toBeHidden();
  await waitForEngine(page);
  const files = await page.evaluate(() => window.__rulepen!.files());
  expect(Object.keys(files).sort()).toEqual(['.bazelversion', 'MODULE.bazel', 'app/BUILD', 'app/banner.txt.in', 'app/defs.bzl', 'tools/BUILD', 'tools/LICENSE.txt']);
  await expect(page.getByRole('textbox', { name: 'Command line' })).toHaveValue('bazel build //app:banner -c opt --cpu=arm');
});

test('pasted txtar text imports, and Undo brings the previous files back', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: /Import/ }).click();
  await page.getByRole('textbox', { name: 'Workspace as text' }).fill(
    '$ bazel query //lib:all\n-- WORKSPACE --\n-- lib/BUILD --\nfilegroup(\n    name = "pasted",\n)\n',
  );
  await page.getByRole('button', { name: 'Import text' }).click();
  await waitForEngine(page);
  expect(await page.evaluate(() => window.__rulepen!.files())).toEqual({ WORKSPACE: '', 'lib/BUILD': 'filegroup(\n    name = "pasted",\n)\n' });
  await expect(page.getByRole('textbox', { name: 'Command line' })).toHaveValue('bazel query //lib:all');
  await expect(page.getByRole('tabpanel', { name: /^Targets/ })).toContainText(':pasted');

  await page.getByRole('navigation', { name: 'Files' }).getByRole('button', { name: 'Undo' }).click();
  await waitForEngine(page);
  expect(await page.evaluate(() => window.__rulepen!.getFileText('app/defs.bzl'))).toContain('def greeting');
});

test('a damaged zip is refused with a message and the workspace stays', async ({ page }, info) => {
  await openPlayground(page);
  const path = info.outputPath('bad.zip');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(path, Buffer.from('PK\u0003\u0004 this is not really a zip'));
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: /Import/ }).click();
  await page.getByLabel('Choose a .zip or text file to import').setInputFiles(path);
  await expect(page.getByRole('dialog', { name: 'Import a workspace' }).getByRole('alert')).toContainText('Could not import: not a zip file');
  expect(await page.evaluate(() => window.__rulepen!.getFileText('app/BUILD'))).toContain('genrule(');
});
