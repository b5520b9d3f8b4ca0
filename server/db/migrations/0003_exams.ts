import { type Kysely } from 'kysely';
import { withId, withTimes } from './helpers';

/** The question bank, the quiz paper, exam attempts and answers. */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimes(
    withId(db, db.schema.createTable('questions'))
      .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
      .addColumn('module_id', 'integer', (c) => c.notNull().references('modules.id'))
      .addColumn('topic_id', 'integer', (c) => c.references('topics.id'))
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('question', 'text', (c) => c.notNull())
      .addColumn('marks', 'double precision', (c) => c.notNull())
      .addColumn('time_required', 'double precision', (c) => c.notNull())
      .addColumn('difficulty', 'varchar(10)', (c) => c.notNull())
      .addColumn('options', 'text')
      .addColumn('scoring', 'varchar(20)')
      .addColumn('correct_bool', 'integer')
      .addColumn('numeric_value', 'double precision')
      .addColumn('numeric_tolerance', 'double precision')
      .addColumn('accepted_answers', 'text')
      /** Counts edits made after the question was used in an attempt (attempts keep their own copy). */
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('institute_id', 'integer', (c) => c.references('institutes.id'))
      .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
      .addColumn('created_by', 'integer', (c) => c.references('users.id')),
  ).execute();
  await db.schema.createIndex('questions_department_created').on('questions').columns(['department_id', 'created_at']).execute();
  await db.schema.createIndex('questions_module').on('questions').columns(['module_id', 'difficulty', 'type']).execute();
  await db.schema.createIndex('questions_subject').on('questions').column('subject_id').execute();
  await db.schema.createIndex('questions_topic').on('questions').column('topic_id').execute();

  for (const [column, type] of [
    ['visible_from', 'bigint'],
    ['valid_from', 'bigint'],
    ['valid_to', 'bigint'],
    ['duration', 'integer'],
    ['options', 'text'],
    ['random_rules', 'text'],
    ['shuffle_questions', 'integer'],
    ['shuffle_options', 'integer'],
    ['negative_penalty', 'double precision'],
    ['allow_review', 'integer'],
    ['published', 'integer'],
    ['instructions', 'text'],
    ['guest_token', 'varchar(64)'],
  ] as const) {
    await db.schema.alterTable('quizzes').addColumn(column, type).execute();
  }
  await db.schema.alterTable('quizzes').addColumn('group_id', 'integer', (c) => c.references('groups.id')).execute();
  await db.schema.createIndex('quizzes_group_window').on('quizzes').columns(['group_id', 'valid_from']).execute();
  await db.schema.createIndex('quizzes_department').on('quizzes').columns(['department_id', 'valid_from']).execute();
  await db.schema.createIndex('quizzes_guest_token').on('quizzes').column('guest_token').unique().execute();

  await db.schema
    .createTable('quiz_subjects')
    .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addPrimaryKeyConstraint('quiz_subjects_pk', ['quiz_id', 'subject_id'])
    .execute();
  await db.schema
    .createTable('quiz_questions')
    .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('quiz_questions_pk', ['quiz_id', 'question_id'])
    .execute();
  await db.schema.createIndex('quiz_questions_question').on('quiz_questions').column('question_id').execute();

  /** Extra minutes granted to one student for one quiz (an accommodation). */
  await db.schema
    .createTable('accommodations')
    .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('extra_minutes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('accommodations_pk', ['quiz_id', 'student_id'])
    .execute();

  /** How a session began: 'password', 'exam_link' or 'guest'. Link sessions go straight to the exam. */
  await db.schema.alterTable('sessions').addColumn('kind', 'varchar(20)', (c) => c.notNull().defaultTo('password')).execute();

  /** A guest account is made from a quiz's guest link and may take only that quiz. */
  await db.schema.alterTable('users').addColumn('guest_quiz_id', 'integer', (c) => c.references('quizzes.id').onDelete('cascade')).execute();

  await withTimes(
    withId(db, db.schema.createTable('attempts'))
      .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
      .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('deadline', 'bigint', (c) => c.notNull())
      .addColumn('submitted_at', 'bigint')
      /** student, deadline (closed by the server) or teacher. */
      .addColumn('closed_by', 'varchar(20)')
      .addColumn('score', 'double precision')
      .addColumn('max_score', 'double precision', (c) => c.notNull())
      .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
      /** The paper as this student got it: questions, option order and answer keys (JSON). */
      .addColumn('paper', 'text', (c) => c.notNull()),
  ).execute();
  // One attempt per student and quiz, whatever races: a second start finds the first.
  await db.schema.createIndex('attempts_once').on('attempts').columns(['quiz_id', 'student_id']).unique().execute();
  await db.schema.createIndex('attempts_student').on('attempts').columns(['student_id', 'started_at']).execute();
  await db.schema.createIndex('attempts_open_deadline').on('attempts').columns(['status', 'deadline']).execute();

  await db.schema
    .createTable('answers')
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('response', 'text')
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'varchar(20)')
    .addColumn('marks', 'double precision')
    .addColumn('time_spent_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('answers_pk', ['attempt_id', 'question_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['answers', 'attempts', 'accommodations', 'quiz_questions', 'quiz_subjects', 'questions']) {
    await db.schema.dropTable(t).execute();
  }
}
