import { z } from 'zod';
import type { QuestionType } from './questions';
import type { ClozeGapView } from './cloze';

/**
 * A student's answer as it is sent and stored, by question type (an option id, a list of option ids,
 * true/false, a number, or text; null clears it). One rule for the server, which refuses what
 * breaks it, and the exam page, which never queues what the server would refuse.
 */

/**
 * Every shape an answer takes: an option id or a text (string), option ids, true/false, a number,
 * a matching's or a Cloze's parts by id ({ stem: choice }, { gap: text }), or null (no answer).
 * Which shape a question takes is responseProblem's rule below.
 */
export const answerResponseSchema = z.union([
  z.string(),
  z.array(z.string()),
  z.boolean(),
  z.number(),
  z.record(z.string(), z.string()),
  z.null(),
]);
export type AnswerResponse = z.infer<typeof answerResponseSchema>;

/** What the grading dialogs and the grading routes say when no number of marks was given. */
export const ENTER_THE_MARKS = 'Enter the marks';
/** The marks of a grading body: a number, else ENTER_THE_MARKS on the field (each route adds its bounds). */
export const gradingMarksSchema = z.number({ error: ENTER_THE_MARKS }).finite(ENTER_THE_MARKS);

/** The comment a teacher gives with the marks of one answer (the student sees it with them). */
export const GRADING_COMMENT_MAX = 2000;
/** The grading body's comment: text up to GRADING_COMMENT_MAX, or null / missing for none. */
export const gradingCommentSchema = z
  .string({ error: 'The comment must be text' })
  .trim()
  .max(GRADING_COMMENT_MAX, `The comment must be at most ${GRADING_COMMENT_MAX} characters`)
  .nullable()
  .optional();

/** The comment to store from a grading body: a comment sent empty (or null) clears it, one not sent leaves it as it is. */
export const commentToStore = (comment: string | null | undefined): string | null | undefined => (comment === undefined ? undefined : comment || null);

/** Limits on what a student may send as one text answer. */
export const SHORT_ANSWER_MAX = 500;
export const DESCRIPTIVE_MAX = 20_000;

export const textLimitOf = (type: QuestionType): number | undefined =>
  type === 'short_answer' ? SHORT_ANSWER_MAX : type === 'descriptive' ? DESCRIPTIVE_MAX : undefined;

/** Checks a response against its question; returns the message when it is invalid. */
export function responseProblem(question: ResponseShape, response: unknown): string | undefined {
  if (response === null) return undefined;
  const ids = new Set((question.options ?? []).map((o) => o.id));
  switch (question.type) {
    case 'single':
      return typeof response === 'string' && ids.has(response) ? undefined : 'Choose one of the options';
    case 'multiple':
      return Array.isArray(response) && new Set(response).size === response.length && response.every((r) => typeof r === 'string' && ids.has(r))
        ? undefined
        : 'Choose among the options';
    case 'true_false':
      return typeof response === 'boolean' ? undefined : 'Answer true or false';
    case 'numeric':
      return typeof response === 'number' && Number.isFinite(response) ? undefined : 'Enter a number';
    case 'short_answer':
    case 'descriptive': {
      const max = textLimitOf(question.type)!;
      return typeof response === 'string' && response.length <= max ? undefined : `Enter text of at most ${max} characters`;
    }
    case 'matching':
    case 'description':
    case 'cloze':
      return moodleTypeProblem(question, response);
  }
}

/** What a response is checked against: the question's type and the ids a student may choose. */
export interface ResponseShape {
  type: QuestionType;
  options?: { id: string }[];
  /** Matching: the stems and the choices. */
  stems?: { id: string }[];
  choices?: { id: string }[];
  /** Cloze: the gaps (a choice gap's option ids). */
  gaps?: (Pick<ClozeGapView, 'n' | 'kind'> & { options?: { id: string }[] })[];
}

/** A Cloze gap's text answer is at most this long. */
export const CLOZE_GAP_MAX = SHORT_ANSWER_MAX;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * - matching: an object { stem id: choice id } (stems left out are unanswered);
 * - cloze: an object { gap number: text }, a choice gap's text being an option id, a multiple-response
 *   gap's the chosen option ids separated by commas ("0,2");
 * - description: no answer at all.
 */
function moodleTypeProblem(question: ResponseShape, response: unknown): string | undefined {
  if (question.type === 'description') return 'This text has no answer';
  if (!isPlainObject(response)) return question.type === 'matching' ? 'Match each item with one of the answers' : 'Fill in the gaps';
  const entries = Object.entries(response);
  if (question.type === 'matching') {
    const stems = new Set((question.stems ?? []).map((s) => s.id));
    const choices = new Set((question.choices ?? []).map((c) => c.id));
    return entries.every(([stem, choice]) => stems.has(stem) && typeof choice === 'string' && choices.has(choice))
      ? undefined
      : 'Match each item with one of the answers';
  }
  const gaps = new Map((question.gaps ?? []).map((g) => [String(g.n), g]));
  for (const [n, value] of entries) {
    const gap = gaps.get(n);
    if (!gap || typeof value !== 'string') return 'Fill in the gaps of this question only';
    if (gap.kind === 'choice' && !(gap.options ?? []).some((o) => o.id === value)) return `Choose one of the options of gap ${n}`;
    if (gap.kind === 'multiresponse') {
      const ids = new Set((gap.options ?? []).map((o) => o.id));
      const chosen = value === '' ? [] : value.split(',');
      if (new Set(chosen).size !== chosen.length || !chosen.every((id) => ids.has(id))) return `Choose among the options of gap ${n}`;
    }
    if (value.length > CLOZE_GAP_MAX) return `Enter at most ${CLOZE_GAP_MAX} characters in gap ${n}`;
  }
  return undefined;
}
