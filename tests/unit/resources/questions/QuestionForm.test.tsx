import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, testDataProvider, type DataProvider } from 'react-admin';
import { QuestionForm, type QuestionFormProps } from '../../../../src/resources/questions/editor/QuestionForm';
import { newOption, newQuestionDraft, type QuestionDraft } from '../../../../src/resources/questions/questionDraft';

const lists: Record<string, unknown[]> = {
  subjects: [{ id: 1, subjectname: 'Data Structures', code: 'CS201', semester: '3' }],
  modules: [{ id: 2, course_outcome_name: 'Sorting', subject_id: 1 }],
  topics: [],
};

function renderForm(initial: QuestionDraft, onSave: QuestionFormProps['onSave'] = vi.fn(async () => undefined)) {
  const getList = vi.fn(async (resource: string) => ({ data: lists[resource] ?? [], total: (lists[resource] ?? []).length }));
  const dataProvider = testDataProvider({ getList: getList as unknown as DataProvider['getList'] });
  render(
    <AdminContext dataProvider={dataProvider}>
      <QuestionForm heading="Add question" initial={initial} onSave={onSave} onCancel={() => undefined} />
    </AdminContext>,
  );
  return { onSave };
}

/** The message shown under the field labelled `label` (its helper text). */
function messageUnder(label: RegExp): string | null {
  const field = screen.getByRole('textbox', { name: label });
  const describedBy = field.getAttribute('aria-describedby');
  return describedBy ? (document.getElementById(describedBy.split(' ')[0])?.textContent ?? null) : null;
}

beforeEach(() => {
  localStorage.setItem('role', 'TEACHER');
  localStorage.setItem('username', 'tara');
});

afterEach(() => sessionStorage.clear());

// MUI's many inputs render slowly in happy-dom.
describe('QuestionForm', { timeout: 20_000 }, () => {
  it('shows the messages of missing and invalid fields under them and saves nothing', async () => {
    const { onSave } = renderForm({ ...newQuestionDraft(), marks: '0', time_required: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));

    await waitFor(() => expect(screen.getByText('Select the subject')).toBeInTheDocument());
    expect(screen.getByText('Select the module')).toBeInTheDocument();
    expect(screen.getByText('Select the question type')).toBeInTheDocument();
    expect(messageUnder(/^Question text/)).toBe('Question is required');
    expect(messageUnder(/^Marks/)).toBe('Enter valid marks');
    expect(messageUnder(/^Time required/)).toBe('Enter valid time');
    expect(screen.getByText('Choose difficulty')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Question text/ })).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('asks for the options of a single-choice question', async () => {
    renderForm(newQuestionDraft({ type: 'single' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));

    await waitFor(() => expect(screen.getByText('Mark at least one correct option')).toBeInTheDocument());
    expect(messageUnder(/^Option A/)).toBe('Option text is required');
    expect(messageUnder(/^Option B/)).toBe('Option text is required');

    fireEvent.click(screen.getByRole('button', { name: 'Remove option B' }));
    expect(await screen.findByText('Add at least two options')).toBeInTheDocument();
  });

  it('marks one correct option like a radio for single choice', () => {
    renderForm(newQuestionDraft({ type: 'single' }));
    const a = screen.getByRole('radio', { name: 'Option A is correct' });
    const b = screen.getByRole('radio', { name: 'Option B is correct' });
    fireEvent.click(a);
    expect(a).toBeChecked();
    fireEvent.click(b);
    expect(b).toBeChecked();
    expect(a).not.toBeChecked();
  });

  it("edits each option's weight with Moodle's fractions and checks they add up to 100%", async () => {
    const draft = newQuestionDraft({ type: 'multiple', subject: 1, module: 2, difficulty: 'easy' });
    const onSave = vi.fn(async () => undefined);
    renderForm({
      ...draft,
      question: 'Colours?',
      scoring: 'partial',
      options: [
        { ...newOption('yellow'), weight: 50, correct: true },
        { ...newOption('off-beige'), weight: 40, correct: true },
        { ...newOption('red'), weight: -100 },
      ],
    }, onSave);
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));
    expect(await screen.findByText('The positive option weights must add up to 100% (they add up to 90%)')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    const weightOfB = screen.getAllByRole('combobox', { name: /^Weight/ })[1];
    fireEvent.mouseDown(weightOfB);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toContain('-33.33333%');
    fireEvent.click(within(listbox).getByRole('option', { name: '50%' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect((onSave.mock.calls[0] as unknown[])[0]).toMatchObject({
      scoring: 'partial',
      options: [
        { text: 'yellow', weight: 50 },
        { text: 'off-beige', weight: 50 },
        { text: 'red', weight: -100 },
      ],
    });
  });

  it('reorders options with the up and down buttons', () => {
    renderForm(newQuestionDraft({ type: 'multiple' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Option A/ }), { target: { value: 'first' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Option B/ }), { target: { value: 'second' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move option B up' }));
    expect(screen.getByRole('textbox', { name: /^Option A/ })).toHaveValue('second');
    expect(screen.getByRole('textbox', { name: /^Option B/ })).toHaveValue('first');
    expect(screen.getByRole('button', { name: 'Move option A up' })).toBeDisabled();
  });

  it('asks for the answer of each other type', async () => {
    renderForm(newQuestionDraft({ type: 'true_false' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));
    expect(await screen.findByText('Choose the correct answer')).toBeInTheDocument();
  });

  it('asks for the numeric value', async () => {
    renderForm(newQuestionDraft({ type: 'numeric' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(messageUnder(/^Answer 1/)).toBe('Enter the answer value (a number, or * for any other answer)'));
  });

  it('asks for an accepted answer', async () => {
    renderForm(newQuestionDraft({ type: 'short_answer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(messageUnder(/^Accepted answer 1/)).toBe('An accepted answer cannot be empty'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove accepted answer 1' }));
    expect(await screen.findByText('Add at least one accepted answer')).toBeInTheDocument();
  });

  it('edits weighted accepted answers with feedback, case sensitivity, option feedback and general feedback', async () => {
    const onSave = vi.fn(async () => undefined);
    renderForm({ ...newQuestionDraft({ type: 'short_answer', subject: 1, module: 2, difficulty: 'easy' }), question: 'Name an amphibian' }, onSave);
    fireEvent.change(screen.getByRole('textbox', { name: /^Accepted answer 1/ }), { target: { value: 'frog' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Feedback for accepted answer 1/ }), { target: { value: 'Very good.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add accepted answer' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Accepted answer 2/ }), { target: { value: 'toad' } });
    fireEvent.mouseDown(screen.getAllByRole('combobox', { name: /^Weight/ })[1]);
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '80%' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Case sensitive/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /^General feedback/ }), { target: { value: 'Frogs are amphibians.' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Question name/ }), { target: { value: 'Amphibian' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect((onSave.mock.calls[0] as unknown[])[0]).toMatchObject({
      name: 'Amphibian',
      general_feedback: 'Frogs are amphibians.',
      case_sensitive: true,
      text_match: 'moodle',
      short_answers: [{ text: 'frog', weight: 100, feedback: 'Very good.' }, { text: 'toad', weight: 80 }],
    });
  });

  it('keeps the feedback of each option', async () => {
    const onSave = vi.fn(async () => undefined);
    renderForm({ ...newQuestionDraft({ type: 'single', subject: 1, module: 2, difficulty: 'easy' }), question: 'Stable?', options: [newOption('Merge sort', true), newOption('Heap sort')] }, onSave);
    fireEvent.change(screen.getByRole('textbox', { name: /^Feedback for option B/ }), { target: { value: 'Heap sort is not stable.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect((onSave.mock.calls[0] as unknown[])[0]).toMatchObject({ options: [{ text: 'Merge sort' }, { text: 'Heap sort', feedback: 'Heap sort is not stable.' }] });
  });

  it('shows the live preview with Markdown and math', async () => {
    renderForm({ ...newQuestionDraft({ type: 'descriptive' }), question: 'Explain **why** $x^2 \\ge 0$' });
    const preview = screen.getByRole('complementary', { name: 'Preview' });
    expect(within(preview).getByText('why').tagName).toBe('STRONG');
    await waitFor(() => expect(preview.querySelector('math')).not.toBeNull());
  });

  it("sends a valid question and shows the server's field errors", async () => {
    const onSave = vi.fn<QuestionFormProps['onSave']>(async () => ({ module: 'The module does not belong to the selected subject' }));
    renderForm({ ...newQuestionDraft({ subject: 1, module: 2, type: 'descriptive', difficulty: 'hard' }), question: 'Why?' }, onSave);
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({ subject: 1, module: 2, type: 'descriptive', question: 'Why?', marks: 1, time_required: 1, difficulty: 'hard' });
    expect(await screen.findByText('The module does not belong to the selected subject')).toBeInTheDocument();
  });
});
