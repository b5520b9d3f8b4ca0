// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DIFFICULTIES, QUESTION_TYPES, questionSchema } from '../../../src/schemas/questions';
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
