import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PublishedWithChangesIcon from '@mui/icons-material/PublishedWithChanges';
import { regradeQuiz, type RegradeAnswer } from './manageApi';
import { regradedText, wouldChangeText } from './regradeText';

const marks = (n: number | null) => (n === null ? 'not graded' : String(n));

/**
 * "Regrade attempts": a dry run first (every attempt whose marks would change, per question and in
 * total), then "Regrade" applies the questions' current keys and marks to the submitted papers.
 */
export function RegradeSection({ quizId, onApplied }: { quizId: number; onApplied: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [plan, setPlan] = useState<RegradeAnswer>();
  const [applied, setApplied] = useState<RegradeAnswer>();
  const [error, setError] = useState<string>();

  const run = async (dryRun: boolean) => {
    setBusy(true);
    setError(undefined);
    const result = await regradeQuiz(quizId, dryRun);
    setBusy(false);
    if (!result.success || !result.data) {
      setError(result.message || 'The regrade could not be run');
      return;
    }
    if (dryRun) setPlan(result.data);
    else {
      setApplied(result.data);
      onApplied();
    }
  };

  const start = () => {
    setPlan(undefined);
    setApplied(undefined);
    setOpen(true);
    void run(true);
  };

  const shown = applied ?? plan;
  return (
    <>
      <Button startIcon={<PublishedWithChangesIcon />} onClick={start}>
        Regrade attempts
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} maxWidth="md" fullWidth aria-labelledby="regrade-title">
        <DialogTitle id="regrade-title">Regrade attempts</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Regrading applies the questions’ current answer keys and marks to the papers as the students saw them; marks you gave by hand stay.
          </DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {busy && !shown && <CircularProgress size={24} aria-label="Checking the attempts" />}
          {shown && (
            <>
              <Typography role="status" sx={{ fontWeight: 600, mb: 1 }}>
                {applied ? regradedText(applied.count) : wouldChangeText(shown.count)}
              </Typography>
              {shown.count > 0 && (
                <TableContainer>
                  <Table size="small" aria-label="Attempts whose marks change">
                    <TableHead>
                      <TableRow>
                        <TableCell>Student</TableCell>
                        <TableCell>Attempt</TableCell>
                        <TableCell>Total</TableCell>
                        <TableCell>Questions</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {shown.changes.map((c) => (
                        <TableRow key={c.attemptId}>
                          <TableCell>{c.studentName}</TableCell>
                          <TableCell>{c.attemptNo}</TableCell>
                          <TableCell>
                            {c.oldScore} → {c.newScore}
                            {c.oldMaxScore !== c.newMaxScore && ` (out of ${c.oldMaxScore} → ${c.newMaxScore})`}
                          </TableCell>
                          <TableCell>
                            {c.questions.map((q) => (
                              <div key={q.questionId}>
                                {q.question}: {marks(q.oldMarks)} → {marks(q.newMarks)}
                              </div>
                            ))}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {applied ? 'Close' : 'Cancel'}
          </Button>
          {!applied && (
            <Button variant="contained" onClick={() => void run(false)} disabled={busy || !plan || plan.count === 0}>
              Regrade
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
