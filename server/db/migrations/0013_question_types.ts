import type { Kysely } from 'kysely';

/**
 * Matching questions keep their pairs (JSON: [{ id, question, answer }], a pair with an empty
 * question being an extra wrong answer). Descriptions and Cloze questions need no column: a
 * description has only its text, and a Cloze question's gaps are written in its text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').addColumn('match_pairs', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').dropColumn('match_pairs').execute();
}
