/**
 * The production layout of deploy/, as `npm run cluster` starts it: nginx (the same site template)
 * in front of two server processes on PostgreSQL, with Redis. Through nginx: a sign-out reaches the
 * other process at once, failed sign-ins count over both processes, a rolling restart during an
 * exam loses no acknowledged save, and the front end arrives precompressed with the right caching.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBenchDatabase, postgresReachable, type BenchDatabase } from '../../bench/db';
import { stormInChild } from '../../bench/fork';
import { seedBench, stormPlanFor, type SeedInfo } from '../../bench/seed';
import { verifyStorm } from '../../bench/verify';
import { loadConfig } from '../../server/config';
import { staticSecurityHeaders } from '../../server/security/headers';
import { startCluster, type Cluster } from '../../scripts/cluster';

const STUDENTS = 40;
const QUESTIONS = 12;
const required = ['1', 'true'].includes(process.env.REQUIRE_POSTGRES ?? '');
const pgOk = await postgresReachable();
if (!pgOk && required) throw new Error('PostgreSQL is required (REQUIRE_POSTGRES) but not reachable');

(pgOk ? describe : describe.skip)('nginx in front of two server processes, PostgreSQL and Redis', () => {
  let database: BenchDatabase;
  let seed: SeedInfo;
  let cluster: Cluster;
  let dir: string;

  beforeAll(async () => {
    database = await createBenchDatabase('postgres');
    const db = await database.open();
    try {
      seed = await seedBench(db.db, { students: STUDENTS, questions: 200, quizQuestions: QUESTIONS, groupSize: 10, linkShare: 0, seed: 5 });
    } finally {
      await db.close();
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-test-'));
    cluster = await startCluster({
      processes: 2,
      dir,
      databaseUrl: database.env.DATABASE_URL,
      env: { LOG_LEVEL: 'warn', DEMO_DATA: 'false', ATTEMPT_SWEEP_SECONDS: '0' },
    });
  }, 150_000);

  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const [a, b] = [0, 1].map((i) => () => cluster.processes[i].url);
  const post = (base: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const login = (base: string, username: string, password: string, headers: Record<string, string> = {}) =>
    post(base, '/api/auth/login', { username, password, role: 'STUDENT', userTime: Date.now() }, headers);
  const verify = (base: string, token: string) => fetch(`${base}/api/student/verify`, { headers: { authorization: `Bearer ${token}` } });

  it('refuses a session signed out through process A in process B at once, and through nginx', async () => {
    const username = seed.students[0].username;
    const signedIn = await login(cluster.url, username, seed.password);
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()).data;
    // Both processes have read the session and remember it.
    expect((await verify(a(), token)).status).toBe(200);
    expect((await verify(b(), token)).status).toBe(200);
    const out = await fetch(`${a()}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(out.status).toBe(200);
    expect((await verify(b(), token)).status).toBe(405);
    for (let i = 0; i < 4; i++) expect((await verify(cluster.url, token)).status).toBe(405);
  });

  it('makes a username wait after failures spread over both processes, for that client address', async () => {
    const username = seed.students[1].username;
    // What nginx would pass on for a client at this address: the processes believe it from nginx only.
    const from = { 'x-forwarded-for': '198.51.100.7' };
    // Five failures go ahead at once; after them each further try of the pair waits 1 s, 2 s, 4 s, 8 s.
    // Counted in one place, eight failures alternating between the processes make the pair wait 8 s;
    // counted per process, each would have seen four, none of them past the free tries.
    let failures = 0;
    for (let i = 0; failures < 8 && i < 100; i++) {
      const res = await login(i % 2 ? b() : a(), username, 'not-the-password', from);
      if (res.status === 401) {
        failures++;
        continue;
      }
      expect(res.status).toBe(429);
      expect(failures).toBeGreaterThanOrEqual(5);
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after')) * 1000));
    }
    expect(failures).toBe(8);
    for (const base of [a(), b()]) expect((await login(base, username, seed.password, from)).status).toBe(429);
    // Through nginx the client's own forwarded address is kept after nginx's (TRUST_PROXY=127.0.0.1).
    expect((await login(cluster.url, username, seed.password, from)).status).toBe(429);
    // The real user at another address is never refused because of these failures.
    expect((await login(cluster.url, username, seed.password, { 'x-forwarded-for': '198.51.100.8' })).status).toBe(200);
  });

  it('loses no acknowledged save when the processes restart one after the other during an exam', async () => {
    const plan = stormPlanFor('realistic', [cluster.url], seed, {
      rampSeconds: 1,
      thinkScale: 0.12,
      overwriteShare: 0.3,
      studentsPerAddress: 1,
      timeoutMs: 60_000,
      seed: 3,
    });
    const storm = stormInChild(plan);
    const pids = cluster.processes.map((p) => p.pid());
    await new Promise((r) => setTimeout(r, 2_500));
    const started = Date.now();
    // Each process closes cleanly (exit code 0), well within its 20 s grace, though nginx keeps connections to it.
    expect(await cluster.rollingRestart()).toEqual([0, 0]);
    expect(Date.now() - started).toBeLessThan(30_000);
    const result = await storm;
    expect(cluster.processes.map((p) => p.pid())).not.toEqual(pids);
    const db = await database.open();
    try {
      const v = await verifyStorm(db.db, seed.quizzes.realistic.id, seed.students.map((s) => s.id), result);
      expect(result.totalErrors, JSON.stringify(result.errorSamples)).toBe(0);
      expect(v.failures).toEqual([]);
      expect(v.lostSaves).toBe(0);
      expect(v.duplicateAttempts).toBe(0);
      expect(v.savesChecked).toBe(STUDENTS * QUESTIONS);
      expect(result.studentsCompleted).toBe(STUDENTS);
    } finally {
      await db.close();
    }
    // The storm really went on while the processes restarted.
    expect(result.wallMs).toBeGreaterThan(5_000);
  }, 120_000);

  /** A GET whose body is read as it came over the wire (fetch would decompress it). */
  const raw = (url: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: Headers; body: Buffer }>((resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const h = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, String(v));
            resolve({ status: res.statusCode!, headers: h, body: Buffer.concat(chunks) });
          });
        })
        .on('error', reject);
    });

  it('serves the front end itself, precompressed, with long caching for hashed files only', async () => {
    const index = await raw(`${cluster.url}/`, { 'accept-encoding': 'br, gzip' });
    const html = zlib.brotliDecompressSync(index.body).toString();
    expect(index.headers.get('content-encoding')).toBe('br');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('etag')).toBeTruthy();
    expect(index.headers.get('vary')).toMatch(/accept-encoding/i);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await raw(`${cluster.url}${script}`, { 'accept-encoding': 'gzip' });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(asset.body).length).toBeGreaterThan(asset.body.length * 2);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const spa = await fetch(`${cluster.url}/student/quizzes`, { headers: { 'accept-encoding': 'gzip' } });
    expect(spa.headers.get('cache-control')).toBe('no-cache');
    expect(await spa.text()).toBe(html);
    const revalidated = await fetch(`${cluster.url}/`, { headers: { 'accept-encoding': 'br, gzip', 'if-none-match': index.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
    // The security headers of the server's policy, on the files nginx serves itself.
    for (const [name, value] of Object.entries(staticSecurityHeaders(loadConfig({})))) expect(index.headers.get(name), name).toBe(value);
  });

  it('passes compressed API answers through, list pages with their Content-Range', async () => {
    const signedIn = await post(cluster.url, '/api/auth/login', { username: seed.teacher, password: seed.password, role: 'TEACHER', userTime: Date.now() });
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()).data;
    const page = await raw(`${cluster.url}/api/questions?range=${encodeURIComponent('[0,49]')}`, { 'accept-encoding': 'br, gzip', authorization: `Bearer ${token}` });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('content-range')).toMatch(/^questions 0-49\/\d+$/);
    const json = JSON.parse(zlib.brotliDecompressSync(page.body).toString());
    expect(json.data).toHaveLength(50);
    expect(page.body.length).toBeLessThan(JSON.stringify(json).length / 2);
  });

  it("sends the security headers once on the API's answers, and on nginx's own refusals and 404s", async () => {
    const expected = Object.entries(staticSecurityHeaders(loadConfig({})));
    const answers = {
      'an API answer': await raw(`${cluster.url}/api/health`, {}),
      "an API error": await raw(`${cluster.url}/api/no-such-route`, {}),
      "nginx's 400 (a malformed escape)": await raw(`${cluster.url}/%zz`, {}),
      "nginx's 414 (an address too long)": await raw(`${cluster.url}/${'a'.repeat(9_000)}`, {}),
      'a build file that is not there': await raw(`${cluster.url}/assets/index-Gone1234.js`, {}),
    };
    // Node joins a header sent twice into one value: equal to the single value means sent once.
    for (const [what, res] of Object.entries(answers)) for (const [name, value] of expected) expect(res.headers.get(name), `${what}: ${name}`).toBe(value);
    expect(answers["nginx's 400 (a malformed escape)"].status).toBe(400);
    expect(answers["nginx's 414 (an address too long)"].status).toBe(414);
    expect(answers['a build file that is not there'].status).toBe(404);
    expect(answers['a build file that is not there'].headers.get('cache-control')).toBeNull();
  });

  it('passes the LTI pages’ own headers through nginx once: framable by registered LMSs only, the rest as everywhere', async () => {
    const expected = Object.entries(staticSecurityHeaders(loadConfig({})));
    const config = await raw(`${cluster.url}/api/lti/config`, {});
    for (const [name, value] of expected) expect(config.headers.get(name), `LTI config: ${name}`).toBe(value);
    const page = await raw(`${cluster.url}/api/lti/login`, {});
    expect(page.status).toBe(400);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(csp.split('default-src').length).toBe(2);
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps signing in while Redis is down, says so on /api/ready, and recovers', async () => {
    await cluster.redis!.stop();
    try {
      let ready = await fetch(`${a()}/api/ready`);
      expect(ready.status).toBe(503);
      expect((await ready.json()).message).toMatch(/Redis unreachable/);
      expect((await login(cluster.url, seed.students[2].username, seed.password)).status).toBe(200);
      await cluster.redis!.start();
      const deadline = Date.now() + 10_000;
      do {
        await new Promise((r) => setTimeout(r, 200));
        ready = await fetch(`${a()}/api/ready`);
      } while (ready.status !== 200 && Date.now() < deadline);
      expect(ready.status).toBe(200);
    } finally {
      if (!(await fetch(`${a()}/api/ready`)).ok) await cluster.redis!.start().catch(() => undefined);
    }
  }, 30_000);

  it('answers the app with its envelope when no process can take a request', async () => {
    await Promise.all(cluster.processes.map((p) => p.stop()));
    try {
      const res = await fetch(`${cluster.url}/api/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ success: false, message: expect.stringMatching(/restarting or too busy/) });
      // A person opening an API address gets the small page instead.
      const page = await fetch(`${cluster.url}/api/docs`, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(await page.text()).toMatch(/The portal is back in a moment/);
      // The front end itself is nginx's own: it still loads.
      expect((await fetch(`${cluster.url}/student/quizzes`)).status).toBe(200);
    } finally {
      for (const p of cluster.processes) await p.start();
    }
  }, 60_000);
});
