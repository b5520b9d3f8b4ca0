import type { StartBlockReason } from '../../schemas/examStart';
import type { QuizDetail } from '../api/types';
import type { CameraState } from '../integrity/useCamera';
import type { FaceStatus } from '../integrity/useFaceCount';
import { isResumable, windowState } from './quizFacts';

/** What the instruction page's camera check reports: the camera's state and the face count. */
export interface CameraCheckState {
  camera: CameraState['kind'];
  face: FaceStatus;
}

/** Before the student pressed "Allow the camera". */
export const CAMERA_NOT_ASKED: CameraCheckState = { camera: 'idle', face: 'loading' };

type StartQuiz = Pick<QuizDetail, 'validFrom' | 'validTo' | 'attempt' | 'faceDetection' | 'integrity' | 'attemptsUsed' | 'attemptsAllowed' | 'nextAttemptAt'>;

/**
 * A new attempt of a face-detection quiz needs the camera check (the second as much as the first),
 * unless the teacher waived the camera for this student; resuming the running one does not.
 */
export const needsCamera = (quiz: StartQuiz, serverNow: number): boolean => quiz.faceDetection && !isResumable(quiz, serverNow) && quiz.integrity?.cameraWaived !== true;

/** Reasons that say no other attempt can start now, whatever the camera shows. */
export const ATTEMPT_BLOCKS: readonly StartBlockReason[] = ['taken', 'no-attempts', 'next-attempt'];

const FACE_BLOCKS: Record<FaceStatus, StartBlockReason | null> = {
  loading: 'face-checking',
  none: 'no-face',
  one: null,
  many: 'many-faces',
  error: 'face-check-failed',
};

const CAMERA_BLOCKS: Record<Exclude<CameraState['kind'], 'on'>, StartBlockReason> = {
  idle: 'camera-off',
  asking: 'camera-asking',
  refused: 'camera-refused',
  missing: 'camera-missing',
  failed: 'camera-failed',
  stopped: 'camera-stopped',
};

/**
 * Why Start is disabled on the instruction page, or null when the student may start (or resume).
 * The one place the reason is decided: an attempt in progress can always be resumed; after a
 * finished one, a one-attempt quiz is taken, a quiz whose attempts are all used has none left,
 * and a delay between attempts must have passed; then the window on the server's clock; then,
 * for a quiz that watches the camera, the camera and exactly one face. (A quiz that needs Safe Exam Browser shows
 * its own page instead, since the server refuses it everything without SEB.)
 */
export function startBlockOf(quiz: StartQuiz, serverNow: number, cameraCheck: CameraCheckState = CAMERA_NOT_ASKED): StartBlockReason | null {
  if (isResumable(quiz, serverNow)) return null;
  if (quiz.attempt !== null) {
    if (quiz.attemptsAllowed === 1) return 'taken';
    if (quiz.attemptsAllowed !== 0 && quiz.attemptsUsed >= quiz.attemptsAllowed) return 'no-attempts';
    if (quiz.nextAttemptAt !== null && quiz.nextAttemptAt > serverNow) return 'next-attempt';
  }
  const phase = windowState(quiz, serverNow);
  if (phase === 'upcoming') return 'not-open';
  if (phase === 'closed') return 'closed';
  if (!needsCamera(quiz, serverNow)) return null;
  return cameraCheck.camera === 'on' ? FACE_BLOCKS[cameraCheck.face] : CAMERA_BLOCKS[cameraCheck.camera];
}
