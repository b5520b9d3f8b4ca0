import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { send } from '../api/httpClient';
import { clearStorage } from '../auth/session';
import { resetPasswordSchema } from '../schemas/password';
import { serverFieldErrors } from '../ui/forms/fieldErrors';
import { useSchemaForm } from '../ui/forms/useSchemaForm';
import { PASSWORD_RULES_HINT, PasswordInput } from './account/PasswordInput';
import { PublicPage } from './PublicPage';

/** The token's own rule, to tell a broken link before the user types anything. */
const tokenSchema = resetPasswordSchema.shape.token;

type Outcome = { kind: 'form' } | { kind: 'done'; message: string } | { kind: 'invalid'; message: string };

function InvalidLink({ message }: { message: string }) {
  return (
    <PublicPage title="Reset password">
      <Stack spacing={2}>
        <Alert severity="error">{message}</Alert>
        <Button variant="contained" component={RouterLink} to="/forgot-password">
          Request a new link
        </Button>
        <Link component={RouterLink} to="/" sx={{ alignSelf: 'center' }}>
          Back to login
        </Link>
      </Stack>
    </PublicPage>
  );
}

/**
 * /reset-password?token=...: the page the reset mail links to. A new password and its
 * confirmation (resetPasswordSchema); the server's message for a used or expired link.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useSchemaForm(resetPasswordSchema, { token, newPassword: '', confirmPassword: '' });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>(() => {
    const check = tokenSchema.safeParse(token);
    return check.success ? { kind: 'form' } : { kind: 'invalid', message: check.error.issues[0]!.message };
  });

  const submit = form.handleSubmit(async (data) => {
    setSaving(true);
    setFailure(undefined);
    const result = await send('/auth/reset-password', data, { toast: false });
    setSaving(false);
    if (result.success) {
      // Every session of the account has ended: this browser's too.
      clearStorage();
      return setOutcome({ kind: 'done', message: result.message });
    }
    const fieldErrors = serverFieldErrors(result.data);
    if (fieldErrors.token) return setOutcome({ kind: 'invalid', message: fieldErrors.token });
    if (fieldErrors.newPassword || fieldErrors.confirmPassword) form.showServerErrors(fieldErrors);
    else if (!result.internet) setFailure(result.message);
  });

  if (outcome.kind === 'invalid') return <InvalidLink message={outcome.message} />;

  if (outcome.kind === 'done') {
    return (
      <PublicPage title="Password changed">
        <Stack spacing={2}>
          <Alert severity="success">{outcome.message}</Alert>
          <Button variant="contained" size="large" component={RouterLink} to="/" replace>
            Go to login
          </Button>
        </Stack>
      </PublicPage>
    );
  }

  return (
    <PublicPage title="Reset password">
      <Stack component="form" ref={form.formRef} spacing={2} noValidate onSubmit={submit}>
        <Typography color="text.secondary">Choose a new password for your account.</Typography>
        {failure && <Alert severity="error">{failure}</Alert>}
        <PasswordInput
          id="newPassword"
          label="New password"
          autoComplete="new-password"
          autoFocus
          value={form.values.newPassword ?? ''}
          onChange={(value) => form.setField('newPassword', value)}
          error={form.errors.newPassword}
          hint={PASSWORD_RULES_HINT}
        />
        <PasswordInput
          id="confirmPassword"
          label="Confirm new password"
          autoComplete="new-password"
          value={form.values.confirmPassword ?? ''}
          onChange={(value) => form.setField('confirmPassword', value)}
          error={form.errors.confirmPassword}
        />
        <Button type="submit" variant="contained" size="large" loading={saving}>
          Set new password
        </Button>
        <Link component={RouterLink} to="/" sx={{ alignSelf: 'center' }}>
          Back to login
        </Link>
      </Stack>
    </PublicPage>
  );
}
