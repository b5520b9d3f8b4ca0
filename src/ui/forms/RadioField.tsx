import type { ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';

interface RadioFieldProps<T extends string> {
  /** Id of the visible label, which names the group. */
  labelId: string;
  label: string;
  /** '' while nothing is chosen. */
  value: T | '';
  onChange: (value: T) => void;
  choices: readonly { value: T; label: ReactNode }[];
  error?: string;
  /** Shown under the choices while there is no error. */
  helperText?: ReactNode;
  disabled?: boolean;
  required?: boolean;
}

/** A row of radio buttons with its label and message. */
export function RadioField<T extends string>({ labelId, label, value, onChange, choices, error, helperText, disabled, required }: RadioFieldProps<T>) {
  const message = error ?? helperText;
  return (
    <FormControl error={Boolean(error)} disabled={disabled} required={required}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup row aria-labelledby={labelId} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {choices.map((choice, index) => (
          <FormControlLabel
            key={choice.value}
            value={choice.value}
            // The first radio carries the error, so that the form can move the focus to it.
            control={<Radio slotProps={index === 0 ? { input: { 'aria-invalid': Boolean(error) } } : undefined} />}
            label={choice.label}
          />
        ))}
      </RadioGroup>
      {message && <FormHelperText>{message}</FormHelperText>}
    </FormControl>
  );
}
