import { describe, expect, it } from 'vitest';
import { zodFieldErrors } from '../../../../src/ui/forms/fieldErrors';
import {
  answerErrorsOf,
  draftOf,
  newOption,
  newAnswer,
  newNumericAnswer,
  newQuestionDraft,
  questionDraftSchema,
  questionInputOf,
  withType,
  type QuestionDraft,
  type QuestionRecord,
} from '../../../../src/resources/questions/questionDraft';

/** A draft that passes every common rule, to test one type's answer at a time. */
const base = (patch: Partial<QuestionDraft> = {}): QuestionDraft =>
  ({ ...newQuestionDraft({ subject: 1, module: 2, type: 'descriptive', difficulty: 'easy' }), question: 'What is a stack?', ...patch });

/** The messages the editor shows: the schema's, plus the answer checks it runs on their own. */
function messages(draft: QuestionDraft): Record<string, string> {
  const parsed = questionDraftSchema.safeParse(draft);
  return { ...answerErrorsOf(draft), ...(parsed.success ? {} : zodFieldErrors(parsed.error)) };
}

describe('question editor validation', () => {
  it('gives the required-field messages for an empty question', () => {
    const draft = { ...newQuestionDraft(), marks: '', time_required: '' };
    expect(messages(draft)).toMatchObject({
      subject: 'Select the subject',
      module: 'Select the module',
      type: 'Select the question type',
      question: 'Question is required',
      marks: 'Enter valid marks',
      time_required: 'Enter valid time',
      difficulty: 'Choose difficulty',
    });
  });

  it('wants marks and time of at least 1', () => {
    expect(messages(base({ marks: '0', time_required: '0' }))).toEqual({ marks: 'Enter valid marks', time_required: 'Enter valid time' });
    expect(messages(base({ marks: 'abc' }))).toEqual({ marks: 'Enter valid marks' });
  });

  describe('single choice', () => {
    it('needs two options', () => {
      expect(messages(base({ type: 'single', options: [newOption('Stack', true)] }))).toEqual({ options: 'Add at least two options' });
    });

    it('needs a correct option', () => {
      expect(messages(base({ type: 'single', options: [newOption('A'), newOption('B')] }))).toEqual({
        options: 'Mark at least one correct option',
      });
    });

    it('allows several correct options, as Moodle does', () => {
      expect(messages(base({ type: 'single', options: [newOption('A', true), newOption('B', true)] }))).toEqual({});
    });

    it('needs the text of every option, under that option', () => {
      expect(messages(base({ type: 'single', options: [newOption('A', true), newOption('  ')] }))).toEqual({
        'options.1.text': 'Option text is required',
      });
    });

    it('shows the answer messages while the question text is still missing', () => {
      const draft = { ...base({ type: 'single', options: [newOption('A'), newOption('B')] }), question: '' };
      expect(messages(draft)).toEqual({ question: 'Question is required', options: 'Mark at least one correct option' });
    });
  });

  describe('multiple choice', () => {
    it('needs a correct option', () => {
      expect(messages(base({ type: 'multiple', options: [newOption('A'), newOption('B'), newOption('C')] }))).toEqual({
        options: 'Mark at least one correct option',
      });
    });

    it('accepts several correct options and sends the scoring', () => {
      const draft = base({ type: 'multiple', scoring: 'partial', options: [newOption('A', true), newOption('B', true), newOption('C')] });
      expect(messages(draft)).toEqual({});
      expect(questionInputOf(draft)).toMatchObject({ scoring: 'partial', options: [{ text: 'A', correct: true }, { text: 'B', correct: true }, { text: 'C', correct: false }] });
    });
  });

  it('true / false needs the correct answer', () => {
    expect(messages(base({ type: 'true_false' }))).toEqual({ correct_bool: 'Choose the correct answer' });
    expect(messages(base({ type: 'true_false', correct_bool: false }))).toEqual({});
  });

  it('numeric needs the value and a tolerance that is not negative, and one answer worth 100%', () => {
    expect(messages(base({ type: 'numeric', numeric_answers: [newNumericAnswer('')] }))).toEqual({
      'numeric_answers.0.value': 'Enter the answer value (a number, or * for any other answer)',
    });
    expect(messages(base({ type: 'numeric', numeric_answers: [newNumericAnswer('3.5', '-1')] }))).toEqual({
      'numeric_answers.0.tolerance': 'Tolerance cannot be negative',
    });
    expect(messages(base({ type: 'numeric', numeric_answers: [newNumericAnswer('3.5', '0.1', 50)] }))).toEqual({
      numeric_answers: 'One of the answers needs a weight of 100% so that full marks can be earned',
    });
    const draft = base({ type: 'numeric', numeric_answers: [newNumericAnswer('3.5', '0.1', 100, 'Good.'), newNumericAnswer(' * ', '', 0, 'No.')] });
    expect(messages(draft)).toEqual({});
    expect(questionInputOf(draft).numeric_answers).toEqual([
      { value: '3.5', tolerance: '0.1', weight: 100, feedback: 'Good.' },
      { value: '*', tolerance: undefined, weight: 0, feedback: 'No.' },
    ]);
  });

  it('short answer needs an accepted answer, none of them empty, one worth 100%', () => {
    expect(messages(base({ type: 'short_answer', accepted_answers: [] }))).toEqual({ short_answers: 'Add at least one accepted answer' });
    expect(messages(base({ type: 'short_answer', accepted_answers: [newAnswer('queue'), newAnswer(' ')] }))).toEqual({
      'short_answers.1.text': 'An accepted answer cannot be empty',
    });
    expect(messages(base({ type: 'short_answer', accepted_answers: [newAnswer('toad', 80)] }))).toEqual({
      short_answers: 'One of the answers needs a weight of 100% so that full marks can be earned',
    });
    const draft = base({ type: 'short_answer', case_sensitive: true, accepted_answers: [newAnswer('frog', 100, 'Very good.'), newAnswer('toad', 80)] });
    expect(questionInputOf(draft)).toMatchObject({
      short_answers: [{ text: 'frog', weight: 100, feedback: 'Very good.' }, { text: 'toad', weight: 80 }],
      case_sensitive: true,
      text_match: 'moodle',
    });
  });

  it('sends the name, category, tags and feedback', () => {
    const draft = base({ type: 'true_false', correct_bool: true, true_feedback: 'Yes.', name: 'Stacks', category: '$course$/top/DS', tags: 'lifo, , basics ', general_feedback: 'A stack is LIFO.' });
    expect(messages(draft)).toEqual({});
    expect(questionInputOf(draft)).toMatchObject({ name: 'Stacks', category: '$course$/top/DS', tags: ['lifo', 'basics'], general_feedback: 'A stack is LIFO.', true_feedback: 'Yes.', false_feedback: '' });
  });

  it("sends Moodle's combined feedback for choice, matching and Cloze questions only, and reads it back for editing", () => {
    const combined = { correct_feedback: 'All right.', partially_correct_feedback: 'Partly.', incorrect_feedback: 'No.' };
    const single = base({ type: 'single', options: [newOption('A', true), newOption('B', false)], ...combined });
    expect(messages(single)).toEqual({});
    expect(questionInputOf(single)).toMatchObject(combined);
    const tf = base({ type: 'true_false', correct_bool: true, ...combined });
    for (const field of Object.keys(combined)) expect(questionInputOf(tf)).not.toHaveProperty(field);
    const record = { ...(questionInputOf(single) as object), id: 1, options: [{ id: 'a', text: 'A', correct: true }, { id: 'b', text: 'B', correct: false }] } as unknown as QuestionRecord;
    expect(draftOf(record)).toMatchObject(combined);
  });

  it('descriptive needs no answer', () => {
    expect(messages(base({ type: 'descriptive' }))).toEqual({});
  });

  it('neither validates nor sends the answer fields of another type', () => {
    // Empty options left over from choosing 'single' first.
    const draft = base({ type: 'numeric', numeric_answers: [newNumericAnswer('10')], options: [newOption(''), newOption('')] });
    expect(messages(draft)).toEqual({});
    expect(questionInputOf(draft)).not.toHaveProperty('options');
  });

  it('keeps only the first correct option when switching to single choice', () => {
    const draft = withType(base({ type: 'multiple', options: [newOption('A'), newOption('B', true), newOption('C', true)] }), 'single');
    expect(draft.options.map((o) => o.correct)).toEqual([false, true, false]);
  });

  it('edits a saved question with its option ids', () => {
    const record = {
      id: 9,
      subject: 1,
      module: 2,
      topic: null,
      type: 'single',
      question: 'Pick one',
      marks: 2,
      time_required: 1,
      difficulty: 'easy',
      options: [
        { id: 'o1', text: 'Yes', correct: true },
        { id: 'o2', text: 'No', correct: false },
      ],
      scoring: null,
      correct_bool: null,
      numeric_value: null,
      numeric_tolerance: null,
      accepted_answers: null,
      version: 3,
      created_by: 4,
      created_at: '2025-01-01T00:00:00.000Z',
    } as QuestionRecord;
    const parsed = questionDraftSchema.parse(draftOf(record));
    expect(parsed.options).toEqual([
      { id: 'o1', text: 'Yes', correct: true },
      { id: 'o2', text: 'No', correct: false },
    ]);
    expect(parsed).toMatchObject({ subject: 1, module: 2, marks: 2, time_required: 1 });
  });

  it('edits a saved short answer or numeric question with its weighted answers, or its old accepted answers', () => {
    const common = { id: 9, subject: 1, module: 2, topic: null, question: 'Q', marks: 2, time_required: 1, difficulty: 'easy', options: null, scoring: null, correct_bool: null, version: 1, created_by: 4, created_at: '2025-01-01T00:00:00.000Z' };
    const weighted = draftOf({ ...common, type: 'short_answer', numeric_value: null, numeric_tolerance: null, accepted_answers: ['frog'], short_answers: [{ text: 'frog', weight: 100 }, { text: 'toad', weight: 80, feedback: 'OK.' }], text_match: 'moodle', case_sensitive: true, tags: ['a', 'b'], name: 'Frogs' } as QuestionRecord);
    expect(weighted.accepted_answers.map(({ text, weight, feedback }) => [text, weight, feedback])).toEqual([['frog', 100, ''], ['toad', 80, 'OK.']]);
    expect([weighted.case_sensitive, weighted.text_match, weighted.tags, weighted.name]).toEqual([true, 'moodle', 'a, b', 'Frogs']);
    const old = draftOf({ ...common, type: 'short_answer', numeric_value: null, numeric_tolerance: null, accepted_answers: ['queue'] } as QuestionRecord);
    expect([old.accepted_answers.map((a) => [a.text, a.weight]), old.text_match]).toEqual([[['queue', 100]], 'legacy']);
    const numeric = draftOf({ ...common, type: 'numeric', numeric_value: 3.14, numeric_tolerance: 0.01, accepted_answers: null } as QuestionRecord);
    expect(numeric.numeric_answers.map(({ value, tolerance, weight }) => [value, tolerance, weight])).toEqual([['3.14', '0.01', 100]]);
  });
});
