import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MOODLE_FRACTIONS } from '../../../schemas/questions';

interface AnswerWeightSelectProps {
  id: string;
  /** The accessible name, e.g. 'Weight of accepted answer 2'. */
  name: string;
  value: number;
  onChange: (weight: number) => void;
  error?: string;
  disabled?: boolean;
}

/** The share of the marks a short or numeric answer earns: Moodle's fractions from 100% down to 0%. */
export function AnswerWeightSelect({ id, name, value, onChange, error, disabled }: AnswerWeightSelectProps) {
  const weights: number[] = (MOODLE_FRACTIONS as readonly number[]).includes(value) ? [...MOODLE_FRACTIONS] : [value, ...MOODLE_FRACTIONS];
  return (
    <TextField
      select
      id={id}
      label="Weight"
      value={String(value)}
      onChange={(event) => onChange(Number(event.target.value))}
      error={Boolean(error)}
      helperText={error}
      disabled={disabled}
      size="small"
      sx={{ width: 120, flexShrink: 0 }}
      slotProps={{ htmlInput: { 'aria-label': name } }}
    >
      {weights.map((w) => (
        <MenuItem key={w} value={String(w)}>
          {w}%
        </MenuItem>
      ))}
    </TextField>
  );
}
