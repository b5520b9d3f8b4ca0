import type { Kysely } from 'kysely';
import { withId, withTimes } from './helpers';

/**
 * Rooms of a department (a plain entity: a column per field and the tenant columns), and the room
 * an exam is sat in, chosen on the quiz. A room that a quiz names cannot be deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimes(
    withId(db, db.schema.createTable('rooms'))
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .addColumn('building', 'varchar(100)', (c) => c.notNull())
      .addColumn('institute_id', 'integer', (c) => c.references('institutes.id'))
      .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
      .addColumn('created_by', 'integer', (c) => c.references('users.id')),
  ).execute();
  await db.schema.createIndex('rooms_department').on('rooms').column('department_id').execute();

  await db.schema.alterTable('quizzes').addColumn('room_id', 'integer', (c) => c.references('rooms.id')).execute();
  await db.schema.createIndex('quizzes_room').on('quizzes').column('room_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('quizzes_room').execute();
  await db.schema.alterTable('quizzes').dropColumn('room_id').execute();
  await db.schema.dropIndex('rooms_department').execute();
  await db.schema.dropTable('rooms').execute();
}
