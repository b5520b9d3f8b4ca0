import { sql, type Kysely } from 'kysely';
import { withId, withTimes } from './helpers';

/** Tenant columns of a plain entity table: stamped from the creator, checked by the row scopes. */
const tenant = <T extends string, C extends string>(t: import('kysely').CreateTableBuilder<T, C>) =>
  t
    .addColumn('institute_id', 'integer', (c) => c.references('institutes.id'))
    .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('semester', 'varchar(5)').execute();
  await db.schema.alterTable('users').addColumn('batch', 'varchar(10)').execute();

  // Quizzes belong to their author's department (the quiz itself grows with the authoring issue).
  await db.schema.alterTable('quizzes').addColumn('institute_id', 'integer', (c) => c.references('institutes.id')).execute();
  await db.schema.alterTable('quizzes').addColumn('department_id', 'integer', (c) => c.references('departments.id')).execute();
  await db.schema.alterTable('quizzes').addColumn('created_by', 'integer', (c) => c.references('users.id')).execute();

  await withTimes(
    tenant(
      withId(db, db.schema.createTable('subjects'))
        .addColumn('subjectname', 'varchar(255)', (c) => c.notNull())
        .addColumn('code', 'varchar(50)', (c) => c.notNull())
        .addColumn('semester', 'varchar(5)', (c) => c.notNull()),
    ),
  ).execute();
  await sql`create unique index subjects_institute_code on subjects (institute_id, lower(code))`.execute(db);

  await db.schema
    .createTable('teacher_subjects')
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addPrimaryKeyConstraint('teacher_subjects_pk', ['teacher_id', 'subject_id'])
    .execute();
  await db.schema.createIndex('teacher_subjects_subject').on('teacher_subjects').column('subject_id').execute();

  await withTimes(tenant(withId(db, db.schema.createTable('groups')).addColumn('name', 'varchar(255)', (c) => c.notNull()))).execute();
  await db.schema.createIndex('groups_department').on('groups').column('department_id').execute();
  await db.schema
    .createTable('group_students')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('group_students_pk', ['group_id', 'student_id'])
    .execute();
  await db.schema.createIndex('group_students_student').on('group_students').column('student_id').execute();

  await withTimes(
    tenant(
      withId(db, db.schema.createTable('modules'))
        .addColumn('course_outcome_name', 'varchar(30)', (c) => c.notNull())
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id')),
    ),
  ).execute();
  await db.schema.createIndex('modules_subject').on('modules').column('subject_id').execute();

  await withTimes(
    tenant(
      withId(db, db.schema.createTable('topics'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('module_id', 'integer', (c) => c.notNull().references('modules.id')),
    ),
  ).execute();
  await db.schema.createIndex('topics_module').on('topics').column('module_id').execute();

  await withTimes(
    withId(db, db.schema.createTable('guidelines'))
      .addColumn('role', 'varchar(20)', (c) => c.notNull().unique())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id')),
  ).execute();

  await withTimes(
    tenant(
      withId(db, db.schema.createTable('feedbacks'))
        .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('comment', 'text'),
    ),
  ).execute();
  // A student gives feedback on a quiz once.
  await db.schema.createIndex('feedbacks_once').on('feedbacks').columns(['quiz_id', 'created_by']).unique().execute();

  await withId(db, db.schema.createTable('password_resets'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['password_resets', 'feedbacks', 'guidelines', 'topics', 'modules', 'group_students', 'groups', 'teacher_subjects', 'subjects']) {
    await db.schema.dropTable(t).execute();
  }
  await db.schema.alterTable('users').dropColumn('batch').execute();
  await db.schema.alterTable('users').dropColumn('semester').execute();
}
