import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockResetIcon from '@mui/icons-material/LockReset';
import { rememberCurrentUser } from '../../auth/useCurrentUser';
import { authProvider } from '../../shell/authProvider';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { PublicPage } from '../PublicPage';
import { fetchProfile } from './accountApi';

// The form (schema-driven, with the password rules) is needed only by an account that still has
// its initial password: the pages behind the gate, the exam among them, do not fetch it.
const ChangePasswordForm = lazy(() => import('./ChangePasswordForm').then((m) => ({ default: m.ChangePasswordForm })));

type GateState = { kind: 'checking' } | { kind: 'required'; fullname: string } | { kind: 'clear' } | { kind: 'offline' };

/**
 * Asks the server whether the account still has its initial password. GET /api/profile is one
 * of the calls allowed before the password is changed. Only a connection issue stops the
 * area; any other failure lets it through, since the server refuses its calls anyway (a 405
 * has already sent the user to '/').
 */
function useInitialPasswordCheck() {
  const [state, setState] = useState<GateState>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    fetchProfile({ toast: false }).then((result) => {
      if (!active) return;
      if (result.success && result.data) rememberCurrentUser(result.data);
      if (result.success && result.data?.mustChangePassword) setState({ kind: 'required', fullname: result.data.fullname });
      else if (result.internet) setState({ kind: 'offline' });
      else setState({ kind: 'clear' });
    });
    return () => {
      active = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ kind: 'checking' });
    setAttempt((n) => n + 1);
  }, []);
  const passwordChanged = useCallback(() => setState({ kind: 'clear' }), []);
  return { state, retry, passwordChanged };
}

/** The full-screen first sign-in step: the user chooses their own password or logs out. */
export function SetNewPasswordScreen({ fullname, onChanged }: { fullname?: string; onChanged: () => void }) {
  const navigate = useNavigate();
  const logout = async () => navigate(await authProvider.logout(), { replace: true });
  return (
    <PublicPage title="Set a new password">
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <LockResetIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
          <Typography color="text.secondary">
            {fullname ? `Welcome, ${fullname}. ` : 'Welcome. '}
            Your account was created with an initial password. Choose your own password to continue.
          </Typography>
        </Stack>
        <Suspense fallback={<LoadingOverlay />}>
          <ChangePasswordForm currentLabel="Initial password" submitLabel="Set password and continue" onChanged={onChanged} autoFocus />
        </Suspense>
        <Button variant="text" color="inherit" onClick={() => void logout()} sx={{ alignSelf: 'center' }}>
          Log out
        </Button>
      </Stack>
    </PublicPage>
  );
}

/**
 * Wraps an area's content: while the account still has its initial password, the user sees
 * only the "Set a new password" screen; once it is changed, the content appears.
 */
export function PasswordChangeGate({ children }: { children: ReactNode }) {
  const { state, retry, passwordChanged } = useInitialPasswordCheck();
  switch (state.kind) {
    case 'checking':
      return <LoadingOverlay />;
    case 'required':
      return <SetNewPasswordScreen fullname={state.fullname} onChanged={passwordChanged} />;
    case 'offline':
      return (
        <PublicPage title="Connection Issue">
          <Stack spacing={2}>
            <Alert severity="warning">Your account could not be checked. Check your connection and try again.</Alert>
            <Button variant="contained" onClick={retry} sx={{ alignSelf: 'flex-start' }}>
              Try again
            </Button>
          </Stack>
        </PublicPage>
      );
    default:
      return children;
  }
}
