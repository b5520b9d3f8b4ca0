import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { manageableQuiz, type ManagedQuiz } from '../quizzes/access';
import { effectiveFor } from '../exam/effective';
import { AppError, badRequest, conflict, notFound } from '../lib/errors';
import { ok } from '../lib/envelope';
import { overrideSchema, type OverrideBody } from '../../src/schemas/overrides';
import { deleteOverride, findOverride, insertOverride, isGroupOf, isStudentOf, listOverrides, otherOverrideFor, updateOverride, type OverrideSettings } from '../quizzes/overrides';

const dbId = z.coerce.number().int().positive().max(2 ** 31 - 1);
const quizParams = z.object({ id: dbId });
const overrideParams = quizParams.extend({ overrideId: dbId });
const studentParams = quizParams.extend({ studentId: dbId });

type Quiz = ManagedQuiz;

const STUDENT_TAKEN = 'This student already has an override';
const GROUP_TAKEN = 'This group already has an override';
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Overrides of a quiz for one student or one group (Moodle's user and group overrides): their own
 * valid from, valid to, duration and attempts allowed. The quiz's teacher and the head of its
 * department manage them; another teacher does not see the quiz (404). A change moves the deadline
 * of the running attempts it reaches.
 */
const quizOverrideRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requireRole('TEACHER', 'DEPARTMENT-HEAD');
  const tags = ['quiz overrides'];


  /** The override's target and settings as stored, after the checks against the quiz and the department. */
  async function checked(quiz: Quiz, body: OverrideBody, exceptId?: number) {
    const target = { studentId: body.studentId ?? null, groupId: body.studentId ? null : (body.groupId ?? null) };
    if (target.studentId !== null && !(await isStudentOf(app.db, target.studentId, quiz.department_id))) {
      throw badRequest('Invalid studentId: choose a student of the quiz’s department', { studentId: 'Choose a student of the quiz’s department' });
    }
    if (target.groupId !== null && !(await isGroupOf(app.db, target.groupId, quiz.department_id))) {
      throw badRequest('Invalid groupId: choose a group of the quiz’s department', { groupId: 'Choose a group of the quiz’s department' });
    }
    const settings: OverrideSettings = {
      valid_from: body.valid_from === undefined ? null : Date.parse(body.valid_from),
      valid_to: body.valid_to === undefined ? null : Date.parse(body.valid_to),
      duration: body.duration ?? null,
      attempts_allowed: body.attempts_allowed ?? null,
    };
    // A single time is compared with the quiz's other one, as Moodle does: the window must not be empty.
    const from = settings.valid_from ?? quiz.valid_from;
    const to = settings.valid_to ?? quiz.valid_to;
    if (from !== null && to !== null && to <= from) {
      const field = settings.valid_to !== null ? 'valid_to' : 'valid_from';
      const message = field === 'valid_to' ? 'Valid to must be after the quiz’s valid from' : 'Valid from must be before the quiz’s valid to';
      throw badRequest(`Invalid ${field}: ${message}`, { [field]: message });
    }
    if (await otherOverrideFor(app.db, quiz.id, target, exceptId)) {
      throw target.studentId !== null ? conflict('studentId', STUDENT_TAKEN) : conflict('groupId', GROUP_TAKEN);
    }
    return { target, settings };
  }

  /** A race past the check above meets the unique index: the same 409. */
  const taken = (error: unknown, target: { studentId: number | null }) => {
    const code = (error as { code?: string })?.code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') return target.studentId !== null ? conflict('studentId', STUDENT_TAKEN) : conflict('groupId', GROUP_TAKEN);
    return error;
  };

  app.get('/quizzes/:id/overrides', { onRequest, schema: { tags, summary: "The quiz's overrides for students and groups", params: quizParams } }, async (req) => {
    const quiz = await manageableQuiz(app.db, req.user!, req.params.id);
    return ok(await listOverrides(app.db, quiz.id));
  });

  app.post('/quizzes/:id/overrides', { onRequest, schema: { tags, summary: 'Add an override for a student or a group', params: quizParams, body: overrideSchema } }, async (req, reply) => {
    const quiz = await manageableQuiz(app.db, req.user!, req.params.id);
    const { target, settings } = await checked(quiz, req.body);
    const now = Date.now();
    const id = await app.db
      .transaction()
      .execute((trx) => insertOverride(trx, quiz, target, settings, req.user!.userId, now))
      .catch((error: unknown) => {
        throw taken(error, target);
      });
    reply.code(201);
    return ok((await listOverrides(app.db, quiz.id, id))[0], 'Override added');
  });

  app.put(
    '/quizzes/:id/overrides/:overrideId',
    { onRequest, schema: { tags, summary: 'Change an override (its student or group may stay the same)', params: overrideParams, body: overrideSchema } },
    async (req) => {
      const quiz = await manageableQuiz(app.db, req.user!, req.params.id);
      const existing = await findOverride(app.db, quiz.id, req.params.overrideId);
      if (!existing) throw notFound('Override not found');
      const { target, settings } = await checked(quiz, req.body, existing.id);
      await app.db
        .transaction()
        .execute((trx) => updateOverride(trx, quiz, existing, target, settings, Date.now()))
        .catch((error: unknown) => {
          throw taken(error, target);
        });
      return ok((await listOverrides(app.db, quiz.id, existing.id))[0], 'Override saved');
    },
  );

  app.delete('/quizzes/:id/overrides/:overrideId', { onRequest, schema: { tags, summary: 'Remove an override', params: overrideParams } }, async (req) => {
    const quiz = await manageableQuiz(app.db, req.user!, req.params.id);
    const existing = await findOverride(app.db, quiz.id, req.params.overrideId);
    if (!existing) throw notFound('Override not found');
    await app.db.transaction().execute((trx) => deleteOverride(trx, quiz, existing));
    return ok(null, 'Override removed');
  });

  app.get('/quizzes/:id/effective/:studentId', { onRequest, schema: { tags, summary: "A student's effective settings of the quiz and where each comes from", params: studentParams } }, async (req) => {
    const quiz = await manageableQuiz(app.db, req.user!, req.params.id);
    if (!(await isStudentOf(app.db, req.params.studentId, quiz.department_id))) {
      throw new AppError(404, 'This student is not in the quiz’s department', 'NOT_FOUND');
    }
    const effective = await effectiveFor(app.db, quiz, req.params.studentId);
    return ok({
      valid_from: iso(effective.valid_from),
      valid_to: iso(effective.valid_to),
      duration: effective.duration,
      attempts_allowed: effective.attempts_allowed,
      source: effective.source,
    });
  });
};

export default quizOverrideRoutes;
