import { z } from 'zod';
import type { Difficulty, QuestionType } from '../../../schemas/questions';
import { toIsoDateTime, toNumberInput } from '../../../schemas/fields';
import { checkQuizPaper, checkQuizWindow, DEFAULT_REVIEW, type GradingMethod, type ReviewMatrix, DEFAULT_ATTAINMENT_LEVELS, DEFAULT_ATTAINMENT_TARGET, DEFAULT_INTEGRITY_THRESHOLDS, DEFAULT_NEGATIVE_PENALTY, DEFAULT_BALANCE_TOLERANCE, quizSchema, type IntegrityThresholds, type QuizOptions } from '../../../schemas/quizzes';
import type { FieldErrors } from '../../../ui/forms/fieldErrors';
import { crossFieldErrors } from '../../../ui/forms/crossFieldErrors';
import type { QuizRecord } from '../quizTypes';

/**
 * The quiz form's state. Numbers stay as typed; dates are ISO instants (or the text typed
 * into a picker that is not a date, so validation reports it); rules carry a React key.
 * `quizInputOf` gives what quizSchema and the API read.
 */

export interface RuleDraft {
  key: string;
  module: number | null;
  topic: number | null;
  difficulty: Difficulty | '';
  type: QuestionType | '';
  count: string;
}

export interface QuizDraft {
  name: string;
  subjects: number[];
  group_id: number | null;
  /** The room the exam is sat in; null: none chosen. */
  room: number | null;
  visible_from: string | undefined;
  valid_from: string | undefined;
  valid_to: string | undefined;
  duration: string;
  options: QuizOptions;
  negative_penalty: string;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  /** Attempts allowed as the select holds it: '0' for unlimited, '1'..'10'. */
  attempts_allowed: string;
  grading_method: GradingMethod;
  attempt_delay1_minutes: string;
  attempt_delay2_minutes: string;
  builds_on_last: boolean;
  review: ReviewMatrix;
  published: boolean;
  instructions: string;
  /** Fixed questions, in paper order. */
  questions: number[];
  random_rules: RuleDraft[];
  /** Balanced papers (issue 27): each student's random draw kept within balance_tolerance logits of the target. */
  balance_papers: boolean;
  balance_tolerance: string;
  /** Course-outcome attainment: the target percent and the percent of students for levels 3, 2 and 1. */
  attainment_target: string;
  attainment_level3: string;
  attainment_level2: string;
  attainment_level1: string;
  /** A new SEB quit password; empty keeps the current one (the server never returns it). */
  seb_quit_password: string;
  /** Allowed Browser Exam Keys, one a line. */
  seb_browser_exam_keys: string;
  require_fullscreen: boolean;
  block_clipboard: boolean;
  integrity_thresholds: Record<keyof IntegrityThresholds, string>;
}

const thresholdsDraftOf = (t: Partial<IntegrityThresholds> | null | undefined) =>
  Object.fromEntries(Object.entries({ ...DEFAULT_INTEGRITY_THRESHOLDS, ...(t ?? {}) }).map(([k, v]) => [k, String(v)])) as Record<keyof IntegrityThresholds, string>;

let nextKey = 0;
export const newRule = (): RuleDraft => ({ key: `r${++nextKey}`, module: null, topic: null, difficulty: '', type: '', count: '1' });

const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * A new quiz: visible now, open tomorrow at 09:00 for 90 minutes with a 60-minute duration
 * (the duration must be shorter than the window), options off, not published.
 */
export function newQuizDraft(now: Date = new Date(), groupId: number | null = null): QuizDraft {
  const opens = new Date(now);
  opens.setDate(opens.getDate() + 1);
  opens.setHours(9, 0, 0, 0);
  const visible = new Date(Math.ceil(now.getTime() / (5 * MINUTE)) * 5 * MINUTE);
  return {
    name: '',
    subjects: [],
    group_id: groupId,
    room: null,
    visible_from: visible.toISOString(),
    valid_from: opens.toISOString(),
    valid_to: new Date(opens.getTime() + 1.5 * HOUR).toISOString(),
    duration: '60',
    options: { face_detection: false, safe_exam_browser: false, guest_flag: false, negative_marking: false },
    negative_penalty: String(DEFAULT_NEGATIVE_PENALTY),
    balance_papers: false,
    balance_tolerance: String(DEFAULT_BALANCE_TOLERANCE),
    shuffle_questions: false,
    shuffle_options: false,
    ...attemptsDraftOf(null),
    published: false,
    instructions: '',
    questions: [],
    random_rules: [],
    seb_quit_password: '',
    seb_browser_exam_keys: '',
    require_fullscreen: false,
    block_clipboard: false,
    integrity_thresholds: thresholdsDraftOf(undefined),
    ...attainmentDraftOf(null, null),
  };
}

/** The attempt settings of a saved quiz (the defaults for a new one: one attempt, today's review rule). */
function attemptsDraftOf(record: Pick<QuizRecord, 'attempts_allowed' | 'grading_method' | 'attempt_delay1_minutes' | 'attempt_delay2_minutes' | 'builds_on_last' | 'review'> | null) {
  return {
    attempts_allowed: String(record?.attempts_allowed ?? 1),
    grading_method: record?.grading_method ?? 'highest',
    attempt_delay1_minutes: String(record?.attempt_delay1_minutes ?? 0),
    attempt_delay2_minutes: String(record?.attempt_delay2_minutes ?? 0),
    builds_on_last: Boolean(record?.builds_on_last),
    review: record?.review ?? DEFAULT_REVIEW,
  };
}

function attainmentDraftOf(target: number | null | undefined, levels: QuizRecord['attainment_levels']) {
  const l = levels ?? DEFAULT_ATTAINMENT_LEVELS;
  return {
    attainment_target: String(target ?? DEFAULT_ATTAINMENT_TARGET),
    attainment_level3: String(l.level3),
    attainment_level2: String(l.level2),
    attainment_level1: String(l.level1),
  };
}

/** The draft of a saved quiz, for editing. */
export function quizDraftOf(record: QuizRecord): QuizDraft {
  return {
    name: record.name ?? '',
    subjects: (record.subjects ?? []).map(Number),
    group_id: record.group_id ?? null,
    room: record.room ?? null,
    visible_from: record.visible_from ?? undefined,
    valid_from: record.valid_from ?? undefined,
    valid_to: record.valid_to ?? undefined,
    duration: record.duration === null || record.duration === undefined ? '' : String(record.duration),
    options: {
      face_detection: Boolean(record.options?.face_detection),
      safe_exam_browser: Boolean(record.options?.safe_exam_browser),
      guest_flag: Boolean(record.options?.guest_flag),
      negative_marking: Boolean(record.options?.negative_marking),
    },
    negative_penalty: String(record.negative_penalty ?? DEFAULT_NEGATIVE_PENALTY),
    balance_papers: Boolean(record.balance_papers),
    balance_tolerance: String(record.balance_tolerance ?? DEFAULT_BALANCE_TOLERANCE),
    shuffle_questions: Boolean(record.shuffle_questions),
    shuffle_options: Boolean(record.shuffle_options),
    ...attemptsDraftOf(record),
    published: Boolean(record.published),
    instructions: record.instructions ?? '',
    questions: [...(record.questions ?? [])],
    random_rules: (record.random_rules ?? []).map((rule) => ({
      key: newRule().key,
      module: rule.module ?? null,
      topic: rule.topic ?? null,
      difficulty: rule.difficulty ?? '',
      type: rule.type ?? '',
      count: String(rule.count),
    })),
    ...attainmentDraftOf(record.attainment_target, record.attainment_levels),
    seb_quit_password: '',
    seb_browser_exam_keys: (record.seb_browser_exam_keys ?? []).join('\n'),
    require_fullscreen: Boolean(record.require_fullscreen),
    block_clipboard: Boolean(record.block_clipboard),
    integrity_thresholds: thresholdsDraftOf(record.integrity_thresholds),
  };
}

/** A random rule as the API reads it: only the filters that are set. */
export function ruleInputOf(rule: RuleDraft): Record<string, unknown> {
  const input: Record<string, unknown> = { count: rule.count };
  if (rule.module !== null) input.module = rule.module;
  if (rule.topic !== null) input.topic = rule.topic;
  if (rule.difficulty) input.difficulty = rule.difficulty;
  if (rule.type) input.type = rule.type;
  return input;
}

/**
 * The penalty only matters with negative marking: while it is off, a half-typed value must not
 * block saving, so an invalid one is sent as the default (a valid one is kept as it is).
 */
function penaltyInputOf(draft: QuizDraft): string | number {
  if (draft.options.negative_marking) return draft.negative_penalty;
  const value = Number(draft.negative_penalty);
  return draft.negative_penalty.trim() !== '' && value >= 0 && value <= 1 ? draft.negative_penalty : DEFAULT_NEGATIVE_PENALTY;
}

/** What quizSchema and the API read from a draft. */
export function quizInputOf(draft: QuizDraft): Record<string, unknown> {
  return {
    name: draft.name,
    subjects: draft.subjects.map(String),
    group_id: draft.group_id ?? undefined,
    room: draft.room,
    visible_from: draft.visible_from,
    valid_from: draft.valid_from,
    valid_to: draft.valid_to,
    duration: draft.duration,
    options: draft.options,
    negative_penalty: penaltyInputOf(draft),
    balance_papers: draft.balance_papers,
    balance_tolerance: draft.balance_tolerance,
    shuffle_questions: draft.shuffle_questions,
    shuffle_options: draft.shuffle_options,
    attempts_allowed: draft.attempts_allowed,
    grading_method: draft.grading_method,
    attempt_delay1_minutes: draft.attempt_delay1_minutes.trim() === '' ? 0 : draft.attempt_delay1_minutes,
    attempt_delay2_minutes: draft.attempt_delay2_minutes.trim() === '' ? 0 : draft.attempt_delay2_minutes,
    builds_on_last: draft.builds_on_last,
    review: draft.review,
    published: draft.published,
    instructions: draft.instructions,
    questions: draft.questions,
    random_rules: draft.random_rules.map(ruleInputOf),
    attainment_target: draft.attainment_target,
    attainment_levels: { level3: draft.attainment_level3, level2: draft.attainment_level2, level1: draft.attainment_level1 },
    ...(draft.seb_quit_password ? { seb_quit_password: draft.seb_quit_password } : {}),
    seb_browser_exam_keys: draft.seb_browser_exam_keys.split(/[\s,]+/).filter(Boolean),
    require_fullscreen: draft.require_fullscreen,
    block_clipboard: draft.block_clipboard,
    integrity_thresholds: draft.integrity_thresholds,
  };
}

/** quizSchema read from a draft: the form validates with this, so its messages are the schema's. */
export const quizDraftSchema = z.preprocess(
  (value) => (typeof value === 'object' && value !== null ? quizInputOf(value as QuizDraft) : value),
  quizSchema,
);

/**
 * quizSchema's rules between fields (the window's order, the duration against the window, a
 * published quiz's paper), run even while another field is missing (see crossFieldErrors).
 */
export function windowErrorsOf(draft: QuizDraft): FieldErrors {
  const window = {
    visible_from: toIsoDateTime(draft.visible_from),
    valid_from: toIsoDateTime(draft.valid_from),
    valid_to: toIsoDateTime(draft.valid_to),
    duration: toNumberInput(draft.duration),
  };
  return {
    ...crossFieldErrors(checkQuizWindow, window),
    ...crossFieldErrors(checkQuizPaper, { published: draft.published, questions: draft.questions, random_rules: draft.random_rules }),
  };
}

/** The locked fields and their message are the quiz schema's (the server checks the same list). */
export { LOCKED_MESSAGE, LOCKED_WHEN_ATTEMPTED, type LockedField } from '../../../schemas/quizzes';
