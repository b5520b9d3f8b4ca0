import Button from '@mui/material/Button';
import LogoutIcon from '@mui/icons-material/Logout';

/** The visible sign-out control of every area's bar; each area decides what logging out involves. */
export function LogoutButton({ onLogout }: { onLogout: () => void }) {
  return (
    <Button color="inherit" startIcon={<LogoutIcon />} onClick={onLogout}>
      Logout
    </Button>
  );
}
