import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, it, describe } from 'vitest';
import type { Page } from 'playwright-core';
import { AREA_SECTIONS } from '../../src/shell/areaSections';
import { DEMO_ACCOUNTS } from '../../server/seed/demo';
import { rolePath, ROLE_LABELS } from '../../src/schemas/roles';
import { submitLogin, useE2E } from './support';


const storage = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

describe('the portal end to end', () => {
  const e = useE2E();

  it.each(DEMO_ACCOUNTS)('signs in the demo $role into its own area, shows its navigation, and signs out', async ({ username, role }) => {
    const { page } = await e.newPage();
    await submitLogin(page, username, role);
    const area = rolePath(role);
    await page.waitForURL(`**/${area}`);
    await page.getByRole('heading', { name: `${ROLE_LABELS[role]} dashboard` }).waitFor();
    expect(await storage(page, 'token')).toBeTruthy();
    expect(await storage(page, 'role')).toBe(role);
    expect(await storage(page, 'username')).toBe(username);

    if (role !== 'STUDENT') {
      for (const section of AREA_SECTIONS[area as keyof typeof AREA_SECTIONS]) {
        await page.getByRole('menuitem', { name: section.label }).first().waitFor();
      }
    } else {
      for (const label of ['Upcoming', 'Available', 'History', 'Profile', 'Guideline']) {
        await page.getByRole('navigation', { name: 'Student' }).getByRole('link', { name: new RegExp(label, 'i') }).first().waitFor();
      }
    }

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await storage(page, 'token')).toBeNull();
  });

  it("shows the 'Error' toast with the server's message for a wrong password", async () => {
    const { page } = await e.newPage();
    await submitLogin(page, 'teacher', 'TEACHER', 'not-the-password');
    const toast = page.getByRole('alert').filter({ hasText: 'Invalid username, password or role' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Error');
    expect(new URL(page.url()).pathname).toBe('/');
    await e.expectApiRefusals(['401 POST /api/auth/login']);
  });

  it('shows the login validation messages for an empty form', async () => {
    const { page } = await e.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Enter Username').waitFor();
    await page.getByText('Enter Password').waitFor();
  });

  it("sends a user who opens another role's area to their own", async () => {
    const { page } = await e.newPage();
    await submitLogin(page, 'teacher', 'TEACHER');
    await page.waitForURL('**/teacher');
    await page.goto('/admin/institutes');
    await page.waitForURL((url) => url.pathname.startsWith('/teacher'));
    await page.goto('/');
    await page.waitForURL((url) => url.pathname.startsWith('/teacher'));
  });

  it('shows the not-found texts for an unknown route, with a way home', async () => {
    const { page } = await e.newPage();
    await page.goto('/no/such/page');
    await page.getByText('Sorry we could not find this page.').waitFor();
    await page.getByText('But dont worry, you can find plenty of other things on our homepage.').waitFor();
    await page.getByText('Back to homepage').click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('sends the browser back to / when the server has revoked the session', async () => {
    const { page } = await e.newPage();
    await submitLogin(page, 'department-head', 'DEPARTMENT-HEAD');
    await page.waitForURL('**/department-head');
    const token = await storage(page, 'token');
    const res = await fetch(`${e.server.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    // Straight to the sign-in: react-admin signing out again and again once made thousands of
    // navigations (the suite fails any page that navigates in a loop) and a blank page for over ten seconds.
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Login' }).waitFor({ timeout: 5000 });
    expect(await storage(page, 'token')).toBeNull();
    // SPEC's answer to a revoked session, which sent the browser back.
    await e.expectApiRefusals(['405 GET /api/profile']);
  });

  it('signs out while the dashboard is still loading: what the screen asked for is dropped, none of it comes back refused', async () => {
    const { page } = await e.newPage();
    // The teacher's course-outcome attainment is held on its way until the sign-out is over.
    let signedOut = () => {};
    const over = new Promise<void>((resolve) => (signedOut = resolve));
    await page.route('**/api/subjects/*/attainment', async (route) => {
      await over;
      await route.continue().catch(() => undefined);
    });
    const asked = page.waitForRequest('**/api/subjects/*/attainment');
    await submitLogin(page, 'teacher', 'TEACHER');
    await page.waitForURL('**/teacher');
    await asked;
    const logout = page.waitForResponse('**/api/auth/logout');
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await logout).status()).toBe(200);
    signedOut();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await storage(page, 'token')).toBeNull();
    // The held request, let go after the server ended the session, would have been a 405 (the suite fails on it).
    await new Promise((resolve) => setTimeout(resolve, 500));
  });

  it('signs a student in through an exam link, straight onto the instruction page', async () => {
    const db = new Database(path.join(e.server.env.DATA_DIR, 'portal.db'));
    const now = Date.now();
    const student = db.prepare("select id from users where username = 'student'").get() as { id: number };
    const quiz = db.prepare('insert into quizzes (name, created_at, updated_at) values (?, ?, ?)').run('Data Structures Mid-term', now, now);
    db.prepare('insert into exam_tokens (token, user_id, quiz_id, created_at, expires_at) values (?, ?, ?, ?, ?)').run('e2e-exam-link-token-0123456789', student.id, quiz.lastInsertRowid, now, now + 3_600_000);
    db.close();

    const { page } = await e.newPage();
    await page.goto('/?examToken=e2e-exam-link-token-0123456789');
    await page.waitForURL(`**/student/availableQuiz/instruction/${quiz.lastInsertRowid}`);
    expect(await storage(page, 'quizName')).toBe('Data Structures Mid-term');
    expect(await storage(page, 'role')).toBe('STUDENT');

    const { page: other } = await e.newPage();
    await other.goto('/?examToken=not-a-valid-token-0123456789');
    await other.getByRole('button', { name: 'Login' }).waitFor();
    expect(new URL(other.url()).pathname).toBe('/');
    // The unknown link; and the bare quiz made above (no group, no window) is not one the student may open.
    await e.expectApiRefusals(['404 GET /api/student/verify/exam-token/not-a-valid-token-0123456789', `404 GET /api/student/quizzes/${quiz.lastInsertRowid}`]);
  });
});
