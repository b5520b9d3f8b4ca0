import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { newToken } from '../auth/tokens';
import type { GradingMethod } from '../db/tables';
import { quizGradeOf } from '../exam/quizGrade';

/**
 * The queries behind a teacher's management of one quiz (participants, exam links, guest link,
 * extra time, closing and grading attempts). Each takes the database or a transaction, so the
 * routes decide what runs together.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** The students of the quiz's group, by name. */
export const groupMembers = (db: Db, groupId: number) =>
  db
    .selectFrom('group_students')
    .innerJoin('users', 'users.id', 'group_students.student_id')
    .select(['users.id', 'users.username', 'users.fullname', 'users.email'])
    .where('group_students.group_id', '=', groupId)
    .orderBy('users.fullname')
    .execute();

/** Every attempt at the quiz, with its student's names, each student's first to last. */
export const attemptsOfQuiz = (db: Db, quizId: number) =>
  db
    .selectFrom('attempts')
    .innerJoin('users', 'users.id', 'attempts.student_id')
    .select([
      'attempts.id',
      'attempts.student_id',
      'attempts.attempt_no',
      'attempts.counted',
      'attempts.status',
      'attempts.started_at',
      'attempts.deadline',
      'attempts.submitted_at',
      'attempts.score',
      'attempts.max_score',
      'attempts.pending',
      'attempts.closed_by',
      'users.username',
      'users.fullname',
      'users.email',
    ])
    .where('attempts.quiz_id', '=', quizId)
    .orderBy('attempts.student_id')
    .orderBy('attempts.attempt_no')
    .execute();

type QuizAttempt = Awaited<ReturnType<typeof attemptsOfQuiz>>[number];

/** An attempt as the participants list shows it: the teacher's actions (extra time, close, integrity) act on its id. */
export const participantAttempt = (a: QuizAttempt) => ({
  id: a.id,
  number: a.attempt_no,
  status: a.status,
  startedAt: a.started_at,
  deadline: a.deadline,
  submittedAt: a.submitted_at,
  score: a.score,
  maxScore: a.max_score,
  pending: a.pending === 1,
  closedBy: a.closed_by,
  counted: a.counted === 1,
});

/**
 * Each student's attempts at the quiz: the latest (the running one, or the last finished: what
 * the teacher's actions on a participant act on), how many were used, every one of them, and the
 * quiz grade by the grading method.
 */
export function attemptsByStudent(attempts: readonly QuizAttempt[], method: GradingMethod) {
  const grouped = new Map<number, QuizAttempt[]>();
  for (const a of attempts) grouped.set(a.student_id, [...(grouped.get(a.student_id) ?? []), a]);
  return new Map(
    [...grouped].map(([studentId, own]) => {
      const sorted = [...own].sort((x, y) => x.attempt_no - y.attempt_no);
      return [studentId, { latest: sorted[sorted.length - 1], attemptsUsed: sorted.length, attempts: sorted.map(participantAttempt), grade: quizGradeOf(method, sorted).grade }];
    }),
  );
}

/** The quiz's exam-link tokens that still work at `now`. */
export const liveExamTokens = (db: Db, quizId: number, now: number) =>
  db
    .selectFrom('exam_tokens')
    .select(['user_id', 'token', 'expires_at'])
    .where('quiz_id', '=', quizId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();

/** Extra minutes granted per student for the quiz. */
export const accommodationsOf = (db: Db, quizId: number) =>
  db.selectFrom('accommodations').select(['student_id', 'extra_minutes']).where('quiz_id', '=', quizId).execute();

/** Revokes the student's working exam link for the quiz, if any, and issues a new one until `expiresAt`. */
export async function replaceExamToken(trx: Db, quizId: number, studentId: number, now: number, expiresAt: number): Promise<void> {
  await trx.updateTable('exam_tokens').set({ revoked_at: now }).where('quiz_id', '=', quizId).where('user_id', '=', studentId).where('revoked_at', 'is', null).execute();
  await trx.insertInto('exam_tokens').values({ token: newToken(), user_id: studentId, quiz_id: quizId, created_at: now, expires_at: expiresAt, revoked_at: null }).execute();
}

/** Sets (a token) or clears (null) the quiz's guest link. */
export async function setGuestToken(db: Db, quizId: number, token: string | null): Promise<void> {
  await db.updateTable('quizzes').set({ guest_token: token, updated_at: Date.now() }).where('id', '=', quizId).execute();
}

/** Replaces the student's extra minutes for the quiz (0: none). */
export async function setExtraMinutes(trx: Db, quizId: number, studentId: number, extraMinutes: number): Promise<void> {
  await trx.deleteFrom('accommodations').where('quiz_id', '=', quizId).where('student_id', '=', studentId).execute();
  if (extraMinutes > 0) await trx.insertInto('accommodations').values({ quiz_id: quizId, student_id: studentId, extra_minutes: extraMinutes }).execute();
}

/** Moves the deadline of an attempt that is still in progress. */
export async function moveDeadline(trx: Db, attemptId: number, deadline: number): Promise<void> {
  await trx.updateTable('attempts').set({ deadline, updated_at: Date.now() }).where('id', '=', attemptId).where('status', '=', 'in_progress').execute();
}

/** Which quiz an attempt belongs to, or undefined when there is no such attempt. */
export const attemptQuiz = (db: Db, attemptId: number) =>
  db.selectFrom('attempts').select(['id', 'quiz_id']).where('id', '=', attemptId).executeTakeFirst();

/** An attempt at the quiz, whole, or undefined when the quiz has no such attempt. */
export const attemptAtQuiz = (db: Db, quizId: number, attemptId: number) =>
  db.selectFrom('attempts').selectAll().where('id', '=', attemptId).where('quiz_id', '=', quizId).executeTakeFirst();

/** The saved answers of an attempt. */
export const answersOf = (db: Db, attemptId: number) =>
  db.selectFrom('answers').select(['question_id', 'response', 'marks', 'outcome', 'comment']).where('attempt_id', '=', attemptId).execute();

/** The names of a student, for the grading screen. */
export const studentNames = (db: Db, studentId: number) =>
  db.selectFrom('users').select(['fullname', 'username']).where('id', '=', studentId).executeTakeFirstOrThrow();

/** Whether the attempt has an answer to the question. */
export const hasAnswer = async (db: Db, attemptId: number, questionId: number): Promise<boolean> =>
  (await db.selectFrom('answers').select('question_id').where('attempt_id', '=', attemptId).where('question_id', '=', questionId).executeTakeFirst()) !== undefined;

/** Records the teacher's marks for a descriptive answer, and the comment the student sees with them (undefined leaves the comment as it is). */
export async function gradeAnswer(db: Db, attemptId: number, questionId: number, marks: number, comment?: string | null): Promise<void> {
  await db
    .updateTable('answers')
    .set({ marks, outcome: 'graded', ...(comment === undefined ? {} : { comment }) })
    .where('attempt_id', '=', attemptId)
    .where('question_id', '=', questionId)
    .execute();
}
