import { StaffArea } from '../shared/StaffArea';

/** The admin area (its own chunk). Finished screens are registered through StaffArea's `resources`. */
export default function AdminArea() {
  return <StaffArea area="admin" />;
}
