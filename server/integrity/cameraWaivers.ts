import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { notFound } from '../lib/errors';

/**
 * Camera waivers: the teacher lets a named student take a face-detection quiz without a camera
 * (an accommodation, recorded with the attempt). Each query takes the database or a transaction.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** The teacher's own quiz; 404 otherwise. */
async function teachersQuiz(db: Db, teacherId: number, quizId: number) {
  const quiz = await db.selectFrom('quizzes').select(['id', 'created_by', 'group_id']).where('id', '=', quizId).executeTakeFirst();
  if (!quiz || quiz.created_by !== teacherId) throw notFound('Quiz not found');
  return quiz;
}

/** Checks that the quiz is the teacher's and the student takes it (a member of its group, or its guest); 404 otherwise. */
export async function assertStudentOfTeachersQuiz(db: Db, teacherId: number, quizId: number, studentId: number): Promise<void> {
  const quiz = await teachersQuiz(db, teacherId, quizId);
  const member = quiz.group_id
    ? await db.selectFrom('group_students').select('student_id').where('group_id', '=', quiz.group_id).where('student_id', '=', studentId).executeTakeFirst()
    : undefined;
  const guest = await db.selectFrom('users').select('id').where('id', '=', studentId).where('guest_quiz_id', '=', quizId).executeTakeFirst();
  if (!member && !guest) throw notFound('This student does not take this quiz');
}

/** Grants the waiver (granting it again changes nothing). */
export const grantCameraWaiver = (db: Db, quizId: number, studentId: number, grantedBy: number, now: number) =>
  db
    .insertInto('camera_waivers')
    .values({ quiz_id: quizId, student_id: studentId, granted_by: grantedBy, granted_at: now })
    .onConflict((oc) => oc.columns(['quiz_id', 'student_id']).doNothing())
    .execute();

export const withdrawCameraWaiver = (db: Db, quizId: number, studentId: number) =>
  db.deleteFrom('camera_waivers').where('quiz_id', '=', quizId).where('student_id', '=', studentId).execute();

/** The waivers of the teacher's own quiz (404 otherwise): who, and since when. */
export async function cameraWaiversOfTeachersQuiz(db: Db, teacherId: number, quizId: number) {
  const quiz = await db.selectFrom('quizzes').select(['id', 'created_by']).where('id', '=', quizId).executeTakeFirst();
  if (!quiz || quiz.created_by !== teacherId) throw notFound('Quiz not found');
  const rows = await db.selectFrom('camera_waivers').select(['student_id', 'granted_at']).where('quiz_id', '=', quiz.id).execute();
  return rows.map((r) => ({ studentId: r.student_id, grantedAt: Number(r.granted_at) }));
}
