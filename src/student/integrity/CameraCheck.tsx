import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCamera } from './useCamera';
import { useFaceCount, type FaceStatus } from './useFaceCount';

const STATUS_TEXT: Record<FaceStatus, string> = {
  loading: 'Starting the face check…',
  none: 'No face seen: sit in front of the camera, in good light.',
  one: 'Your face is seen. You can start.',
  many: 'More than one face is seen: only you may be in front of the camera.',
  error: 'The face check could not run in this browser. It is tried again every few seconds; if this message stays, try another browser, or ask your teacher.',
};

/** What the student reads before allowing the camera. */
export function CameraPrivacy() {
  return (
    <Box component="ul" sx={{ pl: 3, '& li': { mb: 0.5 } }}>
      <li>Your camera is used only to check that one face is in front of it during the exam.</li>
      <li>The check runs in this browser. No picture and no video is sent or stored anywhere.</li>
      <li>
        Recorded for your teacher: when no face or more than one face is seen for several seconds, and when the camera stops, with the times. Also recorded, for every
        quiz: leaving the page or the window, leaving full screen, copy and paste, reloading, and losing the connection.
      </li>
    </Box>
  );
}

/**
 * The instruction page's camera check of a face-detection quiz: asks for the camera, shows the
 * preview, and reports when exactly one face is seen (Start waits for it).
 */
export function CameraCheck({ onReady }: { onReady: (ready: boolean) => void }) {
  const camera = useCamera();
  const video = useRef<HTMLVideoElement>(null);
  const stream = camera.state.kind === 'on' ? camera.state.stream : undefined;
  const status = useFaceCount(video, stream);
  const ready = stream !== undefined && status === 'one';
  useEffect(() => onReady(ready), [ready, onReady]);

  return (
    <Box component="section" aria-labelledby="camera-heading" sx={{ mb: 3 }} data-testid="camera-check">
      <Typography id="camera-heading" component="h2" variant="h6" gutterBottom>
        Camera check
      </Typography>
      <CameraPrivacy />
      {camera.state.kind === 'idle' || camera.state.kind === 'asking' ? (
        <Button variant="outlined" onClick={() => void camera.start()} disabled={camera.state.kind === 'asking'}>
          Allow the camera
        </Button>
      ) : null}
      {camera.state.kind === 'refused' && (
        <Alert severity="error">
          The camera was refused. Allow it for this site (the camera icon in the address bar, or the browser&apos;s site settings), then reload this page. If you cannot use
          a camera, ask your teacher: they can let you take this quiz without one.
        </Alert>
      )}
      {camera.state.kind === 'missing' && (
        <Alert severity="error">No camera was found. Connect one (or close other programs that use it) and reload this page, or ask your teacher to let you take this quiz without a camera.</Alert>
      )}
      {camera.state.kind === 'failed' && <Alert severity="error">The camera could not start: {camera.state.message}. Reload this page to try again.</Alert>}
      {camera.state.kind === 'stopped' && <Alert severity="error">The camera stopped. Reload this page to start it again.</Alert>}
      <Box sx={{ display: stream ? 'flex' : 'none', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        <video ref={video} muted playsInline width={240} height={180} style={{ background: '#000', borderRadius: 4 }} aria-label="Camera preview" />
        <Typography role="status" data-face-status={status}>
          {STATUS_TEXT[status]}
        </Typography>
      </Box>
    </Box>
  );
}
