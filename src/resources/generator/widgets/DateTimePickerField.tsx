import dayjs, { type Dayjs } from 'dayjs';
import type { WidgetProps } from '@rjsf/utils';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DATE_TIME_INPUT_FORMAT } from '../../../config/constants';

/** The product's date format mm/dd/yy with the time of day, e.g. 01/31/25 09:30 AM. */
export const DATE_TIME_PICKER_FORMAT = `${DATE_TIME_INPUT_FORMAT} hh:mm A`;

/**
 * What the form holds for a picked value: the instant as an ISO string in UTC, undefined when
 * cleared, and the unparseable text as typed so validation reports it as invalid.
 */
export function dateTimeValueOf(picked: Dayjs | null, typed?: string): string | undefined {
  if (picked === null) return undefined;
  if (picked.isValid()) return picked.toISOString();
  return typed && typed.trim() !== '' ? typed : 'invalid';
}

export default function DateTimePickerField(props: WidgetProps) {
  const { id, label, value, onChange, onBlur, required, disabled, readonly, rawErrors, autofocus } = props;
  const parsed = typeof value === 'string' && value !== '' ? dayjs(value) : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DateTimePicker
        label={label}
        value={parsed && parsed.isValid() ? parsed : null}
        format={DATE_TIME_PICKER_FORMAT}
        onChange={(picked) => onChange(dateTimeValueOf(picked))}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        slotProps={{
          textField: {
            id,
            required,
            fullWidth: true,
            error: (rawErrors?.length ?? 0) > 0,
            onBlur: () => onBlur(id, value),
          },
        }}
      />
    </LocalizationProvider>
  );
}
