import type { Kysely } from 'kysely';

/**
 * - quizzes.show_answers_immediately: 1 when the teacher chose to show correct answers to each
 *   student right after they submit; 0 (the default) keeps them until the quiz has closed for everyone.
 * - sessions.quiz_id: set on a session opened by an exam link, which may reach only that quiz's
 *   exam and the student's own results of it (null for every other session). Deleting the quiz
 *   deletes such sessions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('quizzes').addColumn('show_answers_immediately', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('sessions').addColumn('quiz_id', 'integer', (c) => c.references('quizzes.id').onDelete('cascade')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('quiz_id').execute();
  await db.schema.alterTable('quizzes').dropColumn('show_answers_immediately').execute();
}
