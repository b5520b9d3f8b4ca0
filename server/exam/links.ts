import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { prepared } from '../db/prepared';

/**
 * The query parameter of an exam link: `/?examToken=<token>` (the front end reads the same
 * name from src/config/examToken.ts).
 */
export { EXAM_TOKEN_PARAM as EXAM_LINK_PARAM } from '../../src/config/examToken';

const endOneQuery = prepared((db, now: number, quizId: number, studentId: number) =>
  db.updateTable('sessions').set({ revoked_at: now }).where('quiz_id', '=', quizId).where('user_id', '=', studentId).where('revoked_at', 'is', null),
);

/**
 * Ends the exam-link sessions of these students for these quizzes: an exam link opens one exam,
 * and that session ends when its attempt is submitted (by the student, at the deadline, or by the
 * teacher). Runs in the transaction that closes the attempts.
 */
export async function endExamLinkSessions(
  db: Kysely<Database> | Transaction<Database>,
  closed: readonly { quiz_id: number; student_id: number }[],
  now: number,
): Promise<void> {
  const studentsOf = new Map<number, number[]>();
  for (const a of closed) {
    const list = studentsOf.get(a.quiz_id);
    if (list) list.push(a.student_id);
    else studentsOf.set(a.quiz_id, [a.student_id]);
  }
  for (const [quizId, students] of studentsOf) {
    // One student (a submission): compiled once, as a whole hall submits at once.
    if (students.length === 1) await endOneQuery.all(db, now, quizId, students[0]);
    else await db.updateTable('sessions').set({ revoked_at: now }).where('quiz_id', '=', quizId).where('user_id', 'in', students).where('revoked_at', 'is', null).execute();
  }
}

/** The quiz of a guest link's token, whole, or undefined. */
export const quizOfGuestToken = (db: Kysely<Database> | Transaction<Database>, token: string) =>
  db.selectFrom('quizzes').selectAll().where('guest_token', '=', token).executeTakeFirst();

/** An exam link's token with its quiz's name and closing time and its account's role, or undefined. */
export const examLinkToken = (db: Kysely<Database> | Transaction<Database>, token: string) =>
  db
    .selectFrom('exam_tokens')
    .innerJoin('quizzes', 'quizzes.id', 'exam_tokens.quiz_id')
    .innerJoin('users', 'users.id', 'exam_tokens.user_id')
    .select(['exam_tokens.user_id', 'exam_tokens.expires_at', 'exam_tokens.revoked_at', 'exam_tokens.single_use', 'quizzes.id as quizId', 'quizzes.name as quizName', 'quizzes.valid_to', 'users.role'])
    .where('exam_tokens.token', '=', token)
    .executeTakeFirst();

/**
 * Spends a one-time exam-link token (an LMS launch's): true for the one caller that revokes it,
 * false when it was used already.
 */
export async function spendSingleUseToken(db: Kysely<Database> | Transaction<Database>, token: string, now: number): Promise<boolean> {
  const moved = await db.updateTable('exam_tokens').set({ revoked_at: now }).where('token', '=', token).where('single_use', '=', 1).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
