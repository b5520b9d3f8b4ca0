import type { Kysely } from 'kysely';
import { withId, withTimes } from './helpers';

/**
 * LTI 1.3: the LMS platforms the admin registers, the tool's own signing keys (generated at first
 * start, kept here, never in a file), the login states and nonces of launches, the accounts known
 * by (issuer, subject), the hand-over codes of launches, the links of a quiz to an LMS course (line
 * item for grades, member list for names and roles), the outbox of grades to send, and exam-link
 * tokens that work once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const text = 'text';
  await withTimes(
    withId(db, db.schema.createTable('lti_platforms'))
      .addColumn('issuer', 'varchar(255)', (c) => c.notNull())
      .addColumn('clientId', 'varchar(255)', (c) => c.notNull())
      .addColumn('deploymentIds', text, (c) => c.notNull())
      .addColumn('authLoginUrl', 'varchar(2000)', (c) => c.notNull())
      .addColumn('authTokenUrl', 'varchar(2000)', (c) => c.notNull())
      .addColumn('jwksUrl', 'varchar(2000)', (c) => c.notNull())
      .addColumn('institute_id', 'integer', (c) => c.notNull().references('institutes.id'))
      .addColumn('created_by', 'integer', (c) => c.references('users.id')),
  ).execute();
  await db.schema.createIndex('lti_platforms_issuer_client').on('lti_platforms').columns(['issuer', 'clientId']).unique().execute();

  // The tool's RSA key pairs (JWK JSON). The newest unretired one signs; a retired one is still
  // published until `retired_at` + the longest lifetime of what it signed.
  await withId(db, db.schema.createTable('lti_keys'))
    .addColumn('kid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('private_jwk', text, (c) => c.notNull())
    .addColumn('public_jwk', text, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('retired_at', 'bigint')
    .execute();

  // A login initiation's state and nonce; the browser holds the state in a cookie too.
  await withId(db, db.schema.createTable('lti_states'))
    .addColumn('state', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  // Nonces seen in id_tokens: each one is accepted once.
  await db.schema
    .createTable('lti_nonces')
    .addColumn('issuer', 'varchar(255)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(255)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lti_nonces_pk', ['issuer', 'nonce'])
    .execute();

  // Portal accounts by LMS identity.
  await db.schema
    .createTable('lti_users')
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('sub', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lti_users_pk', ['platform_id', 'sub'])
    .execute();
  await db.schema.createIndex('lti_users_user').on('lti_users').column('user_id').execute();

  // One-time codes that hand a launch's session (instructor) or deep-linking choice to the browser.
  await withId(db, db.schema.createTable('lti_handoffs'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('quiz_id', 'integer', (c) => c.references('quizzes.id').onDelete('cascade'))
    .addColumn('data', text)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  // A quiz linked in an LMS course: the line item its grades go to and the course's member list.
  await withId(db, db.schema.createTable('lti_links'))
    .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('deployment_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('context_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('context_title', 'varchar(255)')
    .addColumn('resource_link_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('lineitem', 'varchar(2000)')
    .addColumn('ags_scopes', text)
    .addColumn('memberships_url', 'varchar(2000)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lti_links_resource').on('lti_links').columns(['platform_id', 'resource_link_id', 'quiz_id']).unique().execute();
  await db.schema.createIndex('lti_links_quiz').on('lti_links').column('quiz_id').execute();

  // Which link each student came through (their grade goes to that link's line item).
  await db.schema
    .createTable('lti_link_users')
    .addColumn('link_id', 'integer', (c) => c.notNull().references('lti_links.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sub', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lti_link_users_pk', ['link_id', 'user_id'])
    .execute();
  await db.schema.createIndex('lti_link_users_user').on('lti_link_users').column('user_id').execute();

  // Grades to send to the LMS: written in the transaction that changes the grade, sent by a worker.
  await withId(db, db.schema.createTable('lti_outbox'))
    .addColumn('link_id', 'integer', (c) => c.notNull().references('lti_links.id').onDelete('cascade'))
    .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sub', 'varchar(255)', (c) => c.notNull())
    .addColumn('score_given', 'double precision', (c) => c.notNull())
    .addColumn('score_maximum', 'double precision', (c) => c.notNull())
    .addColumn('grading_progress', 'varchar(32)', (c) => c.notNull())
    .addColumn('timestamp', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_try_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'varchar(1000)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema.createIndex('lti_outbox_due').on('lti_outbox').columns(['status', 'next_try_at']).execute();
  await db.schema.createIndex('lti_outbox_quiz').on('lti_outbox').columns(['quiz_id', 'user_id']).execute();
  await db.schema.createIndex('lti_outbox_link_user').on('lti_outbox').columns(['link_id', 'user_id']).execute();

  // An exam-link token that works once (an LTI launch makes a fresh one each time).
  await db.schema.alterTable('exam_tokens').addColumn('single_use', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam_tokens').dropColumn('single_use').execute();
  for (const table of ['lti_outbox', 'lti_link_users', 'lti_links', 'lti_handoffs', 'lti_users', 'lti_nonces', 'lti_states', 'lti_keys', 'lti_platforms']) {
    await db.schema.dropTable(table).execute();
  }
}
