import { z } from 'zod';
import { defineEntity } from './entity';
import { idRef, numberInput, optionalIdRef, requiredText } from './fields';

export const QUESTION_TYPES = ['single', 'multiple', 'true_false', 'numeric', 'short_answer', 'descriptive'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  true_false: 'True / false',
  numeric: 'Numeric',
  short_answer: 'Short answer',
  descriptive: 'Descriptive',
};

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const DIFFICULTY_LABELS: Record<Difficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };

export const QUESTION_TEXT_MAX = 10_000;

/**
 * The fields of a question (SPEC.md sections 3 and 5), to be extended with options and
 * answers: `z.object({ ...questionFields, ... })`. marks and time_required (minutes) are
 * numbers of at least 1; an empty form value gives the field's message, not 0.
 */
export const questionFields = {
  subject: idRef('Select the subject'),
  module: idRef('Select the module'),
  topic: optionalIdRef('Please select a valid topic'),
  type: z.enum(QUESTION_TYPES, { error: 'Select the question type' }),
  question: requiredText('Question is required').max(QUESTION_TEXT_MAX, 'Question should not exceed 10000 characters'),
  marks: numberInput(z.number({ error: 'Enter valid marks' }).min(1, 'Enter valid marks')),
  time_required: numberInput(z.number({ error: 'Enter valid time' }).min(1, 'Enter valid time')),
  difficulty: z.enum(DIFFICULTIES, { error: 'Choose difficulty' }),
};

export const questionSchema = z.object(questionFields);
export type QuestionInput = z.input<typeof questionSchema>;
export type Question = z.infer<typeof questionSchema>;
export type QuestionRecord = Question & { id: number };

/**
 * The department's question bank: teachers see all of it (the question list filters on the
 * creator) and change or delete only the questions they wrote.
 */
export const questionEntity = defineEntity({
  resource: 'questions',
  label: 'Questions',
  singular: 'Question',
  schema: questionSchema,
  fields: {
    question: { label: 'Question', list: true, search: true, widget: 'textarea' },
    subject: { label: 'Subject', list: true, filter: true, reference: { resource: 'subjects', display: 'subjectname' } },
    module: {
      label: 'Module',
      list: true,
      filter: true,
      reference: { resource: 'modules', display: 'course_outcome_name' },
    },
    topic: { label: 'Topic', filter: true, reference: { resource: 'topics', display: 'name' } },
    type: { label: 'Type', list: true, filter: true, sortable: true, choices: QUESTION_TYPE_LABELS },
    marks: { label: 'Marks', list: true, filter: true, sortable: true },
    time_required: { label: 'Time required (minutes)', sortable: true },
    difficulty: { label: 'Difficulty', list: true, filter: true, sortable: true, choices: DIFFICULTY_LABELS },
  },
  recordRepresentation: 'question',
  access: {
    list: ['TEACHER'],
    read: ['TEACHER'],
    create: ['TEACHER'],
    update: ['TEACHER'],
    delete: ['TEACHER'],
  },
  scope: { TEACHER: 'department' },
  writeScope: { TEACHER: 'own' },
});
