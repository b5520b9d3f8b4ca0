// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DIFFICULTIES, QUESTION_TYPES, optionWeights, questionSchema } from '../../../src/schemas/questions';
import { expectIssue, parseOk, repeat, without } from './expectIssue';

const valid = {
  subject: 4,
  module: 9,
  type: 'descriptive',
  question: 'Which sort is stable?',
  marks: 2,
  time_required: 1,
  difficulty: 'easy',
};

describe('question schema', () => {
  it('parses a valid question, with or without a topic', () => {
    expect(parseOk(questionSchema, valid)).toEqual(valid);
    expect(parseOk(questionSchema, { ...valid, topic: 12 })).toEqual({ ...valid, topic: 12 });
    expect(parseOk(questionSchema, { ...valid, topic: '' }).topic).toBeUndefined();
  });

  it('accepts numbers from a form as strings', () => {
    expect(parseOk(questionSchema, { ...valid, subject: '4', module: '9', marks: '2', time_required: ' 1 ' })).toEqual(valid);
  });

  const twoOptions = [
    { text: 'Merge sort', correct: true },
    { text: 'Heap sort', correct: false },
  ];
  const answerKey: Record<(typeof QUESTION_TYPES)[number], object> = {
    single: { options: twoOptions },
    multiple: { options: twoOptions, scoring: 'partial' },
    true_false: { correct_bool: false },
    numeric: { numeric_value: 3.14, numeric_tolerance: 0.01 },
    short_answer: { accepted_answers: ['stack'] },
    descriptive: {},
    matching: {
      match_pairs: [
        { question: 'Dog', answer: 'Mammal' },
        { question: 'Frog', answer: 'Amphibian' },
        { question: '', answer: 'Insect' },
      ],
    },
    description: { marks: 0 },
    cloze: { question: 'The {1:SHORTANSWER:=Owl} and the {1:MULTICHOICE:Dog~=Pussy-cat} went to sea' },
  };

  it.each(QUESTION_TYPES)('accepts the type %s with its answer key', (type) => {
    expect(questionSchema.safeParse({ ...valid, type, ...answerKey[type] }).success).toBe(true);
  });

  it.each([
    ['single', {}, 'options', 'Add at least two options'],
    ['multiple', { options: [{ text: 'Only one', correct: true }] }, 'options', 'Add at least two options'],
    ['single', { options: twoOptions.map((o) => ({ ...o, correct: false })) }, 'options', 'Mark at least one correct option'],
    ['single', { options: twoOptions.map((o) => ({ ...o, weight: 50 })) }, 'options', 'A single choice question needs at least one option with weight 100%'],
    ['multiple', { scoring: 'partial', options: [{ text: 'a', weight: 50 }, { text: 'b', weight: 40 }, { text: 'c', weight: -100 }] }, 'options', 'The positive option weights must add up to 100% (they add up to 90%)'],
    ['multiple', { scoring: 'partial', options: [{ text: 'a', weight: 150 }, { text: 'b', weight: -50 }] }, 'options.0.weight', 'Option weight must be between -100% and 100%'],
    ['single', { options: [{ text: 'a', weight: 100 }, { text: 'b', weight: -101 }] }, 'options.1.weight', 'Option weight must be between -100% and 100%'],
    ['single', { options: [{ text: 'a', weight: 100 }, { text: 'b', correct: true, weight: 0 }] }, 'options.1.weight', 'An option marked correct needs a positive weight'],
    ['single', { options: [{ text: ' ', correct: true }, { text: 'b' }] }, 'options.0.text', 'Option text is required'],
    ['true_false', {}, 'correct_bool', 'Choose the correct answer'],
    ['numeric', {}, 'numeric_value', 'Enter the correct value'],
    ['numeric', { numeric_value: 1, numeric_tolerance: -1 }, 'numeric_tolerance', 'Tolerance cannot be negative'],
    ['short_answer', { accepted_answers: [] }, 'accepted_answers', 'Add at least one accepted answer'],
  ])('a %s question needs its answer key (%o)', (type, extra, path, message) => {
    expectIssue(questionSchema, { ...valid, type, ...extra }, path, message);
  });

  it('lets a multiple choice question have several correct options', () => {
    const options = twoOptions.map((o) => ({ ...o, correct: true }));
    expect(questionSchema.safeParse({ ...valid, type: 'multiple', options, scoring: 'all_or_nothing' }).success).toBe(true);
  });

  it.each(DIFFICULTIES)('accepts the difficulty %s', (difficulty) => {
    expect(questionSchema.safeParse({ ...valid, difficulty }).success).toBe(true);
  });

  it.each([undefined, '', 'maths'])('requires the subject (%s)', (subject) => {
    expectIssue(questionSchema, { ...valid, subject }, 'subject', 'Select the subject');
  });

  it.each([undefined, '', null])('requires the module (%s)', (module) => {
    expectIssue(questionSchema, { ...valid, module }, 'module', 'Select the module');
  });

  it('rejects a topic that is not an id', () => {
    expectIssue(questionSchema, { ...valid, topic: 'sorting' }, 'topic', 'Please select a valid topic');
  });

  it.each([undefined, '', 'essay', 'SINGLE'])('requires a known question type (%s)', (type) => {
    expectIssue(questionSchema, { ...valid, type }, 'type', 'Select the question type');
  });

  it('requires the question text', () => {
    expectIssue(questionSchema, { ...valid, question: '  ' }, 'question', 'Question is required');
    expectIssue(questionSchema, without(valid, 'question'), 'question', 'Question is required');
  });

  it('limits the question text to 10000 characters', () => {
    expectIssue(questionSchema, { ...valid, question: repeat(10001) }, 'question', 'Question should not exceed 10000 characters');
  });

  it.each([undefined, '', null, 0, 0.5, -1, 'two'])('requires marks of at least 1 (%s)', (marks) => {
    expectIssue(questionSchema, { ...valid, marks }, 'marks', 'Enter valid marks');
  });

  it.each([undefined, '', 0, 'soon'])('requires a time of at least 1 (%s)', (time_required) => {
    expectIssue(questionSchema, { ...valid, time_required }, 'time_required', 'Enter valid time');
  });

  it.each([undefined, '', 'extreme'])('requires a difficulty (%s)', (difficulty) => {
    expectIssue(questionSchema, { ...valid, difficulty }, 'difficulty', 'Choose difficulty');
  });
});

describe('question schema: Moodle feedback, names and weighted answers', () => {
  const base = { subject: 4, module: 9, question: 'Name an amphibian', marks: 1, time_required: 1, difficulty: 'easy' };
  const short = { ...base, type: 'short_answer', short_answers: [{ text: 'frog', weight: 100, feedback: 'Very good.' }, { text: 'toad', weight: 80 }, { text: '*', weight: 0, feedback: 'No.' }] };
  const numeric = { ...base, type: 'numeric', numeric_answers: [{ value: 3.14, tolerance: 0, weight: 100 }, { value: '*', weight: 0, feedback: 'Completely wrong.' }] };

  it('accepts weighted short and numeric answers, case sensitivity, and feedback everywhere', () => {
    expect(parseOk(questionSchema, { ...short, case_sensitive: true, text_match: 'moodle', general_feedback: 'Frogs are amphibians.' }).short_answers?.[1]).toEqual({ text: 'toad', weight: 80 });
    expect(parseOk(questionSchema, numeric).numeric_answers?.[1]).toEqual({ value: '*', weight: 0, feedback: 'Completely wrong.' });
    expect(parseOk(questionSchema, { ...numeric, numeric_answers: [{ value: '3.5', tolerance: '0.1', weight: '100' }] }).numeric_answers).toEqual([{ value: 3.5, tolerance: 0.1, weight: 100 }]);
    const tf = parseOk(questionSchema, { ...base, type: 'true_false', correct_bool: true, true_feedback: 'Right.', false_feedback: '' });
    expect([tf.true_feedback, tf.false_feedback]).toEqual(['Right.', '']);
    const choice = parseOk(questionSchema, { ...base, type: 'single', options: [{ text: 'a', weight: 100, feedback: 'Yes' }, { text: 'b', weight: 0, feedback: null }] });
    expect(choice.options?.map((o) => o.feedback)).toEqual(['Yes', undefined]);
  });

  it('keeps a name, a category path and tags', () => {
    const q = parseOk(questionSchema, { ...short, name: ' Amphibians ', category: '$course$/top/Biology', tags: ['zoology', 'easy'] });
    expect([q.name, q.category, q.tags]).toEqual(['Amphibians', '$course$/top/Biology', ['zoology', 'easy']]);
  });

  it.each([
    [{ ...short, short_answers: [] }, 'short_answers', 'Add at least one accepted answer'],
    [{ ...numeric, numeric_answers: [] }, 'numeric_answers', 'Add at least one answer'],
    [{ ...short, short_answers: [{ text: 'toad', weight: 80 }] }, 'short_answers', 'One of the answers needs a weight of 100% so that full marks can be earned'],
    [{ ...short, short_answers: [{ text: 'frog', weight: 100 }, { text: 'toad', weight: -10 }] }, 'short_answers.1.weight', 'Answer weight must be between 0% and 100%'],
    [{ ...short, short_answers: [{ text: 'frog', weight: 100 }, { text: 'toad', weight: 'a lot' }] }, 'short_answers.1.weight', 'Answer weight must be a number of percent'],
    [{ ...short, short_answers: [{ text: ' ', weight: 100 }] }, 'short_answers.0.text', 'An accepted answer cannot be empty'],
    [{ ...short, short_answers: [{ text: 'frog', weight: 100, feedback: repeat(2001) }] }, 'short_answers.0.feedback', 'Answer feedback should not exceed 2000 characters'],
    [{ ...short, text_match: 'legacy', case_sensitive: true }, 'case_sensitive', 'The old matching rule always ignores case'],
    [{ ...numeric, numeric_answers: [{ value: 'pi', weight: 100 }] }, 'numeric_answers.0.value', 'Enter the answer value (a number, or * for any other answer)'],
    [{ ...numeric, numeric_answers: [{ value: 3, tolerance: -1, weight: 100 }] }, 'numeric_answers.0.tolerance', 'Tolerance cannot be negative'],
    [{ ...numeric, numeric_answers: [{ value: 3, weight: 50 }] }, 'numeric_answers', 'One of the answers needs a weight of 100% so that full marks can be earned'],
    [{ ...short, general_feedback: repeat(10_001) }, 'general_feedback', 'General feedback should not exceed 10000 characters'],
    [{ ...base, type: 'single', options: [{ text: 'a', weight: 100, feedback: repeat(2001) }, { text: 'b', weight: 0 }] }, 'options.0.feedback', 'Option feedback should not exceed 2000 characters'],
    [{ ...base, type: 'true_false', correct_bool: true, false_feedback: repeat(2001) }, 'false_feedback', 'Feedback for the answer False should not exceed 2000 characters'],
    [{ ...short, name: repeat(256) }, 'name', 'Question name should not exceed 255 characters'],
    [{ ...short, category: repeat(1001) }, 'category', 'Category should not exceed 1000 characters'],
    [{ ...short, tags: ['ok', ''] }, 'tags.1', 'A tag cannot be empty'],
    [{ ...short, tags: [repeat(101)] }, 'tags.0', 'A tag should not exceed 100 characters'],
    [{ ...short, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags', 'At most 20 tags'],
  ])('refuses %#: %s', (input, path, message) => {
    expectIssue(questionSchema, input, path, message);
  });
});

describe('derived option weights', () => {
  const marked = [{ correct: true }, { correct: true }, { correct: false }, {}];

  it('gives the right options of a multiple choice question a share of 100% and every other option 0%, whatever the scoring', () => {
    expect(optionWeights('multiple', 'partial', marked)).toEqual([50, 50, 0, 0]);
    expect(optionWeights('multiple', 'all_or_nothing', marked)).toEqual([50, 50, 0, 0]);
    expect(optionWeights('single', null, [{ correct: true }, { correct: false }])).toEqual([100, 0]);
  });

  it('keeps a weight the teacher chose, negative included', () => {
    expect(optionWeights('multiple', 'partial', [{ correct: true, weight: 100 }, { correct: false, weight: -50 }, { correct: false }])).toEqual([100, -50, 0]);
  });

  it('reads a wrong option of the old partial rule as taking off one share, as that rule marks it', () => {
    expect(optionWeights('multiple', 'legacy-partial', marked)).toEqual([50, 50, -50, -50]);
  });
});
