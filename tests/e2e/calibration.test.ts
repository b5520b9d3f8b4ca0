import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { apiClient, openQuizBody, signIn, useE2E } from './support';

/**
 * Measured difficulty in Chromium: a teacher sees a flagged question in the bank (its calibration
 * written into the server's SQLite database, as a calibration would store it; the estimate itself is
 * tested in the unit and API tests) with its statistics, and the fairness view in the quiz form.
 */
describe('measured difficulty and fair papers', () => {
  const e = useE2E();
  const { apiAs, login } = apiClient(e);

  it('shows a question whose answers disagree with its declared level flagged in the bank, with its statistics', async () => {
    const teacher = await login('teacher', 'TEACHER');
    const bank = (await apiAs(teacher, '/questions?range=[0,99]')).body.data as { id: number; subject: number; difficulty: 'easy' | 'medium' | 'hard' }[];
    // A hard (else medium) question, one that a quiz of the demo used if there is one.
    const quizzesUsing = async (id: number) => (await apiAs(teacher, `/quizzes?filter=${encodeURIComponent(JSON.stringify({ question: id }))}`)).body.data as { id: number; name: string }[];
    const candidates = [...bank.filter((q) => q.difficulty === 'hard'), ...bank.filter((q) => q.difficulty === 'medium')];
    let question = candidates[0];
    for (const candidate of candidates) {
      if ((await quizzesUsing(candidate.id)).length) {
        question = candidate;
        break;
      }
    }
    const db = new Database(path.join(e.server.env.DATA_DIR!, 'portal.db'));
    try {
      db.prepare(
        `insert into question_calibrations (question_id, subject_id, difficulty, se, responses, infit, outfit, status, min_responses, calibrated_at)
         values (?, ?, -1.4, 0.2, 212, 1, 1, 'calibrated', 30, ?)`,
      ).run(question.id, question.subject, Date.now());
    } finally {
      db.close();
    }
    const declared = question.difficulty === 'hard' ? 'Hard' : 'Medium';

    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto('/teacher/questions');
    const flag = page.getByRole('button', { name: `declared ${declared}, answered like Easy by 212 students` });
    await flag.waitFor();
    await expect(page.getByRole('img', { name: 'Measured Easy: −1.40 logits ± 0.20, 212 responses' }).count()).resolves.toBe(1);

    // The measured filter keeps it among the flagged.
    const flagged = (await apiAs(teacher, `/questions?filter=${encodeURIComponent(JSON.stringify({ measured: 'flagged' }))}`)).body.data as { id: number }[];
    expect(flagged.map((q) => q.id)).toEqual([question.id]);

    await flag.click();
    const dialog = page.getByRole('dialog', { name: `Statistics of question ${question.id}` });
    await dialog.waitFor();
    await expect(dialog.getByText('−1.40 logits ± 0.20, 212 responses').count()).resolves.toBeGreaterThan(0);
    // The quizzes that used it (the demo's fixed papers), each linked to its statistics at the question's row.
    const used = await quizzesUsing(question.id);
    await dialog.getByText('Quizzes that used it').waitFor();
    if (used.length === 0) await dialog.getByText('No quiz has used this question yet.').waitFor();
    for (const quiz of used) {
      await expect(dialog.getByRole('link', { name: quiz.name, exact: true }).getAttribute('href')).resolves.toBe(`/teacher/quiz/analysis/${quiz.id}#question-${question.id}`);
    }
  });

  it("shows each head the bank health of the subjects they oversee on the dashboard, and recalibrates from it", async () => {
    for (const [username, role] of [
      ['institute-head', 'INSTITUTE-HEAD'],
      ['department-head', 'DEPARTMENT-HEAD'],
    ] as const) {
      const { page } = await e.newPage();
      await signIn(page, username, role);
      const panel = page.getByRole('region', { name: 'Question bank health' });
      await panel.getByRole('combobox', { name: 'Subject' }).waitFor();
      expect(await panel.getByRole('combobox', { name: 'Subject' }).textContent(), role).toContain('Data Structures');
      await panel.getByRole('button', { name: 'Recalibrate now' }).click();
      await expect.poll(() => panel.getByRole('status').textContent(), { message: role }).toMatch(/^\d+ of \d+ questions calibrated \(at least 30 answers each\), last calibrated /);
    }
  });

  it('shows the fairness of the random paper in the quiz form', async () => {
    const teacher = await login('teacher', 'TEACHER');
    const bank = (await apiAs(teacher, '/questions?range=[0,99]')).body.data as { id: number; module: number; subject: number; type: string }[];
    const module = bank.find((q) => q.subject === 1 && q.type !== 'description')!.module;
    const quiz = await apiAs(teacher, '/quizzes', { method: 'POST', body: openQuizBody('Fair papers', [], { published: false, random_rules: [{ module, count: 1 }] }) });
    expect(quiz.body.success, quiz.body.message).toBe(true);

    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto(`/teacher/quiz/edit/${quiz.body.data.id}`);
    await page.getByRole('heading', { name: 'Fairness of the random paper' }).waitFor();
    await page.getByRole('switch', { name: 'Balance paper difficulty' }).check();
    await page.getByRole('button', { name: 'Check fairness' }).click();
    await page.getByText(/^Without balancing: \d+ % to \d+ % \(90 % of papers \d+–\d+ %\)$/).waitFor();
    await page.getByText(/^With balancing: \d+ % to \d+ %/).waitFor();
    await page.getByText(/^Within 0\.25 logits of the target: \d+ % of papers without balancing, \d+ % with it\.$/).waitFor();
  });
});
