import type { Kysely } from 'kysely';

/**
 * Rasch calibration of questions (server/analysis/calibration.ts): one row per question of a
 * subject as last calibrated. `difficulty`, `se`, `infit` and `outfit` are null unless `status` is
 * 'calibrated'; `min_responses` is the threshold the calibration used. Rows go with their question.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('question_calibrations')
    .addColumn('question_id', 'integer', (c) => c.primaryKey().references('questions.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('difficulty', 'double precision')
    .addColumn('se', 'double precision')
    .addColumn('responses', 'integer', (c) => c.notNull())
    .addColumn('infit', 'double precision')
    .addColumn('outfit', 'double precision')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('min_responses', 'integer', (c) => c.notNull())
    .addColumn('calibrated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('question_calibrations_subject').on('question_calibrations').column('subject_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('question_calibrations').execute();
}
