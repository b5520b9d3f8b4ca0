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
 * removes any; a teacher reads the feedback on quizzes they created ('own', tested on the quiz).
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
    list: ['ADMIN', 'TEACHER'],
    read: ['ADMIN', 'TEACHER'],
    create: ['STUDENT'],
    delete: ['ADMIN'],
  },
  scope: { STUDENT: 'self', ADMIN: 'all', TEACHER: 'own' },
  scopeVia: { own: 'quiz' },
  areas: { ADMIN: 'feedbacks' },
});
