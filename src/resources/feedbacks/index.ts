import { entities } from '../../schemas';
import { resourceFromEntity } from '../generator';
import { FeedbackListPage } from './FeedbackListPage';

/**
 * Students' feedback on quizzes, read by the staff (each role the feedback of its scope) and removed
 * by the admin. The list is hand-written: it names the quiz and the student, where the generated list
 * could show only ids to the roles that do not browse quizzes.
 */
export const feedbacks = { ...resourceFromEntity(entities.feedbacks), list: FeedbackListPage };

export { QuizFeedback } from './QuizFeedback';
