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

  /** The filter form sends its values once typing pauses; the address then carries them. */
  const filterApplied = (page: Page) => page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(building));

  async function openRooms(page: Page, area: string) {
    await page.getByRole('menuitem', { name: 'Rooms' }).click();
    await page.waitForURL(`**/${area}/rooms**`);
    await page.getByRole('button', { name: 'Reset filters' }).waitFor();
  }

  /** Signs the page's user out and waits for the start page. */
  async function signOut(page: Page) {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  }

  it('keeps filter, sort and page size across a sign-out, and "Reset filters" clears filter and sort in one click', async () => {
    const { page } = await e.newPage();
    await signIn(page, 'department-head', 'DEPARTMENT-HEAD');
    await openRooms(page, 'department-head');

    // A filter (applied once typing pauses), a sort by capacity, then a page size of 10: 10 of the 12 rooms on the first page.
    await buildingFilter(page).fill(building);
    await filterApplied(page);
    await page.getByRole('button', { name: 'Capacity' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'capacity');
    await page.getByRole('combobox', { name: /rows per page/i }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await page.getByText(`1-10 of ${ROOMS}`).waitFor();

    // Signing out and in again: the list is as it was left.
    await signOut(page);
    await signIn(page, 'department-head', 'DEPARTMENT-HEAD');
    await openRooms(page, 'department-head');
    await expect.poll(() => buildingFilter(page).inputValue()).toBe(building);
    await page.getByText(`1-10 of ${ROOMS}`).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('capacity');

    // One click: no filter, the default sort (by room name); the page size stays.
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect.poll(() => buildingFilter(page).inputValue()).toBe('');
    await expect.poll(() => new URL(page.url()).searchParams.get('filter') ?? '{}').toBe('{}');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort') ?? 'name').toBe('name');
  });

  it("another account on the same browser does not get a user's list settings", async () => {
    const { page } = await e.newPage();
    await signIn(page, 'department-head', 'DEPARTMENT-HEAD');
    await openRooms(page, 'department-head');
    await buildingFilter(page).fill(building);
    await filterApplied(page);
    await signOut(page);

    // The department's teacher sees the same rooms list, with their own (default) settings.
    await signIn(page, 'teacher', 'TEACHER');
    await openRooms(page, 'teacher');
    await expect.poll(() => buildingFilter(page).inputValue()).toBe('');
    expect(new URL(page.url()).searchParams.get('filter') ?? '{}').toBe('{}');
    await signOut(page);

    // And the head's are still there.
    await signIn(page, 'department-head', 'DEPARTMENT-HEAD');
    await openRooms(page, 'department-head');
    await expect.poll(() => buildingFilter(page).inputValue()).toBe(building);
  });

  it('exports every filtered row as CSV with the screen headings, from the keyboard', async () => {
    const { page } = await e.newPage();
    await signIn(page, 'department-head', 'DEPARTMENT-HEAD');
    await openRooms(page, 'department-head');
    await buildingFilter(page).fill(building);
    await filterApplied(page);
    await page.getByRole('combobox', { name: /rows per page/i }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
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
