import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useBasename } from 'react-admin';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { countAxis, LINE_SERIES, namesXAxis, namesYAxis, percentAxis, percentXAxis } from '../../../ui/charts';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS } from '../../../schemas/roles';
import { fetchDashboard } from '../../../shell/dashboard/dashboardApi';
import type { AdminDashboardData, DashboardData, DepartmentHeadDashboardData, InstituteHeadDashboardData, TeacherDashboardData } from '../../../shell/dashboard/dashboardTypes';
import { FeedbackTable } from '../../../resources/feedbacks/FeedbackListPage';
import { useQuizPaths } from '../../../resources/quizzes/quizPaths';
import { AwaitingGradingNote, dateTimeText, Panel, percentText, StatCard, StatRow, utcDateText } from './DashboardParts';
import { SubjectAttainmentPanel } from './SubjectAttainmentPanel';
import { BankHealthPanel } from './BankHealthPanel';
import { MARKS_EARNED_LABEL } from '../../../schemas/figures';
import { FigureName } from '../../../ui/FigureName';
import { ChartAlternative } from '../../../ui/ChartAlternative';

/** Figures are read again this often while the dashboard is open. */
const REFRESH_MS = 30_000;

/** Loads the dashboard once, then again every REFRESH_MS while it is shown. */
export function useDashboard<T extends DashboardData>() {
  const [data, setData] = useState<T>();
  const [failed, setFailed] = useState<string>();
  useEffect(() => {
    let live = true;
    const load = () =>
      void fetchDashboard<T>().then((result) => {
        if (!live) return;
        if (result.success && result.data) {
          setData(result.data);
          setFailed(undefined);
        } else setFailed(result.message || 'The dashboard could not be loaded');
      });
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return { data, failed };
}

function Loading({ failed }: { failed?: string }) {
  return failed ? <Alert severity="error">{failed}</Alert> : <Skeleton variant="rounded" height={160} role="progressbar" aria-label="Loading the dashboard" />;
}

export function AdminDashboard() {
  const { data, failed } = useDashboard<AdminDashboardData>();
  const basename = useBasename();
  if (!data) return <Loading failed={failed} />;
  const roles = Object.entries(data.usersByRole);
  return (
    <>
      <StatRow>
        <StatCard title="Institutes" value={data.institutes} />
        <StatCard title="Users" value={roles.reduce((s, [, n]) => s + n, 0)} />
        <StatCard title="Quizzes this week" value={data.quizzesThisWeek} hint="Opening Monday to Sunday (UTC)" />
        <StatCard title="Feedback this period" value={data.feedbackTrend.reduce((s, d) => s + d.count, 0)} hint={`Since ${utcDateText(data.feedbackSince)} (UTC), as in the trend below`} />
      </StatRow>
      <Panel title="Users by role">
        <ChartAlternative label="Users by role" table={{ columns: ['Role', 'Users'], rows: roles.map(([r, n]) => [ROLE_LABELS[r as keyof typeof ROLE_LABELS] ?? r, n]) }}>
          <BarChart height={240} xAxis={[namesXAxis(roles.map(([r]) => ROLE_LABELS[r as keyof typeof ROLE_LABELS] ?? r))]} yAxis={[countAxis('Users')]} series={[{ data: roles.map(([, n]) => n), label: 'Users' }]} hideLegend />
        </ChartAlternative>
      </Panel>
      <Panel title="Feedback trend">
        {data.feedbackTrend.length ? (
          <ChartAlternative
            label="Feedback trend"
            kind="Line chart"
            table={{ columns: ['Day (UTC)', 'Feedback given', 'Average rating'], rows: data.feedbackTrend.map((d) => [d.date, d.count, d.averageRating === null ? null : Math.round(d.averageRating * 10) / 10]) }}
          >
          <LineChart
            height={240}
            xAxis={[namesXAxis(data.feedbackTrend.map((d) => d.date), undefined, 'point')]}
            yAxis={[{ ...countAxis('Feedback given'), id: 'count', position: 'left' }, { id: 'rating', min: 0, max: 5, position: 'right', label: 'Average rating', width: 'auto' }]}
            series={[
              { ...LINE_SERIES, data: data.feedbackTrend.map((d) => d.count), label: 'Feedback given', yAxisId: 'count' },
              { ...LINE_SERIES, data: data.feedbackTrend.map((d) => d.averageRating), label: 'Average rating', yAxisId: 'rating', connectNulls: true },
            ]}
          />
          </ChartAlternative>
        ) : (
          <Typography color="text.secondary">No feedback yet.</Typography>
        )}
      </Panel>
      <Panel title="Latest feedback">
        <FeedbackTable rows={data.latestFeedback} label="Latest feedback" />
        <Link component={RouterLink} to={`${basename}/feedbacks`} sx={{ display: 'inline-block', mt: 1 }}>
          All feedback
        </Link>
      </Panel>
    </>
  );
}

export function InstituteHeadDashboard() {
  const { data, failed } = useDashboard<InstituteHeadDashboardData>();
  if (!data) return <Loading failed={failed} />;
  return (
    <>
      <StatRow>
        <StatCard title="Departments" value={data.departments} />
        <StatCard title="Teachers" value={data.teachers} />
        <StatCard title="Students" value={data.students} />
        <StatCard title="Quizzes this month" value={data.quizzesThisMonth} />
      </StatRow>
      <Panel title="Results by department">
        {data.resultsByDepartment.length > 0 && (
          <ChartAlternative label="Results by department" tableBeside>
            <BarChart
              height={260}
              xAxis={[namesXAxis(data.resultsByDepartment.map((d) => d.name))]}
              yAxis={[percentAxis()]}
              series={[
                { data: data.resultsByDepartment.map((d) => d.meanPercent ?? 0), label: 'Mean score %' },
                { data: data.resultsByDepartment.map((d) => d.passRate ?? 0), label: 'Pass rate %' },
              ]}
            />
          </ChartAlternative>
        )}
        <Table size="small" aria-label="Results by department">
          <TableHead>
            <TableRow>
              <TableCell>Department</TableCell>
              <TableCell align="right">Submitted attempts</TableCell>
              <TableCell align="right">Mean score</TableCell>
              <TableCell align="right">Pass rate</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.resultsByDepartment.map((d) => (
              <TableRow key={d.departmentId}>
                <TableCell>{d.name}</TableCell>
                <TableCell align="right">{d.attempts}</TableCell>
                <TableCell align="right">{percentText(d.meanPercent)}</TableCell>
                <TableCell align="right">{percentText(d.passRate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Panel>
      <BankHealthPanel subjects={data.subjects} />
    </>
  );
}

export function DepartmentHeadDashboard() {
  const { data, failed } = useDashboard<DepartmentHeadDashboardData>();
  const paths = useQuizPaths();
  if (!data) return <Loading failed={failed} />;
  return (
    <>
      <StatRow>
        <StatCard title="Students" value={data.students} />
        <StatCard title="Groups" value={data.groups} />
        <StatCard title="Upcoming exams" value={data.upcomingExams.length} />
      </StatRow>
      <Panel title="Pass rate by group">
        {data.passRateByGroup.length > 0 && (
          <ChartAlternative label="Pass rate by group" tableBeside>
            <BarChart
              height={240}
              xAxis={[namesXAxis(data.passRateByGroup.map((g) => g.name))]}
              yAxis={[percentAxis()]}
              series={[{ data: data.passRateByGroup.map((g) => g.passRate ?? 0), label: 'Pass rate %' }]}
              hideLegend
            />
          </ChartAlternative>
        )}
        <Table size="small" aria-label="Pass rate by group">
          <TableHead>
            <TableRow>
              <TableCell>Group</TableCell>
              <TableCell align="right">Submitted attempts</TableCell>
              <TableCell align="right">Passed</TableCell>
              <TableCell align="right">Pass rate</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.passRateByGroup.map((g) => (
              <TableRow key={g.groupId}>
                <TableCell>{g.name}</TableCell>
                <TableCell align="right">{g.attempts}</TableCell>
                <TableCell align="right">{g.passed}</TableCell>
                <TableCell align="right">{percentText(g.passRate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Panel>
      <Panel title="Upcoming exams">
        {data.upcomingExams.length === 0 ? (
          <Typography color="text.secondary">No exam is scheduled.</Typography>
        ) : (
          <Table size="small" aria-label="Upcoming exams">
            <TableHead>
              <TableRow>
                <TableCell>Quiz</TableCell>
                <TableCell>Group</TableCell>
                <TableCell>Teacher</TableCell>
                <TableCell>Opens</TableCell>
                <TableCell align="right">Duration</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.upcomingExams.map((q) => (
                <TableRow key={q.quizId}>
                  <TableCell>
                    <Link component={RouterLink} to={paths.analysis(q.quizId)}>
                      {q.name}
                    </Link>
                  </TableCell>
                  <TableCell>{q.groupName ?? '—'}</TableCell>
                  <TableCell>{q.teacherName ?? '—'}</TableCell>
                  <TableCell>{dateTimeText(q.validFrom)}</TableCell>
                  <TableCell align="right">{q.duration ?? '—'} min</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Panel>
      <BankHealthPanel subjects={data.subjects} />
    </>
  );
}

export function TeacherDashboard() {
  const { data, failed } = useDashboard<TeacherDashboardData>();
  const paths = useQuizPaths();
  if (!data) return <Loading failed={failed} />;
  // Drafts are listed, never counted as live or upcoming quizzes.
  const count = (state: TeacherDashboardData['quizzes'][number]['state']) => data.quizzes.filter((q) => q.state === state).length;
  return (
    <>
      <StatRow>
        <StatCard title="Live quizzes" value={count('live')} />
        <StatCard title="Upcoming quizzes" value={count('upcoming')} hint={count('draft') ? `${count('draft')} ${count('draft') === 1 ? 'draft' : 'drafts'} not counted` : undefined} />
        <StatCard
          title="Answers awaiting grading"
          value={data.awaitingGrading}
          hint={data.awaitingByQuiz.map((q) => (
            <Link key={q.quizId} component={RouterLink} to={paths.analysis(q.quizId)} sx={{ display: 'block' }}>
              {q.name}: {q.answers}
            </Link>
          ))}
        />
      </StatRow>
      <Panel title="Live and upcoming quizzes">
        {data.quizzes.length === 0 ? (
          <Typography color="text.secondary">No quiz is open or scheduled.</Typography>
        ) : (
          <Table size="small" aria-label="Live and upcoming quizzes">
            <TableHead>
              <TableRow>
                <TableCell>Quiz</TableCell>
                <TableCell>State</TableCell>
                <TableCell>Window</TableCell>
                <TableCell align="right">Started</TableCell>
                <TableCell align="right">Submitted</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.quizzes.map((q) => (
                <TableRow key={q.quizId}>
                  <TableCell>
                    <Link component={RouterLink} to={paths.manage(q.quizId)}>
                      {q.name}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" color={q.state === 'live' ? 'success' : 'default'} variant={q.state === 'draft' ? 'outlined' : 'filled'} label={q.state} />
                  </TableCell>
                  <TableCell>
                    {dateTimeText(q.validFrom)} – {dateTimeText(q.validTo)}
                  </TableCell>
                  <TableCell align="right">{q.started}</TableCell>
                  <TableCell align="right">{q.submitted}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Panel>
      <Panel title="Weakest modules">
        {data.weakestModules.length ? (
          <>
            <Typography variant="body2" color="text.secondary">
              <FigureName /> over your quizzes
            </Typography>
            <ChartAlternative label="Weakest modules" tableBeside>
              <BarChart
                height={220}
                layout="horizontal"
                yAxis={[namesYAxis(data.weakestModules.map((m) => m.name))]}
                xAxis={[percentXAxis(MARKS_EARNED_LABEL)]}
                series={[{ data: data.weakestModules.map((m) => m.percent), label: MARKS_EARNED_LABEL, valueFormatter: (v) => percentText(v) }]}
                hideLegend
              />
            </ChartAlternative>
            <Table size="small" aria-label="Weakest modules">
              <TableHead>
                <TableRow>
                  <TableCell>Module</TableCell>
                  <TableCell align="right">{MARKS_EARNED_LABEL}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.weakestModules.map((m) => (
                  <TableRow key={m.moduleId}>
                    <TableCell>{m.name}</TableCell>
                    <TableCell align="right">{percentText(m.percent)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        ) : (
          <Typography color="text.secondary">{data.weakestModulesPending ? 'No graded answer yet.' : 'No submitted attempt yet.'}</Typography>
        )}
        <AwaitingGradingNote answers={data.weakestModulesPending} />
      </Panel>
      <SubjectAttainmentPanel subjects={data.subjects} />
      <BankHealthPanel subjects={data.subjects} />
      <Panel title="Latest results">
        <Table size="small" aria-label="Latest results">
          <TableHead>
            <TableRow>
              <TableCell>Student</TableCell>
              <TableCell>Quiz</TableCell>
              <TableCell>Submitted</TableCell>
              <TableCell align="right">Score</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.latestResults.map((r) => (
              <TableRow key={r.attemptId}>
                <TableCell>{r.studentName}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={paths.analysis(r.quizId)}>
                    {r.quizName}
                  </Link>
                </TableCell>
                <TableCell>{dateTimeText(r.submittedAt)}</TableCell>
                <TableCell align="right">{r.pending ? 'Pending teacher grading' : `${r.score ?? '—'} / ${r.maxScore}`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Panel>
    </>
  );
}
