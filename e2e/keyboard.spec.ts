// Keyboard first: Ctrl/Cmd+P can be typed into at once (arrows, Enter, Esc), the ⋯ menu and dialogs work from the
// keyboard, `?` opens help with the shortcuts, the lessons and a light/dark/system theme switch that is kept.
// Everything typed goes through page.keyboard, as a person types (never fill()).

import { test, expect } from './fixtures.ts';
import { openPlayground } from './helpers.ts';
import { SPEC_TIMEOUT } from './timeouts.ts';

test.describe.configure({ timeout: SPEC_TIMEOUT });

// Each flow on one page: the quick open at 1024 px and again at 1440 px; help and the menu at 1024 px, the theme
// switch at 1440 px.
test.describe('at 1024 and 1440 px', () => {
  test.use({ viewport: { width: 1024, height: 800 } });

  test('quick open: typed into at once, arrows choose, Enter opens, Esc closes', async ({ page }) => {
    await openPlayground(page);
    for (const width of [1024, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.keyboard.press('ControlOrMeta+p');
      const dialog = page.getByRole('dialog', { name: 'Open a file' });
      const input = dialog.getByRole('combobox', { name: 'File name' });
      await expect(input).toBeFocused();
      await page.keyboard.type('BUILD');
      await expect(dialog.getByRole('option')).toHaveCount(2);
      await expect(dialog.getByRole('option', { selected: true })).toHaveText('app/BUILD');
      await page.keyboard.press('ArrowDown');
      await expect(dialog.getByRole('option', { selected: true })).toHaveText('tools/BUILD');
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('active-path')).toHaveText('tools/BUILD');

      await page.keyboard.press('ControlOrMeta+p');
      await expect(input).toBeFocused();
      await page.keyboard.type('defs');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('active-path')).toHaveText('tools/BUILD');
      // Back to where the first round started.
      await page.keyboard.press('ControlOrMeta+p');
      await page.keyboard.type('app/BUILD');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('active-path')).toHaveText('app/BUILD');
    }
  });

  test('`?` opens help; the ⋯ menu by keyboard; the theme switch is kept', async ({ page }) => {
    await openPlayground(page);
    // Not while typing in the editor…
    await page.getByRole('textbox', { name: /^Editor: / }).focus();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('#?');
    const help = page.getByRole('dialog', { name: 'Help' });
    await expect(help).toBeHidden();
    // …but from anywhere else.
    await page.getByRole('tab', { name: /^Targets/ }).focus();
    await page.keyboard.press('?');
    await expect(help).toBeVisible();
    await expect(help.getByRole('table', { name: 'Keyboard shortcuts' })).toContainText('open a file by name');
    await expect(help.getByRole('list', { name: 'Lessons' }).getByRole('button')).not.toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    // The ⋯ menu: Enter opens it with the focus on its first item, arrows move, Enter chooses.
    await page.getByRole('button', { name: 'More actions' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: /^Help and shortcuts/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(help).toBeVisible();

    // Dark, chosen with the keyboard at 1440 px, is kept across a reload; System follows the system again.
    const width = 1440;
    await page.setViewportSize({ width, height: 800 });
    await expect(help).toBeInViewport();
    await help.getByRole('radio', { name: 'Dark' }).focus();
    await page.keyboard.press('Space');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const bg = () => page.evaluate(() => getComputedStyle(document.querySelector('.top-bar')!).backgroundColor);
    expect(await bg()).toBe('rgb(27, 29, 32)');
    await page.screenshot({ path: `/tmp/rulepen-help-dark-${width}.png` });
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // The editor too (its dark theme's background).
    const editorBg = page.locator('.monaco-editor .monaco-editor-background').first();
    await expect.poll(() => editorBg.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(27, 29, 32)');
    await page.getByRole('tab', { name: /^Targets/ }).focus();
    await page.keyboard.press('?');
    await help.getByRole('radio', { name: 'System' }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await bg()).toBe('rgb(253, 253, 252)');

    // A lesson from help.
    await help.getByRole('list', { name: 'Lessons' }).getByRole('button').first().click();
    await expect(help).toBeHidden();
    await expect(page.getByRole('complementary', { name: /^Lesson: / })).toBeVisible();
  });
});
