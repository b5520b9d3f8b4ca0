import type { HistoryEntry } from '../api/types';
import { awaitingGradingText } from '../../schemas/figures';
import { GRADING_METHOD_LABELS } from '../../schemas/quizzes';

const round = (n: number) => Math.round(n * 100) / 100;

/** '9 / 17', 'Pending teacher grading' or '—' (not submitted yet). */
export function scoreText(entry: Pick<HistoryEntry, 'status' | 'score' | 'maxScore' | 'pending'>): string {
  if (entry.status !== 'submitted') return '—';
  if (entry.pending) return 'Pending teacher grading';
  if (entry.score === null) return '—';
  return `${round(entry.score)} / ${round(entry.maxScore ?? 0)}`;
}

export function statusText(entry: Pick<HistoryEntry, 'status' | 'pending'>): string {
  if (entry.status === 'in_progress') return 'In progress';
  return entry.pending ? 'Submitted, pending grading' : 'Submitted';
}

/** Said under the student's figures that leave answers out until they are graded. */
export const leftOutText = (answers: number): string =>
  `${awaitingGradingText(answers)}: left out of these figures until your teacher grades ${answers === 1 ? 'it' : 'them'}.`;

/** '3 (highest grade)': the quiz grade by its grading method, or '—' while there is none or it is hidden. */
export function quizGradeText(entry: Pick<HistoryEntry, 'quizGrade' | 'gradingMethod'>): string {
  if (entry.quizGrade === null || entry.quizGrade === undefined) return '—';
  return entry.gradingMethod ? `${round(entry.quizGrade)} (${GRADING_METHOD_LABELS[entry.gradingMethod].toLowerCase()})` : String(round(entry.quizGrade));
}
