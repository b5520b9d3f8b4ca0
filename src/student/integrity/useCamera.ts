import { useCallback, useEffect, useRef, useState } from 'react';

export type CameraState =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'on'; stream: MediaStream }
  | { kind: 'refused' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string }
  | { kind: 'stopped' };

/** The webcam for proctoring: asked for on demand, never recorded; its stream stays in the page. */
export function useCamera() {
  const [state, setState] = useState<CameraState>({ kind: 'idle' });
  const streamRef = useRef<MediaStream | undefined>(undefined);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ kind: 'missing' });
      return;
    }
    setState({ kind: 'asking' });
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 320, height: 240, facingMode: 'user' }, audio: false });
      streamRef.current = stream;
      for (const track of stream.getVideoTracks()) track.addEventListener('ended', () => setState({ kind: 'stopped' }));
      setState({ kind: 'on', stream });
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'NotAllowedError' || name === 'SecurityError') setState({ kind: 'refused' });
      else if (name === 'NotFoundError' || name === 'OverconstrainedError') setState({ kind: 'missing' });
      else setState({ kind: 'failed', message: (error as Error).message ?? 'The camera could not start' });
    }
  }, []);

  useEffect(
    () => () => {
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    },
    [],
  );

  return { state, start };
}
