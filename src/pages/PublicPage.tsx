import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** The centred card every page outside the role areas uses, with its page heading. */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'grey.100' }}>
      <Paper sx={{ width: '100%', maxWidth: 420, p: 4 }}>
        <Typography component="h1" variant="h5" gutterBottom>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
