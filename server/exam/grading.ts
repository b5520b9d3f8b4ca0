import type { QuestionType, ScoringMode, TextMatchMode } from '../../src/schemas/questions';
import { clozeFraction, type ClozeGap } from '../../src/schemas/cloze';
import { matchFraction } from '../../src/schemas/matching';
import { matchesWildcard } from '../../src/schemas/moodleText';

/** The answer key of one question as it stood when the student's paper was made. */
export interface AnswerKey {
  type: QuestionType;
  marks: number;
  /** Choice questions: ids of the correct options (those with a positive weight), and how many options there are. */
  correctOptions?: string[];
  /**
   * Choice questions: each option's weight as a fraction (-1..1). Papers frozen before options had
   * weights have none and keep their old marking (see gradeResponse).
   */
  weights?: Record<string, number>;
  optionCount?: number;
  scoring?: ScoringMode;
  correctBool?: boolean;
  numericValue?: number;
  numericTolerance?: number;
  acceptedAnswers?: string[];
  /**
   * Short answer: the answers in order, each with its share of the marks (0..1) and feedback. Papers
   * frozen before weighted answers have none and are marked by `acceptedAnswers` (all or nothing, old rule).
   */
  shortAnswers?: { text: string; fraction: number; feedback?: string }[];
  caseSensitive?: boolean;
  textMatch?: TextMatchMode;
  /** Numeric: the answers in order ('*' matches any number); papers frozen before have only numericValue / numericTolerance. */
  numericAnswers?: { value: number | '*'; tolerance: number; fraction: number; feedback?: string }[];
  /**
   * Feedback for the review: general, per option id, for the responses True and False, and Moodle's
   * combined feedback (correct / partiallyCorrect / incorrect, by the marks the response earned).
   */
  feedback?: { general?: string; options?: Record<string, string>; true?: string; false?: string; correct?: string; partiallyCorrect?: string; incorrect?: string };
  /** Matching: the right choice id of each stem id. */
  matchRight?: Record<string, string>;
  /** Cloze: the gaps with their answers, fractions and weights. */
  clozeGaps?: ClozeGap[];
}

export interface Marking {
  negativeMarking: boolean;
  /** Fraction of a question's marks lost for a wrong answer. */
  penalty: number;
}

export type Outcome = 'correct' | 'partial' | 'wrong' | 'unanswered' | 'pending';

export interface Graded {
  outcome: Outcome;
  /** Marks gained (negative when a wrong answer is penalised); null while a teacher must grade it. */
  marks: number | null;
}

const round = (n: number) => Math.round(n * 100) / 100 + 0;

/** Moodle's tolerance when it tells a right, partly right or wrong fraction apart (question_state::graded_state_for_fraction). */
const FRACTION_EPSILON = 0.000001;

/** Short answers match without case and extra spaces. */
export const normaliseText = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** Index of the short answer a response matches: the first in order (Moodle's first matching answer), or -1. */
export function matchingShortAnswer(key: Pick<AnswerKey, 'shortAnswers' | 'caseSensitive' | 'textMatch'>, response: unknown): number {
  if (typeof response !== 'string' || !key.shortAnswers) return -1;
  if (key.textMatch === 'legacy') {
    const given = normaliseText(response);
    return key.shortAnswers.findIndex((a) => normaliseText(a.text) === given);
  }
  return key.shortAnswers.findIndex((a) => matchesWildcard(response, a.text, key.caseSensitive === true));
}

/** A numeric response as a number, or NaN. */
export const numericValueOf = (response: unknown) =>
  typeof response === 'number' ? response : typeof response === 'string' && response.trim() !== '' ? Number(response) : Number.NaN;

/**
 * Moodle's qtype_numerical_answer within_tolerance, nominal: |x - value| <= tolerance, widened by
 * Moodle's epsilon (10^-14, PHP's precision) times the larger of the tolerance and the value, so that
 * 0.1 + 0.2 style rounding does not fail an exact answer.
 */
export function withinTolerance(x: number, value: number, tolerance: number): boolean {
  const epsilon = 1e-14;
  const slack = Math.abs(tolerance) + epsilon * Math.max(Math.abs(tolerance), Math.abs(value), epsilon);
  return value - slack <= x && x <= value + slack;
}

/** Index of the numeric answer a response matches: the first in order whose range holds it ('*' holds any number), or -1. */
export function matchingNumericAnswer(key: Pick<AnswerKey, 'numericAnswers'>, response: unknown): number {
  const x = numericValueOf(response);
  if (!Number.isFinite(x) || !key.numericAnswers) return -1;
  return key.numericAnswers.findIndex((a) => a.value === '*' || withinTolerance(x, a.value, a.tolerance));
}

const isEmpty = (response: unknown) =>
  response === undefined ||
  response === null ||
  (typeof response === 'string' && response.trim() === '') ||
  (Array.isArray(response) && response.length === 0);

/**
 * Grades one response. Rules:
 * - single choice: the chosen option's weight (Moodle's multichoice single: may be partly right, or negative);
 * - multiple choice, 'partial': the sum of the chosen options' weights clamped to 0..1 (Moodle's multichoice multi);
 *   'all_or_nothing': exactly the options with a positive weight; 'legacy-partial':
 *   (correct chosen - wrong chosen) / correct options, never below 0;
 * - papers frozen before options had weights: single choice all or nothing, multiple 'partial' the legacy rule;
 * - short answer: the first answer in order that the response matches (Moodle's wildcard rule, or the old rule
 *   for questions written before weighted answers) earns its weight; none matching is wrong;
 * - numeric: the first answer in order whose tolerance range holds the response earns its weight;
 * - papers frozen before weighted answers: numeric within the tolerance (+1e-9), short answer any accepted answer
 *   by the old rule, all or nothing; true/false: all or nothing;
 * - a fraction within 0.000001 of 1 is right, within 0.000001 of 0 (or below) is wrong, as Moodle tells them apart;
 * - a wrong answer loses `penalty x marks` when negative marking is on; an option's own negative weight is not
 *   added to that: the answer loses the larger of the two; an empty answer loses nothing;
 * - descriptive answers wait for the teacher (pending), and an empty one is unanswered.
 */
export function gradeResponse(key: AnswerKey, response: unknown, marking: Marking): Graded {
  if (isEmpty(response)) return { outcome: 'unanswered', marks: 0 };
  const wrong = (): Graded => ({ outcome: 'wrong', marks: marking.negativeMarking ? round(-marking.penalty * key.marks) : 0 });
  const correct = (): Graded => ({ outcome: 'correct', marks: key.marks });

  const byFraction = (fraction: number): Graded => {
    if (fraction > 1 - FRACTION_EPSILON) return { outcome: 'correct', marks: round(Math.min(fraction, 1) * key.marks) };
    if (fraction >= FRACTION_EPSILON) return { outcome: 'partial', marks: round(fraction * key.marks) };
    const own = fraction < 0 ? round(fraction * key.marks) : 0;
    return { outcome: 'wrong', marks: Math.min(own, wrong().marks ?? 0) };
  };
  const weights = key.weights;

  switch (key.type) {
    case 'single':
      if (typeof response !== 'string') return wrong();
      if (weights) return byFraction(Object.hasOwn(weights, response) ? weights[response] : 0);
      return key.correctOptions?.length === 1 && key.correctOptions[0] === response ? correct() : wrong();
    case 'multiple': {
      if (!Array.isArray(response)) return wrong();
      const chosen = new Set(response.map(String));
      if (weights && key.scoring === 'partial') {
        let sum = 0;
        for (const id of chosen) if (Object.hasOwn(weights, id)) sum += weights[id];
        return byFraction(Math.min(Math.max(0, sum), 1));
      }
      const right = new Set(key.correctOptions ?? []);
      const hits = [...chosen].filter((id) => right.has(id)).length;
      const misses = chosen.size - hits;
      if (hits === right.size && misses === 0) return correct();
      if (key.scoring !== 'partial' && key.scoring !== 'legacy-partial') return wrong();
      const fraction = Math.max(0, (hits - misses) / right.size);
      return fraction > 0 ? { outcome: 'partial', marks: round(fraction * key.marks) } : wrong();
    }
    case 'true_false':
      return typeof response === 'boolean' && response === key.correctBool ? correct() : wrong();
    case 'numeric': {
      if (key.numericAnswers) {
        const i = matchingNumericAnswer(key, response);
        return i < 0 ? wrong() : byFraction(key.numericAnswers[i].fraction);
      }
      const value = numericValueOf(response);
      if (!Number.isFinite(value) || key.numericValue === undefined) return wrong();
      // A tiny epsilon so that 0.1 + 0.2 style rounding does not fail an exact answer.
      return Math.abs(value - key.numericValue) <= (key.numericTolerance ?? 0) + 1e-9 ? correct() : wrong();
    }
    case 'short_answer':
      if (key.shortAnswers) {
        const i = matchingShortAnswer(key, response);
        return i < 0 ? wrong() : byFraction(key.shortAnswers[i].fraction);
      }
      return typeof response === 'string' && (key.acceptedAnswers ?? []).some((a) => normaliseText(a) === normaliseText(response)) ? correct() : wrong();
    case 'descriptive':
      return { outcome: 'pending', marks: null };
    case 'matching':
    case 'description':
    case 'cloze':
      return gradeMoodleType(key, response, byFraction, wrong);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const filledEntries = (r: Record<string, unknown>) => Object.values(r).filter((v) => typeof v === 'string' && v.trim() !== '').length;

/**
 * The types from Moodle (see docs/question-types.md):
 * - matching: right stems / stems (qtype_match), a response maps stem ids to choice ids;
 * - cloze: the gaps' fractions weighted by their gap weights (qtype_multianswer), a response maps
 *   gap numbers to the text typed or the option chosen; an empty gap counts 0;
 * - a description has no answer and no marks.
 * An object with nothing filled in is unanswered; partial credit and negative marking then apply as
 * for the other types (byFraction).
 */
function gradeMoodleType(key: AnswerKey, response: unknown, byFraction: (f: number) => Graded, wrong: () => Graded): Graded {
  if (key.type === 'description') return { outcome: 'unanswered', marks: 0 };
  if (!isRecord(response)) return wrong();
  if (filledEntries(response) === 0) return { outcome: 'unanswered', marks: 0 };
  if (key.type === 'matching') return byFraction(matchFraction(key.matchRight ?? {}, response).fraction);
  return byFraction(clozeFraction(key.clozeGaps ?? [], response));
}

export interface AttemptTotal {
  score: number;
  maxScore: number;
  /** True while at least one descriptive answer waits for the teacher. */
  pending: boolean;
}

/** The attempt's total; a negative total is shown as it is (the teacher chose negative marking). */
export function totalOf(items: { key: Pick<AnswerKey, 'marks'>; graded: Graded }[]): AttemptTotal {
  let score = 0;
  let maxScore = 0;
  let pending = false;
  for (const { key, graded } of items) {
    maxScore += key.marks;
    if (graded.marks === null) pending = true;
    else score += graded.marks;
  }
  return { score: round(score), maxScore: round(maxScore), pending };
}
