import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiClient, createOpenQuizInForm, signIn, useE2E } from './support';

/**
 * A teacher imports a Moodle XML file with an embedded image and a matching question in the
 * browser (preview, then import), builds a quiz of the two in the quiz form, and the student's exam
 * page shows the image, loaded from the portal. In the question editor, a pasted image is uploaded
 * and shown in the preview, and an SVG is refused.
 */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAwAAAAICAIAAABChommAAAAEUlEQVR4nGM4ISdHEDGMKgIAojBhgcEzWZQAAAAASUVORK5CYII=';

describe('question images from Moodle XML and the editor to the exam page', () => {
  const e = useE2E();
  const fixture = path.resolve(__dirname, '../fixtures/moodle-formats/image-and-matching.xml');

  const { apiAs, login } = apiClient(e);

  it('imports the file with its image after the preview, and the student sees the image in the exam', async () => {
    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto('/teacher/questions');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import questions' });
    await dialog.getByRole('radio', { name: 'Moodle XML (.xml)' }).check();
    await dialog.getByRole('combobox', { name: /^Subject/ }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('combobox', { name: /^Module/ }).click();
    await page.getByRole('option').first().click();
    await dialog.getByLabel('File to import').setInputFiles(fixture);
    await dialog.getByRole('button', { name: 'Preview' }).click();

    await dialog.getByText('2 questions (1 image) can be imported').waitFor();
    const table = dialog.getByRole('table', { name: 'Questions to import' });
    await table.getByText('[image: A red flag]').waitFor();
    await table.getByText('1 image', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Import 2 questions' }).click();
    await dialog.getByRole('button', { name: 'Import another file' }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    const teacher = await login('teacher', 'TEACHER');
    const list = await apiAs(teacher, `/questions?range=${encodeURIComponent('[0,999]')}`);
    const byName = new Map((list.body.data as { id: number; name?: string; question: string }[]).map((q) => [q.name, q]));
    const flag = byName.get('Red flag')!;
    const matching = byName.get('Flag colours')!;
    expect(flag.question).toMatch(/^Which colour is this flag\?\n!\[A red flag\]\(\/api\/question-images\/\d+\)$/);
    expect(matching).toBeDefined();

    // The teacher builds an open quiz of the two imported questions, fixed in this order, in the quiz form.
    const name = `Flags ${Date.now()}`;
    await page.goto('/teacher/quiz/create');
    await createOpenQuizInForm(page, {
      name,
      subject: 'Data Structures (CS201)',
      group: 'CS 2026 - Section A',
      fixed: [
        { id: flag.id, search: 'Which colour is this flag' },
        { id: matching.id, search: 'Match each country to a colour' },
      ],
    });

    const student = (await e.newPage()).page;
    await signIn(student, 'student', 'STUDENT');
    await student.getByRole('navigation', { name: 'Student' }).getByRole('link', { name: 'Available quizzes' }).click();
    await student.getByRole('article', { name }).getByRole('link', { name: 'Start' }).click();
    await student.getByRole('button', { name: 'Start exam' }).click();
    await student.waitForURL(/\/student\/exam\/\d+$/);
    await student.getByRole('heading', { name: 'Question 1 of 2' }).waitFor();
    const image = student.locator('img[alt="A red flag"]');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(12);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(8);
  });

  it('the question editor uploads a pasted image, puts its Markdown at the caret and shows it in the preview; an SVG is refused with the reason', async () => {
    const { page } = await e.newPage();
    await signIn(page, 'teacher', 'TEACHER');
    await page.goto('/teacher/questions/add');
    await page.getByRole('heading', { name: 'Add question', level: 1 }).waitFor();
    // The preview shows a question once its type is chosen.
    await page.getByRole('combobox', { name: /^Question type/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Descriptive', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    const text = page.locator('textarea#question-text');
    await text.fill('Before after');
    /** Pastes a file into the question text with the caret after 'Before '. */
    const paste = (base64: string, name: string, type: string) =>
      text.evaluate(
        (area: HTMLTextAreaElement, file) => {
          area.focus();
          area.setSelectionRange(7, 7);
          const data = new DataTransfer();
          data.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.type }));
          area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        },
        { base64, name, type },
      );
    await paste(PNG_BASE64, 'red.png', 'image/png');
    await expect.poll(() => text.inputValue()).toMatch(/^Before !\[red\]\(\/api\/question-images\/\d+\)after$/);
    await page.getByText('Image added').first().waitFor();
    const preview = page.getByRole('complementary', { name: 'Preview' });
    const shown = preview.locator('img[alt="red"]');
    await shown.waitFor();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(12);

    const before = await text.inputValue();
    await paste(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'), 'logo.svg', 'image/svg+xml');
    await page.getByText('Image not added').waitFor();
    await page.getByText(/SVG images are not accepted/).waitFor();
    expect(await text.inputValue()).toBe(before);
    await e.expectApiRefusals(['400 POST /api/question-images']);
  });
});

