// Binary files (issue 18): a zip with a random binary source imports with its bytes, the editor shows the file as
// a read-only hex view, a genrule `cp $< $@` builds an output whose bytes are the source's exactly (the
// Generated files panel's hex and its download), and a zip export keeps the source — at 1024 px, then the same
// page at 1440 px.

import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';
import { fileList, typeAndRunCommand } from './helpers.ts';
import { hexDump } from '../src/ui/panels/generated/bytes.ts';
import { readZip, writeZip } from '../src/ui/state/zip.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

/** Deterministic "random" bytes covering every byte value, invalid UTF-8 and NUL included. */
function randomBytes(n: number, seed: number): Uint8Array {
  let x = seed;
  return new Uint8Array(n).map(() => ((x = (x * 1103515245 + 12345) >>> 0) >>> 16) & 0xff);
}

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

test('a binary source imports from a zip, shows as hex, and a genrule copies it byte for byte', async ({ page }, info) => {
  const data = randomBytes(256, 18);
  const enc = new TextEncoder();
  const zipPath = info.outputPath('binary.zip');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(
    zipPath,
    writeZip([
      { name: 'bin/MODULE.bazel', data: enc.encode('') },
      { name: 'bin/pkg/BUILD', data: enc.encode('genrule(\n    name = "copy",\n    srcs = ["data.bin"],\n    outs = ["copy.bin"],\n    cmd = "cp $< $@",\n)\n') },
      { name: 'bin/pkg/data.bin', data },
    ]),
  );

  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/');
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();

  // Import the zip through the ⋯ menu's dialog, as a user picks a file.
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: /Import/ }).click();
  await page.getByLabel('Choose a .zip or text file to import').setInputFiles(zipPath);
  await expect(page.getByRole('dialog', { name: 'Import a workspace' })).toBeHidden();

  // The binary file opens as a hex view: offset, 16 bytes in hex, the ASCII column; no text editor.
  await fileList(page).getByRole('button', { name: 'Open pkg/data.bin', exact: true }).click();
  const view = page.getByRole('region', { name: 'pkg/data.bin (binary file, read-only)' });
  // A row of the dump is no wider than the view: nothing is cut off.
  const rowFits = () => view.getByLabel('Hex view').evaluate((pre) => pre.scrollWidth <= pre.parentElement!.clientWidth);
  await expect(view).toBeVisible();
  await expect(view).toContainText('Binary file, 256 bytes');
  // At 1024 px the editor is too narrow for 16 bytes a row: 8, with the ASCII column in view.
  await expect(view.getByLabel('Hex view')).toHaveText(hexDump(data, undefined, 8));
  expect(await rowFits()).toBe(true);
  await expect(page.getByTestId('editor')).toBeHidden();
  await expect(page.locator('.editor-header .language-badge')).toHaveText('binary');
  const axe = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).include('[data-testid="binary-file"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: '/tmp/rulepen-binary-hex-1024.png' });

  // Build with the keyboard; the output's bytes are the source's.
  await typeAndRunCommand(page, 'bazel build //pkg:copy', COMMAND_TIMEOUT);
  await expect(page.getByLabel('Command output')).toContainText('exit code 0');
  await page.getByRole('tab', { name: /^Generated files/ }).click();
  const generated = page.getByRole('tabpanel', { name: 'Generated files' });
  await generated.getByRole('button', { name: 'Show bazel-bin/pkg/copy.bin' }).click();
  await expect(generated).toContainText('256 bytes · binary');
  await expect(generated.getByLabel('File contents')).toHaveText(hexDump(data));
  const downloading = page.waitForEvent('download');
  await generated.getByRole('button', { name: 'Download bazel-bin/pkg/copy.bin' }).click();
  const copyPath = info.outputPath('copy.bin');
  await (await downloading).saveAs(copyPath);
  expect(same(new Uint8Array(readFileSync(copyPath)), data)).toBe(true);

  // The same page, wider: the hex view still shows the file, and a zip export keeps its bytes.
  await page.setViewportSize({ width: 1440, height: 900 });
  await fileList(page).getByRole('button', { name: 'Open pkg/BUILD', exact: true }).click();
  await expect(page.getByTestId('editor')).toBeVisible();
  await fileList(page).getByRole('button', { name: 'Open pkg/data.bin', exact: true }).click();
  await expect(view.getByLabel('Hex view')).toHaveText(hexDump(data));
  expect(await rowFits()).toBe(true);
  await page.screenshot({ path: '/tmp/rulepen-binary-hex-1440.png' });
  await page.getByRole('button', { name: 'More actions' }).click();
  const exporting = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /Download \.zip/ }).click();
  const exportPath = info.outputPath('export.zip');
  await (await exporting).saveAs(exportPath);
  const exported = readZip(new Uint8Array(readFileSync(exportPath))).find((e) => e.name.endsWith('/pkg/data.bin'));
  expect(exported && same(exported.data, data)).toBe(true);
});
