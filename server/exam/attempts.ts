import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import { placeholders, sqlText } from '../db/sqlText';
import { isPostgres } from '../db/migrations/helpers';
import type { Database } from '../db/tables';
import { prepared } from '../db/prepared';
import type { RandomRule } from '../../src/schemas/quizzes';
import { gradeResponse, totalOf, type Graded, type Marking } from './grading';
import { endExamLinkSessions } from './links';
import { buildPaper, type PaperQuestion, type PaperSource, type QuizPaperConfig } from './paper';
import type { EffectiveSettings } from './effective';
import { recountAttempts } from './quizGrade';
import type { TransactionRunner } from '../db/groupCommit';

type Db = Kysely<Database> | Transaction<Database>;

/** Saves arriving up to this long after the deadline are still taken (a slow network at the last second). */
export const SAVE_GRACE_MS = 30_000;

export type QuizRow = Awaited<ReturnType<typeof loadQuiz>>;

const quizQuery = prepared((db, quizId: number) => db.selectFrom('quizzes').selectAll().where('id', '=', quizId));
export const loadQuiz = (db: Db, quizId: number) => quizQuery.first(db, quizId);

export const quizOptions = (quiz: NonNullable<QuizRow>) =>
  (quiz.options ? JSON.parse(quiz.options) : {}) as { face_detection?: boolean; safe_exam_browser?: boolean; guest_flag?: boolean; negative_marking?: boolean };

export const markingOf = (quiz: NonNullable<QuizRow>): Marking => ({
  negativeMarking: quizOptions(quiz).negative_marking === true,
  penalty: quiz.negative_penalty ?? 0.25,
});

export async function paperConfigOf(db: Db, quiz: NonNullable<QuizRow>): Promise<QuizPaperConfig> {
  const subjects = (await db.selectFrom('quiz_subjects').select('subject_id').where('quiz_id', '=', quiz.id).execute()).map((r) => r.subject_id);
  return {
    id: quiz.id,
    departmentId: quiz.department_id,
    subjects,
    randomRules: quiz.random_rules ? (JSON.parse(quiz.random_rules) as RandomRule[]) : [],
    shuffleQuestions: quiz.shuffle_questions === 1,
    shuffleOptions: quiz.shuffle_options === 1,
    balance: quiz.balance_papers === 1 ? { tolerance: quiz.balance_tolerance } : null,
  };
}

/** The deadline: min(start + duration + the student's extra time, valid_to). */
export const deadlineOf = (startedAt: number, durationMinutes: number, extraMinutes: number, validTo: number) =>
  Math.min(startedAt + (durationMinutes + extraMinutes) * 60_000, validTo);

const extraMinutesQuery = prepared((db, quizId: number, studentId: number) => db.selectFrom('accommodations').select('extra_minutes').where('quiz_id', '=', quizId).where('student_id', '=', studentId));
export const extraMinutesOf = async (db: Db, quizId: number, studentId: number) => (await extraMinutesQuery.first(db, quizId, studentId))?.extra_minutes ?? 0;

/** Every column of an attempt but its paper (tens of kB): what its state and score need. */
export const ATTEMPT_STATE = ['id', 'quiz_id', 'student_id', 'status', 'started_at', 'deadline', 'submitted_at', 'closed_by', 'score', 'max_score', 'pending', 'attempt_no', 'counted', 'created_at', 'updated_at'] as const;
export type AttemptState = NonNullable<Awaited<ReturnType<typeof findAttemptState>>>;
/** The student's latest attempt at the quiz (the running one, or the last one finished). */
export const findAttemptState = (db: Db, quizId: number, studentId: number) =>
  db.selectFrom('attempts').select(ATTEMPT_STATE).where('quiz_id', '=', quizId).where('student_id', '=', studentId).orderBy('attempt_no', 'desc').limit(1).executeTakeFirst();

/** All the student's attempts at the quiz, first to last (their state only). */
const attemptStatesQuery = prepared((db, quizId: number, studentId: number) =>
  db.selectFrom('attempts').select(ATTEMPT_STATE).where('quiz_id', '=', quizId).where('student_id', '=', studentId).orderBy('attempt_no'),
);
export const attemptStatesOfQuiz = (db: Db, quizId: number, studentId: number) => attemptStatesQuery.all(db, quizId, studentId);

export type AttemptRow = NonNullable<Awaited<ReturnType<typeof findAttempt>>>;
/** The student's latest attempt at the quiz, whole. */
export const findAttempt = (db: Db, quizId: number, studentId: number) =>
  db.selectFrom('attempts').selectAll().where('quiz_id', '=', quizId).where('student_id', '=', studentId).orderBy('attempt_no', 'desc').limit(1).executeTakeFirst();

/** When the student may start another attempt, and why not: all used, or the delay since the last one still runs. */
export type NextAttempt = { kind: 'allowed'; attemptNo: number } | { kind: 'no-attempts' } | { kind: 'delay'; at: number; attemptNo: number };

/**
 * May the student start another attempt now, given their attempts so far (none in progress), the
 * attempts they are allowed (0: unlimited) and the quiz's delays: the first delay between the 1st
 * and 2nd attempt, the second between later ones, counted from the end of the last attempt.
 */
export function nextAttemptOf(
  attempts: readonly { attempt_no: number; submitted_at: number | null; started_at: number }[],
  attemptsAllowed: number,
  delays: { first: number; later: number },
  now: number,
): NextAttempt {
  const used = attempts.length;
  const attemptNo = Math.max(0, ...attempts.map((a) => a.attempt_no)) + 1;
  if (attemptsAllowed !== 0 && used >= attemptsAllowed) return { kind: 'no-attempts' };
  if (!used) return { kind: 'allowed', attemptNo };
  const last = attempts.reduce((a, b) => (b.attempt_no > a.attempt_no ? b : a));
  const delayMinutes = used === 1 ? delays.first : delays.later;
  const at = (last.submitted_at ?? last.started_at) + delayMinutes * 60_000;
  return delayMinutes > 0 && now < at ? { kind: 'delay', at, attemptNo } : { kind: 'allowed', attemptNo };
}

/** The refusal of a start: all attempts used, or the delay since the last attempt not yet over. */
export class AttemptRefused extends Error {
  constructor(readonly next: Exclude<NextAttempt, { kind: 'allowed' }>) {
    super(next.kind);
  }
}

/**
 * A new attempt, in progress from `startedAt`, or nothing when its number is taken (a start of
 * another process won the race). Its state only is returned: the paper (tens of kB) was just
 * built by the caller, and reading it back is garbage. Compiled once: every start of a hall runs it.
 */
const insertAttemptQuery = prepared((db, quizId: number, studentId: number, attemptNo: number, startedAt: number, deadline: number, maxScore: number, paper: string, paperSeed: string | null) =>
  db
    .insertInto('attempts')
    .values({
      quiz_id: quizId,
      student_id: studentId,
      attempt_no: attemptNo,
      status: 'in_progress',
      started_at: startedAt,
      deadline,
      submitted_at: null,
      closed_by: null,
      score: null,
      max_score: maxScore,
      pending: 0,
      counted: 0,
      paper,
      paper_seed: paperSeed,
      created_at: startedAt,
      updated_at: startedAt,
    })
    .onConflict((oc) => oc.columns(['quiz_id', 'student_id', 'attempt_no']).doNothing())
    .returning(ATTEMPT_STATE),
);

/** A start's outcome: the attempt's state, whether this start created it, and then its paper. */
export type StartedAttempt = { attempt: AttemptState; created: false } | { attempt: AttemptState; created: true; paper: PaperQuestion[] };

/**
 * Starts the student's next attempt at the quiz, or answers the one still running. Starting twice
 * (double click, two tabs, two devices, two server processes) yields one attempt: the count of
 * attempts is read in the transaction that inserts the next one, whose number is unique per quiz
 * and student, so the loser of a race reads the winner's row. Refused (AttemptRefused) when all
 * attempts are used or the delay since the last one runs. With `builds_on_last`, the new attempt
 * gets the previous attempt's paper and its answers, as Moodle's "each attempt builds on the last".
 */
export async function startAttempt(
  db: Kysely<Database>,
  quiz: NonNullable<QuizRow>,
  studentId: number,
  {
    now,
    drawFrom,
    effective,
    inTransaction = (work) => db.transaction().execute(work),
    previous: known,
  }: {
    now: number;
    drawFrom: { config: QuizPaperConfig; source: PaperSource; log?: { warn(obj: object, msg: string): void } } | undefined;
    effective: EffectiveSettings;
    /** Where its transaction runs: its own by default, or a group commit's (server/db/groupCommit.ts). */
    inTransaction?: TransactionRunner;
    /** The student's attempts at the quiz as the caller has just read them (read here otherwise); the transaction reads them again. */
    previous?: readonly AttemptState[];
  },
): Promise<StartedAttempt> {
  const previous = known ?? (await attemptStatesOfQuiz(db, quiz.id, studentId));
  const running = previous.find((a) => a.status === 'in_progress');
  if (running) return { attempt: running, created: false };
  const buildOn = quiz.builds_on_last === 1 && previous.length ? previous[previous.length - 1] : undefined;
  let questions: PaperQuestion[];
  let paperSeed: string | null;
  if (buildOn) {
    const last = await db.selectFrom('attempts').select(['paper', 'paper_seed']).where('id', '=', buildOn.id).executeTakeFirstOrThrow();
    questions = paperOf(last);
    paperSeed = last.paper_seed;
  } else {
    const config = drawFrom?.config ?? (await paperConfigOf(db, quiz));
    const built = await buildPaper(db, config, drawFrom?.source);
    questions = built.questions;
    paperSeed = built.seed;
    // The start never fails because of balancing: the closest paper is used, and the server's log says so.
    if (built.balance && !built.balance.within) {
      drawFrom?.log?.warn({ quizId: quiz.id, studentId, mean: built.balance.mean, target: built.balance.target, tolerance: config.balance?.tolerance }, 'balanced papers: no paper within the tolerance (the bank changed after publishing?); the closest one is used');
    }
  }
  const extra = await extraMinutesOf(db, quiz.id, studentId);
  const maxScore = questions.reduce((sum, q) => sum + q.marks, 0);
  return inTransaction(async (trx) => {
    const attempts = await attemptStatesOfQuiz(trx, quiz.id, studentId);
    const stillRunning = attempts.find((a) => a.status === 'in_progress');
    if (stillRunning) return { attempt: stillRunning, created: false };
    const next = nextAttemptOf(attempts, effective.attempts_allowed, { first: quiz.attempt_delay1_minutes, later: quiz.attempt_delay2_minutes }, now);
    if (next.kind !== 'allowed') throw new AttemptRefused(next);
    const deadline = deadlineOf(now, effective.duration ?? 0, extra, effective.valid_to ?? now);
    const inserted = await insertAttemptQuery.first(trx, quiz.id, studentId, next.attemptNo, now, deadline, Math.round(maxScore * 100) / 100, JSON.stringify(questions), paperSeed);
    if (!inserted) {
      const winner = await trx.selectFrom('attempts').select(ATTEMPT_STATE).where('quiz_id', '=', quiz.id).where('student_id', '=', studentId).where('attempt_no', '=', next.attemptNo).executeTakeFirstOrThrow();
      return { attempt: winner, created: false };
    }
    if (buildOn) {
      // The previous answers, as they were, ready to be changed: the new attempt's own saves come after them.
      const carried = await trx.selectFrom('answers').select(['question_id', 'response', 'flagged']).where('attempt_id', '=', buildOn.id).where('response', 'is not', null).execute();
      if (carried.length) {
        await trx
          .insertInto('answers')
          .values(carried.map((a) => ({ attempt_id: inserted.id, question_id: a.question_id, response: a.response, seq: 0, saved_at: now, flagged: a.flagged, time_spent_ms: 0 })))
          .execute();
      }
    }
    return { attempt: inserted, created: true, paper: questions };
  });
}

export const paperOf = (attempt: Pick<AttemptRow, 'paper'>) => JSON.parse(attempt.paper) as PaperQuestion[];

export type StoredAnswer = { question_id: number; response: string | null; marks: number | null; outcome: string | null; manual?: number };
export type AnswerUpdate = { questionId: number; outcome: string; marks: number | null };

/** Grades a paper's answers (pure): the total, and the answers whose outcome or marks change. A teacher's marks on a descriptive answer are kept. */
export function gradeAnswers(paper: PaperQuestion[], stored: StoredAnswer[], marking: Marking): { total: ReturnType<typeof totalOf>; updates: AnswerUpdate[] } {
  const answers = new Map(stored.map((a) => [a.question_id, a]));
  const items: { key: PaperQuestion['key']; graded: Graded }[] = [];
  const updates: AnswerUpdate[] = [];
  for (const q of paper) {
    const answer = answers.get(q.id);
    const response = answer?.response ? JSON.parse(answer.response) : null;
    let graded = gradeResponse(q.key, response, marking);
    // The teacher's marks for a descriptive answer stay once given, and so do marks the teacher set by hand on any answer.
    if ((graded.outcome === 'pending' || answer?.manual === 1) && answer?.outcome === 'graded') graded = { outcome: 'pending', marks: answer.marks };
    items.push({ key: q.key, graded });
    if (answer) {
      const outcome = graded.outcome === 'pending' && graded.marks !== null ? 'graded' : graded.outcome;
      if (outcome !== answer.outcome || graded.marks !== answer.marks) updates.push({ questionId: q.id, outcome, marks: graded.marks });
    }
  }
  return { total: totalOf(items), updates };
}

/** The stored answers of many attempts, by attempt: one read, what grading needs. */
export async function storedAnswersOf(db: Db, attemptIds: readonly number[]): Promise<Map<number, StoredAnswer[]>> {
  const answersOf = new Map<number, StoredAnswer[]>();
  if (!attemptIds.length) return answersOf;
  for (const a of await db.selectFrom('answers').select(['attempt_id', 'question_id', 'response', 'marks', 'outcome', 'manual']).where('attempt_id', 'in', [...attemptIds]).execute()) {
    const list = answersOf.get(a.attempt_id);
    if (list) list.push(a);
    else answersOf.set(a.attempt_id, [a]);
  }
  return answersOf;
}

/**
 * One UPDATE with CASE for all changed answers of one attempt, as SQL text by dialect and count
 * (server/db/sqlText.ts): built with the query builder, its 4 nodes an answer cost more than the
 * statement on a submission of a hall.
 */
export async function writeAnswerUpdates(trx: Db, attemptId: number, updates: AnswerUpdate[]): Promise<void> {
  if (!updates.length) return;
  const postgres = isPostgres(trx);
  const n = updates.length;
  const text = sqlText(`answer-grades:${postgres}:${n}`, () => {
    // `when <question> then <value>` for each answer, its two values from the `from`-th parameter on.
    const at = (i: number) => placeholders(postgres, 1, 0, i);
    const whens = (from: number) => Array.from({ length: n }, (_, i) => `when ${at(from + 2 * i)} then ${at(from + 2 * i + 1)}`).join(' ');
    return (
      `update answers set outcome = case question_id ${whens(0)} end, marks = cast(case question_id ${whens(2 * n)} end as double precision) ` +
      `where attempt_id = ${at(4 * n)} and question_id in (${placeholders(postgres, n, 0, 4 * n + 1)})`
    );
  });
  const parameters: (number | string | null)[] = [];
  for (const u of updates) parameters.push(u.questionId, u.outcome);
  for (const u of updates) parameters.push(u.questionId, u.marks);
  parameters.push(attemptId);
  for (const u of updates) parameters.push(u.questionId);
  await trx.executeQuery(CompiledQuery.raw(text, parameters));
}

const storedAnswersQuery = prepared((db, attemptId: number) => db.selectFrom('answers').select(['question_id', 'response', 'marks', 'outcome', 'manual']).where('attempt_id', '=', attemptId));

/** Grades every answer of an attempt. Two statements, whatever the paper's size. */
export async function gradeAttempt(trx: Db, attempt: AttemptRow, marking: Marking): Promise<{ score: number; maxScore: number; pending: boolean }> {
  const stored = await storedAnswersQuery.all(trx, attempt.id);
  const { total, updates } = gradeAnswers(paperOf(attempt), stored, marking);
  await writeAnswerUpdates(trx, attempt.id, updates);
  return total;
}

/** Attempts graded per transaction when many are graded together (the deadline sweep, a regrade). */
const GRADE_CHUNK = 100;

/**
 * Grades many attempts and stores their scores: per chunk of attempts one transaction, one read
 * of their answers, one UPDATE per attempt whose answers change and one UPDATE for all scores.
 * `closeFirst` closes those still in progress (at the deadline) in the same transaction; an
 * attempt that is not in the state expected (submitted meanwhile, or still open) is left alone.
 */
export async function gradeAttempts(db: Kysely<Database>, attemptIds: number[], closeFirst?: { by: 'deadline' | 'teacher'; now: number }): Promise<number> {
  let graded = 0;
  for (let from = 0; from < attemptIds.length; from += GRADE_CHUNK) {
    const chunk = attemptIds.slice(from, from + GRADE_CHUNK);
    try {
      graded += await gradeChunk(db, chunk, closeFirst);
    } catch {
      // One attempt that cannot be graded must not hold back the others: one by one, and a
      // failure of one alone is left for the next sweep.
      for (const id of chunk) {
        try {
          if (closeFirst) await closeAttempt(db, id, closeFirst.by, { now: closeFirst.now });
          else await regradeAttempt(db, id);
          graded++;
        } catch {
          /* graded by a later sweep or regrade */
        }
      }
    }
  }
  return graded;
}

async function gradeChunk(db: Kysely<Database>, chunk: number[], closeFirst?: { by: 'deadline' | 'teacher'; now: number }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let ids = chunk;
    if (closeFirst) {
      const { by, now } = closeFirst;
      const closed = await trx
        .updateTable('attempts')
        .set({
          status: 'submitted',
          submitted_at: sql<number>`case when deadline + ${SAVE_GRACE_MS} < ${now} then deadline + ${SAVE_GRACE_MS} else ${now} end`,
          closed_by: by,
          updated_at: now,
        })
        .where('id', 'in', chunk)
        .where('status', '=', 'in_progress')
        // Extra time given since the attempt was found due is respected.
        .$if(by === 'deadline', (q) => q.where('deadline', '<', now - SAVE_GRACE_MS))
        .returning(['id', 'quiz_id', 'student_id'])
        .execute();
      ids = closed.map((r) => r.id);
      await endExamLinkSessions(trx, closed, now);
    }
    if (!ids.length) return 0;
    const attempts = await trx.selectFrom('attempts').select(['id', 'quiz_id', 'student_id', 'paper']).where('id', 'in', ids).where('status', '=', 'submitted').execute();
    if (!attempts.length) return 0;
    const quizIds = [...new Set(attempts.map((a) => a.quiz_id))];
    const marking = new Map((await trx.selectFrom('quizzes').selectAll().where('id', 'in', quizIds).execute()).map((q) => [q.id, markingOf(q)]));
    const answersOf = await storedAnswersOf(trx, attempts.map((a) => a.id));
    const scores: { id: number; score: number; pending: number }[] = [];
    for (const attempt of attempts) {
      const { total, updates } = gradeAnswers(paperOf(attempt), answersOf.get(attempt.id) ?? [], marking.get(attempt.quiz_id)!);
      await writeAnswerUpdates(trx, attempt.id, updates);
      scores.push({ id: attempt.id, score: total.score, pending: total.pending ? 1 : 0 });
    }
    const scoreCase = sql.join(scores.map((s) => sql`when ${s.id} then ${s.score}`), sql` `);
    const pendingCase = sql.join(scores.map((s) => sql`when ${s.id} then ${s.pending}`), sql` `);
    await trx
      .updateTable('attempts')
      .set({
        score: sql<number>`cast(case id ${scoreCase} end as double precision)`,
        pending: sql<number>`cast(case id ${pendingCase} end as integer)`,
      })
      .where('id', 'in', scores.map((s) => s.id))
      .execute();
    await recountAttempts(trx, attempts.map((a) => ({ quiz_id: a.quiz_id, student_id: a.student_id })));
    return scores.length;
  });
}

/**
 * Closes an attempt in progress (by the student, at the deadline, or by the teacher) and grades it.
 * Idempotent: only the first caller moves it out of 'in_progress'.
 */
export async function closeAttempt(
  db: Kysely<Database>,
  attemptId: number,
  by: 'student' | 'deadline' | 'teacher',
  {
    now = Date.now(),
    inTransaction = (work) => db.transaction().execute(work),
    marking,
  }: {
    now?: number;
    /** Where its transaction runs: its own by default, or a group commit's (server/db/groupCommit.ts). */
    inTransaction?: TransactionRunner;
    /** The quiz's marking when the caller has the quiz at hand (read here otherwise). */
    marking?: Marking;
  } = {},
): Promise<AttemptRow> {
  return inTransaction(async (trx) => {
    const attempt = await attemptQuery.first(trx, attemptId);
    if (!attempt) throw new Error(`no attempt ${attemptId}`);
    if (attempt.status !== 'in_progress') return attempt;
    const submittedAt = Math.min(now, attempt.deadline + SAVE_GRACE_MS);
    const moved = await closeQuery.all(trx, submittedAt, by, now, attemptId);
    if (moved.length !== 1) return (await attemptQuery.first(trx, attemptId))!;
    await endExamLinkSessions(trx, [attempt], now);
    const total = await gradeAttempt(trx, attempt, marking ?? markingOf((await loadQuiz(trx, attempt.quiz_id))!));
    const pending = total.pending ? 1 : 0;
    await scoreQuery.all(trx, total.score, pending, attemptId);
    await recountAttempts(trx, [attempt]);
    // Only what the close changed is read back (its paper, tens of kB, is as it was).
    const counted = await countedQuery.first(trx, attemptId);
    return { ...attempt, status: 'submitted', submitted_at: submittedAt, closed_by: by, updated_at: now, score: total.score, pending, counted: counted!.counted };
  });
}

/** The statements of a close, compiled once: a hall submits at once. */
const attemptQuery = prepared((db, id: number) => db.selectFrom('attempts').selectAll().where('id', '=', id));
const closeQuery = prepared((db, submittedAt: number, by: string, now: number, id: number) =>
  db
    .updateTable('attempts')
    .set({ status: 'submitted', submitted_at: submittedAt, closed_by: by as AttemptRow['closed_by'], updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'in_progress')
    .returning('id'),
);
const scoreQuery = prepared((db, score: number, pending: number, id: number) => db.updateTable('attempts').set({ score, pending }).where('id', '=', id).returning('id'));
const countedQuery = prepared((db, id: number) => db.selectFrom('attempts').select('counted').where('id', '=', id));

/**
 * Re-grades a submitted attempt (after a teacher marks a descriptive answer), then which of the
 * student's attempts count in the quiz grade. `recount: false` leaves that out, for a database
 * still at a migration before attempts were numbered (the migration tests grade there).
 */
export async function regradeAttempt(db: Kysely<Database>, attemptId: number, { recount = true } = {}): Promise<AttemptRow> {
  return db.transaction().execute(async (trx) => {
    const attempt = await trx.selectFrom('attempts').selectAll().where('id', '=', attemptId).executeTakeFirstOrThrow();
    const quiz = (await loadQuiz(trx, attempt.quiz_id))!;
    const total = await gradeAttempt(trx, attempt, markingOf(quiz));
    await trx.updateTable('attempts').set({ score: total.score, pending: total.pending ? 1 : 0, updated_at: Date.now() }).where('id', '=', attemptId).execute();
    if (recount) await recountAttempts(trx, [attempt]);
    return trx.selectFrom('attempts').selectAll().where('id', '=', attemptId).executeTakeFirstOrThrow();
  });
}

/** Closes every attempt whose deadline and grace have passed: the browser may be gone, the answers saved stay. */
export async function closeExpiredAttempts(db: Kysely<Database>, now = Date.now(), quizId?: number): Promise<number> {
  let q = db.selectFrom('attempts').select('id').where('status', '=', 'in_progress').where('deadline', '<', now - SAVE_GRACE_MS);
  if (quizId !== undefined) q = q.where('quiz_id', '=', quizId);
  const due = await q.orderBy('id').limit(2_000).execute();
  await gradeAttempts(db, due.map((a) => a.id), { by: 'deadline', now });
  return due.length;
}

/**
 * Closes the attempts whose deadline and grace have passed (of one quiz, or of all), then has every
 * server process forget the sessions it remembers: closing an attempt ends its exam-link session in
 * the database, and a remembered copy must not outlive that in this process or another. Every caller
 * that closes expired attempts goes through here (the sweep, the participants page, the analysis).
 */
export async function sweepExpiredAttempts(app: Pick<FastifyInstance, 'db' | 'sessions'>, now = Date.now(), quizId?: number): Promise<number> {
  const closed = await closeExpiredAttempts(app.db, now, quizId);
  if (closed > 0) await app.sessions.forgetAll();
  return closed;
}
