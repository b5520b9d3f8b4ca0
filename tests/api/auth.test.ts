import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens';
import { DEMO_ACCOUNTS } from '../../server/seed/demo';
import { describeDb, useTestApp } from './helper';

describeDb('sign-in, sessions and verification', () => {
  const t = useTestApp();

  it('reports the database as reachable', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { database: { reachable: true } } });
  });

  it.each(DEMO_ACCOUNTS)('signs in the demo $role and verifies the session for that role only', async ({ username, role }) => {
    const token = await t.login(username.toUpperCase(), role);
    expect(token.length).toBeGreaterThanOrEqual(22); // >= 128 bits in base64url
    const path = role.toLowerCase();
    const ok = await t.request('GET', `/api/${path}/verify`, { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: expect.any(String), data: { role, username, mustChangePassword: false } });
    const other = role === 'STUDENT' ? 'teacher' : 'student';
    const wrong = await t.request('GET', `/api/${other}/verify`, { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().success).toBe(false);
  });

  it('stores passwords as argon2id and sessions only as token hashes', async () => {
    const token = await t.login('teacher', 'TEACHER');
    const user = await t.portal.database.db.selectFrom('users').select('password_hash').where('username', '=', 'teacher').executeTakeFirstOrThrow();
    expect(user.password_hash.startsWith('$argon2id$')).toBe(true);
    const sessions = await t.portal.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(sessions.some((s) => s.token_hash === token)).toBe(false);
    expect(sessions.some((s) => s.token_hash === hashToken(token))).toBe(true);
  });

  it('gives one message for an unknown user, a wrong password and a wrong role', async () => {
    const attempt = (body: object) => t.request('POST', '/api/auth/login', { body });
    const unknown = await attempt({ username: 'nobody-here', password: 'portal-demo', role: 'TEACHER' });
    const badPassword = await attempt({ username: 'teacher', password: 'wrong-password', role: 'TEACHER' });
    const badRole = await attempt({ username: 'teacher', password: 'portal-demo', role: 'ADMIN' });
    for (const res of [unknown, badPassword, badRole]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Invalid username, password or role' });
    }
  });

  it("names each invalid field with the login form's messages", async () => {
    const res = await t.request('POST', '/api/auth/login', { body: { username: '', password: '', role: 'NOPE' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.data.errors).toEqual({ username: 'Enter Username', password: 'Enter Password', role: 'Select Role' });
  });

  it('answers 405 for a missing, unknown, revoked, idle or expired session', async () => {
    expect((await t.request('GET', '/api/teacher/verify')).statusCode).toBe(405);
    expect((await t.request('GET', '/api/teacher/verify', { token: 'not-a-real-token' })).statusCode).toBe(405);
    const missing = await t.request('GET', '/api/teacher/verify');
    expect(missing.json()).toEqual({ success: false, message: 'Session Expired!!' });

    const revoked = await t.login('teacher', 'TEACHER');
    expect((await t.request('POST', '/api/auth/logout', { token: revoked })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/teacher/verify', { token: revoked })).statusCode).toBe(405);

    const db = t.portal.database.db;
    const idle = await t.login('teacher', 'TEACHER');
    await db.updateTable('sessions').set({ last_seen_at: Date.now() - (t.config.SESSION_IDLE_MINUTES * 60_000 + 1000) }).where('token_hash', '=', hashToken(idle)).execute();
    // A sign-in's session is remembered at once (tests/api/sessionCache.test.ts): the change made here
    // behind the server's back is seen once it is forgotten, as after its few seconds.
    await t.portal.app.sessions.forgetAll();
    expect((await t.request('GET', '/api/teacher/verify', { token: idle })).statusCode).toBe(405);

    const old = await t.login('teacher', 'TEACHER');
    await db.updateTable('sessions').set({ expires_at: Date.now() - 1 }).where('token_hash', '=', hashToken(old)).execute();
    await t.portal.app.sessions.forgetAll();
    expect((await t.request('GET', '/api/teacher/verify', { token: old })).statusCode).toBe(405);

    const fresh = await t.login('teacher', 'TEACHER');
    expect((await t.request('GET', '/api/teacher/verify', { token: fresh })).statusCode).toBe(200);
  });

  it('exchanges a valid exam token for a student session and refuses expired, revoked and unknown ones', async () => {
    const db = t.portal.database.db;
    const now = Date.now();
    const student = await db.selectFrom('users').select('id').where('username', '=', 'student').executeTakeFirstOrThrow();
    const quiz = await db.insertInto('quizzes').values({ name: 'Data Structures Mid-term', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    const insert = (token: string, expires_at: number, revoked_at: number | null = null) =>
      db.insertInto('exam_tokens').values({ token, user_id: student.id, quiz_id: quiz.id, created_at: now, expires_at, revoked_at }).execute();
    await insert('valid-exam-token-0123456789', now + 3_600_000);
    await insert('expired-exam-token-0123456789', now - 1);
    await insert('revoked-exam-token-0123456789', now + 3_600_000, now);

    const res = await t.request('GET', '/api/student/verify/exam-token/valid-exam-token-0123456789');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ quizName: 'Data Structures Mid-term', quizId: quiz.id });
    const verify = await t.request('GET', '/api/student/verify', { token: data.token });
    expect(verify.json().data).toMatchObject({ role: 'STUDENT', username: 'student' });

    // A freshly imported student still has their initial password: the link opens the exam anyway,
    // while a password sign-in must first set a new password.
    await db.updateTable('users').set({ must_change_password: 1 }).where('id', '=', student.id).execute();
    await insert('second-exam-token-0123456789', now + 3_600_000);
    const viaLink = (await t.request('GET', '/api/student/verify/exam-token/second-exam-token-0123456789')).json().data.token;
    expect((await t.request('GET', '/api/student/verify', { token: viaLink })).json().data.mustChangePassword).toBe(false);
    expect((await t.request('GET', '/api/student/attempts', { token: viaLink })).statusCode).toBe(200);
    const viaPassword = await t.login('student', 'STUDENT');
    expect((await t.request('GET', '/api/student/attempts', { token: viaPassword })).statusCode).toBe(403);
    await db.updateTable('users').set({ must_change_password: 0 }).where('id', '=', student.id).execute();

    for (const bad of ['expired-exam-token-0123456789', 'revoked-exam-token-0123456789', 'unknown-exam-token-0123456789']) {
      const r = await t.request('GET', `/api/student/verify/exam-token/${bad}`);
      expect(r.statusCode).toBe(404);
      expect(r.json().success).toBe(false);
    }
  });

  it('pauses a username after repeated failures from one address without locking out other addresses', async () => {
    const body = (password: string) => ({ username: 'department-head', password, role: 'DEPARTMENT-HEAD' });
    const from = (remoteAddress: string, password: string) =>
      t.portal.app.inject({ method: 'POST', url: '/api/auth/login', payload: body(password), remoteAddress });
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i++) {
      expect((await from('10.9.9.9', 'wrong-guess')).statusCode).toBe(401);
    }
    const locked = await from('10.9.9.9', 'portal-demo');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed sign-ins/);
    expect((await from('10.1.1.1', 'portal-demo')).statusCode).toBe(200);
  });

  it('limits sign-in attempts per client address', async () => {
    let last = 0;
    for (let i = 0; i <= t.config.LOGIN_RATE_PER_MINUTE; i++) {
      const res = await t.portal.app.inject({ method: 'POST', url: '/api/auth/login', payload: {}, remoteAddress: '10.7.7.7' });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });

  it('describes itself with an OpenAPI document', async () => {
    const res = await t.request('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/login'].post.requestBody).toBeDefined();
    expect(Object.keys(doc.paths)).toContain('/api/student/verify/exam-token/{token}');
    // Entity bodies are documented from the same zod schemas that validate them.
    const department = doc.paths['/api/departments'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(department.properties)).toEqual(expect.arrayContaining(['departmentName', 'email', 'fullname', 'username', 'phone']));
  });

  it('answers unknown API paths with a JSON 404 in the envelope', async () => {
    const res = await t.request('GET', '/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  it('creates an admin from the command line that can then sign in', async () => {
    const env = { ...process.env, LOG_LEVEL: 'silent', DEMO_DATA: 'false', DATA_DIR: t.config.DATA_DIR, DATABASE_URL: t.config.DATABASE_URL ?? '' };
    const run = promisify(execFile);
    const { stdout } = await run('npx', ['tsx', 'server/cli.ts', 'create-user', '--role', 'ADMIN', '--username', 'Root-Admin', '--password', 'a-long-secret-1'], { env });
    expect(stdout).toMatch(/Created ADMIN "root-admin"/);
    await expect(run('npx', ['tsx', 'server/cli.ts', 'create-user', '--role', 'ADMIN', '--username', 'root-admin', '--password', 'a-long-secret-1'], { env })).rejects.toThrow(/already exists/);
    expect(await t.login('root-admin', 'ADMIN', 'a-long-secret-1')).toBeTruthy();
  });
});

/** A local stand-in for the reCAPTCHA verify endpoint: accepts only the token 'good-token' with our secret. */
async function startFakeCaptcha(): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      const success = params.get('secret') === 'test-secret' && params.get('response') === 'good-token';
      res.setHeader('content-type', 'application/json').end(JSON.stringify({ success }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`, server };
}

const fakeCaptcha = await startFakeCaptcha();
afterAll(() => new Promise<void>((r) => fakeCaptcha.server.close(() => r())));

describeDb('captcha verification on the server', () => {
  const t = useTestApp({ RECAPTCHA_SECRET: 'test-secret', RECAPTCHA_VERIFY_URL: fakeCaptcha.url });

  const login = (from: string, username: string, role: string, password: string, recaptchaValue?: string) =>
    t.portal.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: from, payload: { username, password, role, recaptchaValue } });

  it('refuses a missing or failed captcha on every sign-in and accepts a verified one', async () => {
    const missing = await login('10.5.0.1', 'admin', 'ADMIN', 'portal-demo');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data).toMatchObject({ errors: { recaptchaValue: 'Please solve the captcha' } });
    const failed = await login('10.5.0.1', 'admin', 'ADMIN', 'portal-demo', 'bad-token');
    expect(failed.statusCode).toBe(400);
    expect(failed.json().message).toMatch(/Captcha verification failed/);
    expect((await login('10.5.0.1', 'admin', 'ADMIN', 'portal-demo', 'good-token')).statusCode).toBe(200);
  });

  it('tells API clients when a pair has failed too often', async () => {
    let last = await login('10.5.0.3', 'admin', 'ADMIN', 'wrong-guess', 'good-token');
    for (let i = 1; i < t.config.LOGIN_MAX_FAILURES; i++) {
      expect(last.statusCode).toBe(401);
      expect(last.json().data).toBeUndefined();
      last = await login('10.5.0.3', 'admin', 'ADMIN', 'wrong-guess', 'good-token');
    }
    expect(last.statusCode).toBe(401);
    expect(last.json()).toEqual({ success: false, message: 'Invalid username, password or role', data: { captchaRequired: true } });
  });

  it('never refuses the real user after a guess spread over many addresses', async () => {
    for (let a = 1; a <= 11; a++) {
      for (let i = 0; i < 5; i++) {
        const res = await login(`10.6.0.${a}`, 'teacher', 'TEACHER', 'wrong-guess', 'good-token');
        expect([401, 429]).toContain(res.statusCode);
      }
    }
    const asked = await login('10.6.1.1', 'teacher', 'TEACHER', 'portal-demo');
    expect(asked.statusCode).toBe(400);
    expect(asked.json().data.captchaRequired).toBe(true);
    expect((await login('10.6.1.1', 'teacher', 'TEACHER', 'portal-demo', 'good-token')).statusCode).toBe(200);
  });
});
