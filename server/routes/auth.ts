import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema } from '../../src/schemas/auth';
import { rolePath } from '../../src/schemas/roles';
import { verifyCaptcha } from '../auth/captcha';
import { LoginThrottle } from '../auth/loginThrottle';
import { assertHashingRoom, HashingBusy, verifyPassword } from '../auth/passwords';
import { perMinuteLimit } from '../auth/rateLimits';
import { findUserByUsername } from '../accounts/users';
import { AppError } from '../lib/errors';
import { ok } from '../lib/envelope';

/** The same answer for an unknown user, a wrong password and a wrong role, so none of them can be told apart. */
const BAD_CREDENTIALS = 'Invalid username, password or role';
const SOLVE_CAPTCHA = 'Please solve the captcha';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const throttle = new LoginThrottle(app.counters, {
    maxFailures: config.LOGIN_MAX_FAILURES,
    userMaxFailures: config.LOGIN_USER_MAX_FAILURES,
    maxDelayMs: config.LOGIN_MAX_DELAY_SECONDS * 1000,
    windowMs: config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
  });
  const captchaEnabled = Boolean(config.RECAPTCHA_SECRET);

  /** 429 with Retry-After; `captchaRequired` tells the login page to show the captcha for the next try. */
  const mustWait = (reply: FastifyReply, waitMs: number, challenged: boolean) => {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    reply.header('retry-after', String(seconds));
    return new AppError(429, `Too many failed sign-ins. Try again in ${seconds} second(s).`, 'RATE_LIMITED', {
      retryAfter: seconds,
      ...(challenged && captchaEnabled ? { captchaRequired: true } : {}),
    });
  };

  /** Runs `check`; a HashingBusy it throws becomes the 503 with Retry-After (other errors pass). */
  const busyUnless = <T>(reply: FastifyReply, check: () => T): T => {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof HashingBusy)) throw error;
      reply.header('retry-after', String(error.retryAfterSeconds));
      throw new AppError(503, error.message, 'SIGNIN_BUSY', { retryAfterSeconds: error.retryAfterSeconds });
    }
  };

  app.post(
    '/auth/login',
    {
      // Counted before the body is read, so malformed requests count too.
      onRequest: perMinuteLimit(app, 'login', config.LOGIN_RATE_PER_MINUTE),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username, password and role',
        // With a captcha configured it is required on every sign-in; checked below so a missing one is not a try.
        body: loginSchema,
      },
    },
    async (req, reply) => {
      const { username, password, role, recaptchaValue } = req.body;
      const gate = await throttle.check(username, req.ip);
      if (gate.waitMs > 0) throw mustWait(reply, gate.waitMs, gate.challenged);
      if (captchaEnabled) {
        if (!recaptchaValue) {
          throw new AppError(400, `Invalid recaptchaValue: ${SOLVE_CAPTCHA}`, 'CAPTCHA', { errors: { recaptchaValue: SOLVE_CAPTCHA }, captchaRequired: true });
        }
        if (!(await verifyCaptcha(config, recaptchaValue, req.ip))) {
          throw new AppError(400, 'Captcha verification failed. Please solve the captcha again.', 'CAPTCHA', {
            errors: { recaptchaValue: SOLVE_CAPTCHA },
            captchaRequired: true,
          });
        }
      }
      // Refused for load before it counts as a try: a busy server never counts against the account.
      busyUnless(reply, () => assertHashingRoom(config.SIGNIN_QUEUE_LIMIT));
      const started = await throttle.begin(username, req.ip);
      if (started.waitMs > 0) throw mustWait(reply, started.waitMs, started.challenged);
      const mark = app.sessions.mark();
      const user = await findUserByUsername(app.db, username);
      const passwordOk = await verifyPassword(user?.password_hash, password, config.SIGNIN_QUEUE_LIMIT).catch((error: unknown) => busyUnless(reply, () => {
        throw error;
      }));
      if (!user || !passwordOk || user.role !== role) {
        const after = await throttle.failed(username, req.ip);
        throw new AppError(401, BAD_CREDENTIALS, 'BAD_CREDENTIALS', after.challenged && captchaEnabled ? { captchaRequired: true } : undefined);
      }
      await throttle.succeeded(username, req.ip);
      const token = await app.sessions.create(user.id, user.role, { known: { mark, user } });
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
