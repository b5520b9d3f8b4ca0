import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/**
 * Password input with a show/hide toggle. The toggle is one button whose pressed state says
 * whether the characters are shown; its name avoids the word "password" so the field stays the
 * only thing labelled Password.
 */
export function PasswordField({ value, onChange, error }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      id="password"
      name="password"
      label="Password"
      type={visible ? 'text' : 'password'}
      autoComplete="current-password"
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label="Show characters"
                aria-pressed={visible}
                aria-controls="password"
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
