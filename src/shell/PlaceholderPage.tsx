import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Stands in for a screen whose issue is not done yet, so every route of the product exists. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Box component="section" sx={{ p: 2 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {title}
      </Typography>
      <Typography>This screen is not built yet.</Typography>
    </Box>
  );
}
