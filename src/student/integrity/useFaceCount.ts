import { useEffect, useState, type RefObject } from 'react';

export type FaceStatus = 'loading' | 'none' | 'one' | 'many' | 'error';

/** How often the detector samples the camera: at least once a second. */
export const SAMPLE_MS = 700;

/**
 * The longest the detector may take to load (its chunk, the model, the WebAssembly backend)
 * before the status says the face check could not start. Loading goes on meanwhile: the status
 * turns to the face count as soon as it is done. On a 2-core machine with both cores kept busy
 * by other processes, loading took 0.2 to 0.5 s and the first count came 0.3 to 0.8 s after the
 * camera started (8 runs): this limit is far above a normal load, not a tuned wait.
 */
export const LOAD_LIMIT_MS = 30_000;

/** The longest one sample may take before it counts as failed (a sample takes well under a second). */
export const SAMPLE_LIMIT_MS = 15_000;

/** After the detector failed to load, it is loaded again this often. */
export const RETRY_MS = 5_000;

type Detector = typeof import('./faceDetector');

/**
 * Whether the video is playing and its current frame can be read (`readyState` at least
 * HAVE_FUTURE_DATA, 3; written as a number, since not every DOM, jsdom included, has the constant).
 */
export const isPlayable = (video: HTMLVideoElement) => video.readyState >= 3;

function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the video is playable, or when `until` says to stop. The state is read after the
 * listeners are attached, so an event that fired before does not leave this waiting.
 */
function whenPlayable(video: HTMLVideoElement, until: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const events = ['loadeddata', 'canplay', 'playing'] as const;
    const poll = setInterval(() => check(), 1000);
    const check = () => {
      if (!isPlayable(video) && !until()) return;
      for (const type of events) video.removeEventListener(type, check);
      clearInterval(poll);
      resolve();
    };
    for (const type of events) video.addEventListener(type, check);
    check();
  });
}

/** The next frame the video shows (a camera's very first frame is black), or at most a second. */
function nextFrame(video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 1000);
    if ('requestVideoFrameCallback' in video)
      video.requestVideoFrameCallback(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}

/**
 * Counts faces in the video at least once a second, with the detector loaded lazily (its own
 * chunk, fetched only here, once per page however often this runs). Reports every sample to
 * `onSample` with its time. A detector that cannot load or count shows as 'error' (never as
 * 'loading' for ever), and is tried again.
 */
export function useFaceCount(video: RefObject<HTMLVideoElement | null>, stream: MediaStream | undefined, onSample?: (faces: number, at: number) => void) {
  const [status, setStatus] = useState<FaceStatus>('loading');
  useEffect(() => {
    const element = video.current;
    if (!stream || !element) return;
    let stopped = false;
    const isStopped = () => stopped;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Setting the same stream again would restart the video's loading.
    if (element.srcObject !== stream) element.srcObject = stream;
    void element.play().catch(() => {});

    const load = async (): Promise<Detector | undefined> => {
      while (!stopped) {
        try {
          const detector = await within(
            LOAD_LIMIT_MS,
            import('./faceDetector').then(async (d) => {
              await d.loadFaceDetector();
              return d;
            }),
            'Loading the face detector',
          );
          return detector;
        } catch {
          if (stopped) return undefined;
          setStatus('error');
          await sleep(RETRY_MS);
        }
      }
      return undefined;
    };

    void (async () => {
      const detector = await load();
      if (!detector) return;
      await whenPlayable(element, isStopped);
      await nextFrame(element);
      const sample = async () => {
        if (stopped) return;
        // A video that stalls (its stream replaced, the camera busy) is waited for: it is not a failure.
        if (!isPlayable(element)) await whenPlayable(element, isStopped);
        if (stopped) return;
        const started = Date.now();
        try {
          const faces = await within(SAMPLE_LIMIT_MS, detector.countFaces(element), 'Counting faces');
          if (stopped) return;
          setStatus(faces === 0 ? 'none' : faces === 1 ? 'one' : 'many');
          onSample?.(faces, started);
        } catch {
          if (!stopped) setStatus('error');
        }
        timer = setTimeout(() => void sample(), Math.max(0, SAMPLE_MS - (Date.now() - started)));
      };
      await sample();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onSample is read at each sample
  }, [stream, video]);
  return status;
}
