import type { Kysely } from 'kysely';

/**
 * Quiz analysis: the course-outcome attainment rule of each quiz (target percent and the share of
 * students needed for levels 3, 2 and 1; null means the defaults), and the teacher's comment on a
 * hand-graded answer (`manual` = 1 keeps the teacher's marks when the attempt is graded again);
 * feedback is listed newest first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('quizzes').addColumn('attainment_target', 'double precision').execute();
  await db.schema.alterTable('quizzes').addColumn('attainment_levels', 'text').execute();
  await db.schema.alterTable('answers').addColumn('comment', 'text').execute();
  await db.schema.alterTable('answers').addColumn('manual', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('feedbacks_created').on('feedbacks').columns(['created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('feedbacks_created').ifExists().execute();
  await db.schema.alterTable('answers').dropColumn('manual').execute();
  await db.schema.alterTable('answers').dropColumn('comment').execute();
  await db.schema.alterTable('quizzes').dropColumn('attainment_levels').execute();
  await db.schema.alterTable('quizzes').dropColumn('attainment_target').execute();
}
