import { describe, expect, it } from 'vitest';
import type { Role } from '../../src/schemas/roles';
import { apiClient, openQuizBody, signIn, useE2E } from './support';

/**
 * What the portal has is reachable where people look, in Chromium against the real server: the
 * quiz list's Analysis action and the links between a quiz's manage and analysis pages, every staff
 * role's profile from its menu, the students' feedback for the teacher (list and analysis page) and
 * the department head, and SPEC's routes from a plural typed by hand.
 */
describe('reachable', () => {
  const e = useE2E();
  const { apiAs, login } = apiClient(e);

  /** A quiz of the demo teacher, open now, that the demo student took and gave feedback on. */
  async function quizWithFeedback(name: string, comment: string): Promise<number> {
    const teacher = await login('teacher', 'TEACHER');
    const bank = (await apiAs(teacher, '/questions?range=[0,99]')).body.data as { id: number; type: string }[];
    const question = bank.find((q) => q.type === 'single')!;
    const quiz = await apiAs(teacher, '/quizzes', { method: 'POST', body: openQuizBody(name, [question.id]) });
    expect(quiz.status, quiz.body.message).toBe(201);
    const quizId = quiz.body.data.id as number;
    const student = await login('student', 'STUDENT');
    const attempt = await apiAs(student, `/student/quizzes/${quizId}/attempts`, { method: 'POST' });
    expect(attempt.status, attempt.body.message).toBe(201);
    expect((await apiAs(student, `/student/attempts/${attempt.body.data.id}/submit`, { method: 'POST' })).status).toBe(200);
    const feedback = await apiAs(student, '/feedbacks', { method: 'POST', body: JSON.stringify({ quiz: quizId, rating: 4, comment }) });
    expect(feedback.status, feedback.body.message).toBe(201);
    return quizId;
  }

  it("opens a quiz's analysis from the quiz list, and its manage and analysis pages link to each other", async () => {
    const name = `Reachable analysis quiz ${Date.now()}`;
    const quizId = await quizWithFeedback(name, 'Fine');
    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.getByRole('menuitem', { name: 'Quizzes' }).click();
    await page.waitForURL('**/teacher/quiz');
    const action = page.getByRole('link', { name: `Analysis of ${name}` });
    await action.click();
    await page.waitForURL(`**/teacher/quiz/analysis/${quizId}`);
    await page.getByRole('heading', { name: `Analysis: ${name}`, level: 1 }).waitFor();

    await page.getByRole('link', { name: 'Manage', exact: true }).click();
    await page.waitForURL(`**/teacher/quiz/manage/${quizId}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Analysis', exact: true }).click();
    await page.waitForURL(`**/teacher/quiz/analysis/${quizId}`);
    await page.getByRole('heading', { name: `Analysis: ${name}`, level: 1 }).waitFor();
    expect(await page.getByText('coming soon', { exact: false }).count()).toBe(0);
  });

  it('lets every staff role open its profile from the menu and change its phone number', async () => {
    const staff: [string, Role][] = [
      ['admin', 'ADMIN'],
      ['institute-head', 'INSTITUTE-HEAD'],
      ['department-head', 'DEPARTMENT-HEAD'],
      ['teacher', 'TEACHER'],
    ];
    for (const [username, role] of staff) {
      const { page } = await e.newPage();
      await signIn(page, username, role);
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await page.waitForURL(`**/${username}/profile`);
      await page.getByRole('heading', { name: 'Contact' }).waitFor();
      const phone = `98${String(Date.now()).slice(-8)}`;
      await page.getByRole('textbox', { name: 'Phone number' }).fill(phone);
      await page.getByRole('button', { name: 'Save phone number' }).click();
      await page.getByText('Profile updated').first().waitFor();
      const profile = await apiAs(await login(username, role), '/profile');
      expect(profile.body.data.phone, username).toBe(phone);
      await page.context().close();
    }
    // Four sign-ins, each role's first screen and profile scanned by axe-core in both themes.
  }, 120_000);

  it("shows the teacher the feedback on their quiz (list and analysis page) and the department head its department's", async () => {
    const name = `Reachable feedback quiz ${Date.now()}`;
    const comment = `The timing was fair ${Date.now()}`;
    const quizId = await quizWithFeedback(name, comment);

    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.getByRole('menuitem', { name: 'Feedbacks' }).click();
    await page.waitForURL('**/teacher/feedbacks');
    const list = page.getByRole('table', { name: 'Feedback' });
    await list.getByRole('row').filter({ hasText: comment }).getByText(name).waitFor();
    await page.goto(`/teacher/quiz/analysis/${quizId}`);
    const section = page.getByRole('region', { name: 'Student feedback' });
    await section.getByText(comment).waitFor();
    await section.getByText('1 student gave feedback', { exact: false }).waitFor();

    const { page: head } = await e.newPage();
    await signIn(head, 'department-head', 'DEPARTMENT-HEAD');
    await head.getByRole('menuitem', { name: 'Feedbacks' }).click();
    await head.waitForURL('**/department-head/feedbacks');
    await head.getByRole('table', { name: 'Feedback' }).getByRole('row').filter({ hasText: comment }).getByText(name).waitFor();
  });

  it("sends a plural route to SPEC's and keeps the not-found page for unknown ones", async () => {
    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto('/teacher/quizzes');
    await page.waitForURL((url) => url.pathname === '/teacher/quiz');
    await page.getByRole('link', { name: 'Create quiz' }).first().waitFor();
    await page.goto('/teacher/guidelines');
    await page.waitForURL((url) => url.pathname === '/teacher/guideline');

    await page.goto('/teacher/no-such-page');
    await page.getByRole('heading', { name: 'Sorry we could not find this page.' }).waitFor();
    await page.getByText('But dont worry, you can find plenty of other things on our homepage.').waitFor();
    expect(page.url()).toMatch(/\/teacher\/no-such-page$/);

    const { page: head } = await e.newPage();
    await signIn(head, 'department-head', 'DEPARTMENT-HEAD');
    await head.goto('/department-head/student');
    await head.waitForURL((url) => url.pathname === '/department-head/students');
  });
});
