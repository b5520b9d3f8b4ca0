import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartAlternative } from '../../ui/ChartAlternative';
import { namesXAxis, percentAxis } from '../../ui/charts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useGreetingName } from '../../auth/useCurrentUser';
import type { ApiResult } from '../../schemas/envelope';
import { fetchDashboard } from '../../shell/dashboard/dashboardApi';
import type { StudentDashboardData } from '../../shell/dashboard/dashboardTypes';
import { LoadStatus } from '../common/LoadStatus';
import { useLoader } from '../common/useLoader';
import { useNow } from '../common/useNow';
import { formatCountdown, formatDateTime } from '../exam/timeFormat';
import { studentPaths } from '../paths';
import { leftOutText, scoreText } from '../history/scoreText';

/** The dashboard with the server's clock: `offset` turns the device's time into the server's. */
type Overview = StudentDashboardData & { offset: number };

async function loadOverview(): Promise<ApiResult<Overview>> {
  const result = await fetchDashboard<StudentDashboardData>();
  if (!result.success || !result.data) return { success: false, message: result.message, internet: result.internet };
  return { ...result, data: { ...result.data, offset: result.data.serverTime - Date.now() } };
}

/** The student's index, in one call: the next quiz with a countdown, recent results, percent by module. */
export function StudentDashboard() {
  const name = useGreetingName();
  const { state, reload } = useLoader(loadOverview, []);
  return (
    <section aria-labelledby="dashboard-heading">
      <Typography id="dashboard-heading" component="h1" variant="h5" gutterBottom>
        Student dashboard
      </Typography>
      {name && <Typography sx={{ mb: 2 }}>Welcome, {name}</Typography>}
      <LoadStatus state={state} onRetry={reload} label="your overview">
        {(overview) => <OverviewCards overview={overview} />}
      </LoadStatus>
    </section>
  );
}

function OverviewCards({ overview }: { overview: Overview }) {
  const serverNow = useNow(1000) + overview.offset;
  const { inProgress, nextQuiz: next, recentResults, percentByModule } = overview;
  const last = recentResults[0];
  const opensIn = next && next.validFrom !== null ? next.validFrom - serverNow : 0;
  return (
    <>
      {inProgress && inProgress.deadline > serverNow && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" component={RouterLink} to={studentPaths.exam(inProgress.attemptId)}>
              Resume
            </Button>
          }
        >
          Your attempt at {inProgress.name} is in progress and its timer is running.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' }, mb: 2 }}>
        <SummaryCard
          title="Next quiz"
          value={next ? (opensIn > 0 ? formatCountdown(opensIn) : 'Open now') : '—'}
          to={next ? (opensIn > 0 ? studentPaths.upcoming : studentPaths.instruction(next.quizId)) : studentPaths.upcoming}
          linkText={next ? (opensIn > 0 ? 'See upcoming quizzes' : 'Go to the instructions') : 'See upcoming quizzes'}
        >
          {next ? (
            <>
              {next.name}
              {opensIn > 0 ? `, opens ${formatDateTime(next.validFrom!)}` : next.validTo !== null ? `, open until ${formatDateTime(next.validTo)}` : ''}
            </>
          ) : (
            'Nothing scheduled yet.'
          )}
        </SummaryCard>
        <SummaryCard
          title="Last result"
          value={last ? scoreText({ status: 'submitted', score: last.score, maxScore: last.maxScore, pending: last.pending }) : '—'}
          to={last ? studentPaths.analysis(last.attemptId) : studentPaths.history}
          linkText={last ? 'See the analysis' : 'See history'}
        >
          {last ? `${last.quizName}${last.submittedAt !== null ? `, ${formatDateTime(last.submittedAt)}` : ''}` : 'No submitted quiz yet.'}
        </SummaryCard>
      </Box>
      <Paper variant="outlined" component="section" aria-label="Percent by module" sx={{ p: 2, mb: 2 }}>
        <Typography component="h2" variant="h6" gutterBottom>
          Percent by module
        </Typography>
        {percentByModule.length ? (
          <ChartAlternative label="Percent by module" table={{ columns: ['Module', 'Your % of the marks'], rows: percentByModule.map((m) => [m.name, Math.round(m.percent * 10) / 10]) }}>
          <BarChart
            height={240}
            xAxis={[namesXAxis(percentByModule.map((m) => m.name))]}
            yAxis={[percentAxis()]}
            series={[{ data: percentByModule.map((m) => Math.round(m.percent * 10) / 10), label: 'Your % of the marks' }]}
            hideLegend
          />
          </ChartAlternative>
        ) : (
          <Typography color="text.secondary">Your modules appear once a quiz is graded.</Typography>
        )}
        {overview.pendingAnswers > 0 && (
          <Typography sx={{ mt: 1 }}>{leftOutText(overview.pendingAnswers)}</Typography>
        )}
      </Paper>
      <Paper variant="outlined" component="section" aria-label="Recent results" sx={{ p: 2 }}>
        <Typography component="h2" variant="h6" gutterBottom>
          Recent results
        </Typography>
        {recentResults.length ? (
          <Table size="small" aria-label="Recent results">
            <TableHead>
              <TableRow>
                <TableCell>Quiz</TableCell>
                <TableCell>Submitted</TableCell>
                <TableCell align="right">Score</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {recentResults.map((r) => (
                <TableRow key={r.attemptId}>
                  <TableCell>
                    <Button component={RouterLink} to={studentPaths.analysis(r.attemptId)} size="small">
                      {r.quizName}
                    </Button>
                  </TableCell>
                  <TableCell>{r.submittedAt !== null ? formatDateTime(r.submittedAt) : '—'}</TableCell>
                  <TableCell align="right">{scoreText({ status: 'submitted', score: r.score, maxScore: r.maxScore, pending: r.pending })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Typography color="text.secondary">No submitted quiz yet.</Typography>
        )}
      </Paper>
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
