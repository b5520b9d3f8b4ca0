import { z } from 'zod';

/**
 * Matching questions, marked as Moodle's qtype_match marks them.
 *
 * The teacher writes pairs: a subquestion (a stem) and its answer. A pair with an empty subquestion
 * is an extra wrong answer (a distractor). Answers with the same text are one choice, named by the
 * first pair that has it, so two stems may share a right answer. The student picks a choice for
 * every stem from one list of all the choices, shuffled for each paper.
 *
 * Fraction = stems matched right / number of stems (unanswered stems count as wrong).
 */

export const MATCH_PAIRS_MAX = 20;
export const MATCH_TEXT_MAX = 2000;
/** Moodle's form asks for at least two subquestions and three answers. */
export const MATCH_MIN_STEMS = 2;
export const MATCH_MIN_ANSWERS = 3;

export const matchPairSchema = z.object({
  id: z.string().max(40).optional(),
  /** The subquestion; empty for an extra wrong answer. */
  question: z
    .string({ error: 'A subquestion must be text' })
    .trim()
    .max(MATCH_TEXT_MAX, `A subquestion should not exceed ${MATCH_TEXT_MAX} characters`)
    .optional(),
  answer: z
    .string({ error: 'Each pair needs an answer' })
    .trim()
    .min(1, 'Each pair needs an answer')
    .max(MATCH_TEXT_MAX, `An answer should not exceed ${MATCH_TEXT_MAX} characters`),
});
export type MatchPair = z.input<typeof matchPairSchema>;

export const matchPairsField = z
  .array(matchPairSchema, { error: 'Pairs must be a list' })
  .max(MATCH_PAIRS_MAX, `At most ${MATCH_PAIRS_MAX} pairs`)
  .optional();

/** The stems, the choices (answers once each, by text) and the right choice of each stem. */
export interface MatchLayout {
  stems: { id: string; text: string }[];
  choices: { id: string; text: string }[];
  right: Record<string, string>;
}

export function matchLayout(pairs: readonly { id: string; question?: string; answer: string }[]): MatchLayout {
  const choices: { id: string; text: string }[] = [];
  const byText = new Map<string, string>();
  const stems: { id: string; text: string }[] = [];
  const right: Record<string, string> = {};
  for (const p of pairs) {
    let choice = byText.get(p.answer);
    if (choice === undefined) {
      choice = p.id;
      byText.set(p.answer, choice);
      choices.push({ id: choice, text: p.answer });
    }
    const stem = (p.question ?? '').trim();
    if (stem !== '') {
      stems.push({ id: p.id, text: stem });
      right[p.id] = choice;
    }
  }
  return { stems, choices, right };
}

/** The problems of a matching question's pairs, as [path, message] (Moodle's form rules). */
export function matchPairProblems(pairs: unknown): [(string | number)[], string][] {
  const list = Array.isArray(pairs) ? (pairs as { question?: unknown; answer?: unknown }[]) : [];
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const stems = list.filter((p) => text(p?.question) !== '').length;
  const answers = list.filter((p) => text(p?.answer) !== '').length;
  if (stems < MATCH_MIN_STEMS || answers < MATCH_MIN_ANSWERS) {
    return [[['match_pairs'], `Write at least ${MATCH_MIN_STEMS} subquestions and ${MATCH_MIN_ANSWERS} answers (a pair without a subquestion is an extra wrong answer)`]];
  }
  return [];
}

/** qtype_match's grade: right stems / all stems; a response maps stem id to choice id. */
export function matchFraction(right: Record<string, string>, response: Record<string, unknown>): { fraction: number; rightCount: number; total: number } {
  const stems = Object.keys(right);
  let rightCount = 0;
  for (const stem of stems) if (Object.hasOwn(response, stem) && response[stem] === right[stem]) rightCount++;
  return { fraction: stems.length ? rightCount / stems.length : 0, rightCount, total: stems.length };
}
