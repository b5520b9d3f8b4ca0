import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { RedisLink } from '../../server/lib/redis';
import { RedisCounters } from '../../server/lib/redisCounters';
import { freePort } from '../../bench/server';
import { describeDb } from './helper';

/** Redis runs on these machines and in CI at 127.0.0.1:6379 (REDIS_TEST_URL to use another). */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

function recordingLogger() {
  const warnings: string[] = [];
  return { warnings, warn: (_o: object, msg: string) => void warnings.push(msg), info: () => undefined };
}

const links: RedisLink[] = [];
function link(url = REDIS_URL, log = recordingLogger(), now?: () => number) {
  const l = new RedisLink(url, log, now);
  links.push(l);
  return l;
}

afterAll(async () => {
  for (const l of links) await l.close();
});

describeDb('RedisCounters on a real Redis', () => {
  // Two links stand for two server processes; a prefix of this run keeps runs apart.
  const prefix = `portal-test:${randomBytes(4).toString('hex')}:`;
  let a: RedisCounters;
  let b: RedisCounters;

  beforeAll(async () => {
    const la = link();
    const lb = link();
    await Promise.all([la.whenReady(3_000), lb.whenReady(3_000)]);
    expect(la.ready, `Redis must run at ${REDIS_URL}`).toBe(true);
    a = new RedisCounters(la, prefix);
    b = new RedisCounters(lb, prefix);
  });

  it('counts the hits of both processes in one window', async () => {
    expect(await a.hit('k1', 60_000)).toMatchObject({ count: 1 });
    expect(await b.hit('k1', 60_000)).toMatchObject({ count: 2 });
    const third = await a.hit('k1', 60_000);
    expect(third.count).toBe(3);
    expect(third.resetInMs).toBeGreaterThan(55_000);
    expect(third.resetInMs).toBeLessThanOrEqual(60_000);
    expect(await b.peek('k1')).toMatchObject({ count: 3 });
    // Nothing was counted in either process's own memory.
    expect(await a.fallback.peek('k1')).toBeNull();
  });

  it('counts concurrent hits exactly (one atomic step each)', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit('k2', 60_000)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('starts a new window once the old one has passed', async () => {
    await a.hit('k3', 150);
    expect((await b.hit('k3', 150)).count).toBe(2);
    await new Promise((r) => setTimeout(r, 250));
    expect(await a.peek('k3')).toBeNull();
    expect((await b.hit('k3', 150)).count).toBe(1);
  });

  it('forgets a key for every process on reset', async () => {
    await a.hit('k4', 60_000);
    await b.hit('k4', 60_000);
    await b.reset('k4');
    expect(await a.peek('k4')).toBeNull();
    expect((await a.hit('k4', 60_000)).count).toBe(1);
  });
});

describeDb('RedisCounters while Redis is unreachable', () => {
  let server: ChildProcess | undefined;
  afterEach(() => {
    server?.kill('SIGKILL');
    server = undefined;
  });

  it('falls back to this process memory and logs the trouble at most once a minute', async () => {
    const port = await freePort(); // nothing listens there
    let now = 1_000_000;
    const log = recordingLogger();
    const l = link(`redis://127.0.0.1:${port}`, log, () => now);
    await l.whenReady(300);
    expect(l.ready).toBe(false);
    const counters = new RedisCounters(l, 'portal-test-down:');
    for (let i = 1; i <= 5; i++) expect((await counters.hit('k', 60_000)).count).toBe(i);
    expect(await counters.peek('k')).toMatchObject({ count: 5 });
    const logged = log.warnings.length;
    expect(logged).toBe(1);
    expect(log.warnings[0]).toMatch(/Redis unreachable/);
    expect(await l.status()).toMatchObject({ configured: true, reachable: false });
    now += 60_000;
    await counters.hit('k', 60_000);
    l.trouble(new Error('still down'));
    expect(log.warnings.length).toBe(2);
  });

  it('counts in Redis again once it is back', async () => {
    const port = await freePort();
    const l = link(`redis://127.0.0.1:${port}`);
    const counters = new RedisCounters(l, `portal-test-back:${randomBytes(3).toString('hex')}:`);
    expect((await counters.hit('k', 60_000)).count).toBe(1); // memory: no Redis yet
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await l.whenReady(10_000);
    expect(l.ready).toBe(true);
    expect((await counters.hit('k', 60_000)).count).toBe(1); // Redis: a count of its own
    expect((await counters.hit('k', 60_000)).count).toBe(2);
    expect(await l.status()).toEqual({ configured: true, reachable: true });
  }, 20_000);
});
