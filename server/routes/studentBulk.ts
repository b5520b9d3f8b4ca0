import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entities } from '../../src/schemas';
import { studentBulkSchema } from '../../src/schemas/studentBulk';
import { bulkMessage, runStudentBulk } from '../accounts/studentBulk';
import { ok } from '../lib/envelope';
import { parseOrThrow } from '../lib/validation';
import { registry } from '../storage';

/**
 * POST /api/students/bulk: add to a group, remove from a group, reset passwords or delete, on the
 * chosen students or on every student a filter matches (docs/frontend.md, "Bulk work").
 */
const studentBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { update = [], delete: remove = [] } = entities.students.access;
  const onRequest = app.requireRole(...new Set([...update, ...remove]));

  app.post(
    '/students/bulk',
    {
      onRequest,
      // The body is checked in the handler, after the role check (a teacher gets 403, not a 400).
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: { tags: ['students'], summary: 'One action on the chosen or on all filtered students (at most 1000)', body: studentBulkSchema },
    },
    async (req) => {
      const body = parseOrThrow(studentBulkSchema, req.body);
      const result = await runStudentBulk(app.db, registry, req.user!, body);
      // Accounts changed (deleted, passwords replaced): sessions are read afresh.
      if (result.action === 'delete' || result.action === 'resetPasswords') await app.sessions.forgetAll();
      return ok(result, bulkMessage(result));
    },
  );
};

export default studentBulkRoutes;
