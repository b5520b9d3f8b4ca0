import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { Role } from '../../src/schemas/roles';
import { createUser } from '../accounts/users';
import { seedExams } from './demoExams';
import { seedGuidelines } from './demoGuidelines';

export const DEMO_PASSWORD = 'portal-demo';

/** The fixed demo accounts: username = role in lower case, one per role. */
export const DEMO_ACCOUNTS: { username: string; role: Role; fullname: string }[] = [
  { username: 'admin', role: 'ADMIN', fullname: 'Ada Admin' },
  { username: 'institute-head', role: 'INSTITUTE-HEAD', fullname: 'Ivan Institute' },
  { username: 'department-head', role: 'DEPARTMENT-HEAD', fullname: 'Dora Department' },
  { username: 'teacher', role: 'TEACHER', fullname: 'Tara Teacher' },
  { username: 'student', role: 'STUDENT', fullname: 'Sam Student' },
];

export const isNewDatabase = async (db: Kysely<Database>) =>
  (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) === undefined;

/** One institute with one department, a subject, one account per role and a group holding the demo student. Runs in one transaction. */
export async function seedDemo(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const institute = await trx
      .insertInto('institutes')
      .values({ name: 'Demo Institute of Technology', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const department = await trx
      .insertInto('departments')
      .values({ institute_id: institute.id, name: 'Computer Science', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const phones = ['9000000001', '9000000002', '9000000003', '9000000004', '9000000005'];
    const ids: Partial<Record<Role, number>> = {};
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      const inInstitute = account.role !== 'ADMIN';
      const inDepartment = inInstitute && account.role !== 'INSTITUTE-HEAD';
      ids[account.role] = await createUser(
        trx,
        {
          ...account,
          password: DEMO_PASSWORD,
          email: `${account.username}@demo.example`,
          phone: phones[i],
          instituteId: inInstitute ? institute.id : null,
          departmentId: inDepartment ? department.id : null,
          ...(account.role === 'STUDENT' ? { semester: '3', batch: '2026' } : {}),
        },
        now,
      );
    }
    const tenant = { institute_id: institute.id, department_id: department.id, created_at: now, updated_at: now };
    const subject = await trx
      .insertInto('subjects')
      .values({ ...tenant, subjectname: 'Data Structures', code: 'CS201', semester: '3', created_by: ids['INSTITUTE-HEAD']! })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('teacher_subjects').values({ teacher_id: ids.TEACHER!, subject_id: subject.id }).execute();
    const group = await trx
      .insertInto('groups')
      .values({ ...tenant, name: 'CS 2026 - Section A', created_by: ids['DEPARTMENT-HEAD']! })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('group_students').values({ group_id: group.id, student_id: ids.STUDENT! }).execute();
    await seedGuidelines(trx, ids.ADMIN!, now);
    await seedExams(trx, { ...tenant, subjectId: subject.id, groupId: group.id, teacherId: ids.TEACHER!, studentId: ids.STUDENT! });
  });
}
