import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCamera } from './useCamera';
import { useFaceCount, type FaceStatus } from './useFaceCount';
import type { CameraCheckState } from '../quizzes/startBlock';

/** The line beside the preview; what to do when Start stays disabled is said beside Start. */
const STATUS_TEXT: Record<FaceStatus, string> = {
  loading: 'Starting the face check…',
  none: 'No face seen',
  one: 'Your face is seen. You can start.',
  many: 'More than one face seen',
  error: 'Face check unavailable',
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
 * preview, and reports the camera's state and the face count (the page decides from them why
 * Start waits, and says it beside Start).
 */
export function CameraCheck({ onChange }: { onChange: (check: CameraCheckState) => void }) {
  const camera = useCamera();
  const video = useRef<HTMLVideoElement>(null);
  const stream = camera.state.kind === 'on' ? camera.state.stream : undefined;
  const status = useFaceCount(video, stream);
  useEffect(() => onChange({ camera: camera.state.kind, face: status }), [camera.state.kind, status, onChange]);

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
      {camera.state.kind === 'failed' && <Typography color="text.secondary">The browser said: {camera.state.message}</Typography>}
      <Box sx={{ display: stream ? 'flex' : 'none', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        <video ref={video} muted playsInline width={240} height={180} style={{ background: '#000', borderRadius: 4 }} aria-label="Camera preview" />
        <Typography role="status" data-face-status={status}>
          {STATUS_TEXT[status]}
        </Typography>
      </Box>
    </Box>
  );
}
