import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiClient, signIn, useE2E } from './support';

/**
 * Lists remember and export, in Chromium against the real server: the department head's rooms
 * list keeps its filter and page size across a sign-out (in the head's own store), "Reset filters"
 * clears them, another account on the same browser starts clean, and "Export CSV" downloads every
 * filtered row with the screen's headings.
 */
describe('lists that remember and export', () => {
  const e = useE2E();
  const { apiAs, login } = apiClient(e);
  const building = `East wing ${Date.now()}`;
  const ROOMS = 12;

  beforeAll(async () => {
    const head = await login('department-head', 'DEPARTMENT-HEAD');
    for (let i = 1; i <= ROOMS; i++) {
      const res = await apiAs(head, '/rooms', { method: 'POST', body: JSON.stringify({ name: `E${String(i).padStart(2, '0')}`, capacity: 20 + i, building }) });
      expect(res.status, res.body.message).toBe(201);
    }
  });

  const buildingFilter = (page: Page) => page.getByRole('textbox', { name: 'Building' });

  async function openRooms(page: Page, area: string) {
    await page.getByRole('menuitem', { name: 'Rooms' }).click();
    await page.waitForURL(`**/${area}/rooms**`);
    await page.getByRole('button', { name: 'Reset filters' }).waitFor();
  }

  it('keeps filter and page size across a sign-out, resets them in one click, and keeps them from another user', async () => {
    const { page } = await e.newPage();
    await signIn(page, 'department-head', 'DEPARTMENT-HEAD');
    await openRooms(page, 'department-head');

    // A filter and a page size of 10: 10 of the 12 rooms on the first page.
    await buildingFilter(page).fill(building);
    await page.getByRole('combobox', { name: /rows per page/i }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await page.getByText(`1-10 of ${ROOMS}`).waitFor();

    // Signing out and in again: the list is as it was left.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await signIn(page, 'department-head', 'DEPARTMENT-HEAD');
    await openRooms(page, 'department-head');
    await expect.poll(() => buildingFilter(page).inputValue()).toBe(building);
    await page.getByText(`1-10 of ${ROOMS}`).waitFor();

    // Another user of the same department, on the same browser, has their own (empty) settings.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await signIn(page, 'teacher', 'TEACHER');
    await openRooms(page, 'teacher');
    await expect.poll(() => buildingFilter(page).inputValue()).toBe('');
    expect(await page.getByText(`1-10 of ${ROOMS}`).count()).toBe(0);

    // Back as the head: still there; "Reset filters" clears the filter in one click.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await signIn(page, 'department-head', 'DEPARTMENT-HEAD');
    await openRooms(page, 'department-head');
    await expect.poll(() => buildingFilter(page).inputValue()).toBe(building);
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect.poll(() => buildingFilter(page).inputValue()).toBe('');
    await expect.poll(() => new URL(page.url()).searchParams.get('filter') ?? '{}').toBe('{}');
  });

  it('exports every filtered row as CSV with the screen headings, from the keyboard', async () => {
    const { page } = await e.newPage();
    await signIn(page, 'department-head', 'DEPARTMENT-HEAD');
    await openRooms(page, 'department-head');
    await page.getByRole('combobox', { name: /rows per page/i }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await buildingFilter(page).fill(building);
    await page.getByText(`1-10 of ${ROOMS}`).waitFor();

    const exportCsv = page.getByRole('button', { name: 'Export CSV' });
    await exportCsv.focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^rooms-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Room,Building,Capacity');
    // The whole filtered set, not the page of 10.
    expect(lines).toHaveLength(ROOMS + 1);
    expect(lines.slice(1).every((line) => line.includes(building))).toBe(true);

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export XLSX' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^rooms-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });
});
