import { z } from 'zod';
import { defineEntity } from './entity';
import { dateTimeField, idRef, numberInput, optionalIdRef, optionalText, requiredText, timeOf, toNumberInput } from './fields';
import { DIFFICULTIES, questionTypeSchema } from './questions';

export const QUIZ_NAME_MAX = 255;
const MINUTE_MS = 60_000;
const WHOLE_MINUTES = 'Duration must be a whole number of minutes';

const flag = (title: string) =>
  z.boolean({ error: `${title} must be on or off` }).meta({ title, default: false });

/** The four switches of a quiz, all required (a form starts them off). */
export const quizOptionsSchema = z.object(
  {
    face_detection: flag('Face detection'),
    safe_exam_browser: flag('Safe exam browser'),
    guest_flag: flag('Guest access'),
    negative_marking: flag('Negative marking'),
  },
  { error: 'Quiz options are required' },
);

const subjectId = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z.string({ error: 'Please select a valid subject' }).trim().min(1, 'Please select a valid subject'),
);

/**
 * The fields of a quiz, to be extended (questions, ...) with
 * `z.object({ ...quizFields, ... }).superRefine(checkQuizWindow, quizWindowParams)`.
 *
 * - subjects: subject ids, as strings (the quiz form keeps them as a list of strings); numbers are accepted.
 * - visible_from < valid_from < valid_to: ISO 8601 UTC strings after parsing; ISO strings
 *   with a zone, epoch milliseconds and Dates are accepted (see toIsoDateTime).
 * - duration: whole minutes.
 */
export const quizFields = {
  name: requiredText('Name is required').max(QUIZ_NAME_MAX, 'Name cannot exceed 255 characters'),
  subjects: z
    .array(subjectId, { error: 'At least one subject is required' })
    .min(1, 'At least one subject is required'),
  visible_from: dateTimeField('Visible from is required', 'Visible from must be a valid date and time'),
  valid_from: dateTimeField('Valid from is required', 'Valid from must be a valid date and time'),
  valid_to: dateTimeField('Valid to is required', 'Valid to must be a valid date and time'),
  duration: numberInput(
    z
      .number({ error: (issue) => (issue.input === undefined ? 'Duration is required' : WHOLE_MINUTES) })
      .int({ error: WHOLE_MINUTES, abort: true })
      .min(1, 'Duration must be at least 1 minute'),
  ),
  group_id: idRef('Group is required'),
  options: quizOptionsSchema,
};

type QuizWindow = { visible_from: unknown; valid_from: unknown; valid_to: unknown; duration: unknown };

/**
 * The rules between fields: visible_from < valid_from < valid_to, and the duration strictly
 * shorter than the window from valid_from to valid_to. Each rule speaks only when the fields
 * it compares are valid on their own, and its message sits on the field it names.
 */
export function checkQuizWindow(quiz: QuizWindow, ctx: z.RefinementCtx): void {
  const visibleFrom = timeOf(quiz.visible_from);
  const validFrom = timeOf(quiz.valid_from);
  const validTo = timeOf(quiz.valid_to);
  if (visibleFrom >= validFrom) {
    ctx.addIssue({ code: 'custom', path: ['visible_from'], message: 'Visible from must be before valid from' });
  }
  if (validTo <= validFrom) {
    ctx.addIssue({ code: 'custom', path: ['valid_to'], message: 'Valid to must be after valid from' });
    return;
  }
  const windowMinutes = (validTo - validFrom) / MINUTE_MS;
  const { duration } = quiz;
  if (typeof duration === 'number' && Number.isInteger(duration) && duration >= 1 && duration >= windowMinutes) {
    ctx.addIssue({
      code: 'custom',
      path: ['duration'],
      message: 'Duration entered does not match valid from and valid to date',
    });
  }
}

/** Run checkQuizWindow even when another field failed, so a form shows every error at once. */
export const quizWindowParams = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

export const DEFAULT_NEGATIVE_PENALTY = 0.25;
export const RANDOM_RULES_MAX = 50;
export const FIXED_QUESTIONS_MAX = 500;

/** Draw `count` questions at random, per student, from the bank rows that match the filters. */
export const randomRuleSchema = z.object({
  module: optionalIdRef('Please select a valid module'),
  topic: optionalIdRef('Please select a valid topic'),
  difficulty: z.enum(DIFFICULTIES, { error: 'Choose difficulty' }).optional(),
  type: questionTypeSchema.optional(),
  count: numberInput(
    z.number({ error: 'Enter how many questions to draw' }).int('Enter a whole number of questions').min(1, 'Draw at least 1 question').max(200, 'Draw at most 200 questions'),
  ),
});
export type RandomRule = z.infer<typeof randomRuleSchema>;

/** Balanced papers' tolerance, in logits (the issue's default 0.25). */
export const DEFAULT_BALANCE_TOLERANCE = 0.25;
export const BALANCE_TOLERANCE_MIN = 0.05;
export const BALANCE_TOLERANCE_MAX = 2;
export const BALANCE_TOLERANCE_MESSAGE = `Tolerance must be between ${BALANCE_TOLERANCE_MIN} and ${BALANCE_TOLERANCE_MAX} logits`;
/** The publish refusal when the balancing search fails on a simulated draw (tolerance as entered). */
export const unbalancedMessage = (tolerance: number) => `Papers cannot be balanced within ${tolerance} logits: widen the tolerance or the pools`;

/** What is in the paper and how it is marked (the authoring issue's additions to the quiz form). */
export const quizPaperFields = {
  /** Fixed questions, in paper order (question ids). */
  questions: z.array(idRef('Please select a valid question')).max(FIXED_QUESTIONS_MAX, `At most ${FIXED_QUESTIONS_MAX} fixed questions`).default([]),
  random_rules: z.array(randomRuleSchema).max(RANDOM_RULES_MAX, `At most ${RANDOM_RULES_MAX} random rules`).default([]),
  shuffle_questions: z.boolean().default(false),
  shuffle_options: z.boolean().default(false),
  /** Marks lost per wrong answer as a fraction of the question's marks, when negative marking is on. */
  negative_penalty: numberInput(
    z.number({ error: 'Enter the penalty as a fraction of the marks' }).min(0, 'Penalty must be between 0 and 1').max(1, 'Penalty must be between 0 and 1').default(DEFAULT_NEGATIVE_PENALTY),
  ),
  /**
   * Balanced papers: each student's random draw is searched (within each rule's pool) until its mean
   * calibrated difficulty is within balance_tolerance logits of the quiz's target (see docs/calibration.md).
   */
  balance_papers: z.boolean({ error: 'Balance paper difficulty must be on or off' }).default(false),
  balance_tolerance: numberInput(
    z
      .number({ error: BALANCE_TOLERANCE_MESSAGE })
      .min(BALANCE_TOLERANCE_MIN, BALANCE_TOLERANCE_MESSAGE)
      .max(BALANCE_TOLERANCE_MAX, BALANCE_TOLERANCE_MESSAGE)
      .default(DEFAULT_BALANCE_TOLERANCE),
  ),
  /** A draft is invisible to students until published. */
  published: z.boolean().default(false),
  instructions: optionalText('Instructions', 5000),
};

/** Moodle's grading methods: which attempts make the quiz grade. */
export const GRADING_METHODS = ['highest', 'average', 'first', 'last'] as const;
export type GradingMethod = (typeof GRADING_METHODS)[number];
export const GRADING_METHOD_LABELS: Record<GradingMethod, string> = {
  highest: 'Highest grade',
  average: 'Average grade',
  first: 'First attempt',
  last: 'Last attempt',
};
export const ATTEMPTS_ALLOWED_MAX = 10;
/** A delay between attempts is at most a week. */
export const ATTEMPT_DELAY_MAX_MINUTES = 7 * 24 * 60;

/** The three times of Moodle's review options (without "during the attempt"). */
export const REVIEW_TIMES = ['immediately', 'open', 'closed'] as const;
export type ReviewTime = (typeof REVIEW_TIMES)[number];
export const REVIEW_TIME_LABELS: Record<ReviewTime, string> = {
  immediately: 'Immediately after the attempt',
  open: 'Later, while the quiz is still open',
  closed: 'After the quiz closes',
};
/** What a student may see of an attempt at each time. */
export const REVIEW_ITEMS = ['attempt', 'correctness', 'marks', 'specificFeedback', 'generalFeedback', 'rightAnswer'] as const;
export type ReviewItem = (typeof REVIEW_ITEMS)[number];
export const REVIEW_ITEM_LABELS: Record<ReviewItem, string> = {
  attempt: 'The attempt',
  correctness: 'Whether correct',
  marks: 'Marks',
  specificFeedback: 'Specific feedback',
  generalFeedback: 'General feedback',
  rightAnswer: 'Right answer',
};
/** "Immediately after the attempt" lasts this long after submitting (Moodle's 2 minutes). */
export const REVIEW_IMMEDIATELY_MS = 2 * 60_000;

const reviewAt = (time: ReviewTime) =>
  z.object(
    Object.fromEntries(
      REVIEW_ITEMS.map((item) => [item, z.boolean({ error: `${REVIEW_TIME_LABELS[time]}: ${REVIEW_ITEM_LABELS[item]} must be on or off` })]),
    ) as Record<ReviewItem, z.ZodBoolean>,
    { error: `${REVIEW_TIME_LABELS[time]}: give each review option` },
  );
export type ReviewOptions = Record<ReviewItem, boolean>;
export type ReviewMatrix = Record<ReviewTime, ReviewOptions>;
const shownAt = (all: boolean): ReviewOptions => ({ attempt: true, correctness: true, marks: true, specificFeedback: all, generalFeedback: all, rightAnswer: all });
/** Today's rule: the attempt, whether correct and the marks at once; feedback and right answers once the quiz has closed. */
export const DEFAULT_REVIEW: ReviewMatrix = { immediately: shownAt(false), open: shownAt(false), closed: shownAt(true) };
export const reviewSchema = z.object(
  { immediately: reviewAt('immediately'), open: reviewAt('open'), closed: reviewAt('closed') },
  { error: 'Review options are immediately, open and closed' },
);
/** A stored review matrix, or the defaults for none. */
export const reviewOf = (stored: string | null | undefined): ReviewMatrix => {
  if (!stored) return DEFAULT_REVIEW;
  const parsed = reviewSchema.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : DEFAULT_REVIEW;
};

const wholeNumber = (title: string, min: number, max: number, fallback: number, hint = '') =>
  numberInput(
    z
      .number({ error: `${title} must be a whole number from ${min}${hint} to ${max}` })
      .int(`${title} must be a whole number from ${min}${hint} to ${max}`)
      .min(min, `${title} must be a whole number from ${min}${hint} to ${max}`)
      .max(max, `${title} must be a whole number from ${min}${hint} to ${max}`)
      .default(fallback),
  );

/** Attempts, how they make the quiz grade, and what students may review and when (the attempts issue's additions). */
export const quizAttemptFields = {
  /** 0: unlimited. */
  attempts_allowed: wholeNumber('Attempts allowed', 0, ATTEMPTS_ALLOWED_MAX, 1, ' (unlimited)'),
  grading_method: z.enum(GRADING_METHODS, { error: 'Grading method must be highest, average, first or last' }).default('highest'),
  attempt_delay1_minutes: wholeNumber('Delay before the 2nd attempt (minutes)', 0, ATTEMPT_DELAY_MAX_MINUTES, 0),
  attempt_delay2_minutes: wholeNumber('Delay before later attempts (minutes)', 0, ATTEMPT_DELAY_MAX_MINUTES, 0),
  builds_on_last: z.boolean({ error: 'Each attempt builds on the last must be on or off' }).default(false),
  review: reviewSchema.default(DEFAULT_REVIEW),
};

export const SEB_QUIT_PASSWORD_MAX = 100;
export const BROWSER_EXAM_KEYS_MAX = 50;
const nullToUndefined = (value: unknown) => (value === null ? undefined : value);
const seconds = (title: string, min: number, max: number, fallback: number) =>
  numberInput(
    z.number({ error: `${title}: enter a number of seconds` }).int(`${title}: enter whole seconds`).min(min, `${title}: at least ${min}`).max(max, `${title}: at most ${max}`).default(fallback),
  ).meta({ title });

/** When the teacher's integrity table flags an attempt, and how long a camera condition must hold to become an event. */
export const integrityThresholdsSchema = z.object({
  away_seconds: seconds('Flag when away longer than (seconds)', 0, 86_400, 60),
  events: numberInput(z.number({ error: 'Enter a number of events' }).int('Enter a whole number of events').min(0, 'At least 0 events').max(5000, 'At most 5000 events').default(20)).meta({
    title: 'Flag when more events than',
  }),
  no_face_seconds: seconds('No face recorded after (seconds)', 2, 120, 5),
  multiple_faces_seconds: seconds('More than one face recorded after (seconds)', 1, 120, 3),
});
export type IntegrityThresholds = z.infer<typeof integrityThresholdsSchema>;
export const DEFAULT_INTEGRITY_THRESHOLDS: IntegrityThresholds = integrityThresholdsSchema.parse({});

/** Safe Exam Browser and browser-signal settings of a quiz (the exam integrity issue's additions). */
export const quizIntegrityFields = {
  /**
   * Write-only: the server keeps only its SHA-256 (the .seb file's hashedQuitPassword). Left out or
   * empty keeps the current one; null removes it.
   */
  seb_quit_password: z.string({ error: 'The quit password must be text' }).max(SEB_QUIT_PASSWORD_MAX, `The quit password is at most ${SEB_QUIT_PASSWORD_MAX} characters`).nullable().optional(),
  /** Browser Exam Keys of the SEB builds the college allows; empty: any build with the quiz's configuration. */
  seb_browser_exam_keys: z.preprocess(
    nullToUndefined,
    z
      .array(
        z
          .string({ error: 'A Browser Exam Key is 64 hexadecimal characters' })
          .trim()
          .toLowerCase()
          .regex(/^[0-9a-f]{64}$/, 'A Browser Exam Key is 64 hexadecimal characters'),
      )
      .max(BROWSER_EXAM_KEYS_MAX, `At most ${BROWSER_EXAM_KEYS_MAX} Browser Exam Keys`)
      .default([]),
  ),
  require_fullscreen: z.preprocess(nullToUndefined, z.boolean({ error: 'Require full screen must be on or off' }).default(false)),
  block_clipboard: z.preprocess(nullToUndefined, z.boolean({ error: 'Block copy and paste must be on or off' }).default(false)),
  integrity_thresholds: z.preprocess(nullToUndefined, integrityThresholdsSchema.default(DEFAULT_INTEGRITY_THRESHOLDS)),
};

/** A paper without fixed questions and without random rules: a quiz with it can only be a draft. */
export function isPaperEmpty(quiz: { questions?: unknown; random_rules?: unknown }): boolean {
  const fixed = Array.isArray(quiz.questions) ? quiz.questions.length : 0;
  const rules = Array.isArray(quiz.random_rules) ? quiz.random_rules.length : 0;
  return fixed + rules === 0;
}

/** A published quiz needs something in its paper. */
export function checkQuizPaper(quiz: { published?: unknown; questions?: unknown; random_rules?: unknown }, ctx: z.RefinementCtx): void {
  if (quiz.published === true && isPaperEmpty(quiz)) {
    ctx.addIssue({ code: 'custom', path: ['questions'], message: 'Add at least one question or random rule before publishing' });
  }
}

export const DEFAULT_ATTAINMENT_TARGET = 60;
export const DEFAULT_ATTAINMENT_LEVELS = { level3: 70, level2: 60, level1: 50 };
const percentOf = (title: string) =>
  numberInput(z.number({ error: `${title} must be a percent` }).min(0, `${title} must be between 0 and 100`).max(100, `${title} must be between 0 and 100`));

/**
 * Course-outcome attainment: a student reaches a module at `attainment_target` percent of its marks;
 * the module's level is 3, 2 or 1 when at least level3, level2 or level1 percent of the students reach it, else 0.
 */
export const quizAttainmentFields = {
  attainment_target: percentOf('Attainment target').default(DEFAULT_ATTAINMENT_TARGET),
  attainment_levels: z
    .object({ level3: percentOf('Level 3'), level2: percentOf('Level 2'), level1: percentOf('Level 1') }, { error: 'Attainment levels are level3, level2 and level1' })
    .refine((l) => l.level3 >= l.level2 && l.level2 >= l.level1, { message: 'Levels must not increase from level 3 to level 1', path: ['level2'] })
    .default(DEFAULT_ATTAINMENT_LEVELS),
};

/** What an attempt depends on: once a student has started a quiz, these fields stay as they are (the server answers 409). */
export const LOCKED_WHEN_ATTEMPTED = [
  'subjects',
  'questions',
  'random_rules',
  'valid_from',
  'valid_to',
  'duration',
  'group_id',
  'shuffle_questions',
  'shuffle_options',
  'negative_penalty',
  'options',
] as const;
export type LockedField = (typeof LOCKED_WHEN_ATTEMPTED)[number];
export const LOCKED_MESSAGE = 'Students have started this quiz: its paper, timing and marking can no longer be changed';

const ROOM_CHOICE = 'Choose a valid room';

/**
 * The room the exam is sat in: one of the rooms of the quiz's department (the server checks it).
 * Left out keeps the current room; null or '' means none.
 */
export const quizRoomFields = {
  room: z.preprocess(
    (value) => (value === null || value === '' ? null : toNumberInput(value)),
    z.number({ error: ROOM_CHOICE }).int(ROOM_CHOICE).positive(ROOM_CHOICE).nullable().optional(),
  ),
};

export const quizSchema = z
  .object({ ...quizFields, ...quizPaperFields, ...quizAttemptFields, ...quizAttainmentFields, ...quizIntegrityFields, ...quizRoomFields })
  .superRefine(checkQuizWindow, quizWindowParams)
  .superRefine(checkQuizPaper, quizWindowParams);
export type QuizInput = z.input<typeof quizSchema>;
export type Quiz = z.infer<typeof quizSchema>;
export type QuizOptions = z.infer<typeof quizOptionsSchema>;
export type QuizRecord = Quiz & { id: number };

/** The heads' one screen below their read-only quiz list. */
const HEAD_ANALYSIS_SCREEN = { path: 'analysis/:quizId', title: 'Quiz analysis' } as const;

/**
 * Quizzes are the teacher's. A teacher sees the department's quizzes (the quiz list filters
 * on the creator, 'ME' by default) but creates, changes and deletes only their own. A department
 * head and an institute head list and read their department's or institute's quizzes, read only.
 */
export const quizEntity = defineEntity({
  resource: 'quizzes',
  label: 'Quizzes',
  singular: 'Quiz',
  schema: quizSchema,
  // The cross-field rules hold on update too; the refined schema cannot be narrowed by omit.
  updateSchema: quizSchema,
  fields: {
    name: { label: 'Name', list: true, sortable: true, search: true },
    subjects: { label: 'Subjects', filter: true, reference: { resource: 'subjects', display: 'subjectname', many: true } },
    visible_from: { label: 'Visible from', list: true, sortable: true, widget: 'datetime' },
    valid_from: { label: 'Valid from', list: true, sortable: true, filter: true, widget: 'datetime' },
    valid_to: { label: 'Valid to', list: true, sortable: true, filter: true, widget: 'datetime' },
    duration: { label: 'Duration (minutes)', list: true, sortable: true },
    group_id: { label: 'Group', list: true, filter: true, reference: { resource: 'groups', display: 'groupName' } },
    options: { label: 'Options' },
    questions: { label: 'Fixed questions', reference: { resource: 'questions', display: 'question', many: true } },
    random_rules: { label: 'Random rules' },
    shuffle_questions: { label: 'Shuffle questions' },
    shuffle_options: { label: 'Shuffle options' },
    balance_papers: { label: 'Balance paper difficulty' },
    balance_tolerance: { label: 'Tolerance (logits)' },
    negative_penalty: { label: 'Penalty per wrong answer (fraction of marks)' },
    attempts_allowed: { label: 'Attempts allowed (0: unlimited)' },
    grading_method: { label: 'Grading method' },
    attempt_delay1_minutes: { label: 'Delay before the 2nd attempt (minutes)' },
    attempt_delay2_minutes: { label: 'Delay before later attempts (minutes)' },
    builds_on_last: { label: 'Each attempt builds on the last' },
    review: { label: 'Review options' },
    published: { label: 'Published', list: true, filter: true },
    instructions: { label: 'Instructions', widget: 'textarea' },
    attainment_target: { label: 'Attainment target (percent)' },
    attainment_levels: { label: 'Attainment levels (percent of students at the target)' },
    seb_quit_password: { label: 'Safe Exam Browser quit password' },
    seb_browser_exam_keys: { label: 'Allowed Browser Exam Keys (Safe Exam Browser)' },
    require_fullscreen: { label: 'Require full screen' },
    block_clipboard: { label: 'Block copy, paste and the context menu' },
    integrity_thresholds: { label: 'Integrity thresholds' },
    room: { label: 'Room', filter: true, reference: { resource: 'rooms', display: 'name' } },
  },
  recordRepresentation: 'name',
  defaultSort: { field: 'valid_from', order: 'DESC' },
  // The heads look at their department's or institute's quizzes (and open each one's analysis); only teachers write quizzes.
  access: {
    list: ['TEACHER', 'DEPARTMENT-HEAD', 'INSTITUTE-HEAD'],
    read: ['TEACHER', 'DEPARTMENT-HEAD', 'INSTITUTE-HEAD'],
    create: ['TEACHER'],
    update: ['TEACHER'],
    delete: ['TEACHER'],
  },
  scope: { TEACHER: 'department', 'DEPARTMENT-HEAD': 'department', 'INSTITUTE-HEAD': 'institute' },
  writeScope: { TEACHER: 'own' },
  areas: {
    // The same section name as the teacher's, so a quiz's analysis is at {area}/quiz/analysis/{quizId} in every area.
    'DEPARTMENT-HEAD': { section: 'quiz', screens: [HEAD_ANALYSIS_SCREEN] },
    'INSTITUTE-HEAD': { section: 'quiz', screens: [HEAD_ANALYSIS_SCREEN] },
    TEACHER: {
      section: 'quiz',
      screens: [
        { path: 'create', title: 'Create quiz' },
        { path: 'edit/:quizId', title: 'Edit quiz' },
        { path: 'preview/:quizId', title: 'Quiz preview' },
        { path: 'analysis/:quizId', title: 'Quiz analysis' },
        { path: 'manage/:quizId', title: 'Manage quiz' },
      ],
    },
  },
});
