import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, testDataProvider, type DataProvider } from 'react-admin';
import { QuizForm, type QuizFormProps } from '../../../../src/resources/quizzes/form/QuizForm';
import { LOCKED_MESSAGE, LOCKED_WHEN_ATTEMPTED, newQuizDraft, type LockedField, type QuizDraft } from '../../../../src/resources/quizzes/form/quizDraft';
import { DEFAULT_REVIEW } from '../../../../src/schemas/quizzes';

const lists: Record<string, unknown[]> = {
  subjects: [{ id: 1, subjectname: 'Data Structures', code: 'CS201', semester: '3' }],
  groups: [{ id: 7, groupName: 'Section A', students: [] }],
};

function renderForm(initial: QuizDraft, locked: ReadonlySet<LockedField> = new Set(), onSave = vi.fn<QuizFormProps['onSave']>(async () => undefined)) {
  const getList = vi.fn(async (resource: string) => ({ data: lists[resource] ?? [], total: (lists[resource] ?? []).length }));
  const getMany = vi.fn(async () => ({ data: [] }));
  const dataProvider = testDataProvider({
    getList: getList as unknown as DataProvider['getList'],
    getMany: getMany as unknown as DataProvider['getMany'],
  });
  render(
    <AdminContext dataProvider={dataProvider}>
      <QuizForm heading="Create quiz" initial={initial} locked={locked} onSave={onSave} onCancel={() => undefined} />
    </AdminContext>,
  );
  return { onSave };
}

/** The helper text of the input with this id. */
const messageOf = (id: string) => {
  const describedBy = document.getElementById(id)?.getAttribute('aria-describedby');
  return describedBy ? document.getElementById(describedBy.split(' ')[0])?.textContent : undefined;
};

const draft = (patch: Partial<QuizDraft> = {}): QuizDraft => ({
  ...newQuizDraft(new Date('2025-03-01T08:00:00.000Z')),
  name: 'Unit test',
  subjects: [1],
  group_id: 7,
  visible_from: '2025-03-01T08:00:00.000Z',
  valid_from: '2025-03-02T10:00:00.000Z',
  valid_to: '2025-03-02T11:30:00.000Z',
  duration: '60',
  questions: [5],
  ...patch,
});

beforeEach(() => {
  localStorage.setItem('role', 'TEACHER');
  localStorage.setItem('username', 'tara');
});

afterEach(() => sessionStorage.clear());

// MUI's pickers and many inputs render slowly in happy-dom.
describe('QuizForm', { timeout: 30_000 }, () => {
  it('shows the window messages under the dates and the duration', async () => {
    const { onSave } = renderForm(draft({ name: '', visible_from: '2025-03-02T10:30:00.000Z', valid_to: '2025-03-02T09:00:00.000Z' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save quiz' }));

    // The pickers' own markup: the message is their helper text.
    expect(await screen.findByText('Visible from must be before valid from')).toBeInTheDocument();
    expect(screen.getByText('Valid to must be after valid from')).toBeInTheDocument();
    expect(messageOf('quiz-name')).toBe('Name is required');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says when the duration does not fit the window', async () => {
    renderForm(draft({ duration: '90' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(messageOf('quiz-duration')).toBe('Duration entered does not match valid from and valid to date'));
  });

  it('shows the penalty only with negative marking', () => {
    renderForm(draft());
    expect(screen.queryByRole('textbox', { name: /Penalty per wrong answer/ })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: /Negative marking/ }));
    expect(screen.getByRole('textbox', { name: /Penalty per wrong answer/ })).toHaveValue('0.25');
  });

  it('warns while the right answers show before the quiz closes, and sends the attempt settings and review options', async () => {
    const { onSave } = renderForm(draft());
    expect(screen.queryByText(/sees every correct answer while classmates are still writing/)).toBeNull();
    // One attempt: the grading method and the delays do not apply.
    expect(screen.getByRole('combobox', { name: /Grading method/ })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Attempts allowed/ }));
    fireEvent.click(await screen.findByRole('option', { name: '3' }));
    expect(screen.getByRole('combobox', { name: /Grading method/ })).not.toHaveAttribute('aria-disabled');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Grading method/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Average grade' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Delay before the 2nd attempt/ }), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Right answer — Immediately after the attempt' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A student who submits early sees every correct answer while classmates are still writing');
    fireEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({
      attempts_allowed: 3,
      grading_method: 'average',
      attempt_delay1_minutes: 60,
      attempt_delay2_minutes: 0,
      builds_on_last: false,
      review: { ...DEFAULT_REVIEW, immediately: { ...DEFAULT_REVIEW.immediately, rightAnswer: true } },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Right answer — Immediately after the attempt' }));
    expect(screen.queryByText(/sees every correct answer while classmates are still writing/)).toBeNull();
  });

  it('warns before saving a quiz without questions as a draft, and saves it only when asked to', async () => {
    const { onSave } = renderForm(draft({ questions: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'This quiz has no questions yet' });
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({ questions: [], random_rules: [], published: false });
  });

  it('saves a valid quiz', async () => {
    const { onSave } = renderForm(draft());
    fireEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({
      name: 'Unit test',
      subjects: ['1'],
      group_id: 7,
      duration: 60,
      valid_from: '2025-03-02T10:00:00.000Z',
      options: { face_detection: false, safe_exam_browser: false, guest_flag: false, negative_marking: false },
    });
  });

  it('disables what attempts have locked, and says why', () => {
    renderForm(draft(), new Set(LOCKED_WHEN_ATTEMPTED));
    expect(screen.getByText(LOCKED_MESSAGE)).toBeInTheDocument();
    expect(document.getElementById('quiz-duration')).toBeDisabled();
    expect(screen.getByRole('switch', { name: /Negative marking/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pick from the bank' })).toBeDisabled();
    // What students' attempts do not depend on stays editable.
    expect(document.getElementById('quiz-name')).toBeEnabled();
    expect(screen.getByRole('switch', { name: /Published/ })).toBeEnabled();
  });
});
