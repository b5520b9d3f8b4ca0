import { tableAdapter, type ResourceAdapter } from '../crud/adapter';
import { badRequest, conflict } from '../lib/errors';
import { entities } from '../../src/schemas';
import { SAVE_GRACE_MS } from '../exam/attempts';

const base = tableAdapter('feedbacks', Object.keys(entities.feedbacks.fields), { rename: { quiz: 'quiz_id' } });

/**
 * Feedback rows: the student who wrote one is its creator ('self'); the staff scopes are tested
 * on the quiz (scopeVia: quiz): a teacher's 'own' feedback is on the quizzes they created, a
 * department's or an institute's on its quizzes.
 */
export const feedbackAdapter: ResourceAdapter = {
  ...base,
  from: (db) => db.selectFrom('feedbacks as t').innerJoin('quizzes as q', 'q.id', 't.quiz_id'),
  scopeColumns: { ...base.scopeColumns, institute: 'q.institute_id', department: 'q.department_id', self: 't.created_by', owner: 'q.created_by' },
  // Students cannot browse quizzes, so the quiz is checked here rather than by visibility.
  checksReferences: ['quiz'],
  async insert(trx, row, caller) {
    // A student gives feedback only on a quiz of their own department (quizzes are given to the
    // department's groups), never on another institute's quiz or on one that does not exist,
    // and only once they have taken it: their attempt is submitted (or its time is over).
    const quiz =
      caller.departmentId === null
        ? undefined
        : await trx
            .selectFrom('quizzes')
            .select('id')
            .where('id', '=', Number(row.quiz))
            .where('department_id', '=', caller.departmentId)
            .executeTakeFirst();
    const attempt = quiz
      ? await trx.selectFrom('attempts').select(['status', 'deadline']).where('quiz_id', '=', quiz.id).where('student_id', '=', caller.userId).orderBy('attempt_no').limit(1).executeTakeFirst()
      : undefined;
    if (!quiz || !attempt) throw badRequest('Invalid quiz: Choose a valid quiz', { quiz: 'Choose a valid quiz' });
    if (attempt.status !== 'submitted' && Date.now() <= attempt.deadline + SAVE_GRACE_MS) {
      throw badRequest('You can give feedback after submitting this quiz', { quiz: 'You can give feedback after submitting this quiz' });
    }
    const given = await trx
      .selectFrom('feedbacks')
      .select('id')
      .where('quiz_id', '=', quiz.id)
      .where('created_by', '=', caller.userId)
      .executeTakeFirst();
    if (given) throw conflict('quiz', 'You have already given feedback on this quiz');
    return base.insert(trx, row, caller);
  },
};
