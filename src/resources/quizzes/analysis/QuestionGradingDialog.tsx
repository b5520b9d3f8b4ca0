import { useCallback, useEffect, useState } from 'react';
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
import { ENTER_THE_MARKS, GRADING_COMMENT_MAX } from '../../../schemas/answers';
import { serverFieldErrors } from '../../../ui/forms/fieldErrors';
import { showToast } from '../../../ui/toast/toastStore';
import { ModelAnswer } from '../../../ui/ModelAnswer';
import { QuestionView, type QuestionResponse } from '../../questions/QuestionView';
import { fetchGrading, markAnswer } from './analysisApi';
import type { GradingQuestion } from './analysisTypes';

interface QuestionGradingDialogProps {
  quizId: number;
  questionId: number;
  position: number;
  onClose: () => void;
  /** Called after marks were saved (the statistics change). */
  onGraded: () => void;
}

/** The marks typed for an answer: a number from `min` (below 0 only with negative marking) to the question's marks. */
export function markError(text: string, min: number, max: number): string | undefined {
  if (text.trim() === '') return ENTER_THE_MARKS;
  const value = Number(text);
  if (!Number.isFinite(value)) return ENTER_THE_MARKS;
  if (value < min) return min === 0 ? 'Marks cannot be negative' : `At least ${min}`;
  if (value > max) return `At most ${max}`;
  return undefined;
}

const stateOf = (a: GradingQuestion['answers'][number]) =>
  a.outcome === 'unanswered' ? { label: 'Not answered', color: 'default' as const } : a.pending ? { label: 'To grade', color: 'warning' as const } : a.manual || a.outcome === 'graded' ? { label: 'Graded by hand', color: 'success' as const } : { label: `Graded automatically (${a.outcome})`, color: 'info' as const };

/**
 * Grading one question across the class, as Moodle's manual grading does: every student's answer
 * to this question in turn, with marks and a comment; saving moves on to the next student.
 */
export function QuestionGradingDialog({ quizId, questionId, position, onClose, onGraded }: QuestionGradingDialogProps) {
  const [data, setData] = useState<GradingQuestion>();
  const [failed, setFailed] = useState<string>();
  const [index, setIndex] = useState(0);
  const [marks, setMarks] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    (keepIndex?: number) =>
      fetchGrading(quizId, questionId).then((result) => {
        if (!result.success || !result.data) {
          setFailed(result.message || 'The answers could not be loaded');
          return;
        }
        setData(result.data);
        // Start at the first answer still waiting for the teacher.
        const first = result.data.answers.findIndex((a) => a.pending);
        setIndex(keepIndex ?? Math.max(0, first));
      }),
    [quizId, questionId],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const answer = data?.answers[index];
  useEffect(() => {
    setMarks(answer && answer.marks !== null && !answer.pending ? String(answer.marks) : '');
    setComment(answer?.comment ?? '');
    setError(undefined);
  }, [answer]);

  const save = async () => {
    if (!data || !answer) return;
    const problem = markError(marks, data.minMarks, data.question.marks);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const result = await markAnswer(quizId, answer.attemptId, questionId, Number(marks), comment);
    setBusy(false);
    if (!result.success || !result.data) {
      setError(serverFieldErrors(result.data).marks ?? (result.message || 'Not saved'));
      return;
    }
    showToast({ severity: 'success', summary: 'Marks saved', detail: `${answer.name}: ${result.data.score ?? 0} / ${result.data.maxScore ?? 0}` });
    onGraded();
    const next = index + 1 < data.answers.length ? index + 1 : index;
    await load(next);
  };

  const q = data?.question;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="question-grading-title" maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id="question-grading-title">
        Grade question {position}
        {data && (
          <Typography variant="body2" color="text.secondary" component="div">
            {answer ? `Student ${index + 1} of ${data.answers.length}: ${answer.name} (${answer.username})` : 'No answers'}
            {` · ${data.answers.filter((a) => a.pending).length} waiting for grading`}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers sx={{ bgcolor: 'background.default' }}>
        {failed && <Alert severity="error">{failed}</Alert>}
        {!data && !failed && <Skeleton variant="rounded" height={220} aria-label="Loading the answers" />}
        {data && q && answer && (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <QuestionView
              number={position}
              question={{ type: q.type, question: q.question, marks: q.marks, options: q.options, stems: q.stems, choices: q.choices }}
              answerKey={q.key ?? { correctOptions: q.correctOptions, correctBool: q.correctBool, numericValue: q.numericValue, numericTolerance: q.numericTolerance, acceptedAnswers: q.acceptedAnswers }}
              response={(answer.response ?? (q.type === 'descriptive' || q.type === 'short_answer' ? '' : null)) as QuestionResponse}
              headingLevel="h3"
              answerLabel="Student’s answer"
              aside={<Chip size="small" color={stateOf(answer).color} label={stateOf(answer).label} />}
            />
            <ModelAnswer text={q.modelAnswer} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
              <TextField
                id="grade-marks"
                label="Marks"
                size="small"
                value={marks}
                onChange={(event) => setMarks(event.target.value)}
                error={Boolean(error)}
                helperText={error ?? `${data.minMarks} to ${q.marks}`}
                disabled={busy}
                slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">/ {q.marks}</InputAdornment> } }}
                sx={{ width: 180 }}
              />
              <TextField id="grade-comment" label="Comment" size="small" value={comment} onChange={(event) => setComment(event.target.value)} helperText="Optional: the student sees it with the marks" disabled={busy} multiline minRows={2} fullWidth slotProps={{ htmlInput: { maxLength: GRADING_COMMENT_MAX } }} />
            </Stack>
          </Paper>
        )}
        {data && !answer && <Typography>No submitted attempt has this question.</Typography>}
      </DialogContent>
      <DialogActions sx={{ px: 3 }}>
        <Box sx={{ flex: 1 }}>
          <Button onClick={() => setIndex((i) => Math.max(0, i - 1))} disabled={busy || index === 0}>
            Previous
          </Button>
          <Button onClick={() => setIndex((i) => Math.min((data?.answers.length ?? 1) - 1, i + 1))} disabled={busy || !data || index >= data.answers.length - 1}>
            Next
          </Button>
        </Box>
        <Button onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !answer} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Save and next
        </Button>
      </DialogActions>
    </Dialog>
  );
}
