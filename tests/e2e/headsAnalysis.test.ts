import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Role } from '../../src/schemas/roles';
import { apiClient, openQuizBody, signIn, useE2E } from './support';

/**
 * A quiz's analysis is reachable for the heads, as the statistics API allows, in Chromium against
 * the real server: the department head and the institute head open Quizzes from their menu, find
 * the department's quiz with its teacher and group, and open its analysis, which offers them
 * nothing the server refuses them (no Manage, no Grade, no attempt review) and says who grades;
 * the teacher's own quiz list keeps its actions.
 */
describe('heads reach a quiz analysis', () => {
  const e = useE2E();
  const { apiAs, login } = apiClient(e);
  const name = `Heads analysis quiz ${Date.now()}`;
  let quizId = 0;
  let teacherName = '';
  let groupName = '';

  /** The demo teacher's quiz, open now, that the demo student took (one submitted attempt). */
  async function takenQuiz(): Promise<number> {
    if (quizId) return quizId;
    const teacher = await login('teacher', 'TEACHER');
    const bank = (await apiAs(teacher, '/questions?range=[0,99]')).body.data as { id: number; type: string }[];
    const question = bank.find((q) => q.type === 'single')!;
    const quiz = await apiAs(teacher, '/quizzes', { method: 'POST', body: openQuizBody(name, [question.id]) });
    expect(quiz.status, quiz.body.message).toBe(201);
    quizId = quiz.body.data.id as number;
    teacherName = (await apiAs(teacher, '/profile')).body.data.fullname as string;
    groupName = (await apiAs(teacher, '/groups/1')).body.data.groupName as string;
    const student = await login('student', 'STUDENT');
    const attempt = await apiAs(student, `/student/quizzes/${quizId}/attempts`, { method: 'POST' });
    expect(attempt.status, attempt.body.message).toBe(201);
    expect((await apiAs(student, `/student/attempts/${attempt.body.data.id}/submit`, { method: 'POST' })).status).toBe(200);
    return quizId;
  }

  async function headOpensAnalysis(page: Page, username: string, role: Role) {
    const id = await takenQuiz();
    await signIn(page, username, role);
    await page.getByRole('menuitem', { name: 'Quizzes' }).click();
    await page.waitForURL(`**/${username}/quiz`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText(teacherName).waitFor();
    await row.getByText(groupName).waitFor();
    await row.getByText('Open', { exact: true }).waitFor();
    // Read only: nothing to create, edit or manage.
    expect(await page.getByRole('link', { name: 'Create quiz' }).count()).toBe(0);
    expect(await row.getByRole('link', { name: `Edit ${name}` }).count()).toBe(0);
    expect(await row.getByRole('link', { name: `Manage ${name}` }).count()).toBe(0);

    await row.getByRole('link', { name: `Analysis of ${name}` }).click();
    await page.waitForURL(`**/${username}/quiz/analysis/${id}`);
    await page.getByRole('heading', { name: `Analysis: ${name}`, level: 1 }).waitFor();
    await page.getByRole('group', { name: 'Attempts' }).getByText('1', { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Question statistics' }).waitFor();
    await page.getByRole('table', { name: 'Students' }).getByText('student', { exact: false }).first().waitFor();
    // What the server refuses a head is not offered, and the page says who does it.
    await page.getByText('Grading answers and reviewing each student’s attempt are for the quiz’s teacher.').waitFor();
    expect(await page.getByRole('link', { name: 'Manage', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Grade|Regrade)$/ }).count()).toBe(0);
    expect(await page.getByRole('row', { name: /^Open .*'s attempt$/ }).count()).toBe(0);
    // The export is the heads' too (the statistics export allows them).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^analysis-.*\.csv$/);

    await page.getByRole('link', { name: 'Quizzes', exact: true }).click();
    await page.waitForURL(`**/${username}/quiz`);
  }

  it("the department head opens Quizzes from the menu and the analysis of its department's quiz", async () => {
    const { page } = await e.newPage();
    await headOpensAnalysis(page, 'department-head', 'DEPARTMENT-HEAD');
  });

  it("the institute head opens Quizzes from the menu and the analysis of its institute's quiz", async () => {
    const { page } = await e.newPage();
    await headOpensAnalysis(page, 'institute-head', 'INSTITUTE-HEAD');
  });

  it("the department head's upcoming exams link to each quiz's analysis", async () => {
    const teacher = await login('teacher', 'TEACHER');
    const bank = (await apiAs(teacher, '/questions?range=[0,99]')).body.data as { id: number; type: string }[];
    const upcoming = `Heads upcoming quiz ${Date.now()}`;
    const now = Date.now();
    const quiz = await apiAs(teacher, '/quizzes', {
      method: 'POST',
      body: openQuizBody(upcoming, [bank[0].id], {
        visible_from: new Date(now).toISOString(),
        valid_from: new Date(now + 24 * 3_600_000).toISOString(),
        valid_to: new Date(now + 26 * 3_600_000).toISOString(),
      }),
    });
    expect(quiz.status, quiz.body.message).toBe(201);
    const { page } = await e.newPage();
    await signIn(page, 'department-head', 'DEPARTMENT-HEAD');
    await page.getByRole('table', { name: 'Upcoming exams' }).getByRole('link', { name: upcoming }).click();
    await page.waitForURL(`**/department-head/quiz/analysis/${quiz.body.data.id}`);
    await page.getByRole('heading', { name: `Analysis: ${upcoming}`, level: 1 }).waitFor();
  });

  it("the teacher's quiz list still offers its actions, and its analysis the teacher's", async () => {
    const id = await takenQuiz();
    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.getByRole('menuitem', { name: 'Quizzes' }).click();
    await page.waitForURL('**/teacher/quiz');
    await page.getByRole('link', { name: 'Create quiz' }).first().waitFor();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('link', { name: `Edit ${name}` }).waitFor();
    await row.getByRole('link', { name: `Manage ${name}` }).waitFor();
    await row.getByRole('link', { name: `Analysis of ${name}` }).click();
    await page.waitForURL(`**/teacher/quiz/analysis/${id}`);
    await page.getByRole('heading', { name: `Analysis: ${name}`, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Manage', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Regrade' }).first().waitFor();
    expect(await page.getByText('are for the quiz’s teacher').count()).toBe(0);
    await page.getByRole('row', { name: /^Open .*'s attempt$/ }).first().click();
    await page.getByRole('dialog').getByText('’s attempt').first().waitFor();
  });
});
