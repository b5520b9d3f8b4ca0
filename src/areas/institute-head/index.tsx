import { departments } from '../../resources/departments';
import { GuidelinePage } from '../../resources/guidelines/GuidelinePage';
import { studentsWithUpload } from '../../resources/students';
import { StudentUploadPage } from '../../resources/students/upload';
import { subjects } from '../../resources/subjects';
import { teachers } from '../../resources/teachers';
import { StaffArea } from '../shared/StaffArea';

const resources = { department: departments, teacher: teachers, subject: subjects, student: studentsWithUpload };
const pages = { guideline: GuidelinePage, 'student/upload': StudentUploadPage };

/** The institute head area (its own chunk): SPEC.md's singular section names over the generated resources. */
export default function InstituteHeadArea() {
  return <StaffArea area="institute-head" resources={resources} pages={pages} />;
}
