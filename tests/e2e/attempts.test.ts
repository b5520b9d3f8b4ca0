import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiClient, openQuizBody, signIn, useE2E } from './support';

/**
 * A college's term in Chromium against the real server: the teacher allows 3 attempts graded by
 * the highest grade and gives the student's group an override; the student takes two attempts; the
 * teacher finds the key of a question wrong, fixes it, dry-runs the regrade and applies it; the
 * student's history shows the new quiz grade.
 */
describe('attempts, overrides and regrade', () => {
  const e = useE2E();
  const { apiAs, login } = apiClient(e);

  /** Takes the next attempt from the instruction page: the answers by option text, then Submit. */
  async function takeAttempt(page: Page, quizId: number, start: string, answers: string[]) {
    await page.goto(`/student/availableQuiz/instruction/${quizId}`);
    await page.getByRole('button', { name: start }).click();
    await page.waitForURL(/\/student\/exam\/\d+$/);
    for (const [index, answer] of answers.entries()) {
      await page.getByRole('heading', { name: `Question ${index + 1} of ${answers.length}` }).waitFor();
      await page.getByRole('radio', { name: answer, exact: true }).check();
      if (index < answers.length - 1) await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByRole('button', { name: 'Submit exam' }).click();
    await page.getByRole('dialog', { name: 'Submit your answers?' }).getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Your exam is submitted' }).waitFor();
  }

  it('takes two attempts in a group override, regrades a wrong key and shows the new quiz grade', { timeout: 180_000 }, async () => {
    const stamp = Date.now();
    const teacher = await login('teacher', 'TEACHER');
    const sample = (await apiAs(teacher, '/questions/1')).body.data;
    const common = { subject: sample.subject, module: sample.module, time_required: 1, difficulty: 'easy' };
    // The key is wrong: a queue, not a stack, is first in, first out.
    const wrongKey = { type: 'single', marks: 2, question: `Which structure is first in, first out? ${stamp}`, options: [{ text: 'Stack', correct: true }, { text: 'Queue', correct: false }] };
    const fifo = (await apiAs(teacher, '/questions', { method: 'POST', body: JSON.stringify({ ...common, ...wrongKey }) })).body.data.id as number;
    const tf = (await apiAs(teacher, '/questions', { method: 'POST', body: JSON.stringify({ ...common, marks: 1, type: 'true_false', question: `A heap is a complete binary tree. ${stamp}`, correct_bool: true }) })).body.data.id as number;
    const name = `Retake quiz ${stamp}`;
    const created = await apiAs(teacher, '/quizzes', { method: 'POST', body: openQuizBody(name, [fifo, tf]) });
    expect(created.body.success, created.body.message).toBe(true);
    const quizId = created.body.data.id as number;

    // The teacher: 3 attempts, highest grade, in the quiz form.
    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto(`/teacher/quiz/edit/${quizId}`);
    await page.getByRole('combobox', { name: /^Attempts allowed/ }).click();
    await page.getByRole('option', { name: '3', exact: true }).click();
    await page.getByRole('combobox', { name: /^Grading method/ }).click();
    await page.getByRole('option', { name: 'Highest grade' }).click();
    await page.getByRole('button', { name: 'Save quiz' }).click();
    await page.waitForURL((url) => url.pathname === '/teacher/quiz');
    expect((await apiAs(teacher, `/quizzes/${quizId}`)).body.data).toMatchObject({ attempts_allowed: 3, grading_method: 'highest' });

    // A group override on the manage page: the student's group gets a longer time limit.
    await page.goto(`/teacher/quiz/manage/${quizId}`);
    await page.getByRole('button', { name: 'Add override' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add override' });
    await dialog.getByRole('button', { name: 'A group' }).click();
    await dialog.getByRole('combobox', { name: /^Group/ }).click();
    const group = (await apiAs(teacher, '/groups/1')).body.data.groupName as string;
    await page.getByRole('option', { name: group }).click();
    await dialog.getByRole('textbox', { name: /^Duration \(minutes\)/ }).fill('45');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Overrides' }).getByText(group).first().waitFor();
    // Each participant's own settings name where they come from.
    await page.getByText(`group override: ${group}`).first().waitFor();
    const student = await login('student', 'STUDENT');
    const me = (await apiAs(student, `/student/quizzes/${quizId}`)).body.data;
    expect(me).toMatchObject({ duration: 45, attemptsAllowed: 3, attemptsUsed: 0 });

    // The student: two attempts, the first right by the truth (wrong by the key), the second the other way.
    const { page: studentPage } = await e.newPage();
    await signIn(studentPage, 'student', 'STUDENT');
    await studentPage.goto(`/student/availableQuiz/instruction/${quizId}`);
    await studentPage.getByText(/Time limit|45 minutes/).first().waitFor();
    await takeAttempt(studentPage, quizId, 'Start exam', ['Queue', 'True']);
    await studentPage.goto(`/student/availableQuiz/instruction/${quizId}`);
    await studentPage.getByText('1 of 3 used', { exact: false }).waitFor();
    await takeAttempt(studentPage, quizId, 'Start attempt 2', ['Stack', 'False']);
    const before = (await apiAs(student, `/student/quizzes/${quizId}`)).body.data;
    expect(before).toMatchObject({ attemptsUsed: 2, grade: 2 });
    await studentPage.goto('/student/history');
    const rows = studentPage.getByRole('row', { name: new RegExp(name) });
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('2 (highest grade)');

    // The teacher fixes the key and regrades: a dry run first, then for real.
    const stored = (await apiAs(teacher, `/questions/${fifo}`)).body.data;
    const fixed = { ...stored, options: stored.options.map((o: { text: string }) => ({ ...o, correct: o.text === 'Queue', weight: o.text === 'Queue' ? 100 : 0 })) };
    const saved = await apiAs(teacher, `/questions/${fifo}`, { method: 'PUT', body: JSON.stringify(fixed) });
    expect(saved.body.success, saved.body.message).toBe(true);
    await page.goto(`/teacher/quiz/manage/${quizId}`);
    await page.getByRole('button', { name: 'Regrade attempts' }).click();
    const regrade = page.getByRole('dialog', { name: /Regrade/ });
    await regrade.getByText('2 attempts would change').waitFor();
    expect((await apiAs(student, `/student/quizzes/${quizId}`)).body.data.grade).toBe(2);
    await regrade.getByRole('button', { name: 'Regrade', exact: true }).click();
    await regrade.getByText(/2 attempts (were )?regraded/).waitFor();

    // The student's history shows the new quiz grade: attempt 1 is now 3 of 3, the highest.
    await studentPage.goto('/student/history');
    const row = studentPage.getByRole('row', { name: new RegExp(name) }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('3 (highest grade)');
    // The first attempt's review lists the regrade.
    const first = studentPage.getByRole('row', { name: /Attempt 1/ }).filter({ hasText: name });
    await first.getByRole('link', { name: /Analysis/ }).click();
    await studentPage.getByText(/Regraded on .* by .*: 1 → 3/).waitFor();
    expect((await apiAs(student, `/student/quizzes/${quizId}`)).body.data.grade).toBe(3);
  });
});
