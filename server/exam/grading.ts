import type { QuestionType, ScoringMode } from '../../src/schemas/questions';

/** The answer key of one question as it stood when the student's paper was made. */
export interface AnswerKey {
  type: QuestionType;
  marks: number;
  /** Choice questions: ids of the correct options, and how many options there are. */
  correctOptions?: string[];
  optionCount?: number;
  scoring?: ScoringMode;
  correctBool?: boolean;
  numericValue?: number;
  numericTolerance?: number;
  acceptedAnswers?: string[];
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

const round = (n: number) => Math.round(n * 100) / 100;

/** Short answers match without case and extra spaces. */
export const normaliseText = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

const isEmpty = (response: unknown) =>
  response === undefined ||
  response === null ||
  (typeof response === 'string' && response.trim() === '') ||
  (Array.isArray(response) && response.length === 0);

/**
 * Grades one response. Rules:
 * - single, true/false, numeric (within the tolerance), short answer (any accepted answer): all or nothing;
 * - multiple, all-or-nothing: exactly the correct set; partial: (correct chosen - wrong chosen) / correct options,
 *   never below 0, and a choice that earns nothing counts as wrong;
 * - a wrong answer loses `penalty x marks` when negative marking is on; an empty answer loses nothing;
 * - descriptive answers wait for the teacher (pending), and an empty one is unanswered.
 */
export function gradeResponse(key: AnswerKey, response: unknown, marking: Marking): Graded {
  if (isEmpty(response)) return { outcome: 'unanswered', marks: 0 };
  const wrong = (): Graded => ({ outcome: 'wrong', marks: marking.negativeMarking ? round(-marking.penalty * key.marks) : 0 });
  const correct = (): Graded => ({ outcome: 'correct', marks: key.marks });

  switch (key.type) {
    case 'single':
      return typeof response === 'string' && key.correctOptions?.length === 1 && key.correctOptions[0] === response ? correct() : wrong();
    case 'multiple': {
      if (!Array.isArray(response)) return wrong();
      const chosen = new Set(response.map(String));
      const right = new Set(key.correctOptions ?? []);
      const hits = [...chosen].filter((id) => right.has(id)).length;
      const misses = chosen.size - hits;
      if (hits === right.size && misses === 0) return correct();
      if (key.scoring !== 'partial') return wrong();
      const fraction = Math.max(0, (hits - misses) / right.size);
      return fraction > 0 ? { outcome: 'partial', marks: round(fraction * key.marks) } : wrong();
    }
    case 'true_false':
      return typeof response === 'boolean' && response === key.correctBool ? correct() : wrong();
    case 'numeric': {
      const value = typeof response === 'number' ? response : typeof response === 'string' ? Number(response) : Number.NaN;
      if (!Number.isFinite(value) || key.numericValue === undefined) return wrong();
      // A tiny epsilon so that 0.1 + 0.2 style rounding does not fail an exact answer.
      return Math.abs(value - key.numericValue) <= (key.numericTolerance ?? 0) + 1e-9 ? correct() : wrong();
    }
    case 'short_answer':
      return typeof response === 'string' && (key.acceptedAnswers ?? []).some((a) => normaliseText(a) === normaliseText(response)) ? correct() : wrong();
    case 'descriptive':
      return { outcome: 'pending', marks: null };
  }
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
