import dayjs, { type Dayjs } from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations, named, signIn, typeQuizDateTime, useE2E } from './support';

/**
 * "Teachers build exams" from end to end, in Chromium against the real server and its demo
 * data, driven the way a teacher does it (labels, roles, visible text):
 *
 * 1. the teacher writes one question of each of the six types in the editor (Markdown and math
 *    in some, shown in the live preview), after seeing 'Enter valid marks' for empty
 *    marks and 'Add at least two options' for a choice question with one option; the API then
 *    holds the six with their answer keys;
 * 2. builds a quiz for the demo group from three of them (fixed) and one random rule (module
 *    'Sorting'), sees the three window messages for bad dates and a too long duration,
 *    then saves a good window (open now, for three hours), published;
 * 3. previews it: the fixed questions with their correct answers marked, then the random draw;
 * 4. manages it: generates the exam links, copies the demo student's with the copy button, and
 *    that link signs a fresh browser straight onto the quiz's instruction page.
 */

const SUBJECT = 'Data Structures (CS201)';
const GROUP = 'CS 2026 - Section A';
const STUDENT = 'Sam Student';
const QUIZ_NAME = 'Data Structures: authoring check';

/** The six questions; `search` is plain text of each (no Markdown), to find it again in lists. */
const Q = {
  single: {
    module: 'Linear structures',
    text: 'Which operation removes the **top** element of a stack in $O(1)$ time?',
    search: 'removes the top element of a stack',
    options: [
      { text: 'push', correct: false },
      { text: 'pop', correct: true },
      { text: 'enqueue', correct: false },
    ],
  },
  multiple: {
    module: 'Trees and graphs',
    text: 'Which traversals of a binary tree visit a node *before* its children?',
    search: 'traversals of a binary tree visit a node',
    options: [
      { text: 'Pre-order', correct: true },
      { text: 'In-order', correct: false },
      { text: 'Level-order', correct: true },
      { text: 'Post-order', correct: false },
    ],
  },
  trueFalse: {
    module: 'Linear structures',
    text: 'A queue serves its elements in first in, first out order.',
    search: 'A queue serves its elements',
  },
  numeric: {
    module: 'Sorting',
    text: 'To two decimal places, what is $\\log_2 10$, the comparisons needed to sort ten keys per key?',
    search: 'To two decimal places',
    value: '3.32',
    tolerance: '0.01',
  },
  shortAnswer: {
    module: 'Trees and graphs',
    text: 'Which traversal visits the keys of a binary search tree in sorted order?',
    search: 'visits the keys of a binary search tree',
    answers: ['in-order', 'inorder'],
  },
  descriptive: {
    module: 'Sorting',
    text: "Explain why quicksort's worst case is $O(n^2)$, and how a random pivot helps.",
    search: "Explain why quicksort's worst case",
  },
} as const;


/** A label as MUI gives it to a required field (' *' may follow). */
const textbox = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: named(label) });

/** Picks `option` in a searchable select (MUI Autocomplete) labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: named(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Picks `option` in a plain select (MUI Select) whose label starts with `label`. */
async function select(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

const storage = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

interface QuestionRow {
  id: number;
  module: number;
  type: string;
  question: string;
  marks: number;
  time_required: number;
  difficulty: string;
  options: { id: string; text: string; correct: boolean }[] | null;
  scoring: string | null;
  correct_bool: boolean | null;
  numeric_value: number | null;
  numeric_tolerance: number | null;
  accepted_answers: string[] | null;
}

describe('a teacher builds an exam', () => {
  const e = useE2E();
  /** What one step hands to the next. */
  const state: { teacher?: Page; token?: string; ids?: Record<keyof typeof Q, number>; sortingModule?: number; quizId?: number } = {};

  async function api<T>(pathname: string, params: Record<string, unknown> = {}): Promise<T> {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)]));
    const res = await fetch(`${e.server.url}/api${pathname}${query.size ? `?${query}` : ''}`, { headers: { authorization: `Bearer ${state.token}` } });
    const body = (await res.json()) as { success: boolean; message: string; data: T };
    expect(body.success, body.message).toBe(true);
    return body.data;
  }

  // Six questions written through the form, one after the other: the longest scenario of the suite.
  it('writes a question of each type, with the form messages for empty marks and a single option', { timeout: 120_000 }, async () => {
    const { page } = await e.newPage();
    state.teacher = page;
    await signIn(page, 'teacher', 'TEACHER');
    await page.getByRole('menuitem', { name: 'Questions' }).first().click();
    await page.getByRole('link', { name: 'Add question' }).first().click();
    await page.waitForURL('**/teacher/questions/add');
    await page.getByRole('heading', { name: 'Add question', level: 1 }).waitFor();

    const preview = page.getByRole('complementary', { name: 'Preview' });
    const questionText = textbox(page, 'Question text');
    const saveAnother = page.getByRole('button', { name: 'Save and add another' });
    /** Files the question, chooses its type and fills the fields every type has. */
    async function common(module: string, type: string, text: string, marks: string, time: string, difficulty: string) {
      await choose(page, 'Module', module);
      await select(page, page, 'Question type', type);
      await questionText.fill(text);
      await textbox(page, 'Marks').fill(marks);
      await textbox(page, 'Time required (minutes)').fill(time);
      await page.getByRole('radiogroup', { name: 'Difficulty' }).getByRole('radio', { name: difficulty }).check();
    }
    /** Saves with 'Save and add another' and waits for the form to start the next one. */
    async function saveAndNext() {
      await saveAnother.click();
      await expect.poll(() => questionText.inputValue()).toBe('');
    }

    // 1. Single choice, with Markdown and math; first with empty marks and only one option.
    await choose(page, 'Subject', SUBJECT);
    await common(Q.single.module, 'Single choice', Q.single.text, '2', '1', 'Easy');
    await textbox(page, 'Marks').fill('');
    await textbox(page, 'Option A').fill(Q.single.options[0].text);
    await page.getByRole('button', { name: 'Remove option B' }).click();
    await saveAnother.click();
    await page.getByText('Enter valid marks', { exact: true }).waitFor();
    await page.getByText('Add at least two options', { exact: true }).waitFor();
    expect(await questionText.inputValue()).toBe(Q.single.text); // nothing was saved
    await textbox(page, 'Marks').fill('2');
    await page.getByText('Enter valid marks').waitFor({ state: 'detached' });
    for (const [index, option] of Q.single.options.entries()) {
      const letter = 'ABC'[index]!;
      if (index > 0) await page.getByRole('button', { name: 'Add option' }).click();
      await textbox(page, `Option ${letter}`).fill(option.text);
      if (option.correct) await page.getByRole('radio', { name: `Option ${letter} is correct` }).check();
    }
    await page.getByText('Add at least two options').waitFor({ state: 'detached' });
    // The live preview renders the Markdown and the math, with the correct option marked.
    await preview.locator('strong', { hasText: 'top' }).waitFor();
    await preview.locator('math').first().waitFor();
    expect(await preview.locator('label', { hasText: 'pop' }).textContent()).toContain('Correct');
    await saveAndNext();

    // 2. Multiple choice with partial credit.
    await common(Q.multiple.module, 'Multiple choice', Q.multiple.text, '4', '2', 'Medium');
    for (const [index, option] of Q.multiple.options.entries()) {
      const letter = 'ABCD'[index]!;
      if (index > 1) await page.getByRole('button', { name: 'Add option' }).click();
      await textbox(page, `Option ${letter}`).fill(option.text);
      if (option.correct) await page.getByRole('checkbox', { name: `Option ${letter} is correct` }).check();
    }
    await page.getByRole('radiogroup', { name: 'Scoring' }).getByRole('radio', { name: 'Partial credit' }).check();
    await saveAndNext();

    // 3. True / false.
    await common(Q.trueFalse.module, 'True / false', Q.trueFalse.text, '1', '1', 'Easy');
    await page.getByRole('radiogroup', { name: 'Correct answer' }).getByRole('radio', { name: 'True' }).check();
    await saveAndNext();

    // 4. Numeric with a tolerance, with math.
    await common(Q.numeric.module, 'Numeric', Q.numeric.text, '3', '2', 'Hard');
    await textbox(page, 'Answer 1').fill(Q.numeric.value);
    await textbox(page, 'Tolerance 1 (±)').fill(Q.numeric.tolerance);
    // The preview lists the answer with its tolerance and weight.
    await preview.getByRole('table', { name: 'Answers' }).getByRole('row', { name: `${Q.numeric.value} ± ${Q.numeric.tolerance} 100%` }).waitFor();
    await preview.locator('math').first().waitFor();
    await saveAndNext();

    // 5. Short answer with two accepted answers.
    await common(Q.shortAnswer.module, 'Short answer', Q.shortAnswer.text, '2', '1', 'Easy');
    await textbox(page, 'Accepted answer 1').fill(Q.shortAnswer.answers[0]);
    await page.getByRole('button', { name: 'Add accepted answer' }).click();
    await textbox(page, 'Accepted answer 2').fill(Q.shortAnswer.answers[1]);
    await saveAndNext();

    // 6. Descriptive: nothing to set for the answer; 'Save question' goes back to the bank.
    await common(Q.descriptive.module, 'Descriptive', Q.descriptive.text, '5', '5', 'Hard');
    await page.getByRole('button', { name: 'Save question' }).click();
    await page.waitForURL((url) => url.pathname === '/teacher/questions');

    // The API holds the six, each with its answer key.
    state.token = (await storage(page, 'token')) ?? undefined;
    const modules = await api<{ id: number; course_outcome_name: string }[]>('/modules', { range: [0, 99] });
    const moduleId = (name: string) => modules.find((m) => m.course_outcome_name === name)!.id;
    state.sortingModule = moduleId('Sorting');
    const bank = await api<QuestionRow[]>('/questions', { range: [0, 199], sort: ['id', 'ASC'] });
    const find = (key: keyof typeof Q) => {
      const found = bank.filter((q) => q.question === Q[key].text);
      expect(found, `question ${key}`).toHaveLength(1);
      expect(found[0]!.module, `module of ${key}`).toBe(moduleId(Q[key].module));
      return found[0]!;
    };
    const keyOf = (q: QuestionRow) => q.options?.map(({ text, correct }) => ({ text, correct }));
    const single = find('single');
    expect([single.type, single.marks, single.difficulty]).toEqual(['single', 2, 'easy']);
    expect(keyOf(single)).toEqual(Q.single.options);
    const multiple = find('multiple');
    expect([multiple.type, multiple.marks, multiple.scoring]).toEqual(['multiple', 4, 'partial']);
    expect(keyOf(multiple)).toEqual(Q.multiple.options);
    const trueFalse = find('trueFalse');
    expect([trueFalse.type, trueFalse.correct_bool]).toEqual(['true_false', true]);
    const numeric = find('numeric');
    expect([numeric.type, numeric.numeric_value, numeric.numeric_tolerance]).toEqual(['numeric', 3.32, 0.01]);
    const shortAnswer = find('shortAnswer');
    expect([shortAnswer.type, shortAnswer.accepted_answers]).toEqual(['short_answer', [...Q.shortAnswer.answers]]);
    const descriptive = find('descriptive');
    expect([descriptive.type, descriptive.marks, descriptive.time_required]).toEqual(['descriptive', 5, 5]);
    state.ids = { single: single.id, multiple: multiple.id, trueFalse: trueFalse.id, numeric: numeric.id, shortAnswer: shortAnswer.id, descriptive: descriptive.id };
  });

  it('builds a quiz of fixed and random questions, after the form messages for a bad window', async () => {
    const page = state.teacher;
    expect(page && state.ids, 'the questions were not written').toBeTruthy();
    if (!page || !state.ids) return;

    await page.getByRole('menuitem', { name: 'Quizzes' }).first().click();
    await page.getByRole('link', { name: 'Create quiz' }).first().click();
    await page.waitForURL('**/teacher/quiz/create');
    await page.getByRole('heading', { name: 'Create quiz', level: 1 }).waitFor();

    await textbox(page, 'Name').fill(QUIZ_NAME);
    await page.getByRole('combobox', { name: named('Subjects') }).click();
    await page.getByRole('option', { name: SUBJECT, exact: true }).click();
    await page.keyboard.press('Escape');
    await choose(page, 'Group', GROUP);

    const now = dayjs().startOf('minute');
    const saveQuiz = page.getByRole('button', { name: 'Save quiz' });
    const VISIBLE_ORDER = 'Visible from must be before valid from';
    const TO_AFTER_FROM = 'Valid to must be after valid from';
    const DURATION = 'Duration entered does not match valid from and valid to date';

    // Valid to before valid from, and visible from after it.
    await typeQuizDateTime(page, 'Valid from', now.add(2, 'hour'));
    await typeQuizDateTime(page, 'Valid to', now.add(1, 'hour'));
    await typeQuizDateTime(page, 'Visible from', now.add(3, 'hour'));
    await saveQuiz.click();
    await page.getByText(TO_AFTER_FROM, { exact: true }).waitFor();
    await page.getByText(VISIBLE_ORDER, { exact: true }).waitFor();

    // Open now, but a 30-minute duration in a 20-minute window.
    const opens = now.subtract(2, 'minute');
    await typeQuizDateTime(page, 'Visible from', opens.subtract(10, 'minute'));
    await typeQuizDateTime(page, 'Valid from', opens);
    await typeQuizDateTime(page, 'Valid to', opens.add(20, 'minute'));
    await textbox(page, 'Duration (minutes)').fill('30');
    await page.getByText(DURATION, { exact: true }).waitFor();
    await page.getByText(TO_AFTER_FROM).waitFor({ state: 'detached' });
    await page.getByText(VISIBLE_ORDER).waitFor({ state: 'detached' });

    // The good window: closes in three hours.
    await typeQuizDateTime(page, 'Valid to', opens.add(3, 'hour'));
    await page.getByText(DURATION).waitFor({ state: 'detached' });
    expect(page.url()).toContain('/teacher/quiz/create'); // nothing was saved yet

    // Three of the new questions, fixed, in this order.
    await page.getByRole('button', { name: 'Pick from the bank' }).click();
    const picker = page.getByRole('dialog', { name: 'Pick questions from the bank' });
    for (const key of ['single', 'multiple', 'numeric'] as const) {
      await picker.getByRole('searchbox', { name: 'Search question text' }).fill(Q[key].search);
      await picker.getByRole('checkbox', { name: `Question ${state.ids[key]} in the paper` }).check();
    }
    await picker.getByRole('status').filter({ hasText: '3 fixed questions in the paper' }).waitFor();
    await picker.getByRole('button', { name: 'Done' }).click();
    await picker.waitFor({ state: 'detached' });
    const fixed = page.getByRole('list', { name: 'Fixed questions in paper order' }).getByRole('listitem');
    await expect.poll(() => fixed.count()).toBe(3);
    for (const [index, key] of (['single', 'multiple', 'numeric'] as const).entries()) {
      expect(await fixed.nth(index).textContent()).toContain(Q[key].search);
    }

    // One random question from the module 'Sorting'.
    await page.getByRole('button', { name: 'Add random rule' }).click();
    const rule = page.getByRole('group', { name: 'Rule 1' });
    await select(rule, page, 'Module', 'Sorting');
    await textbox(rule, 'Questions to draw').fill('1');
    await rule.getByRole('status').filter({ hasText: /questions? match/ }).waitFor();

    await page.getByRole('switch', { name: /^Published/ }).check();
    await saveQuiz.click();
    await page.waitForURL((url) => url.pathname === '/teacher/quiz');
    const preview = page.getByRole('link', { name: `Preview ${QUIZ_NAME}` });
    await preview.click();
    await page.waitForURL(/\/teacher\/quiz\/preview\/\d+$/);
    state.quizId = Number(new URL(page.url()).pathname.split('/').pop());

    const quiz = await api<{ questions: number[]; random_rules: unknown[]; duration: number; published: boolean; group_id: number; valid_to: string }>(
      `/quizzes/${state.quizId}`,
    );
    expect(quiz.questions).toEqual([state.ids.single, state.ids.multiple, state.ids.numeric]);
    expect(quiz.random_rules).toEqual([{ module: state.sortingModule, count: 1 }]);
    expect([quiz.duration, quiz.published]).toEqual([30, true]);
    expect(Date.parse(quiz.valid_to)).toBe(opens.add(3, 'hour').valueOf());
  });

  it('previews the paper: the fixed questions with their answers marked, then the random draw', async () => {
    const page = state.teacher;
    expect(page && state.quizId, 'the quiz was not created').toBeTruthy();
    if (!page || !state.quizId || !state.ids) return;

    await page.getByRole('heading', { name: QUIZ_NAME, level: 1 }).waitFor();
    const paper = page.getByRole('list', { name: 'Paper' }).getByRole('listitem');
    await expect.poll(() => paper.count()).toBe(4);
    await page.getByRole('button', { name: 'Draw again' }).waitFor();
    await page.getByText('Each student gets a different paper').waitFor();

    const question = (n: number) => paper.nth(n - 1).getByRole('article', { name: `Question ${n}` });
    const option = (n: number, text: string) => question(n).locator('label').filter({ hasText: new RegExp(`^[A-Z]\\.${text}`) });
    /** Each option of question n carries the 'Correct' chip exactly when it is correct. */
    const marked = async (n: number, options: readonly { text: string; correct: boolean }[]) => {
      for (const o of options) expect((await option(n, o.text).textContent())?.trim().endsWith('Correct'), `${o.text} in question ${n}`).toBe(o.correct);
    };

    // 1: single choice, 'pop' marked correct (and its Markdown and math rendered).
    expect(await question(1).textContent()).toContain(Q.single.search);
    await question(1).locator('strong', { hasText: 'top' }).waitFor();
    await question(1).locator('math').first().waitFor();
    await marked(1, Q.single.options);
    // 2: multiple choice, both correct options marked, scored with partial credit.
    expect(await question(2).textContent()).toContain(Q.multiple.search);
    await marked(2, Q.multiple.options);
    await question(2).getByText('Scoring: partial credit').waitFor();
    // 3: numeric, its value and tolerance.
    expect(await question(3).textContent()).toContain(Q.numeric.search);
    await question(3).getByRole('table', { name: 'Answers' }).getByRole('row', { name: `${Q.numeric.value} ± ${Q.numeric.tolerance} 100%` }).waitFor();

    // 4: the random draw, a question of the module 'Sorting' other than the fixed ones.
    const sorting = await api<QuestionRow[]>('/questions', { range: [0, 199], filter: { module: state.sortingModule } });
    const drawn = (await question(4).textContent()) ?? '';
    /** The question's words outside its math and Markdown emphasis, which the preview renders differently. */
    const plainParts = (text: string) =>
      text
        .split(/\$[^$]*\$/)
        .map((part) => part.replace(/[*_`]/g, '').trim())
        .filter(Boolean);
    const candidates = sorting.filter((q) => plainParts(q.question).every((part) => drawn.includes(part)));
    expect(candidates.map((q) => q.id), `the drawn question: ${drawn}`).not.toHaveLength(0);
    expect(candidates.map((q) => q.id)).not.toContain(state.ids.numeric);
    for (const key of ['single', 'multiple', 'numeric'] as const) expect(drawn).not.toContain(Q[key].search);
  });

  it('keeps the preview accessible while its paper is being drawn', async () => {
    const page = state.teacher;
    expect(page && state.quizId, 'the quiz was not created').toBeTruthy();
    if (!page || !state.quizId) return;
    // The preview's answer held back: the page shows its loading placeholder as long as it likes.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previewUrl = `**/api/quizzes/${state.quizId}/preview`;
    await page.route(previewUrl, async (route) => {
      await held;
      // The page may have dropped the request meanwhile (a reload); nothing is left to continue then.
      await route.continue().catch(() => undefined);
    });
    try {
      await page.reload();
      await page.getByRole('status', { name: 'Loading the preview' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      release();
      await page.unroute(previewUrl);
    }
    await page.getByRole('list', { name: 'Paper' }).waitFor();
  });

  it("generates the exam links, copies the demo student's, and the link opens the quiz's instructions", async () => {
    const page = state.teacher;
    expect(page && state.quizId, 'the quiz was not created').toBeTruthy();
    if (!page || !state.quizId) return;

    await page.getByRole('link', { name: 'Manage' }).click();
    await page.waitForURL(`**/teacher/quiz/manage/${state.quizId}`);
    const row = page.getByRole('row').filter({ hasText: STUDENT });
    await row.getByText('No link yet').waitFor();
    await page.getByRole('button', { name: /^Generate links/ }).click();
    const copy = row.getByRole('button', { name: `Copy the exam link of ${STUDENT}` });
    await copy.waitFor();

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e.server.url });
    await copy.click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/examToken=/);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${e.server.url}/`);
    expect([...url.searchParams.keys()]).toEqual(['examToken']);
    expect(url.searchParams.get('examToken')!.length).toBeGreaterThanOrEqual(16);
    expect(await row.getByText(link, { exact: true }).count()).toBe(1); // the link the row shows

    const { page: student } = await e.newPage();
    await student.goto(link);
    await student.waitForURL(`**/student/availableQuiz/instruction/${state.quizId}`);
    await student.getByRole('heading', { name: QUIZ_NAME, level: 1 }).waitFor();
    expect(await storage(student, 'role')).toBe('STUDENT');
    expect(await storage(student, 'quizName')).toBe(QUIZ_NAME);
  });
});
