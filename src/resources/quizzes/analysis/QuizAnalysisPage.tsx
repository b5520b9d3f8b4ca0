import { Fragment, useCallback, useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { Title } from 'react-admin';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartAlternative } from '../../../ui/ChartAlternative';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { quizIdOf, useQuizPaths } from '../quizPaths';
import { exportReport, fetchStatistics } from './analysisApi';
import { figure, reviewReasons, sortRows, type SortOrder } from './analysisModel';
import type { QuestionStatistics, QuizStatisticsData, StudentResult } from './analysisTypes';
import { QuestionGradingDialog } from './QuestionGradingDialog';
import { AttemptReviewDialog } from './AttemptReviewDialog';
import { Markdown } from '../../../ui/Markdown';
import { QuizFeedback } from '../../feedbacks';
import { countAxis, namesXAxis, percentAxis } from '../../../ui/charts';
import { questionTypeLabel } from '../../../ui/questionLabels';
import { awaitingGradingText, MARKS_EARNED_LABEL } from '../../../schemas/figures';
import { FigureName } from '../../../ui/FigureName';
import { can } from '../../../schemas/entity';
import { GRADING_METHOD_LABELS, quizEntity } from '../../../schemas/quizzes';
import { STATISTICS_ATTEMPTS, STATISTICS_ATTEMPTS_LABELS, type StatisticsAttempts } from '../../../schemas/statistics';
import type { PaperDifferences } from '../../../schemas/fairness';
import { useArea } from '../../../shell/AreaContext';
import { roleOfArea } from '../../../shell/areaRole';

function Card({ label, value, hint, tone }: { label: string; value: ReactNode; hint?: string; tone?: 'warning' }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 140, flex: '1 1 140px', borderColor: tone === 'warning' ? 'warning.main' : undefined }} role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Paper>
  );
}

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Paper>
  );
}

type QuestionColumn = { key: keyof QuestionStatistics; label: string; hint: string; suffix?: string };
const QUESTION_COLUMNS: QuestionColumn[] = [
  { key: 'position', label: '#', hint: 'Position in the paper' },
  { key: 'type', label: 'Type', hint: 'Question type' },
  { key: 'moduleName', label: 'Module', hint: 'Course outcome' },
  { key: 'maxMark', label: 'Max', hint: 'Marks of the question' },
  { key: 's', label: 'S', hint: 'Attempts that saw the question' },
  { key: 'facility', label: 'Facility', hint: '100 · mean mark / maximum', suffix: ' %' },
  { key: 'sd', label: 'SD', hint: 'Standard deviation, % of the maximum', suffix: ' %' },
  { key: 'discriminationIndex', label: 'Disc. index', hint: '100 · correlation of the mark with the rest of the test' },
  { key: 'discriminativeEfficiency', label: 'Disc. efficiency', hint: '100 · covariance / its maximum' },
  { key: 'effectiveWeight', label: 'Eff. weight', hint: "Share of the spread of the totals", suffix: ' %' },
  { key: 'upperLowerIndex', label: 'Upper−lower', hint: 'Mean fraction of the maximum in the top 27 % minus the bottom 27 %' },
  { key: 'pointBiserial', label: 'Point-biserial', hint: 'Correlation of the mark with the total' },
];

const percent = (x: number) => `${Math.round(x)} %`;

/** How different the random papers were (the statistics' `papers` block; quizzes with random rules only). */
function PaperDifferencesBlock({ papers }: { papers: PaperDifferences }) {
  const calibrated = Math.round(papers.calibratedShare * 100);
  return (
    <Section title="How different the papers were">
      <Typography variant="body1">
        Papers ranged from {percent(papers.expectedScore.min)} to {percent(papers.expectedScore.max)} expected score for an average student
        {papers.balanced ? ' (balanced papers).' : ' (papers not balanced).'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Mean difficulty of the {papers.attempts} papers: {papers.meanDifficulty.min.toFixed(2)} to {papers.meanDifficulty.max.toFixed(2)} logits (standard deviation{' '}
        {papers.meanDifficulty.sd.toFixed(2)}). {calibrated} % of their questions are calibrated; the others count at their declared level's average.
      </Typography>
    </Section>
  );
}

/** Without `onGrade` (a head's view: grading is the quiz's teacher's) the table has no Grade column. */
function QuestionTable({ data, onGrade }: { data: QuizStatisticsData; onGrade?: (q: QuestionStatistics) => void }) {
  const [sort, setSort] = useState<{ key: keyof QuestionStatistics | 'review'; order: SortOrder }>({ key: 'position', order: 'asc' });
  const [open, setOpen] = useState<Record<number, boolean>>({});
  const rows = sortRows(data.questions, (q) => (sort.key === 'review' ? reviewReasons(q).length : (q[sort.key] as number | string | null)), sort.order);
  const sortBy = (key: typeof sort.key) => setSort((s) => ({ key, order: s.key === key && s.order === 'asc' ? 'desc' : 'asc' }));
  // A link to one question (`#question-{id}`, from the question bank's flags) scrolls to its row once the table is drawn.
  const { hash } = useLocation();
  useEffect(() => {
    const row = hash.startsWith('#question-') ? document.getElementById(hash.slice(1)) : null;
    row?.scrollIntoView({ block: 'center' });
  }, [hash, data]);
  return (
    <TableContainer>
      <Table size="small" aria-label="Question statistics">
        <TableHead>
          <TableRow>
            <TableCell />
            {QUESTION_COLUMNS.map((c) => (
              <TableCell key={c.key} align={c.key === 'type' || c.key === 'moduleName' ? 'left' : 'right'} sortDirection={sort.key === c.key ? sort.order : false}>
                <Tooltip title={c.hint} describeChild>
                  <TableSortLabel active={sort.key === c.key} direction={sort.key === c.key ? sort.order : 'asc'} onClick={() => sortBy(c.key)}>
                    {c.label}
                  </TableSortLabel>
                </Tooltip>
              </TableCell>
            ))}
            <TableCell sortDirection={sort.key === 'review' ? sort.order : false}>
              <TableSortLabel active={sort.key === 'review'} direction={sort.key === 'review' ? sort.order : 'asc'} onClick={() => sortBy('review')}>
                Flag
              </TableSortLabel>
            </TableCell>
            {onGrade && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((q) => {
            const reasons = reviewReasons(q);
            const expanded = open[q.questionId] ?? false;
            return (
              <Fragment key={q.questionId}>
                <TableRow hover data-question={q.questionId} id={`question-${q.questionId}`} selected={hash === `#question-${q.questionId}`}>
                  <TableCell padding="checkbox">
                    <IconButton size="small" aria-label={`${expanded ? 'Hide' : 'Show'} question ${q.position}${q.options ? ' and its options' : ''}`} aria-expanded={expanded} onClick={() => setOpen((o) => ({ ...o, [q.questionId]: !expanded }))}>
                      {expanded ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                    </IconButton>
                  </TableCell>
                  {QUESTION_COLUMNS.map((c) => {
                    const value = c.key === 'type' ? questionTypeLabel(q.type) : q[c.key];
                    return (
                      <TableCell key={c.key} align={c.key === 'type' || c.key === 'moduleName' ? 'left' : 'right'}>
                        {typeof value === 'number' ? figure(value, c.suffix) : value === null ? '—' : String(value)}
                      </TableCell>
                    );
                  })}
                  <TableCell>{reasons.length > 0 && <Tooltip title={reasons.join('; ')}><Chip size="small" color="warning" label="review" /></Tooltip>}</TableCell>
                  {onGrade && (
                    <TableCell>
                      <Tooltip describeChild title={q.submitted === 0 ? 'No submitted attempt has this question yet' : ''}>
                        <span>
                          <Button size="small" onClick={() => onGrade(q)} disabled={q.submitted === 0}>
                            {q.type === 'descriptive' ? 'Grade' : 'Regrade'}
                          </Button>
                        </span>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
                {expanded && (
                  <TableRow>
                    <TableCell />
                    <TableCell colSpan={QUESTION_COLUMNS.length + (onGrade ? 2 : 1)}>
                      <Typography component="div" variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
                        <Markdown>{q.text}</Markdown>
                      </Typography>
                      {q.options ? (
                        <Table size="small" aria-label={`Options of question ${q.position}`}>
                          <TableHead>
                            <TableRow>
                              <TableCell>Option</TableCell>
                              <TableCell>Correct</TableCell>
                              <TableCell align="right">Chosen</TableCell>
                              <TableCell align="right">%</TableCell>
                              <TableCell align="right">Upper 27 %</TableCell>
                              <TableCell align="right">Lower 27 %</TableCell>
                            </TableRow>
                          </TableHead>
                          <TableBody>
                            {q.options.map((o) => (
                              <TableRow key={o.optionId}>
                                <TableCell>
                                  <Markdown inline>{o.text}</Markdown>
                                </TableCell>
                                <TableCell>{o.correct ? 'yes' : ''}</TableCell>
                                <TableCell align="right">{o.count}</TableCell>
                                <TableCell align="right">{figure(o.percent, ' %')}</TableCell>
                                <TableCell align="right">{o.upper}</TableCell>
                                <TableCell align="right">{o.lower}</TableCell>
                              </TableRow>
                            ))}
                            <TableRow>
                              <TableCell colSpan={2}>No answer</TableCell>
                              <TableCell align="right">{q.unanswered ?? 0}</TableCell>
                              <TableCell colSpan={3} />
                            </TableRow>
                          </TableBody>
                        </Table>
                      ) : null}
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Without `onOpen` (a head's view: an attempt's answers are the quiz's teacher's to review) the rows do not open. */
function StudentTable({ data, onOpen }: { data: QuizStatisticsData; onOpen?: (s: StudentResult) => void }) {
  const [sort, setSort] = useState<{ key: string; order: SortOrder }>({ key: 'total', order: 'desc' });
  const several = data.attemptsAllowed !== 1;
  const valueOf = (s: StudentResult): number | string | null =>
    sort.key === 'name'
      ? s.name
      : sort.key === 'percent'
        ? s.percent
        : sort.key === 'total'
          ? s.total
          : sort.key === 'grade'
            ? s.grade
            : sort.key === 'attempts'
              ? s.attempts.length
              : (s.modules[sort.key] ?? null);
  const rows = sortRows(data.students, valueOf, sort.order);
  const header = (key: string, label: string) => (
    <TableCell key={key} align={key === 'name' ? 'left' : 'right'} sortDirection={sort.key === key ? sort.order : false}>
      <TableSortLabel active={sort.key === key} direction={sort.key === key ? sort.order : 'asc'} onClick={() => setSort((s) => ({ key, order: s.key === key && s.order === 'asc' ? 'desc' : 'asc' }))}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
  return (
    <TableContainer>
      <Table size="small" aria-label="Students">
        <TableHead>
          <TableRow>
            {header('name', 'Student')}
            {header('total', 'Total')}
            {header('percent', 'Percent')}
            {several && header('grade', 'Quiz grade')}
            {several && header('attempts', 'Attempts')}
            {data.modules.map((m) => header(String(m.moduleId), m.name))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((s) => (
            <TableRow
              key={s.attemptId}
              hover
              {...(onOpen && { sx: { cursor: 'pointer' }, onClick: () => onOpen(s), tabIndex: 0, onKeyDown: (e: KeyboardEvent) => (e.key === 'Enter' ? onOpen(s) : undefined), 'aria-label': `Open ${s.name}'s attempt` })}
            >
              <TableCell>
                {s.name} <Typography component="span" variant="caption" color="text.secondary">{s.username}</Typography>
                {s.pending && <Chip size="small" color="warning" label={awaitingGradingText(s.pendingAnswers)} sx={{ ml: 1 }} />}
              </TableCell>
              <TableCell align="right">
                {figure(s.total)} / {s.maxScore}
              </TableCell>
              <TableCell align="right">{figure(s.percent, ' %')}</TableCell>
              {several && (
                <TableCell align="right">
                  {figure(s.grade)} / {s.maxScore}
                </TableCell>
              )}
              {several && (
                <TableCell align="right">
                  <Tooltip title={s.attempts.map((a) => `Attempt ${a.attemptNo}: ${figure(a.score)} / ${a.maxScore}${a.counted ? ' (counted)' : ''}`).join(' · ')}>
                    <span>{s.attempts.length}</span>
                  </Tooltip>
                </TableCell>
              )}
              {data.modules.map((m) => (
                <TableCell key={m.moduleId} align="right">
                  {figure(s.modules[String(m.moduleId)], ' %')}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** What a head is told where the teacher would grade or open an attempt. */
const TEACHER_ONLY = 'Grading answers and reviewing each student’s attempt are for the quiz’s teacher.';

/** quiz/analysis/{quizId}: the quiz's item analysis, course-outcome attainment, students, grading by question and export. */
export function QuizAnalysisPage() {
  const paths = useQuizPaths();
  const id = quizIdOf(useParams());
  const [data, setData] = useState<QuizStatisticsData>();
  const [failed, setFailed] = useState<string>();
  const [grading, setGrading] = useState<QuestionStatistics>();
  const [review, setReview] = useState<StudentResult>();
  const [exporting, setExporting] = useState<'xlsx' | 'csv'>();
  const [choice, setChoice] = useState<StatisticsAttempts>('first');
  // The quiz's teacher grades, reviews attempts and manages it (the server's grading, attempt and
  // manage routes are the teacher's); a head reads the analysis, its export and the feedback.
  const manages = can(quizEntity, roleOfArea(useArea()), 'update');

  const load = useCallback(() => {
    if (Number.isNaN(id)) {
      setFailed('Quiz not found');
      return;
    }
    void fetchStatistics(id, choice).then((result) => {
      if (result.success && result.data) {
        setData(result.data);
        setFailed(undefined);
      } else setFailed(result.message || 'The analysis could not be loaded');
    });
  }, [id, choice]);
  useEffect(load, [load]);

  const download = async (format: 'xlsx' | 'csv') => {
    setExporting(format);
    await exportReport(id, format, choice);
    setExporting(undefined);
  };

  const flagged = data?.questions.filter((q) => reviewReasons(q).length > 0).length ?? 0;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Quiz analysis" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography component="h1" variant="h5" sx={{ flex: 1 }}>
          {data ? `Analysis: ${data.quizName}` : 'Quiz analysis'}
        </Typography>
        <Button component={RouterLink} to={paths.list} startIcon={<ArrowBackIcon />}>
          Quizzes
        </Button>
        {manages && !Number.isNaN(id) && (
          <Button component={RouterLink} to={paths.manage(id)}>
            Manage
          </Button>
        )}
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={!data || exporting !== undefined} onClick={() => void download('xlsx')}>
          Export .xlsx
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={!data || exporting !== undefined} onClick={() => void download('csv')}>
          Export CSV
        </Button>
      </Stack>
      {failed && <Alert severity="error">{failed}</Alert>}
      {!data && !failed && (
        <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading the analysis">
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={260} />
        </Stack>
      )}
      {data && (
        <Stack spacing={2}>
          {data.students.length === 0 && <Alert severity="info">No attempt has been submitted yet: the figures appear once students submit.</Alert>}
          {data.pendingGrading > 0 && (
            <Alert severity="warning">
              {awaitingGradingText(data.pendingAnswers)} ({data.pendingGrading} {data.pendingGrading === 1 ? 'attempt' : 'attempts'}): left out of every figure until graded, and the
              statistics count {data.pendingGrading === 1 ? 'that attempt' : 'those attempts'} once graded. {manages ? 'Use Grade on the question.' : 'The quiz’s teacher grades them.'}
            </Alert>
          )}
          {data.attemptsAllowed !== 1 && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                select
                size="small"
                label="Attempts"
                id="statistics-attempts"
                value={choice}
                onChange={(e) => setChoice(e.target.value as StatisticsAttempts)}
                sx={{ minWidth: 160 }}
                helperText="Which attempts the statistics use, per student"
              >
                {STATISTICS_ATTEMPTS.map((a) => (
                  <MenuItem key={a} value={a}>
                    {STATISTICS_ATTEMPTS_LABELS[a]}
                  </MenuItem>
                ))}
              </TextField>
              <Typography variant="body2" color="text.secondary">
                Students and attainment use the quiz grade ({GRADING_METHOD_LABELS[data.gradingMethod].toLowerCase()}).
              </Typography>
            </Stack>
          )}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }} aria-label="Summary">
            <Card label="Attempts" value={data.attempts} />
            <Card label="Mean" value={`${figure(data.mean)} / ${data.scoreMax}`} />
            <Card label="Median" value={figure(data.median)} />
            <Card label="Standard deviation" value={figure(data.sd)} />
            <Card label="Lowest – highest" value={`${figure(data.min)} – ${figure(data.max)}`} />
            <Card label="Internal consistency (cic)" value={figure(data.cic, ' %')} hint="Cronbach's alpha × 100" />
            <Card label="Error ratio" value={figure(data.errorRatio, ' %')} />
            <Card label="Standard error" value={figure(data.standardError)} />
            <Card label="Skewness" value={figure(data.skewness)} />
            <Card label="Kurtosis" value={figure(data.kurtosis)} />
            <Card label="Waiting for grading" value={data.pendingGrading} tone={data.pendingGrading ? 'warning' : undefined} />
            <Card label="Questions to review" value={flagged} tone={flagged ? 'warning' : undefined} hint="facility < 20 or > 90, discrimination < 20" />
          </Stack>
          <Section title="Score histogram">
            <ChartAlternative label="Score histogram" table={{ columns: ['Percent score', 'Attempts'], rows: data.histogram.map((b) => [`${b.from}–${b.to} %`, b.count]) }}>
            <BarChart
              height={260}
              xAxis={[namesXAxis(data.histogram.map((b) => `${b.from}–${b.to} %`), 'Percent score')]}
              yAxis={[countAxis('Attempts')]}
              series={[{ data: data.histogram.map((b) => b.count), label: 'Attempts' }]}
              hideLegend
            />
            </ChartAlternative>
          </Section>
          {data.papers && <PaperDifferencesBlock papers={data.papers} />}
          <Section title="Questions">
            {!manages && <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{TEACHER_ONLY}</Typography>}
            <QuestionTable data={data} onGrade={manages ? setGrading : undefined} />
          </Section>
          <Section title="Module attainment">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              A student reaches a module at {data.attainmentTarget} % of its marks. Level 3 when at least {data.attainmentLevels.level3} % of the students reach it, 2 at{' '}
              {data.attainmentLevels.level2} %, 1 at {data.attainmentLevels.level1} %, else 0.
            </Typography>
            {data.modules.length > 0 && (
              <ChartAlternative label="Module attainment" tableBeside>
                <BarChart
                  height={240}
                  xAxis={[namesXAxis(data.modules.map((m) => m.name))]}
                  yAxis={[percentAxis()]}
                  series={[
                    { data: data.modules.map((m) => m.mean ?? 0), label: MARKS_EARNED_LABEL },
                    { data: data.modules.map((m) => m.reached ?? 0), label: 'Students at the target %' },
                  ]}
                />
              </ChartAlternative>
            )}
            <Table size="small" aria-label="Module attainment">
              <TableHead>
                <TableRow>
                  <TableCell>Module</TableCell>
                  <TableCell align="right">Questions</TableCell>
                  <TableCell align="right">
                    <FigureName />
                  </TableCell>
                  <TableCell align="right">At the target</TableCell>
                  <TableCell align="right">Level</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.modules.map((m) => (
                  <TableRow key={m.moduleId}>
                    <TableCell>{m.name}</TableCell>
                    <TableCell align="right">{m.questions}</TableCell>
                    <TableCell align="right">{figure(m.mean, ' %')}</TableCell>
                    <TableCell align="right">{figure(m.reached, ' %')}</TableCell>
                    <TableCell align="right">{m.level ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Section>
          <Section title="Students">
            <StudentTable data={data} onOpen={manages ? setReview : undefined} />
          </Section>
          <Section title="Student feedback">
            <QuizFeedback quizId={id} />
          </Section>
        </Stack>
      )}
      {grading && <QuestionGradingDialog quizId={id} questionId={grading.questionId} position={grading.position} onClose={() => setGrading(undefined)} onGraded={load} />}
      {review && <AttemptReviewDialog quizId={id} attemptId={review.attemptId} onClose={() => setReview(undefined)} />}
    </Box>
  );
}
