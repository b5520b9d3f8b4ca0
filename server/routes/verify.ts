import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLES, rolePath } from '../../src/schemas/roles';
import { perMinuteLimit } from '../auth/rateLimits';
import { AppError, notFound } from '../lib/errors';
import { attemptStatesOfQuiz, loadQuiz, SAVE_GRACE_MS } from '../exam/attempts';
import { effectiveFor } from '../exam/effective';
import { examLinkToken, spendSingleUseToken } from '../exam/links';
import { ok } from '../lib/envelope';

const verifyRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/{role}/verify for each role: the session must exist (405) and be of that role (403).
  for (const role of ROLES) {
    app.get(
      `/${rolePath(role)}/verify`,
      {
        onRequest: app.requireRole(role),
        config: { allowInitialPassword: true },
        schema: { tags: ['auth'], summary: `Verify a ${role} session` },
      },
      async (req) =>
        ok(
          {
            role: req.user!.role,
            username: req.user!.username,
            mustChangePassword: req.user!.mustChangePassword,
            // An exam-link session names its quiz: the student area then offers only that quiz.
            ...(req.user!.examQuizId !== null ? { examQuizId: req.user!.examQuizId } : {}),
          },
          'Session valid',
        ),
    );
  }

  /** An exam link's token opens a student session straight into that quiz, and only into it. */
  app.get(
    '/student/verify/exam-token/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange an exam-link token for a student session',
        params: z.object({ token: z.string().min(16).max(128) }),
      },
      // Per client address; a whole exam hall may share one (see EXAM_LINK_RATE_PER_MINUTE).
      onRequest: perMinuteLimit(app, 'exam-link', app.config.EXAM_LINK_RATE_PER_MINUTE),
    },
    async (req) => {
      const now = Date.now();
      const row = await examLinkToken(app.db, req.params.token);
      // The link works until the student's own close: an override's, when one sets it, else the quiz's (its expiry).
      const quiz = row && row.revoked_at === null && row.role === 'STUDENT' ? await loadQuiz(app.db, row.quizId) : undefined;
      const effective = quiz ? await effectiveFor(app.db, quiz, row!.user_id) : undefined;
      const overridden = effective !== undefined && effective.source.valid_to !== 'quiz';
      const closesAt = overridden ? effective.valid_to : row?.valid_to;
      const closed = closesAt != null && closesAt <= now;
      if (!row || !effective || row.revoked_at !== null || (!overridden && row.expires_at <= now) || closed || row.role !== 'STUDENT') {
        throw notFound('This exam link is not valid or has expired');
      }
      // The link's work is done once its exam is submitted: results are seen after a normal sign-in.
      // An LMS launch's one-time token opens the quiz again while attempts are left (the LMS is where the student returns to it).
      const attempts = await attemptStatesOfQuiz(app.db, row.quizId, row.user_id);
      const attempt = attempts.at(-1);
      const attemptsLeft = row.single_use === 1 && (effective.attempts_allowed === 0 || attempts.length < effective.attempts_allowed);
      if (attempt && !attemptsLeft && (attempt.status !== 'in_progress' || now > attempt.deadline + SAVE_GRACE_MS)) {
        throw new AppError(409, 'This exam has been submitted: sign in with your username and password to see your result', 'SUBMITTED');
      }
      if (row.single_use === 1 && !(await spendSingleUseToken(app.db, req.params.token, now))) throw notFound('This exam link is not valid or has expired');
      const token = await app.sessions.create(row.user_id, 'STUDENT', now, 'exam_link', row.quizId);
      return ok({ token, quizName: row.quizName, quizId: row.quizId }, 'Exam link verified');
    },
  );
};

export default verifyRoutes;
