import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { generatePassword } from '../auth/passwords';
import { createUser } from '../accounts/users';
import { STUDENT_FULLNAME_MAX, STUDENT_NAME_PATTERN } from '../../src/schemas/students';
import { z } from 'zod';
import type { Platform } from './platforms';

type Db = Kysely<Database> | Transaction<Database>;

/** What an LMS says of a person (launch claims or a member list entry). */
export interface LmsPerson {
  sub: string;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  email?: unknown;
}

/** A full name students may have (letters and spaces, at most 50), from the LMS's name claims. */
export function fullnameOf(person: LmsPerson): string {
  const raw = typeof person.name === 'string' && person.name.trim() ? person.name : [person.given_name, person.family_name].filter((v) => typeof v === 'string').join(' ');
  const cleaned = raw
    .normalize('NFC')
    .replace(/[^\p{L} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, STUDENT_FULLNAME_MAX)
    .trim();
  return cleaned && STUDENT_NAME_PATTERN.test(cleaned) ? cleaned : 'LMS student';
}

export const emailOf = (person: LmsPerson): string | null =>
  typeof person.email === 'string' && person.email.length <= 254 && z.email().safeParse(person.email).success ? person.email.toLowerCase() : null;

/** The portal account of an LMS identity, or undefined. */
export async function accountOf(db: Db, platformId: number, sub: string) {
  return db
    .selectFrom('lti_users')
    .innerJoin('users', 'users.id', 'lti_users.user_id')
    .select(['users.id', 'users.role', 'users.fullname', 'users.email', 'users.institute_id', 'users.department_id'])
    .where('lti_users.platform_id', '=', platformId)
    .where('lti_users.sub', '=', sub)
    .executeTakeFirst();
}

/**
 * The student account of an LMS learner, found by (platform, sub) or created in the quiz's
 * department (username `lti-…`, a random password the student never needs: they come in through
 * the LMS). A known account's name and e-mail follow the LMS's. Returns the account and whether it was made now.
 */
export async function learnerAccount(
  trx: Db,
  platform: Platform,
  person: LmsPerson,
  quiz: { department_id: number | null },
  now: number,
): Promise<{ id: number; created: boolean }> {
  const known = await accountOf(trx, platform.id, person.sub);
  const fullname = fullnameOf(person);
  const email = emailOf(person);
  if (known) {
    const changes: Record<string, unknown> = {};
    if (fullname !== 'LMS student' && fullname !== known.fullname) changes.fullname = fullname;
    if (email && email !== known.email) changes.email = email;
    if (Object.keys(changes).length) await trx.updateTable('users').set({ ...changes, updated_at: now }).where('id', '=', known.id).execute();
    return { id: known.id, created: false };
  }
  const id = await createUser(
    trx,
    {
      role: 'STUDENT',
      username: `lti-${randomBytes(6).toString('hex')}`,
      password: generatePassword(),
      generated: true,
      fullname,
      email,
      instituteId: platform.institute_id,
      departmentId: quiz.department_id,
    },
    now,
  );
  await trx.insertInto('lti_users').values({ platform_id: platform.id, sub: person.sub, user_id: id, created_at: now }).execute();
  return { id, created: true };
}

/**
 * The teacher account of an LMS instructor: the one linked to (platform, sub) before, else the
 * institute's teacher with the same e-mail (then linked). Instructors never get a new account.
 */
export async function instructorAccount(trx: Db, platform: Platform, person: LmsPerson, now: number): Promise<{ id: number; fullname: string; username: string; department_id: number | null } | undefined> {
  const known = await accountOf(trx, platform.id, person.sub);
  if (known && known.role === 'TEACHER' && known.institute_id === platform.institute_id) {
    return trx.selectFrom('users').select(['id', 'fullname', 'username', 'department_id']).where('id', '=', known.id).executeTakeFirst();
  }
  const email = emailOf(person);
  if (!email) return undefined;
  const teacher = await trx
    .selectFrom('users')
    .select(['id', 'fullname', 'username', 'department_id'])
    .where('role', '=', 'TEACHER')
    .where('institute_id', '=', platform.institute_id)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .orderBy('id')
    .executeTakeFirst();
  if (!teacher) return undefined;
  if (!known) await trx.insertInto('lti_users').values({ platform_id: platform.id, sub: person.sub, user_id: teacher.id, created_at: now }).execute();
  return teacher;
}

/** Puts a student in a group (nothing when already there). Returns whether they were added. */
export async function addToGroup(trx: Db, groupId: number, studentId: number): Promise<boolean> {
  const there = await trx.selectFrom('group_students').select('student_id').where('group_id', '=', groupId).where('student_id', '=', studentId).executeTakeFirst();
  if (there) return false;
  await trx.insertInto('group_students').values({ group_id: groupId, student_id: studentId }).execute();
  return true;
}

/** An account's username (what the front end stores beside the session). */
export async function accountName(db: Db, userId: number): Promise<string> {
  return (await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow()).username;
}
