/**
 * The save ratio, measured with a generator that is not the limit: autocannon in several
 * processes (bench/autocannon-child.ts) drives the bare Fastify route (bench/baseline-server.ts)
 * and the real server's save route the same way, phases interleaved (baseline, distinct rows,
 * one row, then again), at each connection count. Every phase prints the load average, the
 * generator processes' CPU and event-loop delay, and the server's CPU time per request.
 *
 * `npm run bench` runs it for each single-process configuration (see bench/README.md);
 * `npx tsx bench/saveRatio.ts --help` runs it alone.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { ChildJob, ChildResult, ChildStudent } from './autocannon-child';
import { createBenchDatabase, postgresReachable, type DbKind } from './db';
import { JsonClient } from './http';
import { seedBench } from './seed';
import { startBaselineServer, startPortalServerFrom, ROOT, type ServerProcess } from './server';

const CHILD = fileURLToPath(new URL('./autocannon-child.ts', import.meta.url));

export interface RatioOptions {
  connections: number[];
  /** Measured seconds of each phase (after a 1 s warm-up). */
  seconds: number;
  /** Rounds of (baseline, distinct, one row) per connection count. */
  rounds: number;
  /** Load-generator processes. */
  generators: number;
  /** Server builds to compare, by name: each the path of a bundled server entry (dist-server/main.mjs). */
  variants: Record<string, string>;
  /** Which phases to run (default: all three). */
  kinds?: ChildJob['kind'][];
}

export interface PhaseFigure {
  kind: ChildJob['kind'];
  variant?: string;
  connections: number;
  round: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  count: number;
  /** The server's CPU time per answer (µs), user + system (user only with BENCH_CPU=user). */
  serverCpuUsPerRequest?: number;
  /** The generator processes' CPU, summed, as a share of one core over the phase. */
  generatorCpuCores: number;
  /** The largest event-loop delay p99 of the generator processes, in ms. */
  generatorLoopP99Ms: number;
  loadAverage: number;
}

export interface RatioResult {
  config: DbKind;
  options: Omit<RatioOptions, 'variants'> & { variants: string[] };
  phases: PhaseFigure[];
  /** Median save / median baseline throughput, by variant, kind and connection count. */
  ratios: { variant: string; kind: 'distinct' | 'one-row'; connections: number; ratio: number; saveRps: number; baselineRps: number }[];
}

const log = (msg: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${msg}`);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/** One phase: the generator processes started together, their figures merged. */
async function phase(job: Omit<ChildJob, 'processIndex' | 'processCount' | 'students' | 'connections'>, connections: number, students: ChildStudent[], generators: number, server?: ServerProcess) {
  const loadAverage = os.loadavg()[0];
  const count = Math.min(generators, connections);
  const children = Array.from({ length: count }, (_, i) => {
    const mine = Math.floor(connections / count) + (i < connections % count ? 1 : 0);
    const from = Math.floor((connections * i) / count);
    const child = fork(CHILD, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const ready = new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`load generator exited with code ${code}`)));
    });
    const done = new Promise<ChildResult>((resolve, reject) => {
      ready.then(() => {
        child.once('message', (msg: { ok: boolean; result?: ChildResult; error?: string }) => (msg.ok ? resolve(msg.result!) : reject(new Error(msg.error))));
        child.once('exit', (code) => reject(new Error(`load generator exited with code ${code} before answering`)));
      }, reject);
    });
    const slice = job.kind === 'one-row' ? students.slice(0, 1) : students.slice(from, from + mine);
    child.send({ ...job, connections: mine, students: slice, processIndex: i, processCount: count } satisfies ChildJob);
    return { child, ready, done };
  });
  await Promise.all(children.map((c) => c.ready));
  const cpu0 = server?.cpuSeconds();
  const t0 = process.hrtime.bigint() / 1000n + BigInt(job.warmupMs * 1000);
  for (const c of children) c.child.send('go');
  // The server's CPU is read over the measured part only (after the warm-up).
  let cpu1: number | undefined;
  const warmed = setTimeout(() => (cpu1 = server?.cpuSeconds()), job.warmupMs);
  const results = await Promise.all(children.map((c) => c.done));
  clearTimeout(warmed);
  const cpu2 = server?.cpuSeconds();
  // The measured span on the monotonic clock (µs), the clock of a CPU profile's samples: bench/profile.ts --from --to.
  if (process.env.BENCH_PHASE_LOG) console.error(`PHASE ${job.kind} ${connections} ${t0} ${process.hrtime.bigint() / 1000n}`);
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const measuredS = Math.max(...results.map((r) => r.measuredMs)) / 1000;
  const total = results.reduce((s, r) => s + r.count, 0);
  const serverCpu = cpu1 !== undefined && cpu2 !== undefined ? cpu2 - cpu1 : cpu0 !== undefined && cpu2 !== undefined ? cpu2 - cpu0 : undefined;
  return {
    rps: Math.round(total / measuredS),
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
    errors: results.reduce((s, r) => s + r.errors, 0),
    count: total,
    serverCpuUsPerRequest: serverCpu === undefined || total === 0 ? undefined : Math.round((serverCpu / total) * 1e7) / 10,
    generatorCpuCores: Math.round((results.reduce((s, r) => s + r.cpuSeconds, 0) / measuredS) * 100) / 100,
    generatorLoopP99Ms: Math.round(Math.max(...results.map((r) => r.loopDelayP99Ms)) * 10) / 10,
    loadAverage: Math.round(loadAverage * 100) / 100,
  };
}

/** A valid answer of each paper question (the exam API's encoding by type), as JSON text. */
function responseJson(q: { type: string; options?: { id: string }[] }): string {
  switch (q.type) {
    case 'single':
      return JSON.stringify(q.options?.[0]?.id ?? null);
    case 'multiple':
      return JSON.stringify((q.options ?? []).slice(0, 2).map((o) => o.id));
    case 'true_false':
      return 'true';
    case 'numeric':
      return '42.5';
    case 'short_answer':
      return '"stack queue"';
    default:
      return JSON.stringify('a short paragraph of thirty words about stacks and queues and trees, the order of a search, the time and space it takes, and why a sorted list helps it'.slice(0, 200));
  }
}

/** Signs the students in, starts their attempts and reads their papers (20 at a time). */
async function studentsOf(url: string, usernames: string[], password: string, quizId: number): Promise<ChildStudent[]> {
  const client = new JsonClient(url);
  const out: ChildStudent[] = new Array(usernames.length);
  let next = 0;
  const one = async () => {
    for (let i = next++; i < usernames.length; i = next++) {
      const login = await client.request({ method: 'POST', path: '/api/auth/login', body: { username: usernames[i], password, role: 'STUDENT', userTime: Date.now() } });
      if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${JSON.stringify(login.body)}`);
      const token = login.body.data.token as string;
      const start = await client.request({ method: 'POST', path: `/api/student/quizzes/${quizId}/attempts`, token });
      if (start.status !== 200 && start.status !== 201) throw new Error(`start failed: ${start.status} ${JSON.stringify(start.body)}`);
      const attemptId = start.body.data.id as number;
      const paper = await client.request({ method: 'GET', path: `/api/student/attempts/${attemptId}`, token });
      const questions = paper.body?.data?.questions as { id: number; type: string; options?: { id: string }[] }[];
      if (!Array.isArray(questions) || !questions.length) throw new Error(`paper failed: ${paper.status}`);
      out[i] = { token, attemptId, quizId, answers: questions.map((q) => [q.id, responseJson(q)]) };
    }
  };
  await Promise.all(Array.from({ length: 20 }, one));
  client.close();
  return out;
}

interface Prepared {
  server: ServerProcess;
  students: ChildStudent[];
  drop: () => Promise<void>;
}

/** A fresh database with enough students for the largest connection count, the server started, the attempts started. */
async function prepare(kind: DbKind, entry: string, students: number): Promise<Prepared> {
  const database = await createBenchDatabase(kind);
  const db = await database.open();
  let seed;
  try {
    seed = await seedBench(db.db, { students, questions: 2000, quizQuestions: 30, groupSize: 50, linkShare: 0, seed: 7 });
    if (kind === 'postgres') await sql`vacuum analyze`.execute(db.db);
  } finally {
    await db.close();
  }
  const env = { ...database.env, DEMO_DATA: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production', LOGIN_RATE_PER_MINUTE: String(Math.max(1000, students * 4)), STATIC_DIR: path.join(os.tmpdir(), 'exam-bench-no-front-end') };
  const server = await startPortalServerFrom(entry, env);
  try {
    const list = await studentsOf(server.url, seed.students.map((s) => s.username), seed.password, seed.quizzes.throughput.id);
    return {
      server,
      students: list,
      drop: async () => {
        await server.stop();
        await database.drop();
      },
    };
  } catch (err) {
    await server.stop();
    await database.drop();
    throw err;
  }
}

/** Runs the interleaved phases on one database kind; every variant gets its own fresh database and server. */
export async function runSaveRatio(kind: DbKind, opts: RatioOptions): Promise<RatioResult> {
  const kinds = opts.kinds ?? ['baseline', 'distinct', 'one-row'];
  const most = Math.max(...opts.connections);
  log(`save ratio on ${kind}: autocannon in ${opts.generators} process(es), connections ${opts.connections.join(', ')}, ${opts.seconds} s phases after a 1 s warm-up, ${opts.rounds} round(s)`);
  const baseline = await startBaselineServer();
  const prepared: Record<string, Prepared> = {};
  const phases: PhaseFigure[] = [];
  try {
    for (const [name, entry] of Object.entries(opts.variants)) {
      log(`${name}: seeding ${most} students, signing them in and starting their attempts`);
      prepared[name] = await prepare(kind, entry, most);
    }
    let seqBase = 1;
    for (let round = 1; round <= opts.rounds; round++) {
      for (const connections of opts.connections) {
        const order = kinds.flatMap((k): { k: ChildJob['kind']; variant?: string }[] => (k === 'baseline' ? [{ k, variant: undefined }] : Object.keys(opts.variants).map((variant) => ({ k, variant }))));
        for (const { k, variant } of order) {
          const p = variant ? prepared[variant] : undefined;
          const url = p ? p.server.url : baseline.url;
          const figure = await phase({ url, kind: k, warmupMs: 1000, durationMs: opts.seconds * 1000, seqBase }, connections, p?.students ?? [], opts.generators, p?.server ?? baseline);
          seqBase += 20_000_000;
          const f: PhaseFigure = { kind: k, ...(variant ? { variant } : {}), connections, round, ...figure };
          phases.push(f);
          log(
            `  ${k.padEnd(8)}${variant ? ` ${variant}` : ''} ${connections} conn: ${f.rps} req/s, p50 ${f.p50} / p99 ${f.p99} ms, errors ${f.errors}; ` +
              `server ${f.serverCpuUsPerRequest ?? '?'} µs CPU a request; generator ${f.generatorCpuCores} cores, loop delay p99 ${f.generatorLoopP99Ms} ms; load ${f.loadAverage}`,
          );
          if (p && !p.server.alive()) throw new Error(`the server died:\n${p.server.output()}`);
        }
      }
    }
  } finally {
    await baseline.stop();
    for (const p of Object.values(prepared)) await p.drop();
  }
  const ratios: RatioResult['ratios'] = [];
  for (const variant of Object.keys(opts.variants)) {
    for (const k of ['distinct', 'one-row'] as const) {
      if (!kinds.includes(k)) continue;
      for (const connections of opts.connections) {
        const b = median(phases.filter((f) => f.kind === 'baseline' && f.connections === connections).map((f) => f.rps));
        const s = median(phases.filter((f) => f.kind === k && f.variant === variant && f.connections === connections).map((f) => f.rps));
        ratios.push({ variant, kind: k, connections, saveRps: s, baselineRps: b, ratio: Math.round((s / b) * 1000) / 1000 });
      }
    }
  }
  for (const r of ratios) log(`${kind} ${r.variant} ${r.kind} ${r.connections} conn: save ${r.saveRps} / baseline ${r.baselineRps} req/s = ${r.ratio}`);
  return { config: kind, options: { ...opts, variants: Object.keys(opts.variants) }, phases, ratios };
}

/** The portal as `npm run serve` runs it from this checkout. */
export const CURRENT_ENTRY = path.join(ROOT, 'dist-server', 'main.mjs');

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({
    options: {
      configs: { type: 'string', default: 'sqlite,postgres' },
      connections: { type: 'string', default: '50,1000' },
      seconds: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '2' },
      generators: { type: 'string', default: '2' },
      kinds: { type: 'string', default: 'baseline,distinct,one-row' },
      variant: { type: 'string', multiple: true },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(`npx tsx bench/saveRatio.ts [options]
  --configs LIST      sqlite,postgres (default both; postgres when reachable)
  --connections LIST  connection counts (default 50,1000)
  --seconds N         measured seconds per phase, after a 1 s warm-up (default 10)
  --rounds N          rounds of the interleaved phases (default 2)
  --generators N      autocannon processes (default 2)
  --kinds LIST        baseline,distinct,one-row (default these); also paper, instructions:
                      the start phase's reads repeated (server CPU a request, no ratio)
  --variant NAME=FILE a bundled server entry to compare (repeatable; default: this checkout's dist-server/main.mjs, built first)
  --out FILE          write the figures as JSON`);
    process.exit(0);
  }
  const { buildServer } = await import('./server');
  const variants: Record<string, string> = {};
  for (const v of values.variant ?? []) {
    const [name, file] = v.split('=');
    variants[name] = path.resolve(file);
  }
  if (!Object.keys(variants).length) {
    buildServer();
    variants.current = CURRENT_ENTRY;
  }
  const opts: RatioOptions = {
    connections: values.connections.split(',').map(Number),
    seconds: Number(values.seconds),
    rounds: Number(values.rounds),
    generators: Number(values.generators),
    variants,
    kinds: values.kinds.split(',') as ChildJob['kind'][],
  };
  const results: RatioResult[] = [];
  log(`load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  for (const kind of values.configs.split(',') as DbKind[]) {
    if (kind === 'postgres' && !(await postgresReachable())) {
      log('PostgreSQL is not reachable: skipped');
      continue;
    }
    results.push(await runSaveRatio(kind, opts));
  }
  log(`load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  if (values.out) (await import('node:fs')).writeFileSync(values.out, JSON.stringify(results, null, 2));
  process.exit(0);
}
