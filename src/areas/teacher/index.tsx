import { StaffArea } from '../shared/StaffArea';

/** The teacher area (its own chunk). Finished screens are registered through StaffArea's `resources`. */
export default function TeacherArea() {
  return <StaffArea area="teacher" />;
}
