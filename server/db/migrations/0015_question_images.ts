import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers';

/**
 * Images of questions, stored in the database with the question (never on another host): the
 * bytes, their type as read from the content, size and SHA-256, and the tenant columns questions
 * have. `question_id` is the question the image was imported with or first saved in; it is empty
 * while an image is uploaded in the editor and its question not yet saved.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('question_images'))
    .addColumn('question_id', 'integer', (c) => c.references('questions.id').onDelete('set null'))
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('institute_id', 'integer', (c) => c.references('institutes.id'))
    .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('question_images_question').on('question_images').column('question_id').execute();
  await db.schema.createIndex('question_images_department').on('question_images').column('department_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('question_images_department').execute();
  await db.schema.dropIndex('question_images_question').execute();
  await db.schema.dropTable('question_images').execute();
}
