import { describe, expect, it } from 'vitest';
import { zodFieldErrors } from '../../../../src/ui/forms/fieldErrors';
import { newQuizDraft, newRule, quizDraftSchema, quizInputOf, windowErrorsOf, type QuizDraft } from '../../../../src/resources/quizzes/form/quizDraft';

const NOW = new Date('2025-03-01T08:00:00.000Z');

/** A quiz that passes every rule: visible now, open 10:00-11:30, 60 minutes. */
const valid = (patch: Partial<QuizDraft> = {}): QuizDraft => ({
  ...newQuizDraft(NOW, 7),
  name: 'Unit test',
  subjects: [1],
  visible_from: '2025-03-01T08:00:00.000Z',
  valid_from: '2025-03-02T10:00:00.000Z',
  valid_to: '2025-03-02T11:30:00.000Z',
  duration: '60',
  ...patch,
});

/** The messages the form shows: the schema's, plus the window rules it runs on their own. */
function messages(draft: QuizDraft): Record<string, string> {
  const parsed = quizDraftSchema.safeParse(draft);
  return { ...windowErrorsOf(draft), ...(parsed.success ? {} : zodFieldErrors(parsed.error)) };
}

describe('quiz form window messages', () => {
  it('accepts a valid quiz', () => {
    expect(messages(valid())).toEqual({});
  });

  it('wants visible from before valid from', () => {
    expect(messages(valid({ visible_from: '2025-03-02T10:00:00.000Z' }))).toEqual({ visible_from: 'Visible from must be before valid from' });
  });

  it('wants valid to after valid from', () => {
    expect(messages(valid({ valid_to: '2025-03-02T09:00:00.000Z' }))).toEqual({ valid_to: 'Valid to must be after valid from' });
    expect(messages(valid({ valid_to: '2025-03-02T10:00:00.000Z' }))).toEqual({ valid_to: 'Valid to must be after valid from' });
  });

  it('wants the duration strictly shorter than the window', () => {
    const message = 'Duration entered does not match valid from and valid to date';
    expect(messages(valid({ duration: '90' }))).toEqual({ duration: message });
    expect(messages(valid({ duration: '120' }))).toEqual({ duration: message });
    expect(messages(valid({ duration: '89' }))).toEqual({});
  });

  it('wants a duration of at least one whole minute', () => {
    expect(messages(valid({ duration: '0' }))).toEqual({ duration: 'Duration must be at least 1 minute' });
    expect(messages(valid({ duration: '' }))).toEqual({ duration: 'Duration is required' });
  });

  it('reports a date that is not a date', () => {
    expect(messages(valid({ valid_from: 'invalid' }))).toMatchObject({ valid_from: 'Valid from must be a valid date and time' });
    expect(messages(valid({ visible_from: undefined }))).toMatchObject({ visible_from: 'Visible from is required' });
  });

  it('shows the window messages together with the other fields', () => {
    const draft = valid({ name: '', subjects: [], group_id: null, visible_from: '2025-03-03T00:00:00.000Z', duration: '95' });
    expect(messages(draft)).toEqual({
      name: 'Name is required',
      subjects: 'At least one subject is required',
      group_id: 'Group is required',
      visible_from: 'Visible from must be before valid from',
      duration: 'Duration entered does not match valid from and valid to date',
    });
  });

  it('limits the name to 255 characters', () => {
    expect(messages(valid({ name: 'x'.repeat(256) }))).toEqual({ name: 'Name cannot exceed 255 characters' });
  });

  it('wants a paper before publishing', () => {
    expect(messages(valid({ published: true }))).toEqual({ questions: 'Add at least one question or random rule before publishing' });
    expect(messages(valid({ published: true, questions: [4] }))).toEqual({});
  });

  it('sends the random rules with only the filters that are set', () => {
    const rule = { ...newRule(), difficulty: 'easy' as const, count: '3' };
    expect(quizInputOf(valid({ random_rules: [rule] })).random_rules).toEqual([{ difficulty: 'easy', count: '3' }]);
    expect(quizDraftSchema.parse(valid({ random_rules: [rule] })).random_rules).toEqual([{ difficulty: 'easy', count: 3 }]);
  });

  it('starts a new quiz with a valid window: open tomorrow at 09:00 for 90 minutes, 60 minutes long', () => {
    const draft = { ...newQuizDraft(NOW, 7), name: 'x', subjects: [1] };
    expect(messages(draft)).toEqual({});
    expect(draft.group_id).toBe(7);
  });
});
