import { describe, expect, it } from 'vitest';
import { apiClient, signIn, useE2E } from './support';

/**
 * The students list's bulk actions in Chromium: a department head filters by batch, ticks the
 * page, chooses "Select all N matching" (more than the page holds) and adds them all to a group
 * in one action; then resets two students' passwords and sees the new ones once, with the sheet.
 */
describe('bulk work on students', () => {
  const e = useE2E();
  const { apiAs, login } = apiClient(e);

  it('adds every student of a batch to a group from the filtered list, and resets two passwords', { timeout: 150_000 }, async () => {
    const head = await login('department-head', 'DEPARTMENT-HEAD');
    const batch = 'BLK26';
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const username = `bulk-e2e-${i}`;
      const res = await apiAs(head, '/students', {
        method: 'POST',
        body: JSON.stringify({ fullname: `Bulk Person ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`, username, email: `${username}@example.edu`, phone: String(9_200_000_000 + i), batch, semester: '2' }),
      });
      expect(res.status, res.body.message).toBe(201);
      ids.push(res.body.data.id);
    }
    const demoStudent = (await apiAs(head, `/students?filter=${encodeURIComponent(JSON.stringify({ q: 'student' }))}`)).body.data[0].id as number;
    const group = await apiAs(head, '/groups', { method: 'POST', body: JSON.stringify({ groupName: 'Bulk target group', students: [demoStudent] }) });
    expect(group.status, group.body.message).toBe(201);

    const { page } = await e.newPage();
    await signIn(page, 'department-head', 'DEPARTMENT-HEAD');
    await page.goto('/department-head/students');
    await page.getByRole('textbox', { name: 'Batch' }).fill(batch);
    await page.getByText('1-25 of 30').waitFor();

    // Tick the page, then everything the filter matches.
    await page.getByRole('checkbox', { name: 'Select all' }).first().check();
    await page.getByRole('button', { name: 'Select all 30 matching' }).click();
    await page.getByRole('status').filter({ hasText: 'All 30 students matching are chosen' }).waitFor();
    await page.getByRole('button', { name: 'Add to group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add all 30 students matching to a group' });
    await dialog.getByRole('combobox', { name: /^Group/ }).click();
    await page.getByRole('option', { name: 'Bulk target group' }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('30 students added to the group').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const members = (await apiAs(head, `/groups/${group.body.data.id}`)).body.data.students as number[];
    expect([...members].sort((a, b) => a - b)).toEqual([demoStudent, ...ids].sort((a, b) => a - b));

    // Reset two passwords: shown once, with the sheet to download.
    const rows = page.getByRole('row').filter({ hasText: 'bulk-e2e-' });
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Reset passwords' }).click();
    await page.getByRole('dialog', { name: 'Reset the passwords of 2 students' }).getByRole('button', { name: 'Reset passwords' }).click();
    const shown = page.getByRole('dialog', { name: 'New initial passwords' });
    await shown.waitFor();
    expect(await shown.getByTestId('reset-password').count()).toBe(2);
    const [, username, password] = await shown.getByRole('row').nth(1).getByRole('cell').allTextContents();
    const [download] = await Promise.all([page.waitForEvent('download'), shown.getByRole('button', { name: 'Download initial passwords' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^initial-passwords-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    // The shown password signs the student in (to be changed at once).
    expect(username).toMatch(/^bulk-e2e-\d+$/);
    const signedIn = await apiAs(null, '/auth/login', { method: 'POST', body: JSON.stringify({ username, password, role: 'STUDENT', userTime: Date.now() }) });
    expect(signedIn.status, signedIn.body.message).toBe(200);
  });
});
