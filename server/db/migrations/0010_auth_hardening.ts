import type { Kysely } from 'kysely';

/**
 * A reset link works only while the password it was issued for is still the account's password:
 * each link keeps a fingerprint of the password hash at the time it was issued. Any change of the
 * password (another reset link, the person's own change, an administrator's reset) makes every
 * other outstanding link of that account stop working. Links issued before this migration have no
 * fingerprint and no longer work (they lasted at most PASSWORD_RESET_MINUTES anyway).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('password_resets').addColumn('password_fingerprint', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('password_resets').dropColumn('password_fingerprint').execute();
}
