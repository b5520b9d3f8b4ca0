import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { read } from '../../api/httpClient';

export interface FeedbackReport {
  rows: { id: number; quizId: number; quizName: string; studentName: string | null; username: string | null; rating: number; comment: string | null; createdAt: number }[];
  quizzes: { quizId: number; name: string; count: number; averageRating: number | null }[];
  quizChoices: { quizId: number; name: string }[];
}

export interface FeedbackFilters {
  quizId: string;
  from: string;
  to: string;
}

/** The query of GET /api/feedback-report for the filters (empty filters are left out). */
export function feedbackQuery(filters: FeedbackFilters): string {
  const params = new URLSearchParams();
  if (filters.quizId) params.set('quizId', filters.quizId);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  const query = params.toString();
  return query ? `?${query}` : '';
}

type FeedbackRow = FeedbackReport['rows'][number];
/** What a feedback table shows of a row (the admin's dashboard sends its latest feedback without usernames). */
export type FeedbackTableRow = Pick<FeedbackRow, 'id' | 'quizName' | 'studentName' | 'rating' | 'comment' | 'createdAt'>;

/** A mean rating as stars and its figure. */
export function AverageRating({ value }: { value: number | null }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Rating value={value ?? 0} precision={0.1} readOnly size="small" aria-label={`Average ${value?.toFixed(2) ?? '—'} of 5`} />
      <span>{value === null ? '—' : value.toFixed(2)}</span>
    </Stack>
  );
}

/** Feedback rows: the quiz's name (unless the table is about one quiz), the student, the date, the rating and the comment. */
export function FeedbackTable({ rows, withQuiz = true, label = 'Feedback' }: { rows: readonly FeedbackTableRow[]; withQuiz?: boolean; label?: string }) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {withQuiz && <TableCell>Quiz</TableCell>}
          <TableCell>Student</TableCell>
          <TableCell>Date</TableCell>
          <TableCell>Rating</TableCell>
          <TableCell>Comment</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id}>
            {withQuiz && <TableCell>{r.quizName}</TableCell>}
            <TableCell>{r.studentName ?? '—'}</TableCell>
            <TableCell>{new Date(r.createdAt).toLocaleString()}</TableCell>
            <TableCell>
              <Rating value={r.rating} readOnly size="small" aria-label={`${r.rating} of 5`} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{r.comment ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The feedback report for the filters (the server answers with the caller's scope), or why it failed. */
export function useFeedbackReport(filters: FeedbackFilters): { report?: FeedbackReport; failed?: string } {
  const [report, setReport] = useState<FeedbackReport>();
  const [failed, setFailed] = useState<string>();
  const query = feedbackQuery(filters);
  useEffect(() => {
    let live = true;
    void read<FeedbackReport>(`/feedback-report${query}`).then((result) => {
      if (!live) return;
      if (result.success && result.data) {
        setReport(result.data);
        setFailed(undefined);
      } else setFailed(result.message || 'The feedback could not be loaded');
    });
    return () => {
      live = false;
    };
  }, [query]);
  return { report, failed };
}

/**
 * The feedback list of the staff areas: the quiz's name, the student, the date, the rating and the
 * comment, filtered by quiz and date, with each quiz's average rating. Each role sees the feedback
 * of its scope (the admin all; a head its institute's or department's quizzes; a teacher their own).
 */
export function FeedbackListPage() {
  const [filters, setFilters] = useState<FeedbackFilters>({ quizId: '', from: '', to: '' });
  const { report, failed } = useFeedbackReport(filters);

  const set = (key: keyof FeedbackFilters) => (event: { target: { value: string } }) => setFilters((f) => ({ ...f, [key]: event.target.value }));
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Feedbacks" />
      <Typography component="h1" variant="h5" gutterBottom>
        Feedback
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} component="form" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <TextField select label="Quiz" size="small" value={filters.quizId} onChange={set('quizId')} sx={{ minWidth: 240 }} id="feedback-quiz">
          <MenuItem value="">All quizzes</MenuItem>
          {(report?.quizChoices ?? []).map((q) => (
            <MenuItem key={q.quizId} value={String(q.quizId)}>
              {q.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="From" type="date" size="small" value={filters.from} onChange={set('from')} slotProps={{ inputLabel: { shrink: true } }} id="feedback-from" />
        <TextField label="To" type="date" size="small" value={filters.to} onChange={set('to')} slotProps={{ inputLabel: { shrink: true } }} id="feedback-to" />
      </Stack>
      {failed && <Alert severity="error" sx={{ mb: 2 }}>{failed}</Alert>}
      {!report && !failed && <Skeleton variant="rounded" height={200} aria-label="Loading the feedback" />}
      {report && (
        <Stack spacing={2}>
          <Paper variant="outlined" component="section" aria-label="Average rating by quiz" sx={{ p: 2 }}>
            <Typography component="h2" variant="h6" gutterBottom>
              Average rating by quiz
            </Typography>
            {report.quizzes.length === 0 ? (
              <Typography color="text.secondary">No quiz has feedback for these filters.</Typography>
            ) : (
              <Table size="small" aria-label="Average rating by quiz">
                <TableHead>
                  <TableRow>
                    <TableCell>Quiz</TableCell>
                    <TableCell align="right">Feedback</TableCell>
                    <TableCell>Average rating</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.quizzes.map((q) => (
                    <TableRow key={q.quizId}>
                      <TableCell>{q.name}</TableCell>
                      <TableCell align="right">{q.count}</TableCell>
                      <TableCell>
                        <AverageRating value={q.averageRating} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Paper>
          <Paper variant="outlined" component="section" aria-label="All feedback" sx={{ p: 2 }}>
            <Typography component="h2" variant="h6" gutterBottom>
              All feedback ({report.rows.length})
            </Typography>
            {report.rows.length === 0 ? (
              <Typography color="text.secondary">No feedback matches these filters.</Typography>
            ) : (
              <FeedbackTable rows={report.rows} />
            )}
          </Paper>
        </Stack>
      )}
    </Box>
  );
}
