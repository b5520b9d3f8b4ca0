import type { Transaction } from 'kysely';
import type { Role } from '../../src/schemas/roles';
import type { AnyDb, Caller, ResourceAdapter } from '../crud/adapter';
import { validationError } from '../lib/validation';
import { badRequest } from '../lib/errors';
import { accountUpdate, assertAccountUnique, createAccount } from './accounts';

const touch = () => ({ updated_at: Date.now() });

/** A person's account fields as stored on the users row aliased `alias`. */
const personColumns = (alias: string) => ({
  fullname: `${alias}.fullname`,
  username: `${alias}.username`,
  email: `${alias}.email`,
  phone: `${alias}.phone`,
});

async function updatePerson(trx: Transaction<any>, userId: number | undefined, row: Record<string, unknown>) {
  const set = accountUpdate(row);
  if (userId === undefined || Object.keys(set).length === 0) return;
  await assertAccountUnique(trx, { email: set.email as string | undefined }, userId);
  await trx.updateTable('users').set({ ...set, ...touch() }).where('id', '=', userId).execute();
}

/** The head account of an institute or department, if any. */
const headOf = (trx: Transaction<any>, role: Role, column: 'institute_id' | 'department_id', id: number) =>
  trx.selectFrom('users').select('id').where('role', '=', role).where(column, '=', id).executeTakeFirst();

/** An institute and its institute head, managed together by the admin. */
export const instituteAdapter: ResourceAdapter = {
  changesAccounts: true,
  from: (db) =>
    db
      .selectFrom('institutes as t')
      .leftJoin('users as h', (j: any) => j.onRef('h.institute_id', '=', 't.id').on('h.role', '=', 'INSTITUTE-HEAD')),
  idColumn: 't.id',
  columns: { instituteName: 't.name', ...personColumns('h') },
  scopeColumns: { institute: 't.id' },
  many: {},
  dependents: [
    { table: 'departments', column: 'institute_id', label: 'departments' },
    { table: 'subjects', column: 'institute_id', label: 'subjects' },
  ],
  async insert(trx, row, caller) {
    const now = Date.now();
    const { id } = await trx
      .insertInto('institutes')
      .values({ name: row.instituteName, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const head = await createAccount(trx, {
      ...(row as { username: string; fullname: string }),
      role: 'INSTITUTE-HEAD',
      instituteId: id,
      departmentId: null,
      createdBy: caller.userId,
    });
    return { id, extra: { initialPassword: head.initialPassword } };
  },
  async update(trx, id, row) {
    if (row.instituteName !== undefined) await trx.updateTable('institutes').set({ name: row.instituteName, ...touch() }).where('id', '=', id).execute();
    await updatePerson(trx, (await headOf(trx, 'INSTITUTE-HEAD', 'institute_id', id))?.id, row);
  },
  async remove(trx, id) {
    await trx.deleteFrom('users').where('role', '=', 'INSTITUTE-HEAD').where('institute_id', '=', id).execute();
    await trx.deleteFrom('institutes').where('id', '=', id).execute();
  },
};

/** A department and its department head, managed together by the institute head. */
export const departmentAdapter: ResourceAdapter = {
  changesAccounts: true,
  from: (db) =>
    db
      .selectFrom('departments as t')
      .leftJoin('users as h', (j: any) => j.onRef('h.department_id', '=', 't.id').on('h.role', '=', 'DEPARTMENT-HEAD')),
  idColumn: 't.id',
  columns: { departmentName: 't.name', ...personColumns('h') },
  scopeColumns: { institute: 't.institute_id', department: 't.id' },
  many: {},
  dependents: [
    { table: 'users', column: 'department_id', label: 'teachers', where: ['role', 'TEACHER'] },
    { table: 'users', column: 'department_id', label: 'students', where: ['role', 'STUDENT'] },
    { table: 'groups', column: 'department_id', label: 'groups' },
  ],
  async insert(trx, row, caller) {
    const now = Date.now();
    const { id } = await trx
      .insertInto('departments')
      .values({ name: row.departmentName, institute_id: caller.instituteId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const head = await createAccount(trx, {
      ...(row as { username: string; fullname: string }),
      role: 'DEPARTMENT-HEAD',
      instituteId: caller.instituteId,
      departmentId: id,
      createdBy: caller.userId,
    });
    return { id, extra: { initialPassword: head.initialPassword } };
  },
  async update(trx, id, row) {
    if (row.departmentName !== undefined) await trx.updateTable('departments').set({ name: row.departmentName, ...touch() }).where('id', '=', id).execute();
    await updatePerson(trx, (await headOf(trx, 'DEPARTMENT-HEAD', 'department_id', id))?.id, row);
  },
  async remove(trx, id) {
    await trx.deleteFrom('users').where('role', '=', 'DEPARTMENT-HEAD').where('department_id', '=', id).execute();
    await trx.deleteFrom('departments').where('id', '=', id).execute();
  },
};

/** Teachers and students are accounts (users rows of that role) with a few fields of their own. */
function personAdapter(role: 'TEACHER' | 'STUDENT', extra: Record<string, string>, options: Pick<ResourceAdapter, 'many' | 'dependents'>): ResourceAdapter {
  return {
    changesAccounts: true,
    from: (db) => db.selectFrom('users as t').where('t.role', '=', role),
    idColumn: 't.id',
    columns: { ...personColumns('t'), departmentId: 't.department_id', ...extra },
    scopeColumns: { institute: 't.institute_id', department: 't.department_id', self: 't.id', owner: 't.created_by' },
    ...options,
    async insert(trx, row, caller) {
      const departmentId = (row.departmentId as number | undefined) ?? caller.departmentId;
      if (departmentId == null) throw badRequest('Invalid departmentId: Please select department', { departmentId: 'Please select department' });
      const account = await createAccount(trx, {
        ...(row as { username: string; fullname: string }),
        role,
        instituteId: caller.instituteId,
        departmentId,
        createdBy: caller.userId,
      });
      return { id: account.id, extra: { initialPassword: account.initialPassword } };
    },
    async update(trx, id, row) {
      await updatePerson(trx, id, row);
      if (row.departmentId !== undefined && row.departmentId !== null) {
        await trx.updateTable('users').set({ department_id: row.departmentId }).where('id', '=', id).execute();
      }
    },
    async remove(trx, id) {
      await trx.deleteFrom('users').where('id', '=', id).where('role', '=', role).execute();
    },
  };
}

export const teacherAdapter = personAdapter(
  'TEACHER',
  {},
  {
    many: { subjects: { table: 'teacher_subjects', ownKey: 'teacher_id', otherKey: 'subject_id' } },
    dependents: [],
  },
);

/**
 * A student's groups must be groups of the student's department (and, for a teacher adding a
 * student, groups the teacher made: teachers change only their own groups).
 */
async function checkStudentGroups(db: AnyDb, body: Record<string, unknown>, caller: Caller, id?: number): Promise<Record<string, unknown>> {
  const groups = Array.isArray(body.groups) ? [...new Set(body.groups as number[])] : [];
  if (!groups.length) return body;
  const departmentId =
    (body.departmentId as number | undefined) ??
    (id !== undefined ? (await db.selectFrom('users').select('department_id').where('id', '=', id).executeTakeFirst())?.department_id : caller.departmentId);
  let q = db.selectFrom('groups').select('id').where('id', 'in', groups).where('department_id', '=', departmentId ?? -1);
  if (caller.role === 'TEACHER') q = q.where('created_by', '=', caller.userId);
  const found = await q.execute();
  if (found.length !== groups.length) {
    throw validationError({ groups: caller.role === 'TEACHER' ? 'Choose groups you made, of your department' : "Choose groups of the student's department" });
  }
  return body;
}

const studentPerson = personAdapter(
  'STUDENT',
  { batch: 't.batch', semester: 't.semester' },
  { many: { groups: { table: 'group_students', ownKey: 'student_id', otherKey: 'group_id' } }, dependents: [] },
);
export const studentAdapter: ResourceAdapter = { ...studentPerson, prepare: checkStudentGroups };
