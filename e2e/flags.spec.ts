// The flags bar: the command line completes Bazel's options (with their values) and the workspace's own flags.

import { test, expect } from './fixtures.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';
import { openPlayground, replaceWorkspace } from './helpers.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

test('option names and enum values complete from the option table', async ({ page }) => {
  await openPlayground(page);
  const line = page.getByRole('textbox', { name: 'Command line' });
  await line.fill('bazel build //app:banner');
  await line.press('End');
  await line.pressSequentially(' --compilation_m');
  const list = page.getByRole('listbox', { name: 'Flag completions' });
  await expect(list.getByRole('option').first()).toContainText('--compilation_mode');
  await expect(list.getByRole('option').first()).toContainText('default fastbuild');
  await page.screenshot({ path: '/tmp/flags-completion.png' });
  await line.press('Tab');
  await expect(line).toHaveValue('bazel build //app:banner --compilation_mode=');
  await expect(list.getByRole('option', { name: /opt/ })).toBeVisible();
  await line.press('ArrowDown');
  await line.press('ArrowDown');
  await line.press('Enter');
  await expect(line).toHaveValue('bazel build //app:banner --compilation_mode=opt');
  // With the list closed, Enter runs the command.
  await line.press('Enter');
  await expect(page.getByLabel('Command output')).toContainText('exit code 0', { timeout: COMMAND_TIMEOUT });
});

test('the workspace’s user-defined flags complete after --//', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, {
    'MODULE.bazel': '',
    'conf/BUILD': `load("@bazel_skylib//rules:common_settings.bzl", "bool_flag", "string_flag")

bool_flag(name = "fast", build_setting_default = False)

string_flag(name = "mode", build_setting_default = "dev", values = ["dev", "prod"])
`,
  });
  const line = page.getByRole('textbox', { name: 'Command line' });
  await line.fill('bazel build //conf:all ');
  await line.press('End');
  await line.pressSequentially('--//');
  const list = page.getByRole('listbox', { name: 'Flag completions' });
  await expect(list.getByRole('option', { name: /--\/\/conf:fast/ })).toContainText('bool_flag');
  await expect(list.getByRole('option', { name: /--\/\/conf:mode/ })).toContainText('string_flag');
  await list.getByRole('option', { name: /--\/\/conf:mode/ }).click();
  await expect(line).toHaveValue('bazel build //conf:all --//conf:mode=');
  await line.press('Escape');
  await expect(list).toHaveCount(0);
});
