import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS } from '../../schemas/roles';
import { useGreetingName } from '../../auth/useCurrentUser';
import { roleOfArea } from '../../shell/areaRole';
import { useArea } from '../../shell/AreaContext';
import { AdminDashboard, DepartmentHeadDashboard, InstituteHeadDashboard, TeacherDashboard } from './dashboard/StaffDashboards';

const DASHBOARDS = {
  ADMIN: AdminDashboard,
  'INSTITUTE-HEAD': InstituteHeadDashboard,
  'DEPARTMENT-HEAD': DepartmentHeadDashboard,
  TEACHER: TeacherDashboard,
} as const;

/** The index page of every staff area: a greeting by the account's full name, and its role's live figures. */
export function AreaDashboard() {
  const role = roleOfArea(useArea());
  const name = useGreetingName();
  const Figures = role in DASHBOARDS ? DASHBOARDS[role as keyof typeof DASHBOARDS] : undefined;
  return (
    <Box component="section" sx={{ p: 2 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {`${ROLE_LABELS[role]} dashboard`}
      </Typography>
      {name && <Typography sx={{ mb: 2 }}>Welcome, {name}</Typography>}
      {Figures && <Figures />}
    </Box>
  );
}
