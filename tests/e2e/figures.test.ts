import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiClient, openQuizBody, signIn, useE2E } from './support';

/**
 * The figures built from marks, in Chromium against the real server: an answer awaiting grading is
 * left out and said ("1 answer awaiting grading") on the teacher's dashboard, in the attainment and
 * in the student's analysis; a module shows one named figure (with its tooltip) in both places of
 * the teacher's dashboard; a draft is not counted as upcoming; the student's next quiz is the open
 * quiz that closes first.
 */

const MINUTE = 60_000;

describe('figures', () => {
  const e = useE2E();
  const { apiAs, login } = apiClient(e);
  async function api(token: string, method: string, pathname: string, body?: unknown) {
    const res = await apiAs(token, pathname, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    expect(res.body.success, `${method} ${pathname}: ${res.body.message}`).toBe(true);
    return res.body.data;
  }
  /** The student's attempt at a quiz: started, answered, submitted. */
  async function take(student: string, quizId: number, answers: [number, unknown][]) {
    const attempt = (await api(student, 'POST', `/student/quizzes/${quizId}/attempts`)).id as number;
    for (const [questionId, response] of answers) await api(student, 'PUT', `/student/attempts/${attempt}/answers/${questionId}`, { response, seq: 1 });
    await api(student, 'POST', `/student/attempts/${attempt}/submit`);
    return attempt;
  }
  /** The text of the cell in `column` of the row of `name`, in a table of the region `region`. */
  async function cellOf(region: Locator, table: string, name: string, column: number) {
    const row = region.getByRole('table', { name: table }).getByRole('row').filter({ has: region.page().getByRole('cell', { name, exact: true }) });
    await row.waitFor();
    return (await row.getByRole('cell').nth(column).textContent())?.trim();
  }
  const teacherDashboard = async (page: Page) => {
    await page.goto('/teacher');
    await page.getByRole('heading', { name: 'Teacher dashboard' }).waitFor();
  };

  it('leaves an answer awaiting grading out and says so, and shows a module one named figure in both places of the dashboard', async () => {
    const teacher = await login('teacher', 'TEACHER');
    const student = await login('student', 'STUDENT');
    const subject = (await api(teacher, 'GET', '/subjects?range=[0,9]'))[0];
    const module = (await api(teacher, 'POST', '/modules', { course_outcome_name: 'Hashing', subject_id: subject.id })).id as number;
    const question = async (body: Record<string, unknown>) =>
      (await api(teacher, 'POST', '/questions', { subject: subject.id, module, time_required: 1, difficulty: 'hard', ...body })).id as number;
    const options = [
      { text: 'Chaining', correct: true },
      { text: 'Sorting', correct: false },
    ];
    const single = await question({ type: 'single', marks: 2, question: 'Which technique keeps a list in each bucket?', options });
    const essay = await question({ type: 'descriptive', marks: 4, question: 'Explain how open addressing finds a free slot.' });
    const last = await question({ type: 'single', marks: 1, question: 'Which technique probes the next slot?', options });
    const right = (await api(teacher, 'GET', `/questions/${single}`)).options.find((o: { correct: boolean }) => o.correct).id;
    const first = (await api(teacher, 'POST', '/quizzes', JSON.parse(openQuizBody('Hashing quiz', [single, essay])))).id as number;
    const attempt = await take(student, first, [
      [single, right],
      [essay, 'It probes the next slots in turn.'],
    ]);

    // The teacher's dashboard: 2 of the 2 graded marks, the essay left out and said, in both places.
    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await teacherDashboard(page);
    const weakest = page.getByRole('region', { name: 'Weakest modules' });
    const attainment = page.getByRole('region', { name: 'Course-outcome attainment' });
    expect(await cellOf(weakest, 'Weakest modules', 'Hashing', 1)).toBe('100 %');
    expect(await cellOf(attainment, 'Attainment by module', 'Hashing', 1)).toBe('100 %');
    await weakest.getByText('1 answer awaiting grading: left out of these figures until graded.').waitFor();
    await attainment.getByText('1 answer awaiting grading: left out of these figures until graded.').waitFor();

    // The student's analysis leaves the essay out of the breakdown and says so.
    const { page: studentPage } = await e.newPage();
    await signIn(studentPage, 'student', 'STUDENT');
    await studentPage.goto(`/student/history/analysis/${attempt}`);
    await studentPage.getByText('1 answer awaiting grading: left out of these figures until your teacher grades it.').waitFor();
    const hard = studentPage.getByRole('row').filter({ has: studentPage.getByRole('rowheader', { name: /^hard$/i }) });
    // Questions, correct, marks gained, marks available: the essay is in none of them.
    expect((await hard.getByRole('cell').allTextContents()).map((t) => t.trim())).toEqual(['1', '1', '2', '2']);

    // Graded (1 of 4), the essay counts; a second quiz on the module: 0 of 1. Pooled: 3 of 7 marks, 42.9 %,
    // the same in both places (the mean of the quizzes' percents would say 25 %).
    await api(teacher, 'PUT', `/quizzes/${first}/attempts/${attempt}/answers/${essay}/mark`, { marks: 1 });
    const second = (await api(teacher, 'POST', '/quizzes', JSON.parse(openQuizBody('Hashing quiz 2', [last])))).id as number;
    await take(student, second, []);
    await teacherDashboard(page);
    expect(await cellOf(weakest, 'Weakest modules', 'Hashing', 1)).toBe('42.9 %');
    expect(await cellOf(attainment, 'Attainment by module', 'Hashing', 1)).toBe('42.9 %');
    expect(await weakest.getByText('awaiting grading', { exact: false }).count()).toBe(0);
    expect(await attainment.getByText('awaiting grading', { exact: false }).count()).toBe(0);

    // The figure is named where it is shown, and its tooltip explains it.
    await weakest.getByText('Marks earned %', { exact: false }).first().waitFor();
    await weakest.getByRole('button', { name: 'What Marks earned % means' }).hover();
    await page.getByRole('tooltip').filter({ hasText: 'divided by the marks available on them, over every graded answer' }).first().waitFor();
    await page.mouse.move(0, 0);
    await attainment.getByRole('button', { name: 'What Marks earned % means' }).hover();
    await page.getByRole('tooltip').filter({ hasText: 'Answers awaiting grading are left out until they are graded.' }).first().waitFor();

    await studentPage.reload();
    await studentPage.getByRole('heading', { name: 'Breakdown' }).waitFor();
    expect((await hard.getByRole('cell').allTextContents()).map((t) => t.trim())).toEqual(['2', '1', '3', '6']);
    expect(await studentPage.getByText('answer awaiting grading', { exact: false }).count()).toBe(0);
  });

  it('lists a draft as a draft and does not count it as upcoming on the teacher dashboard', async () => {
    const teacher = await login('teacher', 'TEACHER');
    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    const upcoming = async () => {
      await teacherDashboard(page);
      await page.getByRole('region', { name: 'Live and upcoming quizzes' }).waitFor();
      return Number(await page.getByRole('article', { name: 'Upcoming quizzes' }).getByRole('paragraph').first().textContent());
    };
    const before = await upcoming();
    const later = (opensIn: number) => ({
      visible_from: new Date(Date.now() + MINUTE).toISOString(),
      valid_from: new Date(Date.now() + opensIn).toISOString(),
      valid_to: new Date(Date.now() + opensIn + 120 * MINUTE).toISOString(),
    });
    await api(teacher, 'POST', '/quizzes', { ...JSON.parse(openQuizBody('Draft for next week', [1], later(24 * 60 * MINUTE))), published: false });
    expect(await upcoming()).toBe(before);
    const row = page.getByRole('table', { name: 'Live and upcoming quizzes' }).getByRole('row').filter({ hasText: 'Draft for next week' });
    await row.getByText('draft', { exact: true }).waitFor();
    await page.getByRole('article', { name: 'Upcoming quizzes' }).getByText(/^\d+ drafts? not counted$/).waitFor();

    await api(teacher, 'POST', '/quizzes', JSON.parse(openQuizBody('Published for next week', [1], later(24 * 60 * MINUTE))));
    expect(await upcoming()).toBe(before + 1);
  });

  it("shows the open quiz that closes first as the student's next quiz", async () => {
    const teacher = await login('teacher', 'TEACHER');
    // Opened a minute ago (after the demo's open quiz), closes in 20 minutes: before every other open quiz.
    await api(
      teacher,
      'POST',
      '/quizzes',
      JSON.parse(
        openQuizBody('Closes soon', [1], {
          duration: 10,
          visible_from: new Date(Date.now() - 2 * MINUTE).toISOString(),
          valid_from: new Date(Date.now() - MINUTE).toISOString(),
          valid_to: new Date(Date.now() + 20 * MINUTE).toISOString(),
        }),
      ),
    );
    const { page } = await e.newPage();
    await signIn(page, 'student', 'STUDENT');
    const next = page.getByRole('article', { name: 'Next quiz' });
    await next.getByText('Closes soon', { exact: false }).waitFor();
    await next.getByText('Open now').waitFor();
  });
});
