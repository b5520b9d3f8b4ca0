import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordSchema, profileUpdateSchema } from '../../src/schemas/password';
import { ROLES } from '../../src/schemas/roles';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { perMinuteLimit } from '../auth/rateLimits';
import { AppError, notFound } from '../lib/errors';
import { ok } from '../lib/envelope';

/** Tries of one account to change its password (a wrong current password counts too). */
const PASSWORD_CHANGES_PER_ACCOUNT_PER_MINUTE = 10;

/** Every signed-in person's own details and password. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const anyone = app.requireRole(...ROLES);

  /** `mustChangePassword` follows the session: a session opened by an exam link is not asked (see SessionStore.find). */
  const loadProfile = async (userId: number, mustChangePassword: boolean) => {
    const user = await app.db
      .selectFrom('users')
      .leftJoin('institutes', 'institutes.id', 'users.institute_id')
      .leftJoin('departments', 'departments.id', 'users.department_id')
      .select([
        'users.id',
        'users.username',
        'users.fullname',
        'users.email',
        'users.phone',
        'users.role',
        'users.semester',
        'users.batch',
        'users.must_change_password',
        'institutes.name as institute',
        'departments.name as department',
      ])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (!user) throw notFound('Account not found');
    const groups = await app.db
      .selectFrom('group_students')
      .innerJoin('groups', 'groups.id', 'group_students.group_id')
      .select(['groups.id', 'groups.name'])
      .where('group_students.student_id', '=', userId)
      .orderBy('groups.name')
      .execute();
    const subjects = await app.db
      .selectFrom('teacher_subjects')
      .innerJoin('subjects', 'subjects.id', 'teacher_subjects.subject_id')
      .select(['subjects.id', 'subjects.subjectname', 'subjects.code'])
      .where('teacher_subjects.teacher_id', '=', userId)
      .orderBy('subjects.subjectname')
      .execute();
    const { must_change_password: _stored, ...rest } = user;
    return { ...rest, mustChangePassword, groups, subjects };
  };

  app.get(
    '/profile',
    { onRequest: anyone, config: { allowInitialPassword: true }, schema: { tags: ['profile'], summary: 'My own details' } },
    async (req) => ok(await loadProfile(req.user!.userId, req.user!.mustChangePassword)),
  );

  app.put(
    '/profile',
    { onRequest: anyone, schema: { tags: ['profile'], summary: 'Change my phone number', body: profileUpdateSchema } },
    async (req) => {
      await app.db.updateTable('users').set({ phone: req.body.phone, updated_at: Date.now() }).where('id', '=', req.user!.userId).execute();
      return ok(await loadProfile(req.user!.userId, req.user!.mustChangePassword), 'Profile updated');
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
      const row = await app.db.selectFrom('users').select('password_hash').where('id', '=', user.userId).executeTakeFirstOrThrow();
      if (!(await verifyPassword(row.password_hash, req.body.currentPassword))) {
        throw new AppError(400, 'Invalid currentPassword: The current password is not correct', 'BAD_PASSWORD', {
          errors: { currentPassword: 'The current password is not correct' },
        });
      }
      // Hashed before the transaction: on SQLite a transaction holds the one connection while it waits.
      const passwordHash = await hashPassword(req.body.newPassword);
      const now = Date.now();
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, must_change_password: 0, updated_at: now })
          .where('id', '=', user.userId)
          .execute();
        // Other sessions of this account end; this one goes on.
        await trx
          .updateTable('sessions')
          .set({ revoked_at: now })
          .where('user_id', '=', user.userId)
          .where('id', '!=', user.sessionId)
          .where('revoked_at', 'is', null)
          .execute();
      });
      await app.sessions.forgetUser(user.userId);
      return ok(null, 'Password changed');
    },
  );
};

export default profileRoutes;
