import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import type { Role } from '../../src/schemas/roles';
import { openQuizBody, signIn, useE2E } from './support';

/** A student answers a description, a matching and a Cloze question in the browser; the answers survive a reload and are marked as Moodle marks them. */
describe('the question types from Moodle in the exam page', () => {
  const e = useE2E();

  async function apiAs(token: string | null, pathname: string, init: RequestInit = {}) {
    const res = await fetch(`${e.server.url}/api${pathname}`, {
      ...init,
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
    });
    return { status: res.status, body: (await res.json()) as { success: boolean; message: string; data: any } };
  }
  const login = async (username: string, role: Role) =>
    (await apiAs(null, '/auth/login', { method: 'POST', body: JSON.stringify({ username, password: DEMO_PASSWORD, role, userTime: Date.now() }) })).body.data.token as string;

  it('answers a matching and a Cloze question with the keyboard-operable inputs, reloads, submits and reviews', async () => {
    const teacher = await login('teacher', 'TEACHER');
    const sample = (await apiAs(teacher, '/questions/1')).body.data;
    const common = { subject: sample.subject, module: sample.module, time_required: 1, difficulty: 'easy' };
    const create = async (body: Record<string, unknown>) => {
      const res = await apiAs(teacher, '/questions', { method: 'POST', body: JSON.stringify({ ...common, ...body }) });
      expect(res.status, res.body.message).toBe(201);
      return res.body.data.id as number;
    };
    const description = await create({ type: 'description', question: 'Read this: *The Owl and the Pussy-cat went to sea.*', marks: 0 });
    const matching = await create({
      type: 'matching',
      question: 'Match each animal with its class.',
      marks: 2,
      match_pairs: [
        { question: 'Dog', answer: 'Mammal' },
        { question: 'Frog', answer: 'Amphibian' },
        { question: '', answer: 'Insect' },
      ],
    });
    const cloze = await create({
      type: 'cloze',
      question: 'The {1:SHORTANSWER:=Owl#Well done} and the {1:MULTICHOICE:Bow-wow~=Pussy-cat} went to sea; pi is {2:NUMERICAL:=3.14:0.01}.',
      marks: 4,
    });
    const name = `Moodle types ${Date.now()}`;
    const quiz = await apiAs(teacher, '/quizzes', {
      method: 'POST',
      body: openQuizBody(name, [description, matching, cloze], { allow_review: true, show_answers_immediately: true }),
    });
    expect(quiz.body.success, quiz.body.message).toBe(true);

    const { page } = await e.newPage();
    await signIn(page, 'student', 'STUDENT');
    await page.getByRole('navigation', { name: 'Student' }).getByRole('link', { name: 'Available quizzes' }).click();
    await page.getByRole('article', { name }).getByRole('link', { name: 'Start' }).click();
    await page.getByRole('button', { name: 'Start exam' }).click();
    await page.waitForURL(/\/student\/exam\/\d+$/);
    const question = (n: number) => page.getByRole('heading', { name: `Question ${n} of 3` }).waitFor();
    const next = () => page.getByRole('button', { name: 'Next' }).click();

    // The description: no input, no marks.
    await question(1);
    await page.getByText('The Owl and the Pussy-cat went to sea.').waitFor();
    await page.getByText('No marks', { exact: false }).waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    await next();

    // Matching: a select per item, operated from the keyboard for one of them.
    await question(2);
    const dog = page.getByRole('combobox', { name: 'Dog' });
    await dog.selectOption({ label: 'Mammal' });
    const frog = page.getByRole('combobox', { name: 'Frog' });
    await frog.focus();
    await frog.selectOption({ label: 'Insect' });
    await next();

    // Cloze: the gaps inline.
    await question(3);
    await page.getByRole('textbox', { name: 'Gap 1' }).fill('owl');
    await page.getByRole('combobox', { name: 'Gap 2' }).selectOption({ label: 'Pussy-cat' });
    await page.getByRole('textbox', { name: 'Gap 3 (a number)' }).fill('3.145');
    const palette = page.getByRole('navigation', { name: 'Questions' });
    await palette.getByText('2 answered, 0 unanswered, 0 flagged').waitFor();

    // A reload restores every part.
    await page.reload();
    await question(1);
    await palette.getByRole('button', { name: /^Question 2\b/ }).click();
    await question(2);
    expect(await page.getByRole('combobox', { name: 'Dog' }).locator('option:checked').textContent()).toBe('Mammal');
    expect(await page.getByRole('combobox', { name: 'Frog' }).locator('option:checked').textContent()).toBe('Insect');
    await palette.getByRole('button', { name: /^Question 3\b/ }).click();
    await question(3);
    expect(await page.getByRole('textbox', { name: 'Gap 1' }).inputValue()).toBe('owl');
    expect(await page.getByRole('combobox', { name: 'Gap 2' }).locator('option:checked').textContent()).toBe('Pussy-cat');
    expect(await page.getByRole('textbox', { name: 'Gap 3 (a number)' }).inputValue()).toBe('3.145');

    await page.getByRole('button', { name: 'Submit exam' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit your answers?' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Your exam is submitted' }).waitFor();
    // Matching 1 of 2 pairs (1 mark) + Cloze all gaps right (4 marks) of 6.
    await page.getByText('Score: 5 / 6').waitFor();

    await page.getByRole('link', { name: 'View analysis' }).click();
    const q2 = page.getByRole('article', { name: 'Question 2' });
    await q2.getByText('Partly correct').waitFor();
    await q2.getByText('Dog -> Mammal; Frog -> Amphibian').waitFor();
    const q3 = page.getByRole('article', { name: 'Question 3' });
    await q3.getByText('Gap 1: Owl; Gap 2: Pussy-cat; Gap 3: 3.14 ± 0.01').waitFor();
  });
});
