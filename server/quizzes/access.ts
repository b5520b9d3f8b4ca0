import type { Kysely } from 'kysely';
import type { SessionUser } from '../auth/sessions';
import type { Database } from '../db/tables';
import { loadQuiz } from '../exam/attempts';
import { notFound } from '../lib/errors';

export type ManagedQuiz = NonNullable<Awaited<ReturnType<typeof loadQuiz>>>;

/**
 * A quiz its caller may manage (overrides, LMS links): a teacher their own, a department head those
 * of their department. Anyone else does not see it: 404, as for a quiz that does not exist.
 */
export async function manageableQuiz(db: Kysely<Database>, user: SessionUser, id: number): Promise<ManagedQuiz> {
  const quiz = await loadQuiz(db, id);
  const allowed =
    quiz && (user.role === 'TEACHER' ? quiz.created_by === user.userId : quiz.department_id !== null && quiz.department_id === user.departmentId);
  if (!quiz || !allowed) throw notFound('Quiz not found');
  return quiz;
}
