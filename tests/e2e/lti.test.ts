import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JSONWebKeySet } from 'jose';
import type { Page } from 'playwright-core';
import { INSTRUCTOR, LEARNER, LTI_CLAIM, startTestPlatform, type TestPlatform } from '../support/ltiPlatform';
import { apiClient, named, openQuizBody, signIn, useE2E } from './support';

/**
 * LTI 1.3 in Chromium against the real server, the test suite playing the LMS: the browser starts
 * at the portal's login initiation, is sent to the LMS, whose page posts the signed id_token back to
 * the launch; a learner ends on the quiz's instructions, an instructor on its manage page. The admin
 * finds the registration's values and rotates the tool's key in "LMS platforms".
 */
describe('LTI 1.3 launches and registration', () => {
  const e = useE2E();
  const { apiAs, login } = apiClient(e);
  let platform: TestPlatform;
  let admin: string;
  let quizId: number;
  let quizName: string;
  let teacherEmail: string;

  beforeAll(async () => {
    platform = await startTestPlatform({ toolJwks: async () => (await (await fetch(`${e.server.url}/api/lti/jwks`)).json()) as JSONWebKeySet });
    admin = await login('admin', 'ADMIN');
    const teacher = await login('teacher', 'TEACHER');
    const profile = (await apiAs(teacher, '/profile')).body.data as { email: string; institute: string };
    teacherEmail = profile.email;
    const institutes = (await apiAs(admin, '/institutes')).body.data as { id: number; instituteName: string }[];
    const institute = institutes.find((i) => i.instituteName === profile.institute) ?? institutes[0];
    const registered = await apiAs(admin, '/lti-platforms', { method: 'POST', body: JSON.stringify(platform.registration(institute.id)) });
    expect(registered.body.success, registered.body.message).toBe(true);

    quizName = `Quiz launched from the LMS ${Date.now()}`;
    const quiz = await apiAs(teacher, '/quizzes', { method: 'POST', body: openQuizBody(quizName, [1, 3]) });
    expect(quiz.body.success, quiz.body.message).toBe(true);
    quizId = quiz.body.data.id as number;
  });
  afterAll(async () => platform?.close());

  /** The LMS's next launch of this quiz as `roles`, started in the browser at the portal's login initiation. */
  async function launch(page: Page, who: { sub: string; roles?: string[]; name?: string; email?: string }) {
    platform.nextBrowserLaunch = (nonce) => ({
      ...platform.launchClaims({ nonce, quizId, ...who }),
      [`${LTI_CLAIM}target_link_uri`]: `${e.server.url}/api/lti/launch`,
    });
    const query = new URLSearchParams({
      iss: platform.issuer,
      login_hint: 'u1',
      target_link_uri: `${e.server.url}/api/lti/launch`,
      client_id: platform.clientId,
      lti_deployment_id: platform.deploymentId,
    });
    await page.goto(`${e.server.url}/api/lti/login?${query}`);
  }

  it('takes a learner from the LMS to the quiz’s instructions', { timeout: 60_000 }, async () => {
    const { page } = await e.newPage();
    await launch(page, { sub: 'lms-learner-1', name: 'Lena Learner', email: 'lena.learner@lms.example' });
    await page.waitForURL((url) => url.pathname === `/student/availableQuiz/instruction/${quizId}`);
    await page.getByText(quizName).first().waitFor();
    // The bar says where the student comes back from (the LMS made an account without a password of theirs).
    await page.getByText('You came in from your LMS course').waitFor();
    expect(await page.getByText('Sign in with your username and password').count()).toBe(0);
    // The platform was asked for the tool's own launch address.
    expect(platform.lastAuthRequest?.get('redirect_uri')).toBe(`${e.server.url}/api/lti/launch`);
  });

  it('takes an instructor from the LMS to the quiz’s manage page as the matching teacher', { timeout: 60_000 }, async () => {
    const { page } = await e.newPage();
    await launch(page, { sub: 'lms-teacher-1', roles: [INSTRUCTOR], name: 'Tara Teacher', email: teacherEmail });
    await page.waitForURL((url) => url.pathname === `/teacher/quiz/manage/${quizId}`);
    await page.getByText(quizName).first().waitFor();
    // The one-time code is gone from the address, and a reload keeps the teacher signed in.
    expect(new URL(page.url()).search).toBe('');
    await page.reload();
    await page.getByText(quizName).first().waitFor();
    expect(new URL(page.url()).pathname).toBe(`/teacher/quiz/manage/${quizId}`);
    // The quiz is linked in the course: its LMS section offers the class list, previewed before it is synced.
    platform.members = [
      { user_id: 'lms-learner-1', roles: [LEARNER], name: 'Lena Learner', status: 'Active' },
      { user_id: 'lms-learner-2', roles: [LEARNER], name: 'Noor Newcomer', email: 'noor@lms.example', status: 'Active' },
      { user_id: 'lms-teacher-1', roles: [INSTRUCTOR], name: 'Tara Teacher' },
    ];
    await page.getByRole('button', { name: 'Sync class list' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('1 learner to add').waitFor();
    await dialog.getByText('Noor Newcomer').waitFor();
    await dialog.getByText('Lena Learner').waitFor();
    await dialog.getByRole('button', { name: 'Add 1 learner' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows a used hand-over code as the login with the reason', { timeout: 30_000 }, async () => {
    const { page } = await e.newPage();
    await page.goto('/?ltiHandoff=a-code-that-was-never-issued');
    await page.getByText('LMS sign-in failed').waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await e.expectApiRefusals(['404 POST /api/lti/handoff']);
  });

  it('lets the admin find the registration values and rotate the tool’s key', { timeout: 60_000 }, async () => {
    const before = (await apiAs(admin, '/lti/keys')).body.data.keys as { kid: string; current: boolean }[];
    const config = (await apiAs(null, '/lti/config')).body.data as { loginUrl: string; jwksUrl: string; redirectUris: string[] };

    const { context, page } = await e.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e.server.url });
    await signIn(page, 'admin', 'ADMIN');
    await page.getByRole('menuitem', { name: 'LMS platforms' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/lti-platforms');
    await page.getByRole('cell', { name: platform.issuer, exact: true }).waitFor();

    const values = page.getByRole('table', { name: 'Tool configuration' });
    for (const [label, value] of [
      ['Login initiation URL', config.loginUrl],
      ['Redirect URI(s)', config.redirectUris[0]],
      ['Public keyset URL (JWKS)', config.jwksUrl],
    ]) {
      const row = values.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
      await row.getByText(value, { exact: true }).waitFor();
      await row.getByRole('button', { name: `Copy ${label}` }).waitFor();
    }
    await values.getByRole('button', { name: 'Copy Login initiation URL' }).click();
    await page.getByText('Copied', { exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(config.loginUrl);

    const keys = page.getByRole('table', { name: 'Signing keys' });
    const oldKid = before.find((k) => k.current)?.kid;
    if (oldKid) await keys.getByRole('row').filter({ hasText: oldKid }).getByText('Current').waitFor();
    await page.getByRole('button', { name: 'Rotate key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the signing key?' });
    await dialog.getByText('stays published for 20 minutes').waitFor();
    await dialog.getByRole('button', { name: 'Rotate key' }).click();
    await dialog.waitFor({ state: 'detached' });

    const after = (await apiAs(admin, '/lti/keys')).body.data.keys as { kid: string; current: boolean }[];
    const newKid = after.find((k) => k.current)!.kid;
    expect(newKid).not.toBe(oldKid);
    await keys.getByRole('row').filter({ hasText: newKid }).getByText('Current').waitFor();
    if (oldKid) await keys.getByRole('row').filter({ hasText: oldKid }).getByText(/^Retired .*, published until /).waitFor();

    // The create form's deployment IDs: one field to start with, more on demand, the list's own message when emptied.
    await page.getByRole('link', { name: 'Add LMS platform' }).click();
    const deployments = page.getByRole('group', { name: 'Deployment IDs *' });
    await deployments.getByRole('textbox', { name: named('Deployment ID 1') }).fill('1');
    await deployments.getByRole('button', { name: 'Add deployment ID' }).click();
    await deployments.getByRole('textbox', { name: named('Deployment ID 2') }).fill('2');
    await deployments.getByRole('button', { name: 'Remove Deployment ID 1' }).click();
    await deployments.getByRole('button', { name: 'Remove Deployment ID 1' }).click();
    await page.getByRole('button', { name: 'Add LMS platform' }).click();
    await page.getByText('At least one deployment ID is required', { exact: true }).waitFor();
  });
});
