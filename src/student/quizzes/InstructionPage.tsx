import type { ReactNode } from 'react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getStoredQuizName } from '../../auth/session';
import { Markdown } from '../../ui/Markdown';
import { fetchQuiz, startAttempt } from '../api/studentApi';
import type { ApiResult } from '../../schemas/envelope';
import { refreshSebKeys } from '../../api/sebBridge';
import { SebRequired, type SebRefusal, type SebRefusalData } from '../integrity/SebRequired';
import type { QuizDetail } from '../api/types';
import { syncFromServerTime } from '../common/clockSync';
import { LoadStatus } from '../common/LoadStatus';
import { useLoader } from '../common/useLoader';
import { useNow } from '../common/useNow';
import { studentClock } from '../exam/serverClock';
import { formatCountdown, formatDateTime, formatMinutes } from '../exam/timeFormat';
import { studentPaths } from '../paths';
import { attemptFacts, attemptsRuleText, clockText, durationText, isResumable, marksText, startLabel, subjectsText, windowState, windowText } from './quizFacts';
import { Fact, FactList } from './FactList';
import { reviewSummary } from '../history/reviewText';
import { ATTEMPT_BLOCKS, CAMERA_NOT_ASKED, needsCamera, startBlockOf, type CameraCheckState } from './startBlock';
import { nextAttemptMessage, reasonOfRefusal, START_BLOCK_TEXT, type StartBlockReason } from '../../schemas/examStart';

/** The camera check (and, through it, the face detector) loads only for face-detection quizzes. */
const CameraCheck = lazy(() => import('../integrity/CameraCheck').then((m) => ({ default: m.CameraCheck })));

type Loaded = { kind: 'quiz'; quiz: QuizDetail } | { kind: 'seb'; refusal: SebRefusal };

async function loadQuiz(quizId: string): Promise<ApiResult<Loaded>> {
  await refreshSebKeys();
  const timed = await fetchQuiz(quizId, { toast: false });
  const result = timed.response as ApiResult<QuizDetail | SebRefusalData>;
  if (!result.success) {
    const data = result.data as SebRefusalData | undefined;
    // A quiz that must be taken in Safe Exam Browser explains how, instead of offering Start.
    if (data?.sebRequired && data.sebLink) return { success: true, message: result.message, data: { kind: 'seb', refusal: { quizId: data.quizId ?? Number(quizId), sebLink: data.sebLink, message: result.message, quiz: data.quiz } } };
    return { ...result, data: undefined };
  }
  syncFromServerTime(timed, timed.response.data?.serverTime);
  return { ...result, data: { kind: 'quiz', quiz: result.data as QuizDetail } };
}

/**
 * Where a student reads what the exam is and how it works before starting (and where an exam
 * link lands). Start works only inside the window, on the server's clock.
 */
export function InstructionPage() {
  const { quizId = '' } = useParams();
  const { state, reload } = useLoader(() => loadQuiz(quizId), [quizId]);
  const storedName = getStoredQuizName();

  return (
    <Box component="section" aria-labelledby="instruction-heading" sx={{ maxWidth: 860 }}>
      {state.status !== 'ready' && (
        <Typography id="instruction-heading" component="h1" variant="h5" gutterBottom>
          {storedName ? `Instructions: ${storedName}` : 'Instructions'}
        </Typography>
      )}
      <LoadStatus state={state} onRetry={reload} label="the quiz">
        {(loaded) => (loaded.kind === 'seb' ? <SebRequired refusal={loaded.refusal} headingId="instruction-heading" /> : <Instructions quiz={loaded.quiz} />)}
      </LoadStatus>
      {state.status === 'error' && (
        <Button component={RouterLink} to={studentPaths.available}>
          Back to available quizzes
        </Button>
      )}
    </Box>
  );
}

function Instructions({ quiz }: { quiz: QuizDetail }) {
  // Each second: the countdown, and Start enabled by itself when the window opens or a delay between attempts ends.
  const localNow = useNow(1000);
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const busy = useRef(false);

  const serverNow = studentClock.now();
  const phase = windowState(quiz, serverNow);
  const resumable = isResumable(quiz, serverNow);
  // A face-detection quiz starts once the camera shows one face (unless the teacher waived the camera).
  const withCamera = needsCamera(quiz, serverNow);
  const [cameraCheck, setCameraCheck] = useState<CameraCheckState>(CAMERA_NOT_ASKED);
  const block = startBlockOf(quiz, serverNow, cameraCheck);
  const submitted = block === 'taken';
  // No attempt can start now (taken, none left, or a delay runs): no camera check yet.
  const attemptBlocked = block !== null && ATTEMPT_BLOCKS.includes(block);
  const finished = quiz.attempt !== null && !resumable ? quiz.attempt : null;
  // A refused start says why in the server's words, until the next press (the server's clock decided: this page's may differ by a little).
  const [refused, setRefused] = useState<{ reason: StartBlockReason; message: string }>();
  const shown = block ? { reason: block, message: undefined } : refused;
  const penaltyPercent = Math.round(quiz.negativePenalty * 100);

  const start = async () => {
    // Disabled while pending, and guarded: a double click must not start twice (the server is idempotent anyway).
    if (busy.current) return;
    busy.current = true;
    setStarting(true);
    setFailure(undefined);
    setRefused(undefined);
    const timed = await startAttempt(quiz.id, withCamera ? { cameraConsent: true } : {});
    syncFromServerTime(timed, timed.response.data?.serverTime);
    const result = timed.response;
    if (result.success && result.data) {
      navigate(studentPaths.exam(result.data.id));
      return;
    }
    busy.current = false;
    setStarting(false);
    const reason = result.internet ? undefined : reasonOfRefusal(result.data);
    if (reason) setRefused({ reason, message: result.message });
    else setFailure(result.internet ? 'Connection Issue: the exam could not be started. Check your connection and try again.' : result.message);
  };

  return (
    <>
      <Typography id="instruction-heading" component="h1" variant="h5" gutterBottom>
        {quiz.name}
      </Typography>
      <Box sx={{ mb: 2 }}>
        {phase === 'upcoming' && <Chip label={`Opens in ${formatCountdown(quiz.validFrom - serverNow)}`} color="default" />}
        {phase === 'open' && !submitted && block !== 'no-attempts' && <Chip label="Open now" color="success" />}
        {phase === 'closed' && <Chip label="Closed" />}
        {submitted && <Chip label="Submitted" color="primary" sx={{ ml: 1 }} />}
        {block === 'no-attempts' && <Chip label="All attempts used" color="primary" sx={{ ml: 1 }} />}
      </Box>

      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography component="h2" variant="h6" gutterBottom>
          About this quiz
        </Typography>
        <FactList>
          <Fact term="Subjects">{subjectsText(quiz)}</Fact>
          <Fact term="Questions">{quiz.questionCount}</Fact>
          <Fact term="Total marks">{marksText(quiz)}</Fact>
          <Fact term="Duration">{durationText(quiz.duration, quiz.extraMinutes)}</Fact>
          <Fact term="Window">{windowText(quiz)}</Fact>
          <Fact term="Negative marking">
            {quiz.negativeMarking ? `Yes: a wrong answer loses ${penaltyPercent}% of the question's marks; an unanswered question loses nothing` : 'No: a wrong answer loses nothing'}
          </Fact>
          <Fact term="Face detection">{quiz.faceDetection ? 'Required: keep your face visible to the camera' : 'Not used'}</Fact>
          <Fact term="Safe exam browser">{quiz.safeExamBrowser ? 'Required' : 'Not required'}</Fact>
          <Fact term="Review after submitting">{reviewSummary(quiz.review)}</Fact>
          {attemptFacts(quiz, serverNow, localNow).map((fact) => (
            <Fact key={fact.term} term={fact.term}>
              {fact.text}
            </Fact>
          ))}
        </FactList>
      </Paper>

      {quiz.instructions && (
        <Box component="section" aria-labelledby="teacher-instructions" sx={{ mb: 3 }}>
          <Typography id="teacher-instructions" component="h2" variant="h6" gutterBottom>
            Instructions from your teacher
          </Typography>
          <Markdown>{quiz.instructions}</Markdown>
        </Box>
      )}

      <Box component="section" aria-labelledby="exam-rules" sx={{ mb: 3 }}>
        <Typography id="exam-rules" component="h2" variant="h6" gutterBottom>
          How the exam works
        </Typography>
        <Box component="ul" sx={{ pl: 3, '& li': { mb: 0.5 } }}>
          <li>
            The timer is kept by the server. It starts when you press Start and keeps running if you leave the page or lose the connection. You have{' '}
            {formatMinutes(quiz.duration + quiz.extraMinutes)}, or less if the window closes sooner.
          </li>
          <li>Every answer is saved automatically as you give it; the top bar shows whether your answers are saved.</li>
          <li>
            If the connection drops, keep answering: your answers are kept on this device and sent as soon as the connection returns. Do not clear your browser data
            during the exam.
          </li>
          <li>You can move between questions in any order and flag questions to review them later.</li>
          <li>When the time is up, your answers are submitted automatically. You can also submit earlier; submitting ends your attempt.</li>
          <li>{attemptsRuleText(quiz)}</li>
        </Box>
      </Box>

      {withCamera && phase === 'open' && !attemptBlocked && (
        <Suspense fallback={null}>
          <CameraCheck onChange={setCameraCheck} />
        </Suspense>
      )}
      {quiz.faceDetection && quiz.integrity?.cameraWaived && !resumable && !attemptBlocked && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Your teacher lets you take this quiz without a camera.
        </Alert>
      )}

      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}

      {(() => {
        const seeResult = finished && (
          <Button color="inherit" component={RouterLink} to={studentPaths.analysis(finished.id)}>
            {submitted ? 'See your result' : 'See your last result'}
          </Button>
        );
        if (submitted || block === 'no-attempts') return <StartBlockNote reason={block} quiz={quiz} action={seeResult} />;
        return (
          <>
            {shown && <StartBlockNote reason={shown.reason} message={shown.message} quiz={quiz} action={shown.reason === 'next-attempt' ? seeResult : undefined} />}
            <Button variant="contained" size="large" onClick={() => void start()} disabled={block !== null || starting} loading={starting} aria-describedby={shown ? 'start-block' : undefined}>
              {resumable ? 'Resume exam' : startLabel(quiz, 'Start exam')}
            </Button>
          </>
        );
      })()}
    </>
  );
}

/** Why Start is disabled (or the start was refused), and what to do: the words the server's refusal uses too. */
function StartBlockNote({ reason, quiz, action, message: said }: { reason: StartBlockReason; quiz: QuizDetail; action?: ReactNode; message?: string }) {
  const { help } = START_BLOCK_TEXT[reason];
  // The server's words for a refused start; the page's own for what it decided (the delay's end in this browser's time).
  const message =
    said ?? (reason === 'next-attempt' && quiz.nextAttemptAt !== null ? nextAttemptMessage(clockText(quiz.nextAttemptAt)) : START_BLOCK_TEXT[reason].message);
  const when =
    reason === 'not-open'
      ? `It opens ${formatDateTime(quiz.validFrom)}.`
      : reason === 'closed'
        ? `It closed ${formatDateTime(quiz.validTo)}.`
        : undefined;
  const severity = reason === 'taken' || reason === 'no-attempts' || reason === 'next-attempt' || reason === 'not-open' || reason === 'face-checking' || reason === 'camera-off' || reason === 'camera-asking' ? 'info' : 'warning';
  return (
    // A polite status, not an alert: it changes with the camera check, and the badge above keeps the countdown.
    <Alert id="start-block" role="status" severity={severity} data-start-block={reason} action={action} sx={{ mb: 2 }}>
      <AlertTitle>{message}.</AlertTitle>
      {when && <>{when} </>}
      {help}
    </Alert>
  );
}
