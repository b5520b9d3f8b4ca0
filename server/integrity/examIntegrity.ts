import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors';
import { DEFAULT_INTEGRITY_THRESHOLDS, type IntegrityThresholds } from '../../src/schemas/quizzes';
import { CAMERA_CONSENT_MESSAGE } from '../../src/schemas/examStart';
import { faceDetectionOn, sebGateOf, sebRequired, type IntegrityQuiz } from './sebGate';

const startBody = z.object({ cameraConsent: z.boolean().optional() }).passthrough().nullish();

export const thresholdsOf = (quiz: Pick<IntegrityQuiz, 'integrity_thresholds'>): IntegrityThresholds => ({
  ...DEFAULT_INTEGRITY_THRESHOLDS,
  ...(quiz.integrity_thresholds ? (JSON.parse(quiz.integrity_thresholds) as Partial<IntegrityThresholds>) : {}),
});

/** What the exam page needs to know to watch an attempt (never the SEB keys). */
export function integritySettingsOf(quiz: IntegrityQuiz) {
  const thresholds = thresholdsOf(quiz);
  return {
    sebRequired: sebRequired(quiz),
    faceDetection: faceDetectionOn(quiz),
    requireFullscreen: quiz.require_fullscreen === 1,
    blockClipboard: quiz.block_clipboard === 1,
    noFaceSeconds: thresholds.no_face_seconds,
    multipleFacesSeconds: thresholds.multiple_faces_seconds,
  };
}

/**
 * The exam API's integrity rules, kept out of the exam routes: the SEB proof on every call of a
 * SEB quiz, and the camera consent (or the teacher's waiver) before a face-detection quiz starts.
 */
export function examIntegrity(app: FastifyInstance) {
  const gate = sebGateOf(app);
  const db = app.db;

  const waived = async (quizId: number, studentId: number) =>
    (await db.selectFrom('camera_waivers').select('quiz_id').where('quiz_id', '=', quizId).where('student_id', '=', studentId).executeTakeFirst()) !== undefined;

  return {
    gate,
    /** Instructions: the SEB proof, then the settings the page shows. */
    async instructions(req: FastifyRequest, quiz: IntegrityQuiz, attemptId?: number) {
      await gate.require(req, quiz, attemptId);
      const settings = integritySettingsOf(quiz);
      return { integrity: { ...settings, cameraWaived: settings.faceDetection ? await waived(quiz.id, req.user!.userId) : false } };
    },
    /** Before a start: the SEB proof, and for a new attempt of a face-detection quiz, the camera consent or a waiver. */
    async beforeStart(req: FastifyRequest, quiz: IntegrityQuiz, existingAttemptId?: number) {
      const seb = await gate.require(req, quiz, existingAttemptId);
      const parsed = startBody.safeParse(req.body);
      const consent = parsed.success && parsed.data?.cameraConsent === true;
      let cameraWaived = false;
      if (faceDetectionOn(quiz) && existingAttemptId === undefined) {
        cameraWaived = await waived(quiz.id, req.user!.userId);
        if (!consent && !cameraWaived) throw badRequest(CAMERA_CONSENT_MESSAGE, { cameraConsent: CAMERA_CONSENT_MESSAGE });
      }
      return { seb, consent: consent && faceDetectionOn(quiz), cameraWaived };
    },
    /** Records with the attempt what its start proved: SEB, camera consent, a waiver (first start only). */
    async afterStart(attemptId: number, facts: { seb: boolean; consent: boolean; cameraWaived: boolean }, now = Date.now()) {
      if (facts.seb) await db.updateTable('attempts').set({ seb_verified_at: now }).where('id', '=', attemptId).where('seb_verified_at', 'is', null).execute();
      if (facts.consent) await db.updateTable('attempts').set({ camera_consent_at: now }).where('id', '=', attemptId).where('camera_consent_at', 'is', null).execute();
      if (facts.cameraWaived) await db.updateTable('attempts').set({ camera_waived: 1 }).where('id', '=', attemptId).execute();
    },
    /** Any call on an attempt (paper, save, submit, events): the SEB proof for its quiz. */
    attempt(req: FastifyRequest, quizId: number, attemptId: number) {
      return gate.require(req, quizId, attemptId);
    },
    settingsOf: integritySettingsOf,
    async settings(quizId: number) {
      const quiz = await gate.quiz(quizId);
      return quiz ? { integrity: integritySettingsOf(quiz) } : {};
    },
  };
}
