import { tableAdapter, type ResourceAdapter } from '../crud/adapter';
import { entities } from '../../src/schemas';

const base = tableAdapter('feedbacks', Object.keys(entities.feedbacks.fields), { rename: { quiz: 'quiz_id' } });

/**
 * Feedback rows: the student who wrote one is its creator ('self'); a teacher's 'own'
 * feedback is the feedback on quizzes that teacher created (scopeVia: quiz).
 */
export const feedbackAdapter: ResourceAdapter = {
  ...base,
  from: (db) => db.selectFrom('feedbacks as t').innerJoin('quizzes as q', 'q.id', 't.quiz_id'),
  scopeColumns: { ...base.scopeColumns, self: 't.created_by', owner: 'q.created_by' },
};
