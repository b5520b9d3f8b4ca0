import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import Fastify from 'fastify';
import { closeConnectionsAfterAnswers } from '../../server/app';
import { PgSessionChannel, RedisSessionChannel, type SessionEvent } from '../../server/auth/sessionChannel';
import { RedisLink, type LinkLogger } from '../../server/lib/redis';
import { startOwnRedis } from '../../scripts/cluster';
import { startPortal, type Portal } from '../../server/start';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { freePort, startPortalServer } from '../../bench/server';
import { describeDb, describeOnly, useTestApp, type TestApp } from './helper';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
/** Suites that use no database run once, in the SQLite project. */
const NO_DATABASE = 'uses no database: run once';
/** A logger that says nothing, for the channels and links these tests make by hand. */
const quiet: LinkLogger = { warn: () => undefined, info: () => undefined };
/** Keys and channels of this file's apps only: other runs may share the same Redis. */
const prefix = () => `portal-test-${randomBytes(4).toString('hex')}:`;

/** A second server process on the same database (and Redis, when configured), in this test process. */
function useSecondProcess(t: TestApp, env: () => Record<string, string>) {
  const second = {} as { portal: Portal; login(username: string, role: string, address?: string, password?: string): Promise<{ status: number; token?: string }> };
  beforeAll(async () => {
    const { DATABASE_URL, DATA_DIR } = t.config;
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'true',
      STATIC_DIR: './no-front-end',
      ATTEMPT_SWEEP_SECONDS: '0',
      ...(DATABASE_URL ? { DATABASE_URL } : { DATA_DIR }),
      ...env(),
    });
    second.portal = await startPortal(config, false);
  });
  afterAll(async () => {
    await second.portal?.close();
  });
  return second;
}

const inject = (p: Portal, method: string, url: string, opts: { token?: string; body?: unknown; address?: string; headers?: Record<string, string> } = {}) =>
  p.app.inject({
    method: method as 'GET',
    url,
    remoteAddress: opts.address,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });

/**
 * The status another process answers within `ms`: the revocation reaches it through Redis or
 * PostgreSQL on a connection of its own, a moment after the answer to the sign-out (across real
 * processes the client's next request takes longer than that). Far below the 5 s a process
 * would otherwise trust what it remembers.
 */
async function statusWithin(ms: number, want: number, request: () => Promise<{ statusCode: number }>): Promise<number> {
  const deadline = Date.now() + ms;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await request()).statusCode;
    if (status === want) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  return status;
}

const loginBody = (username: string, role: string, password = DEMO_PASSWORD) => ({ username, password, role, userTime: Date.now() });

async function signIn(p: Portal, username: string, role: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await inject(p, 'POST', '/api/auth/login', { body: loginBody(username, role, password) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token;
}

describeDb('two server processes sharing Redis', () => {
  const redisPrefix = prefix();
  const env = { REDIS_URL, REDIS_PREFIX: redisPrefix };
  const a = useTestApp(env);
  const b = useSecondProcess(a, () => env);

  it('says both are ready, with Redis reachable and the session channel live', async () => {
    for (const p of [a.portal, b.portal]) {
      const res = await inject(p, 'GET', '/api/ready');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        data: { database: { reachable: true }, migrations: { pending: [] }, redis: { configured: true, reachable: true }, sessionChannel: { kind: 'redis', live: true } },
      });
    }
  });

  it('refuses a session signed out in one process in the other at once', async () => {
    const token = await signIn(a.portal, 'student', 'STUDENT');
    // Both processes have read (and remember) the session.
    expect((await inject(a.portal, 'GET', '/api/student/verify', { token })).statusCode).toBe(200);
    expect((await inject(b.portal, 'GET', '/api/student/verify', { token })).statusCode).toBe(200);
    expect((await inject(a.portal, 'POST', '/api/auth/logout', { token })).statusCode).toBe(200);
    expect(await statusWithin(500, 405, () => inject(b.portal, 'GET', '/api/student/verify', { token }))).toBe(405);
  });

  it('refuses the other sessions of a user who changed their password, in every process at once', async () => {
    const kept = await signIn(a.portal, 'teacher', 'TEACHER');
    const other = await signIn(b.portal, 'teacher', 'TEACHER');
    expect((await inject(b.portal, 'GET', '/api/teacher/verify', { token: other })).statusCode).toBe(200);
    const changed = await inject(a.portal, 'POST', '/api/auth/change-password', {
      token: kept,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Another-secret-42', confirmPassword: 'Another-secret-42' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await statusWithin(500, 405, () => inject(b.portal, 'GET', '/api/teacher/verify', { token: other }))).toBe(405);
    expect((await inject(b.portal, 'GET', '/api/teacher/verify', { token: kept })).statusCode).toBe(200);
  });

  it('locks a username after failures spread over both processes, for that address only', async () => {
    const address = '10.20.30.40';
    const max = a.config.LOGIN_MAX_FAILURES;
    for (let i = 0; i < max; i++) {
      const res = await inject(i % 2 ? b.portal : a.portal, 'POST', '/api/auth/login', { address, body: loginBody('department-head', 'DEPARTMENT-HEAD', 'wrong-password') });
      expect(res.statusCode, res.body).toBe(401);
    }
    for (const p of [a.portal, b.portal]) {
      const refused = await inject(p, 'POST', '/api/auth/login', { address, body: loginBody('department-head', 'DEPARTMENT-HEAD') });
      expect(refused.statusCode, refused.body).toBe(429);
    }
    const elsewhere = await inject(b.portal, 'POST', '/api/auth/login', { address: '10.20.30.41', body: loginBody('department-head', 'DEPARTMENT-HEAD') });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('counts a route rate limit over both processes', async () => {
    // The password-reset request allows 5 a minute per address.
    const address = '10.20.30.50';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await inject(i % 2 ? b.portal : a.portal, 'POST', '/api/auth/forgot-password', { address, body: { login: 'nobody@example.org' } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s !== 429), statuses.join(',')).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});

describeDb('Redis unreachable', () => {
  let deadUrl = '';
  beforeAll(async () => {
    deadUrl = `redis://127.0.0.1:${await freePort()}`;
  });
  const t = useTestApp({ REDIS_PREFIX: prefix() });
  const down = useSecondProcess(t, () => ({ REDIS_URL: deadUrl, REDIS_PREFIX: prefix() }));

  it('keeps signing in on per-process limits, and /api/ready says Redis is unreachable', async () => {
    const token = await signIn(down.portal, 'student', 'STUDENT');
    expect((await inject(down.portal, 'GET', '/api/student/verify', { token })).statusCode).toBe(200);
    const ready = await inject(down.portal, 'GET', '/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ success: false, message: expect.stringContaining('Redis unreachable'), data: { redis: { configured: true, reachable: false } } });
    // Limits still hold, in this process.
    const address = '10.20.30.60';
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i++) {
      expect((await inject(down.portal, 'POST', '/api/auth/login', { address, body: loginBody('teacher', 'TEACHER', 'wrong') })).statusCode).toBe(401);
    }
    expect((await inject(down.portal, 'POST', '/api/auth/login', { address, body: loginBody('teacher', 'TEACHER') })).statusCode).toBe(429);
  });
});

describeOnly('sqlite', NO_DATABASE, 'the Redis session channel across a Redis restart', () => {
  const until = async (what: string, ok: () => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('is live again only once subscribed, forgets what it remembers, and then hears every message', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-redis-'));
    const redis = await startOwnRedis(dir);
    const links = [new RedisLink(redis.url, quiet), new RedisLink(redis.url, quiet)];
    const name = `${prefix()}sessions`;
    const [a, b] = links.map((l) => new RedisSessionChannel(l, name));
    const heard: SessionEvent[] = [];
    let resumed = 0;
    try {
      await a.start({ onEvent: () => undefined, onResume: () => undefined });
      await b.start({ onEvent: (e) => heard.push(e), onResume: () => resumed++ });
      expect([a.live, b.live]).toEqual([true, true]);
      // The sender's command connection (not the subscriber) is up too.
      await links[0].whenReady(5_000);
      await a.publish({ kind: 'session', id: 1 });
      await until('the first message', () => heard.length === 1);

      await redis.stop();
      await until('the channel down', () => !b.live);
      // ioredis reports the connection ready a round trip before the subscription is back.
      const liveWhenReady: boolean[] = [];
      links[1].subscriberConnection().on('ready', () => liveWhenReady.push(b.live));
      await redis.start();
      await until('the channel live again', () => a.live && b.live);
      expect(liveWhenReady).toEqual([false]);
      expect(resumed).toBe(1);
      await links[0].whenReady(5_000);
      // Live means subscribed: a message sent at once is heard.
      await a.publish({ kind: 'user', id: 2 });
      await until('the message after the restart', () => heard.length === 2);
      expect(heard).toEqual([{ kind: 'session', id: 1 }, { kind: 'user', id: 2 }]);
    } finally {
      await a.close();
      await b.close();
      for (const l of links) await l.close();
      await redis.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});

describeOnly('postgres', 'needs PostgreSQL (SQLite serves one process)', 'two server processes on PostgreSQL without Redis', () => {
  const a = useTestApp();
  const b = useSecondProcess(a, () => ({}));

  it('hears of a sign-out through LISTEN/NOTIFY and refuses the session at once', async () => {
    expect((await inject(b.portal, 'GET', '/api/ready')).json()).toMatchObject({ data: { redis: { configured: false }, sessionChannel: { kind: 'postgres', live: true } } });
    const token = await signIn(a.portal, 'student', 'STUDENT');
    expect((await inject(b.portal, 'GET', '/api/student/verify', { token })).statusCode).toBe(200);
    expect((await inject(a.portal, 'POST', '/api/auth/logout', { token })).statusCode).toBe(200);
    expect(await statusWithin(500, 405, () => inject(b.portal, 'GET', '/api/student/verify', { token }))).toBe(405);
  });

  it('forgets everything it remembers once its listener is up, also when the first LISTEN failed', async () => {
    // A database that does not exist yet: the first connection fails, the retries go on each second.
    const url = new URL(a.config.DATABASE_URL!);
    const name = `portal_channel_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: a.config.DATABASE_URL });
    await admin.connect();
    const channel = new PgSessionChannel(Object.assign(new URL(url), { pathname: `/${name}` }).toString(), quiet);
    let resumed = 0;
    try {
      await channel.start({ onEvent: () => undefined, onResume: () => resumed++ });
      expect(channel.live).toBe(false);
      await admin.query(`create database ${name}`);
      const deadline = Date.now() + 5_000;
      while (!channel.live && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(channel.live).toBe(true);
      expect(resumed).toBe(1);
    } finally {
      await channel.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

/** A built front end of its own: index.html, a hashed asset and an unhashed file, precompressed as the build does. */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const filler = (n: number) => Array.from({ length: n }, (_, i) => `/* line ${i}: the quick brown fox */`).join('\n');
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head><title>Exam Portal</title><script type="module" src="/assets/index-AbC123xy.js"></script></head><body><div id="root"></div><!--\n${filler(40)}\n--></body></html>\n`);
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123xy.js'), `console.log('portal');\n${filler(400)}\n`);
  fs.writeFileSync(path.join(dir, 'robots.txt'), `User-agent: *\n${filler(60)}\n`);
  const res = spawnSync(process.execPath, ['scripts/precompress.mjs', dir], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(res.stderr);
  return dir;
}

describeDb('the built front end and API answers from the Node server', () => {
  const staticDir = fakeBuild();
  const t = useTestApp({ STATIC_DIR: staticDir });
  afterAll(() => fs.rmSync(staticDir, { recursive: true, force: true }));
  const read = (p: string) => fs.readFileSync(path.join(staticDir, p));

  it('sends index.html precompressed, revalidated on every use', async () => {
    const res = await t.request('GET', '/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
    expect(zlib.brotliDecompressSync(res.rawPayload).equals(read('index.html'))).toBe(true);
    const again = await t.request('GET', '/', { headers: { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('falls back to index.html for client routes, with the same caching', async () => {
    const res = await t.request('GET', '/student/quizzes', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(res.rawPayload).equals(read('index.html'))).toBe(true);
  });

  it('keeps hashed assets for a year without revalidation, in the encoding asked for', async () => {
    const url = '/assets/index-AbC123xy.js';
    const gz = await t.request('GET', url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(gz.headers['content-type'])).toMatch(/javascript/);
    expect(zlib.gunzipSync(gz.rawPayload).equals(read('assets/index-AbC123xy.js'))).toBe(true);
    const plain = await t.request('GET', url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.rawPayload.equals(read('assets/index-AbC123xy.js'))).toBe(true);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('answers a build file that is not there with a 404 no one keeps, not with index.html', async () => {
    const res = await t.request('GET', '/assets/index-Gone1234.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  });

  it('revalidates every other unhashed file', async () => {
    const res = await t.request('GET', '/robots.txt', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
  });

  it('compresses JSON answers above 1 kB and leaves small ones as they are', async () => {
    const teacher = await t.login('teacher', 'TEACHER');
    const quiz = await t.portal.database.db.selectFrom('quizzes').select('id').orderBy('id').executeTakeFirstOrThrow();
    const big = await t.request('GET', `/api/quizzes/${quiz.id}/preview`, { token: teacher, headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.statusCode, big.body).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const json = JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString());
    expect(json.success).toBe(true);
    expect(JSON.stringify(json).length).toBeGreaterThan(1024);
    const small = await t.request('GET', '/api/teacher/verify', { token: teacher, headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().success).toBe(true);
  });

  it('compresses list pages too, keeping their Content-Range', async () => {
    const teacher = await t.login('teacher', 'TEACHER');
    const url = `/api/questions?range=${encodeURIComponent('[0,24]')}`;
    const plain = await t.request('GET', url, { token: teacher });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-range']).toMatch(/^questions 0-\d+\/\d+$/);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await t.request('GET', url, { token: teacher, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-range']).toBe(plain.headers['content-range']);
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gz = await t.request('GET', url, { token: teacher, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    // One small record (a module: a question row with its calibration figures passes 1 kB) is under the threshold: sent as it is.
    const one = await t.request('GET', `/api/modules?range=${encodeURIComponent('[0,0]')}`, { token: teacher, headers: { 'accept-encoding': 'br' } });
    expect(one.statusCode).toBe(200);
    expect(one.rawPayload.length).toBeLessThan(1024);
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(one.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(one.json().data).toHaveLength(1);
  });
});

describeDb('a process that is stopping', () => {
  const t = useTestApp();

  it('answers the request in flight, then ends its kept-alive connection and finishes closing at once', async () => {
    const { DATABASE_URL, DATA_DIR } = t.config;
    const config = loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: './no-front-end', ATTEMPT_SWEEP_SECONDS: '0', ...(DATABASE_URL ? { DATABASE_URL } : { DATA_DIR }) });
    const portal = await startPortal(config, false);
    await portal.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = net.connect((portal.app.server.address() as AddressInfo).port, '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    const ended = once(socket, 'close');
    // The request's head is read before the close begins; its body arrives after.
    const body = JSON.stringify({});
    socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    let closed = false;
    const closing = portal.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false);
    socket.write(body);
    await ended;
    await closing;
    // Kept alive, the connection would hold the close for the keep-alive timeout (72 s).
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/^connection: close\r$/im);
  }, 15_000);
});

describeOnly('sqlite', NO_DATABASE, 'a stopping process and a slow reader', () => {
  it('lets a large answer still going out to a slow reader arrive whole before the connection closes', async () => {
    const app = Fastify();
    closeConnectionsAfterAnswers(app);
    const big = 'x'.repeat(24 * 1024 * 1024);
    app.get('/big', async (_req, reply) => reply.type('text/plain').send(big));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = net.connect((app.server.address() as AddressInfo).port, '127.0.0.1');
    await once(socket, 'connect');
    socket.pause();
    let received = 0;
    const reader = setInterval(() => {
      const chunk = socket.read(512 * 1024) as Buffer | null;
      if (chunk) received += chunk.length;
    }, 50);
    const ended = once(socket, 'close');
    socket.write('GET /big HTTP/1.1\r\nHost: portal\r\n\r\n');
    // The whole answer is handed to Node at once; most of it is still waiting for the reader.
    await new Promise((r) => setTimeout(r, 300));
    await app.close();
    await ended;
    clearInterval(reader);
    const rest = socket.read() as Buffer | null;
    if (rest) received += rest.length;
    expect(received).toBeGreaterThan(big.length);
  }, 30_000);
});

describeOnly('sqlite', 'SQLite only', 'one server process per SQLite database', () => {
  it('refuses to start a second process on the same file, naming the first, and frees the file at exit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-owner-'));
    const env = { DATA_DIR: dir, DEMO_DATA: 'false', LOG_LEVEL: 'warn', STATIC_DIR: path.join(dir, 'no-front-end') };
    const first = await startPortalServer(env);
    try {
      await expect(startPortalServer(env)).rejects.toThrow(new RegExp(`already used by server process ${first.pid}`));
      expect(first.alive()).toBe(true);
    } finally {
      await first.stop();
    }
    expect(fs.existsSync(path.join(dir, 'portal.db.pid'))).toBe(false);
    const again = await startPortalServer(env);
    await again.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
