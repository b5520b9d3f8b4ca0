import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { InstructionPage } from '../../../src/student/quizzes/InstructionPage';
import { attemptFacts, attemptsRuleText, clockText, startLabel } from '../../../src/student/quizzes/quizFacts';
import type { QuizSummary } from '../../../src/student/api/types';
import { renderRoutes } from '../helpers/renderRoutes';
import { resetToastsAfterEach, toastSummaries } from '../helpers/toasts';
import { useMswServer } from '../helpers/mswServer';
import { studentPaths } from '../../../src/student/paths';
import { DEFAULT_REVIEW } from '../../../src/schemas/quizzes';

const MINUTE = 60_000;
const AT_1430 = new Date(2030, 0, 2, 14, 30).getTime();
const SAME_DAY = new Date(2030, 0, 2, 9, 5).getTime();

type AttemptsQuiz = Parameters<typeof attemptFacts>[0];
const finished = { id: 4, number: 1, status: 'submitted' as const, deadline: 0, startedAt: 0, submittedAt: 0, score: 7, maxScore: 10, pending: false };
const quiz = (overrides: Partial<QuizSummary> = {}): AttemptsQuiz => ({
  attempt: null,
  attemptsUsed: 0,
  attemptsAllowed: 3,
  nextAttemptAt: null,
  grade: null,
  gradingMethod: 'highest',
  totalMarks: 10,
  ...overrides,
});
const texts = (q: AttemptsQuiz, serverNow = SAME_DAY, localNow = SAME_DAY) => attemptFacts(q, serverNow, localNow).map((f) => `${f.term}: ${f.text}`);

describe('the attempt facts of a quiz', () => {
  it('says nothing more for a one-attempt quiz, whatever happened', () => {
    expect(texts(quiz({ attemptsAllowed: 1 }))).toEqual([]);
    expect(texts(quiz({ attemptsAllowed: 1, attemptsUsed: 1, attempt: finished, grade: 7 }))).toEqual([]);
    expect(attemptsRuleText(quiz({ attemptsAllowed: 1 }) as QuizSummary)).toBe('You have one attempt.');
    expect(startLabel({ attemptsAllowed: 1, attemptsUsed: 1 }, 'Start exam')).toBe('Start exam');
  });

  it('counts attempts used and left, limited or not', () => {
    expect(texts(quiz())).toEqual(['Attempts: 0 of 3 used', 'Attempts left: 3']);
    expect(texts(quiz({ attemptsUsed: 1, attempt: finished, grade: 7 }))).toEqual(['Attempts: 1 of 3 used', 'Attempts left: 2', 'Grade: 7 / 10 (highest grade)']);
    expect(texts(quiz({ attemptsAllowed: 0, attemptsUsed: 2, attempt: finished, grade: 6.5, gradingMethod: 'average' }))).toEqual([
      'Attempts: 2 used (unlimited)',
      'Grade: 6.5 / 10 (average grade)',
    ]);
  });

  it('gives the grade without its maximum when the papers differ in marks', () => {
    expect(texts(quiz({ attemptsUsed: 1, attempt: finished, grade: 7.126, totalMarks: null, gradingMethod: 'last' }))).toContain('Grade: 7.13 (last attempt)');
  });

  it('says when the next attempt may start while the delay runs, with the date when it is not today', () => {
    const waiting = quiz({ attemptsUsed: 1, attempt: finished, grade: 7, nextAttemptAt: AT_1430 });
    expect(texts(waiting)).toContain('Next attempt from: 14:30');
    expect(texts(waiting, AT_1430)).not.toContain('Next attempt from: 14:30');
    expect(clockText(AT_1430, AT_1430 - 24 * 60 * MINUTE)).toMatch(/^.+2030.* 14:30$/);
    expect(clockText(AT_1430, SAME_DAY)).toBe('14:30');
  });

  it('names a later attempt on its Start button and the grading method in the rules', () => {
    expect(startLabel({ attemptsAllowed: 3, attemptsUsed: 0 }, 'Start exam')).toBe('Start exam');
    expect(startLabel({ attemptsAllowed: 3, attemptsUsed: 1 }, 'Start exam')).toBe('Start attempt 2');
    expect(attemptsRuleText({ attemptsAllowed: 3, gradingMethod: 'highest' })).toBe('You have 3 attempts; your quiz grade is the highest mark of your attempts.');
    expect(attemptsRuleText({ attemptsAllowed: 0, gradingMethod: 'first' })).toBe('You may make as many attempts as you like; your quiz grade is the mark of your first attempt.');
  });
});

const server = useMswServer();

function quizDetail(overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    id: 9,
    name: 'Practice quiz',
    subjects: [],
    questionCount: 2,
    totalMarks: 10,
    totalMarksRange: [10, 10],
    duration: 30,
    visibleFrom: now - 20 * MINUTE,
    validFrom: now - 10 * MINUTE,
    validTo: now + 60 * MINUTE,
    negativeMarking: false,
    negativePenalty: 0.25,
    faceDetection: false,
    safeExamBrowser: false,
    instructions: null,
    review: DEFAULT_REVIEW,
    attempt: { ...finished, deadline: now - MINUTE, startedAt: now - 20 * MINUTE, submittedAt: now - 2 * MINUTE },
    attemptsUsed: 1,
    attemptsAllowed: 3,
    nextAttemptAt: null,
    grade: 7,
    gradingMethod: 'highest',
    extraMinutes: 0,
    open: true,
    serverTime: now,
    ...overrides,
  };
}

describe('instruction page of a quiz with several attempts', () => {
  resetToastsAfterEach();
  const open = (quiz: ReturnType<typeof quizDetail>) => {
    server.use(http.get('/api/student/quizzes/9', () => HttpResponse.json({ success: true, message: 'OK', data: quiz })));
    renderRoutes([{ path: '/student/availableQuiz/instruction/:quizId', element: <InstructionPage /> }], '/student/availableQuiz/instruction/9');
  };
  const fact = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

  it('shows the attempts and the grade, and offers the next attempt by its number', async () => {
    open(quizDetail());
    expect(await screen.findByRole('button', { name: 'Start attempt 2' })).toBeEnabled();
    expect(fact('Attempts')).toBe('1 of 3 used');
    expect(fact('Attempts left')).toBe('2');
    expect(fact('Grade')).toBe('7 / 10 (highest grade)');
    expect(screen.getByText('You have 3 attempts; your quiz grade is the highest mark of your attempts.')).toBeInTheDocument();
  });

  it('waits for the delay between attempts and enables Start by itself when it ends', async () => {
    const at = Date.now() + 1500;
    open(quizDetail({ nextAttemptAt: at }));
    const button = await screen.findByRole('button', { name: 'Start attempt 2' });
    expect(button).toBeDisabled();
    expect(screen.getByText(`You can start your next attempt at ${clockText(at)}.`).closest('[data-start-block]')).toHaveAttribute('data-start-block', 'next-attempt');
    expect(fact('Next attempt from')).toBe(clockText(at));
    await expect.poll(() => screen.getByRole('button', { name: 'Start attempt 2' }).hasAttribute('disabled'), { timeout: 4000 }).toBe(false);
    expect(screen.queryByText('Next attempt from')).toBeNull();
  });

  it('says no attempts are left, with the last result, and offers no Start', async () => {
    open(quizDetail({ attemptsUsed: 3 }));
    expect(await screen.findByText('No attempts left.')).toBeInTheDocument();
    expect(screen.getByText(/You have used every attempt at this quiz/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your last result' })).toHaveAttribute('href', studentPaths.analysis(4));
    expect(screen.queryByRole('button', { name: /Start/ })).toBeNull();
    expect(fact('Attempts left')).toBe('0');
  });

  it('shows a refused start in the server’s words with the help', async () => {
    server.use(
      http.post('/api/student/quizzes/9/attempts', () =>
        HttpResponse.json({ success: false, message: 'You can start your next attempt at 14:30', data: { reason: 'delay', nextAttemptAt: Date.now() + MINUTE } }, { status: 409 }),
      ),
    );
    open(quizDetail());
    fireEvent.click(await screen.findByRole('button', { name: 'Start attempt 2' }));
    expect(await screen.findByText('You can start your next attempt at 14:30.')).toBeInTheDocument();
    expect(screen.getByText(/this page enables Start by itself at that time/)).toBeInTheDocument();
    expect(toastSummaries()).toEqual([]);
  });
});
