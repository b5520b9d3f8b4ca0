import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import ReCAPTCHA from 'react-google-recaptcha';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import PersonIcon from '@mui/icons-material/Person';
import { loginSchemaFor } from '../../schemas/auth';
import { DEFAULT_ROLE, type Role } from '../../schemas/roles';
import { LoginFailed, authProvider } from '../../shell/authProvider';
import { showToast } from '../../ui/toast/toastStore';
import { PublicPage } from '../PublicPage';
import { PasswordField } from './PasswordField';
import { RoleSelect } from './RoleSelect';

type FieldErrors = Partial<Record<'username' | 'password' | 'role' | 'recaptchaValue', string>>;

/** The login screen: role, username, password and, when configured, the captcha. The captcha exists only with a site key. */
export function LoginPage({ recaptchaSiteKey }: { recaptchaSiteKey?: string }) {
  const navigate = useNavigate();
  const captcha = useRef<ReCAPTCHA>(null);
  const [role, setRole] = useState<Role>(DEFAULT_ROLE);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginSchemaFor(Boolean(recaptchaSiteKey)).safeParse({
      role,
      username,
      password,
      recaptchaValue: captchaToken,
    });
    if (!parsed.success) {
      const fieldErrors = z.flattenError(parsed.error).fieldErrors;
      setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages?.[0]])));
      return;
    }
    setErrors({});
    setLoading(true);
    try {
      const { redirectTo } = await authProvider.login({
        ...parsed.data,
        recaptchaValue: parsed.data.recaptchaValue ?? null,
        userTime: Date.now(),
      });
      navigate(redirectTo, { replace: true });
    } catch (error) {
      // A connection issue was already reported by the HTTP client.
      if (!(error instanceof LoginFailed && error.internet)) {
        showToast({ severity: 'error', summary: 'Error', detail: error instanceof Error ? error.message : undefined });
      }
      setCaptchaToken(null);
      captcha.current?.reset();
      setLoading(false);
    }
  };

  return (
    <PublicPage title="Sign in">
      <Stack component="form" spacing={2} noValidate onSubmit={submit}>
        <RoleSelect value={role} onChange={setRole} error={errors.role} />
        <TextField
          id="username"
          name="username"
          label="Username"
          autoComplete="username"
          fullWidth
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={Boolean(errors.username)}
          helperText={errors.username}
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
        <PasswordField value={password} onChange={setPassword} error={errors.password} />
        {recaptchaSiteKey && (
          <div>
            <ReCAPTCHA
              ref={captcha}
              sitekey={recaptchaSiteKey}
              onChange={setCaptchaToken}
              onExpired={() => setCaptchaToken(null)}
            />
            {errors.recaptchaValue && <FormHelperText error>{errors.recaptchaValue}</FormHelperText>}
          </div>
        )}
        <Button type="submit" variant="contained" size="large" loading={loading}>
          Login
        </Button>
        <Link component={RouterLink} to="/forgot-password" sx={{ alignSelf: 'center' }}>
          Reset Password
        </Link>
      </Stack>
    </PublicPage>
  );
}
