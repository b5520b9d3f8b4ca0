import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgotPasswordSchema, resetPasswordSchema } from '../../src/schemas/password';
import { hashPassword } from '../auth/passwords';
import { hashToken, newToken } from '../auth/tokens';
import { badRequest } from '../lib/errors';
import { ok } from '../lib/envelope';
import { createMailer } from '../mail/mailer';

/** The same answer whether or not an account matched, so the form cannot be used to find accounts. */
const SENT = 'If an account matches, a link to reset its password has been sent to its email address.';
const INVALID_LINK = 'This reset link is invalid or has expired';

const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const mailer = createMailer(config, app.log);

  app.post(
    '/auth/forgot-password',
    {
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: { tags: ['auth'], summary: 'Send a password reset link', body: forgotPasswordSchema },
    },
    async (req) => {
      const login = req.body.login.toLowerCase();
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'email', 'fullname', 'username'])
        .where((eb) => eb.or([eb('username', '=', login), eb(eb.fn('lower', ['email']), '=', login)]))
        .executeTakeFirst();
      if (user?.email) {
        const token = newToken();
        const now = Date.now();
        await app.db
          .insertInto('password_resets')
          .values({ user_id: user.id, token_hash: hashToken(token), created_at: now, expires_at: now + config.PASSWORD_RESET_MINUTES * 60_000, used_at: null })
          .execute();
        const origin = config.PUBLIC_URL?.replace(/\/$/, '') ?? `${req.protocol}://${req.host}`;
        const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
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
        // Sending must not reveal anything by failing differently; log it and answer the same.
        await mailer.send({ to: user.email, subject: 'Reset your exam portal password', text }).catch((err) => req.log.error({ err }, 'reset mail failed'));
      }
      return ok(null, SENT);
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: { tags: ['auth'], summary: 'Set a new password with a reset link', body: resetPasswordSchema },
    },
    async (req) => {
      // Hashed before the transaction: on SQLite a transaction holds the one connection while it waits.
      const passwordHash = await hashPassword(req.body.newPassword);
      const now = Date.now();
      const userId = await app.db.transaction().execute(async (trx) => {
        const reset = await trx
          .selectFrom('password_resets')
          .select(['id', 'user_id', 'expires_at', 'used_at'])
          .where('token_hash', '=', hashToken(req.body.token))
          .executeTakeFirst();
        if (!reset || reset.used_at !== null || reset.expires_at <= now) throw badRequest(INVALID_LINK, { token: INVALID_LINK });
        // Single use, even when two requests race: only the one that marks it used goes on.
        const marked = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('id', '=', reset.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) throw badRequest(INVALID_LINK, { token: INVALID_LINK });
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, must_change_password: 0, updated_at: now })
          .where('id', '=', reset.user_id)
          .execute();
        await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', reset.user_id).where('revoked_at', 'is', null).execute();
        return reset.user_id;
      });
      await app.sessions.forgetUser(userId);
      return ok(null, 'Your password has been changed. You can sign in now.');
    },
  );
};

export default passwordResetRoutes;
