import { sql, type Kysely } from 'kysely';
import { withId, withTimes } from './helpers';

/**
 * Exams as colleges run them (Moodle's quiz settings of the same names):
 * - quizzes: attempts_allowed (0 = unlimited, default 1: every existing quiz keeps one attempt),
 *   grading_method (highest | average | first | last), attempt_delay1_minutes and
 *   attempt_delay2_minutes (0 = none), builds_on_last, and review: the review options by time
 *   (JSON), filled from the two switches it replaces so that every quiz shows what it showed before.
 * - attempts: attempt_no (1, 2, ...) unique per quiz and student, so that two starts at once still
 *   make one attempt; counted (1 when the attempt counts in the quiz grade by its grading method).
 * - quiz_overrides: a student's or a group's own open and close times, time limit and attempts.
 * - regrades: each regrade of an attempt, with the marks before and after, who and when.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [column, type, fallback] of [
    ['attempts_allowed', 'integer', 1],
    ['attempt_delay1_minutes', 'integer', 0],
    ['attempt_delay2_minutes', 'integer', 0],
    ['builds_on_last', 'integer', 0],
  ] as const) {
    await db.schema.alterTable('quizzes').addColumn(column, type, (c) => c.notNull().defaultTo(fallback)).execute();
  }
  await db.schema.alterTable('quizzes').addColumn('grading_method', 'varchar(10)', (c) => c.notNull().defaultTo('highest')).execute();
  await db.schema.alterTable('quizzes').addColumn('review', 'text').execute();
  // Today's rules as a matrix: the attempt, whether correct and the marks at once; the right answers
  // and the feedback once the quiz has closed, or at once when the teacher chose so; never when
  // review was off.
  const times = (shown: { later: boolean; now: boolean }) => {
    const at = (all: boolean) => JSON.stringify({ attempt: true, correctness: true, marks: true, specificFeedback: all, generalFeedback: all, rightAnswer: all });
    return `{"immediately":${at(shown.now)},"open":${at(shown.now)},"closed":${at(shown.later)}}`;
  };
  await db
    .updateTable('quizzes')
    .set({
      review: sql`case when allow_review = 0 then ${times({ now: false, later: false })} when show_answers_immediately = 1 then ${times({ now: true, later: true })} else ${times({ now: false, later: true })} end`,
    })
    .execute();

  await db.schema.alterTable('attempts').addColumn('attempt_no', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('attempts').addColumn('counted', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.updateTable('attempts').set({ counted: 0 }).where('status', '!=', 'submitted').execute();
  await db.schema.dropIndex('attempts_once').execute();
  await db.schema.createIndex('attempts_number').on('attempts').columns(['quiz_id', 'student_id', 'attempt_no']).unique().execute();
  await db.schema.createIndex('attempts_quiz_counted').on('attempts').columns(['quiz_id', 'counted']).execute();

  await withTimes(
    withId(db, db.schema.createTable('quiz_overrides'))
      .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
      .addColumn('student_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('cascade'))
      .addColumn('valid_from', 'bigint')
      .addColumn('valid_to', 'bigint')
      .addColumn('duration', 'integer')
      .addColumn('attempts_allowed', 'integer')
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null')),
  ).execute();
  // One override per student and one per group of a quiz (NULLs are distinct in both databases).
  await db.schema.createIndex('quiz_overrides_student').on('quiz_overrides').columns(['quiz_id', 'student_id']).unique().execute();
  await db.schema.createIndex('quiz_overrides_group').on('quiz_overrides').columns(['quiz_id', 'group_id']).unique().execute();

  await withId(db, db.schema.createTable('regrades'))
    .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('old_score', 'double precision')
    .addColumn('new_score', 'double precision')
    /** JSON: [{ questionId, oldMarks, newMarks }] */
    .addColumn('questions', 'text', (c) => c.notNull())
    .addColumn('regraded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('regraded_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('regrades_attempt').on('regrades').columns(['attempt_id', 'regraded_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('regrades').execute();
  await db.schema.dropTable('quiz_overrides').execute();
  await db.schema.dropIndex('attempts_quiz_counted').execute();
  await db.schema.dropIndex('attempts_number').execute();
  await db.schema.createIndex('attempts_once').on('attempts').columns(['quiz_id', 'student_id']).unique().execute();
  for (const column of ['counted', 'attempt_no']) await db.schema.alterTable('attempts').dropColumn(column).execute();
  for (const column of ['review', 'grading_method', 'builds_on_last', 'attempt_delay2_minutes', 'attempt_delay1_minutes', 'attempts_allowed']) {
    await db.schema.alterTable('quizzes').dropColumn(column).execute();
  }
}
