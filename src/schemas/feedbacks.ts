import { z } from 'zod';
import { defineEntity } from './entity';
import { idRef, intInRange, optionalText } from './fields';

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const FEEDBACK_COMMENT_MAX = 2000;

/** A student's feedback on a quiz they took. */
export const feedbackSchema = z.object({
  quiz: idRef('Quiz is required'),
  rating: intInRange('Rating is required', 'Rating must be a whole number from 1 to 5', RATING_MIN, RATING_MAX),
  comment: optionalText('Comment', FEEDBACK_COMMENT_MAX),
});
export type FeedbackInput = z.input<typeof feedbackSchema>;
export type Feedback = z.infer<typeof feedbackSchema>;
export type FeedbackRecord = Feedback & { id: number };

/**
 * A student gives feedback as themselves ('self': the server records the caller as the
 * author, and should accept it only on a quiz the student attempted); the admin reads and
 * removes any; the staff read the feedback on the quizzes they answer for, each scope tested on
 * the quiz (scopeVia): a teacher on the quizzes they created ('own'), a department head on their
 * department's quizzes, an institute head on their institute's.
 */
export const feedbackEntity = defineEntity({
  resource: 'feedbacks',
  label: 'Feedbacks',
  singular: 'Feedback',
  schema: feedbackSchema,
  fields: {
    quiz: { label: 'Quiz', list: true, filter: true, sortable: true, reference: { resource: 'quizzes', display: 'name' } },
    rating: { label: 'Rating', list: true, filter: true, sortable: true },
    comment: { label: 'Comment', list: true, search: true, widget: 'textarea' },
  },
  recordRepresentation: 'comment',
  access: {
    list: ['ADMIN', 'INSTITUTE-HEAD', 'DEPARTMENT-HEAD', 'TEACHER'],
    read: ['ADMIN', 'INSTITUTE-HEAD', 'DEPARTMENT-HEAD', 'TEACHER'],
    create: ['STUDENT'],
    delete: ['ADMIN'],
  },
  scope: { STUDENT: 'self', ADMIN: 'all', 'INSTITUTE-HEAD': 'institute', 'DEPARTMENT-HEAD': 'department', TEACHER: 'own' },
  scopeVia: { own: 'quiz', department: 'quiz', institute: 'quiz' },
  // The institute head's sections have singular names (department, teacher, ...).
  areas: { ADMIN: 'feedbacks', 'INSTITUTE-HEAD': 'feedback', 'DEPARTMENT-HEAD': 'feedbacks', TEACHER: 'feedbacks' },
});
