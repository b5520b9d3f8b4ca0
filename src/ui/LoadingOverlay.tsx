import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { LAYERS } from './layers';

/** Full-screen busy state: a 30% black veil with a spinner and an optional message. */
export function LoadingOverlay({ children }: { children?: ReactNode }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: LAYERS.loadingOverlay,
        bgcolor: 'rgba(0, 0, 0, 0.3)',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        color: 'common.white',
      }}
    >
      <CircularProgress color="inherit" aria-label="Loading" />
      {children}
    </Box>
  );
}
