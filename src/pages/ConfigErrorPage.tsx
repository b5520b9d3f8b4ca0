import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

/** Shown instead of the app when the build's environment is invalid, so the cause is visible. */
export function ConfigErrorPage({ message }: { message: string }) {
  return (
    <Box component="main" sx={{ p: 4 }}>
      <Alert severity="error">{message}</Alert>
    </Box>
  );
}
