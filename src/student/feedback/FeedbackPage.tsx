import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FEEDBACK_COMMENT_MAX, feedbackSchema, RATING_MAX } from '../../schemas/feedbacks';
import { serverFieldErrors } from '../../ui/forms/fieldErrors';
import { useSchemaForm } from '../../ui/forms/useSchemaForm';
import { showToast } from '../../ui/toast/toastStore';
import { fetchHistory, sendFeedback } from '../api/studentApi';
import type { HistoryEntry } from '../api/types';
import { LoadStatus } from '../common/LoadStatus';
import { useLoader } from '../common/useLoader';
import { studentPaths } from '../paths';

export const FEEDBACK_ALREADY_GIVEN = 'You have already given feedback on this quiz';

const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** feedback/{quizId}: a rating from 1 to 5 and a comment, once per quiz, after taking it. */
export function FeedbackPage() {
  const { quizId = '' } = useParams();
  const { state, reload } = useLoader(() => fetchHistory(), []);
  return (
    <Box component="section" aria-labelledby="feedback-heading" sx={{ maxWidth: 640 }}>
      <LoadStatus state={state} onRetry={reload} label="the quiz">
        {(history) => {
          const attempt = history.find((a) => String(a.quizId) === quizId);
          return <FeedbackForm quizId={Number(quizId)} attempt={attempt} />;
        }}
      </LoadStatus>
      {state.status !== 'ready' && (
        <Typography id="feedback-heading" component="h1" variant="h5">
          Feedback
        </Typography>
      )}
    </Box>
  );
}

function FeedbackForm({ quizId, attempt }: { quizId: number; attempt: HistoryEntry | undefined }) {
  const navigate = useNavigate();
  const form = useSchemaForm(feedbackSchema, { quiz: quizId, rating: null as number | null, comment: '' });
  const [sending, setSending] = useState(false);
  const [given, setGiven] = useState(attempt?.feedbackGiven === true);
  const [failure, setFailure] = useState<string>();
  const [hover, setHover] = useState(-1);
  const rating = typeof form.values.rating === 'number' ? form.values.rating : null;
  const comment = typeof form.values.comment === 'string' ? form.values.comment : '';

  const heading = (
    <Typography id="feedback-heading" component="h1" variant="h5" gutterBottom>
      {attempt ? `Feedback on ${attempt.quizName}` : 'Feedback'}
    </Typography>
  );

  if (!attempt || attempt.status !== 'submitted') {
    return (
      <>
        {heading}
        <Alert severity="info">You can give feedback on a quiz once you have taken and submitted it.</Alert>
      </>
    );
  }
  if (given) {
    return (
      <>
        {heading}
        <Alert severity="info" sx={{ mb: 2 }}>
          {FEEDBACK_ALREADY_GIVEN}
        </Alert>
        <Button component={RouterLink} to={studentPaths.history}>
          Back to history
        </Button>
      </>
    );
  }

  const submit = form.handleSubmit(async (data) => {
    setSending(true);
    setFailure(undefined);
    const { result, status } = await sendFeedback({ quiz: data.quiz, rating: data.rating, ...(data.comment ? { comment: data.comment } : {}) });
    setSending(false);
    if (result.success) {
      showToast({ severity: 'success', summary: 'Thank you', detail: 'Your feedback was sent.' });
      navigate(studentPaths.history);
      return;
    }
    if (status === 409) {
      setGiven(true);
      return;
    }
    const errors = serverFieldErrors(result.data);
    if (errors.rating || errors.comment) form.showServerErrors(errors);
    else setFailure(result.internet ? 'Connection Issue: your feedback was not sent. Try again when you are back online.' : errors.quiz ?? result.message);
  });

  return (
    <>
      {heading}
      <Typography sx={{ mb: 2 }}>Tell your teacher how this quiz went. You can give feedback once.</Typography>
      <Stack component="form" ref={form.formRef} spacing={3} noValidate onSubmit={submit} aria-labelledby="feedback-heading">
        {failure && <Alert severity="error">{failure}</Alert>}
        <FormControl component="fieldset" error={Boolean(form.errors.rating)} aria-describedby={form.errors.rating ? 'rating-error' : undefined}>
          <FormLabel component="legend">Rating (required)</FormLabel>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Rating
              name="rating"
              max={RATING_MAX}
              value={rating}
              onChange={(_, value) => form.setField('rating', value)}
              onChangeActive={(_, value) => setHover(value)}
              getLabelText={(value) => `${value} ${value === 1 ? 'star' : 'stars'}, ${RATING_WORDS[value]}`}
              size="large"
            />
            <Typography aria-hidden>{RATING_WORDS[hover !== -1 ? hover : (rating ?? 0)]}</Typography>
          </Box>
          {form.errors.rating && <FormHelperText id="rating-error">{form.errors.rating}</FormHelperText>}
        </FormControl>
        <TextField
          id="feedback-comment"
          label="Comment (optional)"
          multiline
          minRows={4}
          value={comment}
          onChange={(event) => form.setField('comment', event.target.value)}
          error={Boolean(form.errors.comment)}
          helperText={form.errors.comment ?? `${comment.length} of ${FEEDBACK_COMMENT_MAX} characters`}
          slotProps={{ htmlInput: { maxLength: FEEDBACK_COMMENT_MAX } }}
        />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" variant="contained" loading={sending}>
            Send feedback
          </Button>
          <Button component={RouterLink} to={studentPaths.history}>
            Cancel
          </Button>
        </Box>
      </Stack>
    </>
  );
}
