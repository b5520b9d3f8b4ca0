import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadQuiz } from '../exam/attempts';
import { mayAnalyse } from '../analysis/access';
import { regradeQuiz } from '../exam/regrade';
import { notFound } from '../lib/errors';
import { ok } from '../lib/envelope';

const quizParams = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });
const regradeBody = z.object({ dryRun: z.boolean({ message: 'dryRun must be true or false' }) });

/**
 * Regrade after a wrong key: the questions' current keys and marks on the papers as the students
 * saw them. A dry run lists what would change; otherwise the same changes are applied. The quiz's
 * owner and the head of its department (another teacher's quiz is not found).
 */
const quizRegradeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/quizzes/:id/regrade',
    { onRequest: app.requireRole('TEACHER', 'DEPARTMENT-HEAD'), schema: { tags: ['quiz management'], summary: 'Regrade submitted attempts with the current answer keys (dry run first)', params: quizParams, body: regradeBody } },
    async (req) => {
      const quiz = await loadQuiz(app.db, req.params.id);
      if (!quiz || !mayAnalyse(req.user!, quiz)) throw notFound('Quiz not found');
      const { dryRun } = req.body;
      const changes = await regradeQuiz(app.db, quiz, { dryRun, by: req.user!.userId });
      const count = changes.length;
      const noun = count === 1 ? 'attempt' : 'attempts';
      const message = dryRun ? (count ? `${count} ${noun} would change` : "No attempt's marks would change") : `${count} ${noun} regraded`;
      return ok({ changes, count, dryRun }, message);
    },
  );
};

export default quizRegradeRoutes;
