import { Suspense } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '../config/constants';
import { authProvider } from '../authProvider';
import { LogoutButton } from '../areas/shared/LogoutButton';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { STUDENT_SCREENS } from './studentScreens';
import { pageTitleOf, useDocumentTitle } from '../areas/shared/pageTitle';

const AREA_ROOT = '/student';

const NAV_LINKS = [
  { to: AREA_ROOT, label: 'Dashboard', end: true },
  ...STUDENT_SCREENS.flatMap((screen) => (screen.nav ? [{ to: `${AREA_ROOT}/${screen.path}`, label: screen.nav, end: false }] : [])),
];

/** The student area's frame: app bar with navigation and logout, and the current screen. */
export function StudentLayout() {
  const navigate = useNavigate();
  const title = pageTitleOf('student', useLocation().pathname);
  useDocumentTitle(title);
  const logout = async () => navigate(await authProvider.logout(), { replace: true });

  return (
    <>
      <AppBar position="sticky">
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Typography component="span" variant="h6" sx={{ mr: 2 }}>
            {PRODUCT_NAME}
          </Typography>
          <Typography component="span" variant="subtitle1" sx={{ mr: 2 }} data-testid="page-title">
            {title}
          </Typography>
          <Box component="nav" aria-label="Student" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', flexGrow: 1 }}>
            {NAV_LINKS.map((link) => (
              <Button
                key={link.to}
                component={NavLink}
                to={link.to}
                end={link.end}
                color="inherit"
                sx={{ '&.active': { textDecoration: 'underline' } }}
              >
                {link.label}
              </Button>
            ))}
          </Box>
          <LogoutButton onLogout={() => void logout()} />
        </Toolbar>
      </AppBar>
      <Container component="main" sx={{ py: 3 }}>
        <Suspense fallback={<LoadingOverlay />}>
          <Outlet />
        </Suspense>
      </Container>
    </>
  );
}
