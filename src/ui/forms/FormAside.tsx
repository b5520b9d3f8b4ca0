import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';

/** The column beside a long form (a summary, a preview), kept in view on wide screens. */
export function FormAside({ label, sx, children }: { label: string; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="aside"
      aria-label={label}
      sx={[{ p: { xs: 2, sm: 3 }, position: { lg: 'sticky' }, top: { lg: 72 } }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Paper>
  );
}
