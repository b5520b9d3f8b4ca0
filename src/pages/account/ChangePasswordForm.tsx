import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { changePasswordSchema } from '../../schemas/password';
import { serverFieldErrors } from '../../ui/forms/fieldErrors';
import { useSchemaForm } from '../../ui/forms/useSchemaForm';
import { showToast } from '../../ui/toast/toastStore';
import { changePassword } from './accountApi';
import { PASSWORD_RULES_HINT, PasswordInput } from './PasswordInput';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

interface ChangePasswordFormProps {
  /** Called once the server has accepted the new password. */
  onChanged?: () => void;
  submitLabel?: string;
  /** What the current password is called here ('Initial password' at first sign-in). */
  currentLabel?: string;
  autoFocus?: boolean;
}


/**
 * Current, new and confirmed password (changePasswordSchema), sent to
 * POST /api/auth/change-password. Used on the profile page and at first sign-in.
 */
export function ChangePasswordForm({
  onChanged,
  submitLabel = 'Change password',
  currentLabel = 'Current password',
  autoFocus = false,
}: ChangePasswordFormProps) {
  const form = useSchemaForm(changePasswordSchema, EMPTY);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const { values, errors, setField } = form;

  const submit = form.handleSubmit(async (data) => {
    setSaving(true);
    setFailure(undefined);
    const result = await changePassword(data);
    setSaving(false);
    if (result.success) {
      form.reset();
      showToast({ severity: 'success', summary: result.message || 'Password changed' });
      onChanged?.();
      return;
    }
    const fieldErrors = serverFieldErrors(result.data);
    if (Object.keys(fieldErrors).length) form.showServerErrors(fieldErrors);
    // A connection issue has its own toast; anything else is said on the form.
    else if (!result.internet) setFailure(result.message);
  });

  return (
    <Stack component="form" ref={form.formRef} spacing={2} noValidate onSubmit={submit} aria-label={submitLabel}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <PasswordInput
        id="currentPassword"
        label={currentLabel}
        autoComplete="current-password"
        autoFocus={autoFocus}
        value={values.currentPassword ?? ''}
        onChange={(value) => setField('currentPassword', value)}
        error={errors.currentPassword}
      />
      <PasswordInput
        id="newPassword"
        label="New password"
        autoComplete="new-password"
        value={values.newPassword ?? ''}
        onChange={(value) => setField('newPassword', value)}
        error={errors.newPassword}
        hint={PASSWORD_RULES_HINT}
      />
      <PasswordInput
        id="confirmPassword"
        label="Confirm new password"
        autoComplete="new-password"
        value={values.confirmPassword ?? ''}
        onChange={(value) => setField('confirmPassword', value)}
        error={errors.confirmPassword}
      />
      <Button type="submit" variant="contained" loading={saving} sx={{ alignSelf: 'flex-start' }}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
