import type { AnalysisQuestion, CorrectAnswer, Outcome } from '../api/types';

export const OUTCOME_LABELS: Record<Outcome, string> = {
  correct: 'Correct',
  partial: 'Partly correct',
  wrong: 'Wrong',
  unanswered: 'Not answered',
  pending: 'Awaiting grading',
  graded: 'Graded by your teacher',
};

const round = (n: number) => Math.round(n * 100) / 100;

/** '2 of 2 marks', '−0.5 of 2 marks (penalty)', 'not graded yet'. */
export function marksGainedText(q: Pick<AnalysisQuestion, 'marksGained' | 'marks' | 'outcome'>): string {
  if (q.marksGained === null || q.outcome === 'pending') return `Not graded yet (out of ${q.marks})`;
  const gained = round(q.marksGained);
  return gained < 0 ? `−${Math.abs(gained)} of ${q.marks} marks (penalty for a wrong answer)` : `${gained} of ${q.marks} marks`;
}

/** The answer key in words, for the question types whose key is not a list of options. */
export function correctAnswerText(q: Pick<AnalysisQuestion, 'type' | 'options' | 'stems' | 'choices'>, correct: CorrectAnswer | undefined): string | undefined {
  if (correct === undefined || correct === null) return undefined;
  if (q.type === 'matching' && typeof correct === 'object' && !Array.isArray(correct)) {
    const right = correct as Record<string, string>;
    return (q.stems ?? []).map((s) => `${s.text} -> ${q.choices?.find((c) => c.id === right[s.id])?.text ?? ''}`).join('; ');
  }
  if (q.type === 'cloze' && typeof correct === 'object' && !Array.isArray(correct)) {
    return Object.entries(correct as Record<string, string>)
      .map(([n, text]) => `Gap ${n}: ${text}`)
      .join('; ');
  }
  if (typeof correct === 'boolean') return correct ? 'True' : 'False';
  if (Array.isArray(correct)) {
    if (q.type === 'short_answer') return correct.join('; ');
    return correct.map((id) => q.options?.find((o) => o.id === id)?.text ?? id).join('; ');
  }
  if (!('value' in correct)) return undefined;
  return correct.tolerance ? `${correct.value} (± ${correct.tolerance})` : String(correct.value);
}
