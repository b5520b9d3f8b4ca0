import type { QuizSummary } from '../api/types';
import { GRADING_METHOD_LABELS } from '../../schemas/quizzes';
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

const pad = (n: number) => String(n).padStart(2, '0');
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** '14:30' in the student's zone, with the date before it when that is not today ('today' by `localNow`). */
export function clockText(epochMs: number, localNow: number = Date.now()): string {
  const at = new Date(epochMs);
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  return at.toDateString() === new Date(localNow).toDateString() ? time : `${dateFormat.format(at)} ${time}`;
}

type AttemptsQuiz = Pick<QuizSummary, 'attempt' | 'attemptsUsed' | 'attemptsAllowed' | 'nextAttemptAt' | 'grade' | 'gradingMethod' | 'totalMarks'>;

/** The quiz allows more than one attempt (a one-attempt quiz keeps its short facts). */
export const manyAttempts = (quiz: Pick<QuizSummary, 'attemptsAllowed'>): boolean => quiz.attemptsAllowed !== 1;

/**
 * What a student reads about the attempts of a quiz that allows several: used and left, when the
 * next may start while a delay runs, and the quiz grade by its grading method once an attempt is
 * finished. Terms and texts for a FactList (or a card's list).
 */
export function attemptFacts(quiz: AttemptsQuiz, serverNow: number, localNow: number = Date.now()): { term: string; text: string }[] {
  if (!manyAttempts(quiz)) return [];
  const facts = [];
  const unlimited = quiz.attemptsAllowed === 0;
  facts.push({ term: 'Attempts', text: unlimited ? `${quiz.attemptsUsed} used (unlimited)` : `${quiz.attemptsUsed} of ${quiz.attemptsAllowed} used` });
  if (!unlimited) facts.push({ term: 'Attempts left', text: String(Math.max(0, quiz.attemptsAllowed - quiz.attemptsUsed)) });
  if (quiz.nextAttemptAt !== null && quiz.nextAttemptAt > serverNow) facts.push({ term: 'Next attempt from', text: clockText(quiz.nextAttemptAt, localNow) });
  if (quiz.grade !== null) {
    const outOf = quiz.totalMarks !== null ? ` / ${round(quiz.totalMarks)}` : '';
    facts.push({ term: 'Grade', text: `${round(quiz.grade)}${outOf} (${GRADING_METHOD_LABELS[quiz.gradingMethod].toLowerCase()})` });
  }
  return facts;
}

/** The Start button of a later attempt names it: 'Start attempt 2'. */
export const startLabel = (quiz: Pick<QuizSummary, 'attemptsUsed' | 'attemptsAllowed'>, first: string): string => (manyAttempts(quiz) && quiz.attemptsUsed > 0 ? `Start attempt ${quiz.attemptsUsed + 1}` : first);

const GRADE_IS: Record<QuizSummary['gradingMethod'], string> = {
  highest: 'the highest mark of your attempts',
  average: 'the average mark of your attempts',
  first: 'the mark of your first attempt',
  last: 'the mark of your last attempt',
};

/** 'You have one attempt.' and its words for a quiz that allows several. */
export function attemptsRuleText(quiz: Pick<QuizSummary, 'attemptsAllowed' | 'gradingMethod'>): string {
  if (!manyAttempts(quiz)) return 'You have one attempt.';
  const count = quiz.attemptsAllowed === 0 ? 'You may make as many attempts as you like' : `You have ${quiz.attemptsAllowed} attempts`;
  return `${count}; your quiz grade is ${GRADE_IS[quiz.gradingMethod]}.`;
}
