import { roundWeight, type CombinedFeedbackField } from '../../src/schemas/questions';
import { parseCloze } from '../../src/schemas/cloze';
import type { QuestionDraft } from './types';

/**
 * A question as Moodle's formats (GIFT and Moodle XML) describe it, its texts already plain, and
 * the one place where it becomes a portal question: `toDraft` maps every type the portal has and
 * refuses, with the reason, what the portal would mark differently. Both readers fill this in, so
 * GIFT and Moodle XML give the same question for the same Moodle question.
 */
export interface MoodleAnswer {
  text: string;
  /** Moodle's grade fraction in percent (-100..100). */
  fraction: number;
  feedback?: string;
  line?: number;
}

export interface MoodleNumericAnswer {
  /** undefined for Moodle's `*` (any other answer). */
  value?: number;
  tolerance: number;
  fraction: number;
  feedback?: string;
  line?: number;
}

/** Moodle's combined feedback, by the question's field that keeps it. */
export type CombinedFeedback = Partial<Record<CombinedFeedbackField, string>>;

interface Common {
  /** The first line of the question in its file. */
  line: number;
  name?: string;
  /** The Moodle category path the question was in ($course$/top/... as written). */
  category?: string;
  tags?: string[];
  text: string;
  generalFeedback?: string;
  /** Moodle's combined feedback (choice, matching, Cloze), by the question's field that keeps it. */
  combinedFeedback?: CombinedFeedback;
  /** Moodle's default mark (defaultgrade). */
  marks?: number;
  /** What the portal leaves out of the question (shown in the import preview). */
  notes?: string[];
}

export type MoodleQuestion = Common &
  (
    | { kind: 'choice'; single: boolean; answers: MoodleAnswer[] }
    | { kind: 'truefalse'; correct: boolean; trueFeedback?: string; falseFeedback?: string }
    | { kind: 'short'; caseSensitive: boolean; answers: MoodleAnswer[] }
    | { kind: 'numeric'; answers: MoodleNumericAnswer[] }
    | { kind: 'essay' }
    | { kind: 'matching'; pairs: { question: string; answer: string }[] }
    | { kind: 'description' }
    | { kind: 'cloze' }
  );

/** A question of the file the portal cannot take, with why. */
export class Refusal extends Error {
  constructor(
    readonly line: number,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const present = (s: string | undefined): s is string => typeof s === 'string' && s.trim() !== '';
const feedback = (s: string | undefined) => (present(s) ? { feedback: s } : {});

/**
 * The portal's question for a Moodle question, with its name, category, tags and every feedback.
 * Choice options keep Moodle's fractions as weights; short answers keep their order, weights, `*`
 * wildcards and case setting (text_match 'moodle', Moodle's rule); numeric answers their order,
 * tolerances and weights. What the schema refuses (a weight outside 0..100 on a short or numeric
 * answer, say) is refused with its line by the validation that follows.
 */
export function toDraft(q: MoodleQuestion): QuestionDraft {
  const lines: Record<string, number> = { question: q.line, answer: q.line };
  const meta = {
    ...(q.name ? { name: q.name } : {}),
    ...(q.category ? { category: q.category } : {}),
    ...(q.tags?.length ? { tags: q.tags } : {}),
  };
  const base: Record<string, unknown> = { question: q.text, ...meta };
  if (present(q.generalFeedback)) base.general_feedback = q.generalFeedback;
  Object.assign(base, q.combinedFeedback);
  if (q.marks !== undefined) base.marks = q.marks;
  const draft = (fields: Record<string, unknown>): QuestionDraft => ({
    row: q.line,
    fields: { ...base, ...fields },
    lines,
    ...meta,
    ...(q.notes?.length ? { notes: q.notes } : {}),
  });

  switch (q.kind) {
    case 'essay':
      return draft({ type: 'descriptive' });
    case 'description':
      // A description has no marks (Moodle's defaultmark 0).
      return draft({ type: 'description', marks: 0 });
    case 'matching':
      return draft({ type: 'matching', match_pairs: q.pairs });
    case 'cloze': {
      // The gaps stay in the text, in Moodle's syntax; the schema reads them (and refuses what it cannot mark).
      // Without a default mark, Moodle's is the sum of the gaps' weights.
      const out = draft({ type: 'cloze' });
      if (q.marks === undefined) {
        const sum = parseCloze(q.text).gaps.reduce((a, g) => a + g.weight, 0);
        if (sum > 0) out.fields.marks = sum;
      }
      return out;
    }
    case 'truefalse':
      return draft({
        type: 'true_false',
        correct_bool: q.correct,
        ...(present(q.trueFeedback) ? { true_feedback: q.trueFeedback } : {}),
        ...(present(q.falseFeedback) ? { false_feedback: q.falseFeedback } : {}),
      });
    case 'choice': {
      q.answers.forEach((a, i) => {
        if (a.line) lines[`options.${i}`] = a.line;
        if (!(a.fraction >= -100 && a.fraction <= 100)) {
          throw new Refusal(a.line ?? q.line, 'options', `Answer weights run from -100% to 100% (found ${a.fraction}%)`);
        }
      });
      if (q.answers[0]?.line) lines.options = q.answers[0].line;
      const options = q.answers.map((a) => {
        const weight = roundWeight(a.fraction);
        return { text: a.text, correct: weight > 0, weight, ...feedback(a.feedback) };
      });
      // Moodle's single choice gives the chosen option's weight; its multiple choice the sum of the chosen weights.
      return q.single ? draft({ type: 'single', options }) : draft({ type: 'multiple', scoring: 'partial', options });
    }
    case 'short': {
      q.answers.forEach((a, i) => (lines[`short_answers.${i}`] = a.line ?? q.line));
      const short_answers = q.answers.map((a) => ({ text: a.text, weight: roundWeight(a.fraction), ...feedback(a.feedback) }));
      return draft({ type: 'short_answer', short_answers, text_match: 'moodle', case_sensitive: q.caseSensitive });
    }
    case 'numeric': {
      q.answers.forEach((a, i) => (lines[`numeric_answers.${i}`] = a.line ?? q.line));
      const numeric_answers = q.answers.map((a) => ({
        value: a.value === undefined ? '*' : a.value,
        tolerance: a.value === undefined ? 0 : a.tolerance,
        weight: roundWeight(a.fraction),
        ...feedback(a.feedback),
      }));
      return draft({ type: 'numeric', numeric_answers });
    }
  }
}
