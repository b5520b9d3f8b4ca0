/**
 * Rasch calibration benchmark: one subject's bank of 2,000 questions and 200,000 first-attempt
 * answers on random papers of 20 to 50 questions each (every student their own item set, the
 * costly case: no two students share their elementary symmetric functions).
 *
 *   node --import tsx bench/rasch.ts [--items 2000] [--responses 200000] [--seed 1] [--db sqlite|postgres]
 *   node --import tsx bench/rasch.ts --storm [--db sqlite|postgres] [--students 200]
 *
 * Prints the time of the estimator alone (data generation excluded; wall clock and this process's
 * CPU time, which a busy machine does not inflate) and how well the known difficulties came back.
 * With --db the same answers are also written as submitted attempts of ten quizzes of one subject
 * in a fresh database, and the whole recalibration (read, estimate, write) is timed.
 *
 * With --storm: "calibrating never delays a save". The benchmark's exam data (bench/seed.ts) and
 * the subject above go into one fresh database, the real server starts (bench/server.ts), and the
 * throughput storm (bench/loadgen.ts) runs on the same quiz after a warm-up storm: alone, then while the subject
 * is recalibrated through POST /api/subjects/{id}/calibration again and again; the save p99 of both
 * runs is printed (the quiz's attempts are removed between them).
 */
import { parseArgs } from 'node:util';
import { calibrateRasch, type RaschResponse } from '../server/analysis/rasch';
import { calibrateSubject } from '../server/analysis/calibration';
import type { Db } from '../server/db/database';
import { createBenchDatabase, type DbKind } from './db';
import { prng } from './random';
import { seedBench, stormPlanFor } from './seed';
import { startPortalServer } from './server';
import { runStorm } from './loadgen';
import os from 'node:os';
import path from 'node:path';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '2000' },
    responses: { type: 'string', default: '200000' },
    seed: { type: 'string', default: '1' },
    db: { type: 'string' },
    storm: { type: 'boolean', default: false },
    students: { type: 'string', default: '200' },
  },
});
const nItems = Number(values.items);
const nResponses = Number(values.responses);
const random = prng(Number(values.seed));
const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

const truth = Array.from({ length: nItems }, () => normal());
const responses: RaschResponse[] = [];
let person = 0;
while (responses.length < nResponses) {
  person++;
  const theta = normal();
  const k = Math.min(20 + Math.floor(random() * 31), nResponses - responses.length);
  const paper = new Set<number>();
  while (paper.size < k) paper.add(Math.floor(random() * nItems));
  for (const item of paper) {
    const p = 1 / (1 + Math.exp(truth[item] - theta));
    responses.push({ person, item, correct: random() < p });
  }
}

function timed<T>(run: () => T): { result: T; seconds: number; cpuSeconds: number } {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(cpu);
  return { result, seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

const { result, seconds, cpuSeconds } = timed(() => calibrateRasch(responses));

const calibrated = result.items.filter((item) => item.status === 'calibrated');
const mean = calibrated.reduce((s, item) => s + truth[item.item], 0) / calibrated.length;
let squares = 0;
let within2se = 0;
for (const item of calibrated) {
  const error = item.difficulty! - (truth[item.item] - mean);
  squares += error * error;
  if (Math.abs(error) <= 2 * item.se!) within2se++;
}
const statuses: Record<string, number> = {};
for (const item of result.items) statuses[item.status] = (statuses[item.status] ?? 0) + 1;

console.log(`rasch: ${nItems} items, ${responses.length} responses, ${person} students`);
console.log(`  calibration ${seconds.toFixed(2)} s (CPU ${cpuSeconds.toFixed(2)} s), ${result.iterations} iterations, converged ${result.converged}`);
console.log(`  statuses ${JSON.stringify(statuses)}, informative students ${result.informativePersons}`);
console.log(
  `  recovery: RMSE ${Math.sqrt(squares / calibrated.length).toFixed(3)} logits, ` +
    `${((100 * within2se) / calibrated.length).toFixed(1)}% within 2 SE`,
);

/** Quizzes the subject's answers are spread over. */
const QUIZZES = 10;

if (values.storm) await calibrationDuringStorm((values.db ?? 'sqlite') as DbKind);
else if (values.db) await throughDatabase(values.db as DbKind);

/** The same answers as submitted first attempts in a fresh database; times calibrateSubject. */
async function throughDatabase(kind: DbKind) {
  const bench = await createBenchDatabase(kind);
  const database: Db = await bench.open();
  const db = database.db;
  try {
    const now = Date.now();
    const institute = (await db.insertInto('institutes').values({ name: 'Bench', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const department = (await db.insertInto('departments').values({ institute_id: institute, name: 'Bench', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const subject = await seedSubject(db, institute, department);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const stored = await calibrateSubject(db, subject, 30);
    const used = process.cpuUsage(cpu);
    const total = (performance.now() - started) / 1000;
    const same = stored.items.every((item, i) => item.difficulty === result.items[i].difficulty && item.se === result.items[i].se);
    console.log(`  through ${bench.describe}: read, estimate and write ${total.toFixed(2)} s (CPU ${((used.user + used.system) / 1e6).toFixed(2)} s); same numbers as above: ${same}`);
  } finally {
    await database.close();
    await bench.drop();
  }
}

/** The subject of nItems questions whose answers are `responses`, as submitted first attempts of ten quizzes; answers its id. */
async function seedSubject(db: Db['db'], institute: number, department: number): Promise<number> {
  const now = Date.now();
  const tenant = { institute_id: institute, department_id: department, created_by: null, created_at: now, updated_at: now };
  const subject = (await db.insertInto('subjects').values({ ...tenant, subjectname: 'Bench', code: 'BENCH', semester: '1' }).returning('id').executeTakeFirstOrThrow()).id;
  const moduleId = (await db.insertInto('modules').values({ ...tenant, course_outcome_name: 'CO1', subject_id: subject }).returning('id').executeTakeFirstOrThrow()).id;
  const questionIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < nItems; i += 200) {
      const rows = Array.from({ length: Math.min(200, nItems - i) }, (_, j) => ({
        ...tenant,
        subject_id: subject,
        module_id: moduleId,
        type: 'true_false',
        question: `Bench question ${i + j}`,
        marks: 1,
        time_required: 1,
        difficulty: 'Medium',
        correct_bool: 1,
      }));
      for (const row of await trx.insertInto('questions').values(rows).returning('id').execute()) questionIds.push(row.id);
    }
  });
  const quizIds: number[] = [];
  for (let q = 0; q < QUIZZES; q++) {
    const quiz = (
      await db
        .insertInto('quizzes')
        .values({ ...tenant, name: `Bench quiz ${q}`, random_rules: JSON.stringify([{ module: moduleId, count: 35 }]), published: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db.insertInto('quiz_subjects').values({ quiz_id: quiz, subject_id: subject }).execute();
    quizIds.push(quiz);
  }
  // Each student sits each quiz once: persons 1..n are (student, quiz) pairs.
  const students: number[] = [];
  const nStudents = Math.ceil(person / QUIZZES);
  await db.transaction().execute(async (trx) => {
    for (let s = 0; s < nStudents; s += 200) {
      const rows = Array.from({ length: Math.min(200, nStudents - s) }, (_, j) => ({
        ...tenant,
        role: 'STUDENT' as const,
        username: `bench-student-${s + j}`,
        password_hash: 'none',
        fullname: `Bench student ${s + j}`,
        must_change_password: 0,
      }));
      for (const row of await trx.insertInto('users').values(rows).returning('id').execute()) students.push(row.id);
    }
  });
  const byPerson = new Map<number, RaschResponse[]>();
  for (const r of responses) byPerson.set(r.person, [...(byPerson.get(r.person) ?? []), r]);
  await db.transaction().execute(async (trx) => {
    for (const [p, own] of byPerson) {
      const paper = own.map((r) => ({ id: questionIds[r.item], version: 1, type: 'true_false', question: '', marks: 1, timeRequired: 1, moduleId, topicId: null, difficulty: 'Medium', key: { type: 'true_false', marks: 1, correctBool: true } }));
      const attempt = (
        await trx
          .insertInto('attempts')
          .values({ quiz_id: quizIds[(p - 1) % QUIZZES], student_id: students[Math.floor((p - 1) / QUIZZES)], status: 'submitted', started_at: now, deadline: now, submitted_at: now, closed_by: 'student', score: null, max_score: own.length, pending: 0, paper: JSON.stringify(paper), attempt_no: 1, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await trx
        .insertInto('answers')
        .values(own.map((r) => ({ attempt_id: attempt, question_id: questionIds[r.item], response: JSON.stringify(Boolean(r.correct)), seq: 1, saved_at: now, outcome: null, marks: r.correct ? 1 : 0 })))
        .execute();
    }
  });
  return subject;
}

/** The storm twice on one quiz: alone, then with the subject recalibrated throughout; prints the save p99 of each. */
async function calibrationDuringStorm(kind: DbKind) {
  const bench = await createBenchDatabase(kind);
  const database: Db = await bench.open();
  let subject: number;
  let seed: Awaited<ReturnType<typeof seedBench>>;
  try {
    seed = await seedBench(database.db, { students: Number(values.students), questions: 300, quizQuestions: 12, groupSize: 50, linkShare: 0, seed: 7 });
    const department = await database.db.selectFrom('departments').select(['id', 'institute_id']).where('id', '=', seed.departmentId).executeTakeFirstOrThrow();
    subject = await seedSubject(database.db, department.institute_id, department.id);
  } finally {
    await database.close();
  }
  const server = await startPortalServer({ ...bench.env, DEMO_DATA: 'false', LOG_LEVEL: 'warn', LOGIN_RATE_PER_MINUTE: '100000', CALIBRATION_SWEEP_SECONDS: '0', STATIC_DIR: path.join(os.tmpdir(), 'rasch-storm-no-front-end') });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: seed.staff.departmentHead, password: seed.password, role: 'DEPARTMENT-HEAD', userTime: Date.now() }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const calibrate = async () => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/subjects/${subject}/calibration`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`calibration answered ${res.status}: ${await res.text()}`);
      return (performance.now() - started) / 1000;
    };
    const plan = () => stormPlanFor('throughput', [server.url], seed, { rampSeconds: 1, thinkScale: 0.01, overwriteShare: 0.3, studentsPerAddress: 1, timeoutMs: 120_000, seed: 1 });
    const reset = async () => {
      const db = await bench.open();
      try {
        const quizId = seed.quizzes.throughput.id;
        const attempts = (await db.db.selectFrom('attempts').select('id').where('quiz_id', '=', quizId).execute()).map((a) => a.id);
        for (let i = 0; i < attempts.length; i += 500) await db.db.deleteFrom('answers').where('attempt_id', 'in', attempts.slice(i, i + 500)).execute();
        await db.db.deleteFrom('attempts').where('quiz_id', '=', quizId).execute();
      } finally {
        await db.close();
      }
    };
    console.log(`storm: ${seed.students.length} students, subject of ${nItems} questions and ${responses.length} answers, ${bench.describe}`);
    console.log(`  one calibration alone: ${(await calibrate()).toFixed(2)} s`);
    // A first storm warms the server up (JIT, caches, connections) and is not counted.
    await runStorm(plan());
    await reset();
    const alone = await runStorm(plan());
    await reset();
    let stop = false;
    const durations: number[] = [];
    const calibrating = (async () => {
      while (!stop) durations.push(await calibrate());
    })();
    const during = await runStorm(plan());
    stop = true;
    await calibrating;
    const line = (name: string, r: typeof alone) =>
      `  ${name}: save p99 ${r.ops.save.p99.toFixed(1)} ms (p50 ${r.ops.save.p50.toFixed(1)} ms, ${r.ops.save.count} saves, ${r.totalErrors} errors)`;
    console.log(line('storm alone', alone));
    console.log(line('storm while calibrating', during));
    console.log(`  calibrations during the storm: ${durations.length} (${durations.map((d) => d.toFixed(1)).join(', ')} s)`);
  } finally {
    await server.stop();
    await bench.drop();
  }
}
