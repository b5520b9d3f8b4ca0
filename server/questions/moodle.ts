import { roundWeight } from '../../src/schemas/questions';
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

interface Common {
  /** The first line of the question in its file. */
  line: number;
  name?: string;
  /** The Moodle category path the question was in ($course$/top/... as written). */
  category?: string;
  tags?: string[];
  text: string;
  generalFeedback?: string;
  /** Moodle's default mark (defaultgrade). */
  marks?: number;
}

export type MoodleQuestion = Common &
  (
    | { kind: 'choice'; single: boolean; answers: MoodleAnswer[] }
    | { kind: 'truefalse'; correct: boolean; trueFeedback?: string; falseFeedback?: string }
    | { kind: 'short'; caseSensitive: boolean; answers: MoodleAnswer[] }
    | { kind: 'numeric'; answers: MoodleNumericAnswer[] }
    | { kind: 'essay' }
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

/**
 * Feedback the question schema has no field for yet: named in the preview's notes so nothing is
 * lost without a word (the teacher sees what the import leaves out before anything is stored).
 */
function feedbackNotes(q: MoodleQuestion): string[] {
  const notes: string[] = [];
  if (present(q.generalFeedback)) notes.push('general feedback is not kept');
  const per =
    q.kind === 'choice' || q.kind === 'short' || q.kind === 'numeric'
      ? (q.answers as { feedback?: string }[]).some((a) => present(a.feedback))
      : q.kind === 'truefalse'
        ? present(q.trueFeedback) || present(q.falseFeedback)
        : false;
  if (per) notes.push('feedback on answers is not kept');
  return notes;
}

/** The portal's question for a Moodle question, or a Refusal saying what the portal would mark differently. */
export function toDraft(q: MoodleQuestion): QuestionDraft {
  const lines: Record<string, number> = { question: q.line, answer: q.line };
  const meta = {
    ...(q.name ? { name: q.name } : {}),
    ...(q.category ? { category: q.category } : {}),
    ...(q.tags?.length ? { tags: q.tags } : {}),
  };
  const base: Record<string, unknown> = { question: q.text };
  if (q.marks !== undefined) base.marks = q.marks;
  const notes = feedbackNotes(q);
  const draft = (fields: Record<string, unknown>): QuestionDraft => ({
    row: q.line,
    fields: { ...base, ...fields },
    lines,
    ...meta,
    ...(notes.length ? { notes } : {}),
  });

  switch (q.kind) {
    case 'essay':
      return draft({ type: 'descriptive' });
    case 'truefalse':
      return draft({ type: 'true_false', correct_bool: q.correct });
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
        return { text: a.text, correct: weight > 0, weight };
      });
      // Moodle's single choice gives the chosen option's weight; its multiple choice the sum of the chosen weights.
      return q.single ? draft({ type: 'single', options }) : draft({ type: 'multiple', scoring: 'partial', options });
    }
    case 'short': {
      if (q.caseSensitive) {
        throw new Refusal(q.line, 'answer', 'Case-sensitive short answers cannot be imported yet: the portal compares short answers without case');
      }
      const accepted: string[] = [];
      let dropped = 0;
      q.answers.forEach((a) => {
        if (a.fraction === 0) {
          // A 0% answer only carries feedback (Moodle gives it no marks, nor does the portal).
          dropped++;
          return;
        }
        if (a.fraction !== 100) {
          throw new Refusal(a.line ?? q.line, 'answer', `Partial credit (${a.fraction}%) on a short answer cannot be imported yet; list only fully right answers`);
        }
        if (/(^|[^\\])\*/.test(a.text)) {
          throw new Refusal(a.line ?? q.line, 'answer', `The answer "${a.text}" uses Moodle's * wildcard, which the portal cannot mark yet`);
        }
        lines[`accepted_answers.${accepted.length}`] = a.line ?? q.line;
        // Moodle writes \* for the character * itself.
        accepted.push(a.text.replace(/\\\*/g, '*'));
      });
      const out = draft({ type: 'short_answer', accepted_answers: accepted });
      if (dropped) out.notes = [...(out.notes ?? []), `${dropped} answer${dropped === 1 ? '' : 's'} worth 0% (feedback only) not kept`];
      return out;
    }
    case 'numeric': {
      const scored = q.answers.filter((a) => a.fraction !== 0);
      const other = scored.find((a) => a.fraction !== 100);
      if (other) {
        throw new Refusal(other.line ?? q.line, 'answer', `Partial credit (${other.fraction}%) on a numeric answer cannot be imported yet; keep one answer with its tolerance`);
      }
      if (scored.length !== 1 || scored[0].value === undefined) {
        throw new Refusal(q.line, 'answer', 'Only one fully right numeric answer can be imported (a value with its tolerance)');
      }
      const dropped = q.answers.length - 1;
      const out = draft({ type: 'numeric', numeric_value: scored[0].value, numeric_tolerance: scored[0].tolerance });
      if (dropped) out.notes = [...(out.notes ?? []), `${dropped} answer${dropped === 1 ? '' : 's'} worth 0% (feedback only) not kept`];
      return out;
    }
  }
}
