import { ProfilePage } from '../../pages/account/ProfilePage';
import { feedbacks } from '../../resources/feedbacks';
import { GuidelinePage } from '../../resources/guidelines/GuidelinePage';
import { groups } from '../../resources/groups';
import { modules } from '../../resources/modules';
import { questions } from '../../resources/questions';
import { quizzes } from '../../resources/quizzes';
import { studentsWithUpload } from '../../resources/students';
import { StudentUploadPage } from '../../resources/students/upload';
import { topics } from '../../resources/topics';
import { StaffArea } from '../shared/StaffArea';

const resources = { modules, topics, students: studentsWithUpload, groups, questions, quizzes, feedbacks };
const pages = { guideline: GuidelinePage, profile: ProfilePage, 'students/upload': StudentUploadPage };

/** The teacher area (its own chunk). */
export default function TeacherArea() {
  return <StaffArea area="teacher" resources={resources} pages={pages} />;
}
