/**
 * The save batch alone, in one process: the user CPU time `writeBatch` (server/exam/saveBatcher.ts)
 * takes per save, for batches of distinct answers, on SQLite (synchronous=FULL) and PostgreSQL.
 * User time leaves out the commit's fsync and the database's own work, which a change of how the
 * statements are built does not touch; on a shared machine it moves far less than throughput.
 *
 *   npx tsx bench/batchCpu.ts [--configs sqlite,postgres] [--batch 50] [--batches 200] [--rounds 4] [--other DIR]
 *
 * With --other, the writeBatch of another checkout (DIR/server/exam/saveBatcher.ts) runs in
 * alternation with this one's, on the same database: an A/B of the statements' construction.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBatch, type SaveRequest } from '../server/exam/saveBatcher';
import { createBenchDatabase, postgresReachable, type DbKind } from './db';
import { seedBench } from './seed';

const { values } = parseArgs({
  options: {
    configs: { type: 'string', default: 'sqlite,postgres' },
    batch: { type: 'string', default: '50' },
    batches: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '4' },
    other: { type: 'string' },
  },
});

type WriteBatch = typeof writeBatch;
const variants: [string, WriteBatch][] = [['this checkout', writeBatch]];
if (values.other) {
  const mod = (await import(path.resolve(values.other, 'server/exam/saveBatcher.ts'))) as { writeBatch: WriteBatch };
  variants.unshift([`other (${values.other})`, mod.writeBatch]);
}
const size = Number(values.batch);
const batches = Number(values.batches);

for (const kind of values.configs.split(',') as DbKind[]) {
  if (kind === 'postgres' && !(await postgresReachable())) continue;
  const database = await createBenchDatabase(kind);
  const { db, close } = await database.open();
  try {
    const seed = await seedBench(db, { students: size, questions: 200, quizQuestions: 30, groupSize: 50, linkShare: 0, seed: 3 });
    const now = Date.now();
    const quiz = seed.quizzes.throughput;
    const attempts: number[] = [];
    for (const s of seed.students) {
      const row = await db
        .insertInto('attempts')
        .values({ quiz_id: quiz.id, student_id: s.id, status: 'in_progress', started_at: now, deadline: now + 3_600_000, max_score: 30, pending: 0, paper: '[]', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      attempts.push(row.id);
    }
    let seq = 0;
    const results: Record<string, number[]> = Object.fromEntries(variants.map(([name]) => [name, []]));
    for (let round = 0; round <= Number(values.rounds); round++) {
      for (const [name, write] of variants) {
        const cpu = process.cpuUsage();
        const t = performance.now();
        for (let b = 0; b < batches; b++) {
          seq += 1;
          const requests: SaveRequest[] = attempts.map((attemptId, i) => ({ attemptId, questionId: quiz.questionIds[(seq + i) % quiz.questionIds.length], response: '"stack queue"', seq, savedAt: Date.now() }));
          const outcomes = await db.transaction().execute((trx) => write(trx, requests));
          if (outcomes.some((o) => o.kind !== 'saved')) throw new Error(`unexpected outcome: ${JSON.stringify(outcomes.find((o) => o.kind !== 'saved'))}`);
        }
        const used = process.cpuUsage(cpu);
        const wall = performance.now() - t;
        // Round 0 warms the JIT and the statement caches up: not counted.
        if (round > 0) results[name].push(used.user / (batches * size));
        console.log(`${kind} round ${round} ${name}: ${(used.user / (batches * size)).toFixed(1)} µs user CPU a save, ${((wall * 1000) / (batches * size)).toFixed(1)} µs wall a save${round === 0 ? ' (warm-up)' : ''}`);
      }
    }
    for (const [name, xs] of Object.entries(results)) {
      const sorted = [...xs].sort((a, b) => a - b);
      console.log(`${kind} ${name}: median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} µs user CPU a save (batches of ${size})`);
    }
  } finally {
    await close();
    await database.drop();
  }
}
