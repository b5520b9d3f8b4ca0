import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgotPasswordSchema, resetPasswordSchema } from '../../src/schemas/password';
import { hashPassword } from '../auth/passwords';
import { perMinuteLimit } from '../auth/rateLimits';
import { hashToken, newToken } from '../auth/tokens';
import { AppError, badRequest } from '../lib/errors';
import { ok } from '../lib/envelope';
import { mailLinkBase } from '../lib/publicUrl';
import { createMailer } from '../mail/mailer';

/** The same answer whether or not an account matched, so the form cannot be used to find accounts. */
const SENT = 'If an account matches, a link to reset its password has been sent to its email address.';
const INVALID_LINK = 'This reset link is invalid or has expired';
/** Requests per client address and minute; nobody needs many, and a hall does not use these. */
const FORGOT_PER_ADDRESS_PER_MINUTE = 5;
const RESET_PER_ADDRESS_PER_MINUTE = 10;
const NO_PUBLIC_URL = 'Password reset by mail is not available: the portal administrator must first set PUBLIC_URL, the public address of the portal.';

/**
 * A reset link is tied to the password it was issued for: this fingerprint of the account's
 * password hash must still match when the link is used. So once the password changes, by a reset
 * link or in any other way, every other outstanding link of that account stops working.
 */
export const passwordFingerprint = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('hex');

const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const mailer = createMailer(config, app.log);

  /** Looks the account up, stores a new link and mails it; runs after the answer has been sent. */
  async function mailResetLink(login: string, base: string, log: FastifyBaseLogger) {
    const user = await app.db
      .selectFrom('users')
      .select(['id', 'email', 'fullname', 'username', 'password_hash'])
      .where((eb) => eb.or([eb('username', '=', login), eb(eb.fn('lower', ['email']), '=', login)]))
      .executeTakeFirst();
    if (!user?.email) return;
    const token = newToken();
    const now = Date.now();
    await app.db
      .insertInto('password_resets')
      .values({
        user_id: user.id,
        token_hash: hashToken(token),
        created_at: now,
        expires_at: now + config.PASSWORD_RESET_MINUTES * 60_000,
        used_at: null,
        password_fingerprint: passwordFingerprint(user.password_hash),
      })
      .execute();
    const link = `${base}/reset-password?token=${encodeURIComponent(token)}`;
    const text = [
      `Hello ${user.fullname},`,
      '',
      `Someone asked to reset the password of the exam portal account "${user.username}".`,
      `Open this link within ${config.PASSWORD_RESET_MINUTES} minutes to choose a new password (it works once):`,
      '',
      link,
      '',
      'If it was not you, ignore this mail; your password stays as it is.',
    ].join('\n');
    await mailer.send({ to: user.email, subject: 'Reset your exam portal password', text });
    log.info({ userId: user.id }, 'reset link mailed');
  }

  app.post(
    '/auth/forgot-password',
    {
      onRequest: perMinuteLimit(app, 'forgot-password', FORGOT_PER_ADDRESS_PER_MINUTE),
      schema: { tags: ['auth'], summary: 'Send a password reset link', body: forgotPasswordSchema },
    },
    async (req) => {
      // Links in mail are built from PUBLIC_URL only, never from the request's Host header.
      const base = mailLinkBase(config);
      if (!base) throw new AppError(503, NO_PUBLIC_URL, 'NO_PUBLIC_URL');
      const login = req.body.login.toLowerCase();
      // The lookup, the new link and the mail all happen after the answer: it takes the same
      // time whether or not an account matched, and a slow mail server delays nobody.
      app.jobs.run('reset mail', () => mailResetLink(login, base, req.log));
      return ok(null, SENT);
    },
  );

  app.post(
    '/auth/reset-password',
    {
      onRequest: perMinuteLimit(app, 'reset-password', RESET_PER_ADDRESS_PER_MINUTE),
      schema: { tags: ['auth'], summary: 'Set a new password with a reset link', body: resetPasswordSchema },
    },
    async (req) => {
      // Hashed before the transaction: on SQLite a transaction holds the one connection while it waits.
      const passwordHash = await hashPassword(req.body.newPassword);
      const now = Date.now();
      const userId = await app.db.transaction().execute(async (trx) => {
        const reset = await trx
          .selectFrom('password_resets')
          .innerJoin('users', 'users.id', 'password_resets.user_id')
          .select(['password_resets.id', 'password_resets.user_id', 'password_resets.expires_at', 'password_resets.used_at', 'password_resets.password_fingerprint', 'users.password_hash'])
          .where('password_resets.token_hash', '=', hashToken(req.body.token))
          .executeTakeFirst();
        const stale = !reset?.password_fingerprint || reset.password_fingerprint !== passwordFingerprint(reset.password_hash);
        if (!reset || reset.used_at !== null || reset.expires_at <= now || stale) throw badRequest(INVALID_LINK, { token: INVALID_LINK });
        // Single use, even when two requests race: only the one that marks it used goes on.
        const marked = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('id', '=', reset.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) throw badRequest(INVALID_LINK, { token: INVALID_LINK });
        // Only while the password is still the one the link was issued for: of two links of one
        // account used at once, one wins and the other changes nothing.
        const changed = await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, must_change_password: 0, updated_at: now })
          .where('id', '=', reset.user_id)
          .where('password_hash', '=', reset.password_hash)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) throw badRequest(INVALID_LINK, { token: INVALID_LINK });
        await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', reset.user_id).where('revoked_at', 'is', null).execute();
        return reset.user_id;
      });
      await app.sessions.forgetUser(userId);
      return ok(null, 'Your password has been changed. You can sign in now.');
    },
  );
};

export default passwordResetRoutes;
