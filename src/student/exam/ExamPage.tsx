import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { PRODUCT_NAME } from '../../config/constants';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { studentPaths } from '../paths';
import { ExamResult } from './ExamResult';
import { forgetPlace, rememberedIndex, rememberPlace } from './examPlace';
import { ExamTimer } from './ExamTimer';
import { QuestionPalette } from './QuestionPalette';
import { QuestionView } from './QuestionView';
import { SaveStatus } from './SaveStatus';
import { SubmitDialog } from './SubmitDialog';
import { useExamSession, type FinishReason } from './useExamSession';
import { useExamIntegrity } from '../integrity/useExamIntegrity';
import { FullscreenGuard } from '../integrity/FullscreenGuard';

/** Only exam pages of face-detection quizzes load the camera corner and, through it, the detector. */
const ProctorView = lazy(() => import('../integrity/ProctorView').then((m) => ({ default: m.ProctorView })));

/** The exam page, /student/exam/{attemptId}: a focused screen without the area's navigation. */
export function ExamPage() {
  const { attemptId = '' } = useParams();
  const id = Number(attemptId);
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <Container component="main" sx={{ py: 4 }}>
        <Typography component="h1" variant="h5" gutterBottom>
          Exam not found
        </Typography>
        <Button component={RouterLink} to={studentPaths.available}>
          Back to available quizzes
        </Button>
      </Container>
    );
  }
  return <ExamSession key={id} attemptId={id} />;
}

const SUBMITTING_TEXT: Record<FinishReason, string> = {
  student: 'Submitting your answers…',
  time: 'Time is up. Submitting your answers…',
  closed: 'This attempt is closed. Collecting your result…',
};

function ExamSession({ attemptId }: { attemptId: number }) {
  const exam = useExamSession(attemptId);
  const integrity = useExamIntegrity(attemptId, exam.paper?.integrity, exam.phase.kind === 'active');
  const [chosen, setChosen] = useState<number>();
  const [confirming, setConfirming] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const { paper, phase, answers, saveStatus, showQuestion } = exam;
  const questions = useMemo(() => paper?.questions ?? [], [paper]);
  // Until the student moves, the page shows the question they were on when they left (a reload, or reopening the exam).
  const returnedTo = useMemo(() => rememberedIndex(attemptId, questions.map((q) => q.id)), [attemptId, questions]);
  const index = chosen ?? returnedTo;
  const question = questions[Math.min(index, Math.max(0, questions.length - 1))];

  useEffect(() => {
    if (!paper) return;
    document.title = `${paper.quizName} – ${PRODUCT_NAME}`;
    return () => {
      document.title = PRODUCT_NAME;
    };
  }, [paper]);

  // Count time on the question shown, and move the focus to it when the student changes question.
  useEffect(() => {
    if (!question || phase.kind !== 'active') return;
    showQuestion(question.id);
    rememberPlace(attemptId, question.id);
    if (moved.current) {
      moved.current = false;
      headingRef.current?.focus();
    }
  }, [attemptId, question, phase.kind, showQuestion]);

  // The attempt is over: its place is of no more use on this device.
  useEffect(() => {
    if (phase.kind === 'done') forgetPlace(attemptId);
  }, [attemptId, phase.kind]);

  const goTo = useCallback((next: number) => {
    moved.current = true;
    setChosen(next);
  }, []);

  const onTimeUp = exam.timeUp;

  if (phase.kind === 'loading') return <LoadingOverlay>Loading the exam…</LoadingOverlay>;
  if (phase.kind === 'error') {
    return (
      <Container component="main" sx={{ py: 4 }}>
        <Typography component="h1" variant="h5" gutterBottom>
          The exam could not be opened
        </Typography>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={exam.reload}>
              Try again
            </Button>
          }
        >
          {phase.offline ? 'Connection Issue: check your connection. Answers you already gave are kept on this device.' : phase.message}
        </Alert>
        <Button component={RouterLink} to={studentPaths.available} sx={{ mt: 2 }}>
          Back to available quizzes
        </Button>
      </Container>
    );
  }
  if (phase.kind === 'done') return <ExamResult result={phase.result} reason={phase.reason} />;
  if (!paper || !question) return <LoadingOverlay />;

  const active = phase.kind === 'active';
  const offline = saveStatus.state === 'offline';
  const last = index >= questions.length - 1;

  return (
    <>
      <AppBar position="sticky" color="default" elevation={1} component="header">
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap', py: 1 }}>
          <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }} noWrap>
            {paper.quizName}
          </Typography>
          <SaveStatus status={saveStatus} />
          <ExamTimer deadline={exam.deadline} onTimeUp={onTimeUp} running={active} />
        </Toolbar>
      </AppBar>

      <Container component="main" sx={{ py: 3 }}>
        <Typography component="h1" variant="h5" gutterBottom>
          {paper.quizName}
        </Typography>

        {offline && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            <AlertTitle>Connection Issue</AlertTitle>
            You are offline. Keep answering: your answers are kept on this device and sent automatically when the connection returns. The timer keeps running.
          </Alert>
        )}
        {saveStatus.state === 'retrying' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            The server did not take your latest answers yet; they are kept on this device and sent again shortly.
          </Alert>
        )}
        {exam.notice && (
          <Alert severity="error" onClose={exam.dismissNotice} sx={{ mb: 2 }}>
            {exam.notice}
          </Alert>
        )}
        {phase.kind === 'submitFailed' && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" onClick={() => exam.retrySubmit(phase.reason)}>
                Try again
              </Button>
            }
          >
            The exam could not be submitted: {phase.message}
          </Alert>
        )}

        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' }, alignItems: 'start' }}>
          <Box>
            <QuestionView
              ref={headingRef}
              question={question}
              index={index}
              total={questions.length}
              answer={answers[question.id]}
              disabled={!active}
              negativeMarking={paper.negativeMarking}
              onResponse={(response) => exam.change(question, { response })}
              onFlag={(flagged) => exam.change(question, { flagged })}
            />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 2 }}>
              <Button variant="outlined" startIcon={<NavigateBeforeIcon />} onClick={() => goTo(index - 1)} disabled={index === 0}>
                Previous
              </Button>
              {last ? (
                <Button variant="contained" onClick={() => setConfirming(true)} disabled={!active}>
                  Review and submit
                </Button>
              ) : (
                <Button variant="contained" endIcon={<NavigateNextIcon />} onClick={() => goTo(index + 1)}>
                  Next
                </Button>
              )}
            </Box>
          </Box>
          <Box component="aside" aria-label="Exam progress" sx={{ position: { md: 'sticky' }, top: { md: 96 } }}>
            <QuestionPalette questions={questions} answers={answers} current={index} onSelect={goTo} />
            <Button variant="contained" color="primary" fullWidth sx={{ mt: 2 }} onClick={() => setConfirming(true)} disabled={!active}>
              Submit exam
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              You may leave and come back while the time runs: <RouterLink to={studentPaths.available}>leave for now</RouterLink>.
            </Typography>
          </Box>
        </Box>
      </Container>

      <SubmitDialog
        open={confirming && active}
        questions={questions}
        answers={answers}
        offline={offline}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          // The last events go before the submit, as the answers do.
          void integrity.flush().finally(() => exam.submit());
        }}
      />
      {active && integrity.fullscreenNeeded && <FullscreenGuard onEnter={integrity.enterFullscreen} />}
      {active && paper.integrity?.faceDetection && (
        <Suspense fallback={null}>
          <ProctorView queue={integrity.queue} noFaceSeconds={paper.integrity.noFaceSeconds} multipleFacesSeconds={paper.integrity.multipleFacesSeconds} />
        </Suspense>
      )}

      {phase.kind === 'submitting' && (
        <LoadingOverlay>
          <Typography variant="h6" component="p">
            {SUBMITTING_TEXT[phase.reason]}
          </Typography>
          {phase.waitingForConnection && <Typography>Waiting for the connection: your answers are kept on this device.</Typography>}
        </LoadingOverlay>
      )}
    </>
  );
}
