import { expect, it } from 'vitest';
import { hashingLoad } from '../../server/auth/passwords';
import { describeDb, useTestApp } from './helper';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/**
 * Sign-ins never starve saves: argon2id runs on hashing workers off the event loop, and at most
 * SIGNIN_QUEUE_LIMIT password checks wait for one. Beyond it a sign-in is answered at once with
 * 503, Retry-After and a message the login page shows, while saves go on being answered.
 */
describeDb('a flood of sign-ins beyond the hashing queue', () => {
  // Room for a few argon2id runs per worker: the save below goes while they are still being hashed.
  const LIMIT = 8;
  const t = useTestApp({ SIGNIN_QUEUE_LIMIT: String(LIMIT), LOGIN_RATE_PER_MINUTE: '100000' });

  const signIn = (n: number) =>
    t.portal.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      // Each from its own address, as students on their own devices: no per-address limit is reached.
      remoteAddress: `10.90.${Math.floor(n / 250)}.${(n % 250) + 1}`,
      payload: { username: 'student', password: DEMO_PASSWORD, role: 'STUDENT', userTime: Date.now() },
    });

  it('answers 503 with Retry-After beyond the bound, while a save in the same moment is answered at once', async () => {
    const token = await t.login('student', 'STUDENT');
    const available = (await t.request('GET', '/api/student/quizzes?state=available', { token })).json().data as { id: number }[];
    expect(available.length).toBeGreaterThan(0);
    const start = await t.request('POST', `/api/student/quizzes/${available[0].id}/attempts`, { token });
    expect([200, 201]).toContain(start.statusCode);
    const attemptId = start.json().data.id as number;
    const paper = (await t.request('GET', `/api/student/attempts/${attemptId}`, { token })).json().data.questions as { id: number; type: string; options?: { id: string }[] }[];
    const question = paper.find((q) => q.type === 'true_false') ?? paper.find((q) => q.type === 'single')!;
    const response = question.type === 'true_false' ? true : question.options![0].id;

    const FLOOD = 60;
    const finished: { status: number; at: number }[] = [];
    const flood = Array.from({ length: FLOOD }, (_, n) =>
      signIn(n).then((res) => {
        finished.push({ status: res.statusCode, at: performance.now() });
        return res;
      }),
    );
    // The flood is in once the queue was full: the first refusal says so. (Polling for exactly LIMIT
    // waiting could miss it on a loaded machine, the queue filling and draining between two looks.)
    const waitFrom = Date.now();
    while (!finished.some((f) => f.status === 503) && Date.now() - waitFrom < 10_000) await new Promise((r) => setImmediate(r));
    expect(finished.some((f) => f.status === 503)).toBe(true);
    expect(hashingLoad().waiting).toBeLessThanOrEqual(LIMIT);

    const saveFrom = performance.now();
    const save = await t.request('PUT', `/api/student/attempts/${attemptId}/answers/${question.id}`, { token, body: { response, seq: 1 } });
    const saveAt = performance.now();
    expect(save.statusCode).toBe(200);
    expect(save.json().message).toBe('Saved');

    const answers = await Promise.all(flood);
    const signedIn = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 503);
    // The ones being hashed and the ones waiting get in; the others are refused, nothing else happens.
    expect(signedIn.length).toBeGreaterThanOrEqual(LIMIT);
    expect(refused.length).toBeGreaterThan(FLOOD / 2);
    expect(signedIn.length + refused.length).toBe(FLOOD);
    for (const res of refused) {
      const seconds = Number(res.headers['retry-after']);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(res.json()).toEqual({
        success: false,
        message: `Too many sign-ins at once: try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
        data: { retryAfterSeconds: seconds },
      });
    }
    // The save did not wait for the hashing: it was answered before the last admitted sign-in,
    // and quickly (hashing the admitted ones takes several argon2id runs per worker).
    const lastSignIn = Math.max(...finished.filter((f) => f.status === 200).map((f) => f.at));
    expect(saveAt).toBeLessThan(lastSignIn);
    // (A generous absolute bound: the machine may be shared; the comparison above is the real test.)
    expect(saveAt - saveFrom).toBeLessThan(5_000);
  }, 60_000);

  it('lets sign-ins in again once the queue has drained, and a refusal never counted as a failed try', async () => {
    while (hashingLoad().waiting + hashingLoad().running > 0) await new Promise((r) => setTimeout(r, 20));
    for (let n = 0; n < 3; n++) expect((await signIn(n)).statusCode).toBe(200);
  });
});
