import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { hashGeneratedPassword } from '../../server/auth/passwords';
import { describeDb, useTestApp, type TestApp } from './helper';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A sign-in from a given TCP peer, optionally carrying an X-Forwarded-For header. */
function signIn(t: TestApp, from: string, body: object, forwardedFor?: string): Promise<LightMyRequestResponse> {
  return t.portal.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: body,
    remoteAddress: from,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

const as = (username: string, role: string, password: string) => ({ username, password, role });

describeDb('sign-in throttling: delays per (username, address), never a lock-out', () => {
  const t = useTestApp();

  it('lets the real user in with the right password after 55 failures from 11 other addresses', async () => {
    const wrong = as('department-head', 'DEPARTMENT-HEAD', 'wrong-guess');
    for (let a = 1; a <= 11; a++) {
      for (let i = 0; i < 5; i++) {
        const res = await signIn(t, `10.66.0.${a}`, wrong);
        // A stranger is told to wait or that the guess was wrong, nothing else.
        expect([401, 429]).toContain(res.statusCode);
      }
    }
    const real = await signIn(t, '10.66.1.1', as('department-head', 'DEPARTMENT-HEAD', 'portal-demo'));
    expect(real.statusCode).toBe(200);
  });

  it('makes a failing pair wait 1 s, then 2 s, with Retry-After, while other addresses are not slowed', async () => {
    const wrong = as('teacher', 'TEACHER', 'wrong-guess');
    const right = as('teacher', 'TEACHER', 'portal-demo');
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i++) expect((await signIn(t, '10.67.0.1', wrong)).statusCode).toBe(401);
    const waiting = await signIn(t, '10.67.0.1', right);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json()).toMatchObject({ success: false, message: 'Too many failed sign-ins. Try again in 1 second(s).' });
    expect((await signIn(t, '10.67.0.2', right)).statusCode).toBe(200);

    await sleep(1100);
    expect((await signIn(t, '10.67.0.1', wrong)).statusCode).toBe(401);
    const longer = await signIn(t, '10.67.0.1', right);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');

    await sleep(2100);
    expect((await signIn(t, '10.67.0.1', right)).statusCode).toBe(200);
    // A success clears the pair: its next failures are free again.
    expect((await signIn(t, '10.67.0.1', wrong)).statusCode).toBe(401);
    expect((await signIn(t, '10.67.0.1', right)).statusCode).toBe(200);
  });

  it('lets only one of several parallel tries of a delayed pair go ahead', async () => {
    const wrong = as('admin', 'ADMIN', 'wrong-guess');
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES - 1; i++) expect((await signIn(t, '10.68.0.1', wrong)).statusCode).toBe(401);
    const answers = await Promise.all(Array.from({ length: 6 }, () => signIn(t, '10.68.0.1', wrong)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([401, 429, 429, 429, 429, 429]);
  });

  it('limits password changes per account, whatever the address', async () => {
    const token = await t.login('student', 'STUDENT');
    const change = (i: number) =>
      t.portal.app.inject({ method: 'POST', url: '/api/auth/change-password', remoteAddress: `10.69.0.${i}`, headers: { authorization: `Bearer ${token}` }, payload: { currentPassword: 'wrong-guess', newPassword: 'my-own-pass-1', confirmPassword: 'my-own-pass-1' } });
    for (let i = 1; i <= 10; i++) expect((await change(i)).statusCode).toBe(400);
    const over = await change(11);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets 500 students behind one address sign in, change their password and open their exam links within a minute', async () => {
    const db = t.portal.database.db;
    const now = Date.now();
    const hall = '198.51.100.20';
    const quiz = await db.insertInto('quizzes').values({ name: 'Hall exam', valid_to: now + 3_600_000, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    const students = Array.from({ length: 500 }, (_, i) => ({ username: `hall-${i}`, password: `initial-${i}-pw`, token: `hall-exam-token-${String(i).padStart(6, '0')}` }));
    for (let i = 0; i < students.length; i += 100) {
      const batch = students.slice(i, i + 100);
      const ids = await db
        .insertInto('users')
        .values(batch.map((s) => ({ role: 'STUDENT' as const, username: s.username, password_hash: hashGeneratedPassword(s.password), email: null, fullname: 'Hall Student', phone: null, institute_id: null, department_id: null, must_change_password: 1, semester: null, batch: null, created_by: null, created_at: now, updated_at: now })))
        .returning('id')
        .execute();
      await db.insertInto('exam_tokens').values(batch.map((s, j) => ({ token: s.token, user_id: ids[j].id, quiz_id: quiz.id, created_at: now, expires_at: now + 3_600_000, revoked_at: null }))).execute();
    }
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < students.length; i += 25) {
      await Promise.all(
        students.slice(i, i + 25).map(async (s) => {
          const login = await signIn(t, hall, as(s.username, 'STUDENT', s.password));
          statuses.push(login.statusCode);
          if (login.statusCode !== 200) return;
          const token = login.json().data.token as string;
          // A mismatched confirmation is refused by validation, after both rate limits have counted it.
          const change = await t.portal.app.inject({ method: 'POST', url: '/api/auth/change-password', remoteAddress: hall, headers: { authorization: `Bearer ${token}` }, payload: { currentPassword: s.password, newPassword: 'my-own-pass-1', confirmPassword: 'typo' } });
          statuses.push(change.statusCode === 400 ? 200 : change.statusCode);
          const link = await t.portal.app.inject({ method: 'GET', url: `/api/student/verify/exam-token/${s.token}`, remoteAddress: hall });
          statuses.push(link.statusCode);
        }),
      );
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(statuses).toHaveLength(1500);
  }, 120_000);
});

describeDb('client address without TRUST_PROXY: forwarded headers are ignored', () => {
  const t = useTestApp({ LOGIN_RATE_PER_MINUTE: '10' });

  it('keeps counting failures against the TCP peer whatever X-Forwarded-For says', async () => {
    const wrong = as('teacher', 'TEACHER', 'wrong-guess');
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i++) expect((await signIn(t, '10.70.0.1', wrong, `203.0.113.${i + 1}`)).statusCode).toBe(401);
    const forged = await signIn(t, '10.70.0.1', as('teacher', 'TEACHER', 'portal-demo'), '203.0.113.99');
    expect(forged.statusCode).toBe(429);
  });

  it('keeps the per-address limit on the TCP peer whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(t, '10.70.0.2', {}, `203.0.113.${i + 1}`)).statusCode).toBe(400);
    const over = await signIn(t, '10.70.0.2', {}, '203.0.113.200');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describeDb('client address with TRUST_PROXY=1: the address the proxy forwarded', () => {
  const t = useTestApp({ TRUST_PROXY: '1', LOGIN_RATE_PER_MINUTE: '10' });
  const proxy = '127.0.0.1';

  it('counts failures per forwarded address', async () => {
    const wrong = as('teacher', 'TEACHER', 'wrong-guess');
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i++) expect((await signIn(t, proxy, wrong, '203.0.113.7')).statusCode).toBe(401);
    expect((await signIn(t, proxy, as('teacher', 'TEACHER', 'portal-demo'), '203.0.113.7')).statusCode).toBe(429);
    expect((await signIn(t, proxy, as('teacher', 'TEACHER', 'portal-demo'), '203.0.113.8')).statusCode).toBe(200);
  });

  it('applies the per-address limit to each forwarded address', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(t, proxy, {}, '203.0.113.20')).statusCode).toBe(400);
    expect((await signIn(t, proxy, {}, '203.0.113.20')).statusCode).toBe(429);
    expect((await signIn(t, proxy, {}, '203.0.113.21')).statusCode).toBe(400);
  });
});
