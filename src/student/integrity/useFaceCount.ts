import { useEffect, useState, type RefObject } from 'react';

export type FaceStatus = 'loading' | 'none' | 'one' | 'many' | 'error';

/** How often the detector samples the camera: at least once a second. */
export const SAMPLE_MS = 700;

/**
 * Counts faces in the video at least once a second, with the detector loaded lazily (its own
 * chunk, fetched only here). Reports every sample to `onSample` with its time.
 */
export function useFaceCount(video: RefObject<HTMLVideoElement | null>, stream: MediaStream | undefined, onSample?: (faces: number, at: number) => void) {
  const [status, setStatus] = useState<FaceStatus>('loading');
  useEffect(() => {
    const element = video.current;
    if (!stream || !element) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    element.srcObject = stream;
    void element.play().catch(() => {});
    (async () => {
      try {
        const detector = await import('./faceDetector');
        await detector.loadFaceDetector();
        // The first frame of a camera is black: wait for a real one.
        await new Promise<void>((resolve) => {
          if ('requestVideoFrameCallback' in element) element.requestVideoFrameCallback(() => resolve());
          else setTimeout(resolve, 500);
        });
        const sample = async () => {
          if (stopped) return;
          const started = Date.now();
          try {
            const faces = await detector.countFaces(element);
            if (stopped) return;
            setStatus(faces === 0 ? 'none' : faces === 1 ? 'one' : 'many');
            onSample?.(faces, started);
          } catch {
            if (!stopped) setStatus('error');
          }
          timer = setTimeout(() => void sample(), Math.max(0, SAMPLE_MS - (Date.now() - started)));
        };
        await sample();
      } catch {
        if (!stopped) setStatus('error');
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onSample is read at each sample
  }, [stream, video]);
  return status;
}
