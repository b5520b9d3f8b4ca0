import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { fetchHistory } from '../api/studentApi';
import type { HistoryEntry } from '../api/types';
import { LoadStatus } from '../common/LoadStatus';
import { useLoader } from '../common/useLoader';
import { VisuallyHidden } from '../common/VisuallyHidden';
import { formatDateTime } from '../exam/timeFormat';
import { studentPaths } from '../paths';
import { quizGradeText, scoreText, statusText } from './scoreText';

const dateOf = (entry: HistoryEntry) => entry.submittedAt ?? entry.startedAt;

/** Every attempt of the student, newest first, with the analysis and the feedback still to give. */
/** How many attempts the student has at each quiz (an attempt number is shown where there are several). */
const attemptsPerQuiz = (entries: readonly HistoryEntry[]) => {
  const counts = new Map<number, number>();
  for (const e of entries) counts.set(e.quizId, (counts.get(e.quizId) ?? 0) + 1);
  return counts;
};

export function HistoryPage() {
  const { state, reload } = useLoader(() => fetchHistory(), []);
  return (
    <section aria-labelledby="history-heading">
      <Typography id="history-heading" component="h1" variant="h5" gutterBottom>
        History
      </Typography>
      <LoadStatus state={state} onRetry={reload} label="your history">
        {(entries) =>
          entries.length === 0 ? (
            <Alert severity="info">
              You have not taken a quiz yet. <RouterLink to={studentPaths.available}>See available quizzes</RouterLink>.
            </Alert>
          ) : (
            <TableContainer component={Paper} variant="outlined">
              <Table aria-labelledby="history-heading">
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col">Quiz</TableCell>
                    <TableCell component="th" scope="col">Date</TableCell>
                    <TableCell component="th" scope="col">Score</TableCell>
                    <TableCell component="th" scope="col">Quiz grade</TableCell>
                    <TableCell component="th" scope="col">Status</TableCell>
                    <TableCell component="th" scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {((attemptsOf) => [...entries]
                    .sort((a, b) => dateOf(b) - dateOf(a))
                    .map((entry) => (
                      <TableRow key={entry.id}>
                        <TableCell component="th" scope="row">
                          {entry.quizName}
                          {(attemptsOf.get(entry.quizId) ?? 0) > 1 && entry.attemptNo !== undefined && (
                            <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                              Attempt {entry.attemptNo}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell>{formatDateTime(dateOf(entry))}</TableCell>
                        <TableCell>{scoreText(entry)}</TableCell>
                        <TableCell>{quizGradeText(entry)}</TableCell>
                        <TableCell>{statusText(entry)}</TableCell>
                        <TableCell>
                          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                            {entry.status === 'submitted' ? (
                              <Button size="small" variant="outlined" component={RouterLink} to={studentPaths.analysis(entry.id)}>
                                Analysis<VisuallyHidden> of {entry.quizName}</VisuallyHidden>
                              </Button>
                            ) : (
                              <Button size="small" variant="contained" component={RouterLink} to={studentPaths.exam(entry.id)}>
                                Resume<VisuallyHidden> {entry.quizName}</VisuallyHidden>
                              </Button>
                            )}
                            {entry.status === 'submitted' && !entry.feedbackGiven && (
                              <Button size="small" component={RouterLink} to={studentPaths.feedback(entry.quizId)}>
                                Give feedback<VisuallyHidden> on {entry.quizName}</VisuallyHidden>
                              </Button>
                            )}
                          </Box>
                        </TableCell>
                      </TableRow>
                    )))(attemptsPerQuiz(entries))}
                </TableBody>
              </Table>
            </TableContainer>
          )
        }
      </LoadStatus>
    </section>
  );
}
