import { useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { studentClock } from '../exam/serverClock';
import type { IntegrityEventQueue } from './eventQueue';
import { FaceConditions } from './faceConditions';
import { useCamera } from './useCamera';
import { useFaceCount, type FaceStatus } from './useFaceCount';

const LIGHT: Record<FaceStatus, { color: string; text: string }> = {
  loading: { color: '#9e9e9e', text: 'Starting' },
  one: { color: '#2e7d32', text: 'Face seen' },
  none: { color: '#c62828', text: 'No face' },
  many: { color: '#ef6c00', text: 'More than one face' },
  error: { color: '#616161', text: 'Face check unavailable' },
};

/**
 * The exam's camera corner: a small preview with a status light. Faces are counted in the
 * browser; only events (no face, more than one face for the quiz's minimum seconds, the camera
 * stopped) go to the queue.
 */
export function ProctorView({ queue, noFaceSeconds, multipleFacesSeconds }: { queue: IntegrityEventQueue; noFaceSeconds: number; multipleFacesSeconds: number }) {
  const camera = useCamera();
  const video = useRef<HTMLVideoElement>(null);
  const conditions = useMemo(
    () => new FaceConditions({ 'no-face': noFaceSeconds * 1000, 'multiple-faces': multipleFacesSeconds * 1000 }, (type, at, durationMs) => queue.add({ type, at, durationMs })),
    [queue, noFaceSeconds, multipleFacesSeconds],
  );
  const { start } = camera;
  useEffect(() => void start(), [start]);
  const stream = camera.state.kind === 'on' ? camera.state.stream : undefined;
  const status = useFaceCount(video, stream, (faces) => conditions.sample(faces, studentClock.now()));

  const kind = camera.state.kind;
  useEffect(() => {
    if (kind === 'stopped' || kind === 'refused' || kind === 'missing') {
      conditions.end(studentClock.now());
      queue.add({ type: 'camera-off', at: studentClock.now(), reason: kind });
    }
  }, [kind, conditions, queue]);
  useEffect(() => () => conditions.end(studentClock.now()), [conditions]);
  // The teacher learns that the face check could not run (once a page): no face was counted from then on.
  const reportedError = useRef(false);
  useEffect(() => {
    if (!stream || status !== 'error' || reportedError.current) return;
    reportedError.current = true;
    queue.add({ type: 'camera-off', at: studentClock.now(), reason: 'face-check-unavailable' });
  }, [stream, status, queue]);

  const light = stream ? LIGHT[status] : { color: '#c62828', text: 'Camera off' };
  return (
    <Paper elevation={4} sx={{ position: 'fixed', right: 12, bottom: 12, zIndex: 1000, p: 1, width: 176 }} data-testid="proctor-view">
      <video ref={video} muted playsInline width={160} height={120} style={{ display: 'block', background: '#000', borderRadius: 4 }} aria-label="Your camera" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
        <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: light.color }} />
        <Typography variant="caption" role="status" data-face-status={stream ? status : 'off'}>
          {light.text}
        </Typography>
      </Box>
      {!stream && kind !== 'asking' && kind !== 'idle' && (
        <Button size="small" onClick={() => void start()}>
          Restart camera
        </Button>
      )}
    </Paper>
  );
}
