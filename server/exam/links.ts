import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';

/**
 * The query parameter of an exam link: `/?examToken=<token>` (the front end reads the same
 * name from src/config/examToken.ts).
 */
export { EXAM_TOKEN_PARAM as EXAM_LINK_PARAM } from '../../src/config/examToken';

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
    await db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('quiz_id', '=', quizId)
      .where('user_id', 'in', students)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
