import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

const ERROR_HEADING = 'Unexpected Application Error!';

/** The generic error screen; `message` is the error's own text, shown for support requests. */
export function ErrorScreen({ message }: { message?: string }) {
  return (
    <Box component="section" role="alert" sx={{ py: 8, px: 2, textAlign: 'center' }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {ERROR_HEADING}
      </Typography>
      {message && <Typography sx={{ mb: 3, color: 'text.secondary' }}>{message}</Typography>}
      {/* A full load, not a router navigation: the router itself may be what failed. */}
      <Button variant="contained" href="/">
        Back to homepage
      </Button>
    </Box>
  );
}
