import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** Hidden on screen, read by screen readers (the usual clip pattern). */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** Text for screen readers only (extra words of a label, live announcements). */
export function VisuallyHidden({ children, ...rest }: { children?: ReactNode; id?: string; 'aria-live'?: 'polite' | 'assertive'; 'aria-atomic'?: boolean; role?: string }) {
  return (
    <Box component="span" sx={visuallyHidden} {...rest}>
      {children}
    </Box>
  );
}
