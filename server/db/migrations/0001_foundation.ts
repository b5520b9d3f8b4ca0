import { sql, type Kysely } from 'kysely';
import { withId, withTimes } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await withTimes(
    withId(db, db.schema.createTable('institutes')).addColumn('name', 'varchar(255)', (c) => c.notNull()),
  ).execute();

  await withTimes(
    withId(db, db.schema.createTable('departments'))
      .addColumn('institute_id', 'integer', (c) => c.notNull().references('institutes.id'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('departments_institute').on('departments').column('institute_id').execute();

  await withTimes(
    withId(db, db.schema.createTable('users'))
      .addColumn('role', 'varchar(20)', (c) => c.notNull())
      .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
      .addColumn('email', 'varchar(255)')
      .addColumn('fullname', 'varchar(255)', (c) => c.notNull())
      .addColumn('phone', 'varchar(20)')
      .addColumn('institute_id', 'integer', (c) => c.references('institutes.id'))
      .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
      .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'integer', (c) => c.references('users.id')),
  ).execute();
  // Emails are unique when present, compared without case.
  await sql`create unique index users_email on users (lower(email))`.execute(db);
  await db.schema.createIndex('users_institute_role').on('users').columns(['institute_id', 'role']).execute();
  await db.schema.createIndex('users_department_role').on('users').columns(['department_id', 'role']).execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  // The quiz itself grows in a later migration; exam tokens already point at it.
  await withTimes(
    withId(db, db.schema.createTable('quizzes')).addColumn('name', 'varchar(255)', (c) => c.notNull()),
  ).execute();

  await withId(db, db.schema.createTable('exam_tokens'))
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('exam_tokens_user_quiz').on('exam_tokens').columns(['user_id', 'quiz_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['exam_tokens', 'quizzes', 'sessions', 'users', 'departments', 'institutes']) {
    await db.schema.dropTable(t).execute();
  }
}
