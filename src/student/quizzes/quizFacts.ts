import type { QuizSummary } from '../api/types';
import { formatDateTime, formatMinutes } from '../exam/timeFormat';

/** Words and order for quiz lists and the instruction page. */

const round = (n: number) => Math.round(n * 100) / 100;

/** '17 marks', or '10–19 marks' when the questions are drawn at random per student. */
export function marksText(quiz: Pick<QuizSummary, 'totalMarks' | 'totalMarksRange'>): string {
  if (quiz.totalMarks !== null) return `${round(quiz.totalMarks)} ${quiz.totalMarks === 1 ? 'mark' : 'marks'}`;
  const [min, max] = quiz.totalMarksRange;
  return `${round(min)}–${round(max)} marks (depends on the questions drawn for you)`;
}

/** '30 minutes', with the student's extra time when they have some. */
export function durationText(duration: number, extraMinutes = 0): string {
  return extraMinutes > 0 ? `${formatMinutes(duration)} + ${formatMinutes(extraMinutes)} extra time` : formatMinutes(duration);
}

/** 'Opens …, closes …', in the student's own locale and zone. */
export const windowText = (quiz: Pick<QuizSummary, 'validFrom' | 'validTo'>): string => `Opens ${formatDateTime(quiz.validFrom)}, closes ${formatDateTime(quiz.validTo)}`;

export type WindowState = 'upcoming' | 'open' | 'closed';

/** Where the quiz's window stands at a server time. */
export function windowState(quiz: Pick<QuizSummary, 'validFrom' | 'validTo'>, serverNow: number): WindowState {
  if (serverNow < quiz.validFrom) return 'upcoming';
  return serverNow < quiz.validTo ? 'open' : 'closed';
}

/** The attempt can still take answers (in progress, before its deadline). */
export const isResumable = (quiz: Pick<QuizSummary, 'attempt'>, serverNow: number): boolean =>
  quiz.attempt?.status === 'in_progress' && serverNow < quiz.attempt.deadline;

/** Upcoming quizzes: the one opening first at the top. */
export const sortUpcoming = <T extends Pick<QuizSummary, 'validFrom' | 'name'>>(quizzes: readonly T[]): T[] =>
  [...quizzes].sort((a, b) => a.validFrom - b.validFrom || a.name.localeCompare(b.name));

/** Available quizzes: attempts in progress first (the nearest deadline first), then the ones closing soonest. */
export const sortAvailable = <T extends Pick<QuizSummary, 'validTo' | 'name' | 'attempt'>>(quizzes: readonly T[]): T[] =>
  [...quizzes].sort((a, b) => {
    const aActive = a.attempt?.status === 'in_progress';
    const bActive = b.attempt?.status === 'in_progress';
    if (aActive !== bActive) return aActive ? -1 : 1;
    if (aActive && bActive) return a.attempt!.deadline - b.attempt!.deadline;
    return a.validTo - b.validTo || a.name.localeCompare(b.name);
  });

export const subjectsText = (quiz: Pick<QuizSummary, 'subjects'>): string =>
  quiz.subjects.map((s) => `${s.name} (${s.code})`).join(', ') || 'None listed';
