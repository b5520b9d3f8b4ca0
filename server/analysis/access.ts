import type { Kysely } from 'kysely';
import type { SessionUser } from '../auth/sessions';
import type { Database } from '../db/tables';
import { loadQuiz } from '../exam/attempts';
import { notFound } from '../lib/errors';

export type AnalysedQuiz = NonNullable<Awaited<ReturnType<typeof loadQuiz>>>;

/** Who may read a quiz's analysis: its teacher, and the heads of its department and of its institute. */
export function mayAnalyse(user: SessionUser, quiz: Pick<AnalysedQuiz, 'created_by' | 'department_id' | 'institute_id'>): boolean {
  switch (user.role) {
    case 'TEACHER':
      return quiz.created_by === user.userId;
    case 'DEPARTMENT-HEAD':
      return quiz.department_id !== null && quiz.department_id === user.departmentId;
    case 'INSTITUTE-HEAD':
      return quiz.institute_id !== null && quiz.institute_id === user.instituteId;
    default:
      return false;
  }
}

/** The quiz if the caller may analyse it; 404 otherwise (another tenant's quiz is not there for them). */
export async function analysableQuiz(db: Kysely<Database>, user: SessionUser, quizId: number): Promise<AnalysedQuiz> {
  const quiz = await loadQuiz(db, quizId);
  if (!quiz || !mayAnalyse(user, quiz)) throw notFound('Quiz not found');
  return quiz;
}
