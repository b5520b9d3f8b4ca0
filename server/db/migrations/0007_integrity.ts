import type { Kysely } from 'kysely';
import { withId } from './helpers';

/**
 * Exam integrity: a quiz's Safe Exam Browser and proctoring settings, each attempt's camera consent
 * and SEB status, the integrity events of attempts, and teachers' camera waivers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [column, type] of [
    /** SHA-256 (hex) of the SEB quit password; the password itself is never stored. */
    ['seb_quit_password_hash', 'varchar(64)'],
    /** JSON: Browser Exam Keys (hex) of the SEB builds the college allows; empty: any build. */
    ['seb_browser_exam_keys', 'text'],
    /** The Config Key of the quiz's .seb file as last built (for the origin it was built for). */
    ['seb_config_key', 'varchar(64)'],
    ['require_fullscreen', 'integer'],
    ['block_clipboard', 'integer'],
    /** JSON: when a row of the integrity table is flagged, and how long a camera condition must hold. */
    ['integrity_thresholds', 'text'],
  ] as const) {
    await db.schema.alterTable('quizzes').addColumn(column, type).execute();
  }

  for (const [column, type] of [
    /** When the student allowed the camera (face-detection quizzes). */
    ['camera_consent_at', 'bigint'],
    /** The attempt started without a camera, by the teacher's waiver. */
    ['camera_waived', 'integer'],
    /** When the attempt was started with proof of Safe Exam Browser (SEB quizzes). */
    ['seb_verified_at', 'bigint'],
  ] as const) {
    await db.schema.alterTable('attempts').addColumn(column, type).execute();
  }

  await withId(db, db.schema.createTable('integrity_events'))
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('attempts.id').onDelete('cascade'))
    /** The browser's own id of the event: a resent event is stored once. */
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint')
    /** JSON of the event's extra fields (small, bounded). */
    .addColumn('detail', 'text')
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('integrity_events_once').on('integrity_events').columns(['attempt_id', 'client_id']).unique().execute();
  await db.schema.createIndex('integrity_events_attempt_at').on('integrity_events').columns(['attempt_id', 'at']).execute();

  /** A teacher let this student take this face-detection quiz without a camera (an accommodation). */
  await db.schema
    .createTable('camera_waivers')
    .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('granted_by', 'integer', (c) => c.references('users.id'))
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('camera_waivers_pk', ['quiz_id', 'student_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('camera_waivers').execute();
  await db.schema.dropTable('integrity_events').execute();
  for (const column of ['camera_consent_at', 'camera_waived', 'seb_verified_at']) await db.schema.alterTable('attempts').dropColumn(column).execute();
  for (const column of ['seb_quit_password_hash', 'seb_browser_exam_keys', 'seb_config_key', 'require_fullscreen', 'block_clipboard', 'integrity_thresholds']) {
    await db.schema.alterTable('quizzes').dropColumn(column).execute();
  }
}
