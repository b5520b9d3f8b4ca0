import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GRADING_COMMENT_MAX } from '../../../schemas/answers';
import { serverFieldErrors } from '../../../ui/forms/fieldErrors';
import { showToast } from '../../../ui/toast/toastStore';
import { ModelAnswer } from '../../../ui/ModelAnswer';
import { QuestionView, type QuestionResponse } from '../../questions/QuestionView';
import { markError } from '../analysis/QuestionGradingDialog';
import type { AttemptForGrading, AttemptQuestion, Participant } from '../quizTypes';
import { fetchAttempt, gradeAnswer } from './manageApi';

interface GradingDialogProps {
  quizId: number;
  participant: Participant;
  onClose: () => void;
  /** Called after marks were saved (the participants' scores change). */
  onGraded: () => void;
}

/** The marks already given to an answer, as the field shows them ('' while it waits for grading). */
const savedMarks = (q: AttemptQuestion) => (q.outcome === 'graded' && q.marks !== null ? String(q.marks) : '');

const scoreText = (attempt: AttemptForGrading) =>
  attempt.score === null || attempt.score === undefined ? '—' : `${attempt.score} / ${attempt.maxScore ?? '—'}`;

/**
 * Grading one submitted attempt: its descriptive answers, each shown as the student saw the
 * question with their answer, and a marks field. Saving sends each changed mark.
 */
export function GradingDialog({ quizId, participant, onClose, onGraded }: GradingDialogProps) {
  const attemptId = participant.attempt!.id;
  const [attempt, setAttempt] = useState<AttemptForGrading>();
  const [failed, setFailed] = useState<string>();
  const [marks, setMarks] = useState<Record<number, string>>({});
  const [comments, setComments] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void fetchAttempt(quizId, attemptId).then((result) => {
      if (!live) return;
      if (!result.success || !result.data) {
        setFailed(result.message || 'The attempt could not be loaded');
        return;
      }
      setAttempt(result.data);
      const descriptive = result.data.questions.filter((q) => q.type === 'descriptive');
      setMarks(Object.fromEntries(descriptive.map((q) => [q.id, savedMarks(q)])));
      setComments(Object.fromEntries(descriptive.map((q) => [q.id, q.comment ?? ''])));
    });
    return () => {
      live = false;
    };
  }, [quizId, attemptId]);

  const descriptive = (attempt?.questions ?? []).filter((q) => q.type === 'descriptive');
  const answered = descriptive.filter((q) => q.outcome !== 'unanswered');
  const automatic = (attempt?.questions ?? []).length - descriptive.length;

  const save = async () => {
    if (!attempt) return;
    const changed = answered.filter((q) => savedMarks(q) !== (marks[q.id] ?? '').trim() || (q.comment ?? '') !== (comments[q.id] ?? '').trim());
    // The answers given marks or a comment are saved (the others may be graded later); with none,
    // every answer still without marks says "Enter the marks", so saving never closes with nothing said.
    const checked = changed.length ? changed : answered.filter((q) => savedMarks(q) === '');
    const found: Record<number, string> = {};
    for (const q of checked) {
      // A descriptive answer's marks run from 0 (this route takes no negative marks) to the question's.
      const problem = markError(marks[q.id] ?? '', 0, q.key.marks);
      if (problem) found[q.id] = problem;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    if (!changed.length) {
      onClose();
      return;
    }
    setBusy(true);
    const refused: Record<number, string> = {};
    let last: { score: number | null; maxScore: number | null; pending: boolean } | undefined;
    for (const q of changed) {
      const result = await gradeAnswer(quizId, attempt.id, q.id, Number(marks[q.id]), comments[q.id] ?? '');
      if (result.success && result.data) last = result.data;
      else refused[q.id] = serverFieldErrors(result.data).marks ?? (result.message || 'Not saved');
    }
    setBusy(false);
    if (last) onGraded();
    if (Object.keys(refused).length) {
      setErrors(refused);
      return;
    }
    showToast({
      severity: 'success',
      summary: 'Marks saved',
      detail: last ? `${participant.fullname}: ${last.score ?? 0} / ${last.maxScore ?? 0}${last.pending ? ' (more answers to grade)' : ''}` : undefined,
    });
    onClose();
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="grading-title" maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id="grading-title">
        Grade {participant.fullname}
        <Typography variant="body2" color="text.secondary" component="div">
          {participant.username}
          {attempt ? ` · score ${scoreText(attempt)}${attempt.pending ? ' · waiting for grading' : ''}` : ''}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ bgcolor: 'background.default' }}>
        {failed && <Alert severity="error">{failed}</Alert>}
        {!attempt && !failed && (
          <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading the answers">
            <Skeleton variant="rounded" height={160} />
            <Skeleton variant="rounded" height={160} />
          </Stack>
        )}
        {attempt && (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {automatic > 0 ? `${automatic} other ${automatic === 1 ? 'answer was' : 'answers were'} graded automatically. ` : ''}
              {descriptive.length === 0
                ? 'This paper has no descriptive questions: nothing to grade by hand.'
                : `Give marks to ${descriptive.length === 1 ? 'the descriptive answer' : `the ${descriptive.length} descriptive answers`}.`}
            </Typography>
            {descriptive.map((q) => {
              const index = attempt.questions.findIndex((candidate) => candidate.id === q.id);
              const unanswered = q.outcome === 'unanswered';
              return (
                <Paper key={q.id} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
                  <QuestionView
                    number={index + 1}
                    question={{ type: q.type, question: q.question, marks: q.key.marks, options: q.options }}
                    response={(q.response ?? '') as QuestionResponse}
                    headingLevel="h3"
                    answerLabel="Student’s answer"
                    aside={
                      <Chip
                        size="small"
                        color={unanswered ? 'default' : q.outcome === 'graded' ? 'success' : 'warning'}
                        label={unanswered ? 'Not answered' : q.outcome === 'graded' ? 'Graded' : 'To grade'}
                      />
                    }
                  />
                  <ModelAnswer text={q.modelAnswer} />
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
                    <TextField
                      id={`grade-${q.id}`}
                      label="Marks"
                      size="small"
                      value={marks[q.id] ?? ''}
                      onChange={(event) => setMarks((current) => ({ ...current, [q.id]: event.target.value }))}
                      error={Boolean(errors[q.id])}
                      helperText={errors[q.id] ?? (unanswered ? 'Nothing to grade' : `0 to ${q.key.marks}`)}
                      disabled={busy || unanswered}
                      slotProps={{
                        htmlInput: { inputMode: 'decimal' },
                        input: { endAdornment: <InputAdornment position="end">/ {q.key.marks}</InputAdornment> },
                      }}
                      sx={{ width: 180, flexShrink: 0 }}
                    />
                    <TextField
                      id={`grade-comment-${q.id}`}
                      label="Comment"
                      size="small"
                      value={comments[q.id] ?? ''}
                      onChange={(event) => setComments((current) => ({ ...current, [q.id]: event.target.value }))}
                      helperText="Optional: the student sees it with the marks"
                      disabled={busy || unanswered}
                      multiline
                      minRows={2}
                      fullWidth
                      slotProps={{ htmlInput: { maxLength: GRADING_COMMENT_MAX } }}
                    />
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={busy || !attempt || answered.length === 0}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Save marks
        </Button>
      </DialogActions>
    </Dialog>
  );
}
