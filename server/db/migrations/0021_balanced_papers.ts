import type { Kysely } from 'kysely';

/**
 * Balanced random papers (server/exam/balance.ts) and the students' abilities of a calibration:
 * - quizzes: balance_papers (0/1) and balance_tolerance (logits, default 0.25);
 * - attempts: paper_seed, the hex seed of the attempt's random draw (null for attempts started before);
 * - subject_calibrations: per subject, the ability estimates of the attempts its last calibration
 *   used, summarised as JSON { count, mean, sd, histogram: [{ logit, count }] }.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('quizzes').addColumn('balance_papers', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('quizzes').addColumn('balance_tolerance', 'double precision', (c) => c.notNull().defaultTo(0.25)).execute();
  await db.schema.alterTable('attempts').addColumn('paper_seed', 'varchar(64)').execute();
  await db.schema
    .createTable('subject_calibrations')
    .addColumn('subject_id', 'integer', (c) => c.primaryKey().references('subjects.id').onDelete('cascade'))
    .addColumn('persons', 'text', (c) => c.notNull())
    .addColumn('calibrated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subject_calibrations').execute();
  await db.schema.alterTable('attempts').dropColumn('paper_seed').execute();
  await db.schema.alterTable('quizzes').dropColumn('balance_tolerance').execute();
  await db.schema.alterTable('quizzes').dropColumn('balance_papers').execute();
}
