import type { Kysely } from 'kysely';

/**
 * Moodle's combined feedback of choice, matching and Cloze questions: shown in the review for a
 * response that earned full marks (correct), some but not all (partially correct), or none (incorrect).
 */
const COLUMNS = ['correct_feedback', 'partially_correct_feedback', 'incorrect_feedback'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('questions').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('questions').dropColumn(column).execute();
}
