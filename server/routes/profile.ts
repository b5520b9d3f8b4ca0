import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordSchema, profileUpdateSchema } from '../../src/schemas/password';
import { ROLES } from '../../src/schemas/roles';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { perMinuteLimit } from '../auth/rateLimits';
import { loadProfile, passwordHashOf, setOwnPassword, setOwnPhone } from '../accounts/profile';
import { AppError } from '../lib/errors';
import { ok } from '../lib/envelope';

/** Tries of one account to change its password (a wrong current password counts too). */
const PASSWORD_CHANGES_PER_ACCOUNT_PER_MINUTE = 10;

/** Every signed-in person's own details and password. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const anyone = app.requireRole(...ROLES);

  app.get(
    '/profile',
    { onRequest: anyone, config: { allowInitialPassword: true }, schema: { tags: ['profile'], summary: 'My own details' } },
    async (req) => ok(await loadProfile(app.db, req.user!.userId, req.user!.mustChangePassword)),
  );

  app.put(
    '/profile',
    { onRequest: anyone, schema: { tags: ['profile'], summary: 'Change my phone number', body: profileUpdateSchema } },
    async (req) => {
      await setOwnPhone(app.db, req.user!.userId, req.body.phone, Date.now());
      return ok(await loadProfile(app.db, req.user!.userId, req.user!.mustChangePassword), 'Profile updated');
    },
  );

  app.post(
    '/auth/change-password',
    {
      // Per client address (a hall of first-time students may share one), then per account: a
      // stolen session cannot try many guesses of the current password.
      onRequest: [
        perMinuteLimit(app, 'password-change', app.config.PASSWORD_CHANGE_RATE_PER_MINUTE),
        anyone,
        perMinuteLimit(app, 'password-change-account', PASSWORD_CHANGES_PER_ACCOUNT_PER_MINUTE, (req) => String(req.user!.userId)),
      ],
      config: { allowInitialPassword: true },
      schema: { tags: ['auth'], summary: 'Change my password (also the first sign-in step)', body: changePasswordSchema },
    },
    async (req) => {
      const user = req.user!;
      if (!(await verifyPassword(await passwordHashOf(app.db, user.userId), req.body.currentPassword))) {
        throw new AppError(400, 'Invalid currentPassword: The current password is not correct', 'BAD_PASSWORD', {
          errors: { currentPassword: 'The current password is not correct' },
        });
      }
      // Hashed before the transaction: on SQLite a transaction holds the one connection while it waits.
      const passwordHash = await hashPassword(req.body.newPassword);
      const now = Date.now();
      // Other sessions of this account end; this one goes on.
      await app.db.transaction().execute((trx) => setOwnPassword(trx, user, passwordHash, now));
      await app.sessions.forgetUser(user.userId);
      return ok(null, 'Password changed');
    },
  );
};

export default profileRoutes;
