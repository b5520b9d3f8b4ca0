import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { PASSWORD_MIN } from '../../schemas/password';

/** newPasswordField's rules in words, shown under a new-password field. */
export const PASSWORD_RULES_HINT = `At least ${PASSWORD_MIN} characters, with a letter and a digit`;

interface PasswordInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  error?: string;
  /** Shown under the field while it has no error (e.g. the password rules). */
  hint?: string;
  autoFocus?: boolean;
}

/**
 * A password input with a show/hide toggle. The toggle is a pressed/unpressed button named
 * "Show characters" and controlling its own field, so several of them on one form stay distinct.
 */
export function PasswordInput({ id, label, value, onChange, autoComplete, error, hint, autoFocus }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      id={id}
      name={id}
      label={label}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? hint}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={`Show characters of ${label.toLowerCase()}`}
                aria-pressed={visible}
                aria-controls={id}
                onClick={() => setVisible((shown) => !shown)}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
