import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionUser } from '../auth/sessions';
import {
  AttemptRefused,
  attemptStatesOfQuiz,
  closeAttempt,
  extraMinutesOf,
  nextAttemptOf,
  loadQuiz,
  markingOf,
  paperConfigOf,
  paperOf,
  quizOptions,
  SAVE_GRACE_MS,
  startAttempt,
  type AttemptRow,
  type AttemptState,
  type QuizRow,
  type StartedAttempt,
} from '../exam/attempts';
import { paperSourceOf, studentView, type PaperQuestion } from '../exam/paper';
import { QuizMemo } from '../exam/quizMemo';
import { responseProblem, type ResponseShape } from '../../src/schemas/answers';
import { SaveBatcher } from '../exam/saveBatcher';
import { GroupCommit } from '../db/groupCommit';
import { AppError, notFound } from '../lib/errors';
import { START_BLOCK_TEXT, type StartRefusalReason } from '../../src/schemas/examStart';
import { ok } from '../lib/envelope';
import { examIntegrity, integritySettingsOf } from '../integrity/examIntegrity';
import { attemptAnalysis } from '../exam/attemptAnalysis';
import { effectiveFor, effectiveForMany, type EffectiveSettings } from '../exam/effective';
import { quizGradeOf } from '../exam/quizGrade';
import { reviewFor, reviewsOf } from '../exam/review';
import dayjs from 'dayjs';
import { LRUCache } from 'lru-cache';
import { quizSummaries } from '../exam/quizSummary';
import {
  attemptHistory,
  attemptOfStudent,
  attemptOwnerAndPaper,
  attemptStateOfStudent,
  attemptPaper,
  attemptStatesOf,
  attemptStatus,
  quizVersion,
  quizVersionOfStudent,
  quizzesOfStudentInWindow,
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

/** A start refused because every attempt is used, or because the delay since the last attempt still runs (its end in the server's local time). */
function attemptRefusal(refused: AttemptRefused): AppError {
  if (refused.next.kind === 'no-attempts') return new AppError(409, 'No attempts left', 'NO_ATTEMPTS_LEFT', { reason: 'no-attempts' });
  return new AppError(409, `You can start your next attempt at ${dayjs(refused.next.at).format('HH:mm')}`, 'ATTEMPT_DELAY', { reason: 'delay', nextAttemptAt: refused.next.at });
}

type StateOfAttempt = Pick<AttemptState, 'attempt_no' | 'status' | 'score' | 'submitted_at' | 'started_at' | 'deadline' | 'id' | 'quiz_id'>;

/**
 * What the student's quiz card and instruction page say about attempts: how many are used and
 * allowed (0: unlimited), when the next may start (null: now, or never), and the quiz grade by the
 * quiz's grading method. An attempt past its deadline and grace counts as finished.
 */
export function attemptsFactsOf(quiz: Pick<Quiz, 'grading_method' | 'attempt_delay1_minutes' | 'attempt_delay2_minutes'>, effective: EffectiveSettings, attempts: readonly StateOfAttempt[], now: number) {
  const finished = attempts.map((a) => (a.status === 'in_progress' && now > a.deadline + SAVE_GRACE_MS ? { ...a, status: 'submitted' as const, submitted_at: a.deadline } : a));
  const running = finished.some((a) => a.status === 'in_progress');
  const next = running ? undefined : nextAttemptOf(finished, effective.attempts_allowed, { first: quiz.attempt_delay1_minutes, later: quiz.attempt_delay2_minutes }, now);
  return {
    attemptsUsed: attempts.length,
    attemptsAllowed: effective.attempts_allowed,
    nextAttemptAt: next?.kind === 'delay' ? next.at : null,
    canStartAnother: next !== undefined && next.kind !== 'no-attempts',
    grade: quizGradeOf(quiz.grading_method, finished).grade,
  };
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
  // Starts and submissions of a whole hall share their commits on SQLite (one fsync for many).
  const group = new GroupCommit(app.db, app.dialect === 'sqlite');
  app.addHook('onClose', () => group.drain());
  const integrity = examIntegrity(app);

  /**
   * Quiz rows by version (updated_at), shared by the requests of a hall for a few seconds: each
   * request still reads the quiz's key and version (and the student's right to it), but not its
   * forty columns. Frozen: one object serves every student.
   */
  const quizRows = new QuizMemo<Quiz>(
    async ({ id }) => {
      const row = await loadQuiz(app.db, id);
      if (!row) throw notFound('Quiz not found');
      return Object.freeze(row) as Quiz;
    },
    10_000,
    1_000,
  );

  async function myQuiz(user: SessionUser, quizId: number): Promise<Quiz> {
    const version = await quizVersionOfStudent(app.db, user, quizId);
    if (!version) throw notFound('Quiz not found');
    return quizRows.get(version);
  }

  /** The quiz of an attempt of this student's (it exists: attempts keep their quiz). */
  async function quizOfAttempt(quizId: number): Promise<Quiz> {
    const version = await quizVersion(app.db, quizId);
    if (!version) throw notFound('Quiz not found');
    return quizRows.get(version);
  }

  /** Closing an attempt ends its exam-link sessions (in the database): this process forgets them at once. */
  async function closedBy(user: SessionUser, attempt: AttemptRow): Promise<AttemptRow> {
    await app.sessions.forgetUser(user.userId);
    return attempt;
  }

  async function myAttempt(user: SessionUser, attemptId: number): Promise<AttemptRow>;
  async function myAttempt(user: SessionUser, attemptId: number, withPaper: false): Promise<AttemptState>;
  async function myAttempt(user: SessionUser, attemptId: number, withPaper = true): Promise<AttemptState> {
    const attempt = withPaper ? await attemptOfStudent(app.db, attemptId, user.userId) : await attemptStateOfStudent(app.db, attemptId, user.userId);
    if (!attempt) throw notFound('Attempt not found');
    // The browser may be gone: past the deadline and its grace, the server closes the attempt itself.
    if (attempt.status === 'in_progress' && Date.now() > attempt.deadline + SAVE_GRACE_MS) return await closedBy(user, await closeAttempt(app.db, attempt.id, 'deadline'));
    return attempt;
  }

  /**
   * The papers this process has just drawn, by attempt, with the attempt's version (updated_at)
   * then. The browser asks for its paper right after the start; it is answered from here instead
   * of reading the paper back (tens of kB) and parsing it. An attempt changed since (closed,
   * regraded, its deadline moved: a new updated_at) is read from the database, and so is one
   * started by another process or more than 10 s ago.
   */
  type DrawnPaper = { version: number; questions: readonly PaperQuestion[] };
  const drawnPapers = new LRUCache<number, DrawnPaper>({ max: 2_000, ttl: 10_000 });

  /** The attempt's paper: the one drawn here if the attempt is as it was then, else as stored (read now when not at hand). */
  async function paperOfAttempt(attempt: AttemptState | AttemptRow, drawn: DrawnPaper | undefined): Promise<readonly PaperQuestion[]> {
    if (drawn?.version === attempt.updated_at) return drawn.questions;
    return paperOf('paper' in attempt ? attempt : await attemptPaper(app.db, attempt.id));
  }

  /** What the quiz's papers are drawn from: shared by the students who start it in the same few seconds. */
  const drawFrom = new QuizMemo(async (quiz) => {
    const config = await paperConfigOf(app.db, quiz as Quiz);
    return { config, source: await paperSourceOf(app.db, config), log: app.log };
  });

  /**
   * A double click, or two tabs, send two starts at once: in this process they share one paper
   * being built (across processes the unique index still decides).
   */
  const starting = new Map<string, Promise<StartedAttempt>>();
  function startOnce(quiz: Quiz, studentId: number, now: number, effective: EffectiveSettings, previous: readonly AttemptState[]): Promise<StartedAttempt> {
    const key = `${quiz.id}:${studentId}`;
    let pending = starting.get(key);
    if (!pending) {
      pending = drawFrom.get(quiz).then(async (from) => {
        const started = await startAttempt(app.db, quiz, studentId, { now, drawFrom: from, effective, inTransaction: group.run, previous });
        if (started.created) drawnPapers.set(started.attempt.id, { version: started.attempt.updated_at, questions: started.paper });
        return started;
      });
      starting.set(key, pending);
      void pending.finally(() => starting.delete(key)).catch(() => {});
    }
    return pending;
  }

  const summaryOf = quizSummaries(app.db, drawFrom);

  /** The quiz grade stays hidden while the review options hide the marks of any finished attempt. */
  async function withGradeShown<T extends { grade: number | null }>(facts: T, studentId: number, attempts: readonly StateOfAttempt[], now: number): Promise<T> {
    if (facts.grade === null) return facts;
    const finished = attempts.filter((a) => a.status === 'submitted' || now > a.deadline + SAVE_GRACE_MS).map((a) => ({ ...a, submitted_at: a.submitted_at ?? a.deadline }));
    const reviews = await reviewsOf(app.db, studentId, finished, now);
    return [...reviews.values()].every((r) => r.options.marks) ? facts : { ...facts, grade: null };
  }

  /** The student's own window and time limit where an override changes them (validFrom/validTo too, which the pages read). */
  const withEffective = <T extends { validFrom: number | null; validTo: number | null; duration: number | null }>(summary: T, settings: EffectiveSettings) => ({
    ...summary,
    validFrom: settings.valid_from,
    validTo: settings.valid_to,
    duration: settings.duration,
    valid_from: settings.valid_from,
    valid_to: settings.valid_to,
  });

  const attemptBrief = (a: AttemptState | undefined) =>
    a ? { id: a.id, number: a.attempt_no, status: a.status, deadline: a.deadline, startedAt: a.started_at, submittedAt: a.submitted_at, score: a.score, maxScore: a.max_score, pending: a.pending === 1 } : null;

  app.get(
    '/student/quizzes',
    { onRequest, schema: { tags, summary: "The student's upcoming or available quizzes", querystring: z.object({ state: z.enum(['upcoming', 'available'], { error: 'state must be upcoming or available' }) }) } },
    async (req) => {
      const user = req.user!;
      const now = Date.now();
      const upcoming = req.query.state === 'upcoming';
      // The quiz's own window, or an override's (each student's window is decided below).
      const quizzes = (await quizzesOfStudentInWindow(app.db, user, req.query.state, now).limit(200).execute()) as Quiz[];
      const effective = await effectiveForMany(app.db, quizzes, user.userId);
      const attempts = quizzes.length ? await attemptStatesOf(app.db, user.userId, quizzes.map((z) => z.id)) : [];
      const attemptsOf = new Map<number, typeof attempts>();
      for (const a of attempts) attemptsOf.set(a.quiz_id, [...(attemptsOf.get(a.quiz_id) ?? []), a].sort((x, y) => x.attempt_no - y.attempt_no));
      const list = [];
      for (const quiz of quizzes) {
        const settings = effective.get(quiz.id)!;
        const from = settings.valid_from ?? Infinity;
        const to = settings.valid_to ?? -Infinity;
        if (upcoming ? !(from > now) : !(from <= now && now < to)) continue;
        const mine = attemptsOf.get(quiz.id) ?? [];
        const latest = mine[mine.length - 1];
        const facts = await withGradeShown(attemptsFactsOf(quiz, settings, mine, now), user.userId, mine, now);
        const running = latest && latest.status === 'in_progress' && now <= latest.deadline + SAVE_GRACE_MS;
        // Available: one in progress to resume, or another attempt the student may start (now or after the delay).
        if (!upcoming && latest && !running && !facts.canStartAnother) continue;
        list.push({ ...withEffective(await summaryOf(quiz), settings), ...facts, attempt: attemptBrief(latest) });
      }
      list.sort((a, b) => (upcoming ? a.validFrom! - b.validFrom! : a.validTo! - b.validTo!));
      return ok(list, 'OK');
    },
  );

  app.get('/student/quizzes/:quizId', { onRequest, schema: { tags, summary: 'Instructions of a quiz', params: z.object({ quizId: id }) } }, async (req) => {
    const user = req.user!;
    const quiz = await myQuiz(user, req.params.quizId);
    const now = Date.now();
    if (quiz.visible_from !== null && now < quiz.visible_from) throw notFound('Quiz not found');
    const settings = await effectiveFor(app.db, quiz, user.userId);
    const attempts = await attemptStatesOfQuiz(app.db, quiz.id, user.userId);
    const attempt = attempts[attempts.length - 1];
    const extraMinutes = await extraMinutesOf(app.db, quiz.id, user.userId);
    const open = settings.valid_from !== null && settings.valid_to !== null && now >= settings.valid_from && now < settings.valid_to;
    const running = attempt?.status === 'in_progress' ? attempt.id : undefined;
    const checked = await integrity.instructions(req, quiz, running ?? attempt?.id).catch((error: unknown) => {
      throw namingTheQuiz(error, quiz, extraMinutes);
    });
    const { canStartAnother: _, ...facts } = await withGradeShown(attemptsFactsOf(quiz, settings, attempts, now), user.userId, attempts, now);
    return ok({ ...withEffective(await summaryOf(quiz), settings), extraMinutes, open, ...facts, attempt: attemptBrief(attempt), serverTime: now, ...checked });
  });

  app.post(
    '/student/quizzes/:quizId/attempts',
    { onRequest, schema: { tags, summary: 'Start the next attempt (or resume the one in progress)', params: z.object({ quizId: id }) } },
    async (req, reply) => {
      const user = req.user!;
      const quiz = await myQuiz(user, req.params.quizId);
      const now = Date.now();
      let attempts = await attemptStatesOfQuiz(app.db, quiz.id, user.userId);
      let latest = attempts[attempts.length - 1];
      // An attempt left running past its deadline is closed first: it counts as used.
      if (latest?.status === 'in_progress' && now > latest.deadline + SAVE_GRACE_MS) {
        await closedBy(user, await closeAttempt(app.db, latest.id, 'deadline', { now }));
        attempts = await attemptStatesOfQuiz(app.db, quiz.id, user.userId);
        latest = attempts[attempts.length - 1];
      }
      const running = latest?.status === 'in_progress' ? latest : undefined;
      const settings = await effectiveFor(app.db, quiz, user.userId);
      // With one attempt allowed, a start after it answers that attempt, as a start always did (DESIGN's idempotent start).
      const onlyOne = !running && latest && settings.attempts_allowed === 1 && attempts.length === 1 ? latest : undefined;
      const resumed = running ?? onlyOne;
      const proven = await integrity.beforeStart(req, quiz, resumed?.id ?? (running ? running.id : undefined));
      let attempt: Pick<AttemptRow, 'id' | 'status' | 'deadline' | 'started_at'>;
      let created = false;
      if (resumed) attempt = resumed;
      else {
        if (settings.valid_from === null || settings.valid_to === null || now < settings.valid_from) throw startRefused('not-open', 'NOT_OPEN');
        if (now >= settings.valid_to) throw startRefused('closed', 'CLOSED');
        try {
          ({ attempt, created } = await startOnce(quiz, user.userId, now, settings, attempts));
        } catch (error) {
          if (error instanceof AttemptRefused) throw attemptRefusal(error);
          throw error;
        }
      }
      await integrity.afterStart(attempt.id, proven);
      if (created) reply.code(201);
      return ok({ id: attempt.id, quizId: quiz.id, status: attempt.status, deadline: attempt.deadline, startedAt: attempt.started_at, serverTime: Date.now() }, created ? 'Attempt started' : 'Attempt resumed');
    },
  );

  app.get('/student/attempts/:attemptId', { onRequest, schema: { tags, summary: 'The paper, saved answers and deadline', params: z.object({ attemptId: id }) } }, async (req) => {
    // Its state only when this process has just drawn its paper.
    const drawn = drawnPapers.get(req.params.attemptId);
    const attempt = drawn ? await myAttempt(req.user!, req.params.attemptId, false) : await myAttempt(req.user!, req.params.attemptId);
    await integrity.attempt(req, attempt.quiz_id, attempt.id);
    const quiz = await quizOfAttempt(attempt.quiz_id);
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
      questions: studentView(await paperOfAttempt(attempt, drawn)),
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
    // Its state only: the paper (tens of kB) is read once, by the close that grades it.
    const state = await attemptStateOfStudent(app.db, req.params.attemptId, req.user!.userId);
    if (!state) throw notFound('Attempt not found');
    // As myAttempt does: past its deadline and grace, the server closes it itself first.
    const overdue = state.status === 'in_progress' && Date.now() > state.deadline + SAVE_GRACE_MS;
    const quiz = await quizOfAttempt(state.quiz_id);
    const closing = { inTransaction: group.run, marking: markingOf(quiz) };
    const attempt = overdue ? await closedBy(req.user!, await closeAttempt(app.db, state.id, 'deadline', { now: Date.now(), ...closing })) : state;
    await integrity.attempt(req, attempt.quiz_id, attempt.id);
    const closed = attempt.status === 'in_progress' ? await closedBy(req.user!, await closeAttempt(app.db, attempt.id, 'student', { now: Date.now(), ...closing })) : attempt;
    const review = await reviewFor(app.db, quiz, closed);
    if (!review.options.marks) closed.score = null;
    return ok(
      { id: closed.id, quizId: closed.quiz_id, status: closed.status, score: closed.score, maxScore: closed.max_score, pending: closed.pending === 1, submittedAt: closed.submitted_at, closedBy: closed.closed_by, reviewOptions: review.options },
      'Submitted',
    );
  });

  app.get('/student/attempts', { onRequest, schema: { tags, summary: 'History of attempts' } }, async (req) => {
    // An exam-link session sees only its quiz's attempt.
    const userId = req.user!.userId;
    const rows = await attemptHistory(app.db, userId, req.user!.examQuizId);
    const now = Date.now();
    const finished = rows.map((r) => (r.status === 'in_progress' && now > r.deadline + SAVE_GRACE_MS ? { ...r, status: 'submitted' as const, submitted_at: r.submitted_at ?? r.deadline } : r));
    const reviews = await reviewsOf(app.db, userId, finished, now);
    const marksShown = (r: (typeof finished)[number]) => r.status !== 'submitted' || reviews.get(r.id)?.options.marks !== false;
    // The quiz grade by its grading method, over the attempts listed; hidden while the marks of any of them are.
    const gradeOf = new Map<number, number | null>();
    for (const quizId of new Set(finished.map((r) => r.quiz_id))) {
      const mine = finished.filter((r) => r.quiz_id === quizId);
      gradeOf.set(quizId, mine.every(marksShown) ? quizGradeOf(mine[0].grading_method, mine).grade : null);
    }
    return ok(
      finished.map((r) => ({
        id: r.id,
        quizId: r.quiz_id,
        quizName: r.quizName,
        attemptNo: r.attempt_no,
        status: r.status,
        startedAt: r.started_at,
        submittedAt: r.submitted_at,
        score: marksShown(r) ? r.score : null,
        maxScore: r.max_score,
        pending: r.pending === 1,
        closedBy: r.closed_by,
        feedbackGiven: r.feedbackId !== null,
        /** The quiz grade (marks) by the quiz's grading method, the same on every attempt of the quiz. */
        quizGrade: gradeOf.get(r.quiz_id) ?? null,
        gradingMethod: r.grading_method,
        reviewOptions: r.status === 'submitted' ? (reviews.get(r.id)?.options ?? null) : null,
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
