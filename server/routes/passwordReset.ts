import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgotPasswordSchema, resetPasswordSchema } from '../../src/schemas/password';
import { hashPassword } from '../auth/passwords';
import { perMinuteLimit } from '../auth/rateLimits';
import { mailResetLink, resetPasswordWithLink } from '../accounts/passwordResets';
import { AppError } from '../lib/errors';
import { ok } from '../lib/envelope';
import { mailLinkBase } from '../lib/publicUrl';
import { createMailer } from '../mail/mailer';

/** The same answer whether or not an account matched, so the form cannot be used to find accounts. */
const SENT = 'If an account matches, a link to reset its password has been sent to its email address.';
/** Requests per client address and minute; nobody needs many, and a hall does not use these. */
const FORGOT_PER_ADDRESS_PER_MINUTE = 5;
const RESET_PER_ADDRESS_PER_MINUTE = 10;
const NO_PUBLIC_URL = 'Password reset by mail is not available: the portal administrator must first set PUBLIC_URL, the public address of the portal.';

const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const mailer = createMailer(config, app.log);

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
      app.jobs.run('reset mail', () => mailResetLink(app.db, mailer, { login, base, minutes: config.PASSWORD_RESET_MINUTES, log: req.log }));
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
      const userId = await app.db.transaction().execute((trx) => resetPasswordWithLink(trx, req.body.token, passwordHash, now));
      await app.sessions.forgetUser(userId);
      return ok(null, 'Your password has been changed. You can sign in now.');
    },
  );
};

export default passwordResetRoutes;
