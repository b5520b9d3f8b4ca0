import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionUser } from '../auth/sessions';
import { loadQuiz, markingOf, paperOf, regradeAttempt } from '../exam/attempts';
import { AppError, badRequest, notFound } from '../lib/errors';
import { ok } from '../lib/envelope';
import { loadQuizReport } from '../analysis/report';
import { reportCsv, reportWorkbook } from '../analysis/export';
import { subjectAttainment } from '../analysis/subjectAttainment';

const id = z.coerce.number().int().positive().max(2 ** 31 - 1);
const quizParams = z.object({ id });

type Quiz = NonNullable<Awaited<ReturnType<typeof loadQuiz>>>;

/** Who may read a quiz's analysis: its teacher, and the heads of its department and of its institute. */
export function mayAnalyse(user: SessionUser, quiz: Pick<Quiz, 'created_by' | 'department_id' | 'institute_id'>): boolean {
  switch (user.role) {
    case 'TEACHER':
      return quiz.created_by === user.userId;
    case 'DEPARTMENT-HEAD':
      return quiz.department_id !== null && quiz.department_id === user.departmentId;
    case 'INSTITUTE-HEAD':
      return quiz.institute_id !== null && quiz.institute_id === user.instituteId;
    default:
      return false;
  }
}

const fileName = (quiz: Quiz) => quiz.name.replace(/[^\w-]+/g, '-').slice(0, 60) || 'quiz';

/**
 * Quiz analysis: item statistics with Moodle's definitions, course-outcome attainment per module
 * and per student, the report's export, grading answers by hand question by question, and a
 * subject's attainment across its quizzes.
 */
const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.requireRole('TEACHER', 'DEPARTMENT-HEAD', 'INSTITUTE-HEAD');
  const teacher = app.requireRole('TEACHER');
  const tags = ['analysis'];

  /** The quiz if the caller may analyse it; 404 otherwise (another tenant's quiz is not there for them). */
  async function readableQuiz(user: SessionUser, quizId: number): Promise<Quiz> {
    const quiz = await loadQuiz(app.db, quizId);
    if (!quiz || !mayAnalyse(user, quiz)) throw notFound('Quiz not found');
    return quiz;
  }

  app.get('/quizzes/:id/statistics', { onRequest: readers, schema: { tags, summary: "A quiz's item analysis and course-outcome attainment", params: quizParams } }, async (req) => {
    const quiz = await readableQuiz(req.user!, req.params.id);
    return ok(await loadQuizReport(app.db, quiz));
  });

  app.get(
    '/quizzes/:id/statistics/export',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'The whole report as .xlsx (a sheet per table) or CSV',
        params: quizParams,
        querystring: z.object({ format: z.enum(['xlsx', 'csv'], { error: 'format must be xlsx or csv' }).default('xlsx') }),
      },
    },
    async (req, reply) => {
      const quiz = await readableQuiz(req.user!, req.params.id);
      const report = await loadQuizReport(app.db, quiz);
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
      const quiz = await readableQuiz(req.user!, req.params.id);
      // Without random rules every paper has the same questions: one paper is read, not each one.
      const drawn = quiz.random_rules ? (JSON.parse(quiz.random_rules) as unknown[]).length > 0 : false;
      const attempts = await app.db
        .selectFrom('attempts')
        .innerJoin('users', 'users.id', 'attempts.student_id')
        .leftJoin('answers', (j) => j.onRef('answers.attempt_id', '=', 'attempts.id').on('answers.question_id', '=', req.params.questionId))
        .select(['attempts.id', 'attempts.submitted_at', 'users.id as studentId', 'users.fullname', 'users.username', 'answers.response', 'answers.marks', 'answers.outcome', 'answers.comment', 'answers.manual'])
        .$if(drawn, (q) => q.select('attempts.paper'))
        .where('attempts.quiz_id', '=', quiz.id)
        .where('attempts.status', '=', 'submitted')
        .orderBy('users.fullname')
        .orderBy('attempts.id')
        .execute();
      const shared = !drawn && attempts.length ? paperOf(await app.db.selectFrom('attempts').select('paper').where('id', '=', attempts[0].id).executeTakeFirstOrThrow()) : undefined;
      let question: ReturnType<typeof paperOf>[number] | undefined;
      const answers = attempts.flatMap((a) => {
        const q = (shared ?? paperOf(a as { paper: string })).find((p) => p.id === req.params.questionId);
        if (!q) return [];
        question ??= q;
        return [
          {
            attemptId: a.id,
            studentId: a.studentId,
            name: a.fullname,
            username: a.username,
            submittedAt: a.submitted_at,
            response: a.response ? JSON.parse(a.response) : null,
            marks: a.marks,
            outcome: a.outcome ?? 'unanswered',
            comment: a.comment ?? null,
            manual: a.manual === 1,
            pending: a.outcome === 'pending',
          },
        ];
      });
      if (!question) throw notFound('No submitted attempt has this question');
      const { key, ...shown } = question;
      const marking = markingOf(quiz);
      return ok({
        // `key`: the whole answer key of the paper (every option's weight and feedback, every short or
        // numeric answer, the pairs and gaps), which the grading screen shows beside each answer.
        question: { ...shown, correctOptions: key.correctOptions, correctBool: key.correctBool, numericValue: key.numericValue, numericTolerance: key.numericTolerance, acceptedAnswers: key.acceptedAnswers, key },
        minMarks: marking.negativeMarking ? -Math.round(marking.penalty * question.marks * 100) / 100 : 0,
        answers,
      });
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
          marks: z.number({ error: 'Enter the marks' }).finite('Enter the marks'),
          comment: z.string({ error: 'The comment must be text' }).trim().max(2000, 'The comment must be at most 2000 characters').nullable().optional(),
        }),
      },
    },
    async (req) => {
      const quiz = await readableQuiz(req.user!, req.params.id);
      const attempt = await app.db.selectFrom('attempts').selectAll().where('id', '=', req.params.attemptId).where('quiz_id', '=', quiz.id).executeTakeFirst();
      if (!attempt) throw notFound('Attempt not found');
      if (attempt.status !== 'submitted') throw new AppError(409, 'Grade an attempt after it is submitted', 'NOT_SUBMITTED');
      const question = paperOf(attempt).find((q) => q.id === req.params.questionId);
      if (!question) throw notFound('This question is not in the attempt');
      const marking = markingOf(quiz);
      const min = marking.negativeMarking ? -Math.round(marking.penalty * question.marks * 100) / 100 : 0;
      if (req.body.marks > question.marks) throw badRequest(`Invalid marks: at most ${question.marks}`, { marks: `At most ${question.marks}` });
      if (req.body.marks < min) throw badRequest(`Invalid marks: at least ${min}`, { marks: `At least ${min}` });
      const comment = req.body.comment ? req.body.comment : null;
      const now = Date.now();
      await app.db
        .insertInto('answers')
        .values({ attempt_id: attempt.id, question_id: question.id, response: null, seq: 0, saved_at: now, outcome: 'graded', marks: req.body.marks, comment, manual: 1 })
        .onConflict((oc) => oc.columns(['attempt_id', 'question_id']).doUpdateSet({ outcome: 'graded', marks: req.body.marks, comment, manual: 1 }))
        .execute();
      const graded = await regradeAttempt(app.db, attempt.id);
      return ok({ score: graded.score, maxScore: graded.max_score, pending: graded.pending === 1, marks: req.body.marks, comment }, 'Marks saved');
    },
  );

  app.get(
    '/subjects/:id/attainment',
    { onRequest: teacher, schema: { tags, summary: "A subject's course-outcome attainment across the teacher's quizzes, with the trend", params: quizParams } },
    async (req) => ok(await subjectAttainment(app.db, req.user!, req.params.id)),
  );
};

export default analysisRoutes;
