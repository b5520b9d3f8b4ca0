import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fetchQuizzes } from '../api/studentApi';
import type { QuizSummary } from '../api/types';
import { syncFromDateHeader } from '../common/clockSync';
import { LoadStatus } from '../common/LoadStatus';
import { useLoader } from '../common/useLoader';
import { useNow } from '../common/useNow';
import { studentClock } from '../exam/serverClock';
import { formatDateTime, formatTimer } from '../exam/timeFormat';
import { studentPaths } from '../paths';
import { QuizCard } from './QuizCard';
import { isResumable, sortAvailable, startLabel } from './quizFacts';

async function loadAvailable() {
  const timed = await fetchQuizzes('available');
  syncFromDateHeader(timed);
  return timed.response.result;
}

/** Quizzes open now: Start (through the instructions) or Resume an attempt in progress. */
export function AvailableQuizzesPage() {
  const { state, reload } = useLoader(loadAvailable, []);
  return (
    <section aria-labelledby="available-heading">
      <Typography id="available-heading" component="h1" variant="h5" gutterBottom>
        Available quizzes
      </Typography>
      <LoadStatus state={state} onRetry={reload} label="your available quizzes">
        {(quizzes) =>
          quizzes.length === 0 ? (
            <Alert severity="info">
              No quiz is open for you right now. See{' '}
              <RouterLink to={studentPaths.upcoming}>upcoming quizzes</RouterLink> for what opens next.
            </Alert>
          ) : (
            <Stack spacing={2}>
              {sortAvailable(quizzes).map((quiz) => (
                <AvailableQuiz key={quiz.id} quiz={quiz} />
              ))}
            </Stack>
          )
        }
      </LoadStatus>
    </section>
  );
}

function AvailableQuiz({ quiz }: { quiz: QuizSummary }) {
  useNow(1000);
  const serverNow = studentClock.now();
  const resumable = isResumable(quiz, serverNow);
  return (
    <QuizCard
      quiz={quiz}
      status={
        resumable ? (
          <Typography color="primary.dark" sx={{ fontWeight: 600 }}>
            In progress: {formatTimer(quiz.attempt!.deadline - serverNow)} left (ends {formatDateTime(quiz.attempt!.deadline)})
          </Typography>
        ) : (
          <Typography color="text.secondary">Open until {formatDateTime(quiz.validTo)}</Typography>
        )
      }
      actions={(describedBy) =>
        resumable ? (
          <Button variant="contained" component={RouterLink} to={studentPaths.exam(quiz.attempt!.id)} aria-describedby={describedBy}>
            Resume
          </Button>
        ) : (
          <Button variant="contained" component={RouterLink} to={studentPaths.instruction(quiz.id)} aria-describedby={describedBy}>
            {startLabel(quiz, 'Start')}
          </Button>
        )
      }
    />
  );
}
