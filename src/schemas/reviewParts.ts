import { answersOf, gapFraction, gapRightAnswer, hasOptions, type ClozeGap } from './cloze';

/**
 * A review of a matching or Cloze answer part by part, as Moodle's review shows it: for each
 * subquestion (matching) or gap (Cloze) what was answered, whether it was right, the right answer,
 * and for a gap the feedback of the answer that matched (or of each chosen option) and the gap's
 * mark. The server builds it for the student's review (only once the answers are released) and the
 * teacher's screens build it from the answer key; both use this one function, so they agree.
 */

export type PartState = 'right' | 'partial' | 'wrong' | 'unanswered';

export interface ReviewPart {
  /** The subquestion's text, or "Gap n". */
  label: string;
  /** What was answered, in words ('' when nothing). */
  response: string;
  state: PartState;
  /** The right answer in words. */
  correct: string;
  /** Feedback of what was answered (Cloze gaps). */
  feedback: string[];
  /** Cloze gaps: the marks this gap earned and could earn, as shares of the question's marks. */
  mark?: number;
  max?: number;
}

const round = (n: number) => Math.round(n * 100) / 100 + 0;
const partOf = (response: unknown, part: string): string | undefined => {
  if (typeof response !== 'object' || response === null || Array.isArray(response)) return undefined;
  const value = (response as Record<string, unknown>)[part];
  return typeof value === 'string' ? value : undefined;
};

/** Moodle's states for a fraction (question_state::graded_state_for_fraction). */
export function stateOf(fraction: number | null): PartState {
  if (fraction === null) return 'unanswered';
  if (fraction > 1 - 0.000001) return 'right';
  if (fraction >= 0.000001) return 'partial';
  return 'wrong';
}

/** Each subquestion of a matching answer: the choice made, right or wrong, and the right choice. */
export function matchingParts(
  stems: readonly { id: string; text: string }[],
  choices: readonly { id: string; text: string }[],
  right: Readonly<Record<string, string>>,
  response: unknown,
): ReviewPart[] {
  const text = (id: string | undefined) => choices.find((c) => c.id === id)?.text ?? '';
  return stems.map((stem) => {
    const chosen = partOf(response, stem.id);
    const answered = chosen !== undefined && chosen.trim() !== '';
    return {
      label: stem.text,
      response: answered ? text(chosen) : '',
      state: !answered ? 'unanswered' : chosen === right[stem.id] ? 'right' : 'wrong',
      correct: text(right[stem.id]),
      feedback: [],
    };
  });
}

/**
 * Each gap of a Cloze answer: what was typed or chosen, its state, the right answer, the feedback of
 * the matching answer (each chosen option's for a multiple-response gap), and its marks: the gap's
 * fraction times its weight's share of the question's marks (Moodle's subquestion mark when the
 * question's marks are the sum of its gap weights, as Moodle's default mark is).
 */
export function clozeParts(gaps: readonly ClozeGap[], response: unknown, marks: number): ReviewPart[] {
  const total = gaps.reduce((sum, g) => sum + g.weight, 0);
  return gaps.map((gap) => {
    const value = partOf(response, String(gap.n));
    const fraction = gapFraction(gap, value);
    const chosen = answersOf(gap, value);
    const max = total > 0 ? (gap.weight / total) * marks : 0;
    const shown = value === undefined || value.trim() === '' ? '' : hasOptions(gap) ? chosen.map((a) => a.text).join(', ') : value.trim();
    return {
      label: `Gap ${gap.n}`,
      response: shown,
      state: stateOf(fraction),
      correct: gapRightAnswer(gap),
      feedback: chosen.map((a) => a.feedback).filter((f) => f.trim() !== ''),
      mark: round((fraction ?? 0) * max),
      max: round(max),
    };
  });
}

export const PART_STATE_LABELS: Record<PartState, string> = {
  right: 'Right',
  partial: 'Partly right',
  wrong: 'Wrong',
  unanswered: 'Not answered',
};
