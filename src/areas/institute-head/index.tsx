import { StaffArea } from '../shared/StaffArea';

/** The institute head area (its own chunk). Finished screens are registered through StaffArea's `resources`. */
export default function InstituteHeadArea() {
  return <StaffArea area="institute-head" />;
}
