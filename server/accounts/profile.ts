import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { notFound } from '../lib/errors';

/**
 * The queries behind a signed-in person's own account: their details and password. Each takes
 * the database or a transaction, so the routes decide what runs together.
 */
type Db = Kysely<Database> | Transaction<Database>;

/**
 * The account's details with its institute, department, groups and subjects; 404 when it is gone.
 * `mustChangePassword` follows the session: a session opened by an exam link is not asked (see SessionStore.find).
 */
export async function loadProfile(db: Db, userId: number, mustChangePassword: boolean) {
  const user = await db
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
  const groups = await db
    .selectFrom('group_students')
    .innerJoin('groups', 'groups.id', 'group_students.group_id')
    .select(['groups.id', 'groups.name'])
    .where('group_students.student_id', '=', userId)
    .orderBy('groups.name')
    .execute();
  const subjects = await db
    .selectFrom('teacher_subjects')
    .innerJoin('subjects', 'subjects.id', 'teacher_subjects.subject_id')
    .select(['subjects.id', 'subjects.subjectname', 'subjects.code'])
    .where('teacher_subjects.teacher_id', '=', userId)
    .orderBy('subjects.subjectname')
    .execute();
  const { must_change_password: _stored, ...rest } = user;
  return { ...rest, mustChangePassword, groups, subjects };
}

/** The one detail people change themselves: their phone number. */
export const setOwnPhone = (db: Db, userId: number, phone: string, now: number) =>
  db.updateTable('users').set({ phone, updated_at: now }).where('id', '=', userId).execute();

/** The stored password hash of the account (it must exist). */
export const passwordHashOf = async (db: Db, userId: number): Promise<string> =>
  (await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()).password_hash;

/**
 * Stores the account's new password (the initial one is then changed) and ends the account's other
 * sessions; the session that changed it goes on.
 */
export async function setOwnPassword(trx: Db, user: { userId: number; sessionId: number }, passwordHash: string, now: number): Promise<void> {
  await trx.updateTable('users').set({ password_hash: passwordHash, must_change_password: 0, updated_at: now }).where('id', '=', user.userId).execute();
  await trx
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', user.userId)
    .where('id', '!=', user.sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
