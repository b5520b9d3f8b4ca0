import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchemaFor } from '../../src/schemas/auth';
import { rolePath } from '../../src/schemas/roles';
import { verifyCaptcha } from '../auth/captcha';
import { LoginThrottle } from '../auth/loginThrottle';
import { verifyPassword } from '../auth/passwords';
import { findUserByUsername } from '../repositories/users';
import { AppError, tooManyRequests } from '../lib/errors';
import { ok } from '../lib/envelope';

/** The same answer for an unknown user, a wrong password and a wrong role, so none of them can be told apart. */
const BAD_CREDENTIALS = 'Invalid username, password or role';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const throttle = new LoginThrottle(app.counters, config.LOGIN_MAX_FAILURES, config.LOGIN_LOCK_MINUTES * 60_000);
  const captchaEnabled = Boolean(config.RECAPTCHA_SECRET);

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username, password and role',
        body: loginSchemaFor(captchaEnabled),
      },
      config: { rateLimit: { max: config.LOGIN_RATE_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (req) => {
      const { username, password, role, recaptchaValue } = req.body;
      const wait = await throttle.retryAfter(username, req.ip);
      if (wait > 0) {
        throw tooManyRequests(`Too many failed sign-ins. Try again in ${Math.ceil(wait / 60_000)} minute(s).`);
      }
      if (!(await verifyCaptcha(config, recaptchaValue, req.ip))) {
        throw new AppError(400, 'Captcha verification failed. Please solve the captcha again.', 'CAPTCHA', {
          errors: { recaptchaValue: 'Please solve the captcha' },
        });
      }
      const user = await findUserByUsername(app.db, username);
      const passwordOk = await verifyPassword(user?.password_hash, password);
      if (!user || !passwordOk || user.role !== role) {
        await throttle.recordFailure(username, req.ip);
        throw new AppError(401, BAD_CREDENTIALS, 'BAD_CREDENTIALS');
      }
      await throttle.recordSuccess(username, req.ip);
      const token = await app.sessions.create(user.id, user.role);
      req.log.info({ userId: user.id, role: user.role }, 'signed in');
      return ok(
        { token, role: user.role, username: user.username, area: `/${rolePath(user.role)}`, mustChangePassword: user.must_change_password === 1 },
        'Signed in',
      );
    },
  );

  app.post(
    '/auth/logout',
    { onRequest: app.authenticate, schema: { tags: ['auth'], summary: 'Revoke the current session' } },
    async (req) => {
      await app.sessions.revoke(req.user!.sessionId);
      return ok(null, 'Signed out');
    },
  );
};

export default authRoutes;
