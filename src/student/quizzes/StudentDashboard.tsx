import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { getStoredUsername } from '../../auth/session';
import type { ApiResult } from '../../schemas/envelope';
import { fetchHistory, fetchQuizzes } from '../api/studentApi';
import type { HistoryEntry, QuizSummary } from '../api/types';
import { syncFromDateHeader } from '../common/clockSync';
import { LoadStatus } from '../common/LoadStatus';
import { useLoader } from '../common/useLoader';
import { useNow } from '../common/useNow';
import { studentClock } from '../exam/serverClock';
import { formatCountdown, formatDateTime } from '../exam/timeFormat';
import { studentPaths } from '../paths';
import { isResumable, sortAvailable, sortUpcoming } from './quizFacts';
import { scoreText } from '../history/scoreText';

interface Overview {
  available: QuizSummary[];
  upcoming: QuizSummary[];
  history: HistoryEntry[];
}

async function loadOverview(): Promise<ApiResult<Overview>> {
  const [available, upcoming, history] = await Promise.all([fetchQuizzes('available'), fetchQuizzes('upcoming'), fetchHistory()]);
  syncFromDateHeader(available);
  const failed = [available.response.result, upcoming.response.result, history].find((r) => !r.success);
  if (failed) return { success: false, message: failed.message, internet: failed.internet };
  return {
    success: true,
    message: '',
    data: { available: available.response.result.data ?? [], upcoming: upcoming.response.result.data ?? [], history: history.data ?? [] },
  };
}

/** The student's index: what is open, what comes next, the last result. */
export function StudentDashboard() {
  const username = getStoredUsername();
  const { state, reload } = useLoader(loadOverview, []);
  return (
    <section aria-labelledby="dashboard-heading">
      <Typography id="dashboard-heading" component="h1" variant="h5" gutterBottom>
        Student dashboard
      </Typography>
      {username && <Typography sx={{ mb: 2 }}>Welcome, {username}</Typography>}
      <LoadStatus state={state} onRetry={reload} label="your overview">
        {(overview) => <OverviewCards overview={overview} />}
      </LoadStatus>
    </section>
  );
}

function OverviewCards({ overview }: { overview: Overview }) {
  useNow(1000);
  const serverNow = studentClock.now();
  const inProgress = sortAvailable(overview.available).find((q) => isResumable(q, serverNow));
  const next = sortUpcoming(overview.upcoming)[0];
  const last = overview.history.find((a) => a.status === 'submitted');

  return (
    <>
      {inProgress && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" component={RouterLink} to={studentPaths.exam(inProgress.attempt!.id)}>
              Resume
            </Button>
          }
        >
          Your attempt at {inProgress.name} is in progress and its timer is running.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <SummaryCard title="Available quizzes" value={String(overview.available.length)} to={studentPaths.available} linkText="See available quizzes">
          {overview.available.length ? 'Open for you now.' : 'Nothing is open right now.'}
        </SummaryCard>
        <SummaryCard title="Upcoming quizzes" value={String(overview.upcoming.length)} to={studentPaths.upcoming} linkText="See upcoming quizzes">
          {next ? (
            <>
              Next: {next.name}, opens in {formatCountdown(next.validFrom - serverNow)}
            </>
          ) : (
            'Nothing scheduled yet.'
          )}
        </SummaryCard>
        <SummaryCard
          title="Last result"
          value={last ? scoreText(last) : '—'}
          to={last ? studentPaths.analysis(last.id) : studentPaths.history}
          linkText={last ? 'See the analysis' : 'See history'}
        >
          {last ? `${last.quizName}, ${formatDateTime(last.submittedAt ?? last.startedAt)}` : 'No submitted quiz yet.'}
        </SummaryCard>
      </Box>
    </>
  );
}

function SummaryCard({ title, value, to, linkText, children }: { title: string; value: string; to: string; linkText: string; children: ReactNode }) {
  return (
    <Card component="article" variant="outlined" aria-label={title}>
      <CardContent>
        <Typography component="h2" variant="subtitle1" color="text.secondary">
          {title}
        </Typography>
        <Typography variant="h4" component="p" sx={{ my: 1 }}>
          {value}
        </Typography>
        <Typography>{children}</Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={RouterLink} to={to}>
          {linkText}
        </Button>
      </CardActions>
    </Card>
  );
}
