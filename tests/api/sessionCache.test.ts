import { beforeAll, expect, it } from 'vitest';
import { SESSION_CACHE_MS, SessionStore } from '../../server/auth/sessions';
import { describeDb, useTestApp } from './helper';

const T0 = Date.UTC(2026, 0, 15, 9);

describeDb('sessions remembered in the process', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;
  const id = {} as Record<'student' | 'teacher', number>;
  /** A store of its own, so that the app's requests do not touch its memory. */
  let store: SessionStore;

  beforeAll(async () => {
    store = new SessionStore(db(), t.config);
    for (const username of ['student', 'teacher'] as const) {
      id[username] = (await db().selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    }
  });

  /** A session read once through the store at T0, so that the store remembers it. */
  async function signedIn(who: 'student' | 'teacher' = 'student') {
    const token = await store.create(id[who], who === 'student' ? 'STUDENT' : 'TEACHER', { now: T0 });
    const user = await store.find(token, T0);
    expect(user).toMatchObject({ userId: id[who], username: who });
    return { token, sessionId: user!.sessionId };
  }

  const revokeInDb = (sessionId: number) => db().updateTable('sessions').set({ revoked_at: T0 }).where('id', '=', sessionId).execute();
  const lastSeen = async (sessionId: number) =>
    Number((await db().selectFrom('sessions').select('last_seen_at').where('id', '=', sessionId).executeTakeFirstOrThrow()).last_seen_at);

  it('trusts a session it read for 5 seconds, then sees a change made in the database', async () => {
    const { token, sessionId } = await signedIn();
    await revokeInDb(sessionId);
    expect(await store.find(token, T0 + SESSION_CACHE_MS - 1)).toMatchObject({ sessionId });
    expect(await store.find(token, T0 + SESSION_CACHE_MS)).toBeUndefined();
  });

  it('sees an account renamed or given another role once the cache time has passed', async () => {
    const { token } = await signedIn('teacher');
    await db().updateTable('users').set({ fullname: 'Renamed Teacher' }).where('id', '=', id.teacher).execute();
    expect(await store.find(token, T0 + 1_000)).toMatchObject({ fullname: 'Tara Teacher' });
    expect(await store.find(token, T0 + SESSION_CACHE_MS + 1_000)).toMatchObject({ fullname: 'Renamed Teacher' });
    await db().updateTable('users').set({ role: 'STUDENT' }).where('id', '=', id.teacher).execute();
    try {
      expect(await store.find(token, T0 + SESSION_CACHE_MS + 2_000)).toMatchObject({ role: 'TEACHER' });
      expect(await store.find(token, T0 + 2 * SESSION_CACHE_MS + 1_000)).toBeUndefined();
    } finally {
      await db().updateTable('users').set({ role: 'TEACHER', fullname: 'Tara Teacher' }).where('id', '=', id.teacher).execute();
    }
  });

  const userRow = (who: 'student' | 'teacher') => db().selectFrom('users').selectAll().where('id', '=', id[who]).executeTakeFirstOrThrow();

  it('remembers a session a sign-in opened with its user at once: the first request reads nothing', async () => {
    const mark = store.mark();
    const user = await userRow('student');
    const token = await store.create(id.student, 'STUDENT', { now: T0, known: { mark, user } });
    const row = await db().selectFrom('sessions').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    // Revoked behind the store's back: a read would refuse it, the remembered session is still served.
    await revokeInDb(row.id);
    expect(await store.find(token, T0 + 1)).toMatchObject({ sessionId: row.id, userId: id.student, username: 'student', fullname: 'Sam Student', role: 'STUDENT', kind: 'password', examQuizId: null, mustChangePassword: false });
    expect(await store.find(token, T0 + SESSION_CACHE_MS)).toBeUndefined();
    // Without the user the new session is read at its first use.
    const plain = await store.create(id.student, 'STUDENT', { now: T0 });
    const plainRow = await db().selectFrom('sessions').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    await revokeInDb(plainRow.id);
    expect(await store.find(plain, T0 + 1)).toBeUndefined();
  });

  it('does not remember a new session when something was forgotten after its user was read', async () => {
    const mark = store.mark();
    const user = await userRow('teacher');
    await store.forgetUser(id.teacher);
    const token = await store.create(id.teacher, 'TEACHER', { now: T0, known: { mark, user } });
    const row = await db().selectFrom('sessions').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    await revokeInDb(row.id);
    expect(await store.find(token, T0 + 1)).toBeUndefined();
  });

  it('refuses a session at once after revoke', async () => {
    const { token, sessionId } = await signedIn();
    const other = await signedIn();
    await store.revoke(sessionId, T0);
    expect(await store.find(token, T0 + 1)).toBeUndefined();
    expect(await store.find(other.token, T0 + 1)).toMatchObject({ sessionId: other.sessionId });
  });

  it('refuses every session of a user at once after revokeAllOf, and only theirs', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const teacher = await signedIn('teacher');
    await store.revokeAllOf(id.student, T0);
    expect(await store.find(first.token, T0 + 1)).toBeUndefined();
    expect(await store.find(second.token, T0 + 1)).toBeUndefined();
    expect(await store.find(teacher.token, T0 + 1)).toMatchObject({ userId: id.teacher });
  });

  it('forgetUser drops what it remembers of that user only', async () => {
    const student = await signedIn();
    const teacher = await signedIn('teacher');
    await revokeInDb(student.sessionId);
    await revokeInDb(teacher.sessionId);
    store.forgetUser(id.student);
    expect(await store.find(student.token, T0 + 1)).toBeUndefined();
    // Still remembered: the change in the database is not seen before the cache time.
    expect(await store.find(teacher.token, T0 + 1)).toMatchObject({ userId: id.teacher });
  });

  it('forgetAll drops every remembered session', async () => {
    const student = await signedIn();
    const teacher = await signedIn('teacher');
    await revokeInDb(student.sessionId);
    await revokeInDb(teacher.sessionId);
    store.forgetAll();
    expect(await store.find(student.token, T0 + 1)).toBeUndefined();
    expect(await store.find(teacher.token, T0 + 1)).toBeUndefined();
  });

  it('does not remember a read that was under way while it was told to forget', async () => {
    const token = await store.create(id.student, 'STUDENT', { now: T0 });
    const reading = store.find(token, T0);
    store.forgetAll();
    const user = await reading;
    expect(user).toMatchObject({ userId: id.student });
    await revokeInDb(user!.sessionId);
    expect(await store.find(token, T0 + 1)).toBeUndefined();
  });

  it('touches last_seen_at once a minute, even while the session is remembered', async () => {
    const { token, sessionId } = await signedIn();
    expect(await store.find(token, T0 + 30_000)).toBeDefined();
    expect(await lastSeen(sessionId)).toBe(T0);
    // Read again at 58 s (the cache time passed) and remembered, without a touch.
    expect(await store.find(token, T0 + 58_000)).toBeDefined();
    expect(await lastSeen(sessionId)).toBe(T0);
    // Only 3 s after that read, but the remembered last_seen_at is over a minute old: read again and touched.
    expect(await store.find(token, T0 + 61_000)).toBeDefined();
    expect(await lastSeen(sessionId)).toBe(T0 + 61_000);
    expect(await store.find(token, T0 + 62_000)).toBeDefined();
    expect(await lastSeen(sessionId)).toBe(T0 + 61_000);
  });
});

describeDb('account changes through the CRUD API end sessions at once', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;

  it('refuses the token of a student the department head deletes', async () => {
    const head = await t.login('department-head', 'DEPARTMENT-HEAD');
    const created = await t.request('POST', '/api/students', {
      token: head,
      body: { batch: '2026', email: 'gone@pupil.example', fullname: 'Gone Student', phone: '9811100001', semester: '3', username: 'gone' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, initialPassword } = created.json().data;
    const token = await t.login('gone', 'STUDENT', initialPassword);
    expect((await t.request('GET', '/api/student/verify', { token })).statusCode).toBe(200);

    const deleted = await t.request('DELETE', `/api/students/${id}`, { token: head });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const refused = await t.request('GET', '/api/student/verify', { token });
    expect(refused.statusCode).toBe(405);
  });

  it("applies a teacher's move to another department to their session at once", async () => {
    const instituteHead = await t.login('institute-head', 'INSTITUTE-HEAD');
    const department = await t.request('POST', '/api/departments', {
      token: instituteHead,
      body: { departmentName: 'Mathematics', email: 'maths.head@dept.example', fullname: 'Mia Maths', username: 'maths-head', phone: '9811100002' },
    });
    expect(department.statusCode, department.body).toBe(201);
    const teacher = await db().selectFrom('users').select('id').where('username', '=', 'teacher').executeTakeFirstOrThrow();
    const group = await db().selectFrom('groups').select('id').where('name', '=', 'CS 2026 - Section A').executeTakeFirstOrThrow();
    const token = await t.login('teacher', 'TEACHER');
    expect((await t.request('GET', `/api/groups/${group.id}`, { token })).statusCode).toBe(200);

    const record = (await t.request('GET', `/api/teachers/${teacher.id}`, { token: instituteHead })).json().data;
    const moved = await t.request('PUT', `/api/teachers/${teacher.id}`, { token: instituteHead, body: { ...record, departmentId: department.json().data.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await t.request('GET', `/api/groups/${group.id}`, { token })).statusCode).toBe(404);
  });
});
