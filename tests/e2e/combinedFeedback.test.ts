import { describe, expect, it } from 'vitest';
import { apiClient, openQuizBody, signIn, useE2E } from './support';
import { REVIEW_EVERYTHING } from '../support/review';

/**
 * Moodle's combined feedback in the browser: the teacher writes it in the question editor (choice
 * questions show the three fields, a true/false question none), and the student's review shows the
 * one their marks earned, with the other feedback, once the answers are released.
 */
describe("Moodle's combined feedback", () => {
  const e = useE2E();
  const { apiAs, login } = apiClient(e);

  it('is written in the editor and shown in the review for the marks earned', async () => {
    const teacher = await login('teacher', 'TEACHER');
    const sample = (await apiAs(teacher, '/questions/1')).body.data;
    const common = { subject: sample.subject, module: sample.module, time_required: 1, difficulty: 'easy', marks: 1 };
    const create = async (body: Record<string, unknown>) => {
      const res = await apiAs(teacher, '/questions', { method: 'POST', body: JSON.stringify({ ...common, ...body }) });
      expect(res.status, res.body.message).toBe(201);
      return res.body.data.id as number;
    };
    const choice = await create({ type: 'single', question: 'Which sort is stable?', options: [{ text: 'Merge sort', correct: true }, { text: 'Heap sort', correct: false }] });
    const tf = await create({ type: 'true_false', question: 'Heap sort is stable.', correct_bool: false });

    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto(`/teacher/questions/edit/${tf}`);
    await page.getByRole('textbox', { name: /^General feedback/ }).waitFor();
    expect(await page.getByRole('textbox', { name: /Feedback for an incorrect response/ }).count()).toBe(0);
    await page.goto(`/teacher/questions/edit/${choice}`);
    await page.getByRole('textbox', { name: /^Feedback for a correct response/ }).fill('All right.');
    await page.getByRole('textbox', { name: /^Feedback for a partially correct response/ }).fill('Partly right.');
    await page.getByRole('textbox', { name: /^Feedback for an incorrect response/ }).fill('Heap sort is **not** stable.');
    await page.getByRole('button', { name: 'Save question' }).click();
    await page.waitForURL((url) => url.pathname === '/teacher/questions');
    expect((await apiAs(teacher, `/questions/${choice}`)).body.data).toMatchObject({ correct_feedback: 'All right.', incorrect_feedback: 'Heap sort is **not** stable.' });

    const name = `Combined feedback ${Date.now()}`;
    const quiz = await apiAs(teacher, '/quizzes', { method: 'POST', body: openQuizBody(name, [choice], { review: REVIEW_EVERYTHING }) });
    expect(quiz.body.success, quiz.body.message).toBe(true);
    const student = await login('student', 'STUDENT');
    const attempt = (await apiAs(student, `/student/quizzes/${quiz.body.data.id}/attempts`, { method: 'POST' })).body.data.id as number;
    const heap = (await apiAs(teacher, `/questions/${choice}`)).body.data.options.find((o: { text: string }) => o.text === 'Heap sort').id;
    await apiAs(student, `/student/attempts/${attempt}/answers/${choice}`, { method: 'PUT', body: JSON.stringify({ response: heap, seq: 1 }) });
    await apiAs(student, `/student/attempts/${attempt}/submit`, { method: 'POST' });

    const { page: studentPage } = await e.newPage();
    await signIn(studentPage, 'student', 'STUDENT');
    await studentPage.goto(`/student/history/analysis/${attempt}`);
    const feedback = studentPage.getByRole('article', { name: 'Question 1' }).getByTestId('combined-feedback');
    await feedback.getByText('stable.').waitFor();
    expect(await feedback.locator('strong').textContent()).toBe('not');
    expect(await studentPage.getByText('All right.').count()).toBe(0);
  });
});
