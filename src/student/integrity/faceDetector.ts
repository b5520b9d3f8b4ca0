import * as faceapi from '@vladmandic/face-api';
import { isPlayable } from './useFaceCount';

/**
 * Counts faces in a video frame, in the browser only: the frame never leaves it. Loaded lazily
 * (its own chunk) by the exam pages of face-detection quizzes. The model and the WebAssembly
 * files are served by the portal itself under /face/.
 */
let ready: Promise<void> | undefined;

/** The TensorFlow.js that face-api bundles (its types declare only part of it). */
const tf = faceapi.tf as unknown as {
  setWasmPaths(prefix: string): void;
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
};

export function loadFaceDetector(): Promise<void> {
  ready ??= (async () => {
    tf.setWasmPaths('/face/wasm/');
    await tf.setBackend('wasm');
    await tf.ready();
    // A missing .wasm file makes TensorFlow.js fall back silently to a far slower backend.
    if (tf.getBackend() !== 'wasm') throw new Error('The face detector could not start its WebAssembly backend');
    await faceapi.nets.tinyFaceDetector.loadFromUri('/face/model');
  })();
  ready.catch(() => (ready = undefined));
  return ready;
}

const options = new faceapi.TinyFaceDetectorOptions({ inputSize: 320, scoreThreshold: 0.5 });

/**
 * How many faces the current frame of `video` shows. The video must be playable
 * (HAVE_FUTURE_DATA: playing, its current frame readable): face-api waits
 * for a video that is not for a `load` event, which video elements never fire, so its promise
 * would never settle. Such a video is refused here instead.
 */
export async function countFaces(video: HTMLVideoElement): Promise<number> {
  if (!isPlayable(video)) throw new Error('The camera video is not playing yet');
  const faces = await faceapi.detectAllFaces(video, options);
  return faces.length;
}
