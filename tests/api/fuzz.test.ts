/**
 * "Measure it like an exam morning": every API route, fed generated bad input by every kind of
 * caller, must answer in the generic envelope ({ success, message, data }) with a clear message,
 * never with a 5xx, and the server must still answer /api/health afterwards.
 *
 * The routes are read from the app itself (its router, plus the OpenAPI document at
 * /api/docs/json for params and body schemas), so a new route is fuzzed without touching this file.
 * For each route, FUZZ_RUNS requests are spread over the five demo accounts, no token and
 * garbage tokens: bad path params, sort/range/filter and other query strings, JSON bodies with
 * wrong types, missing and extra fields, huge strings, deep nesting and poisoned keys, invalid
 * JSON, wrong content types and broken multipart bodies (see tests/support/fuzz.ts).
 *
 * CI runs a fixed seed with FUZZ_RUNS=224 (about 20-40 s per database). A longer run with a new
 * seed (the seed is printed first; use --project api-postgres for PostgreSQL):
 *
 *   FUZZ_SEED=random FUZZ_RUNS=5000 npx vitest run --project api-sqlite tests/api/fuzz.test.ts
 *
 * Every failure names the seed, the route and the request, and the command that replays it
 * (each route draws from its own stream of the seed, so one route replays alone). Requests that
 * once broke the contract are also replayed on every run, whatever the seed ("regressions").
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startPortal } from '../../server/start';
import { DEMO_ACCOUNTS } from '../../server/seed/demo';
import { createTestDatabase } from '../support/testDb';
import {
  answerProblem,
  describeRequest,
  GARBAGE_AUTH,
  generateRequest,
  hashSeed,
  resolveSeed,
  Rng,
  routeSpecs,
  type FuzzRequest,
  type OpenApiDocument,
  type RouteSpec,
} from '../support/fuzz';
import { dbKind, describeDb, useTestApp } from './helper';

const SEED = resolveSeed(process.env.FUZZ_SEED, 20_260_615);
/** Requests per route, spread over the seven identities; the default keeps the file at 20-40 s per database. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 224);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`FUZZ_RUNS must be a positive integer, not ${process.env.FUZZ_RUNS}`);

/** The routes of a freshly built app (no demo data needed to list them). */
async function listRoutes(): Promise<RouteSpec[]> {
  const database = await createTestDatabase('sqlite');
  const portal = await startPortal(loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', STATIC_DIR: './no-front-end', ATTEMPT_SWEEP_SECONDS: '0', ...database.env }), false);
  try {
    await portal.app.ready();
    const doc = (await portal.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
    return routeSpecs(portal.app.printRoutes({ commonPrefix: false }), doc);
  } finally {
    await portal.close();
    await database.drop();
  }
}

const allRoutes = await listRoutes();
// Deletes last, so that a record removed by a lucky id does not change what the other routes see.
const routes = [...allRoutes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

const reproduce = (route: RouteSpec) =>
  `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run --project api-${dbKind} tests/api/fuzz.test.ts -t "${route.method} ${route.path}$"`;

describeDb('API fuzz', () => {
  // With a public address, forgot-password goes all the way to the mail outbox (without one it refuses).
  const t = useTestApp({ PUBLIC_URL: 'http://portal.test' });
  /** Bearer tokens of the demo accounts, renewed before each route if a request ended a session (logout). */
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    console.info(`API fuzz: seed ${SEED}, ${RUNS} requests per route, ${routes.length} routes`);
    for (const account of DEMO_ACCOUNTS) tokens.set(account.username, await t.login(account.username, account.role));
  });

  /** How the requests were answered, to see that they reach the handlers and not only the session check. */
  const statuses = new Map<number, number>();
  afterAll(() => {
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
    console.info(`API fuzz: ${total} requests (seed ${SEED}); answers by status: ${counts}`);
  });

  beforeEach(async () => {
    const { app } = t.portal;
    for (const account of DEMO_ACCOUNTS) {
      if (await app.sessions.find(tokens.get(account.username)!)) continue;
      const user = await app.db.selectFrom('users').select(['id', 'role']).where('username', '=', account.username).executeTakeFirst();
      if (user?.role === account.role) tokens.set(account.username, await app.sessions.create(user.id, user.role));
    }
  });

  /** Who sends request number i: each demo account, nobody, and a garbage token, in turn. */
  const identities: { name: string; header(rng: Rng): string | undefined }[] = [
    ...DEMO_ACCOUNTS.map((a) => ({ name: a.username, header: () => `Bearer ${tokens.get(a.username)}` })),
    { name: 'no token', header: () => undefined },
    { name: 'garbage token', header: (rng: Rng) => rng.pick(GARBAGE_AUTH)(rng) },
  ];

  async function send(req: FuzzRequest) {
    return t.portal.app.inject({
      method: req.method as 'GET',
      url: req.url,
      headers: req.headers,
      remoteAddress: req.remoteAddress,
      ...(req.payload === undefined ? {} : { payload: req.payload }),
    });
  }

  it('lists every route of the app, the uploads included', () => {
    expect(routes.length).toBeGreaterThan(80);
    const names = routes.map((r) => `${r.method} ${r.path}`);
    for (const name of ['POST /api/auth/login', 'POST /api/students/upload', 'POST /api/questions/import', 'GET /api/quizzes', 'PUT /api/student/attempts/:attemptId/answers/:questionId']) {
      expect(names).toContain(name);
    }
    expect(routes.find((r) => r.path === '/api/students/upload')?.multipart).toContain('file');
    // A route missing from the OpenAPI document is still fuzzed, but should be documented.
    expect(routes.filter((r) => !r.documented).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  /** What earlier runs found (each once a 5xx or an answer outside the envelope), replayed on every run. */
  const regressions: { what: string; as?: string; method: string; url: string; body?: string | Buffer; type?: string; status?: number }[] = [
    { what: 'a malformed percent-escape in the path', as: 'teacher', method: 'GET', url: '/api/quizzes/%E0%A4%A', status: 400 },
    { what: 'a path part over 100 characters', as: 'teacher', method: 'GET', url: `/api/quizzes/${'9'.repeat(101)}`, status: 414 },
    { what: 'multipart without a boundary', as: 'teacher', method: 'POST', url: '/api/questions/import', body: 'abc', type: 'multipart/form-data', status: 400 },
    { what: 'truncated multipart', as: 'department-head', method: 'POST', url: '/api/students/upload', body: '--XX\r\nContent-Disposition: form-data; name="semester"\r\n\r\n3', type: 'multipart/form-data; boundary=XX', status: 400 },
    { what: 'an export filter nested 10,000 levels', as: 'teacher', method: 'POST', url: '/api/questions/export', body: `{"format":"gift","filter":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`, status: 400 },
    { what: 'a body field named like an Object method', as: 'teacher', method: 'POST', url: '/api/topics', body: '{"name":"ab","module_id":1,"hasOwnProperty":null,"constructor":null}' },
    { what: 'a NUL character in a login name', method: 'POST', url: '/api/auth/login', body: '{"username":"a\\u0000b","password":"x","role":"STUDENT"}' },
    { what: 'a NUL character in a stored field', as: 'institute-head', method: 'POST', url: '/api/subjects', body: '{"subjectname":"Nul","code":"NUL1","semester":"a\\u0000b"}' },
    { what: 'a NUL character in a search', as: 'teacher', method: 'GET', url: `/api/questions?filter=${encodeURIComponent(JSON.stringify({ q: 'a\u0000' }))}` },
    { what: 'a fractional startDate', as: 'teacher', method: 'GET', url: `/api/questions?filter=${encodeURIComponent('{"startDate":1.5}')}` },
    { what: 'a startDate beyond 64 bits', as: 'teacher', method: 'GET', url: `/api/questions/export?format=gift&filter=${encodeURIComponent('{"startDate":1e20}')}` },
    { what: 'a createdBy beyond 32 bits', as: 'institute-head', method: 'GET', url: `/api/teachers?filter=${encodeURIComponent('{"createdBy":9007199254740994}')}` },
    { what: 'a reference id beyond 32 bits', as: 'institute-head', method: 'POST', url: '/api/teachers', body: '{"email":"big@example.org","fullname":"Big Id","username":"bigid","phone":"9876500999","departmentId":9007199254740991,"subjects":[1]}' },
    { what: 'a quiz id of 2^31', as: 'student', method: 'POST', url: '/api/feedbacks', body: '{"quiz":2147483648,"rating":5,"comment":"x"}' },
  ];

  it.each(regressions)('answers $what in the envelope, without a 5xx', async ({ as, method, url, body, type, status }) => {
    const req: FuzzRequest = {
      label: 'regression',
      method,
      url,
      headers: { ...(as ? { authorization: `Bearer ${tokens.get(as)}` } : {}), ...(body === undefined ? {} : { 'content-type': type ?? 'application/json' }) },
      payload: body,
      remoteAddress: '10.9.9.9',
    };
    const res = await send(req);
    expect(answerProblem(req, res), res.body.slice(0, 300)).toBeUndefined();
    if (status) expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  });

  for (const route of routes) {
    it(
      `${route.method} ${route.path}`,
      async () => {
        const rng = new Rng(hashSeed(SEED, route.method, route.path));
        const failures: string[] = [];
        for (let i = 0; i < RUNS; i++) {
          const who = identities[i % identities.length];
          const req = generateRequest(rng, route, who.header(rng));
          let problem: string | undefined;
          let detail = '';
          try {
            const res = await send(req);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            problem = answerProblem(req, res);
            detail = ` -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          } catch (err) {
            problem = `the request failed: ${(err as Error).message}`;
          }
          if (problem) failures.push(`#${i} as ${who.name}: ${problem}\n    ${describeRequest(req)}${detail}`);
        }
        const health = await t.request('GET', '/api/health');
        if (health.statusCode !== 200 || health.json().success !== true) failures.push(`/api/health answered ${health.statusCode} afterwards: ${health.body}`);
        const report = failures.length
          ? `${failures.length} of ${RUNS} requests broke the contract (seed ${SEED}).\nReproduce: ${reproduce(route)}\n${failures.slice(0, 8).join('\n')}`
          : '';
        expect(report).toBe('');
      },
      Math.max(60_000, RUNS * 400),
    );
  }

  it('still answers /api/health and a real sign-in after the whole run', async () => {
    const health = await t.request('GET', '/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ success: true, data: { database: { reachable: true } } });
    const verify = await t.request('GET', '/api/teacher/verify', { token: tokens.get('teacher') });
    expect([200, 405]).toContain(verify.statusCode);
  });
});
