import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionUser } from '../auth/sessions';
import {
  closeAttempt,
  extraMinutesOf,
  findAttemptState,
  loadQuiz,
  paperConfigOf,
  paperOf,
  quizOptions,
  SAVE_GRACE_MS,
  startAttempt,
  type AttemptRow,
  type AttemptState,
  type QuizRow,
} from '../exam/attempts';
import { paperSourceOf, studentView, type PaperQuestion } from '../exam/paper';
import { QuizMemo } from '../exam/quizMemo';
import { responseProblem, type ResponseShape } from '../../src/schemas/answers';
import { SaveBatcher } from '../exam/saveBatcher';
import { AppError, notFound } from '../lib/errors';
import { START_BLOCK_TEXT, type StartRefusalReason } from '../../src/schemas/examStart';
import { ok } from '../lib/envelope';
import { examIntegrity, integritySettingsOf } from '../integrity/examIntegrity';
import { attemptAnalysis } from '../exam/attemptAnalysis';
import { quizSummaries } from '../exam/quizSummary';
import {
  attemptHistory,
  attemptOfStudent,
  attemptOwnerAndPaper,
  attemptStatesOf,
  attemptStatus,
  quizzesOfStudent,
  savedAnswer,
  savedAnswers,
} from '../exam/studentQueries';

const id = z.coerce.number().int().positive().max(2 ** 31 - 1);
type Quiz = NonNullable<QuizRow>;

/** What a save needs to know of an attempt that never changes once it started: its owner, and its questions' types and options. */
interface AttemptFacts {
  studentId: number;
  quizId: number;
  paper: Map<number, ResponseShape>;
}

/**
 * A process may keep these in memory (per app, since each app has its own database), so a save
 * reads nothing before its batch: the batch itself checks status and deadline, which do change.
 */
function attemptFactsCache(db: Kysely<Database>) {
  const cache = new Map<number, AttemptFacts>();
  return async (attemptId: number): Promise<AttemptFacts | undefined> => {
    const cached = cache.get(attemptId);
    if (cached) return cached;
    const row = await attemptOwnerAndPaper(db, attemptId);
    if (!row) return undefined;
    const paper = new Map(paperOf(row).map((q) => [q.id, { type: q.type, ...(q.options ? { options: q.options.map((o) => ({ id: o.id })) } : {}), ...responseIdsOf(q) }]));
    // A few kB per attempt (no question texts): 20,000 attempts stay well under 100 MB.
    if (cache.size >= 20_000) cache.delete(cache.keys().next().value!);
    const facts = { studentId: row.student_id, quizId: row.quiz_id, paper };
    cache.set(attemptId, facts);
    return facts;
  };
}

/** The ids a matching or Cloze response may use (stems, choices, gaps and their options). */
function responseIdsOf(q: PaperQuestion): Partial<ResponseShape> {
  const ids = (list: { id: string }[]) => list.map((x) => ({ id: x.id }));
  return {
    ...(q.stems ? { stems: ids(q.stems) } : {}),
    ...(q.choices ? { choices: ids(q.choices) } : {}),
    ...(q.gaps ? { gaps: q.gaps.map((g) => ({ n: g.n, kind: g.kind, ...(g.options ? { options: ids(g.options) } : {}) })) } : {}),
  };
}

/** A start refused for one of the server's own reasons: the words the instruction page shows for it, and the reason. */
const startRefused = (reason: StartRefusalReason, code: string) => new AppError(409, START_BLOCK_TEXT[reason].message, code, { reason });

/**
 * A SEB refusal of the instructions names the quiz (its name, window and duration, as the quiz
 * list already shows them), so the page explaining SEB says which quiz it is about.
 */
function namingTheQuiz(error: unknown, quiz: Quiz, extraMinutes: number): unknown {
  if (!(error instanceof AppError) || error.code !== 'SEB_REQUIRED') return error;
  const named = { name: quiz.name, validFrom: quiz.valid_from, validTo: quiz.valid_to, duration: quiz.duration, extraMinutes };
  return new AppError(error.statusCode, error.message, error.code, { ...(error.data as object), quiz: named });
}

const submitted = () => new AppError(409, 'This exam has been submitted; answers can no longer change', 'SUBMITTED');
const timeOver = () => new AppError(409, 'The time for this exam is over', 'TIME_OVER');

/**
 * The student's side of an exam (the student exam API under /api/student). The server is the
 * only clock: every answer carries serverTime, and the deadline decides what is accepted.
 */
const studentExamRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requireRole('STUDENT');
  const tags = ['exam'];
  const attemptFacts = attemptFactsCache(app.db);
  const batcher = new SaveBatcher(app.db);
  // On shutdown the pending batch is committed before the database closes.
  app.addHook('onClose', () => batcher.drain());
  const integrity = examIntegrity(app);

  const myQuizzes = (user: SessionUser) => quizzesOfStudent(app.db, user);

  async function myQuiz(user: SessionUser, quizId: number): Promise<Quiz> {
    const quiz = await myQuizzes(user).where('q.id', '=', quizId).executeTakeFirst();
    if (!quiz) throw notFound('Quiz not found');
    return quiz as Quiz;
  }

  /** Closing an attempt ends its exam-link sessions (in the database): this process forgets them at once. */
  async function closedBy(user: SessionUser, attempt: AttemptRow): Promise<AttemptRow> {
    await app.sessions.forgetUser(user.userId);
    return attempt;
  }

  async function myAttempt(user: SessionUser, attemptId: number): Promise<AttemptRow> {
    const attempt = await attemptOfStudent(app.db, attemptId, user.userId);
    if (!attempt) throw notFound('Attempt not found');
    // The browser may be gone: past the deadline and its grace, the server closes the attempt itself.
    if (attempt.status === 'in_progress' && Date.now() > attempt.deadline + SAVE_GRACE_MS) return await closedBy(user, await closeAttempt(app.db, attempt.id, 'deadline'));
    return attempt;
  }

  /** What the quiz's papers are drawn from: shared by the students who start it in the same few seconds. */
  const drawFrom = new QuizMemo(async (quiz) => {
    const config = await paperConfigOf(app.db, quiz as Quiz);
    return { config, source: await paperSourceOf(app.db, config) };
  });

  /**
   * A double click, or two tabs, send two starts at once: in this process they share one paper
   * being built (across processes the unique index still decides).
   */
  const starting = new Map<string, Promise<AttemptRow>>();
  function startOnce(quiz: Quiz, studentId: number, now: number): Promise<AttemptRow> {
    const key = `${quiz.id}:${studentId}`;
    let pending = starting.get(key);
    if (!pending) {
      pending = drawFrom.get(quiz).then((from) => startAttempt(app.db, quiz, studentId, now, from));
      starting.set(key, pending);
      void pending.finally(() => starting.delete(key)).catch(() => {});
    }
    return pending;
  }

  const summaryOf = quizSummaries(app.db, drawFrom);

  const attemptBrief = (a: AttemptState | undefined) =>
    a ? { id: a.id, status: a.status, deadline: a.deadline, startedAt: a.started_at, submittedAt: a.submitted_at, score: a.score, maxScore: a.max_score, pending: a.pending === 1 } : null;

  app.get(
    '/student/quizzes',
    { onRequest, schema: { tags, summary: "The student's upcoming or available quizzes", querystring: z.object({ state: z.enum(['upcoming', 'available'], { error: 'state must be upcoming or available' }) }) } },
    async (req) => {
      const user = req.user!;
      const now = Date.now();
      let q = myQuizzes(user);
      q = req.query.state === 'upcoming'
        ? q.where('q.visible_from', '<=', now).where('q.valid_from', '>', now).orderBy('q.valid_from')
        : q.where('q.valid_from', '<=', now).where('q.valid_to', '>', now).orderBy('q.valid_to');
      const quizzes = (await q.limit(200).execute()) as Quiz[];
      const attempts = quizzes.length
        ? await attemptStatesOf(app.db, user.userId, quizzes.map((z) => z.id))
        : [];
      const attemptOf = new Map(attempts.map((a) => [a.quiz_id, a]));
      const list = [];
      for (const quiz of quizzes) {
        const attempt = attemptOf.get(quiz.id);
        // Available means not yet submitted; an attempt in progress shows Resume.
        if (req.query.state === 'available' && attempt && (attempt.status === 'submitted' || now > attempt.deadline + SAVE_GRACE_MS)) continue;
        list.push({ ...(await summaryOf(quiz)), attempt: attemptBrief(attempt) });
      }
      return ok(list, 'OK');
    },
  );

  app.get('/student/quizzes/:quizId', { onRequest, schema: { tags, summary: 'Instructions of a quiz', params: z.object({ quizId: id }) } }, async (req) => {
    const user = req.user!;
    const quiz = await myQuiz(user, req.params.quizId);
    const now = Date.now();
    if (quiz.visible_from !== null && now < quiz.visible_from) throw notFound('Quiz not found');
    const attempt = await findAttemptState(app.db, quiz.id, user.userId);
    const extraMinutes = await extraMinutesOf(app.db, quiz.id, user.userId);
    const open = quiz.valid_from !== null && quiz.valid_to !== null && now >= quiz.valid_from && now < quiz.valid_to;
    const checked = await integrity.instructions(req, quiz, attempt?.id).catch((error: unknown) => {
      throw namingTheQuiz(error, quiz, extraMinutes);
    });
    return ok({ ...(await summaryOf(quiz)), extraMinutes, open, attempt: attemptBrief(attempt), serverTime: now, ...checked });
  });

  app.post('/student/quizzes/:quizId/attempts', { onRequest, schema: { tags, summary: 'Start (or resume) the one attempt', params: z.object({ quizId: id }) } }, async (req) => {
    const user = req.user!;
    const quiz = await myQuiz(user, req.params.quizId);
    const now = Date.now();
    const existing = await findAttemptState(app.db, quiz.id, user.userId);
    const proven = await integrity.beforeStart(req, quiz, existing?.id);
    if (!existing) {
      if (quiz.valid_from === null || quiz.valid_to === null || now < quiz.valid_from) throw startRefused('not-open', 'NOT_OPEN');
      if (now >= quiz.valid_to) throw startRefused('closed', 'CLOSED');
    }
    const attempt = existing ?? (await startOnce(quiz, user.userId, now));
    await integrity.afterStart(attempt.id, proven);
    return ok({ id: attempt.id, quizId: quiz.id, status: attempt.status, deadline: attempt.deadline, startedAt: attempt.started_at, serverTime: Date.now() }, 'Attempt started');
  });

  app.get('/student/attempts/:attemptId', { onRequest, schema: { tags, summary: 'The paper, saved answers and deadline', params: z.object({ attemptId: id }) } }, async (req) => {
    const attempt = await myAttempt(req.user!, req.params.attemptId);
    await integrity.attempt(req, attempt.quiz_id, attempt.id);
    const quiz = (await loadQuiz(app.db, attempt.quiz_id))!;
    const answers = await savedAnswers(app.db, attempt.id);
    return ok({
      id: attempt.id,
      quizId: quiz.id,
      quizName: quiz.name,
      status: attempt.status,
      deadline: attempt.deadline,
      startedAt: attempt.started_at,
      serverTime: Date.now(),
      graceMs: SAVE_GRACE_MS,
      negativeMarking: quizOptions(quiz).negative_marking === true,
      integrity: integritySettingsOf(quiz),
      questions: studentView(paperOf(attempt)),
      answers: Object.fromEntries(
        answers.map((a) => [a.question_id, { response: a.response === null ? null : JSON.parse(a.response), seq: a.seq, flagged: a.flagged === 1, savedAt: a.saved_at }]),
      ),
    });
  });

  app.put(
    '/student/attempts/:attemptId/answers/:questionId',
    {
      onRequest,
      // Its answers are a few hundred bytes: not worth a compression step on the busiest route,
      // and the exam page never sends a compressed body, so no decompression hook runs either.
      compress: false,
      decompress: false,
      schema: {
        tags,
        summary: 'Save one answer (idempotent; a lower seq than the stored one is ignored)',
        params: z.object({ attemptId: id, questionId: id }),
        body: z.object({
          response: z.unknown(),
          // answers.seq is a 32-bit integer column (PostgreSQL would refuse a larger one with a 500).
          seq: z.number({ error: 'seq must be a number' }).int().min(0).max(2 ** 31 - 1, 'seq must be at most 2147483647'),
          flagged: z.boolean().optional(),
          timeSpentMs: z.number().int().min(0).max(24 * 3_600_000).optional(),
        }),
      },
    },
    async (req) => {
      const now = Date.now();
      const { attemptId, questionId } = req.params;
      const facts = await attemptFacts(attemptId);
      if (!facts || facts.studentId !== req.user!.userId) throw notFound('Attempt not found');
      await integrity.attempt(req, facts.quizId, attemptId);
      const question = facts.paper.get(questionId);
      if (!question) throw notFound('This question is not in your paper');
      const response = req.body.response === undefined ? null : req.body.response;
      const problem = responseProblem(question, response);
      if (problem) {
        // A closed exam says so first, whatever was sent: the page then stops and shows the result.
        const state = await attemptStatus(app.db, attemptId);
        if (state.status !== 'in_progress') throw submitted();
        if (now > state.deadline + SAVE_GRACE_MS) throw timeOver();
        throw new AppError(400, `Invalid response: ${problem}`, 'BAD_RESPONSE', { errors: { response: problem } });
      }

      const outcome = await batcher.save({
        attemptId,
        questionId,
        response: response === null ? null : JSON.stringify(response),
        seq: req.body.seq,
        savedAt: now,
        flagged: req.body.flagged,
        timeSpentMs: req.body.timeSpentMs,
      });
      if (outcome.kind === 'closed') throw submitted();
      if (outcome.kind === 'time_over') throw timeOver();
      if (outcome.kind === 'stale') {
        const stored = await savedAnswer(app.db, attemptId, questionId);
        return ok(
          { questionId, response: stored.response === null ? null : JSON.parse(stored.response), seq: stored.seq, flagged: stored.flagged === 1, savedAt: stored.saved_at, stale: true, serverTime: now, deadline: outcome.deadline },
          'A newer answer is already saved',
        );
      }
      return ok({ questionId, response, seq: req.body.seq, flagged: outcome.flagged, savedAt: now, stale: false, serverTime: now, deadline: outcome.deadline }, 'Saved');
    },
  );

  app.post('/student/attempts/:attemptId/submit', { onRequest, schema: { tags, summary: 'Submit (idempotent)', params: z.object({ attemptId: id }) } }, async (req) => {
    const attempt = await myAttempt(req.user!, req.params.attemptId);
    await integrity.attempt(req, attempt.quiz_id, attempt.id);
    const closed = attempt.status === 'in_progress' ? await closedBy(req.user!, await closeAttempt(app.db, attempt.id, 'student')) : attempt;
    const quiz = (await loadQuiz(app.db, closed.quiz_id))!;
    return ok(
      { id: closed.id, quizId: closed.quiz_id, status: closed.status, score: closed.score, maxScore: closed.max_score, pending: closed.pending === 1, submittedAt: closed.submitted_at, closedBy: closed.closed_by, allowReview: quiz.allow_review !== 0 },
      'Submitted',
    );
  });

  app.get('/student/attempts', { onRequest, schema: { tags, summary: 'History of attempts' } }, async (req) => {
    // An exam-link session sees only its quiz's attempt.
    const rows = await attemptHistory(app.db, req.user!.userId, req.user!.examQuizId);
    const now = Date.now();
    return ok(
      rows.map((r) => ({
        id: r.id,
        quizId: r.quiz_id,
        quizName: r.quizName,
        status: r.status === 'in_progress' && now > r.deadline + SAVE_GRACE_MS ? 'submitted' : r.status,
        startedAt: r.started_at,
        submittedAt: r.submitted_at,
        score: r.score,
        maxScore: r.max_score,
        pending: r.pending === 1,
        closedBy: r.closed_by,
        feedbackGiven: r.feedbackId !== null,
      })),
    );
  });

  app.get('/student/attempts/:attemptId/analysis', { onRequest, schema: { tags, summary: 'Analysis of one attempt', params: z.object({ attemptId: id }) } }, async (req) => {
    const attempt = await myAttempt(req.user!, req.params.attemptId);
    if (attempt.status !== 'submitted') throw new AppError(409, 'The analysis is ready once the attempt is submitted', 'NOT_SUBMITTED');
    const quiz = (await loadQuiz(app.db, attempt.quiz_id))!;
    return ok(await attemptAnalysis(app.db, attempt, quiz));
  });
};

export default studentExamRoutes;
