import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGuestAccount } from '../accounts/users';
import { quizOptions } from '../exam/attempts';
import { quizOfGuestToken } from '../exam/links';
import { AppError, notFound } from '../lib/errors';
import { ok } from '../lib/envelope';
import { guestNameSchema } from '../../src/schemas/guest';

const tokenParams = z.object({ token: z.string().min(16).max(128) });

/**
 * A quiz-wide guest link (`/guest/<token>`, when the quiz's guest flag is on): a person without an
 * account gives a name and gets a guest student account that may take only that quiz, once.
 */
const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['guest'];
  const rateLimit = { max: 20, timeWindow: 60_000 };

  async function guestQuiz(token: string) {
    const quiz = await quizOfGuestToken(app.db, token);
    if (!quiz || quiz.published !== 1 || !quizOptions(quiz).guest_flag || quiz.valid_to === null || quiz.valid_to <= Date.now()) {
      throw notFound('This guest link is not valid or the quiz has closed');
    }
    return quiz;
  }

  app.get('/guest/:token', { config: { rateLimit }, schema: { tags, summary: 'The quiz behind a guest link', params: tokenParams } }, async (req) => {
    const quiz = await guestQuiz(req.params.token);
    const now = Date.now();
    return ok({ quizId: quiz.id, quizName: quiz.name, validFrom: quiz.valid_from, validTo: quiz.valid_to, duration: quiz.duration, open: quiz.valid_from !== null && now >= quiz.valid_from, serverTime: now });
  });

  app.post(
    '/guest/:token',
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Enter as a guest with a name',
        params: tokenParams,
        body: guestNameSchema,
      },
    },
    async (req) => {
      const quiz = await guestQuiz(req.params.token);
      if (quiz.valid_from === null || Date.now() < quiz.valid_from - 15 * 60_000) {
        throw new AppError(409, 'This quiz opens later; come back shortly before it starts', 'NOT_OPEN');
      }
      const now = Date.now();
      const { id, username } = await createGuestAccount(app.db, req.body.name, quiz, now);
      const token = await app.sessions.create(id, 'STUDENT', { now, kind: 'guest' });
      return ok({ token, username, quizId: quiz.id, quizName: quiz.name }, 'Welcome');
    },
  );
};

export default guestRoutes;
