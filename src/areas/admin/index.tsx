import { feedbacks } from '../../resources/feedbacks';
import { FeedbackListPage } from '../../resources/feedbacks/FeedbackListPage';
import { guidelines } from '../../resources/guidelines';
import { institutes } from '../../resources/institutes';
import { StaffArea } from '../shared/StaffArea';

// The feedback list names the quiz and the student (the admin cannot browse quizzes, so the generated list could only show ids).
const resources = { institutes, feedbacks: { ...feedbacks, list: FeedbackListPage }, guidelines };

/** The admin area (its own chunk). */
export default function AdminArea() {
  return <StaffArea area="admin" resources={resources} />;
}
