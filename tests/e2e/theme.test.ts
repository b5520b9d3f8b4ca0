import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, signIn, useE2E } from './support';

/**
 * The dark theme, in Chromium against the real server: the login page follows the system's
 * `prefers-color-scheme`; a user's choice in the user menu (Light, Dark, System) is kept across a
 * reload and a sign-out and sign-in, for that user only, in the staff and the student areas.
 */

/** Whether the page is drawn dark: the relative luminance of the body's background. */
async function looksDark(page: Page): Promise<boolean> {
  const colour = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((c) => c / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.3;
}

async function chooseTheme(page: Page, choice: 'Light' | 'Dark' | 'System') {
  await page.getByRole('button', { name: 'User menu' }).click();
  const menu = page.getByRole('menu', { name: 'Theme' });
  await menu.waitFor();
  await expectAccessible(page, 'the user menu');
  await menu.getByRole('menuitemradio', { name: choice }).click();
  await menu.waitFor({ state: 'detached' });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Login' }).waitFor();
}

describe('the dark theme', () => {
  const e = useE2E();

  it('follows the system on the login page and until a user chooses', async () => {
    const { page } = await e.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await expect.poll(() => looksDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => looksDark(page)).toBe(false);
  });

  it("keeps a teacher's Dark across a reload and a sign-out and sign-in; the admin and the student keep theirs", async () => {
    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await expect.poll(() => looksDark(page)).toBe(false);
    await chooseTheme(page, 'Dark');
    await expect.poll(() => looksDark(page)).toBe(true);
    await page.getByRole('button', { name: 'User menu' }).click();
    expect(await page.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');

    await page.reload();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await expect.poll(() => looksDark(page)).toBe(true);
    await expectAccessible(page, 'teacher dashboard, chosen dark');

    // Signed out, the login page follows the system (light here); the teacher's choice comes back with them.
    await signOut(page);
    await expect.poll(() => looksDark(page)).toBe(false);
    await signIn(page, 'admin', 'ADMIN');
    await expect.poll(() => looksDark(page)).toBe(false);
    await signOut(page);
    await signIn(page, 'teacher', 'TEACHER');
    await expect.poll(() => looksDark(page)).toBe(true);

    // The student area has the same menu; the student's choice is theirs alone.
    await signOut(page);
    await signIn(page, 'student', 'STUDENT');
    await expect.poll(() => looksDark(page)).toBe(false);
    await chooseTheme(page, 'Dark');
    await expect.poll(() => looksDark(page)).toBe(true);
    await chooseTheme(page, 'System');
    await expect.poll(() => looksDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => looksDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await chooseTheme(page, 'Light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await expect.poll(() => looksDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'light' });
    // Five sign-ins, three areas' first screens scanned by axe-core in both themes.
  }, 120_000);
});
