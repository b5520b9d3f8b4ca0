import { expect, it } from 'vitest';
import { GroupCommit } from '../../server/db/groupCommit';
import { describeDb, useTestApp } from './helper';

/** Starts and submissions share commits (server/db/groupCommit.ts): one unit's failure is its own. */
describeDb('group commit', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;
  let n = 0;
  const insertSubject = (name: string) => (trx: Parameters<Parameters<GroupCommit['run']>[0]>[0]) =>
    trx.insertInto('subjects').values({ subjectname: name, code: name, semester: '1', institute_id: null, department_id: null, created_by: null, created_at: 0, updated_at: 0 }).returning('id').executeTakeFirstOrThrow();
  const stored = async (names: string[]) => (await db().selectFrom('subjects').select('subjectname').where('subjectname', 'in', names).execute()).map((r) => r.subjectname).sort();

  it('commits the units handed in together in one transaction, rolling back only the one that throws', async () => {
    const group = new GroupCommit(db(), true);
    const names = ['a', 'b', 'c'].map((x) => `Group ${x} ${++n}`);
    const results = await Promise.allSettled([
      group.run(insertSubject(names[0])),
      group.run(async (trx) => {
        await insertSubject(names[1])(trx);
        throw new Error('refused');
      }),
      group.run(insertSubject(names[2])),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('refused');
    expect(await stored(names)).toEqual([names[0], names[2]].sort());
  });

  it('answers a unit only once its commit is done, and runs alone without grouping', async () => {
    const group = new GroupCommit(db(), false);
    const name = `Group alone ${++n}`;
    await group.run(insertSubject(name));
    expect(await stored([name])).toEqual([name]);
    await expect(group.run(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await group.drain();
  });
});
