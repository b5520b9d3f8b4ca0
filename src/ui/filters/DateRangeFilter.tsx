import Stack from '@mui/material/Stack';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DATE_FORMAT, endOfDayIso, pickerValue, startOfDayIso } from '../dates';

interface DateRangeFilterProps {
  idPrefix: string;
  /** ISO instants (the start of the first day, the end of the last). */
  startDate: string | null;
  endDate: string | null;
  onChange: (range: { startDate: string | null; endDate: string | null }) => void;
  fromLabel?: string;
  toLabel?: string;
}

/** Two mm/dd/yy date pickers; both ends are inclusive whole days in the user's time zone. */
export function DateRangeFilter({ idPrefix, startDate, endDate, onChange, fromLabel = 'From', toLabel = 'To' }: DateRangeFilterProps) {
  const from = pickerValue(startDate);
  const to = pickerValue(endDate);
  const field = { size: 'small' as const, variant: 'filled' as const, sx: { width: 170 } };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Stack direction="row" spacing={1}>
        <DatePicker
          label={fromLabel}
          format={DATE_FORMAT}
          value={from}
          maxDate={to ?? undefined}
          onChange={(day) => onChange({ startDate: day && day.isValid() ? startOfDayIso(day) : null, endDate })}
          slotProps={{ textField: { ...field, id: `${idPrefix}-from` }, field: { clearable: true } }}
        />
        <DatePicker
          label={toLabel}
          format={DATE_FORMAT}
          value={to}
          minDate={from ?? undefined}
          onChange={(day) => onChange({ startDate, endDate: day && day.isValid() ? endOfDayIso(day) : null })}
          slotProps={{ textField: { ...field, id: `${idPrefix}-to` }, field: { clearable: true } }}
        />
      </Stack>
    </LocalizationProvider>
  );
}
