import type { Kysely } from 'kysely';

/**
 * Lists sort by a column and then by id (in the same direction), so that pages never repeat or
 * skip a row. With id as the last column of each bank index, PostgreSQL reads a page straight off
 * the index instead of sorting every matching row (SQLite's indexes end with the rowid already).
 * SQLite runs these statements one by one (no transaction): `ifExists` lets a start that was cut
 * off half-way through finish the job.
 */
const INDEXES: [string, string[]][] = [
  ['questions_dept_difficulty_marks', ['department_id', 'difficulty', 'marks']],
  ['questions_dept_type_marks', ['department_id', 'type', 'marks']],
  ['questions_dept_subject_type_marks', ['department_id', 'subject_id', 'type', 'marks']],
  ['questions_dept_marks', ['department_id', 'marks']],
  ['questions_department_created', ['department_id', 'created_at']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of INDEXES) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema.createIndex(name).on('questions').columns([...columns, 'id']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of INDEXES) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema.createIndex(name).on('questions').columns(columns).execute();
  }
}
