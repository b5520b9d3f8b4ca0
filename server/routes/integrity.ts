import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import * as XLSX from '@e965/xlsx';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../lib/errors';
import { ok } from '../lib/envelope';
import { neutralizeCell, writeWorkbook } from '../upload/workbook';
import { SAVE_GRACE_MS } from '../exam/attempts';
import { integrityBatchSchema } from '../../src/schemas/integrity';
import { assertStudentOfTeachersQuiz, cameraWaiversOfTeachersQuiz, grantCameraWaiver, withdrawCameraWaiver } from '../integrity/cameraWaivers';
import { studentMayTake, studentsAttemptTimes, teachersIntegrityQuiz } from '../integrity/access';
import { assertEventsWithinAttempt, storeEvents } from '../integrity/events';
import { examIntegrity } from '../integrity/examIntegrity';
import { downloadKeyOf, sebRequired, type IntegrityQuiz } from '../integrity/sebGate';
import { sebFileName, sebLink } from '../integrity/sebConfig';
import { attemptTimeline, integrityExportTable, integritySummary, readableQuiz, SORTABLE, sortRows } from '../integrity/views';

const id = z.coerce.number().int().positive().max(2 ** 31 - 1);
const quizParams = z.object({ id });
const READERS = ['TEACHER', 'DEPARTMENT-HEAD', 'INSTITUTE-HEAD'] as const;

const sameHex = (a: string, b: string) => a.length === b.length && /^[0-9a-f]+$/i.test(a) && timingSafeEqual(Buffer.from(a.toLowerCase(), 'hex'), Buffer.from(b, 'hex'));

/**
 * Exam integrity: the quiz's Safe Exam Browser configuration (teacher and students), the
 * attempt's integrity events (the exam page), and the teacher's integrity table and timeline.
 */
const integrityRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['integrity'];
  const integrity = examIntegrity(app);
  const gate = integrity.gate;

  async function sendSeb(req: FastifyRequest, reply: FastifyReply, quiz: IntegrityQuiz) {
    if (!sebRequired(quiz)) throw new AppError(409, 'This quiz does not use Safe Exam Browser', 'SEB_OFF');
    const { xml, configKey } = await gate.config(quiz, req);
    return reply
      .header('content-type', 'application/seb')
      .header('content-disposition', `attachment; filename="${sebFileName(quiz.name)}"`)
      .header('cache-control', 'no-store')
      .send(xml);
  }

  app.get('/quizzes/:id/seb', { onRequest: app.requireRole('TEACHER'), schema: { tags, summary: "The quiz's Safe Exam Browser configuration (.seb)", params: quizParams } }, async (req, reply) => {
    const quiz = await teachersIntegrityQuiz(app.db, req.user!.userId, req.params.id);
    return sendSeb(req, reply, quiz);
  });

  /** The links a teacher hands out: the download and the sebs:// link that opens it in SEB. */
  app.get('/quizzes/:id/seb/links', { onRequest: app.requireRole('TEACHER'), schema: { tags, summary: 'Links to the Safe Exam Browser configuration', params: quizParams } }, async (req) => {
    const quiz = await teachersIntegrityQuiz(app.db, req.user!.userId, req.params.id);
    if (!sebRequired(quiz)) throw new AppError(409, 'This quiz does not use Safe Exam Browser', 'SEB_OFF');
    const { configKey } = await gate.config(quiz, req);
    const url = `${gate.baseOf(req)}/api/student/quizzes/${quiz.id}/seb?key=${downloadKeyOf(configKey)}`;
    return ok({ configKey, downloadUrl: url, sebLink: sebLink(url) });
  });

  const requireStudent = app.requireRole('STUDENT');
  app.get(
    '/student/quizzes/:quizId/seb',
    {
      schema: {
        tags,
        summary: "The quiz's Safe Exam Browser configuration (.seb): with the student's session, or the key of the sebs:// link",
        params: z.object({ quizId: id }),
        querystring: z.object({ key: z.string().max(128).optional() }),
      },
    },
    async (req, reply) => {
      const quiz = await gate.quiz(req.params.quizId);
      if (req.query.key !== undefined) {
        // SEB downloads a sebs:// link without the student's session: the key stands for it.
        if (!quiz || !sebRequired(quiz)) throw notFound('Quiz not found');
        const { configKey } = await gate.config(quiz, req);
        if (!sameHex(req.query.key, downloadKeyOf(configKey))) throw notFound('Quiz not found');
        return sendSeb(req, reply, quiz);
      }
      await requireStudent(req, reply);
      if (!quiz || !(await studentMayTake(app.db, req.user!.userId, quiz.id))) throw notFound('Quiz not found');
      return sendSeb(req, reply, quiz);
    },
  );

  app.post(
    '/student/attempts/:attemptId/events',
    {
      onRequest: requireStudent,
      // A batch is at most 200 small events: a larger body is refused before it is parsed.
      bodyLimit: 256 * 1024,
      schema: { tags, summary: 'Record integrity events (idempotent by event id)', params: z.object({ attemptId: id }), body: integrityBatchSchema },
    },
    async (req) => {
      const now = Date.now();
      const attempt = await studentsAttemptTimes(app.db, req.user!.userId, req.params.attemptId);
      await integrity.attempt(req, attempt.quiz_id, attempt.id);
      if (now > Number(attempt.deadline) + SAVE_GRACE_MS) throw new AppError(409, 'The time for this exam is over', 'TIME_OVER');
      const events = req.body.events;
      assertEventsWithinAttempt(events, Number(attempt.started_at), now);
      const result = await storeEvents(app.db, attempt.id, events, now);
      return ok({ ...result, serverTime: now }, 'Events recorded');
    },
  );

  const readers = app.requireRole(...READERS);

  app.get(
    '/quizzes/:id/integrity',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'The integrity record of every attempt: counts by type, time away, camera consent, SEB status, flag',
        params: quizParams,
        querystring: z.object({
          sort: z.enum(SORTABLE, { error: `sort must be one of ${SORTABLE.join(', ')}` }).default('fullname'),
          order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('asc'),
          flagged: z.enum(['true', 'false'], { error: 'flagged must be true or false' }).optional(),
        }),
      },
    },
    async (req) => {
      const quiz = await readableQuiz(app.db, req.user!, req.params.id);
      let rows = sortRows(await integritySummary(app.db, quiz), req.query.sort, req.query.order);
      if (req.query.flagged === 'true') rows = rows.filter((r) => r.flagged);
      return ok({ quiz: { id: quiz.id, name: quiz.name, ...integrity.settingsOf(quiz) }, rows });
    },
  );

  app.get(
    '/quizzes/:id/attempts/:attemptId/events',
    { onRequest: readers, schema: { tags, summary: "One attempt's timeline: its events and answer saves", params: quizParams.extend({ attemptId: id }) } },
    async (req) => {
      await readableQuiz(app.db, req.user!, req.params.id);
      return ok(await attemptTimeline(app.db, req.params.id, req.params.attemptId));
    },
  );

  app.get(
    '/quizzes/:id/integrity/export',
    {
      onRequest: readers,
      schema: { tags, summary: 'Every integrity event of the quiz as CSV or XLSX', params: quizParams, querystring: z.object({ format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx' }).default('csv') }) },
    },
    async (req, reply) => {
      const quiz = await readableQuiz(app.db, req.user!, req.params.id);
      const { header, rows } = await integrityExportTable(app.db, quiz.id);
      const name = `integrity-${quiz.name.replace(/[^\w-]+/g, '-').slice(0, 60) || 'quiz'}`;
      if (req.query.format === 'xlsx') {
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${name}.xlsx"`)
          .send(writeWorkbook('Integrity events', header, rows));
      }
      const csv = XLSX.utils.sheet_to_csv(XLSX.utils.aoa_to_sheet([header, ...rows.map((r) => r.map(neutralizeCell))]));
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`).send(`${csv}\n`);
    },
  );

  /** Let a named student take a face-detection quiz without a camera (an accommodation, recorded with the attempt). */
  const waiverParams = quizParams.extend({ studentId: id });
  app.put('/quizzes/:id/camera-waivers/:studentId', { onRequest: app.requireRole('TEACHER'), schema: { tags, summary: 'Let a student take the quiz without a camera', params: waiverParams } }, async (req) => {
    await assertStudentOfTeachersQuiz(app.db, req.user!.userId, req.params.id, req.params.studentId);
    await grantCameraWaiver(app.db, req.params.id, req.params.studentId, req.user!.userId, Date.now());
    return ok({ studentId: req.params.studentId, cameraWaived: true }, 'The student may take this quiz without a camera');
  });
  app.delete('/quizzes/:id/camera-waivers/:studentId', { onRequest: app.requireRole('TEACHER'), schema: { tags, summary: 'Withdraw a camera waiver', params: waiverParams } }, async (req) => {
    await assertStudentOfTeachersQuiz(app.db, req.user!.userId, req.params.id, req.params.studentId);
    await withdrawCameraWaiver(app.db, req.params.id, req.params.studentId);
    return ok({ studentId: req.params.studentId, cameraWaived: false }, 'Camera waiver withdrawn');
  });
  app.get('/quizzes/:id/camera-waivers', { onRequest: app.requireRole('TEACHER'), schema: { tags, summary: 'Students who may take the quiz without a camera', params: quizParams } }, async (req) => {
    return ok(await cameraWaiversOfTeachersQuiz(app.db, req.user!.userId, req.params.id));
  });
};

export default integrityRoutes;
