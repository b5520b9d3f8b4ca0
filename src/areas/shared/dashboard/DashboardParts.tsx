import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { awaitingGradingText } from '../../../schemas/figures';

/** One figure of a dashboard, labelled for screen readers and tests by its title. */
export function StatCard({ title, value, hint }: { title: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Paper variant="outlined" component="article" aria-label={title} sx={{ p: 2, flex: '1 1 160px', minWidth: 160 }}>
      <Typography component="h2" variant="subtitle2" color="text.secondary">
        {title}
      </Typography>
      <Typography variant="h4" component="p" sx={{ my: 0.5 }}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Paper>
  );
}

export function StatRow({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
      {children}
    </Stack>
  );
}

/** A titled block of a dashboard (a chart or a list). */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, mb: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export const percentText = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${Math.round(n * 10) / 10} %`);
export const dateTimeText = (ms: number | null | undefined) => (ms === null || ms === undefined ? '—' : new Date(ms).toLocaleString());
/** A day (a UTC midnight) as "2 Sep 2026". */
export const utcDateText = (ms: number) => new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Under a panel's figures: how many answers awaiting grading they leave out (nothing when none). */
export function AwaitingGradingNote({ answers }: { answers: number }) {
  return answers > 0 ? <Typography sx={{ mt: 1 }}>{awaitingGradingText(answers)}: left out of these figures until graded.</Typography> : null;
}
