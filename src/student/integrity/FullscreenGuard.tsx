import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Covers the questions while a quiz that requires full screen is not in full screen. */
export function FullscreenGuard({ onEnter }: { onEnter: () => void }) {
  return (
    <Box
      role="alertdialog"
      aria-labelledby="fullscreen-title"
      sx={{ position: 'fixed', inset: 0, zIndex: 1050, bgcolor: 'background.paper', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3, textAlign: 'center' }}
    >
      <Typography id="fullscreen-title" component="h2" variant="h5">
        This exam runs in full screen
      </Typography>
      <Typography sx={{ maxWidth: 560 }}>
        Your teacher asks for full screen during this exam. The questions are hidden until you return to it; the time away is recorded, and the timer keeps running.
      </Typography>
      <Button variant="contained" size="large" onClick={onEnter}>
        Return to full screen
      </Button>
    </Box>
  );
}
