import { ProfilePage } from '../../pages/account/ProfilePage';
import { departments } from '../../resources/departments';
import { feedbacks } from '../../resources/feedbacks';
import { GuidelinePage } from '../../resources/guidelines/GuidelinePage';
import { headQuizzes } from '../../resources/quizzes';
import { studentsWithUpload } from '../../resources/students';
import { StudentUploadPage } from '../../resources/students/upload';
import { subjects } from '../../resources/subjects';
import { teachers } from '../../resources/teachers';
import { StaffArea } from '../shared/StaffArea';

const resources = { departments, teachers, subjects, students: studentsWithUpload, feedbacks, quizzes: headQuizzes };
const pages = { guideline: GuidelinePage, profile: ProfilePage, 'student/upload': StudentUploadPage };

/** The institute head area (its own chunk); its sections have singular names (see each entity's `areas`). */
export default function InstituteHeadArea() {
  return <StaffArea area="institute-head" resources={resources} pages={pages} />;
}
