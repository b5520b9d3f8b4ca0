import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { LoadState } from './useLoader';

/** The loading and failure states of a screen's data, with a retry; `children` renders the data. */
export function LoadStatus<T>({ state, onRetry, label, children }: { state: LoadState<T>; onRetry: () => void; label: string; children: (data: T) => ReactNode }) {
  if (state.status === 'ready') return children(state.data);
  if (state.status === 'loading') {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>Loading {label}…</Typography>
      </Box>
    );
  }
  return (
    <Alert
      severity="error"
      sx={{ my: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {state.offline ? `Connection Issue: could not load ${label}.` : `Could not load ${label}: ${state.message}`}
    </Alert>
  );
}
