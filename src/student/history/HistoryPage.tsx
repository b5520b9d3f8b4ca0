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
import { scoreText, statusText } from './scoreText';

const dateOf = (entry: HistoryEntry) => entry.submittedAt ?? entry.startedAt;

/** Every attempt of the student, newest first, with the analysis and the feedback still to give. */
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
                    <TableCell component="th" scope="col">Status</TableCell>
                    <TableCell component="th" scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {[...entries]
                    .sort((a, b) => dateOf(b) - dateOf(a))
                    .map((entry) => (
                      <TableRow key={entry.id}>
                        <TableCell component="th" scope="row">
                          {entry.quizName}
                        </TableCell>
                        <TableCell>{formatDateTime(dateOf(entry))}</TableCell>
                        <TableCell>{scoreText(entry)}</TableCell>
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
                    ))}
                </TableBody>
              </Table>
            </TableContainer>
          )
        }
      </LoadStatus>
    </section>
  );
}
