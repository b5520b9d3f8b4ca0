import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ATTEMPTS_ALLOWED_MAX,
  GRADING_METHOD_LABELS,
  GRADING_METHODS,
  REVIEW_ITEM_LABELS,
  REVIEW_ITEMS,
  REVIEW_TIME_LABELS,
  REVIEW_TIMES,
  type GradingMethod,
  type ReviewItem,
  type ReviewTime,
} from '../../../schemas/quizzes';
import type { FieldErrors } from '../../../ui/forms/fieldErrors';
import { FormSection } from '../../../ui/forms/FormSection';
import { textFieldBinder } from '../../../ui/forms/textFieldBinder';
import type { QuizDraft } from './quizDraft';

/** Shown while the right answers are shown before the quiz closes. */
export const SHOW_IMMEDIATELY_WARNING =
  'A student who submits early sees every correct answer while classmates are still writing, and can pass them on. Use it only for practice quizzes.';

const ATTEMPT_CHOICES = [...Array.from({ length: ATTEMPTS_ALLOWED_MAX }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })), { value: '0', label: 'Unlimited' }];

interface Props {
  values: QuizDraft;
  errors: FieldErrors;
  disabled: boolean;
  setField: <K extends keyof QuizDraft & string>(name: K, value: QuizDraft[K]) => void;
}

/**
 * Attempts and what students may review (Moodle's quiz settings of the same names): how many
 * attempts, the grading method, the pauses between attempts, building on the last attempt, and the
 * review options at each of the three times. None of them is locked once students have started.
 */
export function AttemptsReviewSection({ values, errors, disabled, setField }: Props) {
  const bind = textFieldBinder(values, errors, setField);
  const several = values.attempts_allowed !== '1';
  const setReview = (time: ReviewTime, item: ReviewItem, checked: boolean) =>
    setField('review', { ...values.review, [time]: { ...values.review[time], [item]: checked } });
  const earlyAnswers = values.review.immediately.rightAnswer || values.review.open.rightAnswer;

  return (
    <FormSection title="Attempts and review" description="How many times a student may take the quiz, which attempt makes the grade, and what they see of an attempt when.">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          id="quiz-attempts-allowed"
          label="Attempts allowed"
          size="small"
          value={values.attempts_allowed}
          onChange={(e) => setField('attempts_allowed', e.target.value)}
          error={Boolean(errors.attempts_allowed)}
          helperText={errors.attempts_allowed}
          disabled={disabled}
          sx={{ minWidth: 170 }}
        >
          {ATTEMPT_CHOICES.map((c) => (
            <MenuItem key={c.value} value={c.value}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          id="quiz-grading-method"
          label="Grading method"
          size="small"
          value={values.grading_method}
          onChange={(e) => setField('grading_method', e.target.value as GradingMethod)}
          error={Boolean(errors.grading_method)}
          helperText={errors.grading_method ?? (several ? 'Which attempts make the quiz grade' : 'With one attempt, that attempt is the grade')}
          disabled={disabled || !several}
          sx={{ minWidth: 200 }}
        >
          {GRADING_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {GRADING_METHOD_LABELS[m]}
            </MenuItem>
          ))}
        </TextField>
        <TextField id="quiz-attempt-delay1" label="Delay before the 2nd attempt (minutes)" size="small" {...bind('attempt_delay1_minutes', '0: none')} disabled={disabled || !several} slotProps={{ htmlInput: { inputMode: 'numeric' } }} sx={{ minWidth: 300 }} />
        <TextField id="quiz-attempt-delay2" label="Delay before later attempts (minutes)" size="small" {...bind('attempt_delay2_minutes', '0: none')} disabled={disabled || !several} slotProps={{ htmlInput: { inputMode: 'numeric' } }} sx={{ minWidth: 300 }} />
      </Stack>
      <FormControlLabel
        control={<Switch checked={values.builds_on_last} onChange={(e) => setField('builds_on_last', e.target.checked)} disabled={disabled || !several} />}
        label="Each attempt builds on the last"
      />
      <Typography variant="body2" color="text.secondary" sx={{ ml: 6, mb: 2 }}>
        A new attempt has the same questions as the previous one, with its answers filled in. Off: each attempt is a new paper.
      </Typography>

      <Typography component="h3" variant="subtitle2" id="quiz-review-heading" gutterBottom>
        Review options: what a student sees of a finished attempt
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="quiz-review-heading">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '28%' }}>Shown</TableCell>
              {REVIEW_TIMES.map((time) => (
                <TableCell key={time} align="center" sx={{ width: '24%' }}>
                  {REVIEW_TIME_LABELS[time]}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {REVIEW_ITEMS.map((item) => (
              <TableRow key={item}>
                <TableCell component="th" scope="row">
                  {REVIEW_ITEM_LABELS[item]}
                </TableCell>
                {REVIEW_TIMES.map((time) => (
                  <TableCell key={time} align="center" padding="checkbox">
                    <Checkbox
                      checked={values.review[time][item]}
                      onChange={(e) => setReview(time, item, e.target.checked)}
                      disabled={disabled}
                      slotProps={{ input: { 'aria-label': `${REVIEW_ITEM_LABELS[item]} — ${REVIEW_TIME_LABELS[time]}` } }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        “Immediately” is the first 2 minutes after submitting. “After the quiz closes” is each student’s own close (an override may move it) once no attempt is still running.
      </Typography>
      {earlyAnswers && (
        <Alert severity="warning" variant="outlined" role="alert" sx={{ mt: 1 }}>
          {SHOW_IMMEDIATELY_WARNING}
        </Alert>
      )}
    </FormSection>
  );
}
