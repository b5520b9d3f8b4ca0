import { describe, expect, it } from 'vitest';
import { apiClient, openQuizBody, signIn, useE2E } from './support';
import { REVIEW_EVERYTHING } from '../support/review';

/**
 * A student answers a description, a matching and a Cloze question in the browser; the answers survive
 * a reload, are marked as Moodle marks them, and the review shows the feedback part by part, to the
 * student and to the teacher.
 */
describe('the question types from Moodle in the exam page', () => {
  const e = useE2E();

  const { apiAs, login } = apiClient(e);

  it('answers a matching and a Cloze question with the keyboard-operable inputs, reloads, submits and reviews with the feedback', async () => {
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
      general_feedback: 'Frogs are amphibians.',
      match_pairs: [
        { question: 'Dog', answer: 'Mammal' },
        { question: 'Frog', answer: 'Amphibian' },
        { question: '', answer: 'Insect' },
      ],
    });
    const cloze = await create({
      type: 'cloze',
      question:
        'The {1:SHORTANSWER:=Owl#Well done~*#Not that bird} and the {1:MULTICHOICE:Bow-wow~=Pussy-cat#Right, the cat} went to sea; pi is {2:NUMERICAL:=3.14:0.01}. ' +
        'Birds: {2:MULTIRESPONSE:=Owl#A bird~Cat#Not a bird~=Hen}',
      marks: 6,
      general_feedback: 'From Edward Lear.',
    });
    const name = `Moodle types ${Date.now()}`;
    const quiz = await apiAs(teacher, '/quizzes', {
      method: 'POST',
      body: openQuizBody(name, [description, matching, cloze], { review: REVIEW_EVERYTHING }),
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
    // The multiple-response gap: checkboxes, one of them ticked from the keyboard.
    const birds = page.getByRole('group', { name: 'Gap 4 (choose all that apply)' });
    await birds.getByRole('checkbox', { name: 'Owl' }).check();
    await birds.getByRole('checkbox', { name: 'Cat' }).focus();
    await page.keyboard.press('Space');
    expect(await birds.getByRole('checkbox', { name: 'Cat' }).isChecked()).toBe(true);
    const palette = page.getByRole('navigation', { name: 'Questions' });
    await palette.getByText('2 answered, 0 unanswered, 0 flagged').waitFor();

    // A reload restores every part, back on the question the student was on.
    await page.reload();
    await question(3);
    await palette.getByRole('button', { name: /^Question 2\b/ }).click();
    await question(2);
    expect(await page.getByRole('combobox', { name: 'Dog' }).locator('option:checked').textContent()).toBe('Mammal');
    expect(await page.getByRole('combobox', { name: 'Frog' }).locator('option:checked').textContent()).toBe('Insect');
    await palette.getByRole('button', { name: /^Question 3\b/ }).click();
    await question(3);
    expect(await page.getByRole('textbox', { name: 'Gap 1' }).inputValue()).toBe('owl');
    expect(await page.getByRole('combobox', { name: 'Gap 2' }).locator('option:checked').textContent()).toBe('Pussy-cat');
    expect(await page.getByRole('textbox', { name: 'Gap 3 (a number)' }).inputValue()).toBe('3.145');
    const restored = page.getByRole('group', { name: 'Gap 4 (choose all that apply)' });
    expect([await restored.getByRole('checkbox', { name: 'Owl' }).isChecked(), await restored.getByRole('checkbox', { name: 'Cat' }).isChecked(), await restored.getByRole('checkbox', { name: 'Hen' }).isChecked()]).toEqual([true, true, false]);

    await page.getByRole('button', { name: 'Submit exam' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit your answers?' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Your exam is submitted' }).waitFor();
    // Matching 1 of 2 pairs (1 mark) + Cloze: gaps 1 to 3 right (4 of 6 weights) and the birds gap
    // Owl (50%) + Cat (−50%) = 0: 4 of 6 marks. 5 of 8 in all.
    await page.getByText('Score: 5 / 8').waitFor();

    await page.getByRole('link', { name: 'View analysis' }).click();
    const q2 = page.getByRole('article', { name: 'Question 2' });
    await q2.getByText('Partly correct').waitFor();
    // Each pair right or wrong with its right answer, and the general feedback.
    const pairs = q2.getByRole('table', { name: 'Item by item' });
    // Each row's cells, their texts joined by one space (empty cells left out).
    const rowText = async (table: typeof pairs) =>
      Promise.all((await table.getByRole('row').all()).map(async (row) => (await row.locator('th, td').allTextContents()).map((t) => t.trim()).filter(Boolean).join(' ')));
    expect(await rowText(pairs)).toEqual(['Item Your answer Result Right answer', 'Dog Mammal Right Mammal', 'Frog Insect Wrong Amphibian']);
    await q2.getByTestId('general-feedback').getByText('Frogs are amphibians.').waitFor();
    // Each gap: the answer, right or wrong, the right answer, its marks and the matching answer's feedback.
    const q3 = page.getByRole('article', { name: 'Question 3' });
    const gaps = q3.getByRole('table', { name: 'Gap by gap' });
    expect(await rowText(gaps)).toEqual([
      'Gap Your answer Result Right answer Marks Feedback',
      'Gap 1 owl Right Owl 1 of 1 Well done',
      'Gap 2 Pussy-cat Right Pussy-cat 1 of 1 Right, the cat',
      'Gap 3 3.145 Right 3.14 ± 0.01 2 of 2',
      'Gap 4 Owl, Cat Wrong Owl, Hen 0 of 2 A birdNot a bird',
    ]);
    await q3.getByTestId('general-feedback').getByText('From Edward Lear.').waitFor();
    await q3.getByText('4 of 6 marks').waitFor();

    // The teacher's view of the attempt shows the same, part by part, with every gap's answers and weights.
    const { page: teacherPage } = await e.newPage();
    await signIn(teacherPage, 'teacher', 'TEACHER');
    await teacherPage.goto(`/teacher/quiz/analysis/${quiz.body.data.id}`);
    await teacherPage.getByRole('table', { name: 'Students' }).getByRole('row', { name: /Open .*'s attempt/ }).click();
    const attemptDialog = teacherPage.getByRole('dialog', { name: /’s attempt/ });
    const teacherPairs = attemptDialog.getByRole('table', { name: 'Item by item' });
    await teacherPairs.waitFor();
    expect(await rowText(teacherPairs)).toEqual(['Item Student’s answer Result Right answer', 'Dog Mammal Right Mammal', 'Frog Insect Wrong Amphibian']);
    expect(await rowText(attemptDialog.getByRole('table', { name: 'Gap by gap' }))).toEqual([
      'Gap Student’s answer Result Right answer Marks Feedback',
      'Gap 1 owl Right Owl 1 of 1 Well done',
      'Gap 2 Pussy-cat Right Pussy-cat 1 of 1 Right, the cat',
      'Gap 3 3.145 Right 3.14 ± 0.01 2 of 2',
      'Gap 4 Owl, Cat Wrong Owl, Hen 0 of 2 A birdNot a bird',
    ]);
    expect(await rowText(attemptDialog.getByRole('table', { name: 'Answers of gap 4' }))).toEqual(['Answer Weight Feedback', 'Owl 50% A bird', 'Cat −50% Not a bird', 'Hen 50%']);
    await attemptDialog.getByText('From Edward Lear.').waitFor();
  });
});
