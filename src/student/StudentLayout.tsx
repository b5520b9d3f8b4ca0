import { Suspense } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '../config/constants';
import { authProvider } from '../shell/authProvider';
import { getStoredQuizName, isExamLinkFromLms } from '../auth/session';
import { studentPaths } from './paths';
import { LogoutButton } from '../shell/LogoutButton';
import { UserMenu } from '../shell/UserMenu';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { STUDENT_SCREENS } from '../shell/studentScreens';
import { pageTitleOf, useDocumentTitle } from '../shell/pageTitle';

const AREA_ROOT = '/student';

const NAV_LINKS = [
  { to: AREA_ROOT, label: 'Dashboard', end: true },
  ...STUDENT_SCREENS.flatMap((screen) => (screen.nav ? [{ to: `${AREA_ROOT}/${screen.path}`, label: screen.nav, end: false }] : [])),
];

/** What the bar offers a session opened by an exam link: its quiz, and signing in for the rest. */
export const EXAM_LINK_NOTE = 'You came in through an exam link: it opens only this quiz. Sign in with your username and password for the rest of the portal.';
/** The same for a student who came from their LMS course: they come back through the LMS (their account has no password of theirs). */
export const LMS_LINK_NOTE = 'You came in from your LMS course: this window opens only this quiz. To open it again, use the activity in your LMS course.';

/**
 * The student area's frame: app bar with navigation and logout, and the current screen. A session
 * opened by an exam link (`examLinkQuiz`) gets only its quiz in the bar, and a way to sign in.
 */
export function StudentLayout({ examLinkQuiz }: { examLinkQuiz?: number } = {}) {
  const navigate = useNavigate();
  const title = pageTitleOf('student', useLocation().pathname);
  useDocumentTitle(title);
  const logout = async () => navigate(await authProvider.logout(), { replace: true });
  const fromLms = examLinkQuiz !== undefined && isExamLinkFromLms();
  const links = examLinkQuiz === undefined ? NAV_LINKS : [{ to: studentPaths.instruction(examLinkQuiz), label: getStoredQuizName() ?? 'Your exam', end: true }];

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
            {links.map((link) => (
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
          <UserMenu />
          {examLinkQuiz === undefined || fromLms ? (
            <LogoutButton onLogout={() => void logout()} />
          ) : (
            <Button color="inherit" variant="outlined" onClick={() => void logout()}>
              Sign in
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Container component="main" sx={{ py: 3 }}>
        {examLinkQuiz !== undefined && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {fromLms ? LMS_LINK_NOTE : EXAM_LINK_NOTE}
          </Alert>
        )}
        <Suspense fallback={<LoadingOverlay />}>
          <Outlet />
        </Suspense>
      </Container>
    </>
  );
}
