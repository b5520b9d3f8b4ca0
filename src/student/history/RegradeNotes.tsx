import Typography from '@mui/material/Typography';
import type { Analysis } from '../api/types';
import { formatDateTime } from '../exam/timeFormat';

/** The regrades of an attempt after a key was fixed: "Regraded on <date> by <name>: <old> → <new>". */
export function RegradeNotes({ regrades }: { regrades: Analysis['regrades'] }) {
  if (!regrades?.length) return null;
  return (
    <>
      {regrades.map((r, i) => (
        <Typography key={i} sx={{ mb: 0.5 }}>
          Regraded on {formatDateTime(r.at)} by {r.by}{r.oldScore !== null && r.newScore !== null ? `: ${r.oldScore} → ${r.newScore}` : ''}
        </Typography>
      ))}
    </>
  );
}
