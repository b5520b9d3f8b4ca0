import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../lib/envelope';
import { analysableQuiz, type AnalysedQuiz } from '../analysis/access';
import { markAnswerByHand, questionGradingSheet } from '../analysis/handGrading';
import { commentToStore, gradingCommentSchema, gradingMarksSchema } from '../../src/schemas/answers';
import { loadQuizReport } from '../analysis/report';
import { reportCsv, reportWorkbook } from '../analysis/export';
import { subjectAttainment } from '../analysis/subjectAttainment';
import { sweepExpiredAttempts } from '../exam/attempts';
import { STATISTICS_ATTEMPTS, STATISTICS_ATTEMPTS_MESSAGE } from '../../src/schemas/statistics';

const id = z.coerce.number().int().positive().max(2 ** 31 - 1);
const quizParams = z.object({ id });

const fileName = (quiz: AnalysedQuiz) => quiz.name.replace(/[^\w-]+/g, '-').slice(0, 60) || 'quiz';

/**
 * Quiz analysis: item statistics with Moodle's definitions, course-outcome attainment per module
 * and per student, the report's export, grading answers by hand question by question, and a
 * subject's attainment across its quizzes.
 */
const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.requireRole('TEACHER', 'DEPARTMENT-HEAD', 'INSTITUTE-HEAD');
  const teacher = app.requireRole('TEACHER');
  const tags = ['analysis'];

  /** Which attempts the item and test statistics use, as Moodle's report: each student's first (default), highest or last, or all. */
  const attemptsQuery = z.object({ attempts: z.enum(STATISTICS_ATTEMPTS, { error: STATISTICS_ATTEMPTS_MESSAGE }).default('first') });

  app.get(
    '/quizzes/:id/statistics',
    { onRequest: readers, schema: { tags, summary: "A quiz's item analysis and course-outcome attainment", params: quizParams, querystring: attemptsQuery } },
    async (req) => {
      const quiz = await analysableQuiz(app.db, req.user!, req.params.id);
      await sweepExpiredAttempts(app, Date.now(), quiz.id);
      return ok(await loadQuizReport(app.db, quiz, req.query.attempts));
    },
  );

  app.get(
    '/quizzes/:id/statistics/export',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'The whole report as .xlsx (a sheet per table) or CSV',
        params: quizParams,
        querystring: attemptsQuery.extend({ format: z.enum(['xlsx', 'csv'], { error: 'format must be xlsx or csv' }).default('xlsx') }),
      },
    },
    async (req, reply) => {
      const quiz = await analysableQuiz(app.db, req.user!, req.params.id);
      await sweepExpiredAttempts(app, Date.now(), quiz.id);
      const report = await loadQuizReport(app.db, quiz, req.query.attempts);
      const base = `analysis-${fileName(quiz)}`;
      if (req.query.format === 'csv') {
        return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${base}.csv"`).send(`\ufeff${reportCsv(report)}`);
      }
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${base}.xlsx"`)
        .send(reportWorkbook(report));
    },
  );

  /** Every submitted answer to one question, for grading by hand one student after another. */
  app.get(
    '/quizzes/:id/grading/:questionId',
    { onRequest: teacher, schema: { tags, summary: "Every student's answer to one question, for grading", params: quizParams.extend({ questionId: id }) } },
    async (req) => {
      const quiz = await analysableQuiz(app.db, req.user!, req.params.id);
      return ok(await questionGradingSheet(app.db, quiz, req.params.questionId));
    },
  );

  app.put(
    '/quizzes/:id/attempts/:attemptId/answers/:questionId/mark',
    {
      onRequest: teacher,
      schema: {
        tags,
        summary: 'Set the marks (and a comment) of one answer by hand; grading again keeps them',
        params: quizParams.extend({ attemptId: id, questionId: id }),
        body: z.object({
          marks: gradingMarksSchema,
          comment: gradingCommentSchema,
        }),
      },
    },
    async (req) => {
      const quiz = await analysableQuiz(app.db, req.user!, req.params.id);
      const comment = commentToStore(req.body.comment);
      const graded = await markAnswerByHand(app.db, quiz, { attemptId: req.params.attemptId, questionId: req.params.questionId, marks: req.body.marks, comment });
      return ok({ score: graded.score, maxScore: graded.max_score, pending: graded.pending === 1, marks: req.body.marks, ...(comment === undefined ? {} : { comment }) }, 'Marks saved');
    },
  );

  app.get(
    '/subjects/:id/attainment',
    { onRequest: teacher, schema: { tags, summary: "A subject's course-outcome attainment across the teacher's quizzes, with the trend", params: quizParams } },
    // Each quiz's expired attempts are closed before its figures are read, so they count.
    async (req) => ok(await subjectAttainment(app.db, req.user!, req.params.id, (quizId) => sweepExpiredAttempts(app, Date.now(), quizId))),
  );
};

export default analysisRoutes;
