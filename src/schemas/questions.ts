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

/**
 * How a multiple choice question is marked:
 * - partial: the sum of the chosen options' weights, clamped to 0..1 of the marks (Moodle's multichoice);
 * - all_or_nothing: the marks only for exactly the options with a positive weight;
 * - legacy-partial: the rule questions written before option weights had,
 *   (right chosen - wrong chosen) / right options, never below 0 (kept so their attempts re-grade identically).
 */
export const SCORING_MODES = ['all_or_nothing', 'partial', 'legacy-partial'] as const;
export type ScoringMode = (typeof SCORING_MODES)[number];
export const SCORING_LABELS: Record<ScoringMode, string> = {
  all_or_nothing: 'All or nothing',
  partial: 'Partial credit (sum of option weights)',
  'legacy-partial': 'Partial credit, old rule ((right - wrong) / right options)',
};

/** Moodle's allowed grade fractions, in percent (its question editing form offers exactly these and their negatives). */
export const MOODLE_FRACTIONS = [
  100, 90, 83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, 25, 20, 16.66667, 14.28571, 12.5, 11.11111, 10, 5, 0,
] as const;
export const OPTION_WEIGHTS: number[] = [...MOODLE_FRACTIONS, ...MOODLE_FRACTIONS.filter((w) => w > 0).reverse().map((w) => -w)];
/** Weights are percentages rounded like Moodle's fractions (7 decimals of a fraction, 5 of a percentage). */
export const roundWeight = (w: number) => Math.round(w * 1e5) / 1e5;
/** Positive weights of a partially marked question must add up to 100%, within Moodle's rounding of its fractions. */
const WEIGHT_SUM_TOLERANCE = 0.001;
export const OPTIONS_MAX = 12;
export const ACCEPTED_ANSWERS_MAX = 20;

/** One option of a choice question; the server gives it a stable id on save. */
export const questionOptionSchema = z.object({
  id: z.string().max(40).optional(),
  text: requiredText('Option text is required').max(2000, 'Option text should not exceed 2000 characters'),
  /** Whether the option is right: given with a weight, it must say the same as `weight > 0`. */
  correct: z.boolean().optional(),
  /** The option's weight in percent, -100..100; a chosen option earns this share of the marks. */
  weight: numberInput(
    z
      .number({ error: 'Option weight must be a number of percent' })
      .min(-100, 'Option weight must be between -100% and 100%')
      .max(100, 'Option weight must be between -100% and 100%')
      .optional(),
  ),
});
export type QuestionOption = z.infer<typeof questionOptionSchema>;

/**
 * Each option's weight in percent. An option without a weight gets one from `correct`, as questions
 * were written before weights: single choice 100 or 0; multiple choice the right ones share 100 and,
 * when partially marked, each wrong one takes off one share.
 */
export function optionWeights(type: unknown, scoring: unknown, options: readonly { correct?: boolean; weight?: number | null }[]): number[] {
  const right = options.filter((o) => o?.correct).length;
  const share = right ? roundWeight(100 / right) : 0;
  return options.map((o) => {
    if (typeof o?.weight === 'number') return o.weight;
    if (type === 'single') return o?.correct ? 100 : 0;
    if (o?.correct) return share;
    return scoring === 'partial' || scoring === 'legacy-partial' ? -share : 0;
  });
}

const isChoice = (type: unknown) => type === 'single' || type === 'multiple';

/**
 * What each question type needs besides the common fields:
 * - single / multiple: at least two options, each with a weight from -100% to 100%, at least one
 *   positive (correct); single choice has an option at 100%; a multiple choice question marked by
 *   weights ('partial') has positive weights adding up to 100%
 * - true_false: the correct value; numeric: the value and a tolerance (>= 0);
 * - short_answer: at least one accepted answer (compared without case or extra spaces);
 * - descriptive: nothing (the teacher grades it).
 */
export function checkQuestionAnswer(q: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const options = Array.isArray(q.options) ? (q.options as QuestionOption[]) : [];
  if (isChoice(q.type)) {
    if (options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Add at least two options' });
    options.forEach((o, i) => {
      if (typeof o?.weight === 'number' && typeof o.correct === 'boolean' && o.weight > 0 !== o.correct) {
        ctx.addIssue({
          code: 'custom',
          path: ['options', i, 'weight'],
          message: o.correct ? 'An option marked correct needs a positive weight' : 'An option not marked correct cannot have a positive weight',
        });
      }
    });
    const weights = optionWeights(q.type, q.scoring, options);
    const positive = weights.filter((w) => w > 0);
    if (options.length < 2) {
      // nothing more to say until there are options
    } else if (positive.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Mark at least one correct option' });
    else if (q.type === 'single' && !weights.some((w) => w === 100)) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'A single choice question needs at least one option with weight 100%' });
    } else if (q.type === 'multiple' && (q.scoring ?? 'all_or_nothing') === 'partial') {
      const sum = positive.reduce((a, b) => a + b, 0);
      if (Math.abs(sum - 100) > WEIGHT_SUM_TOLERANCE) {
        ctx.addIssue({
          code: 'custom',
          path: ['options'],
          message: `The positive option weights must add up to 100% (they add up to ${roundWeight(sum)}%)`,
        });
      }
    }
  }
  if (q.type === 'true_false' && typeof q.correct_bool !== 'boolean') {
    ctx.addIssue({ code: 'custom', path: ['correct_bool'], message: 'Choose the correct answer' });
  }
  if (q.type === 'numeric' && typeof q.numeric_value !== 'number') {
    ctx.addIssue({ code: 'custom', path: ['numeric_value'], message: 'Enter the correct value' });
  }
  if (q.type === 'short_answer' && !(Array.isArray(q.accepted_answers) && q.accepted_answers.length > 0)) {
    ctx.addIssue({ code: 'custom', path: ['accepted_answers'], message: 'Add at least one accepted answer' });
  }
}

const optionalNumber = (message: string) => numberInput(z.number({ error: message }).optional());

/** The answer-key fields; each type uses its own (see checkQuestionAnswer). */
export const questionAnswerFields = {
  options: z.array(questionOptionSchema, { error: 'Options must be a list' }).max(OPTIONS_MAX, `At most ${OPTIONS_MAX} options`).optional(),
  scoring: z.enum(SCORING_MODES, { error: 'Choose how the question is scored' }).optional(),
  correct_bool: z.boolean({ error: 'Choose the correct answer' }).optional(),
  numeric_value: optionalNumber('Enter the correct value'),
  numeric_tolerance: numberInput(z.number({ error: 'Enter a valid tolerance' }).min(0, 'Tolerance cannot be negative').optional()),
  accepted_answers: z
    .array(requiredText('An accepted answer cannot be empty').max(500, 'An accepted answer should not exceed 500 characters'))
    .max(ACCEPTED_ANSWERS_MAX, `At most ${ACCEPTED_ANSWERS_MAX} accepted answers`)
    .optional(),
};

/** The common fields only (SPEC.md section 3's question form). */
export const questionBaseSchema = z.object(questionFields);

export const questionSchema = z
  .object({ ...questionFields, ...questionAnswerFields })
  .superRefine((q, ctx) => checkQuestionAnswer(q, ctx), { when: (p) => typeof p.value === 'object' && p.value !== null });
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
    options: { label: 'Options' },
    scoring: { label: 'Scoring', choices: SCORING_LABELS },
    correct_bool: { label: 'Correct answer' },
    numeric_value: { label: 'Correct value' },
    numeric_tolerance: { label: 'Tolerance' },
    accepted_answers: { label: 'Accepted answers' },
  },
  recordRepresentation: 'question',
  updateSchema: questionSchema,
  access: {
    list: ['TEACHER'],
    read: ['TEACHER'],
    create: ['TEACHER'],
    update: ['TEACHER'],
    delete: ['TEACHER'],
  },
  scope: { TEACHER: 'department' },
  writeScope: { TEACHER: 'own' },
  areas: {
    TEACHER: {
      section: 'questions',
      screens: [
        { path: 'add', title: 'Add question' },
        { path: 'edit/:questionId', title: 'Edit question' },
      ],
    },
  },
});
