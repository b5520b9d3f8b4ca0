import { useEffect, useState } from 'react';
import type { Dayjs } from 'dayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { DATE_TIME_FORMAT, pickerValue } from '../../../ui/dates';

interface DateTimeFieldProps {
  id: string;
  label: string;
  /** An ISO instant, or the text typed when it is not a date. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
}

/**
 * What the form holds for a picked value: the instant in ISO (UTC), undefined when cleared, and
 * 'invalid' for a half-typed date, so validation says the date is not valid.
 */
export function dateTimeValueOf(picked: Dayjs | null): string | undefined {
  if (picked === null) return undefined;
  return picked.isValid() ? picked.toISOString() : 'invalid';
}

/** A date and time in the product's date format mm/dd/yy (01/31/25 09:30 AM), typed or picked. Needs a LocalizationProvider above it. */
export function DateTimeField({ id, label, value, onChange, error, helperText, disabled, required }: DateTimeFieldProps) {
  // The picker's own value, so a half-typed date stays as typed while the form holds 'invalid'.
  const [picked, setPicked] = useState<Dayjs | null>(() => pickerValue(value));
  useEffect(() => {
    const given = pickerValue(value);
    setPicked((current) => {
      if (given === null) return value === undefined ? null : current;
      return current && current.isValid() && current.isSame(given) ? current : given;
    });
  }, [value]);
  return (
    <DateTimePicker
      label={label}
      value={picked}
      format={DATE_TIME_FORMAT}
      onChange={(next) => {
        setPicked(next);
        onChange(dateTimeValueOf(next));
      }}
      disabled={disabled}
      slotProps={{
        textField: {
          id,
          required,
          fullWidth: true,
          variant: 'filled',
          error: Boolean(error),
          helperText: error ?? helperText,
        },
      }}
    />
  );
}
