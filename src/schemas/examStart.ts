/**
 * Why a student cannot start a quiz, in the words both sides use: the instruction page says them
 * beside its disabled Start, and the server's start refusal carries the same message (and a code
 * the page maps back to the reason). One message says what is wrong, one help says what to do.
 */

export type StartBlockReason =
  | 'not-open'
  | 'closed'
  | 'taken'
  | 'no-attempts'
  | 'next-attempt'
  | 'seb'
  | 'camera-off'
  | 'camera-asking'
  | 'camera-refused'
  | 'camera-missing'
  | 'camera-failed'
  | 'camera-stopped'
  | 'face-checking'
  | 'no-face'
  | 'many-faces'
  | 'face-check-failed';

interface StartBlockText {
  message: string;
  help: string;
}

const WITHOUT_CAMERA = 'If you cannot use a camera, ask your teacher: they can let you take this quiz without one.';

export const START_BLOCK_TEXT: Record<StartBlockReason, StartBlockText> = {
  'not-open': { message: 'This quiz has not opened yet', help: 'Come back when it opens: this page updates by itself at the opening time, no reload needed.' },
  closed: { message: 'This quiz has closed', help: 'It can no longer be started. If you missed it, ask your teacher.' },
  taken: { message: 'You have already taken this quiz', help: 'This quiz allows one attempt. Your result is in your history.' },
  'no-attempts': { message: 'No attempts left', help: 'You have used every attempt at this quiz. Your results are in your history.' },
  // The page says the time itself: nextAttemptMessage.
  'next-attempt': {
    message: 'You can start your next attempt later',
    help: 'The quiz allows another attempt after a pause since your last one; this page enables Start by itself at that time.',
  },
  seb: {
    message: 'This quiz must be taken in Safe Exam Browser with the configuration from your teacher',
    help: 'Reload this page to see how to open it in Safe Exam Browser, then press Start there.',
  },
  'camera-off': {
    message: 'Allow the camera and show your face to start this quiz',
    help: `Press “Allow the camera” above and answer the browser’s question with Allow. ${WITHOUT_CAMERA}`,
  },
  'camera-asking': { message: 'The browser is asking for the camera', help: 'Choose Allow in the browser’s question about the camera.' },
  'camera-refused': {
    message: 'The camera was refused',
    help: `Allow it for this site (the camera icon in the address bar, or the browser’s site settings), then reload this page. ${WITHOUT_CAMERA}`,
  },
  'camera-missing': {
    message: 'No camera was found',
    help: `Connect one (or close other programs that use it) and reload this page. ${WITHOUT_CAMERA}`,
  },
  'camera-failed': { message: 'The camera could not start', help: `Close other programs that use the camera and reload this page. ${WITHOUT_CAMERA}` },
  'camera-stopped': { message: 'The camera stopped', help: 'Reload this page to start it again.' },
  'face-checking': { message: 'Looking for your face', help: 'Sit in front of the camera; Start is enabled as soon as your face is seen.' },
  'no-face': { message: 'No face is seen', help: 'Sit in front of the camera, in good light, with your face uncovered.' },
  'many-faces': { message: 'More than one face is seen', help: 'Only you may be in front of the camera.' },
  'face-check-failed': {
    message: 'The face check could not run in this browser',
    help: 'It is tried again every few seconds; if this message stays, try another browser, or ask your teacher.',
  },
};

/** The 'next-attempt' message with its time ('14:30', in the reader's zone). */
export const nextAttemptMessage = (time: string): string => `You can start your next attempt at ${time}`;

/** The server's refusal of a start without the camera: the same words as the page's. */
export const CAMERA_CONSENT_MESSAGE = `${START_BLOCK_TEXT['camera-off'].message}, or ask your teacher to let you take it without a camera`;

/** The reasons the server refuses a start for itself (409, with `data.reason`); SEB and the camera have their own refusals. */
export const START_REFUSAL_REASONS = ['not-open', 'closed', 'no-attempts', 'next-attempt'] as const satisfies readonly StartBlockReason[];
export type StartRefusalReason = (typeof START_REFUSAL_REASONS)[number];

/** The server's `data.reason` where it differs from the page's reason. */
const REFUSAL_ALIASES: Record<string, StartRefusalReason> = { delay: 'next-attempt' };

/** The reason behind a refused start, from the answer's data: its reason, the SEB refusal, or the cameraConsent field error. */
export function reasonOfRefusal(data: unknown): StartBlockReason | undefined {
  const d = (data ?? {}) as { reason?: unknown; sebRequired?: unknown; errors?: { cameraConsent?: unknown } };
  if (typeof d.reason === 'string' && Object.hasOwn(REFUSAL_ALIASES, d.reason)) return REFUSAL_ALIASES[d.reason];
  if (typeof d.reason === 'string' && (START_REFUSAL_REASONS as readonly string[]).includes(d.reason)) return d.reason as StartRefusalReason;
  if (d.sebRequired === true) return 'seb';
  if (d.errors?.cameraConsent) return 'camera-off';
  return undefined;
}
