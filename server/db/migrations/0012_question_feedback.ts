import type { Kysely } from 'kysely';

/** Text columns added to `questions` (JSON lists are stored as text, as `options` is). */
const TEXT_COLUMNS = ['name', 'category', 'tags', 'general_feedback', 'true_feedback', 'false_feedback', 'short_answers', 'numeric_answers'];

/**
 * What a Moodle question carries besides its key: a name, a category path, tags, general feedback
 * and feedback for True and False (options keep theirs inside the `options` JSON); short answers
 * and numeric answers as weighted lists with feedback, and how short answers are compared.
 *
 * Existing questions keep their marks:
 * - short answer: every accepted answer becomes an answer worth 100% without feedback, compared by
 *   the old rule (`text_match = 'legacy'`: whole answer, case ignored, runs of spaces as one, `*`
 *   a plain character), which is not Moodle's (Moodle trims only the ends and reads `*` as a wildcard);
 * - numeric: the value and tolerance become one answer worth 100%, which Moodle's rule (the first
 *   answer whose range holds the response) marks exactly as before.
 * The old columns are left as they are; the server keeps them filled from the new lists.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of TEXT_COLUMNS) await db.schema.alterTable('questions').addColumn(column, 'text').execute();
  await db.schema.alterTable('questions').addColumn('case_sensitive', 'integer').execute();
  await db.schema.alterTable('questions').addColumn('text_match', 'varchar(10)').execute();

  const shortRows: { id: number; accepted_answers: string | null }[] = await db
    .selectFrom('questions')
    .select(['id', 'accepted_answers'])
    .where('type', '=', 'short_answer')
    .execute();
  for (const row of shortRows) {
    let accepted: unknown;
    try {
      accepted = JSON.parse(row.accepted_answers ?? '[]');
    } catch {
      accepted = [];
    }
    const answers = (Array.isArray(accepted) ? accepted : []).filter((a): a is string => typeof a === 'string').map((text) => ({ text, weight: 100 }));
    await db
      .updateTable('questions')
      .set({ short_answers: JSON.stringify(answers), text_match: 'legacy', case_sensitive: 0 })
      .where('id', '=', row.id)
      .execute();
  }

  const numericRows: { id: number; numeric_value: number | null; numeric_tolerance: number | null }[] = await db
    .selectFrom('questions')
    .select(['id', 'numeric_value', 'numeric_tolerance'])
    .where('type', '=', 'numeric')
    .execute();
  for (const row of numericRows) {
    if (row.numeric_value === null) continue;
    const answers = [{ value: Number(row.numeric_value), tolerance: Number(row.numeric_tolerance ?? 0), weight: 100 }];
    await db.updateTable('questions').set({ numeric_answers: JSON.stringify(answers) }).where('id', '=', row.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...TEXT_COLUMNS, 'case_sensitive', 'text_match']) await db.schema.alterTable('questions').dropColumn(column).execute();
}
