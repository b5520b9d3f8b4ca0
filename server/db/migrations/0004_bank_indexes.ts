import type { Kysely } from 'kysely';

/**
 * The question bank's list is filtered by department (always) and by subject, module, type or
 * difficulty, and sorted by marks or date: indexes that serve the filter and the sort together.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('questions_dept_difficulty_marks').on('questions').columns(['department_id', 'difficulty', 'marks']).execute();
  await db.schema.createIndex('questions_dept_type_marks').on('questions').columns(['department_id', 'type', 'marks']).execute();
  await db.schema.createIndex('questions_dept_subject_type_marks').on('questions').columns(['department_id', 'subject_id', 'type', 'marks']).execute();
  await db.schema.createIndex('questions_dept_marks').on('questions').columns(['department_id', 'marks']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['questions_dept_difficulty_marks', 'questions_dept_type_marks', 'questions_dept_subject_type_marks', 'questions_dept_marks']) {
    await db.schema.dropIndex(name).execute();
  }
}
