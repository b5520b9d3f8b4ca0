import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBenchDatabase, type BenchDatabase } from '../../bench/db';
import { seedBench, type SeedInfo } from '../../bench/seed';
import { buildServer, freePort, serveCommand } from '../../bench/server';
import { dbKind, describeDb } from './helper';

/**
 * Crash test: while students are saving answers, the server process is killed with SIGKILL at
 * random moments three times and started again. Afterwards every save the clients saw
 * acknowledged is stored with its latest value, and every student still has exactly one attempt.
 */
const STUDENTS = 16;
const QUESTIONS = 10;
const KILLS = 3;

type Paper = { id: number; type: string; options?: { id: string }[] }[];

/** A response of the right type for a question (the exam API's encoding by type). */
function responseFor(q: Paper[number], n: number): unknown {
  switch (q.type) {
    case 'single':
      return q.options![n % q.options!.length].id;
    case 'multiple':
      return [q.options![n % q.options!.length].id];
    case 'true_false':
      return n % 2 === 0;
    case 'numeric':
      return n;
    default:
      return `answer ${n}`;
  }
}

describeDb('crash: the server is killed while answers are being saved', () => {
  let database: BenchDatabase;
  let seed: SeedInfo;
  let port: number;
  let child: ChildProcess | undefined;
  let url = '';

  async function startServer() {
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      ...database.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_PER_MINUTE: '10000',
      ATTEMPT_SWEEP_SECONDS: '0',
      STATIC_DIR: path.join(os.tmpdir(), 'crash-test-no-front-end'),
    };
    if (!database.env.DATABASE_URL) delete env.DATABASE_URL;
    buildServer();
    child = spawn(process.execPath, serveCommand(), { env, stdio: ['ignore', 'ignore', 'pipe'] });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error('the server did not come back');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    database = await createBenchDatabase(dbKind);
    const db = await database.open();
    try {
      seed = await seedBench(db.db, { students: STUDENTS, questions: 200, quizQuestions: QUESTIONS, groupSize: 8, linkShare: 0, seed: 11 });
    } finally {
      await db.close();
    }
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    await startServer();
  }, 120_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await database?.drop();
  });

  it('keeps every acknowledged save and one attempt per student across three kills', async () => {
    const quizId = seed.quizzes.throughput.id;
    const call = async (method: string, p: string, token?: string, body?: unknown) => {
      const res = await fetch(`${url}${p}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as { data: any } };
    };
    // Every student signs in, starts and reads the paper before the storm (sessions and attempts live in the database).
    const students = await Promise.all(
      seed.students.map(async (s) => {
        const login = await call('POST', '/api/auth/login', undefined, { username: s.username, password: seed.password, role: 'STUDENT' });
        const token = login.json.data.token as string;
        const attempt = (await call('POST', `/api/student/quizzes/${quizId}/attempts`, token)).json.data;
        const paper = (await call('GET', `/api/student/attempts/${attempt.id}`, token)).json.data.questions as Paper;
        return { token, attemptId: attempt.id as number, paper };
      }),
    );

    const acked = new Map<string, { seq: number; response: unknown }>();
    let seq = 1;
    let saving = true;
    let ackCount = 0;
    const worker = async (s: (typeof students)[number]) => {
      let n = 0;
      while (saving) {
        const q = s.paper[n % s.paper.length];
        const mySeq = seq++;
        const response = responseFor(q, n++);
        try {
          const res = await call('PUT', `/api/student/attempts/${s.attemptId}/answers/${q.id}`, s.token, { response, seq: mySeq });
          if (res.status === 200 && res.json.data.stale === false) {
            const key = `${s.attemptId}:${q.id}`;
            if ((acked.get(key)?.seq ?? -1) < mySeq) acked.set(key, { seq: mySeq, response });
            ackCount++;
          }
        } catch {
          await new Promise((r) => setTimeout(r, 50)); // the server is down: try again shortly
        }
      }
    };
    const workers = students.map(worker);
    for (let k = 0; k < KILLS; k++) {
      await new Promise((r) => setTimeout(r, 400 + Math.random() * 900));
      child!.kill('SIGKILL');
      await new Promise((r) => child!.once('exit', r));
      await startServer();
    }
    await new Promise((r) => setTimeout(r, 500));
    saving = false;
    await Promise.all(workers);
    expect(ackCount).toBeGreaterThan(STUDENTS * 5);

    const db = await database.open();
    try {
      const stored = await db.db
        .selectFrom('answers')
        .innerJoin('attempts', 'attempts.id', 'answers.attempt_id')
        .select(['answers.attempt_id', 'answers.question_id', 'answers.seq', 'answers.response'])
        .where('attempts.quiz_id', '=', quizId)
        .execute();
      const byKey = new Map(stored.map((a) => [`${a.attempt_id}:${a.question_id}`, a]));
      const lost: string[] = [];
      for (const [key, { seq: s, response }] of acked) {
        const row = byKey.get(key);
        // The stored answer is the acknowledged one, or a later save that reached the database before a kill.
        if (!row || row.seq < s || (row.seq === s && row.response !== JSON.stringify(response))) lost.push(key);
      }
      expect(lost).toEqual([]);
      const attempts = await db.db.selectFrom('attempts').select(['student_id']).where('quiz_id', '=', quizId).execute();
      expect(attempts.length).toBe(STUDENTS);
      expect(new Set(attempts.map((a) => a.student_id)).size).toBe(STUDENTS);
    } finally {
      await db.close();
    }
  }, 120_000);
});
