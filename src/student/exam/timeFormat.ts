/** How the student pages write times and durations. */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The exam timer: mm:ss, minutes not wrapped at 60 (a 90-minute exam starts at 90:00). Seconds
 * are rounded up, so 00:00 shows only once the time is really over.
 */
export function formatTimer(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  return `${pad(Math.floor(totalSeconds / 60))}:${pad(totalSeconds % 60)}`;
}

/** The timer's words for screen readers: '12 minutes 5 seconds remaining'. */
export function describeRemaining(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const parts = [];
  if (minutes) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  if (seconds || !minutes) parts.push(`${seconds} ${seconds === 1 ? 'second' : 'seconds'}`);
  return `${parts.join(' ')} remaining`;
}

/** A countdown to an opening: '2d 03:04:05', or '03:04:05' within a day. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const clock = `${pad(hours)}:${pad(Math.floor((totalSeconds % 3600) / 60))}:${pad(totalSeconds % 60)}`;
  return days ? `${days}d ${clock}` : clock;
}

/** A duration in minutes: '45 minutes', '1 hour 30 minutes'. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [];
  if (hours) parts.push(`${hours} ${hours === 1 ? 'hour' : 'hours'}`);
  if (rest || !hours) parts.push(`${rest} ${rest === 1 ? 'minute' : 'minutes'}`);
  return parts.join(' ');
}

/** Time spent on a question: '2:05' (minutes:seconds), '0:00' when none was recorded. */
export function formatSpent(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(totalSeconds / 60)}:${pad(totalSeconds % 60)}`;
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A point in time in the student's own locale and zone. */
export const formatDateTime = (epochMs: number): string => dateTimeFormat.format(new Date(epochMs));
