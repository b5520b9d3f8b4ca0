import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { forbidden } from '../lib/errors';

/**
 * What a session opened by an exam link may reach: that quiz's exam (instructions, Safe Exam
 * Browser configuration, start, paper, saves, submit, integrity events) and the student's own
 * results of it, besides checking and ending the session. Everything else is refused with 403:
 * a link sent by mail must not open the student's whole account (profile, other quizzes).
 */
export const EXAM_LINK_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/student/verify',
  'POST /api/auth/logout',
  'GET /api/student/quizzes/:quizId',
  'GET /api/student/quizzes/:quizId/seb',
  'POST /api/student/quizzes/:quizId/attempts',
  'GET /api/student/attempts',
  'GET /api/student/attempts/:attemptId',
  'PUT /api/student/attempts/:attemptId/answers/:questionId',
  'POST /api/student/attempts/:attemptId/submit',
  'POST /api/student/attempts/:attemptId/events',
  'GET /api/student/attempts/:attemptId/analysis',
  // The images of the paper (the route checks that the quiz's attempt refers to the image).
  'GET /api/question-images/:id',
]);

export const EXAM_LINK_ONLY = 'An exam link opens only its own quiz: sign in with your username and password for the rest of the portal';
export const EXAM_LINK_OTHER_QUIZ = 'This exam link is for another quiz: sign in with your username and password for other quizzes';

const MAX_ID = 2 ** 31 - 1;
const idOf = (value: string | undefined) => (value !== undefined && /^\d{1,10}$/.test(value) && Number(value) <= MAX_ID ? Number(value) : undefined);

/**
 * The check run for every request of an exam-link session, once it is authenticated. An attempt
 * never changes quiz, so which quiz an attempt belongs to is remembered (a save reads nothing more).
 * A malformed or unknown id is left to the route, which answers 400 or 404 as for anyone.
 */
export function examLinkScope(db: Kysely<Database>) {
  const quizOfAttempt = new Map<number, number>();
  return async (req: FastifyRequest, quizId: number): Promise<void> => {
    if (!EXAM_LINK_ROUTES.has(`${req.method} ${req.routeOptions.url}`)) throw forbidden(EXAM_LINK_ONLY);
    const params = (req.params ?? {}) as Record<string, string | undefined>;
    const quizParam = idOf(params.quizId);
    if (quizParam !== undefined && quizParam !== quizId) throw forbidden(EXAM_LINK_OTHER_QUIZ);
    const attemptId = idOf(params.attemptId);
    if (attemptId === undefined) return;
    let attemptQuiz = quizOfAttempt.get(attemptId);
    if (attemptQuiz === undefined) {
      const row = await db.selectFrom('attempts').select('quiz_id').where('id', '=', attemptId).executeTakeFirst();
      if (!row) return;
      attemptQuiz = row.quiz_id;
      if (quizOfAttempt.size >= 50_000) quizOfAttempt.clear();
      quizOfAttempt.set(attemptId, attemptQuiz);
    }
    if (attemptQuiz !== quizId) throw forbidden(EXAM_LINK_OTHER_QUIZ);
  };
}
