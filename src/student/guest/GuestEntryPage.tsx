import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { storeIdentity, storeQuizName, storeToken } from '../../auth/session';
import { PublicPage } from '../../pages/PublicPage';
import { serverFieldErrors } from '../../ui/forms/fieldErrors';
import { useSchemaForm } from '../../ui/forms/useSchemaForm';
import { LoadStatus } from '../common/LoadStatus';
import { useLoader } from '../common/useLoader';
import { formatDateTime, formatMinutes } from '../exam/timeFormat';
import { studentPaths } from '../paths';
import { enterAsGuest, fetchGuestQuiz, type GuestQuiz } from './guestApi';
import { guestNameSchema } from '../../schemas/guest';

/**
 * /guest/{token}: a quiz-wide guest link. It shows the quiz, asks for a name, and then works
 * like an exam link: the guest's student session is stored and the instruction page opens.
 */
export default function GuestEntryPage() {
  const { token = '' } = useParams();
  const { state, reload } = useLoader(() => fetchGuestQuiz(token), [token]);
  return (
    <PublicPage title="Take a quiz as a guest">
      <LoadStatus state={state} onRetry={reload} label="the quiz">
        {(quiz) => <GuestForm token={token} quiz={quiz} />}
      </LoadStatus>
    </PublicPage>
  );
}

function GuestForm({ token, quiz }: { token: string; quiz: GuestQuiz }) {
  const navigate = useNavigate();
  const form = useSchemaForm(guestNameSchema, { name: '' });
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = form.handleSubmit(async ({ name }) => {
    setSending(true);
    setFailure(undefined);
    const { result } = await enterAsGuest(token, name);
    if (result.success && result.data) {
      storeToken(result.data.token);
      storeIdentity('STUDENT', result.data.username);
      storeQuizName(result.data.quizName);
      navigate(studentPaths.instruction(result.data.quizId), { replace: true });
      return;
    }
    setSending(false);
    const errors = serverFieldErrors(result.data);
    if (errors.name) form.showServerErrors(errors);
    else setFailure(result.internet ? 'Connection Issue: check your connection and try again.' : result.message);
  });

  return (
    <>
      <Typography component="h2" variant="h6" gutterBottom>
        {quiz.quizName}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2, '& dt': { color: 'text.secondary' }, '& dd': { m: 0 } }}>
        {quiz.validFrom !== null && (
          <>
            <dt>Opens</dt>
            <dd>{formatDateTime(quiz.validFrom)}</dd>
          </>
        )}
        <dt>Closes</dt>
        <dd>{formatDateTime(quiz.validTo)}</dd>
        {quiz.duration !== null && (
          <>
            <dt>Duration</dt>
            <dd>{formatMinutes(quiz.duration)}</dd>
          </>
        )}
      </Box>
      <Stack component="form" ref={form.formRef} spacing={2} noValidate onSubmit={submit} aria-label="Enter as a guest">
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          id="guest-name"
          name="name"
          label="Your name"
          autoComplete="name"
          required
          value={form.values.name}
          onChange={(event) => form.setField('name', event.target.value)}
          error={Boolean(form.errors.name)}
          helperText={form.errors.name ?? 'Your teacher sees this name with your answers.'}
          fullWidth
        />
        <Button type="submit" variant="contained" loading={sending}>
          Continue
        </Button>
      </Stack>
    </>
  );
}
