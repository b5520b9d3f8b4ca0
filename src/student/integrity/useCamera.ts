import { useCallback, useEffect, useRef, useState } from 'react';

export type CameraState =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'on'; stream: MediaStream }
  | { kind: 'refused' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string }
  | { kind: 'stopped' };

const stopAll = (stream: MediaStream | undefined) => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};

/**
 * The webcam for proctoring: asked for on demand, never recorded; its stream stays in the page.
 * One camera at a time: a call to `start` while the browser is still asking waits for that
 * request (an effect run twice, a double click) instead of opening the camera a second time; a
 * restart stops the stream it replaces; and the camera is released when the page part using it
 * goes away, even if the browser answers only after that.
 */
export function useCamera() {
  const [state, setState] = useState<CameraState>({ kind: 'idle' });
  const streamRef = useRef<MediaStream | undefined>(undefined);
  const asking = useRef<Promise<void> | undefined>(undefined);
  const mounted = useRef(false);

  const start = useCallback((): Promise<void> => {
    asking.current ??= (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ kind: 'missing' });
        return;
      }
      setState({ kind: 'asking' });
      try {
        const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 320, height: 240, facingMode: 'user' }, audio: false });
        if (!mounted.current) {
          stopAll(stream);
          return;
        }
        stopAll(streamRef.current);
        streamRef.current = stream;
        for (const track of stream.getVideoTracks())
          track.addEventListener('ended', () => {
            if (streamRef.current === stream) setState({ kind: 'stopped' });
          });
        setState({ kind: 'on', stream });
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NotAllowedError' || name === 'SecurityError') setState({ kind: 'refused' });
        else if (name === 'NotFoundError' || name === 'OverconstrainedError') setState({ kind: 'missing' });
        else setState({ kind: 'failed', message: (error as Error).message ?? 'The camera could not start' });
      }
    })().finally(() => (asking.current = undefined));
    return asking.current;
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopAll(streamRef.current);
      streamRef.current = undefined;
    };
  }, []);

  return { state, start };
}
