import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { closeExpiredAttempts, SAVE_GRACE_MS, sweepExpiredAttempts } from '../../server/exam/attempts';
import { EXAM_LINK_ONLY, EXAM_LINK_OTHER_QUIZ } from '../../server/auth/examLinkScope';
import { describeDb, useTestApp, editQuizRow } from './helper';
import { REVIEW_EVERYTHING, REVIEW_MARKS_ONLY } from '../support/review';
import { DEFAULT_REVIEW } from '../../src/schemas/quizzes';

/**
 * The issue "Students take exams": the student's exam API (attempts, answers saved
 * with seq, submitting; the server's deadline decides) on the demo institute. Quizzes are made through the teacher's API with times relative to now;
 * the clock is moved by writing an attempt's deadline into the past.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PASSWORD = 'chosen-pass-2026';

interface BankQuestion {
  id: number;
  type: string;
  marks: number;
  difficulty: string;
  module: number;
  options?: { id: string; text: string; correct: boolean }[];
}

type Body = { success: boolean; message: string; data?: any };
const body = (res: LightMyRequestResponse) => res.json() as Body;

describeDb('students take exams', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;

  const token = {} as Record<'student' | 'peer' | 'outsider' | 'teacher' | 'head' | 'admin', string>;
  const userId = {} as Record<'student' | 'peer' | 'outsider', number>;
  let subjectId: number;
  let groupId: number;
  let otherGroupId: number;
  /** The demo bank in the order it was seeded: single, multiple (partial), true/false, numeric, short answer, descriptive, single, true/false, multiple (all or nothing), numeric. */
  let bank: BankQuestion[];

  const call = (method: string, url: string, who: keyof typeof token, payload?: unknown) =>
    t.request(method, url, { token: token[who], ...(payload === undefined ? {} : { body: payload }) });

  const iso = (ms: number) => new Date(ms).toISOString();
  let sequence = 0;

  /** A published quiz of the teacher for the demo group, made through the teacher's API. */
  async function createQuiz(overrides: Record<string, unknown> = {}, times: { visible?: number; from?: number; to?: number } = {}): Promise<number> {
    const now = Date.now();
    const from = times.from ?? now - HOUR;
    const res = await call('POST', '/api/quizzes', 'teacher', {
      name: `Exam test quiz ${++sequence}`,
      subjects: [String(subjectId)],
      visible_from: iso(times.visible ?? from - HOUR),
      valid_from: iso(from),
      valid_to: iso(times.to ?? now + 2 * HOUR),
      duration: 60,
      group_id: groupId,
      options: { face_detection: false, safe_exam_browser: false, guest_flag: false, negative_marking: false },
      questions: bank.slice(0, 3).map((q) => q.id),
      published: true,
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(201);
    return body(res).data.id as number;
  }

  async function start(quizId: number, who: keyof typeof token = 'student') {
    const res = await call('POST', `/api/student/quizzes/${quizId}/attempts`, who);
    expect([200, 201], res.body).toContain(res.statusCode);
    return body(res).data as { id: number; deadline: number; serverTime: number; startedAt: number; status: string };
  }

  const save = (attemptId: number, questionId: number, payload: Record<string, unknown>, who: keyof typeof token = 'student') =>
    call('PUT', `/api/student/attempts/${attemptId}/answers/${questionId}`, who, payload);

  async function saved(attemptId: number, questionId: number, response: unknown, seq = 1, extra: Record<string, unknown> = {}) {
    const res = await save(attemptId, questionId, { response, seq, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data;
  }

  const setDeadline = (attemptId: number, deadline: number) => db().updateTable('attempts').set({ deadline }).where('id', '=', attemptId).execute();
  const attemptRow = (attemptId: number) => db().selectFrom('attempts').selectAll().where('id', '=', attemptId).executeTakeFirstOrThrow();
  const listed = async (who: keyof typeof token, state: string) => {
    const res = await call('GET', `/api/student/quizzes?state=${state}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data as { id: number; attempt: { id: number; status: string } | null }[];
  };
  const correctOf = (q: BankQuestion) => q.options!.filter((o) => o.correct).map((o) => o.id);
  const wrongOf = (q: BankQuestion) => q.options!.filter((o) => !o.correct).map((o) => o.id);

  /** A student of the demo department made by the department head, who has chosen their password. */
  async function newStudent(username: string, phone: string): Promise<{ id: number; token: string }> {
    const res = await call('POST', '/api/students', 'head', {
      batch: '2026',
      email: `${username}@pupil.example`,
      fullname: 'Exam Student',
      phone,
      semester: '3',
      username,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, initialPassword } = body(res).data;
    const first = await t.login(username, 'STUDENT', initialPassword);
    const changed = await t.request('POST', '/api/auth/change-password', {
      token: first,
      body: { currentPassword: initialPassword, newPassword: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    return { id, token: await t.login(username, 'STUDENT', PASSWORD) };
  }

  beforeAll(async () => {
    token.student = await t.login('student', 'STUDENT');
    token.teacher = await t.login('teacher', 'TEACHER');
    token.head = await t.login('department-head', 'DEPARTMENT-HEAD');
    token.admin = await t.login('admin', 'ADMIN');
    userId.student = (await db().selectFrom('users').select('id').where('username', '=', 'student').executeTakeFirstOrThrow()).id;
    subjectId = (await db().selectFrom('subjects').select('id').where('code', '=', 'CS201').executeTakeFirstOrThrow()).id;
    groupId = (await db().selectFrom('group_students').select('group_id').where('student_id', '=', userId.student).executeTakeFirstOrThrow()).group_id;

    const peer = await newStudent('exampeer', '9100000101');
    const outsider = await newStudent('examoutsider', '9100000102');
    Object.assign(userId, { peer: peer.id, outsider: outsider.id });
    Object.assign(token, { peer: peer.token, outsider: outsider.token });

    // The peer joins the demo group; the outsider is in a group of their own.
    const group = await call('GET', `/api/groups/${groupId}`, 'head');
    expect(group.statusCode, group.body).toBe(200);
    const { groupName, students } = body(group).data as { groupName: string; students: number[] };
    const joined = await call('PUT', `/api/groups/${groupId}`, 'head', { groupName, students: [...students, peer.id] });
    expect(joined.statusCode, joined.body).toBe(200);
    const other = await call('POST', '/api/groups', 'teacher', { groupName: 'Exam test outsiders', students: [outsider.id] });
    expect(other.statusCode, other.body).toBe(201);
    otherGroupId = body(other).data.id;

    const questions = await call('GET', '/api/questions?range=[0,99]', 'teacher');
    expect(questions.statusCode, questions.body).toBe(200);
    bank = (body(questions).data as BankQuestion[]).sort((a, b) => a.id - b.id);
    expect(bank.map((q) => q.type)).toEqual(['single', 'multiple', 'true_false', 'numeric', 'short_answer', 'descriptive', 'single', 'true_false', 'multiple', 'numeric']);
  });

  describe('quiz lists and instructions', () => {
    let upcoming: number, hidden: number, available: number, draft: number, closed: number, otherGroup: number;

    beforeAll(async () => {
      const now = Date.now();
      upcoming = await createQuiz({}, { visible: now - HOUR, from: now + HOUR, to: now + 3 * HOUR });
      hidden = await createQuiz({}, { visible: now + HOUR, from: now + 2 * HOUR, to: now + 4 * HOUR });
      available = await createQuiz();
      draft = await createQuiz({ published: false });
      closed = await createQuiz({ duration: 30 }, { from: now - 2 * HOUR, to: now - HOUR });
      otherGroup = await createQuiz({ group_id: otherGroupId });
    });

    it("lists the group's upcoming quizzes (visible, not yet open) and available ones (open)", async () => {
      const soon = (await listed('student', 'upcoming')).map((q) => q.id);
      expect(soon).toContain(upcoming);
      expect(soon).toContain(2); // the demo mid-term
      for (const id of [hidden, available, draft, closed, otherGroup, 1, 3]) expect(soon).not.toContain(id);

      const open = await listed('student', 'available');
      const ids = open.map((q) => q.id);
      expect(ids).toContain(available);
      expect(ids).toContain(1); // the demo practice quiz
      for (const id of [upcoming, hidden, draft, closed, otherGroup, 2, 3]) expect(ids).not.toContain(id);
      expect(open.find((q) => q.id === available)).toMatchObject({ name: expect.any(String), questionCount: 3, attempt: null });
    });

    it('shows none of the group\'s quizzes to a student outside the group', async () => {
      const soon = (await listed('outsider', 'upcoming')).map((q) => q.id);
      const open = (await listed('outsider', 'available')).map((q) => q.id);
      for (const id of [upcoming, hidden, available, draft, closed, 1, 2, 3]) {
        expect(soon).not.toContain(id);
        expect(open).not.toContain(id);
      }
      expect(open).toEqual([otherGroup]);
    });

    it('lists an attempt in progress with its attempt, and no longer once it is submitted', async () => {
      const attempt = await start(available);
      expect((await listed('student', 'available')).find((q) => q.id === available)?.attempt).toMatchObject({ id: attempt.id, status: 'in_progress' });
      expect((await call('POST', `/api/student/attempts/${attempt.id}/submit`, 'student')).statusCode).toBe(200);
      expect((await listed('student', 'available')).map((q) => q.id)).not.toContain(available);
      // Another student of the group still sees it.
      expect((await listed('peer', 'available')).find((q) => q.id === available)?.attempt).toBeNull();
    });

    it('refuses an unknown or missing state with 400', async () => {
      for (const url of ['/api/student/quizzes?state=past', '/api/student/quizzes']) {
        const res = await call('GET', url, 'student');
        expect(res.statusCode, url).toBe(400);
        expect(body(res).success).toBe(false);
        expect(body(res).data.errors).toEqual({ state: 'state must be upcoming or available' });
      }
    });

    it('is for students only', async () => {
      expect((await call('GET', '/api/student/quizzes?state=available', 'teacher')).statusCode).toBe(403);
      expect((await t.request('GET', '/api/student/quizzes?state=available')).statusCode).toBe(405);
    });

    it('gives the instructions of a quiz of the group', async () => {
      const res = await call('GET', '/api/student/quizzes/1', 'student');
      expect(res.statusCode, res.body).toBe(200);
      const data = body(res).data;
      const quiz = await db().selectFrom('quizzes').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
      expect(data).toMatchObject({
        id: 1,
        name: 'Data Structures: practice quiz',
        subjects: [{ id: subjectId, name: 'Data Structures', code: 'CS201' }],
        questionCount: 6,
        totalMarks: 2 + 4 + 1 + 3 + 2 + 5,
        duration: 30,
        visibleFrom: quiz.visible_from,
        validFrom: quiz.valid_from,
        validTo: quiz.valid_to,
        negativeMarking: false,
        faceDetection: false,
        safeExamBrowser: false,
        review: REVIEW_EVERYTHING,
        open: true,
        extraMinutes: 0,
        attempt: null,
        serverTime: expect.any(Number),
      });
      expect(data.instructions).toMatch(/Answer every question/);

      const mid = body(await call('GET', '/api/student/quizzes/2', 'student')).data;
      expect(mid).toMatchObject({ name: 'Data Structures: mid-term', negativeMarking: true, negativePenalty: 0.25, open: false, questionCount: 6, duration: 90 });
    });

    it("answers 404 for another group's quiz, a draft, a quiz not yet visible and an unknown quiz", async () => {
      for (const id of [otherGroup, draft, hidden, 2 ** 31 - 1]) {
        const res = await call('GET', `/api/student/quizzes/${id}`, 'student');
        expect(res.statusCode, `quiz ${id}`).toBe(404);
        expect(body(res).success).toBe(false);
      }
      expect((await call('GET', '/api/student/quizzes/1', 'outsider')).statusCode).toBe(404);
      expect((await call('GET', `/api/student/quizzes/${otherGroup}`, 'outsider')).statusCode).toBe(200);
    });

    it('starts only inside the window and only quizzes of the group', async () => {
      const before = await call('POST', `/api/student/quizzes/${upcoming}/attempts`, 'student');
      expect(before.statusCode).toBe(409);
      expect(body(before)).toMatchObject({ success: false, message: 'This quiz has not opened yet' });
      const after = await call('POST', `/api/student/quizzes/${closed}/attempts`, 'student');
      expect(after.statusCode).toBe(409);
      expect(body(after)).toMatchObject({ success: false, message: 'This quiz has closed' });
      for (const id of [otherGroup, draft]) expect((await call('POST', `/api/student/quizzes/${id}/attempts`, 'student')).statusCode).toBe(404);
      expect((await call('POST', '/api/student/quizzes/1/attempts', 'outsider')).statusCode).toBe(404);
      const rows = await db().selectFrom('attempts').select('id').where('quiz_id', 'in', [upcoming, closed, otherGroup, draft]).execute();
      expect(rows).toEqual([]);
    });
  });

  describe('starting an attempt', () => {
    it('starts inside the window with the id, the deadline and the server time', async () => {
      const quiz = await createQuiz({ duration: 45 });
      const before = Date.now();
      const attempt = await start(quiz);
      const after = Date.now();
      expect(attempt).toMatchObject({ id: expect.any(Number), status: 'in_progress' });
      expect(attempt.startedAt).toBeGreaterThanOrEqual(before);
      expect(attempt.startedAt).toBeLessThanOrEqual(after);
      expect(attempt.serverTime).toBeGreaterThanOrEqual(attempt.startedAt);
      expect(attempt.serverTime).toBeLessThanOrEqual(after);
      expect(attempt.deadline).toBe(attempt.startedAt + 45 * MINUTE);
      // Starting again is resuming: the same attempt and deadline.
      const again = await start(quiz);
      expect(again).toMatchObject({ id: attempt.id, deadline: attempt.deadline, startedAt: attempt.startedAt });
    });

    it('makes one attempt of 20 concurrent starts', async () => {
      const quiz = await createQuiz();
      const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', `/api/student/quizzes/${quiz}/attempts`, 'student')));
      for (const res of answers) expect([200, 201], res.body).toContain(res.statusCode);
      const ids = new Set(answers.map((res) => body(res).data.id));
      expect(ids.size).toBe(1);
      const rows = await db().selectFrom('attempts').select('id').where('quiz_id', '=', quiz).where('student_id', '=', userId.student).execute();
      expect(rows).toEqual([{ id: [...ids][0] }]);
    });

    it('ends the attempt at valid_to when the window closes before the duration is over', async () => {
      const now = Date.now();
      const validTo = now + 10 * MINUTE;
      const quiz = await createQuiz({ duration: 55 }, { from: now - 50 * MINUTE, to: validTo });
      const attempt = await start(quiz);
      expect(attempt.deadline).toBe(validTo);
      expect(attempt.deadline).toBe(Math.min(attempt.startedAt + 55 * MINUTE, validTo));
    });

    it("adds the extra minutes the teacher granted to the student's deadline", async () => {
      const quiz = await createQuiz({ duration: 30 });
      const granted = await call('PUT', `/api/quizzes/${quiz}/accommodations/${userId.student}`, 'teacher', { extraMinutes: 15 });
      expect(granted.statusCode, granted.body).toBe(200);
      expect(body(await call('GET', `/api/student/quizzes/${quiz}`, 'student')).data.extraMinutes).toBe(15);
      const attempt = await start(quiz);
      expect(attempt.deadline).toBe(attempt.startedAt + 45 * MINUTE);
      // The peer has no extra time.
      const peer = await start(quiz, 'peer');
      expect(peer.deadline).toBe(peer.startedAt + 30 * MINUTE);
    });
  });

  describe('reading and saving answers (the demo practice quiz)', () => {
    let attemptId: number;
    let paper: { id: number; type: string; options?: { id: string; text: string }[] }[];
    const question = (type: string) => paper.find((q) => q.type === type)!;

    beforeAll(async () => {
      attemptId = (await start(1)).id;
    });

    it('gives the paper without answer keys, with the deadline and the server time', async () => {
      const res = await call('GET', `/api/student/attempts/${attemptId}`, 'student');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toMatch(/"key"/);
      expect(res.body).not.toMatch(/correct/i);
      expect(res.body).not.toMatch(/accepted|numericValue|tolerance/i);
      const data = body(res).data;
      expect(data).toMatchObject({ id: attemptId, quizId: 1, status: 'in_progress', deadline: expect.any(Number), serverTime: expect.any(Number), answers: {} });
      paper = data.questions;
      expect(paper.map((q) => q.type)).toEqual(['single', 'multiple', 'true_false', 'numeric', 'short_answer', 'descriptive']);
      expect(paper.map((q) => q.id)).toEqual(bank.slice(0, 6).map((q) => q.id));
      for (const q of data.questions) {
        expect(q).toMatchObject({ id: expect.any(Number), type: expect.any(String), question: expect.any(String), marks: expect.any(Number) });
        if (q.type === 'single' || q.type === 'multiple') {
          expect(q.options.length).toBeGreaterThanOrEqual(2);
          for (const o of q.options) expect(Object.keys(o).sort()).toEqual(['id', 'text']);
        }
      }
    });

    it('keeps saved answers, keyed by question id with the response and seq', async () => {
      const single = question('single');
      expect(await saved(attemptId, single.id, 'o1', 1)).toMatchObject({ questionId: single.id, response: 'o1', seq: 1, stale: false, serverTime: expect.any(Number) });
      await saved(attemptId, question('true_false').id, false, 1);
      await saved(attemptId, question('numeric').id, 10, 1);
      const data = body(await call('GET', `/api/student/attempts/${attemptId}`, 'student')).data;
      expect(data.answers).toEqual({
        [single.id]: expect.objectContaining({ response: 'o1', seq: 1 }),
        [question('true_false').id]: expect.objectContaining({ response: false, seq: 1 }),
        [question('numeric').id]: expect.objectContaining({ response: 10, seq: 1 }),
      });
    });

    it("keeps every student out of another student's attempt (404)", async () => {
      const q = question('single').id;
      const refused = [
        await call('GET', `/api/student/attempts/${attemptId}`, 'peer'),
        await save(attemptId, q, { response: 'o2', seq: 99 }, 'peer'),
        await call('POST', `/api/student/attempts/${attemptId}/submit`, 'peer'),
        await call('GET', `/api/student/attempts/${attemptId}/analysis`, 'peer'),
      ];
      for (const res of refused) {
        expect(res.statusCode, res.body).toBe(404);
        expect(body(res).success).toBe(false);
      }
      const mine = await start(1, 'peer');
      expect(mine.id).not.toBe(attemptId);
      expect((await call('GET', `/api/student/attempts/${mine.id}`, 'student')).statusCode).toBe(404);
      expect((await save(mine.id, q, { response: 'o2', seq: 1 }, 'student')).statusCode).toBe(404);
      // Nothing of the peer's changed the student's attempt.
      const stored = await db().selectFrom('answers').select(['response', 'seq']).where('attempt_id', '=', attemptId).where('question_id', '=', q).executeTakeFirstOrThrow();
      expect(stored).toEqual({ response: JSON.stringify('o1'), seq: 1 });
      expect((await attemptRow(attemptId)).status).toBe('in_progress');
    });

    it('refuses a response that does not fit the question type (400)', async () => {
      const cases: [type: string, response: unknown][] = [
        ['single', 'o9'],
        ['single', ['o1']],
        ['multiple', ['o1', 'o9']],
        ['multiple', ['o1', 'o1']],
        ['multiple', 'o1'],
        ['true_false', 'true'],
        ['true_false', 1],
        ['numeric', 'ten'],
        ['numeric', '10'],
        ['short_answer', 42],
        ['short_answer', 'x'.repeat(501)],
        ['descriptive', { text: 'essay' }],
      ];
      for (const [type, response] of cases) {
        const res = await save(attemptId, question(type).id, { response, seq: 50 });
        expect(res.statusCode, `${type} ${JSON.stringify(response)}`).toBe(400);
        const b = body(res);
        expect(b.success).toBe(false);
        expect(b.message).toMatch(/^Invalid response/);
        expect(b.data.errors.response).toEqual(expect.any(String));
      }
      for (const payload of [{ response: 'o1' }, { response: 'o1', seq: -1 }, { response: 'o1', seq: 1.5 }, { response: 'o1', seq: '2' }]) {
        expect((await save(attemptId, question('single').id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
      // None of them was stored.
      const rows = await db().selectFrom('answers').select('seq').where('attempt_id', '=', attemptId).execute();
      expect(rows.every((r) => r.seq === 1)).toBe(true);
    });

    it('answers 404 for a question that is not in the paper', async () => {
      for (const q of [bank[6].id, 2 ** 31 - 1]) {
        const res = await save(attemptId, q, { response: 'o1', seq: 1 });
        expect(res.statusCode, res.body).toBe(404);
        expect(body(res).success).toBe(false);
      }
    });

    it('keeps the newest of out-of-order saves and answers a stale one with it', async () => {
      const q = question('multiple').id;
      expect(await saved(attemptId, q, ['o1', 'o2'], 5)).toMatchObject({ response: ['o1', 'o2'], seq: 5, stale: false });
      const late = await save(attemptId, q, { response: ['o3'], seq: 3 });
      expect(late.statusCode).toBe(200);
      expect(body(late).data).toMatchObject({ questionId: q, response: ['o1', 'o2'], seq: 5, stale: true });
      const data = body(await call('GET', `/api/student/attempts/${attemptId}`, 'student')).data;
      expect(data.answers[q]).toMatchObject({ response: ['o1', 'o2'], seq: 5 });
      // A newer one replaces it; null clears the answer.
      expect(await saved(attemptId, q, ['o2'], 6)).toMatchObject({ response: ['o2'], seq: 6, stale: false });
      expect(await saved(attemptId, q, null, 7)).toMatchObject({ response: null, seq: 7, stale: false });
      expect(body(await call('GET', `/api/student/attempts/${attemptId}`, 'student')).data.answers[q]).toMatchObject({ response: null, seq: 7 });
    });

    it('takes a repeated save (same seq) once', async () => {
      const q = question('short_answer').id;
      const first = await saved(attemptId, q, 'a queue', 4);
      const row = () => db().selectFrom('answers').selectAll().where('attempt_id', '=', attemptId).where('question_id', '=', q).executeTakeFirstOrThrow();
      const stored = await row();
      const again = await save(attemptId, q, { response: 'a queue', seq: 4 });
      expect(again.statusCode).toBe(200);
      expect(body(again).data).toMatchObject({ questionId: q, response: 'a queue', seq: 4, savedAt: first.savedAt });
      expect(await row()).toEqual(stored);
      expect((await db().selectFrom('answers').select('question_id').where('attempt_id', '=', attemptId).where('question_id', '=', q).execute()).length).toBe(1);
    });

    it('keeps the flag and the time spent when a save does not mention them', async () => {
      const q = question('true_false').id;
      const stored = () => db().selectFrom('answers').select(['flagged', 'time_spent_ms']).where('attempt_id', '=', attemptId).where('question_id', '=', q).executeTakeFirstOrThrow();
      expect(await saved(attemptId, q, true, 10, { flagged: true, timeSpentMs: 5000 })).toMatchObject({ flagged: true, stale: false });
      expect(await saved(attemptId, q, false, 11)).toMatchObject({ response: false, flagged: true, stale: false });
      expect(await stored()).toEqual({ flagged: 1, time_spent_ms: 5000 });
      expect(body(await call('GET', `/api/student/attempts/${attemptId}`, 'student')).data.answers[q]).toMatchObject({ response: false, seq: 11, flagged: true });
      expect(await saved(attemptId, q, false, 12, { flagged: false, timeSpentMs: 7000 })).toMatchObject({ flagged: false });
      expect(await stored()).toEqual({ flagged: 0, time_spent_ms: 7000 });
    });

    it('takes the largest sequence numbers a client may send', async () => {
      const q = question('descriptive').id;
      expect(await saved(attemptId, q, 'First draft', 2 ** 31 - 1)).toMatchObject({ seq: 2 ** 31 - 1, stale: false });
      const tooLarge = await save(attemptId, q, { response: 'Second draft', seq: 2 ** 31 });
      expect(tooLarge.statusCode, tooLarge.body).toBe(400);
      expect(body(tooLarge).data.errors).toEqual({ seq: 'seq must be at most 2147483647' });
    });
  });

  describe('the clock', () => {
    it('takes a save inside the 30 s grace after the deadline and refuses one after it (409)', async () => {
      expect(SAVE_GRACE_MS).toBe(30_000);
      const attempt = await start(await createQuiz());
      const q = bank[0].id;
      await setDeadline(attempt.id, Date.now() - 10_000);
      expect(await saved(attempt.id, q, 'o2', 1)).toMatchObject({ response: 'o2', stale: false });
      await setDeadline(attempt.id, Date.now() - SAVE_GRACE_MS - 1_000);
      const late = await save(attempt.id, q, { response: 'o1', seq: 2 });
      expect(late.statusCode).toBe(409);
      expect(body(late)).toMatchObject({ success: false, message: 'The time for this exam is over' });
      // An answer the question would refuse anyway is told the same: the time is over.
      const lateAndWrong = await save(attempt.id, q, { response: 'not-an-option', seq: 3 });
      expect(lateAndWrong.statusCode).toBe(409);
      expect(body(lateAndWrong)).toMatchObject({ success: false, message: 'The time for this exam is over' });
      const stored = await db().selectFrom('answers').select(['response', 'seq']).where('attempt_id', '=', attempt.id).executeTakeFirstOrThrow();
      expect(stored).toEqual({ response: JSON.stringify('o2'), seq: 1 });
    });

    it('refuses saves after the attempt is submitted (409)', async () => {
      const attempt = await start(await createQuiz());
      await saved(attempt.id, bank[0].id, 'o2', 1);
      expect((await call('POST', `/api/student/attempts/${attempt.id}/submit`, 'student')).statusCode).toBe(200);
      const res = await save(attempt.id, bank[0].id, { response: 'o1', seq: 2 });
      expect(res.statusCode).toBe(409);
      expect(body(res)).toMatchObject({ success: false, message: 'This exam has been submitted; answers can no longer change' });
    });

    it('grades an answer saved while the attempt is being submitted, or refuses it', async () => {
      for (let round = 0; round < 30; round++) {
        const attempt = await start(await createQuiz({ questions: [bank[0].id, bank[2].id] }));
        await saved(attempt.id, bank[2].id, true, 1);
        const [saving, submitting] = await Promise.all([
          save(attempt.id, bank[0].id, { response: correctOf(bank[0])[0], seq: 1 }),
          call('POST', `/api/student/attempts/${attempt.id}/submit`, 'student'),
        ]);
        expect(submitting.statusCode).toBe(200);
        expect([200, 409], saving.body).toContain(saving.statusCode);
        // An acknowledged answer counts (2 + 1 marks); a refused one does not (1 mark).
        const expected = saving.statusCode === 200 ? 3 : 1;
        expect((await attemptRow(attempt.id)).score, `round ${round}: ${saving.body}`).toBe(expected);
        expect(body(submitting).data.score).toBe(expected);
      }
    });

    it('closes an abandoned attempt at its deadline and grades what was saved', async () => {
      // Single (2 marks) right, true/false (1 mark) wrong, multiple unanswered; no negative marking.
      const quiz = await createQuiz({ questions: [bank[0].id, bank[1].id, bank[2].id] });
      const attempt = await start(quiz);
      await saved(attempt.id, bank[0].id, correctOf(bank[0])[0], 1);
      await saved(attempt.id, bank[2].id, false, 1);
      const deadline = Date.now() - SAVE_GRACE_MS - 5_000;
      await setDeadline(attempt.id, deadline);
      const before = await attemptRow(attempt.id);
      expect(before.status).toBe('in_progress');

      expect(await closeExpiredAttempts(db())).toBeGreaterThanOrEqual(1);
      const row = await attemptRow(attempt.id);
      expect(row).toMatchObject({ status: 'submitted', closed_by: 'deadline', score: 2, max_score: 7, pending: 0, submitted_at: deadline + SAVE_GRACE_MS });
      const outcomes = await db().selectFrom('answers').select(['question_id', 'outcome', 'marks']).where('attempt_id', '=', attempt.id).orderBy('question_id').execute();
      expect(outcomes).toEqual([
        { question_id: bank[0].id, outcome: 'correct', marks: 2 },
        { question_id: bank[2].id, outcome: 'wrong', marks: 0 },
      ]);
      // Closing again changes nothing.
      expect(await closeExpiredAttempts(db(), Date.now(), quiz)).toBe(0);
      const res = body(await call('GET', `/api/student/attempts/${attempt.id}`, 'student')).data;
      expect(res.status).toBe('submitted');
    });

    it('closes an abandoned attempt when the student comes back after the deadline', async () => {
      const quiz = await createQuiz();
      const attempt = await start(quiz, 'peer');
      expect((await save(attempt.id, bank[2].id, { response: true, seq: 1 }, 'peer')).statusCode).toBe(200);
      await setDeadline(attempt.id, Date.now() - SAVE_GRACE_MS - 1_000);
      const res = await call('GET', `/api/student/attempts/${attempt.id}`, 'peer');
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).data).toMatchObject({ status: 'submitted', answers: { [bank[2].id]: { response: true, seq: 1 } } });
      expect(await attemptRow(attempt.id)).toMatchObject({ status: 'submitted', closed_by: 'deadline', score: 1 });
      const history = body(await call('GET', '/api/student/attempts', 'peer')).data as { id: number; status: string; closedBy: string; score: number }[];
      expect(history.find((h) => h.id === attempt.id)).toMatchObject({ status: 'submitted', closedBy: 'deadline', score: 1 });
      // Submitting afterwards answers with the same result.
      const submit = await call('POST', `/api/student/attempts/${attempt.id}/submit`, 'peer');
      expect(body(submit).data).toMatchObject({ status: 'submitted', closedBy: 'deadline', score: 1 });
    });
  });

  describe('submission, grading and analysis', () => {
    let quiz: number;
    let attemptId: number;
    /** Marks of each bank question, in bank order, with negative marking at 0.25 of the marks. */
    const expected = [
      -0.5, //  single, 2 marks, wrong: -0.25 x 2
      2, //     multiple (partial), 4 marks, one of two correct options and nothing wrong: 1/2 x 4
      1, //     true/false, 1 mark, right
      3, //     numeric, 3 marks, right
      2, //     short answer, 2 marks, right (case and spaces do not count)
      null, //  descriptive, 5 marks: the teacher grades it
      0, //     single, 2 marks, not answered
      -0.25, // true/false, 1 mark, wrong: -0.25 x 1
      -0.5, //  multiple (all or nothing), 2 marks, only one of the two correct options: -0.25 x 2
      0, //     numeric, 3 marks, answered then cleared
    ];
    const autoScore = expected.reduce<number>((s, m) => s + (m ?? 0), 0);
    const maxScore = 2 + 4 + 1 + 3 + 2 + 5 + 2 + 1 + 2 + 3;

    beforeAll(async () => {
      quiz = await createQuiz({
        questions: bank.map((q) => q.id),
        options: { face_detection: false, safe_exam_browser: false, guest_flag: false, negative_marking: true },
        negative_penalty: 0.25,
      });
    });

    it('shows negative marking in the instructions', async () => {
      const data = body(await call('GET', `/api/student/quizzes/${quiz}`, 'student')).data;
      expect(data).toMatchObject({ negativeMarking: true, negativePenalty: 0.25, questionCount: 10, totalMarks: maxScore });
    });

    it('has no analysis while the attempt is in progress (409)', async () => {
      attemptId = (await start(quiz)).id;
      const res = await call('GET', `/api/student/attempts/${attemptId}/analysis`, 'student');
      expect(res.statusCode).toBe(409);
      expect(body(res).success).toBe(false);
    });

    it('grades the submission with negative marking, once however often it is submitted', async () => {
      const answer = (i: number, response: unknown, seq = 1) => saved(attemptId, bank[i].id, response, seq, { timeSpentMs: (i + 1) * 1000 });
      await answer(0, wrongOf(bank[0])[0]);
      await answer(1, [correctOf(bank[1])[0]]);
      await answer(2, true);
      await answer(3, 10);
      await answer(4, '  A   Queue ');
      await answer(5, "Dijkstra settles the nearest vertex first; a negative edge could shorten a settled path.");
      await answer(7, false);
      await answer(8, [correctOf(bank[8])[0]]);
      await answer(9, 20);
      await answer(9, null, 2);

      const first = await call('POST', `/api/student/attempts/${attemptId}/submit`, 'student');
      expect(first.statusCode, first.body).toBe(200);
      const result = body(first).data;
      expect(result).toMatchObject({ id: attemptId, quizId: quiz, status: 'submitted', closedBy: 'student', score: autoScore, maxScore, pending: true });
      expect(autoScore).toBe(6.75);
      const second = await call('POST', `/api/student/attempts/${attemptId}/submit`, 'student');
      expect(second.statusCode).toBe(200);
      expect(body(second).data).toEqual(result);

      const outcomes = await db().selectFrom('answers').select(['question_id', 'marks']).where('attempt_id', '=', attemptId).execute();
      const marksOf = new Map(outcomes.map((a) => [a.question_id, a.marks]));
      bank.forEach((q, i) => {
        if (i !== 6) expect(marksOf.get(q.id), `question ${i}`).toBe(expected[i]);
      });
    });

    it("counts the teacher's marks for the descriptive answer", async () => {
      const descriptive = bank[5].id;
      const tooMany = await call('PUT', `/api/quizzes/${quiz}/attempts/${attemptId}/answers/${descriptive}/grade`, 'teacher', { marks: 6 });
      expect(tooMany.statusCode).toBe(400);
      const res = await call('PUT', `/api/quizzes/${quiz}/attempts/${attemptId}/answers/${descriptive}/grade`, 'teacher', { marks: 3.5 });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).data).toEqual({ score: autoScore + 3.5, maxScore, pending: false });
      const again = body(await call('POST', `/api/student/attempts/${attemptId}/submit`, 'student')).data;
      expect(again).toMatchObject({ score: 10.25, pending: false });
    });

    it('lists the attempts in the history', async () => {
      const res = await call('GET', '/api/student/attempts', 'student');
      expect(res.statusCode).toBe(200);
      const history = body(res).data as { id: number; quizId: number; startedAt: number }[];
      expect(history.find((h) => h.id === attemptId)).toMatchObject({ quizId: quiz, quizName: expect.stringMatching(/^Exam test quiz/), status: 'submitted', score: 10.25, maxScore, pending: false, closedBy: 'student', feedbackGiven: false });
      expect(history.find((h) => h.quizId === 3)).toMatchObject({ quizName: 'Data Structures: weekly test 1', status: 'submitted', pending: false });
      // Only the student's own attempts, newest first.
      const mine = await db().selectFrom('attempts').select('id').where('student_id', '=', userId.student).execute();
      expect(history.map((h) => h.id).sort()).toEqual(mine.map((a) => a.id).sort());
      expect(history.map((h) => h.startedAt)).toEqual(history.map((h) => h.startedAt).sort((a, b) => b - a));
    });

    it('analyses the attempt per question, module and difficulty', async () => {
      // The quiz has closed for everyone: its correct answers are released.
      await editQuizRow(db(), quiz, { valid_to: Date.now() - MINUTE });
      const res = await call('GET', `/api/student/attempts/${attemptId}/analysis`, 'student');
      expect(res.statusCode, res.body).toBe(200);
      const data = body(res).data;
      expect(data).toMatchObject({ id: attemptId, quizId: quiz, score: 10.25, maxScore, pending: false, review: true, answersReleased: true });
      expect(data.questions).toHaveLength(10);
      const byId = new Map<number, any>(data.questions.map((q: any) => [q.id, q]));
      bank.forEach((q, i) => {
        const a = byId.get(q.id);
        expect(a, `question ${i}`).toMatchObject({ type: q.type, marks: q.marks, marksGained: expected[i] ?? 3.5, timeSpentMs: i === 6 ? 0 : (i + 1) * 1000 });
        expect(a, `question ${i}`).toHaveProperty('correct');
      });
      expect(byId.get(bank[0].id)).toMatchObject({ response: wrongOf(bank[0])[0], outcome: 'wrong', correct: correctOf(bank[0]) });
      expect(byId.get(bank[1].id)).toMatchObject({ outcome: 'partial', correct: correctOf(bank[1]) });
      expect(byId.get(bank[3].id)).toMatchObject({ response: 10, outcome: 'correct', correct: { value: 10, tolerance: 0 } });
      expect(byId.get(bank[6].id)).toMatchObject({ response: null, outcome: 'unanswered', marksGained: 0 });
      expect(byId.get(bank[9].id)).toMatchObject({ response: null, outcome: 'unanswered' });

      const sum = (rows: { marks: number }[]) => Math.round(rows.reduce((s, r) => s + r.marks, 0) * 100) / 100;
      expect(sum(data.byModule)).toBe(10.25);
      expect(sum(data.byDifficulty)).toBe(10.25);
      expect(data.byModule.map((m: any) => m.name).sort()).toEqual(['Linear structures', 'Sorting', 'Trees and graphs']);
      expect(Object.fromEntries(data.byDifficulty.map((d: any) => [d.name, d.marks]))).toEqual({ easy: -0.5 + 1 + 2 - 0.5, medium: 2 + 3 - 0.25, hard: 3.5 + 0 + 0 });
      const maxOf = (rows: { maxMarks: number }[]) => rows.reduce((s, r) => s + r.maxMarks, 0);
      expect(maxOf(data.byModule)).toBe(maxScore);
      expect(maxOf(data.byDifficulty)).toBe(maxScore);
    });

    it('leaves the correct answers out of the analysis when review is off', async () => {
      const hiddenKeys = await createQuiz({ review: REVIEW_MARKS_ONLY, questions: [bank[0].id, bank[2].id] });
      const attempt = await start(hiddenKeys);
      await saved(attempt.id, bank[0].id, correctOf(bank[0])[0], 1);
      expect((await call('POST', `/api/student/attempts/${attempt.id}/submit`, 'student')).statusCode).toBe(200);
      const res = await call('GET', `/api/student/attempts/${attempt.id}/analysis`, 'student');
      expect(res.statusCode, res.body).toBe(200);
      const data = body(res).data;
      expect(data).toMatchObject({ review: false, score: 2 });
      for (const q of data.questions) expect(q).not.toHaveProperty('correct');
      expect(data.questions.map((q: any) => [q.outcome, q.marksGained])).toEqual([
        ['correct', 2],
        ['unanswered', 0],
      ]);
    });

    describe('correct answers are released when the quiz has closed for everyone', () => {
      const analysis = async (attempt: number, who: keyof typeof token = 'student') => {
        const res = await call('GET', `/api/student/attempts/${attempt}/analysis`, who);
        expect(res.statusCode, res.body).toBe(200);
        return body(res).data;
      };
      const keysOf = (data: { questions: Record<string, unknown>[] }) => data.questions.filter((q) => 'correct' in q).map((q) => q.correct);

      it('gives a blank early submission its marks but no correct answer while the quiz is open', async () => {
        const open = await createQuiz({ questions: [bank[0].id, bank[2].id, bank[3].id] });
        const attempt = await start(open);
        expect((await call('POST', `/api/student/attempts/${attempt.id}/submit`, 'student')).statusCode).toBe(200);
        const data = await analysis(attempt.id);
        expect(data).toMatchObject({ review: true, answersReleased: false, score: 0, maxScore: 2 + 1 + 3 });
        expect(keysOf(data)).toEqual([]);
        expect(data.questions.map((q: any) => [q.outcome, q.marksGained])).toEqual([
          ['unanswered', 0],
          ['unanswered', 0],
          ['unanswered', 0],
        ]);
        expect(JSON.stringify(data)).not.toContain('correctOptions');
      });

      it('keeps them back after valid_to while an attempt with extra time still runs, and releases them when it ends', async () => {
        const quizId = await createQuiz({ questions: [bank[0].id, bank[2].id] });
        const early = await start(quizId);
        await saved(early.id, bank[2].id, true);
        expect((await call('POST', `/api/student/attempts/${early.id}/submit`, 'student')).statusCode).toBe(200);
        const late = await start(quizId, 'peer');
        // The window closes; the peer's attempt runs on (extra time), then is within its grace.
        const now = Date.now();
        await editQuizRow(db(), quizId, { valid_to: now - 2 * MINUTE });
        await setDeadline(late.id, now + 5 * MINUTE);
        expect(await analysis(early.id)).toMatchObject({ answersReleased: false, score: 1 });
        expect(keysOf(await analysis(early.id))).toEqual([]);
        await setDeadline(late.id, now - SAVE_GRACE_MS / 2);
        expect(keysOf(await analysis(early.id))).toEqual([]);

        expect((await call('POST', `/api/student/attempts/${late.id}/submit`, 'peer')).statusCode).toBe(200);
        const released = await analysis(early.id);
        expect(released).toMatchObject({ answersReleased: true, score: 1 });
        expect(keysOf(released)).toEqual([correctOf(bank[0]), true]);
        expect(keysOf(await analysis(late.id, 'peer'))).toEqual([correctOf(bank[0]), true]);
      });

      it('counts an abandoned attempt whose deadline and grace have passed as finished', async () => {
        const quizId = await createQuiz({ questions: [bank[2].id] });
        const early = await start(quizId);
        expect((await call('POST', `/api/student/attempts/${early.id}/submit`, 'student')).statusCode).toBe(200);
        const gone = await start(quizId, 'peer');
        const now = Date.now();
        await editQuizRow(db(), quizId, { valid_to: now - 2 * MINUTE });
        await setDeadline(gone.id, now - SAVE_GRACE_MS - MINUTE);
        expect(await analysis(early.id)).toMatchObject({ answersReleased: true });
        expect(keysOf(await analysis(early.id))).toEqual([true]);
      });

      it('shows them right after submitting when the teacher chose so', async () => {
        const quizId = await createQuiz({ questions: [bank[0].id, bank[2].id], review: REVIEW_EVERYTHING });
        const stored = await call('GET', `/api/quizzes/${quizId}`, 'teacher');
        expect(body(stored).data.review).toEqual(REVIEW_EVERYTHING);
        const attempt = await start(quizId);
        expect((await call('POST', `/api/student/attempts/${attempt.id}/submit`, 'student')).statusCode).toBe(200);
        const data = await analysis(attempt.id);
        expect(data).toMatchObject({ review: true, answersReleased: true });
        expect(keysOf(data)).toEqual([correctOf(bank[0]), true]);
      });

      it('never shows them when review is off, even once released', async () => {
        const quizId = await createQuiz({ questions: [bank[2].id], review: REVIEW_MARKS_ONLY });
        const attempt = await start(quizId);
        expect((await call('POST', `/api/student/attempts/${attempt.id}/submit`, 'student')).statusCode).toBe(200);
        const data = await analysis(attempt.id);
        expect(data).toMatchObject({ review: false });
        expect(keysOf(data)).toEqual([]);
      });

      it('refuses a setting that is not on or off, naming the field', async () => {
        const res = await call('POST', '/api/quizzes', 'teacher', {
          name: 'Bad setting',
          subjects: [String(subjectId)],
          visible_from: iso(Date.now() - 2 * HOUR),
          valid_from: iso(Date.now() - HOUR),
          valid_to: iso(Date.now() + HOUR),
          duration: 30,
          group_id: groupId,
          options: { face_detection: false, safe_exam_browser: false, guest_flag: false, negative_marking: false },
          review: { ...DEFAULT_REVIEW, immediately: { ...DEFAULT_REVIEW.immediately, rightAnswer: 'yes' } },
        });
        expect(res.statusCode).toBe(400);
        expect(body(res).data.errors).toEqual({ 'review.immediately.rightAnswer': 'Immediately after the attempt: Right answer must be on or off' });
      });
    });

    it("analyses the demo student's past attempt", async () => {
      const past = await db().selectFrom('attempts').select(['id', 'score']).where('quiz_id', '=', 3).where('student_id', '=', userId.student).executeTakeFirstOrThrow();
      const data = body(await call('GET', `/api/student/attempts/${past.id}/analysis`, 'student')).data;
      expect(data.score).toBe(past.score);
      const sum = (rows: { marks: number }[]) => Math.round(rows.reduce((s, r) => s + r.marks, 0) * 100) / 100;
      expect(sum(data.byModule)).toBe(past.score);
      expect(sum(data.byDifficulty)).toBe(past.score);
    });
  });

  describe('exam-link sessions', () => {
    /** Signs the student (or the peer) in through the quiz's exam link; returns the session token. */
    async function viaLink(quizId: number, who: 'student' | 'peer' = 'student'): Promise<string> {
      const links = await call('POST', `/api/quizzes/${quizId}/exam-links`, 'teacher');
      expect(links.statusCode, links.body).toBe(200);
      const row = (body(links).data.participants as { id: number; examLink: string }[]).find((p) => p.id === userId[who])!;
      const examToken = decodeURIComponent(/examToken=([^&#]+)/.exec(row.examLink)![1]);
      const res = await t.request('GET', `/api/student/verify/exam-token/${encodeURIComponent(examToken)}`);
      expect(res.statusCode, res.body).toBe(200);
      return body(res).data.token as string;
    }
    const linkCall = (method: string, url: string, session: string, payload?: unknown) =>
      t.request(method, url, { token: session, ...(payload === undefined ? {} : { body: payload }) });
    const expectRefused = (res: LightMyRequestResponse, message: string, what: string) => {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
      expect(body(res), what).toEqual({ success: false, message });
    };

    it("reaches only its quiz's exam and the student's own result of it", async () => {
      const linked = await createQuiz({ questions: [bank[0].id, bank[2].id] });
      const other = await createQuiz({ questions: [bank[2].id] });
      const otherAttempt = await start(other);
      const session = await viaLink(linked);

      const verified = await linkCall('GET', '/api/student/verify', session);
      expect(body(verified).data).toMatchObject({ role: 'STUDENT', username: 'student', examQuizId: linked });
      expect(body(await call('GET', '/api/student/verify', 'student')).data).not.toHaveProperty('examQuizId');

      // The quiz's exam works end to end.
      expect((await linkCall('GET', `/api/student/quizzes/${linked}`, session)).statusCode).toBe(200);
      const started = await linkCall('POST', `/api/student/quizzes/${linked}/attempts`, session);
      expect([200, 201], started.body).toContain(started.statusCode);
      const attemptId = body(started).data.id as number;
      expect((await linkCall('GET', `/api/student/attempts/${attemptId}`, session)).statusCode).toBe(200);
      const put = await linkCall('PUT', `/api/student/attempts/${attemptId}/answers/${bank[2].id}`, session, { response: true, seq: 1 });
      expect(put.statusCode, put.body).toBe(200);
      const history = await linkCall('GET', '/api/student/attempts', session);
      expect(history.statusCode).toBe(200);
      expect((body(history).data as { id: number }[]).map((a) => a.id)).toEqual([attemptId]);

      // Nothing else of the student's account.
      for (const [method, url, payload] of [
        ['GET', '/api/student/quizzes?state=available'],
        ['GET', '/api/student/quizzes?state=upcoming'],
        ['GET', '/api/profile'],
        ['PUT', '/api/profile', { email: 'taken@over.example' }],
        ['POST', '/api/auth/change-password', { currentPassword: 'x', newPassword: 'y', confirmPassword: 'y' }],
        ['POST', '/api/feedbacks', { quiz: linked, rating: 5 }],
        ['GET', '/api/guidelines'],
        ['GET', `/api/students/${userId.student}`],
      ] as [string, string, unknown?][]) {
        expectRefused(await linkCall(method, url, session, payload), EXAM_LINK_ONLY, `${method} ${url}`);
      }
      // Nor another quiz, or an attempt at it.
      expectRefused(await linkCall('GET', `/api/student/quizzes/${other}`, session), EXAM_LINK_OTHER_QUIZ, 'instructions of another quiz');
      expectRefused(await linkCall('POST', `/api/student/quizzes/${other}/attempts`, session), EXAM_LINK_OTHER_QUIZ, 'start another quiz');
      expectRefused(await linkCall('GET', `/api/student/attempts/${otherAttempt.id}`, session), EXAM_LINK_OTHER_QUIZ, "another quiz's paper");
      expectRefused(
        await linkCall('PUT', `/api/student/attempts/${otherAttempt.id}/answers/${bank[2].id}`, session, { response: false, seq: 1 }),
        EXAM_LINK_OTHER_QUIZ,
        "an answer to another quiz's attempt",
      );
      expectRefused(await linkCall('POST', `/api/student/attempts/${otherAttempt.id}/submit`, session), EXAM_LINK_OTHER_QUIZ, 'submit another attempt');
      expect((await attemptRow(otherAttempt.id)).status).toBe('in_progress');
      // The same student signed in with a password has the whole student area.
      expect((await call('GET', '/api/student/quizzes?state=available', 'student')).statusCode).toBe(200);
    });

    it('ends when the student submits, and the link then no longer signs in', async () => {
      const quizId = await createQuiz({ questions: [bank[2].id] });
      const session = await viaLink(quizId);
      const second = await viaLink(quizId); // the link opened on a second device
      const attemptId = body(await linkCall('POST', `/api/student/quizzes/${quizId}/attempts`, session)).data.id as number;
      await linkCall('PUT', `/api/student/attempts/${attemptId}/answers/${bank[2].id}`, session, { response: true, seq: 1 });
      const submitted = await linkCall('POST', `/api/student/attempts/${attemptId}/submit`, session);
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(body(submitted).data).toMatchObject({ status: 'submitted', score: 1, maxScore: 1 });

      for (const token of [session, second]) {
        const after = await linkCall('GET', '/api/student/verify', token);
        expect(after.statusCode).toBe(405);
        expect(body(after)).toEqual({ success: false, message: 'Session Expired!!' });
      }
      const links = body(await call('POST', `/api/quizzes/${quizId}/exam-links`, 'teacher')).data.participants as { id: number; examLink: string }[];
      const examToken = decodeURIComponent(/examToken=([^&#]+)/.exec(links.find((p) => p.id === userId.student)!.examLink)![1]);
      const again = await t.request('GET', `/api/student/verify/exam-token/${encodeURIComponent(examToken)}`);
      expect(again.statusCode).toBe(409);
      expect(body(again)).toMatchObject({ success: false, message: 'This exam has been submitted: sign in with your username and password to see your result' });
      // Signed in normally, the student sees the result.
      expect(body(await call('GET', `/api/student/attempts/${attemptId}/analysis`, 'student')).data).toMatchObject({ score: 1 });
    });

    /** A quiz that the student and the peer have each started through their exam link. */
    async function twoLinkAttempts() {
      const quizId = await createQuiz({ questions: [bank[2].id] });
      const session = await viaLink(quizId);
      const peerSession = await viaLink(quizId, 'peer');
      const attemptId = body(await linkCall('POST', `/api/student/quizzes/${quizId}/attempts`, session)).data.id as number;
      const peerAttempt = body(await linkCall('POST', `/api/student/quizzes/${quizId}/attempts`, peerSession)).data.id as number;
      return { quizId, session, peerSession, attemptId, peerAttempt };
    }

    it('ends when the server closes the attempt at its deadline, or the teacher closes it', async () => {
      const { quizId, session, peerSession, attemptId, peerAttempt } = await twoLinkAttempts();
      expect((await linkCall('GET', `/api/student/attempts/${attemptId}`, session)).statusCode).toBe(200);

      await setDeadline(attemptId, Date.now() - SAVE_GRACE_MS - MINUTE);
      expect(await sweepExpiredAttempts(t.portal.app)).toBeGreaterThanOrEqual(1);
      expect((await attemptRow(attemptId)).closed_by).toBe('deadline');
      expect((await linkCall('GET', `/api/student/attempts/${attemptId}`, session)).statusCode).toBe(405);
      // The peer's attempt runs on, and so does their session.
      expect((await linkCall('GET', `/api/student/attempts/${peerAttempt}`, peerSession)).statusCode).toBe(200);

      const close = await call('POST', `/api/quizzes/${quizId}/attempts/${peerAttempt}/close`, 'teacher');
      expect(close.statusCode, close.body).toBe(200);
      expect((await linkCall('GET', `/api/student/attempts/${peerAttempt}`, peerSession)).statusCode).toBe(405);
      // Password sessions are not exam-link sessions: they stay.
      expect((await call('GET', '/api/student/attempts', 'peer')).statusCode).toBe(200);
    });

    it("ends at once when the teacher's participants page or the quiz's statistics close the attempt at its deadline", async () => {
      const { quizId, session, peerSession, attemptId, peerAttempt } = await twoLinkAttempts();
      // Both sessions were just read, so this process remembers them.
      expect((await linkCall('GET', `/api/student/attempts/${attemptId}`, session)).statusCode).toBe(200);
      expect((await linkCall('GET', `/api/student/attempts/${peerAttempt}`, peerSession)).statusCode).toBe(200);

      await setDeadline(attemptId, Date.now() - SAVE_GRACE_MS - MINUTE);
      expect((await call('GET', `/api/quizzes/${quizId}/participants`, 'teacher')).statusCode).toBe(200);
      expect((await attemptRow(attemptId)).closed_by).toBe('deadline');
      expect((await linkCall('GET', `/api/student/attempts/${attemptId}`, session)).statusCode).toBe(405);

      await setDeadline(peerAttempt, Date.now() - SAVE_GRACE_MS - MINUTE);
      expect((await call('GET', `/api/quizzes/${quizId}/statistics`, 'teacher')).statusCode).toBe(200);
      expect((await attemptRow(peerAttempt)).closed_by).toBe('deadline');
      expect((await linkCall('GET', `/api/student/attempts/${peerAttempt}`, peerSession)).statusCode).toBe(405);
    });
  });

  describe('feedback', () => {
    const give = (quiz: number, rating = 4, comment = 'Fair questions') => call('POST', '/api/feedbacks', 'student', { quiz, rating, comment });

    it('is taken once, on a quiz the student submitted', async () => {
      const quiz = await createQuiz();
      const notTaken = await give(quiz);
      expect(notTaken.statusCode).toBe(400);
      expect(body(notTaken).data.errors).toEqual({ quiz: 'Choose a valid quiz' });

      const attempt = await start(quiz);
      const inProgress = await give(quiz);
      expect(inProgress.statusCode).toBe(400);
      expect(body(inProgress).data.errors).toEqual({ quiz: 'You can give feedback after submitting this quiz' });

      expect((await call('POST', `/api/student/attempts/${attempt.id}/submit`, 'student')).statusCode).toBe(200);
      const first = await give(quiz, 5, 'Clear and fair');
      expect(first.statusCode, first.body).toBe(201);
      const second = await give(quiz, 3);
      expect(second.statusCode).toBe(409);
      expect(body(second).data.errors).toEqual({ quiz: expect.any(String) });

      const history = body(await call('GET', '/api/student/attempts', 'student')).data as { id: number; feedbackGiven: boolean }[];
      expect(history.find((h) => h.id === attempt.id)?.feedbackGiven).toBe(true);

      const list = await call('GET', '/api/feedbacks?range=[0,999]', 'admin');
      expect(list.statusCode).toBe(200);
      expect(body(list).data).toContainEqual(expect.objectContaining({ id: body(first).data.id, quiz, rating: 5, comment: 'Clear and fair' }));
    });

    it('is refused on an upcoming quiz, a quiz of another group and a quiz that does not exist', async () => {
      const otherGroup = await createQuiz({ group_id: otherGroupId });
      for (const quiz of [2, otherGroup, 2 ** 31 - 1]) {
        const res = await give(quiz);
        expect(res.statusCode, `quiz ${quiz}`).toBe(400);
        expect(body(res).data.errors).toEqual({ quiz: 'Choose a valid quiz' });
      }
    });

    it('is taken when the time of an attempt that was never submitted is over', async () => {
      const quiz = await createQuiz();
      const attempt = await start(quiz, 'peer');
      await setDeadline(attempt.id, Date.now() - SAVE_GRACE_MS - 1_000);
      const res = await call('POST', '/api/feedbacks', 'peer', { quiz, rating: 2, comment: null });
      expect(res.statusCode, res.body).toBe(201);
    });

    it("checks the rating with the schema's message", async () => {
      const res = await give(3, 6);
      expect(res.statusCode).toBe(400);
      expect(body(res).data.errors).toEqual({ rating: 'Rating must be a whole number from 1 to 5' });
      expect((await give(3, 4)).statusCode).toBe(201);
    });
  });
});
