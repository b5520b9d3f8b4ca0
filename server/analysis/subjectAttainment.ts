import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { SessionUser } from '../auth/sessions';
import { notFound } from '../lib/errors';
import { loadQuizReport } from './report';
import { levelOf } from './attainment';
import { addTally, emptyTally, percentOf, type MarksTally } from './marksTally';
import type { SubjectAttainment } from '../../src/schemas/subjects';
import { DEFAULT_ATTAINMENT_LEVELS } from '../../src/schemas/quizzes';

/**
 * Course-outcome attainment of one of the teacher's subjects across the teacher's quizzes of that
 * subject. Each module's figure is the one module figure (marks earned / marks available over the
 * graded answers, marksTally.ts), pooled over the quizzes; each point is the same over one quiz.
 */
export async function subjectAttainment(
  db: Kysely<Database>,
  user: SessionUser,
  subjectId: number,
  /** Closes a quiz's expired attempts before its figures are read (sweepExpiredAttempts). */
  closeExpired: (quizId: number) => Promise<unknown> = async () => undefined,
): Promise<SubjectAttainment> {
  const subject = await db
    .selectFrom('subjects')
    .innerJoin('teacher_subjects', 'teacher_subjects.subject_id', 'subjects.id')
    .select(['subjects.id', 'subjects.subjectname'])
    .where('subjects.id', '=', subjectId)
    .where('teacher_subjects.teacher_id', '=', user.userId)
    .executeTakeFirst();
  if (!subject) throw notFound('Subject not found');
  const quizzes = await db
    .selectFrom('quizzes')
    .innerJoin('quiz_subjects', 'quiz_subjects.quiz_id', 'quizzes.id')
    .selectAll('quizzes')
    .where('quiz_subjects.subject_id', '=', subjectId)
    .where('quizzes.created_by', '=', user.userId)
    .orderBy('quizzes.valid_from')
    .orderBy('quizzes.id')
    .execute();
  const subjectModules = await db.selectFrom('modules').select(['id', 'course_outcome_name']).where('subject_id', '=', subjectId).orderBy('id').execute();
  const points = new Map<number, SubjectAttainment['modules'][number]['points']>(subjectModules.map((m) => [m.id, []]));
  const pooled = new Map<number, { marks: MarksTally; n: number; reached: number }>(subjectModules.map((m) => [m.id, { marks: emptyTally(), n: 0, reached: 0 }]));
  const summary: SubjectAttainment['quizzes'] = [];
  let levels = DEFAULT_ATTAINMENT_LEVELS;
  for (const quiz of quizzes) {
    await closeExpired(quiz.id);
    const report = await loadQuizReport(db, quiz);
    summary.push({ quizId: quiz.id, name: quiz.name, validFrom: quiz.valid_from, attempts: report.students.length, pending: report.pendingAnswers });
    levels = report.attainmentLevels;
    for (const m of report.modules) {
      const list = points.get(m.moduleId);
      if (!list || (m.available === 0 && m.pending === 0)) continue;
      const pool = pooled.get(m.moduleId)!;
      addTally(pool.marks, m);
      // A quiz whose answers on the module all wait for grading has no point yet: it only says so.
      if (m.available === 0) continue;
      list.push({ quizId: quiz.id, quizName: quiz.name, validFrom: quiz.valid_from, mean: m.mean, reached: m.reached, level: m.level, pending: m.pending });
      for (const s of report.students) {
        const percent = s.modules[String(m.moduleId)];
        if (percent === undefined) continue;
        pool.n += 1;
        if (percent >= report.attainmentTarget - 1e-9) pool.reached += 1;
      }
    }
  }
  return {
    subjectId: subject.id,
    name: subject.subjectname,
    quizzes: summary,
    modules: subjectModules.map((m) => {
      const pool = pooled.get(m.id)!;
      const list = points.get(m.id)!;
      const reached = pool.n ? (100 * pool.reached) / pool.n : null;
      const first = list[0]?.mean;
      const last = list[list.length - 1]?.mean;
      return {
        moduleId: m.id,
        name: m.course_outcome_name,
        mean: percentOf(pool.marks),
        pending: pool.marks.pending,
        reached,
        level: reached === null ? null : levelOf(reached, levels),
        points: list,
        trend: list.length >= 2 && first != null && last != null ? last - first : null,
      };
    }),
  };
}
