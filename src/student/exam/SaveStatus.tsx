import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import SyncProblemOutlinedIcon from '@mui/icons-material/SyncProblemOutlined';
import type { QueueStatus } from './saveQueue';

/** The words of each autosave state, also used by the tests. */
export function saveStatusText(status: QueueStatus): string {
  const waiting = status.pending === 1 ? '1 answer' : `${status.pending} answers`;
  switch (status.state) {
    case 'saved':
      return 'All answers saved';
    case 'saving':
      return 'Saving…';
    case 'offline':
      return status.pending ? `Offline: ${waiting} kept on this device` : 'Offline';
    case 'retrying':
      return `Not saved yet: retrying ${waiting}`;
    case 'closed':
      return 'Answers can no longer change';
    case 'signedOut':
      return 'Signed out: answers kept on this device';
  }
}

/**
 * The autosave state, always visible in the exam's bar (icon and words, never colour alone).
 * It is not a live region: 'Saving…' after every keystroke would be noise; losing the
 * connection is announced by the connection banner instead.
 */
export function SaveStatus({ status }: { status: QueueStatus }) {
  const icon =
    status.state === 'saving' ? (
      <CircularProgress size={16} aria-hidden />
    ) : status.state === 'saved' ? (
      <CloudDoneOutlinedIcon fontSize="small" aria-hidden />
    ) : status.state === 'offline' ? (
      <CloudOffOutlinedIcon fontSize="small" aria-hidden />
    ) : (
      <SyncProblemOutlinedIcon fontSize="small" aria-hidden />
    );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }} data-save-state={status.state}>
      {icon}
      <Typography component="span" variant="body2">
        {saveStatusText(status)}
      </Typography>
    </Box>
  );
}
