import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { hashToken, newToken } from '../auth/tokens';
import { badRequest } from '../lib/errors';
import type { Mailer } from '../mail/mailer';

/**
 * Password reset by a mailed link: the account lookup, the stored link, the mail, and the use of
 * a link. Each query takes the database or a transaction, so the routes decide what runs together.
 */
type Db = Kysely<Database> | Transaction<Database>;

export const INVALID_RESET_LINK = 'This reset link is invalid or has expired';

/**
 * A reset link is tied to the password it was issued for: this fingerprint of the account's
 * password hash must still match when the link is used. So once the password changes, by a reset
 * link or in any other way, every other outstanding link of that account stops working.
 */
export const passwordFingerprint = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('hex');

/** The account a reset form names, by username or email (both already in lower case). */
const accountOfLogin = (db: Db, login: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'fullname', 'username', 'password_hash'])
    .where((eb) => eb.or([eb('username', '=', login), eb(eb.fn('lower', ['email']), '=', login)]))
    .executeTakeFirst();

/** Looks the account up, stores a new link and mails it (nothing for an account without an email address). */
export async function mailResetLink(
  db: Db,
  mailer: Mailer,
  { login, base, minutes, log }: { login: string; base: string; minutes: number; log: FastifyBaseLogger },
): Promise<void> {
  const user = await accountOfLogin(db, login);
  if (!user?.email) return;
  const token = newToken();
  const now = Date.now();
  await db
    .insertInto('password_resets')
    .values({
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: now + minutes * 60_000,
      used_at: null,
      password_fingerprint: passwordFingerprint(user.password_hash),
    })
    .execute();
  const link = `${base}/reset-password?token=${encodeURIComponent(token)}`;
  const text = [
    `Hello ${user.fullname},`,
    '',
    `Someone asked to reset the password of the exam portal account "${user.username}".`,
    `Open this link within ${minutes} minutes to choose a new password (it works once):`,
    '',
    link,
    '',
    'If it was not you, ignore this mail; your password stays as it is.',
  ].join('\n');
  await mailer.send({ to: user.email, subject: 'Reset your exam portal password', text });
  log.info({ userId: user.id }, 'reset link mailed');
}

/**
 * Uses a reset link: marks it used, sets the new password and ends every session of the account;
 * returns the account's id. A link that is unknown, used, expired or issued for an older password
 * is a 400 naming the token. Run it in a transaction: a refusal after a step undoes that step.
 */
export async function resetPasswordWithLink(trx: Db, token: string, passwordHash: string, now: number): Promise<number> {
  const reset = await trx
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.id', 'password_resets.user_id', 'password_resets.expires_at', 'password_resets.used_at', 'password_resets.password_fingerprint', 'users.password_hash'])
    .where('password_resets.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  const stale = !reset?.password_fingerprint || reset.password_fingerprint !== passwordFingerprint(reset.password_hash);
  if (!reset || reset.used_at !== null || reset.expires_at <= now || stale) throw badRequest(INVALID_RESET_LINK, { token: INVALID_RESET_LINK });
  // Single use, even when two requests race: only the one that marks it used goes on.
  const marked = await trx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', reset.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) throw badRequest(INVALID_RESET_LINK, { token: INVALID_RESET_LINK });
  // Only while the password is still the one the link was issued for: of two links of one
  // account used at once, one wins and the other changes nothing.
  const changed = await trx
    .updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: 0, updated_at: now })
    .where('id', '=', reset.user_id)
    .where('password_hash', '=', reset.password_hash)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) throw badRequest(INVALID_RESET_LINK, { token: INVALID_RESET_LINK });
  await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', reset.user_id).where('revoked_at', 'is', null).execute();
  return reset.user_id;
}
