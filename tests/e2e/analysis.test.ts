import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import type { Role } from '../../src/schemas/roles';
import { openQuizBody, signIn, useE2E } from './support';

/**
 * The teacher's quiz analysis in Chromium against the real server: the histogram and the flags,
 * grading a descriptive answer that the student's history then shows, the export; and every
 * role's dashboard with its figures.
 */

describe('quiz analysis and dashboards', () => {
  const e = useE2E();

  async function api(token: string | null, pathname: string, init: RequestInit = {}) {
    const res = await fetch(`${e.server.url}/api${pathname}`, {
      ...init,
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return (await res.json()) as { success: boolean; message: string; data: any };
  }
  const login = async (username: string, role: Role) =>
    (await api(null, '/auth/login', { method: 'POST', body: JSON.stringify({ username, password: DEMO_PASSWORD, role, userTime: Date.now() }) })).data.token as string;

  /** A quiz of the demo teacher with a single-choice (2 marks) and a descriptive (5 marks) question, taken by the demo student: the single choice wrong, the descriptive answered. */
  async function takenQuiz(name: string) {
    const teacher = await login('teacher', 'TEACHER');
    const bank = ((await api(teacher, '/questions?range=[0,99]')).data as { id: number; type: string; options?: { id: string; correct: boolean }[] }[]).sort((a, b) => a.id - b.id);
    const single = bank.find((q) => q.type === 'single')!;
    const descriptive = bank.find((q) => q.type === 'descriptive')!;
    const quiz = await api(teacher, '/quizzes', { method: 'POST', body: openQuizBody(name, [single.id, descriptive.id]) });
    expect(quiz.success, quiz.message).toBe(true);
    const student = await login('student', 'STUDENT');
    const attempt = (await api(student, `/student/quizzes/${quiz.data.id}/attempts`, { method: 'POST' })).data.id as number;
    const wrong = single.options!.find((o) => !o.correct)!.id;
    await api(student, `/student/attempts/${attempt}/answers/${single.id}`, { method: 'PUT', body: JSON.stringify({ response: wrong, seq: 1 }) });
    await api(student, `/student/attempts/${attempt}/answers/${descriptive.id}`, { method: 'PUT', body: JSON.stringify({ response: 'A heap of tentative distances.', seq: 1 }) });
    expect((await api(student, `/student/attempts/${attempt}/submit`, { method: 'POST' })).success).toBe(true);
    return { quizId: quiz.data.id as number, attempt };
  }

  const download = async (page: Page, button: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
    return fs.readFile((await file.path())!);
  };

  it('shows the histogram and the flags, grades a descriptive answer the history then shows, and exports the report', async () => {
    const name = 'Analysis walk-through quiz';
    const { quizId, attempt } = await takenQuiz(name);
    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto(`/teacher/quiz/analysis/${quizId}`);
    await page.getByRole('heading', { name: `Analysis: ${name}`, level: 1 }).waitFor();
    // The page's title in the top bar and in the browser tab.
    expect(await page.getByTestId('page-title').textContent()).toBe('Quiz analysis');
    await page.waitForFunction(() => document.title === 'Quiz analysis – Exam Portal');

    const histogram = page.getByRole('region', { name: 'Score histogram' });
    await histogram.locator('svg').first().waitFor();
    expect(await histogram.locator('svg').count()).toBeGreaterThan(0);
    // The attempt's descriptive answer waits for grading: left out of the figures until graded.
    const questions = page.getByRole('table', { name: 'Question statistics' });
    await page.getByText('1 answer awaiting grading (1 attempt)', { exact: false }).waitFor();

    // Grade the descriptive answer question by question.
    await questions.getByRole('button', { name: 'Grade', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /Grade question 2/ });
    const answer = dialog.getByLabel('Student’s answer');
    await answer.waitFor();
    expect(await answer.inputValue()).toBe('A heap of tentative distances.');
    await dialog.getByLabel('Marks').fill('4');
    await dialog.getByLabel('Comment').fill('Right idea, no proof');
    await dialog.getByRole('button', { name: 'Save and next' }).click();
    await page.getByText('Marks saved').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('table', { name: 'Students' }).getByText('4 / 7').waitFor();
    expect(await page.getByText('awaiting grading', { exact: false }).count()).toBe(0);
    // Graded, the attempt joins the statistics: the single choice wrong has a facility of 0 %, under 20: flagged for review.
    await questions.getByText('review').first().waitFor();

    // The student's history shows the new mark.
    const { page: studentPage } = await e.newPage();
    await signIn(studentPage, 'student', 'STUDENT');
    await studentPage.goto('/student/history');
    const row = studentPage.getByRole('row').filter({ hasText: name });
    await row.getByText('4 / 7').waitFor();
    const analysis = await api(await login('student', 'STUDENT'), `/student/attempts/${attempt}/analysis`);
    expect(analysis.data).toMatchObject({ score: 4, pending: false });

    // The whole report as .xlsx (a sheet per table) and as CSV.
    const workbook = XLSX.read(await download(page, 'Export .xlsx'), { type: 'buffer' });
    expect(workbook.SheetNames).toEqual(['Summary', 'Histogram', 'Questions', 'Options', 'Modules', 'Students']);
    const students = XLSX.utils.sheet_to_json<{ total: number; maxScore: number }>(workbook.Sheets.Students);
    expect(students).toEqual([expect.objectContaining({ total: 4, maxScore: 7 })]);
    const csv = (await download(page, 'Export CSV')).toString('utf8');
    expect(csv).toContain('Questions');
    expect(csv).toContain('Summary');
  });

  it("shows every role's dashboard with its figures", async () => {
    const checks: [string, Role, string, string[], (d: any) => number][] = [
      ['admin', 'ADMIN', 'Admin dashboard', ['Users by role', 'Feedback trend', 'Latest feedback'], (d) => d.institutes],
      ['institute-head', 'INSTITUTE-HEAD', 'Institute head dashboard', ['Results by department'], (d) => d.departments],
      ['department-head', 'DEPARTMENT-HEAD', 'Department head dashboard', ['Pass rate by group', 'Upcoming exams'], (d) => d.students],
      ['teacher', 'TEACHER', 'Teacher dashboard', ['Live and upcoming quizzes', 'Weakest modules', 'Latest results', 'Course-outcome attainment'], (d) => d.awaitingGrading],
    ];
    const cardOf: Record<string, string> = { admin: 'Institutes', 'institute-head': 'Departments', 'department-head': 'Students', teacher: 'Answers awaiting grading' };
    for (const [username, role, heading, panels, figure] of checks) {
      const { page } = await e.newPage();
      await signIn(page, username, role);
      await page.getByRole('heading', { name: heading }).waitFor();
      const expected = figure((await api(await login(username, role), '/dashboard')).data);
      const card = page.getByRole('article', { name: cardOf[username] });
      await card.getByText(String(expected), { exact: true }).waitFor();
      for (const panel of panels) await page.getByRole('region', { name: panel }).waitFor();
      await page.waitForFunction(() => document.title === 'Dashboard – Exam Portal');
    }

    const { page } = await e.newPage();
    await signIn(page, 'student', 'STUDENT');
    await page.getByRole('heading', { name: 'Student dashboard' }).waitFor();
    await page.getByRole('article', { name: 'Next quiz' }).waitFor();
    await page.getByRole('region', { name: 'Percent by module' }).locator('svg').first().waitFor();
    await page.getByRole('region', { name: 'Recent results' }).getByRole('row').nth(1).waitFor();
    // Four sign-ins, each role's dashboard and charts scanned by axe-core in both themes.
  }, 120_000);
});
