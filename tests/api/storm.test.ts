import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBenchDatabase, type BenchDatabase } from '../../bench/db';
import { stormInChild } from '../../bench/fork';
import { runStorm, type StormPlan, type StormResult } from '../../bench/loadgen';
import { sebConfigKeys } from '../../bench/extras';
import { seedBench, stormPlanFor, type SeedInfo } from '../../bench/seed';
import { startPortalServer, type ServerProcess } from '../../bench/server';
import { verifyStorm } from '../../bench/verify';
import { dbKind, describeDb } from './helper';

/**
 * A small exam storm with the benchmark's own modules (seed, load generator, verification)
 * against the real server started as its own process, so that `npm run bench` cannot rot.
 * It checks correctness only, never speed: no request error, every acknowledged save stored
 * with its latest value, exactly one attempt per student. On PostgreSQL two server processes
 * share the database and each student's requests alternate between them.
 */
const STUDENTS = 50;
const QUIZ_QUESTIONS = 12;

describeDb('exam storm with the benchmark modules', () => {
  let database: BenchDatabase;
  let seed: SeedInfo;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createBenchDatabase(dbKind);
    const db = await database.open();
    try {
      seed = await seedBench(db.db, { students: STUDENTS, questions: 300, quizQuestions: QUIZ_QUESTIONS, groupSize: 10, linkShare: 0.2, seed: 7 });
    } finally {
      await db.close();
    }
    const env = {
      ...database.env,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_PER_MINUTE: '10000',
      STATIC_DIR: path.join(os.tmpdir(), 'exam-storm-no-front-end'),
    };
    const processes = dbKind === 'postgres' ? 2 : 1;
    const started = await Promise.all(Array.from({ length: processes }, () => startPortalServer(env)));
    servers.push(...started);
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await database?.drop();
  }, 60_000);

  const plan = (mode: StormPlan['mode'], sebKeys?: Record<string, string>): StormPlan =>
    stormPlanFor(
      mode,
      servers.map((s) => s.url),
      seed,
      { rampSeconds: 1, thinkScale: 0.01, overwriteShare: 0.3, studentsPerAddress: 1, timeoutMs: 60_000, seed: mode === 'throughput' ? 1 : 2, sebConfigKeys: sebKeys },
    );

  const expectCorrect = async (mode: StormPlan['mode'], result: StormResult) => {
    const db = await database.open();
    try {
      const v = await verifyStorm(db.db, seed.quizzes[mode].id, seed.students.map((s) => s.id), result);
      expect(result.totalErrors, JSON.stringify(result.errorSamples)).toBe(0);
      expect(v.failures).toEqual([]);
      expect(v.duplicateAttempts).toBe(0);
      expect(v.missingAttempts).toBe(0);
      expect(v.attemptMismatches).toBe(0);
      expect(v.notSubmitted).toBe(0);
      expect(v.lostSaves).toBe(0);
      expect(v.savesChecked).toBe(STUDENTS * QUIZ_QUESTIONS);
      expect(result.studentsCompleted).toBe(STUDENTS);
      for (const s of servers) expect(s.alive(), s.output()).toBe(true);
    } finally {
      await db.close();
    }
  };

  it('throughput storm (load generator in its own process, double starts, overwrites, out-of-order saves)', async () => {
    const result = await stormInChild(plan('throughput'));
    expect(result.ackCount).toBeGreaterThan(STUDENTS * QUIZ_QUESTIONS);
    expect(result.staleSaves).toBeGreaterThan(0);
    expect(result.staleViolations).toBe(0);
    expect(result.ops.examLink.count).toBeGreaterThan(0);
    expect(result.ops.signIn.count).toBeGreaterThan(0);
    await expectCorrect('throughput', result);
  }, 120_000);

  it('SEB storm: every exam call of a Safe Exam Browser quiz carries the Config Key hash of the .seb file each process serves, and is accepted', async () => {
    const keys = await sebConfigKeys(servers.map((s) => s.url), seed.teacher, seed.password, seed.quizzes.seb.id);
    expect(Object.keys(keys)).toHaveLength(servers.length);
    for (const key of Object.values(keys)) expect(key).toMatch(/^[0-9a-f]{64}$/);
    await expect(runStorm(plan('seb'))).rejects.toThrow(/Config Key/);
    const result = await runStorm(plan('seb', keys));
    expect(result.staleViolations).toBe(0);
    await expectCorrect('seb', result);
    // The server did check: every start recorded that SEB was proven.
    const db = await database.open();
    try {
      const attempts = await db.db.selectFrom('attempts').select(['seb_verified_at']).where('quiz_id', '=', seed.quizzes.seb.id).execute();
      expect(attempts).toHaveLength(STUDENTS);
      expect(attempts.every((a) => a.seb_verified_at !== null)).toBe(true);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('realistic storm (arrivals spread, think time, some answers changed later)', async () => {
    const result = await runStorm(plan('realistic'));
    expect(result.ackCount).toBeGreaterThanOrEqual(STUDENTS * QUIZ_QUESTIONS);
    await expectCorrect('realistic', result);
  }, 120_000);
});
