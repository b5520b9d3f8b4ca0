import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiClient, named, openQuizBody, signIn, useE2E } from './support';

/**
 * The staff workflows with the keyboard alone, in Chromium: no mouse click after signing in,
 * only Tab, Shift+Tab, Enter, Space, arrows and typing (page.keyboard). On every control reached
 * the focus is visible (a ring drawn on it or on the control it belongs to), and after each
 * dialog closes the focus is back on the button that opened it.
 *
 * - grading an answer from the analysis page's grading dialog;
 * - uploading students (the file input is reached with Tab; the file itself is set on it, as the
 *   system's file dialog is no part of the page);
 * - building a quiz from the question picker (filters, Add all matching, Done, Save);
 * - creating a question.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'keyboard-e2e-'));

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  await target.waitFor();
  for (let i = 0; i <= max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  const where = await page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 60) ?? ''}` : 'nothing';
  });
  throw new Error(`${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${target.toString()} (the focus is on ${where})`);
}

/**
 * How the focused element shows its focus: an outline (ours on buttons, the browser's on links),
 * or the focused look of the text field or select it belongs to (MUI's thicker, coloured border or
 * underline), found on it or on one of its four nearest ancestors. `undefined` when nothing shows.
 */
function focusRing(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    let el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return undefined;
    for (let depth = 0; el && depth < 5; depth++, el = el.parentElement) {
      const style = getComputedStyle(el);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) return `outline on ${el.tagName}`;
      if (el.classList.contains('Mui-focused')) return `focused field ${el.className.split(' ')[0]}`;
    }
    return undefined;
  });
}

async function expectFocusVisible(page: Page, what: string): Promise<void> {
  await expect.poll(() => focusRing(page), { message: `no visible focus on ${what}`, timeout: 3000 }).toBeTruthy();
}

/** Tab to a control, check its focus shows, and press a key on it. */
async function press(page: Page, target: Locator, key: 'Enter' | 'Space', what: string, options?: { backwards?: boolean }) {
  await tabTo(page, target, options);
  await expectFocusVisible(page, what);
  await page.keyboard.press(key);
}

/** Tab to a text field, check its focus shows, and type into it (replacing what it held). */
async function typeInto(page: Page, target: Locator, text: string, what: string) {
  await tabTo(page, target);
  await expectFocusVisible(page, what);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Tab to a searchable select (MUI Autocomplete), type part of an option and take it with the arrow keys and Enter. */
async function chooseByKeyboard(page: Page, combobox: Locator, typed: string, option: string, what: string) {
  await tabTo(page, combobox);
  await expectFocusVisible(page, what);
  await page.keyboard.type(typed);
  const wanted = page.getByRole('option', { name: option, exact: true });
  await wanted.waitFor();
  for (let i = 0; i < 10 && (await wanted.getAttribute('class'))?.includes('Mui-focused') !== true; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => combobox.inputValue()).toBe(option);
}

/** Tab to a plain select (MUI Select), open it with Enter and take an option with the arrow keys and Enter. */
async function selectByKeyboard(page: Page, combobox: Locator, option: string, what: string) {
  await press(page, combobox, 'Enter', what);
  const wanted = page.getByRole('listbox').getByRole('option', { name: option, exact: true });
  await wanted.waitFor();
  for (let i = 0; i < 12 && !(await isFocused(wanted)); i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Tab into a radio group and move to `option` with the arrow keys (which also checks it). */
async function radioByKeyboard(page: Page, group: Locator, option: string, what: string) {
  await group.waitFor();
  for (let i = 0; i <= 40 && !(await group.evaluate((el) => el.contains(document.activeElement))); i++) await page.keyboard.press('Tab');
  expect(await group.evaluate((el) => el.contains(document.activeElement)), `Tab reaches ${what}`).toBe(true);
  const wanted = group.getByRole('radio', { name: option });
  for (let i = 0; i < 6 && !(await wanted.isChecked()); i++) await page.keyboard.press('ArrowRight');
  expect(await wanted.isChecked(), what).toBe(true);
  await expectFocusVisible(page, what);
}

describe('staff workflows with the keyboard alone', () => {
  const e = useE2E();
  const { apiAs, login } = apiClient(e);

  it('creates a question', { timeout: 120_000 }, async () => {
    const teacher = await login('teacher', 'TEACHER');
    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto('/teacher/questions');
    await press(page, page.getByRole('link', { name: 'Add question' }).first(), 'Enter', 'the Add question link');
    await page.getByRole('heading', { name: 'Add question', level: 1 }).waitFor();

    await chooseByKeyboard(page, page.getByRole('combobox', { name: named('Subject') }), 'Data', 'Data Structures (CS201)', 'the subject select');
    await chooseByKeyboard(page, page.getByRole('combobox', { name: named('Module') }), 'Linear', 'Linear structures', 'the module select');
    await selectByKeyboard(page, page.getByRole('combobox', { name: /^Question type/ }), 'True / false', 'the question type select');
    const text = 'A stack is last in, first out (typed with the keyboard).';
    await typeInto(page, page.getByRole('textbox', { name: named('Question text') }), text, 'the question text');
    await typeInto(page, page.getByRole('textbox', { name: named('Marks') }), '1', 'the marks');
    await typeInto(page, page.getByRole('textbox', { name: named('Time required (minutes)') }), '1', 'the time');
    await radioByKeyboard(page, page.getByRole('radiogroup', { name: 'Difficulty' }), 'Medium', 'the difficulty');
    await radioByKeyboard(page, page.getByRole('radiogroup', { name: 'Correct answer' }), 'True', 'the correct answer');
    await press(page, page.getByRole('button', { name: 'Save question' }), 'Enter', 'Save question');

    await expect
      .poll(async () => {
        const found = await apiAs(teacher, `/questions?filter=${encodeURIComponent(JSON.stringify({ q: 'typed with the keyboard' }))}`);
        return found.body.data as { type: string; difficulty: string; correct_bool: boolean; marks: number }[];
      })
      .toEqual([expect.objectContaining({ type: 'true_false', difficulty: 'medium', correct_bool: true, marks: 1 })]);
  });

  it('grades an answer in the analysis page’s grading dialog, and the focus returns to its button', { timeout: 120_000 }, async () => {
    const teacher = await login('teacher', 'TEACHER');
    const bank = ((await apiAs(teacher, '/questions?range=[0,99]')).body.data as { id: number; type: string }[]).sort((a, b) => a.id - b.id);
    const descriptive = bank.find((q) => q.type === 'descriptive')!;
    const quiz = await apiAs(teacher, '/quizzes', { method: 'POST', body: openQuizBody('Keyboard grading quiz', [descriptive.id]) });
    expect(quiz.status, quiz.body.message).toBe(201);
    const student = await login('student', 'STUDENT');
    const attempt = (await apiAs(student, `/student/quizzes/${quiz.body.data.id}/attempts`, { method: 'POST' })).body.data.id as number;
    await apiAs(student, `/student/attempts/${attempt}/answers/${descriptive.id}`, { method: 'PUT', body: JSON.stringify({ response: 'Keyboard answer.', seq: 1 }) });
    expect((await apiAs(student, `/student/attempts/${attempt}/submit`, { method: 'POST' })).body.success).toBe(true);

    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto(`/teacher/quiz/analysis/${quiz.body.data.id}`);
    const grade = page.getByRole('table', { name: 'Question statistics' }).getByRole('button', { name: 'Grade', exact: true });
    await press(page, grade, 'Enter', 'the Grade button');
    const dialog = page.getByRole('dialog', { name: /Grade question 1/ });
    await dialog.getByLabel('Student’s answer').waitFor();
    await typeInto(page, dialog.getByLabel('Marks'), '3', 'the marks field');
    await typeInto(page, dialog.getByLabel('Comment'), 'Graded with the keyboard', 'the comment field');
    await press(page, dialog.getByRole('button', { name: 'Save and next' }), 'Enter', 'Save and next');
    await page.getByText('Marks saved').first().waitFor();
    await press(page, dialog.getByRole('button', { name: 'Close' }), 'Enter', 'Close', { backwards: true });
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(grade), { message: 'the focus is back on the Grade button' }).toBe(true);
    await expectFocusVisible(page, 'the Grade button after the dialog');

    const graded = await apiAs(teacher, `/quizzes/${quiz.body.data.id}/grading/${descriptive.id}`);
    expect(JSON.stringify(graded.body)).toContain('Graded with the keyboard');
  });

  it('uploads students, the file input reached with Tab', { timeout: 120_000 }, async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['fullname', 'username', 'email', 'phone'],
      ['Kira Keyboard', 'kira-keys', 'kira-keys@example.edu', '9876500001'],
      ['Kofi Keyboard', 'kofi-keys', 'kofi-keys@example.edu', '9876500002'],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Students');
    const file = path.join(tmp, 'keyboard-students.xlsx');
    fs.writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

    const { page } = await e.newPage();
    await signIn(page, 'department-head', 'DEPARTMENT-HEAD');
    await page.goto('/department-head/students');
    await press(page, page.getByRole('link', { name: 'Upload students' }), 'Enter', 'the Upload students link');
    await page.getByRole('heading', { name: 'Upload students', level: 1 }).waitFor();
    await typeInto(page, page.getByLabel('Semester'), '4', 'the semester field');
    await typeInto(page, page.getByLabel('Batch'), '2027', 'the batch field');
    const input = page.getByLabel('Excel file');
    await tabTo(page, input);
    await expectFocusVisible(page, 'the file input');
    // The system's file dialog is not a page: the file is set on the input the keyboard focused.
    await input.setInputFiles(file);
    await press(page, page.getByRole('button', { name: 'Upload', exact: true }), 'Enter', 'the Upload button');
    await page.getByText('2 students imported').waitFor();
    const dh = await login('department-head', 'DEPARTMENT-HEAD');
    const listed = await apiAs(dh, `/students?filter=${encodeURIComponent(JSON.stringify({ q: 'keys' }))}`);
    expect(listed.body.data.map((s: { username: string }) => s.username).sort()).toEqual(['kira-keys', 'kofi-keys']);
  });

  it('builds a quiz from the question picker: filters, Add all matching, Done, and the focus returns to the picker’s button', { timeout: 150_000 }, async () => {
    const teacher = await login('teacher', 'TEACHER');
    const created = await apiAs(teacher, '/quizzes', { method: 'POST', body: openQuizBody('Keyboard picker quiz', [], { published: false }) });
    expect(created.status, created.body.message).toBe(201);
    const quizId = created.body.data.id as number;
    const filter = encodeURIComponent(JSON.stringify({ subject: [1], difficulty: ['easy'] }));
    const easy = ((await apiAs(teacher, `/questions?filter=${filter}&range=[0,999]`)).body.data as { id: number }[]).map((q) => q.id);
    expect(easy.length).toBeGreaterThan(0);

    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto(`/teacher/quiz/edit/${quizId}`);
    const open = page.getByRole('button', { name: 'Pick from the bank' });
    await press(page, open, 'Enter', 'the picker button');
    const picker = page.getByRole('dialog', { name: 'Pick questions from the bank' });
    await picker.getByRole('table', { name: 'Bank questions' }).waitFor();

    // Difficulty: Easy, with the keyboard in the select's menu.
    await press(page, picker.getByRole('combobox', { name: 'Difficulty' }), 'Enter', 'the difficulty filter');
    const menu = page.getByRole('listbox');
    await menu.waitFor();
    const easyOption = menu.getByRole('option', { name: 'Easy' });
    for (let i = 0; i < 6 && !(await isFocused(easyOption)); i++) await page.keyboard.press('ArrowDown');
    expect(await isFocused(easyOption)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => easyOption.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    const addAll = picker.getByRole('button', { name: `Add all matching (${easy.length})` });
    await press(page, addAll, 'Enter', 'Add all matching');
    await picker.getByText(`${easy.length} ${easy.length === 1 ? 'question' : 'questions'} added to the paper.`).waitFor();
    await press(page, picker.getByRole('button', { name: 'Done' }), 'Enter', 'Done');
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(open), { message: 'the focus is back on the picker button' }).toBe(true);
    await expectFocusVisible(page, 'the picker button after the dialog');

    await press(page, page.getByRole('button', { name: 'Save quiz' }), 'Enter', 'Save quiz');
    await expect
      .poll(async () => ((await apiAs(teacher, `/quizzes/${quizId}`)).body.data.questions as number[]).slice().sort((a, b) => a - b))
      .toEqual([...easy].sort((a, b) => a - b));
  });
});
