import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { newToken } from '../auth/tokens';
import { buildPaper } from '../exam/paper';
import { closeAttempt, deadlineOf, loadQuiz, paperConfigOf, paperOf, quizOptions, regradeAttempt, sweepExpiredAttempts } from '../exam/attempts';
import { AppError, badRequest, notFound } from '../lib/errors';
import { ok } from '../lib/envelope';
import { writeWorkbook } from '../upload/workbook';
import { EXAM_LINK_PARAM } from '../exam/links';
import { baseUrlOf } from '../integrity/sebProof';
import { modelAnswersOf } from '../analysis/handGrading';
import { effectiveForStudents, latestCloseOf } from '../exam/effective';
import { groupNames } from '../quizzes/overrides';
import { commentToStore, gradingCommentSchema, gradingMarksSchema } from '../../src/schemas/answers';
import {
  accommodationsOf,
  answersOf,
  attemptAtQuiz,
  attemptQuiz,
  attemptsByStudent,
  attemptsOfQuiz,
  gradeAnswer,
  groupMembers,
  hasAnswer,
  liveExamTokens,
  moveDeadline,
  replaceExamToken,
  setExtraMinutes,
  setGuestToken,
  studentNames,
} from '../quizzes/manage';

const quizParams = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });
const studentParams = quizParams.extend({ studentId: z.coerce.number().int().positive().max(2 ** 31 - 1) });
const attemptParams = quizParams.extend({ attemptId: z.coerce.number().int().positive().max(2 ** 31 - 1) });

export type ParticipantState = 'not_started' | 'in_progress' | 'submitted';

/**
 * The base of links handed to students (exam links, the guest link, the exam-link sheet), built as
 * the Safe Exam Browser links are: PUBLIC_URL, or else the address the teacher's own browser used.
 * Nothing built here is mailed by the server (mailed links use PUBLIC_URL only, see lib/publicUrl.ts).
 * The participants answer carries it, so the manage page can say when it is not the browser's own.
 */
export const originOf = (req: FastifyRequest) => baseUrlOf(req, req.server.config.PUBLIC_URL);

/**
 * A teacher's tools for one of their quizzes: participants and their state, exam links
 * (one student's token each; regenerating revokes the old one), a guest link, extra time,
 * closing an attempt, the preview with answers, and grading descriptive answers.
 */
const quizManageRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requireRole('TEACHER');
  const tags = ['quiz management'];

  /** The caller's own quiz, or 404 (another teacher's quiz is not theirs to manage). */
  async function ownQuiz(req: FastifyRequest, id: number) {
    const quiz = await loadQuiz(app.db, id);
    if (!quiz || quiz.created_by !== req.user!.userId) throw notFound('Quiz not found');
    return quiz;
  }

  async function participants(req: FastifyRequest, quizId: number) {
    const quiz = await ownQuiz(req, quizId);
    const now = Date.now();
    await sweepExpiredAttempts(app, now, quizId);
    const members = quiz.group_id ? await groupMembers(app.db, quiz.group_id) : [];
    const attempts = await attemptsOfQuiz(app.db, quizId);
    const tokens = await liveExamTokens(app.db, quizId, now);
    const extra = await accommodationsOf(app.db, quizId);
    const byStudent = attemptsByStudent(attempts, quiz.grading_method);
    const tokenOf = new Map(tokens.map((t) => [t.user_id, t.token]));
    const extraOf = new Map(extra.map((e) => [e.student_id, e.extra_minutes]));
    // Guests who took the quiz through the guest link are listed after the group's students.
    const people = [
      ...members,
      ...[...byStudent.values()].map((s) => s.latest).filter((a) => !members.some((m) => m.id === a.student_id)).map((a) => ({ id: a.student_id, username: a.username, fullname: a.fullname, email: a.email })),
    ];
    const origin = originOf(req);
    const effective = await effectiveForStudents(app.db, quiz, people.map((p) => p.id));
    // The names of the groups whose overrides set a participant's setting, for the sources shown.
    const sourceGroups = [...new Set([...effective.values()].flatMap((e) => Object.values(e.source)).filter((s) => s.startsWith('group:')).map((s) => Number(s.slice(6))))];
    const overrideGroups = await groupNames(app.db, sourceGroups);
    return {
      quiz,
      origin,
      overrideGroups,
      rows: people.map((p) => {
        const settings = effective.get(p.id)!;
        const own = byStudent.get(p.id);
        // The latest attempt: the running one, or the last finished.
        const attempt = own?.latest;
        const state: ParticipantState = !attempt ? 'not_started' : attempt.status === 'in_progress' ? 'in_progress' : 'submitted';
        const token = tokenOf.get(p.id);
        return {
          id: p.id,
          username: p.username,
          fullname: p.fullname,
          email: p.email,
          state,
          extraMinutes: extraOf.get(p.id) ?? 0,
          /** The student's own window, duration and attempts (overrides applied), epoch ms, and where each comes from. */
          effective: { validFrom: settings.valid_from, validTo: settings.valid_to, duration: settings.duration, attemptsAllowed: settings.attempts_allowed, source: settings.source },
          examLink: token ? `${origin}/?${EXAM_LINK_PARAM}=${encodeURIComponent(token)}` : null,
          attempt: attempt
            ? { id: attempt.id, number: attempt.attempt_no, startedAt: attempt.started_at, deadline: attempt.deadline, submittedAt: attempt.submitted_at, score: attempt.score, maxScore: attempt.max_score, pending: attempt.pending === 1, closedBy: attempt.closed_by }
            : null,
          attemptsUsed: own?.attemptsUsed ?? 0,
          attemptsAllowed: settings.attempts_allowed,
          /** The quiz grade by the grading method (marks), or null before a finished attempt. */
          grade: own?.grade ?? null,
          /** Every attempt, first to last, each with its own id for the teacher's actions. */
          attempts: own?.attempts ?? [],
        };
      }),
    };
  }

  app.get('/quizzes/:id/participants', { onRequest, schema: { tags, summary: 'Participants, their state and exam links', params: quizParams } }, async (req) => {
    const { quiz, origin, rows, overrideGroups } = await participants(req, req.params.id);
    const guestLink = quiz.guest_token && quizOptions(quiz).guest_flag ? `${origin}/guest/${quiz.guest_token}` : null;
    return ok({ participants: rows, guestLink, linkBase: origin, overrideGroups, serverTime: Date.now() });
  });

  /** Issues a token for every participant without a live one (or, with studentId, a new one for that student: the old stops working). */
  async function issueTokens(req: FastifyRequest, quizId: number, studentId?: number) {
    const { quiz, rows } = await participants(req, quizId);
    const now = Date.now();
    // A link works until the student's own close (an override may give a later one than the quiz's).
    const latest = await latestCloseOf(app.db, quiz);
    if (!latest || latest <= now) throw new AppError(409, 'This quiz has closed: its exam links no longer work', 'CLOSED');
    const stillOpen = (r: (typeof rows)[number]) => r.effective.validTo !== null && r.effective.validTo > now;
    const targets = studentId === undefined ? rows.filter((r) => !r.examLink && r.state !== 'submitted' && stillOpen(r)) : rows.filter((r) => r.id === studentId);
    if (studentId !== undefined && targets.length === 0) throw notFound('This student does not take this quiz');
    if (studentId !== undefined && !stillOpen(targets[0])) throw new AppError(409, 'The quiz has closed for this student: a new link could not be used', 'CLOSED');
    await app.db.transaction().execute(async (trx) => {
      for (const target of targets) await replaceExamToken(trx, quizId, target.id, now, target.effective.validTo!);
    });
    return (await participants(req, quizId)).rows;
  }

  app.post('/quizzes/:id/exam-links', { onRequest, schema: { tags, summary: 'Generate exam links for every participant without one', params: quizParams } }, async (req) =>
    ok({ participants: await issueTokens(req, req.params.id) }, 'Exam links generated'),
  );

  app.post('/quizzes/:id/exam-links/:studentId', { onRequest, schema: { tags, summary: "Regenerate one student's exam link (the old one stops working)", params: studentParams } }, async (req) =>
    ok({ participants: await issueTokens(req, req.params.id, req.params.studentId) }, 'Exam link regenerated'),
  );

  app.get('/quizzes/:id/exam-links/export', { onRequest, schema: { tags, summary: 'Exam links as a spreadsheet', params: quizParams } }, async (req, reply) => {
    const { quiz, rows } = await participants(req, req.params.id);
    const sheet = writeWorkbook('Exam links', ['fullname', 'username', 'email', 'state', 'examLink'], rows.map((r) => [r.fullname, r.username, r.email ?? '', r.state, r.examLink ?? '']));
    const name = quiz.name.replace(/[^\w-]+/g, '-').slice(0, 60) || 'quiz';
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="exam-links-${name}.xlsx"`)
      .send(sheet);
  });

  app.post('/quizzes/:id/guest-link', { onRequest, schema: { tags, summary: 'Issue (or reissue) the quiz-wide guest link', params: quizParams } }, async (req) => {
    const quiz = await ownQuiz(req, req.params.id);
    if (!quizOptions(quiz).guest_flag) throw badRequest('Turn on guest access in the quiz options first', { options: 'Guest access is off' });
    const token = newToken();
    await setGuestToken(app.db, quiz.id, token);
    return ok({ guestLink: `${originOf(req)}/guest/${token}` }, 'Guest link issued');
  });

  app.delete('/quizzes/:id/guest-link', { onRequest, schema: { tags, summary: 'Revoke the guest link', params: quizParams } }, async (req) => {
    const quiz = await ownQuiz(req, req.params.id);
    await setGuestToken(app.db, quiz.id, null);
    return ok(null, 'Guest link revoked');
  });

  app.put(
    '/quizzes/:id/accommodations/:studentId',
    {
      onRequest,
      schema: {
        tags,
        summary: "Grant a student extra minutes (extends an attempt in progress, never past the student's own valid_to)",
        params: studentParams,
        body: z.object({ extraMinutes: z.number({ error: 'Enter the extra minutes' }).int('Enter whole minutes').min(0, 'Extra time cannot be negative').max(600, 'At most 600 extra minutes') }),
      },
    },
    async (req) => {
      const { quiz, rows } = await participants(req, req.params.id);
      const row = rows.find((r) => r.id === req.params.studentId);
      if (!row) throw notFound('This student does not take this quiz');
      const { extraMinutes } = req.body;
      await app.db.transaction().execute(async (trx) => {
        await setExtraMinutes(trx, quiz.id, row.id, extraMinutes);
        if (row.attempt && row.state === 'in_progress') {
          // The student's own duration and close (overrides applied), plus the extra minutes.
          await moveDeadline(trx, row.attempt.id, deadlineOf(row.attempt.startedAt, row.effective.duration ?? 0, extraMinutes, row.effective.validTo ?? row.attempt.startedAt));
        }
      });
      return ok({ participants: (await participants(req, quiz.id)).rows }, 'Extra time saved');
    },
  );

  app.post('/quizzes/:id/attempts/:attemptId/close', { onRequest, schema: { tags, summary: 'Close an attempt in progress now (it is graded with what was saved)', params: attemptParams } }, async (req) => {
    await ownQuiz(req, req.params.id);
    const attempt = await attemptQuiz(app.db, req.params.attemptId);
    if (!attempt || attempt.quiz_id !== req.params.id) throw notFound('Attempt not found');
    const closed = await closeAttempt(app.db, attempt.id, 'teacher');
    // Its exam-link sessions ended with it: every process forgets them at once.
    await app.sessions.forgetUser(closed.student_id);
    return ok({ participants: (await participants(req, req.params.id)).rows }, 'Attempt closed');
  });

  /** The paper exactly as a student sees it, with the answer key: fixed questions and one sample draw of the random rules. */
  app.get('/quizzes/:id/preview', { onRequest, schema: { tags, summary: 'Preview the paper with correct answers marked', params: quizParams } }, async (req) => {
    const quiz = await loadQuiz(app.db, req.params.id);
    if (!quiz || quiz.department_id !== req.user!.departmentId) throw notFound('Quiz not found');
    const config = await paperConfigOf(app.db, quiz);
    const { questions, shortfall } = await buildPaper(app.db, config);
    const totalMarks = questions.reduce((s, q) => s + q.marks, 0);
    const totalTime = questions.reduce((s, q) => s + q.timeRequired, 0);
    return ok({
      quiz: { id: quiz.id, name: quiz.name, duration: quiz.duration, negativeMarking: quizOptions(quiz).negative_marking === true, negativePenalty: quiz.negative_penalty },
      questions,
      totalMarks: Math.round(totalMarks * 100) / 100,
      totalTimeRequired: totalTime,
      shortfall,
      randomised: config.randomRules.length > 0 || config.shuffleQuestions || config.shuffleOptions,
    });
  });

  /** One attempt with the student's answers, for grading descriptive answers. */
  app.get('/quizzes/:id/attempts/:attemptId', { onRequest, schema: { tags, summary: "A student's attempt, for grading", params: attemptParams } }, async (req) => {
    await ownQuiz(req, req.params.id);
    const attempt = await attemptAtQuiz(app.db, req.params.id, req.params.attemptId);
    if (!attempt) throw notFound('Attempt not found');
    const answers = await answersOf(app.db, attempt.id);
    const byQuestion = new Map(answers.map((a) => [a.question_id, a]));
    const student = await studentNames(app.db, attempt.student_id);
    const paper = paperOf(attempt);
    const modelAnswers = await modelAnswersOf(app.db, paper.filter((q) => q.type === 'descriptive').map((q) => q.id));
    return ok({
      id: attempt.id,
      student,
      status: attempt.status,
      score: attempt.score,
      maxScore: attempt.max_score,
      pending: attempt.pending === 1,
      questions: paper.map((q) => {
        const a = byQuestion.get(q.id);
        return {
          ...q,
          response: a?.response ? JSON.parse(a.response) : null,
          marks: a?.marks ?? null,
          outcome: a?.outcome ?? 'unanswered',
          comment: a?.comment ?? null,
          ...(q.type === 'descriptive' ? { modelAnswer: modelAnswers.get(q.id) ?? null } : {}),
        };
      }),
    });
  });

  app.put(
    '/quizzes/:id/attempts/:attemptId/answers/:questionId/grade',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Grade a descriptive answer',
        params: attemptParams.extend({ questionId: z.coerce.number().int().positive() }),
        body: z.object({ marks: gradingMarksSchema.min(0, 'Marks cannot be negative'), comment: gradingCommentSchema }),
      },
    },
    async (req) => {
      await ownQuiz(req, req.params.id);
      const attempt = await attemptAtQuiz(app.db, req.params.id, req.params.attemptId);
      if (!attempt) throw notFound('Attempt not found');
      if (attempt.status !== 'submitted') throw new AppError(409, 'Grade an attempt after it is submitted', 'NOT_SUBMITTED');
      const question = paperOf(attempt).find((q) => q.id === req.params.questionId);
      if (!question) throw notFound('This question is not in the attempt');
      if (question.type !== 'descriptive') throw badRequest('Only descriptive answers are graded by hand', { marks: 'Only descriptive answers are graded by hand' });
      if (req.body.marks > question.marks) throw badRequest(`Invalid marks: at most ${question.marks}`, { marks: `At most ${question.marks}` });
      if (!(await hasAnswer(app.db, attempt.id, question.id))) throw badRequest('The student did not answer this question', { marks: 'Nothing to grade' });
      await gradeAnswer(app.db, attempt.id, question.id, req.body.marks, commentToStore(req.body.comment));
      const graded = await regradeAttempt(app.db, attempt.id);
      return ok({ score: graded.score, maxScore: graded.max_score, pending: graded.pending === 1 }, 'Marks saved');
    },
  );
};

export default quizManageRoutes;
