import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiClient, named, openQuizBody, signIn, typeQuizDateTime, useE2E } from './support';

/**
 * Teacher authoring and grading states in Chromium against the real server: the grading dialogs
 * ask for the marks, the comment reaches the student's review, the model answer reaches only the
 * grader; a new multiple choice option with partial credit is worth 0 % and every weight shows; a
 * quiz without questions is saved as a draft only after a warning; and (on a server whose
 * PUBLIC_URL is another origin) the manage page says where the links point.
 */

const SUBJECT = 'Data Structures (CS201)';
const STUDENT = 'Sam Student';
/** A word that appears only in the model answer, to look for it in everything a student receives. */
const MARKER = 'zebracrossing';
const MODEL_ANSWER = `Two marks for naming the **priority queue**, three for the negative-edge argument (${MARKER}).`;
const COMMENT = 'Right idea: now say why negative edges break it.';

const textbox = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: named(label) });

/** The helper text under the input with this id. */
const helperOf = (page: Page, id: string) =>
  page.evaluate((inputId) => {
    const describedBy = document.getElementById(inputId)?.getAttribute('aria-describedby');
    return describedBy ? (document.getElementById(describedBy.split(' ')[0])?.textContent ?? null) : null;
  }, id);

describe('teacher authoring and grading states', () => {
  const e = useE2E();
  const { apiAs, login } = apiClient(e);

  it('asks for the marks, shows the model answer to the grader only, and the comment reaches the student', { timeout: 120_000 }, async () => {
    const teacher = await login('teacher', 'TEACHER');
    const student = await login('student', 'STUDENT');
    const subject = (await apiAs(teacher, '/subjects?range=[0,99]')).body.data.find((s: { code: string }) => s.code === 'CS201');
    const module = (await apiAs(teacher, '/modules?range=[0,99]')).body.data.find((m: { subject_id: number }) => m.subject_id === subject.id);
    const essay = await apiAs(teacher, '/questions', {
      method: 'POST',
      body: JSON.stringify({ subject: subject.id, module: module.id, type: 'descriptive', question: 'Explain how Dijkstra finds shortest paths (grading states).', marks: 5, time_required: 2, difficulty: 'hard', model_answer: MODEL_ANSWER }),
    });
    expect(essay.status, essay.body.message).toBe(201);
    const name = 'Grading states quiz';
    const quiz = await apiAs(teacher, '/quizzes', { method: 'POST', body: openQuizBody(name, [essay.body.data.id]) });
    expect(quiz.status, quiz.body.message).toBe(201);
    const quizId = quiz.body.data.id as number;
    const attempt = (await apiAs(student, `/student/quizzes/${quizId}/attempts`, { method: 'POST' })).body.data.id as number;
    await apiAs(student, `/student/attempts/${attempt}/answers/${essay.body.data.id}`, { method: 'PUT', body: JSON.stringify({ response: 'Relax the edges from a priority queue.', seq: 1 }) });
    expect((await apiAs(student, `/student/attempts/${attempt}/submit`, { method: 'POST' })).body.success).toBe(true);

    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');

    // The analysis page's grading by question: the model answer beside the answer; no marks, no save.
    await page.goto(`/teacher/quiz/analysis/${quizId}`);
    await page.getByRole('table', { name: 'Question statistics' }).getByRole('button', { name: 'Grade', exact: true }).click();
    const byQuestion = page.getByRole('dialog', { name: /Grade question 1/ });
    const model = byQuestion.getByRole('region', { name: 'Model answer' });
    await model.locator('strong', { hasText: 'priority queue' }).waitFor();
    expect(await model.textContent()).toContain(MARKER);
    await byQuestion.getByRole('button', { name: 'Save and next' }).click();
    await expect.poll(() => helperOf(page, 'grade-marks')).toBe('Enter the marks');
    await byQuestion.getByRole('button', { name: 'Close' }).click();
    await byQuestion.waitFor({ state: 'detached' });

    // The manage page's grading of the attempt: Save marks with no marks says so under the field and stays open.
    await page.goto(`/teacher/quiz/manage/${quizId}`);
    await page.getByRole('row').filter({ hasText: STUDENT }).getByRole('button', { name: 'Grade' }).click();
    const dialog = page.getByRole('dialog', { name: `Grade ${STUDENT}` });
    await dialog.getByRole('region', { name: 'Model answer' }).locator('strong', { hasText: 'priority queue' }).waitFor();
    await dialog.getByRole('button', { name: 'Save marks' }).click();
    const marksId = `grade-${essay.body.data.id}`;
    await expect.poll(() => helperOf(page, marksId)).toBe('Enter the marks');
    expect(await dialog.isVisible()).toBe(true);
    await textbox(dialog, 'Marks').fill('4');
    await textbox(dialog, 'Comment').fill(COMMENT);
    await dialog.getByRole('button', { name: 'Save marks' }).click();
    await page.getByText('Marks saved').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The student's review shows the mark with the comment, and nothing the student receives carries the model answer.
    const { page: studentPage } = await e.newPage();
    const received: Promise<string>[] = [];
    studentPage.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/api/')) received.push(res.text().catch(() => ''));
    });
    await signIn(studentPage, 'student', 'STUDENT');
    await studentPage.goto('/student/history');
    await studentPage.getByRole('row').filter({ hasText: name }).getByRole('link', { name: /^Analysis/ }).click();
    await studentPage.waitForURL(`**/student/history/analysis/${attempt}`);
    const note = studentPage.getByRole('note', { name: 'Teacher’s comment' });
    await note.getByText(COMMENT).waitFor();
    const article = studentPage.getByRole('article').filter({ has: note });
    expect(await article.textContent()).toContain('4 of 5 marks');
    expect(await studentPage.content()).not.toContain(MARKER);
    const bodies = await Promise.all(received);
    expect(bodies.length).toBeGreaterThan(2);
    for (const body of bodies) expect(body).not.toContain(MARKER);
    for (const path of [`/student/attempts/${attempt}`, `/student/attempts/${attempt}/analysis`, '/student/attempts', `/student/quizzes/${quizId}`]) {
      const res = await apiAs(student, path);
      expect(res.status, path).toBe(200);
      expect(JSON.stringify(res.body), path).not.toContain(MARKER);
    }
  });

  it('starts a new option of a partially marked multiple choice question at 0 % and shows every weight before saving', { timeout: 90_000 }, async () => {
    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto('/teacher/questions/add');
    await page.getByRole('heading', { name: 'Add question', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: named('Subject') }).click();
    await page.getByRole('option', { name: SUBJECT, exact: true }).click();
    await page.getByRole('combobox', { name: named('Module') }).click();
    await page.getByRole('option', { name: 'Trees and graphs', exact: true }).click();
    await page.getByRole('combobox', { name: /^Question type/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Multiple choice', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    const text = 'Which of these are self-balancing trees (weights check)?';
    await textbox(page, 'Question text').fill(text);
    await textbox(page, 'Marks').fill('2');
    await textbox(page, 'Time required (minutes)').fill('1');
    await page.getByRole('radiogroup', { name: 'Difficulty' }).getByRole('radio', { name: 'Medium' }).check();
    await page.getByRole('radiogroup', { name: 'Scoring' }).getByRole('radio', { name: /^Partial credit/ }).check();
    await textbox(page, 'Option A').fill('AVL tree');
    await textbox(page, 'Option B').fill('Red-black tree');
    await page.getByRole('button', { name: 'Add option' }).click();
    await textbox(page, 'Option C').fill('Binary heap');
    await page.getByRole('checkbox', { name: 'Option A is correct' }).check();
    await page.getByRole('checkbox', { name: 'Option B is correct' }).check();

    // Every option's weight is on screen before saving: the two marked share 100 %, the one left alone is 0 %.
    const weight = (letter: string) => page.getByRole('combobox', { name: `Weight of option ${letter}` });
    await expect.poll(() => weight('C').textContent()).toBe('0%');
    expect(await weight('A').textContent()).toBe('50%');
    expect(await weight('B').textContent()).toBe('50%');
    await page.getByText('An option left unmarked is worth 0%', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Save question' }).click();
    await page.waitForURL((url) => url.pathname === '/teacher/questions');
    const teacher = await login('teacher', 'TEACHER');
    const saved = (await apiAs(teacher, '/questions?range=[0,999]')).body.data as { question: string; options: { text: string; weight: number }[] }[];
    const question = saved.find((q) => q.question === text);
    expect(question, JSON.stringify(saved.map((q) => q.question))).toBeDefined();
    expect(question!.options.map((o) => [o.text, o.weight])).toEqual([
      ['AVL tree', 50],
      ['Red-black tree', 50],
      ['Binary heap', 0],
    ]);
  });

  it('warns "This quiz has no questions yet" before saving a quiz without questions as a draft', { timeout: 90_000 }, async () => {
    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto('/teacher/quiz/create');
    await page.getByRole('heading', { name: 'Create quiz', level: 1 }).waitFor();
    const name = 'Quiz without questions yet';
    await textbox(page, 'Name').fill(name);
    await page.getByRole('combobox', { name: named('Subjects') }).click();
    await page.getByRole('option', { name: SUBJECT, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: named('Group') }).click();
    await page.getByRole('option').first().click();
    const opens = dayjs().startOf('minute').add(1, 'day');
    await typeQuizDateTime(page, 'Visible from', opens.subtract(1, 'hour'));
    await typeQuizDateTime(page, 'Valid from', opens);
    await typeQuizDateTime(page, 'Valid to', opens.add(2, 'hour'));
    await textbox(page, 'Duration (minutes)').fill('30');

    await page.getByRole('button', { name: 'Save quiz' }).click();
    const warning = page.getByRole('dialog', { name: 'This quiz has no questions yet' });
    await warning.waitFor();
    const teacher = await login('teacher', 'TEACHER');
    const quizzes = async () => ((await apiAs(teacher, '/quizzes?range=[0,999]')).body.data as { name: string; published: boolean }[]).filter((q) => q.name === name);
    expect(await quizzes()).toEqual([]); // nothing saved while the warning is open
    await warning.getByRole('button', { name: 'Save as draft' }).click();
    await page.waitForURL((url) => url.pathname === '/teacher/quiz');
    await expect.poll(async () => (await quizzes()).map((q) => q.published)).toEqual([false]);
  });
});

describe('links handed to students when PUBLIC_URL is another origin than the browser', () => {
  // The quick start's kind of PUBLIC_URL (a loopback address) while the page is opened at another
  // address: no other machine can open such links (other PUBLIC_URLs: linkBaseWarning.test.ts).
  const PUBLIC_URL = 'http://localhost:3999';
  const e = useE2E({ PUBLIC_URL });
  const { apiAs, login } = apiClient(e);

  it('builds the links from PUBLIC_URL and the manage page says students on other machines cannot open them', { timeout: 90_000 }, async () => {
    const teacher = await login('teacher', 'TEACHER');
    const bank = (await apiAs(teacher, '/questions?range=[0,99]')).body.data as { id: number; type: string }[];
    const single = bank.find((q) => q.type === 'single')!;
    const quiz = await apiAs(teacher, '/quizzes', { method: 'POST', body: openQuizBody('Links from PUBLIC_URL', [single.id], { options: { guest_flag: true } }) });
    expect(quiz.status, quiz.body.message).toBe(201);
    const quizId = quiz.body.data.id as number;

    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto(`/teacher/quiz/manage/${quizId}`);
    await page
      .getByRole('alert')
      .filter({ hasText: `Links point to ${PUBLIC_URL}; students on other machines cannot open them. Set PUBLIC_URL.` })
      .waitFor();
    expect(new URL(page.url()).origin).not.toBe(PUBLIC_URL);

    // The exam links and the guest link start with PUBLIC_URL.
    await page.getByRole('button', { name: /^Generate links/ }).click();
    const row = page.getByRole('row').filter({ hasText: STUDENT });
    await row.getByText(`${PUBLIC_URL}/?examToken=`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Issue a guest link' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Guest link' }).inputValue()).toMatch(new RegExp(`^${PUBLIC_URL.replace(/[.:/]/g, '\\$&')}/guest/`));
  });
});
