import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLES, rolePath } from '../../src/schemas/roles';
import { perMinuteLimit } from '../auth/rateLimits';
import { AppError, notFound } from '../lib/errors';
import { findAttemptState, loadQuiz, SAVE_GRACE_MS } from '../exam/attempts';
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
            // An LMS launch's exam session: the student comes back through the LMS, not with a password.
            ...(req.user!.examQuizId !== null && req.user!.kind === 'lti' ? { fromLms: true } : {}),
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
      // An LMS launch's one-time token always opens its quiz: the LMS is where its student comes back
      // (a next attempt, or the result of the last one, as the review options allow); they have no password.
      const fromLms = row.single_use === 1;
      if (!fromLms) {
        const attempt = await findAttemptState(app.db, row.quizId, row.user_id);
        if (attempt && (attempt.status !== 'in_progress' || now > attempt.deadline + SAVE_GRACE_MS)) {
          throw new AppError(409, 'This exam has been submitted: sign in with your username and password to see your result', 'SUBMITTED');
        }
      } else if (!(await spendSingleUseToken(app.db, req.params.token, now))) {
        throw notFound('This exam link is not valid or has expired');
      }
      const token = await app.sessions.create(row.user_id, 'STUDENT', { now, kind: fromLms ? 'lti' : 'exam_link', quizId: row.quizId });
      return ok({ token, quizName: row.quizName, quizId: row.quizId, ...(fromLms ? { fromLms: true } : {}) }, 'Exam link verified');
    },
  );
};

export default verifyRoutes;
