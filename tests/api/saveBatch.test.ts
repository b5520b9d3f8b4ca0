import { beforeAll, expect, it } from 'vitest';
import { SAVE_GRACE_MS } from '../../server/exam/attempts';
import { SaveBatcher, writeBatch, type SaveRequest } from '../../server/exam/saveBatcher';
import { describeDb, useTestApp } from './helper';

const NOW = Date.UTC(2026, 0, 15, 9);
const DEADLINE = NOW + 3_600_000;

describeDb('answer saves written in batches', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;
  let studentId: number;
  let quizzes = 0;

  beforeAll(async () => {
    studentId = (await db().selectFrom('users').select('id').where('username', '=', 'student').executeTakeFirstOrThrow()).id;
  });

  /** An attempt of the demo student on a quiz of its own (one attempt per student and quiz). */
  async function newAttempt(status: 'in_progress' | 'submitted' = 'in_progress', deadline = DEADLINE): Promise<number> {
    const quiz = await db()
      .insertInto('quizzes')
      .values({ name: `Batch quiz ${++quizzes}`, created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    const attempt = await db()
      .insertInto('attempts')
      .values({ quiz_id: quiz.id, student_id: studentId, status, started_at: NOW - 60_000, deadline, max_score: 10, pending: 0, paper: '[]', created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    return attempt.id;
  }

  const write = (requests: SaveRequest[]) => db().transaction().execute((trx) => writeBatch(trx, requests));
  const req = (attemptId: number, questionId: number, seq: number, response: unknown, extra: Partial<SaveRequest> = {}): SaveRequest => ({
    attemptId,
    questionId,
    seq,
    response: JSON.stringify(response),
    savedAt: NOW,
    ...extra,
  });
  const stored = (attemptId: number) =>
    db()
      .selectFrom('answers')
      .select(['question_id', 'response', 'seq', 'saved_at', 'flagged', 'time_spent_ms'])
      .where('attempt_id', '=', attemptId)
      .orderBy('question_id')
      .execute();

  it('saves the answers of several attempts in one batch and answers with the flag and the deadline', async () => {
    const a = await newAttempt();
    const b = await newAttempt('in_progress', DEADLINE + 60_000);
    const outcomes = await write([
      req(a, 1, 1, 'x', { flagged: true, timeSpentMs: 1_500 }),
      req(a, 2, 1, [1, 2]),
      req(b, 1, 4, 42, { flagged: false }),
      req(b, 2, 2, null, { timeSpentMs: 300 }),
    ]);
    expect(outcomes).toEqual([
      { kind: 'saved', flagged: true, deadline: DEADLINE },
      { kind: 'saved', flagged: false, deadline: DEADLINE },
      { kind: 'saved', flagged: false, deadline: DEADLINE + 60_000 },
      { kind: 'saved', flagged: false, deadline: DEADLINE + 60_000 },
    ]);
    expect(await stored(a)).toEqual([
      { question_id: 1, response: '"x"', seq: 1, saved_at: NOW, flagged: 1, time_spent_ms: 1_500 },
      { question_id: 2, response: '[1,2]', seq: 1, saved_at: NOW, flagged: 0, time_spent_ms: 0 },
    ]);
    expect(await stored(b)).toEqual([
      { question_id: 1, response: '42', seq: 4, saved_at: NOW, flagged: 0, time_spent_ms: 0 },
      { question_id: 2, response: 'null', seq: 2, saved_at: NOW, flagged: 0, time_spent_ms: 300 },
    ]);
    // The attempts are read, not rewritten (a row holds the whole paper): updated_at is as created.
    const touched = await db().selectFrom('attempts').select('updated_at').where('id', 'in', [a, b]).execute();
    expect(touched.map((r) => Number(r.updated_at))).toEqual([NOW, NOW]);
  });

  it('answers stale, and keeps the stored answer, when a save is not newer than the stored one', async () => {
    const a = await newAttempt();
    await write([req(a, 1, 5, 'five')]);
    expect(await write([req(a, 1, 3, 'three', { savedAt: NOW + 1 }), req(a, 1, 5, 'again five', { savedAt: NOW + 2 })])).toEqual([
      { kind: 'stale', deadline: DEADLINE },
      { kind: 'stale', deadline: DEADLINE },
    ]);
    expect(await write([req(a, 1, 6, 'six', { savedAt: NOW + 3 })])).toEqual([{ kind: 'saved', flagged: false, deadline: DEADLINE }]);
    expect(await stored(a)).toMatchObject([{ response: '"six"', seq: 6, saved_at: NOW + 3 }]);
  });

  it('keeps the flag and time of an earlier save of the same answer in the batch, as one after the other would', async () => {
    const a = await newAttempt();
    // Earlier seq 1 flags and times the answer, later seq 2 says nothing of them: both kept.
    await write([req(a, 1, 1, 'one', { flagged: true, timeSpentMs: 500 }), req(a, 1, 2, 'two')]);
    // A later seq 1 arriving after seq 2 is stale: its flag and time are not taken.
    await write([req(a, 2, 2, 'two'), req(a, 2, 1, 'one', { flagged: true, timeSpentMs: 500 })]);
    // Stored seq 5 unflagged; a stale seq 4 flags it, then seq 6 says nothing of the flag: unflagged.
    await write([req(a, 3, 5, 'five', { flagged: false })]);
    await write([req(a, 3, 4, 'four', { flagged: true, timeSpentMs: 400 }), req(a, 3, 6, 'six')]);
    expect((await stored(a)).map((r) => [r.question_id, r.response, r.seq, r.flagged, r.time_spent_ms])).toEqual([
      [1, '"two"', 2, 1, 500],
      [2, '"two"', 2, 0, 0],
      [3, '"six"', 6, 0, 0],
    ]);
  });

  it('writes saves of the same answer in one batch as one after the other: the higher seq stays, the first of equal ones', async () => {
    const a = await newAttempt();
    const saved = { kind: 'saved', flagged: false, deadline: DEADLINE };
    const stale = { kind: 'stale', deadline: DEADLINE };
    expect(await write([req(a, 1, 2, 'newer'), req(a, 1, 1, 'older')])).toEqual([saved, stale]);
    expect(await write([req(a, 2, 1, 'older'), req(a, 2, 2, 'newer')])).toEqual([saved, saved]);
    expect(await write([req(a, 3, 1, 'first'), req(a, 3, 1, 'second'), req(a, 3, 1, 'third')])).toEqual([saved, stale, stale]);
    expect(await write([req(a, 4, 1, 'a'), req(a, 4, 3, 'c'), req(a, 4, 2, 'b'), req(a, 5, 1, 'other')])).toEqual([saved, saved, stale, saved]);
    expect((await stored(a)).map((r) => [r.question_id, r.response, r.seq])).toEqual([
      [1, '"newer"', 2],
      [2, '"newer"', 2],
      [3, '"first"', 1],
      [4, '"c"', 3],
      [5, '"other"', 1],
    ]);
  });

  it('answers closed for an attempt that is not in progress, and writes nothing for it', async () => {
    const open = await newAttempt();
    const submitted = await newAttempt('submitted');
    const outcomes = await write([req(submitted, 1, 1, 'late'), req(open, 1, 1, 'fine'), req(987_654, 1, 1, 'unknown attempt')]);
    expect(outcomes).toEqual([{ kind: 'closed' }, { kind: 'saved', flagged: false, deadline: DEADLINE }, { kind: 'closed' }]);
    expect(await stored(submitted)).toEqual([]);
    const row = await db().selectFrom('attempts').select(['status', 'updated_at']).where('id', '=', submitted).executeTakeFirstOrThrow();
    expect({ ...row, updated_at: Number(row.updated_at) }).toEqual({ status: 'submitted', updated_at: NOW });
  });

  it('answers time_over for a save made after the deadline and its grace', async () => {
    const a = await newAttempt();
    const outcomes = await write([
      req(a, 1, 1, 'just in time', { savedAt: DEADLINE + SAVE_GRACE_MS }),
      req(a, 2, 1, 'too late', { savedAt: DEADLINE + SAVE_GRACE_MS + 1 }),
    ]);
    expect(outcomes).toEqual([{ kind: 'saved', flagged: false, deadline: DEADLINE }, { kind: 'time_over' }]);
    expect((await stored(a)).map((r) => r.question_id)).toEqual([1]);
  });

  it('keeps the stored flag and time spent when a save leaves them out', async () => {
    const a = await newAttempt();
    await write([1, 2, 3].map((q) => req(a, q, 1, 'first', { flagged: true, timeSpentMs: q * 1_000 })));
    // One batch with every shape: nothing, only the flag, only the time, both.
    const outcomes = await write([
      req(a, 1, 2, 'a2'),
      req(a, 2, 2, 'b2', { flagged: false }),
      req(a, 3, 2, 'c2', { timeSpentMs: 3_500 }),
      req(a, 4, 1, 'd', { flagged: true, timeSpentMs: 400 }),
    ]);
    expect(outcomes.map((o) => o.kind === 'saved' && o.flagged)).toEqual([true, false, true, true]);
    expect((await stored(a)).map((r) => [r.question_id, r.response, r.flagged, r.time_spent_ms])).toEqual([
      [1, '"a2"', 1, 1_000],
      [2, '"b2"', 0, 2_000],
      [3, '"c2"', 1, 3_500],
      [4, '"d"', 1, 400],
    ]);
  });

  it('SaveBatcher commits saves made together and gives each its own outcome', async () => {
    const a = await newAttempt('in_progress', Date.now() + 3_600_000);
    const closed = await newAttempt('submitted');
    const batcher = new SaveBatcher(db());
    const now = Date.now();
    const outcomes = await Promise.all([
      batcher.save({ attemptId: a, questionId: 1, seq: 1, response: '"one"', savedAt: now, flagged: true }),
      batcher.save({ attemptId: a, questionId: 2, seq: 1, response: '"two"', savedAt: now }),
      batcher.save({ attemptId: a, questionId: 1, seq: 2, response: '"one again"', savedAt: now }),
      batcher.save({ attemptId: closed, questionId: 1, seq: 1, response: '"no"', savedAt: now }),
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual(['saved', 'saved', 'saved', 'closed']);
    // The seq-2 save said nothing of the flag: the flag of the seq-1 save before it stays.
    expect((await stored(a)).map((r) => [r.question_id, r.response, r.seq, r.flagged])).toEqual([
      [1, '"one again"', 2, 1],
      [2, '"two"', 1, 0],
    ]);
  });
});
