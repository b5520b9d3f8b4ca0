import { afterAll, expect, it } from 'vitest';
import { CHOSEN_PASSWORD } from './fixtures';
import { describeDb, useTestApp, type TestApp } from './helper';
import { resetLinkOf, startSmtp } from '../support/smtp';

const smtp = await startSmtp();
afterAll(() => smtp.close());

// Each request from its own address: forgot-password allows only a few per address and minute.
let client = 0;
const forgot = (t: TestApp, login: string, host = 'portal.test') =>
  t.portal.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { login }, headers: { host }, remoteAddress: `10.44.0.${++client}` });
const reset = (t: TestApp, token: string, password = CHOSEN_PASSWORD) =>
  t.request('POST', '/api/auth/reset-password', { body: { token, newPassword: password, confirmPassword: password } });

/** Asks for a link for `login` and returns the mailed link (the mail is sent after the answer). */
async function mailedLink(t: TestApp, login: string, host?: string) {
  const before = smtp.received.length;
  expect((await forgot(t, login, host)).statusCode).toBe(200);
  await t.portal.app.jobs.drain();
  expect(smtp.received.length).toBe(before + 1);
  return resetLinkOf(smtp.received.at(-1)!);
}

describeDb('password reset links, with PUBLIC_URL', () => {
  const t = useTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://exam.college.test/' });

  it('builds the mailed link from PUBLIC_URL, whatever Host the request names', async () => {
    const link = await mailedLink(t, 'teacher', 'evil.example');
    expect(link.origin).toBe('https://exam.college.test');
  });

  it('answers before looking the account up or mailing, so known and unknown logins take the same path', async () => {
    smtp.hold();
    try {
      const before = smtp.received.length;
      const answerWithin = (login: string) =>
        Promise.race([forgot(t, login), new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), 3000))]);
      // The mail server does not acknowledge the mail while held: an answer that waited for it would not come.
      const known = await answerWithin('teacher@demo.example');
      const unknown = await answerWithin('nobody-at-all');
      expect(known).not.toBe('no answer');
      expect(unknown).not.toBe('no answer');
      if (known === 'no answer' || unknown === 'no answer') return;
      expect(known.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      expect(smtp.received.length).toBe(before);
      expect(t.portal.app.jobs.size).toBeGreaterThan(0);
      smtp.release();
      await t.portal.app.jobs.drain();
      expect(smtp.received.length).toBe(before + 1);
    } finally {
      smtp.release();
    }
  });

  it('stops every other outstanding link of the account once one of them is used', async () => {
    const first = await mailedLink(t, 'department-head');
    const second = await mailedLink(t, 'department-head');
    expect((await reset(t, second.token)).statusCode).toBe(200);
    const stale = await reset(t, first.token, 'another-secret-9');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('This reset link is invalid or has expired');
    expect(await t.login('department-head', 'DEPARTMENT-HEAD', CHOSEN_PASSWORD)).toBeTruthy();
  });

  it('stops every outstanding link once the person changes their password', async () => {
    const link = await mailedLink(t, 'institute-head');
    const token = await t.login('institute-head', 'INSTITUTE-HEAD');
    const changed = await t.request('POST', '/api/auth/change-password', {
      token,
      body: { currentPassword: 'portal-demo', newPassword: CHOSEN_PASSWORD, confirmPassword: CHOSEN_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    const stale = await reset(t, link.token, 'another-secret-9');
    expect(stale.statusCode).toBe(400);
    expect(await t.login('institute-head', 'INSTITUTE-HEAD', CHOSEN_PASSWORD)).toBeTruthy();
  });

  it('stops every outstanding link when the password is set in any other way (an administrator setting a new one)', async () => {
    const link = await mailedLink(t, 'student');
    const db = t.portal.database.db;
    const { hashGeneratedPassword } = await import('../../server/auth/passwords');
    await db.updateTable('users').set({ password_hash: hashGeneratedPassword('new-initial-pw-1'), must_change_password: 1 }).where('username', '=', 'student').execute();
    expect((await reset(t, link.token)).statusCode).toBe(400);
    expect(await t.login('student', 'STUDENT', 'new-initial-pw-1')).toBeTruthy();
  });
});

describeDb('password reset requests per address', () => {
  const t = useTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://exam.college.test' });

  it('allows 5 forgot-password requests per address and minute, then answers 429 with Retry-After', async () => {
    const from = (remoteAddress: string) =>
      t.portal.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { login: 'nobody-at-all' }, remoteAddress });
    for (let i = 0; i < 5; i++) expect((await from('10.45.0.1')).statusCode).toBe(200);
    const over = await from('10.45.0.1');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('10.45.0.2')).statusCode).toBe(200);
    await t.portal.app.jobs.drain();
  });
});

describeDb('password reset links, without PUBLIC_URL', () => {
  const t = useTestApp({ SMTP_URL: smtp.url });

  it('refuses to mail a link rather than build it from the Host header', async () => {
    const before = smtp.received.length;
    const res = await forgot(t, 'teacher', 'evil.example');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('PUBLIC_URL') });
    await t.portal.app.jobs.drain();
    expect(smtp.received.length).toBe(before);
    expect(await t.portal.database.db.selectFrom('password_resets').select('id').execute()).toEqual([]);
  });
});
