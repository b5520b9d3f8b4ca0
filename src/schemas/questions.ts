import { z } from 'zod';
import { defineEntity } from './entity';
import { idRef, numberInput, optionalIdRef, optionalText, requiredText } from './fields';
import { matchPairProblems, matchPairsField } from './matching';
import { parseCloze } from './cloze';

/**
 * Types that came with Moodle's question banks (see docs/question-types.md):
 * - matching: pairs of a subquestion and its answer (match_pairs), one mark share per pair;
 * - description: a text without marks (a passage other questions refer to): no answer, marks 0;
 * - cloze: embedded answers, the gaps written in the question text in Moodle's syntax.
 */
export const MOODLE_TYPES = ['matching', 'description', 'cloze'] as const;
export const MOODLE_TYPE_LABELS = { matching: 'Matching', description: 'Description (no answer)', cloze: 'Embedded answers (Cloze)' } as const;
/** Types a student answers (a description has no answer and no marks). */
export const isAnswerable = (type: unknown) => type !== 'description';

export const QUESTION_TYPES = ['single', 'multiple', 'true_false', 'numeric', 'short_answer', 'descriptive', ...MOODLE_TYPES] as const;
/** The one declaration of the question types: the forms, the server and the exam page read it. */
export const questionTypeSchema = z.enum(QUESTION_TYPES, { error: 'Select the question type' });
export type QuestionType = z.infer<typeof questionTypeSchema>;
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  true_false: 'True / false',
  numeric: 'Numeric',
  short_answer: 'Short answer',
  descriptive: 'Descriptive',
  ...MOODLE_TYPE_LABELS,
};

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const DIFFICULTY_LABELS: Record<Difficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };

export const QUESTION_TEXT_MAX = 10_000;

/**
 * The fields of a question, to be extended with options and
 * answers: `z.object({ ...questionFields, ... })`. marks and time_required (minutes) are
 * numbers of at least 1; an empty form value gives the field's message, not 0.
 */
export const questionFields = {
  subject: idRef('Select the subject'),
  module: idRef('Select the module'),
  topic: optionalIdRef('Please select a valid topic'),
  type: questionTypeSchema,
  question: requiredText('Question is required').max(QUESTION_TEXT_MAX, 'Question should not exceed 10000 characters'),
  /** At least 1, except a description's, which is 0 (see checkMoodleTypes). */
  marks: numberInput(z.number({ error: 'Enter valid marks' }).min(0, 'Enter valid marks')),
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
/** Feedback of one option or answer, and of a whole question (Moodle's general feedback). */
export const FEEDBACK_MAX = 2000;
export const GENERAL_FEEDBACK_MAX = 10_000;
export const MODEL_ANSWER_MAX = 10_000;
export const QUESTION_NAME_MAX = 255;
export const CATEGORY_MAX = 1000;
export const TAGS_MAX = 20;
export const TAG_MAX = 100;

/** Feedback shown to the student in the review; missing, null and '' mean none. */
const feedbackText = (label: string, max = FEEDBACK_MAX) => optionalText(label, max);

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
  /** Shown in the student's review when the option was chosen (Moodle's answer feedback). */
  feedback: feedbackText('Option feedback'),
});
export type QuestionOption = z.infer<typeof questionOptionSchema>;

/** A weight of a short or numeric answer: 0..100 percent, as Moodle's forms for those types offer. */
const answerWeight = (label: string) =>
  numberInput(
    z
      .number({ error: `${label} weight must be a number of percent` })
      .min(0, `${label} weight must be between 0% and 100%`)
      .max(100, `${label} weight must be between 0% and 100%`),
  );

/**
 * One accepted answer of a short answer question (Moodle's qtype_shortanswer answer): the text, in
 * which `*` matches any run of characters and `\*` a literal asterisk; the share of the marks it earns;
 * feedback shown when it is the answer that matched.
 */
export const shortAnswerSchema = z.object({
  text: requiredText('An accepted answer cannot be empty').max(500, 'An accepted answer should not exceed 500 characters'),
  weight: answerWeight('Answer'),
  feedback: feedbackText('Answer feedback'),
});
export type ShortAnswer = z.infer<typeof shortAnswerSchema>;

/**
 * One answer of a numeric question (Moodle's qtype_numerical answer): a response within
 * `tolerance` of `value` (nominal: |response - value| <= tolerance) earns `weight` percent of the
 * marks. `value: '*'` matches any number (Moodle's catch-all answer, for feedback on every other response).
 */
export const numericAnswerSchema = z.object({
  value: z.union([z.literal('*'), numberInput(z.number({ error: 'Enter the answer value (a number, or * for any other answer)' }))], {
    error: 'Enter the answer value (a number, or * for any other answer)',
  }),
  tolerance: numberInput(z.number({ error: 'Enter a valid tolerance' }).min(0, 'Tolerance cannot be negative').optional()),
  weight: answerWeight('Answer'),
  feedback: feedbackText('Answer feedback'),
});
export type NumericAnswer = z.infer<typeof numericAnswerSchema>;

/**
 * How short answers are compared with a response:
 * - moodle: Moodle's rule: the response is trimmed, `*` in an answer matches any run of characters,
 *   case matters only when `case_sensitive` is set;
 * - legacy: the rule questions written before weighted answers had: the whole answer, case ignored,
 *   runs of spaces counted as one, `*` a plain character (kept so their attempts re-grade identically).
 */
export const TEXT_MATCH_MODES = ['moodle', 'legacy'] as const;
export type TextMatchMode = (typeof TEXT_MATCH_MODES)[number];
export const TEXT_MATCH_LABELS: Record<TextMatchMode, string> = {
  moodle: 'As Moodle (* is a wildcard, case as set)',
  legacy: 'Old rule (whole answer, case and extra spaces ignored)',
};

/**
 * Each option's weight in percent. An option without a weight gets one from `correct`: single choice
 * 100 or 0; multiple choice the right ones share 100 and the others 0, so a negative weight is only
 * ever the teacher's explicit choice. Only the old partial rule ('legacy-partial', kept for questions
 * written before weights) reads a wrong option as taking off one share, as that rule marked it.
 */
export function optionWeights(type: unknown, scoring: unknown, options: readonly { correct?: boolean; weight?: number | null }[]): number[] {
  const right = options.filter((o) => o?.correct).length;
  const share = right ? roundWeight(100 / right) : 0;
  return options.map((o) => {
    if (typeof o?.weight === 'number') return o.weight;
    if (type === 'single') return o?.correct ? 100 : 0;
    if (o?.correct) return share;
    return scoring === 'legacy-partial' ? -share : 0;
  });
}

type AnswerLists = {
  short_answers?: ShortAnswer[] | null;
  accepted_answers?: string[] | null;
  text_match?: TextMatchMode | null;
  numeric_answers?: NumericAnswer[] | null;
  numeric_value?: number | null;
  numeric_tolerance?: number | null;
};

/**
 * A short answer question's answers and matching rule, from either form: the weighted list
 * (`short_answers`, Moodle's rule unless `text_match` says otherwise), or the old list of accepted
 * texts (`accepted_answers`: each worth 100%, compared by the old rule).
 */
export function shortAnswersOf(q: AnswerLists): { answers: ShortAnswer[]; textMatch: TextMatchMode } {
  if (Array.isArray(q.short_answers)) return { answers: q.short_answers, textMatch: q.text_match ?? 'moodle' };
  return { answers: (q.accepted_answers ?? []).map((text) => ({ text, weight: 100 })), textMatch: q.text_match ?? 'legacy' };
}

/** A numeric question's answers, from either form: the weighted list, or the old value and tolerance (one answer worth 100%). */
export function numericAnswersOf(q: AnswerLists): NumericAnswer[] {
  if (Array.isArray(q.numeric_answers)) return q.numeric_answers;
  return typeof q.numeric_value === 'number' ? [{ value: q.numeric_value, tolerance: q.numeric_tolerance ?? 0, weight: 100 }] : [];
}

/**
 * The old single-valued fields, kept filled for readers that know only them: the short answers
 * worth 100%, and the first numeric answer worth 100% (its value and tolerance).
 */
export function legacyAnswerFields(q: AnswerLists & { type?: unknown }) {
  const full = q.type === 'numeric' ? numericAnswersOf(q).find((a) => a.weight === 100 && typeof a.value === 'number') : undefined;
  return {
    accepted_answers: q.type === 'short_answer' ? shortAnswersOf(q).answers.filter((a) => a.weight === 100).map((a) => a.text) : null,
    numeric_value: full ? (full.value as number) : null,
    numeric_tolerance: full ? (full.tolerance ?? 0) : null,
  };
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
  if (q.type === 'numeric') {
    if (Array.isArray(q.numeric_answers)) checkWeightedAnswers(q.numeric_answers as { weight?: number }[], 'numeric_answers', 'Add at least one answer', ctx);
    else if (typeof q.numeric_value !== 'number') ctx.addIssue({ code: 'custom', path: ['numeric_value'], message: 'Enter the correct value' });
  }
  if (q.type === 'short_answer') {
    if (Array.isArray(q.short_answers)) checkWeightedAnswers(q.short_answers as { weight?: number }[], 'short_answers', 'Add at least one accepted answer', ctx);
    else if (!(Array.isArray(q.accepted_answers) && q.accepted_answers.length > 0)) {
      ctx.addIssue({ code: 'custom', path: ['accepted_answers'], message: 'Add at least one accepted answer' });
    }
    if (q.text_match === 'legacy' && q.case_sensitive === true) {
      ctx.addIssue({ code: 'custom', path: ['case_sensitive'], message: 'The old matching rule always ignores case' });
    }
  }
}

/** Short and numeric answers, as Moodle requires: at least one, and one of them worth 100% so full marks can be earned. */
function checkWeightedAnswers(answers: { weight?: number }[], path: string, empty: string, ctx: z.RefinementCtx): void {
  if (answers.length === 0) ctx.addIssue({ code: 'custom', path: [path], message: empty });
  else if (!answers.some((a) => a?.weight === 100)) {
    ctx.addIssue({ code: 'custom', path: [path], message: 'One of the answers needs a weight of 100% so that full marks can be earned' });
  }
}

/**
 * The marks and answer keys of the types from Moodle:
 * - marks are at least 1, but a description's are 0 (it is not counted in a quiz's total);
 * - matching: at least two subquestions and three answers (Moodle's rule; a pair without a
 *   subquestion is an extra wrong answer);
 * - cloze: the text must read into at least one valid gap (see cloze.ts).
 */
export function checkMoodleTypes(q: Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (typeof q.marks === 'number') {
    if (q.type === 'description' && q.marks !== 0) ctx.addIssue({ code: 'custom', path: ['marks'], message: 'A description has no marks: enter 0' });
    if (q.type !== 'description' && q.marks >= 0 && q.marks < 1) ctx.addIssue({ code: 'custom', path: ['marks'], message: 'Enter valid marks' });
  }
  if (q.type === 'matching') {
    for (const [path, message] of matchPairProblems(q.match_pairs)) ctx.addIssue({ code: 'custom', path, message });
  }
  if (q.type === 'cloze' && typeof q.question === 'string') {
    const problems = parseCloze(q.question).problems;
    if (problems.length) ctx.addIssue({ code: 'custom', path: ['question'], message: problems.join('; ') });
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
  match_pairs: matchPairsField,
  accepted_answers: z
    .array(requiredText('An accepted answer cannot be empty').max(500, 'An accepted answer should not exceed 500 characters'))
    .max(ACCEPTED_ANSWERS_MAX, `At most ${ACCEPTED_ANSWERS_MAX} accepted answers`)
    .optional(),
  short_answers: z
    .array(shortAnswerSchema, { error: 'Accepted answers must be a list' })
    .max(ACCEPTED_ANSWERS_MAX, `At most ${ACCEPTED_ANSWERS_MAX} accepted answers`)
    .optional(),
  case_sensitive: z.boolean({ error: 'Case sensitivity must be true or false' }).optional(),
  text_match: z.enum(TEXT_MATCH_MODES, { error: 'Choose how answers are compared' }).optional(),
  numeric_answers: z
    .array(numericAnswerSchema, { error: 'Answers must be a list' })
    .max(ACCEPTED_ANSWERS_MAX, `At most ${ACCEPTED_ANSWERS_MAX} answers`)
    .optional(),
  true_feedback: feedbackText('Feedback for the answer True'),
  false_feedback: feedbackText('Feedback for the answer False'),
};

/** The types with Moodle's combined feedback (correct, partially correct, incorrect): choice, matching and Cloze. */
export const COMBINED_FEEDBACK_TYPES = ['single', 'multiple', 'matching', 'cloze'] as const;
export const hasCombinedFeedback = (type: unknown) => (COMBINED_FEEDBACK_TYPES as readonly unknown[]).includes(type);

/** Moodle's combined feedback: its fields and their labels, for a response with full marks, some but not all, or none. */
export const COMBINED_FEEDBACK_LABELS = {
  correct_feedback: 'Feedback for a correct response',
  partially_correct_feedback: 'Feedback for a partially correct response',
  incorrect_feedback: 'Feedback for an incorrect response',
} as const;
export type CombinedFeedbackField = keyof typeof COMBINED_FEEDBACK_LABELS;
export const COMBINED_FEEDBACK_FIELDS = Object.keys(COMBINED_FEEDBACK_LABELS) as CombinedFeedbackField[];
/** One value for each combined feedback field, by the field. */
export const combinedFeedbackWith = <T>(value: (field: CombinedFeedbackField) => T) =>
  Object.fromEntries(COMBINED_FEEDBACK_FIELDS.map((field) => [field, value(field)])) as Record<CombinedFeedbackField, T>;

/** What Moodle keeps besides the answer key: a name, a category path, tags and general feedback. */
export const questionMoodleFields = {
  name: optionalText('Question name', QUESTION_NAME_MAX),
  category: optionalText('Category', CATEGORY_MAX),
  tags: z
    .array(requiredText('A tag cannot be empty').max(TAG_MAX, `A tag should not exceed ${TAG_MAX} characters`), { error: 'Tags must be a list' })
    .max(TAGS_MAX, `At most ${TAGS_MAX} tags`)
    .optional(),
  general_feedback: feedbackText('General feedback', GENERAL_FEEDBACK_MAX),
  /** Choice, matching and Cloze: Moodle's combined feedback, for a response with full marks, some but not all, or none. */
  ...combinedFeedbackWith((field) => feedbackText(COMBINED_FEEDBACK_LABELS[field])),
  /** Descriptive questions: a model answer or rubric (Markdown) for the grader; never sent to students. */
  model_answer: optionalText('Model answer', MODEL_ANSWER_MAX),
};

/** The common fields of the question form only. */
export const questionBaseSchema = z.object(questionFields);

export const questionSchema = z
  .object({ ...questionFields, ...questionMoodleFields, ...questionAnswerFields })
  .superRefine(
    (q, ctx) => {
      checkQuestionAnswer(q, ctx);
      checkMoodleTypes(q, ctx);
    },
    { when: (p) => typeof p.value === 'object' && p.value !== null },
  );
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
    accepted_answers: { label: 'Accepted answers (old form)' },
    short_answers: { label: 'Accepted answers' },
    case_sensitive: { label: 'Case sensitive' },
    text_match: { label: 'Answer matching', choices: TEXT_MATCH_LABELS },
    numeric_answers: { label: 'Answers' },
    true_feedback: { label: 'Feedback for True' },
    false_feedback: { label: 'Feedback for False' },
    name: { label: 'Name', search: true },
    category: { label: 'Category' },
    tags: { label: 'Tags' },
    general_feedback: { label: 'General feedback' },
    ...combinedFeedbackWith((field) => ({ label: COMBINED_FEEDBACK_LABELS[field] })),
    model_answer: { label: 'Model answer or rubric' },
    match_pairs: { label: 'Matching pairs' },
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
