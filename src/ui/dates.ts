import dayjs, { type Dayjs } from 'dayjs';
import { DATE_TIME_INPUT_FORMAT } from '../config/constants';

/** The product's date format mm/dd/yy, as dayjs tokens; with the time of day for date-times (01/31/25 09:30 AM). */
export const DATE_FORMAT = DATE_TIME_INPUT_FORMAT;
export const DATE_TIME_FORMAT = `${DATE_TIME_INPUT_FORMAT} hh:mm A`;

/** An ISO instant in the user's time zone, mm/dd/yy hh:mm AM; '' when missing or invalid. */
export function formatDateTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(DATE_TIME_FORMAT) : '';
}

/** An ISO instant as mm/dd/yy; '' when missing or invalid. */
export function formatDate(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(DATE_FORMAT) : '';
}

/** A filter's 'from' day: the first instant of that day where the user is. */
export const startOfDayIso = (day: Dayjs): string => day.startOf('day').toISOString();

/** A filter's 'to' day: the last instant of that day where the user is, so the day is included. */
export const endOfDayIso = (day: Dayjs): string => day.endOf('day').toISOString();

/** A stored ISO value as a picker's value (null when missing or invalid). */
export function pickerValue(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** Minutes between two ISO instants (NaN when either is not a date). */
export function minutesBetween(from: unknown, to: unknown): number {
  const a = typeof from === 'string' ? Date.parse(from) : Number.NaN;
  const b = typeof to === 'string' ? Date.parse(to) : Number.NaN;
  return (b - a) / 60_000;
}

/** 90 -> '1 h 30 min'; 45 -> '45 min'; 1440 -> '1 day'. */
export function formatMinutes(total: number): string {
  if (!Number.isFinite(total)) return '';
  const minutes = Math.round(total);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [days ? `${days} ${days === 1 ? 'day' : 'days'}` : '', hours ? `${hours} h` : '', rest || minutes === 0 ? `${rest} min` : ''];
  return parts.filter(Boolean).join(' ');
}
