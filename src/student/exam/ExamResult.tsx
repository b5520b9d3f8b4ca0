import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { clearStorage, getExamLinkQuiz } from '../../auth/session';
import { studentPaths } from '../paths';
import { inSafeExamBrowser } from '../../api/sebBridge';
import type { ExamResultInfo, FinishReason } from './useExamSession';

const round = (n: number) => Math.round(n * 100) / 100;

export const EXAM_LINK_ENDED =
  'You came in through an exam link, which ends with this submission. Sign in with your username and password to see your analysis and give feedback.';

/** After submission: the score (or that a teacher still grades), and where to go next. */
export function ExamResult({ result, reason }: { result: ExamResultInfo; reason: FinishReason | 'earlier' }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const automatic = reason === 'time' || result.closedBy === 'deadline';
  const navigate = useNavigate();
  // An exam-link session ended with the submission: the analysis and feedback need a normal sign-in.
  const examLink = getExamLinkQuiz() !== null;
  const signIn = () => {
    clearStorage();
    navigate('/', { replace: true });
  };

  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <Paper variant="outlined" component="section" aria-labelledby="result-heading" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography id="result-heading" ref={headingRef} tabIndex={-1} component="h1" variant="h5" gutterBottom sx={{ '&:focus': { outline: 'none' } }}>
          {reason === 'earlier' ? 'This exam is submitted' : 'Your exam is submitted'}
        </Typography>
        <Typography variant="h6" component="p" gutterBottom>
          {result.quizName}
        </Typography>
        {automatic && (
          <Alert severity="info" sx={{ mb: 2 }}>
            The time was up, so your saved answers were submitted automatically.
          </Alert>
        )}
        {result.closedBy === 'teacher' && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Your teacher closed this attempt; your saved answers were submitted.
          </Alert>
        )}
        {result.pending ? (
          <Box sx={{ my: 2 }}>
            <Typography variant="h6" component="p">
              Pending teacher grading
            </Typography>
            {result.score !== null && (
              <Typography color="text.secondary">
                Marks so far: {round(result.score)} of {round(result.maxScore ?? 0)}. Your teacher still grades the descriptive answers.
              </Typography>
            )}
          </Box>
        ) : result.score !== null ? (
          <Typography variant="h4" component="p" sx={{ my: 2 }}>
            Score: {round(result.score)} / {round(result.maxScore ?? 0)}
          </Typography>
        ) : null}
        {examLink ? (
          <>
            <Alert severity="info" sx={{ mt: 2 }}>
              {EXAM_LINK_ENDED}
            </Alert>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 3 }}>
              <Button variant="contained" onClick={signIn}>
                Sign in
              </Button>
            </Box>
          </>
        ) : (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 3 }}>
            <Button variant="contained" component={RouterLink} to={studentPaths.analysis(result.attemptId)}>
              View analysis
            </Button>
            <Button variant="outlined" component={RouterLink} to={studentPaths.feedback(result.quizId)}>
              Give feedback
            </Button>
            <Button component={RouterLink} to={studentPaths.dashboard}>
              Back to dashboard
            </Button>
            {inSafeExamBrowser() && (
              // The quiz's SEB configuration quits SEB when this address is opened (after a confirmation).
              <Button color="secondary" href="/student/quit-seb">
                Quit Safe Exam Browser
              </Button>
            )}
          </Box>
        )}
      </Paper>
    </Box>
  );
}
