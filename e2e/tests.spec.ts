// The Tests panel: a test_suite's expansion with the reason for each candidate, results and logs.

import { test, expect } from './fixtures.ts';
import { COMMAND_TIMEOUT, SPEC_TIMEOUT } from './timeouts.ts';
import { openPlayground, replaceWorkspace } from './helpers.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

test('the test button runs a suite; the panel explains the expansion and shows the logs', async ({ page }) => {
  await openPlayground(page);
  await replaceWorkspace(page, {
    'MODULE.bazel': '',
    'p/BUILD': `sh_test(name = "a", srcs = ["a.sh"], size = "small")
sh_test(name = "b", srcs = ["b.sh"], tags = ["slow"])
sh_test(name = "m", srcs = ["a.sh"], tags = ["manual"])
sh_test(name = "f", srcs = ["f.sh"])
test_suite(name = "fast", tags = ["-slow"])
`,
    'p/a.sh': 'echo ok a\n',
    'p/b.sh': 'echo b\n',
    'p/f.sh': 'echo failing f; exit 1\n',
  });
  await page.getByRole('textbox', { name: 'Command line' }).fill('bazel build //p:fast');
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(page.getByLabel('Command output')).toContainText('exit code 3', { timeout: COMMAND_TIMEOUT });
  await page.getByRole('tab', { name: /^Tests/ }).click();
  const tests = page.getByRole('tabpanel', { name: /^Tests/ });
  await expect(tests.getByRole('button', { name: '//p:f FAILED' })).toBeVisible();
  // The failed test is shown first, with its log.
  await expect(tests.getByLabel('Test log')).toContainText('failing f');

  await tests.getByRole('button', { name: /^\/\/p:fast/ }).click();
  const suite = tests.getByRole('region', { name: 'Expansion of //p:fast' });
  await expect(suite).toContainText('//p:fast runs 2 of 4 candidates');
  await expect(suite.getByRole('row', { name: /\/\/p:b/ })).toContainText('tag slow is excluded by -slow');
  await expect(suite.getByRole('row', { name: /\/\/p:m/ })).toContainText('manual');
  await page.screenshot({ path: '/tmp/tests.png' });
});
