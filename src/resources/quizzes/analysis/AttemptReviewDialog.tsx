import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QuestionView, type QuestionResponse } from '../../questions/QuestionView';
import { fetchAttempt } from '../manage/manageApi';
import type { AttemptForGrading } from '../quizTypes';

/** One student's attempt, question by question, with the answer key and the marks each answer earned. */
export function AttemptReviewDialog({ quizId, attemptId, onClose }: { quizId: number; attemptId: number; onClose: () => void }) {
  const [attempt, setAttempt] = useState<AttemptForGrading>();
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    let live = true;
    void fetchAttempt(quizId, attemptId).then((result) => {
      if (!live) return;
      if (result.success && result.data) setAttempt(result.data);
      else setFailed(result.message || 'The attempt could not be loaded');
    });
    return () => {
      live = false;
    };
  }, [quizId, attemptId]);

  return (
    <Dialog open onClose={onClose} aria-labelledby="attempt-review-title" maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id="attempt-review-title">
        {attempt ? `${attempt.student.fullname}’s attempt` : 'Attempt'}
        {attempt && (
          <Typography variant="body2" color="text.secondary" component="div">
            {attempt.student.username} · score {attempt.score ?? '—'} / {attempt.maxScore ?? '—'}
            {attempt.pending ? ' · waiting for grading' : ''}
          </Typography>
        )}
      </DialogTitle>
      {/* The answers scroll and hold no control: the region takes the keyboard's focus so that arrow keys scroll it. */}
      <DialogContent dividers tabIndex={0} role="region" aria-label="Answers of the attempt" sx={{ bgcolor: 'background.default' }}>
        {failed && <Alert severity="error">{failed}</Alert>}
        {!attempt && !failed && <Skeleton variant="rounded" height={200} aria-label="Loading the attempt" />}
        {attempt && (
          <Stack spacing={2}>
            {attempt.questions.map((q, i) => (
              <Paper key={q.id} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
                <QuestionView
                  number={i + 1}
                  question={{ type: q.type, question: q.question, marks: q.key.marks, options: q.options, stems: q.stems, choices: q.choices }}
                  answerKey={q.key}
                  response={(q.response ?? (q.type === 'descriptive' || q.type === 'short_answer' ? '' : null)) as QuestionResponse}
                  headingLevel="h3"
                  answerLabel="Student’s answer"
                  aside={<Chip size="small" label={q.marks === null ? 'To grade' : `${q.marks} / ${q.key.marks} · ${q.outcome}`} color={q.marks === null ? 'warning' : 'default'} />}
                />
              </Paper>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
