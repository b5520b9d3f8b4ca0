import { StaffArea } from '../shared/StaffArea';

/** The department head area (its own chunk). Finished screens are registered through StaffArea's `resources`. */
export default function DepartmentHeadArea() {
  return <StaffArea area="department-head" />;
}
