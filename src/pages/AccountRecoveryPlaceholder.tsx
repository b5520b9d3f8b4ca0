import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PublicPage } from './PublicPage';

/**
 * The shape of the password-recovery pages until their flow is built: the field is shown but
 * nothing is sent, and the page says so.
 */
export function AccountRecoveryPlaceholder({ title }: { title: string }) {
  return (
    <PublicPage title={title}>
      <Stack component="form" spacing={2} noValidate onSubmit={(event) => event.preventDefault()}>
        <Alert severity="info">Password recovery is not available yet.</Alert>
        <TextField id="recovery-identifier" label="Username or email" disabled fullWidth />
        <Button type="submit" variant="contained" disabled>
          Continue
        </Button>
        <Link component={RouterLink} to="/">
          Back to login
        </Link>
      </Stack>
    </PublicPage>
  );
}
