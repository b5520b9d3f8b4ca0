import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../lib/envelope';
import { badRequest } from '../lib/errors';
import { dashboardOf, feedbackReport } from '../analysis/dashboards';

const DAY = 86_400_000;
const day = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), `${field} must be a date (YYYY-MM-DD)`)
    .optional();

/** The dashboards (one call per dashboard) and the staff's feedback list (each role sees the feedback of its scope). */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const anyone = app.requireRole('ADMIN', 'INSTITUTE-HEAD', 'DEPARTMENT-HEAD', 'TEACHER', 'STUDENT');
  const tags = ['dashboards'];

  app.get('/dashboard', { onRequest: anyone, schema: { tags, summary: "The caller's dashboard; its figures depend on the role" } }, async (req) => ok(await dashboardOf(app.db, req.user!)));

  app.get(
    '/feedback-report',
    {
      onRequest: app.requireRole('ADMIN', 'INSTITUTE-HEAD', 'DEPARTMENT-HEAD', 'TEACHER'),
      schema: {
        tags,
        summary:
          "Students' feedback on the quizzes the caller answers for (the admin: all; an institute or department head: its quizzes; a teacher: their own), with the quiz's and the student's names, filtered by quiz and date (UTC days, inclusive), and each quiz's average rating",
        querystring: z.object({
          quizId: z.coerce.number({ error: 'quizId must be a quiz id' }).int('quizId must be a quiz id').positive('quizId must be a quiz id').max(2 ** 31 - 1, 'quizId must be a quiz id').optional(),
          from: day('from'),
          to: day('to'),
        }),
      },
    },
    async (req) => {
      const { quizId, from, to } = req.query;
      const start = from ? Date.parse(`${from}T00:00:00Z`) : undefined;
      const end = to ? Date.parse(`${to}T00:00:00Z`) + DAY : undefined;
      if (start !== undefined && end !== undefined && start >= end) throw badRequest('Invalid to: to must not be before from', { to: 'to must not be before from' });
      return ok(await feedbackReport(app.db, req.user!, { quizId, from: start, to: end }));
    },
  );
};

export default dashboardRoutes;
