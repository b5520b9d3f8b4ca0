import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { useNow } from '../common/useNow';
import { VisuallyHidden } from '../common/VisuallyHidden';
import { studentClock } from './serverClock';
import { formatTimer } from './timeFormat';

/** Thresholds at which the remaining time is announced, most urgent last. */
export const TIME_WARNINGS = [
  { ms: 5 * 60_000, message: '5 minutes remaining. Your answers are saved automatically.' },
  { ms: 60_000, message: '1 minute remaining. The exam is submitted automatically when the time is up.' },
] as const;

/**
 * Which warning to announce now: the most urgent threshold passed that was not announced yet
 * (a student who reopens the exam with 3 minutes left hears the 5-minute warning once).
 */
export function dueWarning(remaining: number, announced: ReadonlySet<number>): (typeof TIME_WARNINGS)[number] | undefined {
  const passed = TIME_WARNINGS.filter((w) => remaining > 0 && remaining <= w.ms);
  const mostUrgent = passed[passed.length - 1];
  return mostUrgent && !announced.has(mostUrgent.ms) ? mostUrgent : undefined;
}

/**
 * The exam timer: the server's deadline minus the server's now, as mm:ss. It is not a live
 * region (a second-by-second announcement would drown everything else); the 5- and 1-minute
 * warnings are announced once each in an assertive live region, and `onTimeUp` fires at zero.
 */
export function ExamTimer({ deadline, onTimeUp, running }: { deadline: number; onTimeUp: () => void; running: boolean }) {
  useNow(250, running);
  const remaining = studentClock.remaining(deadline);
  const announced = useRef(new Set<number>());
  const [announcement, setAnnouncement] = useState('');
  const timeUpFired = useRef(false);

  useEffect(() => {
    if (!running) return;
    const warning = dueWarning(remaining, announced.current);
    if (warning) {
      // Every threshold up to this one counts as announced.
      TIME_WARNINGS.filter((w) => w.ms >= warning.ms).forEach((w) => announced.current.add(w.ms));
      setAnnouncement(warning.message);
    }
    if (remaining <= 0 && !timeUpFired.current) {
      timeUpFired.current = true;
      setAnnouncement('Time is up. Your answers are being submitted.');
      onTimeUp();
    }
  }, [remaining, running, onTimeUp]);

  const level = remaining <= 60_000 ? 'critical' : remaining <= 5 * 60_000 ? 'warning' : 'normal';
  const colors = {
    normal: { color: 'text.primary', bgcolor: 'background.paper', borderColor: 'divider' },
    warning: { color: '#7a3d00', bgcolor: '#fff4e5', borderColor: '#b35c00' },
    critical: { color: '#ffffff', bgcolor: '#b71c1c', borderColor: '#b71c1c' },
  }[level];

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 0.5, border: 2, borderRadius: 1, ...colors }}>
        <TimerOutlinedIcon aria-hidden fontSize="small" />
        <Typography component="span" id="exam-timer-label" variant="body2" sx={{ fontWeight: 600 }}>
          {level === 'normal' ? 'Time left' : level === 'warning' ? 'Under 5 minutes' : 'Under 1 minute'}
        </Typography>
        <Typography component="span" role="timer" aria-labelledby="exam-timer-label" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700, fontSize: '1.25rem' }}>
          {formatTimer(remaining)}
        </Typography>
      </Box>
      <VisuallyHidden aria-live="assertive" aria-atomic>
        {announcement}
      </VisuallyHidden>
    </>
  );
}
