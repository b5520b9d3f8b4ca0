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
import { formatCountdown, formatDateTime } from '../exam/timeFormat';
import { studentPaths } from '../paths';
import { QuizCard } from './QuizCard';
import { sortUpcoming } from './quizFacts';

async function loadUpcoming() {
  const timed = await fetchQuizzes('upcoming');
  syncFromDateHeader(timed);
  return timed.response.result;
}

/** Quizzes not yet open, the next one first, each with a countdown on the server's clock. */
export function UpcomingQuizzesPage() {
  const { state, reload } = useLoader(loadUpcoming, []);
  return (
    <section aria-labelledby="upcoming-heading">
      <Typography id="upcoming-heading" component="h1" variant="h5" gutterBottom>
        Upcoming quizzes
      </Typography>
      <LoadStatus state={state} onRetry={reload} label="your upcoming quizzes">
        {(quizzes) =>
          quizzes.length === 0 ? (
            <Alert severity="info">No quiz is scheduled for you yet.</Alert>
          ) : (
            <Stack spacing={2}>
              {sortUpcoming(quizzes).map((quiz) => (
                <UpcomingQuiz key={quiz.id} quiz={quiz} />
              ))}
            </Stack>
          )
        }
      </LoadStatus>
    </section>
  );
}

function UpcomingQuiz({ quiz }: { quiz: QuizSummary }) {
  useNow(1000);
  const left = quiz.validFrom - studentClock.now();
  const opened = left <= 0;
  return (
    <QuizCard
      quiz={quiz}
      status={
        <>
          <Typography sx={{ fontWeight: 600 }}>
            {opened ? 'Open now' : <>Opens in <span>{formatCountdown(left)}</span></>}
          </Typography>
          <Typography color="text.secondary">
            {formatDateTime(quiz.validFrom)} – {formatDateTime(quiz.validTo)}
          </Typography>
        </>
      }
      actions={(describedBy) => (
        <Button variant={opened ? 'contained' : 'outlined'} component={RouterLink} to={studentPaths.instruction(quiz.id)} aria-describedby={describedBy}>
          {opened ? 'Start' : 'View instructions'}
        </Button>
      )}
    />
  );
}
