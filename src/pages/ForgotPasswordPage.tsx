import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonIcon from '@mui/icons-material/Person';
import { send } from '../api/httpClient';
import { forgotPasswordSchema } from '../schemas/password';
import { serverFieldErrors } from '../ui/forms/fieldErrors';
import { useSchemaForm } from '../ui/forms/useSchemaForm';
import { PublicPage } from './PublicPage';

/**
 * /forgot-password: asks for a username or email and sends a reset link. The server answers the
 * same whether or not an account matched, and the page shows that answer as it is.
 */
export default function ForgotPasswordPage() {
  const form = useSchemaForm(forgotPasswordSchema, { login: '' });
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const submit = form.handleSubmit(async (data) => {
    setSending(true);
    setFailure(undefined);
    const result = await send('/auth/forgot-password', data, { toast: false });
    setSending(false);
    if (result.success) return setSent(result.message);
    const fieldErrors = serverFieldErrors(result.data);
    if (fieldErrors.login) form.showServerErrors(fieldErrors);
    else if (!result.internet) setFailure(result.message);
  });

  const backToLogin = (
    <Link component={RouterLink} to="/" sx={{ alignSelf: 'center' }}>
      Back to login
    </Link>
  );

  if (sent) {
    return (
      <PublicPage title="Check your email">
        <Stack spacing={2}>
          <Alert severity="success">{sent}</Alert>
          <Typography variant="body2" color="text.secondary">
            The link works once and for a limited time. If no mail arrives, check your spam folder or ask your
            institute to check the email address of your account.
          </Typography>
          <Button variant="outlined" onClick={() => { form.reset(); setSent(undefined); }}>
            Send another link
          </Button>
          {backToLogin}
        </Stack>
      </PublicPage>
    );
  }

  return (
    <PublicPage title="Forgot password">
      <Stack component="form" ref={form.formRef} spacing={2} noValidate onSubmit={submit}>
        <Typography color="text.secondary">
          Enter your username or the email address of your account. We will send a link to choose a new password.
        </Typography>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          id="login"
          name="login"
          label="Username or email"
          autoComplete="username"
          autoFocus
          fullWidth
          value={form.values.login ?? ''}
          onChange={(event) => form.setField('login', event.target.value)}
          error={Boolean(form.errors.login)}
          helperText={form.errors.login}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <PersonIcon aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="submit" variant="contained" size="large" loading={sending}>
          Send reset link
        </Button>
        {backToLogin}
      </Stack>
    </PublicPage>
  );
}
