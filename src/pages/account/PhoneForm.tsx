import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import PhoneIcon from '@mui/icons-material/Phone';
import { profileUpdateSchema } from '../../schemas/password';
import { serverFieldErrors } from '../../ui/forms/fieldErrors';
import { useSchemaForm } from '../../ui/forms/useSchemaForm';
import { showToast } from '../../ui/toast/toastStore';
import { updatePhone, type Profile } from './accountApi';

/** Changes the user's phone number (exactly 10 digits) with PUT /api/profile. */
export function PhoneForm({ phone, onSaved }: { phone: string | null; onSaved: (profile: Profile) => void }) {
  const form = useSchemaForm(profileUpdateSchema, { phone: phone ?? '' });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const value = form.values.phone ?? '';
  const unchanged = value.trim() === (phone ?? '');

  const submit = form.handleSubmit(async (data) => {
    setSaving(true);
    setFailure(undefined);
    const result = await updatePhone(data.phone);
    setSaving(false);
    if (result.success && result.data) {
      form.reset({ phone: result.data.phone ?? '' });
      showToast({ severity: 'success', summary: result.message || 'Profile updated' });
      onSaved(result.data);
      return;
    }
    const fieldErrors = serverFieldErrors(result.data);
    if (fieldErrors.phone) form.showServerErrors(fieldErrors);
    else if (!result.internet) setFailure(result.message);
  });

  return (
    <Stack component="form" ref={form.formRef} spacing={2} noValidate onSubmit={submit} aria-label="Change phone number">
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        id="phone"
        name="phone"
        label="Phone number"
        type="tel"
        autoComplete="tel"
        fullWidth
        value={value}
        onChange={(event) => form.setField('phone', event.target.value)}
        error={Boolean(form.errors.phone)}
        helperText={form.errors.phone ?? '10 digits'}
        slotProps={{
          htmlInput: { inputMode: 'numeric' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <PhoneIcon aria-hidden fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="contained" loading={saving} disabled={unchanged} sx={{ alignSelf: 'flex-start' }}>
        Save phone number
      </Button>
    </Stack>
  );
}
