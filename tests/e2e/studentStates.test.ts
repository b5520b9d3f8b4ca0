import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { START_BLOCK_TEXT } from '../../src/schemas/examStart';
import { apiClient, openQuizBody, signIn, useE2E } from './support';

/**
 * The student's states that explain themselves, in Chromium against the real server: why Start is
 * disabled (a camera quiz in a browser without a camera, a quiz not yet open, a closed one, one
 * already taken), the Safe Exam Browser page naming the quiz, the list marking what a quiz needs,
 * and the exam page coming back on the question the student was on after a reload or reopening.
 */

const MINUTE = 60_000;

describe('student states', () => {
  const e = useE2E();
  const { apiAs, login } = apiClient(e);

  async function createQuiz(name: string, options: Record<string, boolean> = {}, window?: { from: number; to: number }, questions = [1, 3]) {
    const teacher = await login('teacher', 'TEACHER');
    const body = JSON.parse(openQuizBody(name, questions, { options })) as Record<string, unknown>;
    if (window) Object.assign(body, { visible_from: new Date(Math.min(Date.now(), window.from) - 60 * MINUTE).toISOString(), valid_from: new Date(window.from).toISOString(), valid_to: new Date(window.to).toISOString() });
    const created = await apiAs(teacher, '/quizzes', { method: 'POST', body: JSON.stringify(body) });
    expect(created.body.success, created.body.message).toBe(true);
    return created.body.data.id as number;
  }

  const instructions = (quizId: number) => `/student/availableQuiz/instruction/${quizId}`;
  const startBlock = (page: Page) => page.locator('[data-start-block]');
  const says = (reason: keyof typeof START_BLOCK_TEXT) => `${START_BLOCK_TEXT[reason].message}.`;

  it('says a face-detection quiz needs the camera (not that it has closed) in a browser without a camera', { timeout: 90_000 }, async () => {
    const quizId = await createQuiz(`Camera quiz ${Date.now()}`, { face_detection: true });
    // The shared browser has no fake camera flags and no camera permission.
    const { page } = await e.newPage();
    await signIn(page, 'student', 'STUDENT');
    await page.goto(instructions(quizId));
    await page.getByText('Open now').waitFor();
    await startBlock(page).getByText(says('camera-off')).waitFor();
    expect(await startBlock(page).getAttribute('data-start-block')).toBe('camera-off');
    expect(await startBlock(page).textContent()).toContain('ask your teacher');
    expect(await page.getByRole('button', { name: 'Start exam' }).isDisabled()).toBe(true);
    expect(await page.getByText('This quiz has closed').count()).toBe(0);

    // Asking for the camera: refused or none found, each with its own message and what to do.
    await page.getByRole('button', { name: 'Allow the camera' }).click();
    await page.locator('[data-start-block="camera-refused"], [data-start-block="camera-missing"], [data-start-block="camera-failed"]').waitFor({ timeout: 20_000 });
    const reason = (await startBlock(page).getAttribute('data-start-block')) as keyof typeof START_BLOCK_TEXT;
    expect(await startBlock(page).textContent()).toContain(START_BLOCK_TEXT[reason].message);
    expect(await startBlock(page).textContent()).toContain(START_BLOCK_TEXT[reason].help);
    expect(await page.getByRole('button', { name: 'Start exam' }).isDisabled()).toBe(true);
    expect(await page.getByText('This quiz has closed').count()).toBe(0);
  });

  it('says why a quiz not yet open, a closed quiz and a quiz already taken cannot be started, in the server’s words', { timeout: 90_000 }, async () => {
    const now = Date.now();
    const upcoming = await createQuiz(`Later quiz ${now}`, {}, { from: now + 2 * 60 * MINUTE, to: now + 5 * 60 * MINUTE });
    const closed = await createQuiz(`Past quiz ${now}`, {}, { from: now - 3 * 60 * MINUTE, to: now - 60 * MINUTE });
    const taken = await createQuiz(`Taken quiz ${now}`);
    const student = await login('student', 'STUDENT');
    const attempt = await apiAs(student, `/student/quizzes/${taken}/attempts`, { method: 'POST' });
    expect((await apiAs(student, `/student/attempts/${attempt.body.data.id}/submit`, { method: 'POST' })).body.success).toBe(true);

    const { page } = await e.newPage();
    await signIn(page, 'student', 'STUDENT');
    for (const [quizId, reason] of [
      [upcoming, 'not-open'],
      [closed, 'closed'],
    ] as const) {
      await page.goto(instructions(quizId));
      await startBlock(page).getByText(says(reason)).waitFor();
      expect(await startBlock(page).getAttribute('data-start-block')).toBe(reason);
      expect(await startBlock(page).textContent()).toContain(START_BLOCK_TEXT[reason].help);
      expect(await page.getByRole('button', { name: 'Start exam' }).isDisabled()).toBe(true);
      // The server refuses the start with the same words.
      const refused = await apiAs(student, `/student/quizzes/${quizId}/attempts`, { method: 'POST' });
      expect(refused.status).toBe(409);
      expect(`${refused.body.message}.`).toBe(says(reason));
    }
    expect(await page.getByText('Opens in').count()).toBe(0); // the closed quiz shows no countdown

    await page.goto(instructions(taken));
    await page.getByText(says('taken')).waitFor();
    await page.getByRole('link', { name: 'See your result' }).waitFor();
    expect(await page.getByRole('button', { name: 'Start exam' }).count()).toBe(0);
    const again = await apiAs(student, `/student/quizzes/${taken}/attempts`, { method: 'POST' });
    // The start stays idempotent: the one attempt, already submitted, and no new one.
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe('submitted');
  });

  it('marks the quizzes needing Safe Exam Browser or a camera in the list, and names the quiz on the SEB page', { timeout: 90_000 }, async () => {
    const stamp = Date.now();
    const sebName = `SEB quiz ${stamp}`;
    const cameraName = `Camera list quiz ${stamp}`;
    const plainName = `Plain quiz ${stamp}`;
    const sebQuiz = await createQuiz(sebName, { safe_exam_browser: true });
    await createQuiz(cameraName, { face_detection: true });
    await createQuiz(plainName);

    const { page } = await e.newPage();
    await signIn(page, 'student', 'STUDENT');
    await page.goto('/student/availableQuiz');
    const card = (name: string) => page.getByRole('article', { name });
    const needs = (name: string) => card(name).getByRole('list', { name: 'Needed to take this quiz' });
    await card(sebName).waitFor();
    expect(await needs(sebName).getByRole('listitem').allTextContents()).toEqual(['Safe Exam Browser required']);
    expect(await needs(cameraName).getByRole('listitem').allTextContents()).toEqual(['Camera required']);
    expect(await card(sebName).locator('[data-requirement="seb"] svg').count()).toBe(1);
    expect(await card(cameraName).locator('[data-requirement="camera"] svg').count()).toBe(1);
    expect(await needs(plainName).count()).toBe(0);

    await card(sebName).getByRole('link', { name: 'Start' }).click();
    await page.getByTestId('seb-required').waitFor();
    await page.getByRole('heading', { name: sebName, level: 1 }).waitFor();
    const facts = await page.getByTestId('seb-required').locator('dl').innerText();
    expect(facts).toMatch(/Window\s+Opens .+, closes .+/);
    expect(facts).toMatch(/Duration\s+30 minutes/);
    await page.getByText(START_BLOCK_TEXT.seb.message).waitFor();
    expect(await page.getByRole('button', { name: /Start exam|Resume exam/ }).count()).toBe(0);
    // The server refuses the instruction page without SEB's headers: the page is built from that refusal.
    await e.expectApiRefusals([`403 GET /api/student/quizzes/${sebQuiz}`]);
  });

  it('comes back on the question the student was on after a reload and after reopening from the instruction page', { timeout: 90_000 }, async () => {
    const name = `Place quiz ${Date.now()}`;
    const quizId = await createQuiz(name, {}, undefined, [1, 2, 3, 4, 5, 6]);
    const { page } = await e.newPage();
    await signIn(page, 'student', 'STUDENT');
    await page.goto(instructions(quizId));
    await page.getByRole('button', { name: 'Start exam' }).click();
    await page.waitForURL(/\/student\/exam\/\d+$/);
    const question = (n: number) => page.getByRole('heading', { name: `Question ${n} of 6` }).waitFor();
    await question(1);
    await page.getByRole('button', { name: 'Next' }).click();
    await question(2);
    await page.getByRole('button', { name: 'Next' }).click();
    await question(3);

    await page.reload();
    await question(3);
    expect(await page.getByRole('heading', { name: 'Question 1 of 6' }).count()).toBe(0);

    // Reopening through the instruction page's Resume lands on the same question.
    await page.getByRole('navigation', { name: 'Questions' }).getByRole('button', { name: /^Question 5\b/ }).click();
    await question(5);
    await page.goto(instructions(quizId));
    await page.getByRole('button', { name: 'Resume exam' }).click();
    await page.waitForURL(/\/student\/exam\/\d+$/);
    await question(5);
  });
});
