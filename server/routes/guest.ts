import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generatePassword, hashGeneratedPassword } from '../auth/passwords';
import { quizOptions } from '../exam/attempts';
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
    const quiz = await app.db.selectFrom('quizzes').selectAll().where('guest_token', '=', token).executeTakeFirst();
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
      const username = `guest-${randomBytes(6).toString('hex')}`;
      const { id } = await app.db
        .insertInto('users')
        .values({
          role: 'STUDENT',
          username,
          // Nobody signs in with this password: the guest's session comes from the link.
          password_hash: hashGeneratedPassword(generatePassword()),
          email: null,
          fullname: req.body.name,
          phone: null,
          institute_id: quiz.institute_id,
          department_id: quiz.department_id,
          must_change_password: 0,
          semester: null,
          batch: null,
          guest_quiz_id: quiz.id,
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = await app.sessions.create(id, 'STUDENT', now, 'guest');
      return ok({ token, username, quizId: quiz.id, quizName: quiz.name }, 'Welcome');
    },
  );
};

export default guestRoutes;
