import type { Kysely, Transaction } from 'kysely';
import { can, scopeFor } from '../../src/schemas/entity';
import { STUDENT_BULK_MAX, type ResetPassword, type StudentBulkRequest, type StudentBulkResult } from '../../src/schemas/studentBulk';
import { generatePassword, hashGeneratedPassword } from '../auth/passwords';
import type { Caller } from '../crud/adapter';
import { applyListFilter } from '../crud/routes';
import type { Registry } from '../crud/registry';
import { applyScope } from '../crud/scope';
import { AppError, badRequest, forbidden, invalidFilter, notFound } from '../lib/errors';
import { writeWorkbook } from '../upload/workbook';

/** Rows inserted or deleted per statement: well under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

const plural = (n: number) => `${n} student${n === 1 ? '' : 's'}`;

/**
 * The students one bulk action acts on, with the same tenant rules as a single edit or delete of
 * the students list (the institute head: the institute's students; a department head: the
 * department's). Chosen ids the caller may not change are a 404 (as a single edit of them is),
 * and nothing changes; a filter matching more than the cap is a 400 naming the filter.
 */
async function targetIds(db: Kysely<any>, registry: Registry, caller: Caller, body: StudentBulkRequest): Promise<number[]> {
  const r = registry.get('students')!;
  const action = body.action === 'delete' ? 'delete' : 'update';
  if (!can(r.def, caller.role, action)) throw forbidden(`You may not ${action} students`);
  let qb = applyScope(r.adapter.from(db), scopeFor(r.def, caller.role, action), caller, r.adapter.scopeColumns)
    .clearSelect()
    .select((eb: any) => eb.ref(r.adapter.idColumn).as('id'));
  if (body.ids) {
    const wanted = [...new Set(body.ids)];
    const found = (await qb.where(r.adapter.idColumn, 'in', wanted).execute()).map((row: any) => Number(row.id));
    if (found.length !== wanted.length) throw notFound(`${plural(wanted.length - found.length)} of the ${wanted.length} chosen were not found`);
    return found;
  }
  const { q, ...fields } = body.filter ?? {};
  // The institute head's department filter; a department head's list is their department anyway.
  qb = applyListFilter(qb, r, caller, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== '')), q?.trim() || undefined);
  const found = (await qb.orderBy(r.adapter.idColumn).limit(STUDENT_BULK_MAX + 1).execute()).map((row: any) => Number(row.id));
  if (found.length > STUDENT_BULK_MAX) {
    const message = `The filter matches more than ${STUDENT_BULK_MAX} students; a bulk action changes at most ${STUDENT_BULK_MAX}: narrow the filter`;
    throw invalidFilter(message);
  }
  return found;
}

/**
 * The group of a group action: one of the caller's groups by the groups' own rules (a department
 * head's department; the institute head may file students into any group of the institute).
 * Every student must belong to the group's department.
 */
async function groupFor(trx: Transaction<any>, registry: Registry, caller: Caller, groupId: number, studentIds: readonly number[]) {
  const g = registry.get('groups')!;
  const action = can(g.def, caller.role, 'update') ? 'update' : 'read';
  const group = await applyScope(g.adapter.from(trx), scopeFor(g.def, caller.role, action), caller, g.adapter.scopeColumns)
    .clearSelect()
    .select(['t.id', 't.department_id'])
    .where('t.id', '=', groupId)
    .executeTakeFirst();
  if (!group) throw notFound('Group not found');
  let outside = 0;
  for (const part of chunks(studentIds)) {
    const { n } = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('id', 'in', part)
      .where((eb) => eb.or([eb('department_id', 'is', null), eb('department_id', '!=', group.department_id)]))
      .executeTakeFirstOrThrow();
    outside += Number(n);
  }
  if (outside > 0) {
    const message = `${plural(outside)} of the ${studentIds.length} are not in the group's department`;
    throw badRequest(`Invalid groupId: ${message}`, { groupId: message });
  }
  return { id: Number(group.id) };
}

async function addToGroup(trx: Transaction<any>, groupId: number, ids: readonly number[]): Promise<number> {
  const present = new Set<number>();
  for (const part of chunks(ids)) {
    const rows = await trx.selectFrom('group_students').select('student_id').where('group_id', '=', groupId).where('student_id', 'in', part).execute();
    for (const row of rows) present.add(Number(row.student_id));
  }
  const added = ids.filter((id) => !present.has(id));
  for (const part of chunks(added)) {
    await trx.insertInto('group_students').values(part.map((studentId) => ({ group_id: groupId, student_id: studentId }))).execute();
  }
  if (added.length) await trx.updateTable('groups').set({ updated_at: Date.now() }).where('id', '=', groupId).execute();
  return added.length;
}

async function removeFromGroup(trx: Transaction<any>, groupId: number, ids: readonly number[]): Promise<number> {
  let removed = 0;
  for (const part of chunks(ids)) {
    const result = await trx.deleteFrom('group_students').where('group_id', '=', groupId).where('student_id', 'in', part).executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  const { n } = await trx
    .selectFrom('group_students')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  if (Number(n) === 0) {
    const message = 'A group keeps at least one student: delete the group instead of emptying it';
    throw badRequest(`Invalid groupId: ${message}`, { groupId: message });
  }
  if (removed) await trx.updateTable('groups').set({ updated_at: Date.now() }).where('id', '=', groupId).execute();
  return removed;
}

/** New generated initial passwords, to change at the next sign-in; the students' sessions end. */
async function resetPasswords(trx: Transaction<any>, ids: readonly number[]): Promise<ResetPassword[]> {
  const now = Date.now();
  const people: ResetPassword[] = [];
  for (const part of chunks(ids)) {
    const rows = await trx.selectFrom('users').select(['id', 'fullname', 'username', 'email']).where('id', 'in', part).orderBy('fullname').orderBy('id').execute();
    for (const row of rows) people.push({ id: Number(row.id), fullname: row.fullname, username: row.username, email: row.email ?? null, initialPassword: generatePassword() });
  }
  for (const person of people) {
    await trx
      .updateTable('users')
      .set({ password_hash: hashGeneratedPassword(person.initialPassword), must_change_password: 1, updated_at: now })
      .where('id', '=', person.id)
      .execute();
  }
  for (const part of chunks(ids)) {
    await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', 'in', part).where('revoked_at', 'is', null).execute();
  }
  return people.sort((a, b) => a.fullname.localeCompare(b.fullname) || a.id - b.id);
}

async function deleteStudents(trx: Transaction<any>, ids: readonly number[]): Promise<number> {
  let deleted = 0;
  for (const part of chunks(ids)) {
    const result = await trx.deleteFrom('users').where('role', '=', 'STUDENT').where('id', 'in', part).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

const isForeignKey = (err: unknown) => ['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY'].includes((err as { code?: string })?.code ?? '');

/**
 * Runs one bulk action in one transaction: it changes every target student or none.
 * Answers how many changed and, for a password reset, the new passwords (given only here).
 */
export async function runStudentBulk(db: Kysely<any>, registry: Registry, caller: Caller, body: StudentBulkRequest): Promise<StudentBulkResult> {
  const ids = await targetIds(db, registry, caller, body);
  try {
    return await db.transaction().execute(async (trx) => {
      switch (body.action) {
        case 'addToGroup': {
          const group = await groupFor(trx, registry, caller, body.groupId!, ids);
          return { action: body.action, count: await addToGroup(trx, group.id, ids) };
        }
        case 'removeFromGroup': {
          const group = await groupFor(trx, registry, caller, body.groupId!, ids);
          return { action: body.action, count: await removeFromGroup(trx, group.id, ids) };
        }
        case 'resetPasswords': {
          const passwords = await resetPasswords(trx, ids);
          // The same sheet as an upload's initial passwords.
          const sheet = writeWorkbook('Initial passwords', ['fullname', 'username', 'email', 'initialPassword'], passwords.map((p) => [p.fullname, p.username, p.email ?? '', p.initialPassword]));
          return { action: body.action, count: passwords.length, passwords, passwordSheet: Buffer.from(sheet).toString('base64') };
        }
        case 'delete':
          return { action: body.action, count: await deleteStudents(trx, ids) };
      }
    });
  } catch (err) {
    if (isForeignKey(err)) throw new AppError(409, 'Some of these students are still used by other records and cannot be deleted.', 'IN_USE');
    throw err;
  }
}

/** The message of a bulk action's answer. */
export function bulkMessage(result: StudentBulkResult): string {
  const who = plural(result.count);
  switch (result.action) {
    case 'addToGroup':
      return `${who} added to the group`;
    case 'removeFromGroup':
      return `${who} removed from the group`;
    case 'resetPasswords':
      return `Passwords of ${who} reset`;
    case 'delete':
      return `${who.charAt(0).toUpperCase()}${who.slice(1)} deleted`;
  }
}
