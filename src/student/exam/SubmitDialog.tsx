import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ExamQuestion } from '../api/types';
import { isAnswered } from './responses';
import type { LocalAnswer } from './saveQueue';

const numbers = (indexes: number[]) => indexes.map((i) => i + 1).join(', ');

/** Asks before submitting, naming the unanswered and flagged questions; 'Keep answering' has the focus. */
export function SubmitDialog({
  open,
  questions,
  answers,
  offline,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  questions: readonly ExamQuestion[];
  answers: Readonly<Record<number, LocalAnswer>>;
  offline: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const unanswered = questions.flatMap((q, i) => (q.type === 'description' || isAnswered(answers[q.id]?.response) ? [] : [i]));
  const flagged = questions.flatMap((q, i) => (answers[q.id]?.flagged ? [i] : []));
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="submit-title" aria-describedby="submit-summary">
      <DialogTitle id="submit-title">Submit your answers?</DialogTitle>
      <DialogContent>
        <div id="submit-summary">
          {unanswered.length === 0 ? (
            <Typography gutterBottom>You have answered all {questions.length} questions.</Typography>
          ) : (
            <Typography gutterBottom>
              {unanswered.length === 1 ? '1 question is' : `${unanswered.length} questions are`} not answered: {unanswered.length === 1 ? 'question' : 'questions'} {numbers(unanswered)}.
            </Typography>
          )}
          {flagged.length > 0 && (
            <Typography gutterBottom>
              Flagged for review: {flagged.length === 1 ? 'question' : 'questions'} {numbers(flagged)}.
            </Typography>
          )}
          <Typography>Once submitted, your answers can no longer change.</Typography>
        </div>
        {offline && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            You are offline. Your answers are kept on this device; they will be sent and submitted as soon as the connection returns.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Keep answering
        </Button>
        <Button variant="contained" onClick={onConfirm}>
          Submit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
