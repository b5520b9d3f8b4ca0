/**
 * `npm run bench`: seeds a data set, starts the real server as its own process, drives it with
 * a load generator in another process over loopback HTTP with keep-alive, checks the database
 * afterwards, and prints figures. A benchmark, not a test: slow figures never fail it; lost
 * saves, duplicate attempts or a crash do (exit code 1). See bench/README.md.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Db } from '../server/db/database';
import { createBenchDatabase, PG_ADMIN_URL, postgresReachable, type DbKind } from './db';
import { buildFrontEnd, measureBundle, type FrontEndBuild } from './bundle';
import { startCluster, type Cluster } from '../scripts/cluster';
import { gradeAttempts, importSheet, listPages, sebConfigKeys, signIn, type ListVariant } from './extras';
import { analysisFigures } from './analysis';
import { baselineInChild, stormInChild } from './fork';
import { STORM_MODES, type StormMode, type StormPlan, type StormResult } from './loadgen';
import { comparisonLines, evaluateTargets, markdown, printMode, readmeSummary, type ConfigResult, type ModeResult, type Results } from './report';
import { seedBench, stormPlanFor, type SeedInfo } from './seed';
import { sql } from 'kysely';
import { buildServer, readCpuSeconds, readMemory, ROOT, startBaselineServer, startPortalServer, type ServerProcess } from './server';
import { verifyStorm } from './verify';
import { CURRENT_ENTRY, runSaveRatio, type RatioResult } from './saveRatio';
import { argon2Description, doubleStartsWithin, fileLimitNote, openFileLimit } from './scale';

const HELP = `npm run bench -- [options]

  --students N             students in the storm (default 1000, at most 20000; 10000 needs ulimit -n of 12000
                           or more for every double start, see bench/README.md)
  --questions N            questions in the bank (default 100000)
  --quiz-questions N       fixed questions of the quiz, mixed types (default 30)
  --group-size N           students per section group (default 50)
  --link-share F           share of students entering through exam links (default 0.25)
  --modes LIST             throughput,seb,realistic (default all three); seb is the throughput storm on a quiz
                           that needs Safe Exam Browser, its students sending SEB's Config Key hash; its save
                           throughput is reported next to the throughput storm's, with their ratio
  --think-scale F          realistic mode: think-time multiplier, 1 = 1-5 s per answer
                           (default students/1000, at most 1: the same request rate in less time)
  --ramp S                 realistic mode: students arrive over S seconds (default 5)
  --overwrite F            share of answers saved a second time (seq 2) later (default 0.2)
  --configs LIST           sqlite,postgres,postgres-2,cluster (default: all; PostgreSQL ones when reachable;
                           cluster also needs nginx and redis-server: scripts/ensure-nginx.sh)
  --students-per-address N students sharing one loopback source address; 0 = all from 127.0.0.1 (default 1)
  --login-rate N           LOGIN_RATE_PER_MINUTE given to the server (default max(1000, 4 x students))
  --import-rows N          rows of the student sheet import; 0 skips it (default 10000; 5 x students below 1000 students)
  --import-on LIST         configurations that run the import (default: the first single-process one)
  --grade N                submitted attempts to grade; 0 skips it (default 1000)
  --list-pages N           pages of the question list per pass (default 20)
  --list-repeats N         measured passes over those pages (default 5)
  --no-bundle              skip the front-end bundle measurement
  --no-extras              skip list page, import and grading
  --timeout S              per-request timeout of the load generator (default 120)
  --seed N                 seed of the data and the load's random choices (default 42)
  --out DIR                where latest.json and latest.md go (default bench/results)
  --ratio-connections LIST the save ratio with autocannon (bench/saveRatio.ts) at these connection counts (default 50,1000)
  --ratio-seconds S        measured seconds of each of its phases (default 10); --no-ratio skips it
  --readme                 also write the summary into bench/README.md (for a full run on a quiet machine)
`;

const { values: args } = parseArgs({
  options: {
    students: { type: 'string', default: '1000' },
    questions: { type: 'string', default: '100000' },
    'quiz-questions': { type: 'string', default: '30' },
    'group-size': { type: 'string', default: '50' },
    'link-share': { type: 'string', default: '0.25' },
    modes: { type: 'string', default: 'throughput,seb,realistic' },
    'think-scale': { type: 'string' },
    ramp: { type: 'string', default: '5' },
    overwrite: { type: 'string', default: '0.2' },
    configs: { type: 'string' },
    'students-per-address': { type: 'string', default: '1' },
    'login-rate': { type: 'string' },
    'import-rows': { type: 'string' },
    'import-on': { type: 'string' },
    grade: { type: 'string', default: '1000' },
    'list-pages': { type: 'string', default: '20' },
    'list-repeats': { type: 'string', default: '5' },
    'no-bundle': { type: 'boolean', default: false },
    'no-extras': { type: 'boolean', default: false },
    timeout: { type: 'string', default: '120' },
    seed: { type: 'string', default: '42' },
    out: { type: 'string', default: path.join(ROOT, 'bench', 'results') },
    'ratio-connections': { type: 'string', default: '50,1000' },
    'ratio-seconds': { type: 'string', default: '10' },
    'no-ratio': { type: 'boolean', default: false },
    readme: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

if (args.help) {
  console.log(HELP);
  process.exit(0);
}

const int = (name: keyof typeof args, min: number, max: number) => {
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}`);
    process.exit(2);
  }
  return n;
};
const float = (name: keyof typeof args, min: number, max: number) => {
  const n = Number(args[name]);
  if (!Number.isFinite(n) || n < min || n > max) {
    console.error(`--${name} must be a number from ${min} to ${max}`);
    process.exit(2);
  }
  return n;
};

const opts = {
  students: int('students', 1, 20_000),
  questions: int('questions', 100, 1_000_000),
  quizQuestions: int('quiz-questions', 1, 200),
  groupSize: int('group-size', 1, 5000),
  linkShare: float('link-share', 0, 1),
  modes: String(args.modes)
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean) as StormMode[],
  thinkScale: 0,
  ramp: float('ramp', 0, 600),
  overwrite: float('overwrite', 0, 1),
  studentsPerAddress: int('students-per-address', 0, 5000),
  importRows: 0,
  grade: int('grade', 0, 100_000),
  listPages: int('list-pages', 1, 1000),
  listRepeats: int('list-repeats', 1, 100),
  timeoutMs: float('timeout', 1, 3600) * 1000,
  seed: int('seed', 0, 2 ** 31),
};
opts.thinkScale = args['think-scale'] === undefined ? Math.min(1, opts.students / 1000) : float('think-scale', 0, 100);
opts.importRows = args['import-rows'] === undefined ? (opts.students >= 1000 ? 10_000 : Math.max(100, 5 * opts.students)) : int('import-rows', 0, 10_000);
if (opts.modes.some((m) => !STORM_MODES.includes(m))) {
  console.error(`--modes takes one or more of ${STORM_MODES.join(', ')}`);
  process.exit(2);
}
const loginRate = args['login-rate'] ? int('login-rate', 1, 10_000_000) : Math.max(1000, 4 * opts.students);

interface ConfigDef {
  name: string;
  kind: DbKind;
  processes: number;
  description: string;
  /** Behind nginx with Redis (`npm run cluster`'s layout) instead of straight to the processes. */
  cluster?: boolean;
}
const CONFIGS: ConfigDef[] = [
  { name: 'sqlite', kind: 'sqlite', processes: 1, description: 'one server process on SQLite (WAL, synchronous=FULL)' },
  { name: 'postgres', kind: 'postgres', processes: 1, description: 'one server process on PostgreSQL' },
  { name: 'postgres-2', kind: 'postgres', processes: 2, description: 'two server processes on one PostgreSQL, load spread across them' },
  { name: 'cluster', kind: 'postgres', processes: 2, cluster: true, description: 'nginx in front of two server processes on one PostgreSQL, with Redis (deploy/, npm run cluster)' },
];

/** The front end built once for the run (the cluster's nginx serves it; the bundle is measured on it). */
let frontEnd: FrontEndBuild | undefined;

/**
 * The processes of a cluster as the storms see them: one address (nginx), while memory and CPU
 * are read from each server process.
 */
function clusterServers(cluster: Cluster): ServerProcess[] {
  return cluster.processes.map((p) => ({
    url: cluster.url,
    get pid() {
      return p.pid() ?? 0;
    },
    output: () => p.output(),
    memory: () => readMemory(p.pid() ?? 0),
    resetPeak() {
      try {
        fs.writeFileSync(`/proc/${p.pid()}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    cpuSeconds: () => readCpuSeconds(p.pid() ?? 0),
    alive: () => p.alive(),
    stop: async () => void (await p.stop()),
  }));
}

/** A fingerprint of the server's source (server/ and the shared src/schemas and src/config it imports). */
function serverFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.(ts|tsx|js|json)$/.test(entry.name)) hash.update(rel).update(fs.readFileSync(path.join(ROOT, rel)));
    }
  };
  for (const dir of ['server', 'src/schemas', 'src/config']) if (fs.existsSync(path.join(ROOT, dir))) walk(dir);
  return hash.digest('hex').slice(0, 12);
}

/** The code measured: the commit, how many tracked files differ from it (read-only git calls), and the server's fingerprint. */
function codeVersion(): { commit: string; changedFiles: number; server: string } | undefined {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  if (head.status !== 0) return undefined;
  const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' });
  return { commit: head.stdout.trim(), changedFiles: status.stdout.split('\n').filter(Boolean).length, server: serverFingerprint() };
}

function machineInfo(pgVersion: string | undefined): Record<string, string | number> {
  let cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  try {
    cpu = /model name\s*:\s*(.+)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpu;
  } catch {
    /* not Linux */
  }
  const sqliteVersion = (new SQLite(':memory:').prepare('select sqlite_version() as v').get() as { v: string }).v;
  return {
    cpu,
    cores: os.cpus().length,
    ramGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.arch()}`,
    sqlite: sqliteVersion,
    ...(pgVersion ? { postgres: pgVersion } : {}),
  };
}

async function postgresVersion(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await client.connect();
    const { rows } = await client.query('show server_version');
    return `PostgreSQL ${String(rows[0].server_version).split(' ')[0]}`;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Configurations that run the sheet import (its time is argon2 hashing, the same on both databases). */
let importOn: string[] = [];

const log = (msg: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${msg}`);

async function stormPlan(mode: StormMode, servers: ServerProcess[], seed: SeedInfo): Promise<StormPlan> {
  const urls = [...new Set(servers.map((s) => s.url))];
  return stormPlanFor(
    mode,
    urls,
    seed,
    {
      rampSeconds: opts.ramp,
      thinkScale: opts.thinkScale,
      overwriteShare: opts.overwrite,
      studentsPerAddress: opts.studentsPerAddress,
      timeoutMs: opts.timeoutMs,
      seed: opts.seed + (mode === 'throughput' ? 1 : mode === 'realistic' ? 2 : 3),
      serverPids: servers.map((s) => s.pid),
      doubleStarts: doubleStartsWithin(seed.students.length),
      ...(mode === 'seb' ? { sebConfigKeys: await sebConfigKeys(urls, seed.teacher, seed.password, seed.quizzes.seb.id) } : {}),
    },
  );
}

async function runMode(mode: StormMode, servers: ServerProcess[], seed: SeedInfo, open: () => Promise<Db>): Promise<{ result: ModeResult; raw: StormResult }> {
  for (const s of servers) s.resetPeak();
  const cpuBefore = servers.map((s) => s.cpuSeconds() ?? 0);
  log(
    `${mode} storm: ${seed.students.length} students${mode === 'realistic' ? `, think time x${opts.thinkScale}, arriving over ${opts.ramp} s` : `, no think time`}${mode === 'seb' ? ', a quiz that needs Safe Exam Browser, proof on every request' : ''}`,
  );
  const plan = await stormPlan(mode, servers, seed);
  const raw = await stormInChild(plan);
  const peakRssMb = servers.map((s) => s.memory()?.peakMb ?? NaN);
  const serverCpuSeconds = servers.map((s, i) => Math.round(((s.cpuSeconds() ?? 0) - cpuBefore[i]) * 10) / 10);
  for (const s of servers) if (!s.alive()) throw new Error(`a server process died during the ${mode} storm:\n${s.output()}`);
  const db = await open();
  let verification;
  try {
    verification = await verifyStorm(db.db, seed.quizzes[mode].id, seed.students.map((s) => s.id), raw);
  } finally {
    await db.close();
  }
  const result: ModeResult = {
    students: seed.students.length,
    wallMs: raw.wallMs,
    phases: raw.phases,
    phaseServerCpuSeconds: raw.phaseServerCpuSeconds,
    ops: raw.ops,
    totalErrors: raw.totalErrors,
    errorSamples: raw.errorSamples,
    ackCount: raw.ackCount,
    verification,
    lostSaves: verification.lostSaves,
    duplicateAttempts: verification.duplicateAttempts,
    peakRssMb,
    serverCpuSeconds,
    generator: raw.generator,
    signInRetries: raw.signInRetries,
  };
  return { result, raw };
}

async function runConfig(def: ConfigDef, baseline: ServerProcess, failures: string[]): Promise<ConfigResult> {
  const out: ConfigResult = { name: def.name, description: def.description, processes: def.processes, seedMs: 0, startupRssMb: [], lostSaves: 0, duplicateAttempts: 0 };
  console.log(`\n=== ${def.name}: ${def.description} ===`);
  const database = await createBenchDatabase(def.kind);
  const servers: ServerProcess[] = [];
  let cluster: Cluster | undefined;
  try {
    log(`seeding ${opts.students} students and ${opts.questions} questions`);
    const db = await database.open();
    let seed: SeedInfo;
    try {
      seed = await seedBench(db.db, { students: opts.students, questions: opts.questions, quizQuestions: opts.quizQuestions, groupSize: opts.groupSize, linkShare: opts.linkShare, seed: opts.seed });
      // A bank is not built seconds before an exam: by then PostgreSQL's autovacuum has gathered
      // statistics and visibility (so counts read the index alone). Do now what it would have done.
      // (On SQLite the server gathers them itself when it opens the database: PRAGMA optimize.)
      if (def.kind === 'postgres') await sql`vacuum analyze`.execute(db.db);
    } finally {
      await db.close();
    }
    out.seedMs = seed.seedMs;
    log(`seeded in ${(seed.seedMs / 1000).toFixed(1)} s; starting ${def.processes} server process(es)`);
    const env = { ...database.env, DEMO_DATA: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production', LOGIN_RATE_PER_MINUTE: String(loginRate), STATIC_DIR: path.join(os.tmpdir(), 'exam-bench-no-front-end') };
    if (def.cluster) {
      if (!frontEnd) throw new Error('the cluster needs the front-end build (do not combine --configs cluster with --no-bundle)');
      const { STATIC_DIR: _none, ...clusterEnv } = env;
      cluster = await startCluster({ processes: def.processes, databaseUrl: database.env.DATABASE_URL, staticDir: frontEnd.dir, env: clusterEnv });
      log(`nginx at ${cluster.url}, Redis at ${cluster.redis?.url}`);
      servers.push(...clusterServers(cluster));
    } else {
      for (let i = 0; i < def.processes; i++) servers.push(await startPortalServer(env));
    }
    out.startupRssMb = servers.map((s) => s.memory()?.rssMb ?? NaN);

    for (const mode of opts.modes) {
      const { result } = await runMode(mode, servers, seed, database.open);
      out[mode] = result;
      printMode(out, mode, result);
      out.lostSaves += result.lostSaves;
      out.duplicateAttempts += result.duplicateAttempts;
      for (const f of result.verification.failures) failures.push(`${def.name} ${mode}: ${f}`);
      if (result.totalErrors) failures.push(`${def.name} ${mode}: ${result.totalErrors} request error(s), e.g. ${result.errorSamples[0]?.status} ${result.errorSamples[0]?.message}`);

      if (mode === 'throughput') {
        const durationMs = Math.min(10_000, Math.max(5_000, result.phases.save ?? 10_000));
        log(`baseline: bare Fastify route, ${opts.students} connections for ${(durationMs / 1000).toFixed(0)} s`);
        const b = await baselineInChild({ url: baseline.url, concurrency: opts.students, durationMs, studentsPerAddress: opts.studentsPerAddress, timeoutMs: opts.timeoutMs });
        out.baseline = { ...b.stats, concurrency: opts.students, durationMs, errors: b.totalErrors };
        out.saveToBaselineRatio = Math.round((result.ops.save.rps / b.stats.rps) * 1000) / 1000;
        console.log(`  baseline ${b.stats.rps} req/s (p99 ${b.stats.p99} ms); save ${result.ops.save.rps} req/s; save / baseline = ${out.saveToBaselineRatio}`);
      }
      if (mode === 'seb' && out.throughput) {
        out.sebToPlainSaveRatio = Math.round((result.ops.save.rps / out.throughput.ops.save.rps) * 1000) / 1000;
        console.log(`  save throughput: SEB quiz ${result.ops.save.rps} req/s, plain quiz ${out.throughput.ops.save.rps} req/s; SEB / plain = ${out.sebToPlainSaveRatio}`);
      }
    }
    const peaks = opts.modes.flatMap((m) => out[m]?.peakRssMb ?? []).filter(Number.isFinite);
    if (peaks.length) out.peakRssMb = Math.max(...peaks);

    if (def.processes === 1 && !args['no-extras']) {
      const server = servers[0];
      const token = await signIn(server.url, seed.teacher, seed.password, 'TEACHER');
      const subject = seed.subjectIds[0];
      const variants: ListVariant[] = [
        { name: 'subject + type, sorted by marks', filter: { subject, type: 'single' }, sort: ['marks', 'DESC'] },
        { name: 'difficulty, sorted by marks', filter: { difficulty: 'hard' }, sort: ['marks', 'DESC'] },
      ];
      log(`question list: ${opts.listPages} pages x ${opts.listRepeats} passes per filter`);
      out.listPage = await listPages(server.url, token, variants, opts.listPages, opts.listRepeats);
      for (const l of out.listPage) console.log(`  list (${l.name}; ${l.total} rows): p50 ${l.p50} ms, p95 ${l.p95} ms, max ${l.max} ms`);

      if (opts.grade > 0) {
        log(`grading up to ${opts.grade} submitted attempts (server code, in this process)`);
        const gdb = await database.open();
        try {
          out.grading = await gradeAttempts(gdb.db, [seed.quizzes.throughput.id, seed.quizzes.realistic.id], opts.grade);
        } finally {
          await gdb.close();
        }
        console.log(`  graded ${out.grading.attempts} attempts (${out.grading.answers} answers) in ${(out.grading.ms / 1000).toFixed(2)} s`);
      }
      if (opts.modes.includes('throughput')) {
        log('quiz statistics of the throughput quiz and every role\'s dashboard (HTTP, one request at a time)');
        out.analysis = await analysisFigures(server.url, seed);
        const st = out.analysis.statistics;
        console.log(`  statistics of ${st.attempts} attempts x ${st.questions} questions: first ${st.firstMs} ms, then p50 ${st.repeats.p50} ms, max ${st.repeats.max} ms`);
        for (const d of out.analysis.dashboards) console.log(`  ${d.role} dashboard: p50 ${d.p50} ms, p95 ${d.p95} ms, max ${d.max} ms`);
      }
      if (opts.importRows > 0 && importOn.includes(def.name)) {
        // On a fresh server process, so that its memory figure is the import's own.
        await server.stop();
        servers.length = 0;
        const fresh = await startPortalServer(env);
        servers.push(fresh);
        log(`importing a ${opts.importRows}-row student sheet (fresh server process, ${fresh.memory()?.rssMb ?? '?'} MB after start-up)`);
        out.import = await importSheet(fresh, await signIn(fresh.url, seed.teacher, seed.password, 'TEACHER'), opts.importRows);
        console.log(`  import: status ${out.import.status}, ${out.import.imported} imported in ${(out.import.ms / 1000).toFixed(1)} s, peak server RSS ${out.import.peakRssMb ?? 'n/a'} MB${out.import.message ? ` (${out.import.message})` : ''}`);
        if (out.import.status !== 201) failures.push(`${def.name}: the sheet import failed with ${out.import.status}: ${out.import.message}`);
      }
    }
  } catch (err) {
    out.error = (err as Error).message;
    failures.push(`${def.name}: ${(err as Error).message.split('\n')[0]}`);
    console.error(`!!! ${def.name} failed: ${(err as Error).stack}`);
  } finally {
    if (cluster) await cluster.stop();
    else for (const s of servers) await s.stop();
    await database.drop().catch((err) => console.error(`could not drop the ${def.name} database: ${err}`));
  }
  return out;
}

/** The save ratio with autocannon on each database of the single-process configurations, after the storms (a fresh database and server each). */
async function saveRatios(configs: ConfigDef[], failures: string[]): Promise<RatioResult[]> {
  const out: RatioResult[] = [];
  const kinds = [...new Set(configs.filter((c) => c.processes === 1 && !c.cluster).map((c) => c.kind))];
  for (const kind of kinds) {
    try {
      buildServer();
      const r = await runSaveRatio(kind, {
          connections: String(args['ratio-connections']).split(',').map(Number),
          seconds: float('ratio-seconds', 1, 600),
          rounds: 2,
          generators: 2,
          variants: { current: CURRENT_ENTRY },
        });
      out.push(r);
      const errors = r.phases.reduce((sum, p) => sum + p.errors, 0);
      if (errors) failures.push(`save ratio on ${kind}: ${errors} request(s) failed`);
    } catch (err) {
      failures.push(`save ratio on ${kind}: ${(err as Error).message.split('\n')[0]}`);
      console.error(`!!! save ratio on ${kind} failed: ${(err as Error).stack}`);
    }
  }
  return out;
}

async function main() {
  const started = Date.now();
  const pgOk = await postgresReachable();
  const pgVersion = pgOk ? await postgresVersion() : undefined;
  const wanted = args.configs ? args.configs.split(',').map((c) => c.trim()) : CONFIGS.map((c) => c.name);
  const unknown = wanted.filter((w) => !CONFIGS.some((c) => c.name === w));
  if (unknown.length) {
    console.error(`unknown configuration(s): ${unknown.join(', ')} (known: ${CONFIGS.map((c) => c.name).join(', ')})`);
    process.exit(2);
  }
  const configs = CONFIGS.filter((c) => wanted.includes(c.name) && (c.kind === 'sqlite' || pgOk));
  importOn = args['import-on'] ? args['import-on'].split(',').map((c) => c.trim()) : configs.filter((c) => c.processes === 1).slice(0, 1).map((c) => c.name);
  if (!pgOk && wanted.some((w) => w.startsWith('postgres'))) console.log('PostgreSQL is not reachable: its configurations are skipped.');

  const machine = machineInfo(pgVersion);
  const loadBefore = os.loadavg()[0];
  const codeBefore = codeVersion();
  console.log(`Exam portal benchmark on ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB, Node ${machine.node}`);
  console.log(
    `Students ${opts.students}, bank ${opts.questions}, quiz ${opts.quizQuestions} questions; configurations ${configs.map((c) => c.name).join(', ')}; ` +
      `LOGIN_RATE_PER_MINUTE=${loginRate}; ${opts.studentsPerAddress ? `${opts.studentsPerAddress} student(s) per loopback source address` : 'all load from 127.0.0.1'}`,
  );
  console.log(`Sign-in: ${argon2Description()}; the server's SIGNIN_QUEUE_LIMIT is its default`);
  const fdNote = fileLimitNote(opts.students);
  console.log(fdNote ? `note: ${fdNote}` : `open-file limit ${openFileLimit()}: enough for ${opts.students} students`);
  const linkStudents = opts.linkShare > 0 ? Math.floor(opts.students / Math.max(1, Math.round(1 / opts.linkShare))) : 0;
  if (opts.studentsPerAddress === 0 && linkStudents > 60) {
    console.log(`note: the exam-link route allows 60 requests per minute per address; ${linkStudents} link students from one address will be refused in part`);
  }

  const failures: string[] = [];
  if (!args['no-bundle'] || configs.some((c) => c.cluster)) {
    log('front end: vite build and precompress into a temporary folder');
    frontEnd = buildFrontEnd();
  }
  const baseline = await startBaselineServer();
  const configurations: Record<string, ConfigResult> = {};
  try {
    for (const def of configs) configurations[def.name] = await runConfig(def, baseline, failures);
  } finally {
    await baseline.stop();
  }
  const saveRatio = args['no-ratio'] ? [] : await saveRatios(configs, failures);

  const results: Results = {
    generatedAt: new Date().toISOString(),
    machine: { ...machine, loadAverageBefore: Math.round(loadBefore * 100) / 100, loadAverageAfter: Math.round(os.loadavg()[0] * 100) / 100 },
    code: { before: codeBefore, after: codeVersion() },
    options: { ...opts, loginRatePerMinute: loginRate, configs: configs.map((c) => c.name), importOn },
    dataSet: { students: opts.students, linkStudents, questions: opts.questions, quizQuestions: opts.quizQuestions, groupSize: opts.groupSize },
    configurations,
    ...(saveRatio.length ? { saveRatio } : {}),
    targets: [],
    failures,
  };
  if (!args['no-bundle'] && frontEnd) {
    log('front-end bundle and the bytes a browser transfers');
    try {
      results.bundle = await measureBundle(frontEnd);
      console.log(`  login page: ${results.bundle.loginPage.jsGzipKB} kB JS gzip (${results.bundle.loginPage.method}); all JS ${results.bundle.totalJsGzipKB} kB gzip; build ${(results.bundle.buildMs / 1000).toFixed(1)} s`);
      const t = results.bundle.transfer;
      if (t) {
        console.log(`  transferred: login page ${t.loginPage.coldKB} kB cold, ${t.loginPage.warmKB} kB warm; exam page ${t.examPage.coldKB} kB cold, ${t.examPage.warmKB} kB warm`);
        if (t.mathExamPage) console.log(`  exam page with math on its first question: ${t.mathExamPage.coldKB} kB cold, ${t.mathExamPage.warmKB} kB warm (${t.mathExamPage.mathElements} formula(s), ${t.mathExamPage.katexElements} by KaTeX)`);
        if (t.firstMathQuestion) console.log(`  the exam's first question with math (question ${t.firstMathQuestion.question}) adds ${t.firstMathQuestion.kB} kB cold`);
      }
      if (results.bundle.error) console.log(`  note: ${results.bundle.error}`);
    } catch (err) {
      console.error(`!!! bundle measurement failed: ${(err as Error).message}`);
      failures.push(`bundle: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  frontEnd?.remove();
  results.targets = evaluateTargets(results, opts.students);

  fs.mkdirSync(args.out!, { recursive: true });
  // The previous run stays beside this one (previous.json and .md), and this run says how it differs.
  const latest = (ext: string) => path.join(args.out!, `latest.${ext}`);
  let previous: Results | undefined;
  if (fs.existsSync(latest('json'))) {
    try {
      previous = JSON.parse(fs.readFileSync(latest('json'), 'utf8')) as Results;
    } catch {
      previous = undefined;
    }
    for (const ext of ['json', 'md']) if (fs.existsSync(latest(ext))) fs.renameSync(latest(ext), path.join(args.out!, `previous.${ext}`));
  }
  const compared = previous?.configurations ? comparisonLines(previous, results) : [];
  fs.writeFileSync(latest('json'), `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(latest('md'), `${markdown(results)}\n${compared.length ? `\n${compared.join('\n')}` : ''}`);
  if (args.readme) {
    const readme = path.join(ROOT, 'bench', 'README.md');
    const marker = '<!-- latest figures -->';
    const text = fs.readFileSync(readme, 'utf8');
    const at = text.indexOf(marker);
    if (at >= 0) fs.writeFileSync(readme, `${text.slice(0, at + marker.length)}\n\n${readmeSummary(results)}`);
  }

  console.log('\n=== Targets (reported, not enforced) ===');
  for (const t of results.targets) {
    console.log(`  ${t.met === null ? ' n/a' : t.met ? '  ok' : 'MISS'}  ${t.configuration.padEnd(11)} ${t.name}: ${t.value} (target ${t.target})${t.note ? ` - ${t.note}` : ''}`);
  }
  if (compared.length) console.log(`\n${compared.join('\n')}`);
  console.log(`\nResults written to ${path.relative(process.cwd(), path.join(args.out!, 'latest.json'))} and latest.md${previous ? ', the previous run in previous.json and previous.md' : ''} (${((Date.now() - started) / 60_000).toFixed(1)} min).`);
  if (failures.length) {
    console.log(`\n!!! ${failures.length} FAILURE(S):`);
    for (const f of failures) console.log(`!!!   ${f}`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
