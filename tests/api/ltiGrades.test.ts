import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, useTestApp, type TestApp } from './helper';
import { bodies, created, demoTenant, firstSignIn, json, unique, type Tenant } from './fixtures';
import { knownAs, linkQuiz, registeredPlatform, waitFor } from './ltiFixtures';
import { startPortal } from '../../server/start';
import { SAVE_GRACE_MS, sweepExpiredAttempts } from '../../server/exam/attempts';
import { LTI_USER_AGENT } from '../../server/lti/http';
import { SCOPE, SCORE_CONTENT_TYPE } from '../../server/lti/claims';
import type { Platform } from '../../server/lti/platforms';
import { claimDue, CLAIM_MS } from '../../server/lti/outbox';
import type { TestPlatform } from '../support/ltiPlatform';

/**
 * LTI 1.3 grades (Assignment and Grade Services): a student who came through a course link has
 * their quiz grade posted to the link's line item when an attempt is submitted, hand-graded or
 * regraded, through the outbox; a failing LMS is tried again with back-off, across a restart,
 * and the score arrives once. The teacher sees each send.
 */

const SUB = 'lms-learner-7f3a';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The common parts: the demo institute, the platform registered, the demo student known to it, questions. */
function useLms(t: TestApp) {
  const s = {} as {
    A: Tenant;
    lms: TestPlatform;
    platform: Platform;
    /** Single-choice questions of 1 mark. */
    questions: { id: number; right: string; wrong: string }[];
    essay: number;
  };
  beforeAll(async () => {
    s.A = await demoTenant(t);
    ({ lms: s.lms, platform: s.platform } = await registeredPlatform(t, s.A.institute));
    await knownAs(t, s.platform, s.A.who.STUDENT.userId, SUB);
    s.questions = [];
    for (let i = 0; i < 2; i++) {
      const id = created(await teacher(t, s.A, 'POST', '/api/questions', { ...bodies.question(s.A), marks: 1 }), 'question').id as number;
      const options = json(await teacher(t, s.A, 'GET', `/api/questions/${id}`)).data.options as { id: string; correct: boolean }[];
      s.questions.push({ id, right: options.find((o) => o.correct)!.id, wrong: options.find((o) => !o.correct)!.id });
    }
    s.essay = created(await teacher(t, s.A, 'POST', '/api/questions', { ...bodies.question(s.A), type: 'descriptive', question: unique('Explain a heap. #'), marks: 5, options: undefined }), 'essay').id as number;
  });
  afterAll(async () => {
    await s.lms?.close();
  });
  return s;
}

const teacher = (t: TestApp, A: Tenant, method: string, url: string, body?: unknown) => t.request(method, url, { token: A.tokens.TEACHER, ...(body === undefined ? {} : { body }) });
const student = (t: TestApp, A: Tenant, method: string, url: string, body?: unknown) => t.request(method, url, { token: A.tokens.STUDENT, ...(body === undefined ? {} : { body }) });

/** Starts an attempt, saves `responses` (question id -> response) and submits; returns the attempt id. */
async function take(t: TestApp, A: Tenant, quiz: number, responses: [number, unknown][]): Promise<number> {
  const start = await student(t, A, 'POST', `/api/student/quizzes/${quiz}/attempts`);
  expect(start.statusCode, start.body).toBe(201);
  const attempt = json(start).data.id as number;
  for (const [question, response] of responses) {
    const saved = await student(t, A, 'PUT', `/api/student/attempts/${attempt}/answers/${question}`, { response, seq: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const submitted = await student(t, A, 'POST', `/api/student/attempts/${attempt}/submit`);
  expect(submitted.statusCode, submitted.body).toBe(200);
  return attempt;
}

describeDb('LTI grades: a score after submit, a better attempt, a hand grade', () => {
  // No polling (every 600 s): a score must arrive through the nudge after the commit alone. It
  // takes well under a second; the waits allow for a loaded test machine.
  const t = useTestApp({ LTI_OUTBOX_SECONDS: '600', LTI_RETRY_SECONDS: '0.2', LTI_RETRY_MAX_SECONDS: '1' });
  const s = useLms(t);
  let quiz: number;
  let other: string;

  const ltiView = async (token = s.A.tokens.TEACHER) => {
    const res = await t.request('GET', `/api/quizzes/${quiz}/lti`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data as { links: any[]; scores: any[] };
  };

  beforeAll(async () => {
    quiz = created(
      await teacher(t, s.A, 'POST', '/api/quizzes', bodies.openQuiz(s.A, { questions: s.questions.map((q) => q.id), attempts_allowed: 2, grading_method: 'highest' })),
      'quiz',
    ).id;
    await linkQuiz(t, s.lms, s.platform, quiz, { userId: s.A.who.STUDENT.userId, sub: SUB });
    const otherBody = bodies.teacher(s.A);
    const made = created(await t.request('POST', '/api/teachers', { token: s.A.tokens['INSTITUTE-HEAD'], body: otherBody }), 'other teacher');
    other = await firstSignIn(t, otherBody.username, 'TEACHER', made.initialPassword);
  });

  it('posts the quiz grade to the line item right after the submit, with every field right', async () => {
    const before = Date.now();
    await take(t, s.A, quiz, [
      [s.questions[0].id, s.questions[0].right],
      [s.questions[1].id, s.questions[1].wrong],
    ]);
    await waitFor('the score', () => s.lms.scores.length === 1, 3_000);
    const [score] = s.lms.scores;
    expect(score.path).toBe('/lineitems/7/lineitem/scores');
    expect(score.query).toBe('?type_id=7');
    expect(score.contentType).toBe(SCORE_CONTENT_TYPE);
    expect(score.userAgent).toBe(LTI_USER_AGENT);
    expect(score.authorization).toMatch(/^Bearer at-/);
    expect(score.body).toEqual({ userId: SUB, scoreGiven: 1, scoreMaximum: 2, activityProgress: 'Completed', gradingProgress: 'FullyGraded', timestamp: expect.stringMatching(ISO) });
    expect(Date.parse(score.body.timestamp as string)).toBeGreaterThanOrEqual(before);
    expect(s.lms.tokenRequests.map((r) => r.scope)).toEqual([SCOPE.score]);
    // Nothing more goes out for the same grade.
    await new Promise((r) => setTimeout(r, 300));
    expect(s.lms.scores).toHaveLength(1);
  });

  it('sends again when a second attempt raises the grade, with a later timestamp and the cached token', async () => {
    await take(t, s.A, quiz, [
      [s.questions[0].id, s.questions[0].right],
      [s.questions[1].id, s.questions[1].right],
    ]);
    await waitFor('the second score', () => s.lms.scores.length === 2, 3_000);
    const [first, second] = s.lms.scores;
    expect(second.body).toMatchObject({ userId: SUB, scoreGiven: 2, scoreMaximum: 2, gradingProgress: 'FullyGraded' });
    expect(Date.parse(second.body.timestamp as string)).toBeGreaterThan(Date.parse(first.body.timestamp as string));
    expect(second.authorization).toBe(first.authorization);
    expect(s.lms.tokenRequests).toHaveLength(1);
  });

  it('shows the teacher the links and the sends; the department head may see them, another teacher not (404), a student is refused (403)', async () => {
    // The LMS records a score just before the portal marks its row sent.
    const view = await waitFor('both sends marked sent', async () => {
      const v = await ltiView();
      return v.scores.length === 2 && v.scores.every((r: { status: string }) => r.status === 'sent') ? v : undefined;
    }, 3_000);
    expect(view.links).toEqual([{ id: expect.any(Number), platformIssuer: s.lms.issuer, contextTitle: 'Course one', lineitem: s.lms.lineitem, canSyncMembers: true }]);
    expect(view.scores).toHaveLength(2);
    expect(view.scores[0]).toEqual({
      id: expect.any(Number),
      studentId: s.A.who.STUDENT.userId,
      studentName: expect.any(String),
      scoreGiven: 2,
      scoreMaximum: 2,
      gradingProgress: 'FullyGraded',
      status: 'sent',
      tries: 1,
      lastStatus: 200,
      lastError: null,
      nextTryAt: null,
      sentAt: expect.stringMatching(ISO),
      createdAt: expect.stringMatching(ISO),
    });
    expect(view.scores[1]).toMatchObject({ scoreGiven: 1, status: 'sent' });
    expect((await ltiView(s.A.tokens['DEPARTMENT-HEAD'])).scores).toHaveLength(2);
    expect((await t.request('GET', `/api/quizzes/${quiz}/lti`, { token: other })).statusCode).toBe(404);
    expect((await t.request('GET', `/api/quizzes/${quiz}/lti`, { token: s.A.tokens.STUDENT })).statusCode).toBe(403);
  });

  it('sends PendingManual while a descriptive answer waits, then FullyGraded once the teacher grades it', async () => {
    const essayQuiz = created(
      await teacher(t, s.A, 'POST', '/api/quizzes', bodies.openQuiz(s.A, { questions: [s.questions[0].id, s.essay] })),
      'essay quiz',
    ).id as number;
    await linkQuiz(t, s.lms, s.platform, essayQuiz, { userId: s.A.who.STUDENT.userId, sub: SUB });
    s.lms.scores.length = 0;
    const attempt = await take(t, s.A, essayQuiz, [
      [s.questions[0].id, s.questions[0].right],
      [s.essay, 'A tree kept in an array.'],
    ]);
    await waitFor('the pending score', () => s.lms.scores.length === 1, 3_000);
    expect(s.lms.scores[0].body).toMatchObject({ userId: SUB, scoreGiven: 1, scoreMaximum: 6, activityProgress: 'Completed', gradingProgress: 'PendingManual' });
    const graded = await teacher(t, s.A, 'PUT', `/api/quizzes/${essayQuiz}/attempts/${attempt}/answers/${s.essay}/grade`, { marks: 4 });
    expect(graded.statusCode, graded.body).toBe(200);
    await waitFor('the graded score', () => s.lms.scores.length === 2, 3_000);
    expect(s.lms.scores[1].body).toMatchObject({ userId: SUB, scoreGiven: 5, scoreMaximum: 6, gradingProgress: 'FullyGraded' });
    expect(Date.parse(s.lms.scores[1].body.timestamp as string)).toBeGreaterThan(Date.parse(s.lms.scores[0].body.timestamp as string));
    // The same marks again change nothing: nothing is sent.
    expect((await teacher(t, s.A, 'PUT', `/api/quizzes/${essayQuiz}/attempts/${attempt}/answers/${s.essay}/grade`, { marks: 4 })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(s.lms.scores).toHaveLength(2);
  });

  it('sends nothing for a student who did not come through a link, nor for a quiz without links', async () => {
    const plain = created(await teacher(t, s.A, 'POST', '/api/quizzes', bodies.openQuiz(s.A, { questions: [s.questions[0].id] })), 'plain quiz').id as number;
    s.lms.scores.length = 0;
    await take(t, s.A, plain, [[s.questions[0].id, s.questions[0].right]]);
    await new Promise((r) => setTimeout(r, 300));
    expect(s.lms.scores).toHaveLength(0);
    expect(await t.portal.database.db.selectFrom('lti_outbox').select('id').where('quiz_id', '=', plain).execute()).toEqual([]);
  });

  it('lets one process claim a due row; a claim of a process killed while sending runs out and the row is claimed again', async () => {
    const db = t.portal.database.db;
    const link = (await db.selectFrom('lti_links').select('id').where('quiz_id', '=', quiz).executeTakeFirstOrThrow()).id;
    const now = Date.now() + 3_600_000;
    const row = (claimed_until: number | null) => ({
      link_id: link,
      quiz_id: quiz,
      user_id: s.A.who.STUDENT.userId,
      sub: SUB,
      score_given: 1,
      score_maximum: 2,
      grading_progress: 'FullyGraded' as const,
      timestamp: new Date(now).toISOString(),
      status: 'waiting' as const,
      next_try_at: now - 1,
      claimed_until,
      last_status: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    });
    const killed = (await db.insertInto('lti_outbox').values(row(now + CLAIM_MS / 2)).returning('id').executeTakeFirstOrThrow()).id;
    const free = (await db.insertInto('lti_outbox').values(row(null)).returning('id').executeTakeFirstOrThrow()).id;
    const claims = await Promise.all([claimDue(db, now), claimDue(db, now), claimDue(db, now)]);
    expect(claims.flat().map((r) => r.id)).toEqual([free]);
    const later = await claimDue(db, now + CLAIM_MS + 1);
    expect(later.map((r) => r.id).sort((a, b) => a - b)).toEqual([killed, free]);
    await db.deleteFrom('lti_outbox').where('id', 'in', [killed, free]).execute();
  });

  it('sends the grade of an attempt the server closed at its deadline', async () => {
    const timed = created(await teacher(t, s.A, 'POST', '/api/quizzes', bodies.openQuiz(s.A, { questions: [s.questions[0].id] })), 'timed quiz').id as number;
    await linkQuiz(t, s.lms, s.platform, timed, { userId: s.A.who.STUDENT.userId, sub: SUB });
    s.lms.scores.length = 0;
    const start = await student(t, s.A, 'POST', `/api/student/quizzes/${timed}/attempts`);
    expect(start.statusCode, start.body).toBe(201);
    const attempt = json(start).data.id as number;
    expect((await student(t, s.A, 'PUT', `/api/student/attempts/${attempt}/answers/${s.questions[0].id}`, { response: s.questions[0].right, seq: 1 })).statusCode).toBe(200);
    await t.portal.database.db.updateTable('attempts').set({ deadline: Date.now() - SAVE_GRACE_MS - 60_000 }).where('id', '=', attempt).execute();
    expect(await sweepExpiredAttempts(t.portal.app)).toBe(1);
    await waitFor('the score of the closed attempt', () => s.lms.scores.length === 1, 3_000);
    expect(s.lms.scores[0].body).toMatchObject({ userId: SUB, scoreGiven: 1, scoreMaximum: 1, gradingProgress: 'FullyGraded' });
  });

  it('sends the new grade after a regrade with a fixed key', async () => {
    s.lms.scores.length = 0;
    const q = json(await teacher(t, s.A, 'GET', `/api/questions/${s.questions[0].id}`)).data;
    // The first question's key was wrong: its other option is the right one. Attempt 1 (right, wrong)
    // falls to 0, attempt 2 (right, right) to 1: the highest grade is 1 of 2.
    const fixed = await teacher(t, s.A, 'PUT', `/api/questions/${q.id}`, {
      ...q,
      options: q.options.map((o: { id: string; correct: boolean }) => ({ ...o, correct: !o.correct, weight: o.correct ? 0 : 100 })),
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const res = await teacher(t, s.A, 'POST', `/api/quizzes/${quiz}/regrade`, { dryRun: false });
    expect(res.statusCode, res.body).toBe(200);
    await waitFor('the regraded score', () => s.lms.scores.length === 1, 3_000);
    expect(s.lms.scores[0].body).toMatchObject({ userId: SUB, scoreGiven: 1, scoreMaximum: 2, gradingProgress: 'FullyGraded' });
    // The LMS has it a moment before the sender marks the row sent.
    await waitFor('the regraded row sent', async () => (await ltiView()).scores[0]?.status === 'sent', 3_000);
    expect((await ltiView()).scores[0]).toMatchObject({ scoreGiven: 1, status: 'sent' });
  });
});

describeDb('LTI grades: the outbox survives a restart and sends once', () => {
  // The sender starts off: the first grade waits.
  const t = useTestApp({ LTI_OUTBOX_SECONDS: '0', LTI_RETRY_SECONDS: '0.5', LTI_RETRY_MAX_SECONDS: '1' });
  const s = useLms(t);
  let quiz: number;

  const scores = async () => {
    const res = await t.request('GET', `/api/quizzes/${quiz}/lti`, { token: s.A.tokens.TEACHER });
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data.scores as any[];
  };
  const restart = async (outboxSeconds: number) => {
    await t.portal.close();
    t.portal = await startPortal({ ...t.config, LTI_OUTBOX_SECONDS: outboxSeconds }, false);
  };

  beforeAll(async () => {
    quiz = created(await teacher(t, s.A, 'POST', '/api/quizzes', bodies.openQuiz(s.A, { questions: s.questions.map((q) => q.id) })), 'quiz').id;
    await linkQuiz(t, s.lms, s.platform, quiz, { userId: s.A.who.STUDENT.userId, sub: SUB });
  });

  it('keeps the grade waiting while no sender runs', async () => {
    await take(t, s.A, quiz, [
      [s.questions[0].id, s.questions[0].right],
      [s.questions[1].id, s.questions[1].right],
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect(s.lms.scores).toHaveLength(0);
    expect(await scores()).toEqual([expect.objectContaining({ scoreGiven: 2, scoreMaximum: 2, status: 'waiting', tries: 0, lastStatus: null, lastError: null, sentAt: null, nextTryAt: expect.stringMatching(ISO) })]);
  });

  it('tries, shows the LMS’s 500 as failing, and after a restart in between sends the score exactly once', async () => {
    s.lms.scoreReplies.push(500, 500, 500);
    await restart(0.1);
    const failing = await waitFor('the first failure', async () => (await scores()).find((r) => r.status === 'failing'), 3_000);
    expect(failing).toMatchObject({ status: 'failing', tries: 1, lastStatus: 500, lastError: expect.stringContaining('the platform answers 500'), sentAt: null, nextTryAt: expect.stringMatching(ISO) });
    // The portal stops between two tries and starts again on the same database.
    await t.portal.close();
    await new Promise((r) => setTimeout(r, 800));
    expect(s.lms.scores).toHaveLength(0);
    t.portal = await startPortal({ ...t.config, LTI_OUTBOX_SECONDS: 0.1 }, false);
    const sent = await waitFor('the score sent', async () => (await scores()).find((r) => r.status === 'sent'), 10_000);
    expect(sent).toMatchObject({ scoreGiven: 2, status: 'sent', tries: 4, lastStatus: 200, lastError: null, nextTryAt: null, sentAt: expect.stringMatching(ISO) });
    expect(s.lms.scoreReplies).toEqual([]);
    expect(s.lms.scores).toHaveLength(1);
    expect(s.lms.scores[0].body).toMatchObject({ userId: SUB, scoreGiven: 2, scoreMaximum: 2, gradingProgress: 'FullyGraded' });
    // Nothing goes out again.
    await new Promise((r) => setTimeout(r, 500));
    expect(s.lms.scores).toHaveLength(1);
    expect(await scores()).toHaveLength(1);
  });

  it('sends only the newest grade: a better attempt while the LMS fails supersedes the grade not sent yet', async () => {
    const twice = created(
      await teacher(t, s.A, 'POST', '/api/quizzes', bodies.openQuiz(s.A, { questions: s.questions.map((q) => q.id), attempts_allowed: 2, grading_method: 'highest' })),
      'quiz of two attempts',
    ).id as number;
    await linkQuiz(t, s.lms, s.platform, twice, { userId: s.A.who.STUDENT.userId, sub: SUB });
    s.lms.scores.length = 0;
    s.lms.scoreReplies.push(500, 500, 500, 500);
    const rows = () => t.portal.database.db.selectFrom('lti_outbox').select(['id', 'score_given', 'status']).where('quiz_id', '=', twice).orderBy('id').execute();
    await take(t, s.A, twice, [
      [s.questions[0].id, s.questions[0].right],
      [s.questions[1].id, s.questions[1].wrong],
    ]);
    await waitFor('the first grade failing', async () => (await rows()).some((r) => r.status === 'failing'), 3_000);
    await take(t, s.A, twice, [
      [s.questions[0].id, s.questions[0].right],
      [s.questions[1].id, s.questions[1].right],
    ]);
    await waitFor('the newest grade sent', async () => (await rows()).some((r) => r.status === 'sent'), 10_000);
    expect((await rows()).map((r) => [Number(r.score_given), r.status])).toEqual([
      [1, 'superseded'],
      [2, 'sent'],
    ]);
    expect(s.lms.scores.map((r) => r.body.scoreGiven)).toEqual([2]);
    expect(s.lms.scoreReplies).toEqual([]);
    const res = await t.request('GET', `/api/quizzes/${twice}/lti`, { token: s.A.tokens.TEACHER });
    expect(json(res).data.scores).toEqual([expect.objectContaining({ scoreGiven: 2, status: 'sent' })]);
  });
});
