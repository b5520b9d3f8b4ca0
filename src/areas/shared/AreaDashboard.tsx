import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS } from '../../schemas/roles';
import { getStoredUsername } from '../../auth/session';
import { roleOfArea } from '../../shell/areaRole';
import { useArea } from '../../shell/AreaContext';
import { AdminDashboard, DepartmentHeadDashboard, InstituteHeadDashboard, TeacherDashboard } from './dashboard/StaffDashboards';

const DASHBOARDS = {
  ADMIN: AdminDashboard,
  'INSTITUTE-HEAD': InstituteHeadDashboard,
  'DEPARTMENT-HEAD': DepartmentHeadDashboard,
  TEACHER: TeacherDashboard,
} as const;

/** The index page of every staff area: its role's live figures; the username was stored by the session check that let us in. */
export function AreaDashboard() {
  const role = roleOfArea(useArea());
  const username = getStoredUsername();
  const Figures = role in DASHBOARDS ? DASHBOARDS[role as keyof typeof DASHBOARDS] : undefined;
  return (
    <Box component="section" sx={{ p: 2 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {`${ROLE_LABELS[role]} dashboard`}
      </Typography>
      {username && <Typography sx={{ mb: 2 }}>Welcome, {username}</Typography>}
      {Figures && <Figures />}
    </Box>
  );
}
