import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** The wildcard page of the app and of every area (any unknown route). */
export function NotFoundPage() {
  return (
    <Box component="section" sx={{ py: 8, px: 2, textAlign: 'center' }}>
      <Typography component="h1" variant="h4" gutterBottom>
        Sorry we could not find this page.
      </Typography>
      <Typography sx={{ mb: 3 }}>But dont worry, you can find plenty of other things on our homepage.</Typography>
      <Button variant="contained" component={RouterLink} to="/">
        Back to homepage
      </Button>
    </Box>
  );
}
