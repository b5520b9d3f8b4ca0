import { GuidelinePage } from '../../resources/guidelines/GuidelinePage';
import { groups } from '../../resources/groups';
import { studentsWithUpload } from '../../resources/students';
import { StudentUploadPage } from '../../resources/students/upload';
import { StaffArea } from '../shared/StaffArea';

const resources = { students: studentsWithUpload, groups };
const pages = { guideline: GuidelinePage, 'students/upload': StudentUploadPage };

/** The department head area (its own chunk). */
export default function DepartmentHeadArea() {
  return <StaffArea area="department-head" resources={resources} pages={pages} />;
}
