import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { notFound } from '../lib/errors';
import { INTEGRITY_QUIZ_COLUMNS, type IntegrityQuiz } from './sebGate';

/**
 * The lookups behind the integrity routes: which quiz and attempt a request is about, and whether
 * the caller may see it. Each takes the database or a transaction.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** The quiz's integrity settings as stored now (the exam routes read them through SebGate's short cache instead). */
export const integrityQuiz = (db: Db, quizId: number) =>
  db.selectFrom('quizzes').select(INTEGRITY_QUIZ_COLUMNS).where('id', '=', quizId).executeTakeFirst() as Promise<IntegrityQuiz | undefined>;

/** The quiz's integrity settings if the teacher made it; 404 otherwise. */
export async function teachersIntegrityQuiz(db: Db, teacherId: number, quizId: number): Promise<IntegrityQuiz> {
  const quiz = await integrityQuiz(db, quizId);
  if (!quiz || quiz.created_by !== teacherId) throw notFound('Quiz not found');
  return quiz;
}

/** A student who may take the quiz (their group's published quiz, or a guest's one quiz). */
export async function studentMayTake(db: Db, userId: number, quizId: number): Promise<boolean> {
  const row = await db
    .selectFrom('quizzes as q')
    .select('q.id')
    .where('q.id', '=', quizId)
    .where('q.published', '=', 1)
    .where((eb) =>
      eb.or([
        eb('q.group_id', 'in', eb.selectFrom('group_students').select('group_id').where('student_id', '=', userId)),
        eb('q.id', '=', eb.selectFrom('users').select('guest_quiz_id').where('id', '=', userId)),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** The attempt's quiz, student and times, for recording its events; 404 unless it is the student's own. */
export async function studentsAttemptTimes(db: Db, studentId: number, attemptId: number) {
  const attempt = await db.selectFrom('attempts').select(['id', 'quiz_id', 'student_id', 'started_at', 'deadline']).where('id', '=', attemptId).executeTakeFirst();
  if (!attempt || attempt.student_id !== studentId) throw notFound('Attempt not found');
  return attempt;
}
