import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../lib/envelope';
import { calibratableSubject, calibrateSubject, storedCalibration } from '../analysis/calibration';

const params = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });

/**
 * Rasch (CML) difficulty of each question of a subject, for its teachers and the heads above them:
 * GET reads the last calibration, POST recalibrates now and answers the same way.
 */
const calibrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.requireRole('TEACHER', 'DEPARTMENT-HEAD', 'INSTITUTE-HEAD');
  const tags = ['analysis'];
  const minResponses = () => app.config.CALIBRATION_MIN_RESPONSES;
  /** A subject's recalibration under way in this process: a second request for it waits for the same one (one worker per subject). */
  const running = new Map<number, ReturnType<typeof calibrateSubject>>();

  app.get(
    '/subjects/:id/calibration',
    { onRequest: readers, schema: { tags, summary: "The Rasch difficulty of each of a subject's questions, as last calibrated", params } },
    async (req) => {
      const subject = await calibratableSubject(app.db, req.user!, req.params.id);
      return ok(await storedCalibration(app.db, subject.id, minResponses()));
    },
  );

  app.post(
    '/subjects/:id/calibration',
    { onRequest: readers, schema: { tags, summary: "Recalibrates a subject's questions from its quizzes' first attempts now", params } },
    async (req) => {
      const subject = await calibratableSubject(app.db, req.user!, req.params.id);
      let pending = running.get(subject.id);
      if (!pending) {
        pending = calibrateSubject(app.db, subject.id, minResponses());
        running.set(subject.id, pending);
        void pending.finally(() => running.delete(subject.id)).catch(() => {});
      }
      return ok(await pending, 'Questions calibrated');
    },
  );
};

export default calibrationRoutes;
