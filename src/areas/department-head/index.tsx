import { ProfilePage } from '../../pages/account/ProfilePage';
import { feedbacks } from '../../resources/feedbacks';
import { GuidelinePage } from '../../resources/guidelines/GuidelinePage';
import { headQuizzes } from '../../resources/quizzes';
import { groups } from '../../resources/groups';
import { studentsWithUpload } from '../../resources/students';
import { StudentUploadPage } from '../../resources/students/upload';
import { StaffArea } from '../shared/StaffArea';

const resources = { students: studentsWithUpload, groups, feedbacks, quizzes: headQuizzes };
const pages = { guideline: GuidelinePage, profile: ProfilePage, 'students/upload': StudentUploadPage };

/** The department head area (its own chunk). */
export default function DepartmentHeadArea() {
  return <StaffArea area="department-head" resources={resources} pages={pages} />;
}
