import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { describeDb, useTestApp } from './helper';
import { bodies, created, demoTenant, json, type Tenant } from './fixtures';
import { INSTRUCTOR, LTI_CLAIM, startTestPlatform, type TestPlatform } from '../support/ltiPlatform';

/**
 * The portal as an LTI 1.3 tool, with the test suite playing the LMS: registration, the tool's key
 * set and configuration, the OIDC login, launches of a learner (into the exam through a one-time
 * exam link) and of an instructor (to the manage page), deep linking (the answer verified with the
 * tool's key set), key rotation, and each refusal, after which nothing was created.
 */
describeDb('LTI 1.3 launches', () => {
  const t = useTestApp();
  let platform: TestPlatform;
  let admin: string;
  let tenant: Tenant;
  let quiz: number;
  let platformId: number;
  let teacherEmail: string;

  const toolJwks = async () => (await t.request('GET', '/api/lti/jwks')).json() as JSONWebKeySet;
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  /** The login initiation as the LMS calls it; answers the state, nonce and the browser's cookie. */
  async function login(extra: Record<string, string> = {}) {
    const q = new URLSearchParams({ iss: platform.issuer, login_hint: 'hint-1', target_link_uri: 'http://localhost/api/lti/launch', client_id: platform.clientId, lti_message_hint: 'msg-1', ...extra });
    const res = await t.request('GET', `/api/lti/login?${q}`);
    expect(res.statusCode, res.body).toBe(302);
    const location = new URL(res.headers.location as string);
    const setCookie = String(res.headers['set-cookie']);
    const cookie = setCookie.split(';')[0];
    return { res, location, state: location.searchParams.get('state')!, nonce: location.searchParams.get('nonce')!, cookie, setCookie };
  }
  const launch = (fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) =>
    t.request('POST', '/api/lti/launch', { body: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}), ...headers } });
  const counts = async () => {
    const db = t.portal.database.db;
    const n = async (table: 'users' | 'sessions' | 'exam_tokens' | 'lti_links' | 'lti_users') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return { users: await n('users'), sessions: await n('sessions'), tokens: await n('exam_tokens'), links: await n('lti_links'), ltiUsers: await n('lti_users') };
  };
  /** A launch that must be refused with 401 and a page naming `words`, creating nothing. */
  async function refused(fields: Record<string, string>, cookie: string | undefined, words: RegExp, status = 401) {
    const before = await counts();
    const res = await launch(fields, cookie);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(words);
    expect(res.body).toContain('What to check');
    expect(await counts()).toEqual(before);
    return res;
  }

  beforeAll(async () => {
    admin = await t.login('admin', 'ADMIN');
    tenant = await demoTenant(t);
    platform = await startTestPlatform({ toolJwks });
    const reg = await t.request('POST', '/api/lti-platforms', { token: admin, body: platform.registration(tenant.institute) });
    platformId = created(reg, 'platform').id;
    quiz = created(await t.request('POST', '/api/quizzes', { token: tenant.tokens.TEACHER, body: bodies.openQuiz(tenant) }), 'quiz').id;
    teacherEmail = (await t.portal.database.db.selectFrom('users').select('email').where('id', '=', tenant.who.TEACHER.userId).executeTakeFirstOrThrow()).email!;
  });
  afterAll(async () => platform?.close());

  it('registers platforms as an admin-only entity with clear errors', async () => {
    const list = await t.request('GET', '/api/lti-platforms', { token: admin });
    expect(list.statusCode).toBe(200);
    expect(json(list).data.some((p: { id: number; deploymentIds: string[] }) => p.id === platformId && p.deploymentIds[0] === '1')).toBe(true);
    // Every other role is refused every action; the admin reads, changes and deletes.
    for (const role of ['STUDENT', 'TEACHER', 'DEPARTMENT-HEAD', 'INSTITUTE-HEAD'] as const) {
      const token = tenant.tokens[role];
      expect((await t.request('GET', '/api/lti-platforms', { token })).statusCode, role).toBe(403);
      expect((await t.request('GET', `/api/lti-platforms/${platformId}`, { token })).statusCode, role).toBe(403);
      expect((await t.request('POST', '/api/lti-platforms', { token, body: platform.registration(tenant.institute) })).statusCode, role).toBe(403);
      expect((await t.request('PUT', `/api/lti-platforms/${platformId}`, { token, body: platform.registration(tenant.institute) })).statusCode, role).toBe(403);
      expect((await t.request('DELETE', `/api/lti-platforms/${platformId}`, { token })).statusCode, role).toBe(403);
    }
    expect((await t.request('GET', '/api/lti-platforms')).statusCode).toBe(405);
    const spare = created(await t.request('POST', '/api/lti-platforms', { token: admin, body: { ...platform.registration(tenant.institute), clientId: 'spare-client' } }), 'spare platform').id;
    const edited = await t.request('PUT', `/api/lti-platforms/${spare}`, { token: admin, body: { ...platform.registration(tenant.institute), clientId: 'spare-client', deploymentIds: ['a', 'b'] } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json(await t.request('GET', `/api/lti-platforms/${spare}`, { token: admin })).data.deploymentIds).toEqual(['a', 'b']);
    expect((await t.request('DELETE', `/api/lti-platforms/${spare}`, { token: admin })).statusCode).toBe(200);
    // One registration per issuer and client ID.
    const twice = await t.request('POST', '/api/lti-platforms', { token: admin, body: platform.registration(tenant.institute) });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(json(twice).message).toMatch(/issuer and client ID/);
    const bad = await t.request('POST', '/api/lti-platforms', { token: admin, body: { ...platform.registration(tenant.institute), jwksUrl: 'ftp://x', deploymentIds: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Public keyset URL must be an https:// address');
    expect(bad.body).toContain('At least one deployment ID is required');
  });

  it('publishes its configuration and an RS256 key set with kid', async () => {
    const config = json(await t.request('GET', '/api/lti/config')).data;
    expect(config.loginUrl).toMatch(/\/api\/lti\/login$/);
    expect(config.redirectUris).toEqual([config.launchUrl]);
    expect(config.jwksUrl).toMatch(/\/api\/lti\/jwks$/);
    expect(config.deepLinkingUrl).toMatch(/\/api\/lti\/launch$/);
    const jwks = await toolJwks();
    expect(jwks.keys.length).toBeGreaterThanOrEqual(1);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(key.kid).toBeTruthy();
      expect(key).not.toHaveProperty('d');
    }
  });

  it('answers the login initiation with the OIDC authentication request and a state cookie', async () => {
    const { location, setCookie, state, nonce } = await login();
    expect(`${location.origin}${location.pathname}`).toBe(platform.authLoginUrl);
    const q = location.searchParams;
    expect(q.get('scope')).toBe('openid');
    expect(q.get('response_type')).toBe('id_token');
    expect(q.get('response_mode')).toBe('form_post');
    expect(q.get('prompt')).toBe('none');
    expect(q.get('client_id')).toBe(platform.clientId);
    expect(q.get('redirect_uri')).toMatch(/\/api\/lti\/launch$/);
    expect(q.get('login_hint')).toBe('hint-1');
    expect(q.get('lti_message_hint')).toBe('msg-1');
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(nonce.length).toBeGreaterThanOrEqual(32);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=None/i);
    expect(setCookie).toMatch(/Max-Age=\d+/i);
    // A second login has a fresh state and nonce.
    const again = await login();
    expect(again.state).not.toBe(state);
    expect(again.nonce).not.toBe(nonce);
    // POST works as GET.
    const post = await t.request('POST', '/api/lti/login', {
      body: form({ iss: platform.issuer, login_hint: 'h', target_link_uri: 'http://localhost/api/lti/launch', client_id: platform.clientId }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.statusCode).toBe(302);
    // An unknown issuer or deployment is refused with a page.
    const unknown = await t.request('GET', `/api/lti/login?${new URLSearchParams({ iss: 'https://lms.unknown.example', login_hint: 'h', target_link_uri: 'x' })}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toContain('is registered in the exam portal');
    const deployment = await t.request('GET', `/api/lti/login?${new URLSearchParams({ iss: platform.issuer, login_hint: 'h', target_link_uri: 'x', client_id: platform.clientId, lti_deployment_id: 'nope' })}`);
    expect(deployment.statusCode).toBe(401);
    expect(deployment.body).toContain('deployment ID nope is not registered');
  });

  it('takes a learner into the exam: account by (iss, sub), the quiz’s group, a one-time exam link', async () => {
    const { state, nonce, cookie } = await login();
    const idToken = await platform.sign(platform.launchClaims({ nonce, sub: 'learner-42', quizId: quiz, name: 'Asha Rao', email: 'asha.rao@lms.example' }));
    const res = await launch({ id_token: idToken, state }, cookie);
    expect(res.statusCode, res.body).toBe(302);
    const location = res.headers.location as string;
    expect(location).toMatch(/^\/\?examToken=/);
    const examToken = new URLSearchParams(location.slice(2)).get('examToken')!;
    const db = t.portal.database.db;
    const account = await db.selectFrom('lti_users').innerJoin('users', 'users.id', 'lti_users.user_id').select(['users.id', 'users.fullname', 'users.email', 'users.role', 'users.department_id']).where('lti_users.sub', '=', 'learner-42').executeTakeFirstOrThrow();
    expect(account).toMatchObject({ fullname: 'Asha Rao', email: 'asha.rao@lms.example', role: 'STUDENT', department_id: tenant.department });
    expect(await db.selectFrom('group_students').select('student_id').where('group_id', '=', tenant.group).where('student_id', '=', account.id).executeTakeFirst()).toBeTruthy();
    const link = await db.selectFrom('lti_links').selectAll().where('quiz_id', '=', quiz).executeTakeFirstOrThrow();
    expect(link.lineitem).toBe(platform.lineitem);
    expect(link.memberships_url).toBe(platform.membershipsUrl);
    // The exam link signs the student in on that quiz, once.
    const verify = await t.request('GET', `/api/student/verify/exam-token/${examToken}`);
    expect(verify.statusCode, verify.body).toBe(200);
    expect(json(verify).data.quizId).toBe(quiz);
    const session = json(verify).data.token as string;
    const start = await t.request('POST', `/api/student/quizzes/${quiz}/attempts`, { token: session });
    expect([200, 201]).toContain(start.statusCode);
    expect((await t.request('GET', `/api/student/verify/exam-token/${examToken}`)).statusCode).toBe(404);
    // The same person launching again is the same account.
    const second = await login();
    const again = await launch({ id_token: await platform.sign(platform.launchClaims({ nonce: second.nonce, sub: 'learner-42', quizId: quiz })), state: second.state }, second.cookie);
    expect(again.statusCode).toBe(302);
    expect(Number((await db.selectFrom('lti_users').select((eb) => eb.fn.countAll().as('n')).where('sub', '=', 'learner-42').executeTakeFirstOrThrow()).n)).toBe(1);
  });

  it('sends the quiz grade to the launch’s line item once the learner submits (launch to gradebook)', async () => {
    const { state, nonce, cookie } = await login();
    const launched = await launch({ id_token: await platform.sign(platform.launchClaims({ nonce, sub: 'learner-77', quizId: quiz, name: 'Ravi Kumar' })), state }, cookie);
    expect(launched.statusCode, launched.body).toBe(302);
    const examToken = new URLSearchParams((launched.headers.location as string).slice(2)).get('examToken')!;
    const session = json(await t.request('GET', `/api/student/verify/exam-token/${examToken}`)).data.token as string;
    const start = await t.request('POST', `/api/student/quizzes/${quiz}/attempts`, { token: session });
    expect(start.statusCode, start.body).toBe(201);
    const attempt = json(start).data.id as number;
    const options = json(await t.request('GET', `/api/questions/${tenant.question}`, { token: tenant.tokens.TEACHER })).data.options as { id: string; correct: boolean }[];
    const marks = json(await t.request('GET', `/api/questions/${tenant.question}`, { token: tenant.tokens.TEACHER })).data.marks as number;
    const saved = await t.request('PUT', `/api/student/attempts/${attempt}/answers/${tenant.question}`, { token: session, body: { response: options.find((o) => o.correct)!.id, seq: 1 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = platform.scores.length;
    expect((await t.request('POST', `/api/student/attempts/${attempt}/submit`, { token: session })).statusCode).toBe(200);
    const until = Date.now() + 5_000;
    while (platform.scores.length === before && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    const score = platform.scores.at(-1)!;
    expect(platform.scores.length).toBe(before + 1);
    expect(score.query).toBe('?type_id=7');
    expect(score.contentType).toBe('application/vnd.ims.lis.v1.score+json');
    expect(score.userAgent).toBeTruthy();
    expect(score.body).toEqual({
      userId: 'learner-77',
      scoreGiven: marks,
      scoreMaximum: marks,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // Opening the activity again after the submit opens the quiz (its result as the review options
    // allow): the LMS is the way back of a student without a password, not a sign-in.
    const again = await login();
    const relaunch = await launch({ id_token: await platform.sign(platform.launchClaims({ nonce: again.nonce, sub: 'learner-77', quizId: quiz })), state: again.state }, again.cookie);
    const token2 = new URLSearchParams((relaunch.headers.location as string).slice(2)).get('examToken')!;
    const reopened = await t.request('GET', `/api/student/verify/exam-token/${token2}`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(json(reopened).data).toMatchObject({ quizId: quiz, fromLms: true });
    const verified = await t.request('GET', '/api/student/verify', { token: json(reopened).data.token });
    expect(json(verified).data).toMatchObject({ examQuizId: quiz, fromLms: true });
    expect((await t.request('GET', '/api/student/verify', { token: session })).statusCode).toBe(405);
  });

  it('inside the LMS’s frame, offers the exam in a window of its own, framable only by the registered platform', async () => {
    const { state, nonce, cookie } = await login();
    const res = await launch({ id_token: await platform.sign(platform.launchClaims({ nonce, sub: 'learner-frame', quizId: quiz })), state }, cookie, { 'sec-fetch-dest': 'iframe' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/href="\/\?examToken=[^"]+" target="_blank"/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors 'self' ${platform.issuer}`);
    expect(res.headers['x-frame-options']).toBeUndefined();
    // Everywhere else the portal stays unframable.
    const other = await t.request('GET', '/api/lti/config');
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('signs an instructor in as the matching teacher on the quiz’s manage page', async () => {
    const { state, nonce, cookie } = await login();
    const idToken = await platform.sign(platform.launchClaims({ nonce, sub: 'teacher-lms-1', quizId: quiz, roles: [INSTRUCTOR], email: teacherEmail.toUpperCase() }));
    const res = await launch({ id_token: idToken, state }, cookie);
    expect(res.statusCode, res.body).toBe(302);
    const code = new URLSearchParams((res.headers.location as string).slice(2)).get('ltiHandoff')!;
    expect(code).toBeTruthy();
    const handoff = await t.request('POST', '/api/lti/handoff', { body: { code } });
    expect(handoff.statusCode, handoff.body).toBe(200);
    expect(json(handoff).data).toMatchObject({ role: 'TEACHER', username: 'teacher', quizId: quiz });
    const manage = await t.request('GET', `/api/quizzes/${quiz}/participants`, { token: json(handoff).data.token });
    expect(manage.statusCode, manage.body).toBe(200);
    expect((await t.request('POST', '/api/lti/handoff', { body: { code } })).statusCode).toBe(404);
    // An instructor no teacher account matches gets a page, not an account.
    const before = await t.portal.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const other = await login();
    const stranger = await launch({ id_token: await platform.sign(platform.launchClaims({ nonce: other.nonce, sub: 'teacher-x', quizId: quiz, roles: [INSTRUCTOR], email: 'nobody@lms.example' })), state: other.state }, other.cookie);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).toContain('nobody@lms.example');
    expect(await t.portal.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('deep linking: the instructor picks a quiz and the LMS gets a signed LtiDeepLinkingResponse', async () => {
    const { state, nonce, cookie } = await login();
    const idToken = await platform.sign(platform.deepLinkingClaims({ nonce, sub: 'teacher-lms-1', email: teacherEmail, data: 'opaque-42' }));
    const picker = await launch({ id_token: idToken, state }, cookie);
    expect(picker.statusCode, picker.body).toBe(200);
    expect(picker.body).toContain('Add a quiz to your course');
    const code = /name="code" value="([^"]+)"/.exec(picker.body)![1];
    expect(picker.body).toContain(`value="${quiz}"`);
    const answer = await t.request('POST', '/api/lti/deep-link', { body: form({ code, quizId: String(quiz) }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain(`action="${platform.issuer}/deep-link-return"`);
    expect(String(answer.headers['content-security-policy'])).toContain(`form-action 'self' ${platform.issuer}`);
    const jwt = /name="JWT" value="([^"]+)"/.exec(answer.body)![1];
    const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(await toolJwks()), { issuer: platform.clientId, audience: platform.issuer, algorithms: ['RS256'] });
    expect(protectedHeader.kid).toBeTruthy();
    expect(payload[`${LTI_CLAIM}message_type`]).toBe('LtiDeepLinkingResponse');
    expect(payload[`${LTI_CLAIM}version`]).toBe('1.3.0');
    expect(payload[`${LTI_CLAIM}deployment_id`]).toBe(platform.deploymentId);
    expect(payload['https://purl.imsglobal.org/spec/lti-dl/claim/data']).toBe('opaque-42');
    expect(payload.nonce).toBeTruthy();
    const items = payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as Record<string, any>[];
    const quizRow = json(await t.request('GET', `/api/quizzes/${quiz}`, { token: tenant.tokens.TEACHER })).data;
    const question = json(await t.request('GET', `/api/questions/${tenant.question}`, { token: tenant.tokens.TEACHER })).data;
    expect(items).toEqual([
      expect.objectContaining({ type: 'ltiResourceLink', title: quizRow.name, custom: { quiz_id: String(quiz) }, lineItem: expect.objectContaining({ scoreMaximum: question.marks }) }),
    ]);
    // The choice works once.
    const twice = await t.request('POST', '/api/lti/deep-link', { body: form({ code, quizId: String(quiz) }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(twice.statusCode).toBe(401);
  });

  it('refuses a launch signed with a key the platform does not publish', async () => {
    const { state, nonce, cookie } = await login();
    const claims = platform.launchClaims({ nonce, sub: 'forger', quizId: quiz });
    await refused({ id_token: await platform.sign(claims, { key: platform.strangerKey }), state }, cookie, /signature does not verify/);
  });

  it('refuses a launch whose kid is not in the platform’s key set', async () => {
    const { state, nonce, cookie } = await login();
    await refused({ id_token: await platform.sign(platform.launchClaims({ nonce, sub: 's', quizId: quiz }), { kid: 'no-such-kid', key: platform.strangerKey }), state }, cookie, /no key with the id_token’s key ID \(kid no-such-kid\)/);
  });

  it('refuses an id_token from an unregistered issuer', async () => {
    const { state, nonce, cookie } = await login();
    await refused({ id_token: await platform.sign({ ...platform.launchClaims({ nonce, sub: 's', quizId: quiz }), iss: 'https://evil.example' }), state }, cookie, /issuer \(https:\/\/evil.example\) is not the registered issuer/);
  });

  it('refuses an id_token for another client id', async () => {
    const { state, nonce, cookie } = await login();
    await refused({ id_token: await platform.sign({ ...platform.launchClaims({ nonce, sub: 's', quizId: quiz }), aud: 'someone-else' }), state }, cookie, /addressed to another client ID/);
  });

  it('refuses an unregistered deployment', async () => {
    const { state, nonce, cookie } = await login();
    await refused({ id_token: await platform.sign({ ...platform.launchClaims({ nonce, sub: 's', quizId: quiz }), [`${LTI_CLAIM}deployment_id`]: 'dep-9' }), state }, cookie, /deployment ID dep-9 is not registered/);
  });

  it('refuses an expired id_token (beyond 60 s of skew) and takes one within it', async () => {
    const { state, nonce, cookie } = await login();
    const old = Math.floor(Date.now() / 1000) - 400;
    await refused({ id_token: await platform.sign(platform.launchClaims({ nonce, sub: 's', quizId: quiz }), { iat: old, expiresIn: 300 }), state }, cookie, /has expired/);
    const fresh = await login();
    const skewed = await launch({ id_token: await platform.sign(platform.launchClaims({ nonce: fresh.nonce, sub: 'skewed', quizId: quiz }), { iat: old + 60, expiresIn: 300 }), state: fresh.state }, fresh.cookie);
    expect(skewed.statusCode, skewed.body).toBe(302);
  });

  it('refuses a replayed nonce', async () => {
    const { state, nonce, cookie } = await login();
    const idToken = await platform.sign(platform.launchClaims({ nonce, sub: 'replay', quizId: quiz }));
    expect((await launch({ id_token: idToken, state }, cookie)).statusCode).toBe(302);
    await refused({ id_token: idToken, state }, cookie, /nonce was used before/);
  });

  it('refuses a state from another browser, an unknown state and a missing id_token', async () => {
    const a = await login();
    const b = await login();
    const idToken = await platform.sign(platform.launchClaims({ nonce: a.nonce, sub: 's', quizId: quiz }));
    await refused({ id_token: idToken, state: a.state }, b.cookie, /different browser/);
    await refused({ id_token: idToken, state: a.state }, undefined, /different browser/);
    await refused({ id_token: idToken, state: 'made-up-state' }, a.cookie, /state is unknown or has expired/);
    await refused({ state: a.state }, a.cookie, /no id_token/);
  });

  it('refuses a wrong LTI version and an unknown message type', async () => {
    const v = await login();
    await refused({ id_token: await platform.sign({ ...platform.launchClaims({ nonce: v.nonce, sub: 's', quizId: quiz }), [`${LTI_CLAIM}version`]: '1.1' }), state: v.state }, v.cookie, /LTI version 1.1, not 1.3.0/);
    const m = await login();
    await refused({ id_token: await platform.sign({ ...platform.launchClaims({ nonce: m.nonce, sub: 's', quizId: quiz }), [`${LTI_CLAIM}message_type`]: 'LtiSubmissionReviewRequest' }), state: m.state }, m.cookie, /message type \(LtiSubmissionReviewRequest\)/);
  });

  it('refuses a nonce other than the login’s', async () => {
    const { state, cookie } = await login();
    await refused({ id_token: await platform.sign(platform.launchClaims({ nonce: 'not-the-login-nonce', sub: 's', quizId: quiz })), state }, cookie, /nonce is not the one the portal sent/);
  });

  it('rotates its key: the new one signs, the old one stays published', async () => {
    const before = (await toolJwks()).keys.map((k) => k.kid);
    expect((await t.request('POST', '/api/lti/keys/rotate', { token: tenant.tokens.TEACHER })).statusCode).toBe(403);
    const rotated = await t.request('POST', '/api/lti/keys/rotate', { token: admin });
    expect(rotated.statusCode).toBe(200);
    const kid = json(rotated).data.kid as string;
    const after = (await toolJwks()).keys.map((k) => k.kid);
    expect(after[0]).toBe(kid);
    for (const old of before) expect(after).toContain(old);
    const keys = json(await t.request('GET', '/api/lti/keys', { token: admin })).data.keys as { kid: string; current: boolean; retiredAt: number | null }[];
    expect(keys.find((k) => k.current)!.kid).toBe(kid);
    expect(keys.filter((k) => k.kid !== kid).every((k) => k.retiredAt !== null)).toBe(true);
    // What the tool signs now carries the new kid.
    const { state, nonce, cookie } = await login();
    const picker = await launch({ id_token: await platform.sign(platform.deepLinkingClaims({ nonce, sub: 'teacher-lms-1', email: teacherEmail })), state }, cookie);
    const code = /name="code" value="([^"]+)"/.exec(picker.body)![1];
    const answer = await t.request('POST', '/api/lti/deep-link', { body: form({ code, quizId: String(quiz) }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const jwt = /name="JWT" value="([^"]+)"/.exec(answer.body)![1];
    const header = JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString()) as { kid: string };
    expect(header.kid).toBe(kid);
    expect((decodeJwt(jwt) as JWTPayload).iss).toBe(platform.clientId);
  });
});
