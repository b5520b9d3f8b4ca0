import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS } from '../../schemas/roles';
import { getStoredUsername } from '../../auth/session';
import { roleOfArea } from '../areaRole';
import { useArea } from './AreaContext';

/** The index page of every area; the username was stored by the session check that let us in. */
export function AreaDashboard() {
  const role = roleOfArea(useArea());
  const username = getStoredUsername();
  return (
    <Box component="section" sx={{ p: 2 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {`${ROLE_LABELS[role]} dashboard`}
      </Typography>
      {username && <Typography>Welcome, {username}</Typography>}
    </Box>
  );
}
