import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../lib/envelope';
import { fairnessRequestSchema } from '../../src/schemas/fairness';
import { checkFixedQuestions, fairnessDepartment, fairnessOf } from '../quizzes/fairness';

/**
 * The fairness of a quiz's random rules before publishing (issue 27): 1,000 seeded draws of the
 * paper in the request (the quiz form's values, saved or not), with balancing off and on.
 * Teachers and the heads above a quiz's department; students 403; another department's subjects or quiz 404.
 */
const fairnessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/quizzes/fairness',
    {
      onRequest: app.requireRole('TEACHER', 'DEPARTMENT-HEAD', 'INSTITUTE-HEAD'),
      schema: { tags: ['quiz management'], summary: "How equally hard a quiz's random papers are, over 1,000 simulated draws with balancing off and on", body: fairnessRequestSchema },
    },
    async (req) => {
      const body = req.body;
      const subjects = [...new Set(body.subjects.map(Number))];
      const departmentId = await fairnessDepartment(app.db, req.user!, body.id, subjects);
      await checkFixedQuestions(app.db, subjects, body.questions);
      const report = await fairnessOf(app.db, { departmentId, subjects, fixed: body.questions, rules: body.random_rules, tolerance: body.balance_tolerance });
      return ok(report);
    },
  );
};

export default fairnessRoutes;
