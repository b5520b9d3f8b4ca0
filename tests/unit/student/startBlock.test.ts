import { describe, expect, it } from 'vitest';
import { CAMERA_CONSENT_MESSAGE, nextAttemptMessage, reasonOfRefusal, START_BLOCK_TEXT, type StartBlockReason } from '../../../src/schemas/examStart';
import type { QuizDetail } from '../../../src/student/api/types';
import { CAMERA_NOT_ASKED, needsCamera, startBlockOf, type CameraCheckState } from '../../../src/student/quizzes/startBlock';

const NOW = 1_800_000_000_000;
const MINUTE = 60_000;

type StartQuiz = Parameters<typeof startBlockOf>[0];
const quiz = (overrides: Partial<QuizDetail> = {}): StartQuiz => ({
  validFrom: NOW - 10 * MINUTE,
  validTo: NOW + 60 * MINUTE,
  attempt: null,
  faceDetection: false,
  integrity: undefined,
  attemptsUsed: overrides.attempt ? 1 : 0,
  attemptsAllowed: 1,
  nextAttemptAt: null,
  ...overrides,
});
const attempt = (status: 'in_progress' | 'submitted', deadline: number, number = 1) => ({ id: 7, number, status, deadline, startedAt: NOW - MINUTE, submittedAt: null, score: null, maxScore: null, pending: false });
const camera = (kind: CameraCheckState['camera'], face: CameraCheckState['face'] = 'loading'): CameraCheckState => ({ camera: kind, face });
const faceQuiz = (overrides: Partial<QuizDetail> = {}) => quiz({ faceDetection: true, ...overrides });

describe('why Start is disabled', () => {
  it('lets an open quiz start, and says when it has not opened yet or has closed', () => {
    expect(startBlockOf(quiz(), NOW)).toBeNull();
    expect(startBlockOf(quiz({ validFrom: NOW + MINUTE }), NOW)).toBe('not-open');
    expect(startBlockOf(quiz({ validTo: NOW }), NOW)).toBe('closed');
  });

  it('lets an attempt in progress resume and calls a finished one the quiz’s one attempt, whatever the window', () => {
    expect(startBlockOf(quiz({ attempt: attempt('in_progress', NOW + MINUTE) }), NOW)).toBeNull();
    expect(startBlockOf(quiz({ attempt: attempt('submitted', NOW + MINUTE) }), NOW)).toBe('taken');
    expect(startBlockOf(quiz({ attempt: attempt('in_progress', NOW - 1) }), NOW)).toBe('taken');
    expect(startBlockOf(quiz({ validTo: NOW - MINUTE, attempt: attempt('submitted', NOW - 2 * MINUTE) }), NOW)).toBe('taken');
  });

  it('after a finished attempt of a quiz with several: none left, a delay running, or another attempt in the window', () => {
    const done = attempt('submitted', NOW - MINUTE);
    expect(startBlockOf(quiz({ attempt: done, attemptsUsed: 3, attemptsAllowed: 3 }), NOW)).toBe('no-attempts');
    expect(startBlockOf(quiz({ attempt: done, attemptsUsed: 4, attemptsAllowed: 3 }), NOW)).toBe('no-attempts');
    expect(startBlockOf(quiz({ attempt: done, attemptsUsed: 1, attemptsAllowed: 3, nextAttemptAt: NOW + MINUTE }), NOW)).toBe('next-attempt');
    expect(startBlockOf(quiz({ attempt: done, attemptsUsed: 1, attemptsAllowed: 3, nextAttemptAt: NOW }), NOW)).toBeNull();
    expect(startBlockOf(quiz({ attempt: done, attemptsUsed: 1, attemptsAllowed: 3 }), NOW)).toBeNull();
    expect(startBlockOf(quiz({ attempt: done, attemptsUsed: 9, attemptsAllowed: 0 }), NOW)).toBeNull(); // unlimited
    expect(startBlockOf(quiz({ attempt: done, attemptsUsed: 9, attemptsAllowed: 0, nextAttemptAt: NOW + 1 }), NOW)).toBe('next-attempt');
    // No attempts left and a delay both hold: none left is what matters.
    expect(startBlockOf(quiz({ attempt: done, attemptsUsed: 2, attemptsAllowed: 2, nextAttemptAt: NOW + MINUTE }), NOW)).toBe('no-attempts');
    // Another attempt still needs the window, then the camera.
    expect(startBlockOf(quiz({ attempt: done, attemptsUsed: 1, attemptsAllowed: 3, validTo: NOW }), NOW)).toBe('closed');
    const again = faceQuiz({ attempt: done, attemptsUsed: 1, attemptsAllowed: 3 });
    expect(needsCamera(again, NOW)).toBe(true);
    expect(startBlockOf(again, NOW)).toBe('camera-off');
    expect(startBlockOf(again, NOW, camera('on', 'one'))).toBeNull();
    // A one-attempt quiz after its attempt stays 'taken' and asks for no camera.
    expect(startBlockOf(faceQuiz({ attempt: done }), NOW)).toBe('taken');
  });

  it('gives each state of the camera check of an open face-detection quiz its own reason, never “closed”', () => {
    const cases: [CameraCheckState, StartBlockReason | null][] = [
      [CAMERA_NOT_ASKED, 'camera-off'],
      [camera('asking'), 'camera-asking'],
      [camera('refused'), 'camera-refused'],
      [camera('missing'), 'camera-missing'],
      [camera('failed'), 'camera-failed'],
      [camera('stopped'), 'camera-stopped'],
      [camera('on', 'loading'), 'face-checking'],
      [camera('on', 'none'), 'no-face'],
      [camera('on', 'many'), 'many-faces'],
      [camera('on', 'error'), 'face-check-failed'],
      [camera('on', 'one'), null],
    ];
    for (const [check, reason] of cases) expect(startBlockOf(faceQuiz(), NOW, check), JSON.stringify(check)).toBe(reason);
    expect(startBlockOf(faceQuiz(), NOW)).toBe('camera-off');
  });

  it('puts the window before the camera, and needs no camera when the teacher waived it or for a resume', () => {
    expect(startBlockOf(faceQuiz({ validFrom: NOW + MINUTE }), NOW, camera('missing'))).toBe('not-open');
    expect(startBlockOf(faceQuiz({ validTo: NOW - 1 }), NOW, camera('missing'))).toBe('closed');
    const waived = faceQuiz({ integrity: { cameraWaived: true } as QuizDetail['integrity'] });
    expect(needsCamera(waived, NOW)).toBe(false);
    expect(startBlockOf(waived, NOW, camera('missing'))).toBeNull();
    expect(startBlockOf(faceQuiz({ attempt: attempt('in_progress', NOW + MINUTE) }), NOW, camera('missing'))).toBeNull();
  });

  it('has a message and something to do for every reason', () => {
    for (const [reason, text] of Object.entries(START_BLOCK_TEXT)) {
      expect(text.message, reason).not.toMatch(/\.$/);
      expect(text.help.length, reason).toBeGreaterThan(10);
    }
    expect(new Set(Object.values(START_BLOCK_TEXT).map((t) => t.message)).size).toBe(Object.keys(START_BLOCK_TEXT).length);
  });
});

describe('the server’s start refusals', () => {
  it('map back to the same reasons', () => {
    expect(reasonOfRefusal({ reason: 'not-open' })).toBe('not-open');
    expect(reasonOfRefusal({ reason: 'closed' })).toBe('closed');
    expect(reasonOfRefusal({ reason: 'no-attempts' })).toBe('no-attempts');
    expect(reasonOfRefusal({ reason: 'delay', nextAttemptAt: NOW })).toBe('next-attempt');
    expect(reasonOfRefusal({ reason: 'taken' })).toBeUndefined(); // a taken quiz is no refusal: the start answers its attempt
    expect(reasonOfRefusal({ quizId: 3, sebRequired: true, sebLink: 'seb://x' })).toBe('seb');
    expect(reasonOfRefusal({ errors: { cameraConsent: CAMERA_CONSENT_MESSAGE } })).toBe('camera-off');
    expect(reasonOfRefusal({ reason: 'toString' })).toBeUndefined();
    expect(reasonOfRefusal(undefined)).toBeUndefined();
  });

  it('say the attempt refusals in the page’s words', () => {
    expect(START_BLOCK_TEXT['no-attempts'].message).toBe('No attempts left');
    expect(nextAttemptMessage('14:30')).toBe('You can start your next attempt at 14:30');
    expect(START_BLOCK_TEXT.taken.help).toBe('This quiz allows one attempt. Your result is in your history.');
  });

  it('say the camera refusal in the page’s words', () => {
    expect(CAMERA_CONSENT_MESSAGE.startsWith(START_BLOCK_TEXT['camera-off'].message)).toBe(true);
  });
});
