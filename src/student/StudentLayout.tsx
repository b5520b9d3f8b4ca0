import { Suspense, useState } from 'react';
import { NavLink, Outlet, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '../config/constants';
import { authProvider } from '../shell/authProvider';
import { getStoredQuizName, isExamLinkFromLms } from '../auth/session';
import { studentPaths } from './paths';
import { LogoutButton } from '../shell/LogoutButton';
import { UserMenu } from '../shell/UserMenu';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { ConfirmDialog } from '../ui/dialogs/ConfirmDialog';
import { unsentAnswers, type UnsentAnswers } from './exam/saveQueue';
import { STUDENT_SCREENS } from '../shell/studentScreens';
import { pageTitleOf, useDocumentTitle } from '../shell/pageTitle';

const AREA_ROOT = '/student';

const NAV_LINKS = [
  { to: AREA_ROOT, label: 'Dashboard', end: true },
  ...STUDENT_SCREENS.flatMap((screen) => (screen.nav ? [{ to: `${AREA_ROOT}/${screen.path}`, label: screen.nav, end: false }] : [])),
];

/** What a sign-out asks when answers of an exam have not reached the server yet. */
export const UNSENT_TITLE = 'Answers not sent yet';
export const unsentText = (count: number) =>
  count === 1
    ? '1 answer of your exam has not reached the server yet. It is kept on this device only, and signing out deletes it.'
    : `${count} answers of your exam have not reached the server yet. They are kept on this device only, and signing out deletes them.`;

/** The question's text, with the way back to the exam whose answers wait (the first, if several). */
function UnsentAnswersText({ unsent, onOpen }: { unsent: readonly UnsentAnswers[]; onOpen: () => void }) {
  const count = unsent.reduce((sum, a) => sum + a.count, 0);
  if (!unsent.length) return null;
  return (
    <>
      {unsentText(count)}{' '}
      <Link component={RouterLink} to={studentPaths.exam(unsent[0].attemptId)} onClick={onOpen}>
        Open the exam
      </Link>{' '}
      while you are online to send {count === 1 ? 'it' : 'them'}.
    </>
  );
}

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
  const signOut = async () => navigate(await authProvider.logout(), { replace: true });
  // Answers still on their way to the server live in this browser only, and a sign-out deletes them.
  // What was found stays in state while the dialog closes, so its text does not change as it fades.
  const [unsent, setUnsent] = useState<UnsentAnswers[]>([]);
  const [asking, setAsking] = useState(false);
  const logout = async () => {
    const waiting = unsentAnswers();
    if (!waiting.length) return await signOut();
    setUnsent(waiting);
    setAsking(true);
  };
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
      <ConfirmDialog open={asking} title={UNSENT_TITLE} confirmLabel="Sign out anyway" danger onConfirm={signOut} onClose={() => setAsking(false)}>
        <UnsentAnswersText unsent={unsent} onOpen={() => setAsking(false)} />
      </ConfirmDialog>
    </>
  );
}
