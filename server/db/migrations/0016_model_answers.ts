import type { Kysely } from 'kysely';

/**
 * A descriptive question's model answer or rubric (Markdown), for whoever grades its answers. It
 * lives with the question only, never in a student's frozen paper, so no student answer can carry
 * it; the grading screens read it from the question as it is now (a rubric written while grading
 * shows at once). The teacher's comment on a graded answer already has its column (answers.comment).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').addColumn('model_answer', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').dropColumn('model_answer').execute();
}
