import { expect, it } from 'vitest';
import { prepared } from '../../server/db/prepared';
import type { Role } from '../../src/schemas/roles';
import { describeDb, useTestApp } from './helper';

describeDb('queries compiled once and bound anew (server/db/prepared.ts)', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;

  const userByName = prepared((db, role: Role, username: string) =>
    db.selectFrom('users').select(['id', 'username', 'role']).where('role', '=', role).where('username', '=', username).where('id', '>', 0).orderBy('id'),
  );

  it('binds each call its own arguments to the SQL compiled by the first, keeping the query own values', async () => {
    const teacher = await userByName.first(db(), 'TEACHER', 'teacher');
    const student = await userByName.first(db(), 'STUDENT', 'student');
    expect(teacher).toMatchObject({ username: 'teacher', role: 'TEACHER' });
    expect(student).toMatchObject({ username: 'student', role: 'STUDENT' });
    // The same rows the query builder finds with the same arguments.
    const built = await db().selectFrom('users').select(['id', 'username', 'role']).where('role', '=', 'STUDENT').where('username', '=', 'student').executeTakeFirst();
    expect(student).toEqual(built);
    expect(await userByName.first(db(), 'STUDENT', 'teacher')).toBeUndefined();
    expect(await userByName.all(db(), 'TEACHER', 'nobody')).toEqual([]);
  });

  it('runs in a transaction on its connection, and sees its uncommitted rows', async () => {
    const seen = await db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ fullname: 'Renamed in a transaction' }).where('username', '=', 'teacher').execute();
        const row = await prepared((d, username: string) => d.selectFrom('users').select('fullname').where('username', '=', username)).first(trx, 'teacher');
        throw Object.assign(new Error('roll back'), { row });
      })
      .catch((error: { row?: unknown }) => error.row);
    expect(seen).toEqual({ fullname: 'Renamed in a transaction' });
    expect((await db().selectFrom('users').select('fullname').where('username', '=', 'teacher').executeTakeFirstOrThrow()).fullname).not.toBe('Renamed in a transaction');
  });

  it('refuses a builder that does not bind an argument as a value (it would be compiled for the first call only)', async () => {
    const branching = prepared((d, role: Role) => (role === 'ADMIN' ? d.selectFrom('users').select('id') : d.selectFrom('users').select('id').where('role', '=', 'STUDENT')));
    await expect(branching.all(db(), 'STUDENT')).rejects.toThrow('prepared query: argument 1 is not a bound value of the query');
  });
});
