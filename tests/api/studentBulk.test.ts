import { beforeAll, expect, it } from 'vitest';
import { bodies, created, demoTenant, json, newTenant, unique, type Tenant } from './fixtures';
import { describeDb, useTestApp } from './helper';

/**
 * POST /api/students/bulk: the same tenant rules as single edits, one transaction, the chosen
 * students or everything filtered, a cap; and the students' groups saved with the student.
 */
describeDb('student bulk actions', () => {
  const t = useTestApp();
  let A: Tenant;
  let B: Tenant;
  const bulk = (token: string, body: unknown) => t.request('POST', '/api/students/bulk', { token, body });
  const db = () => t.portal.database.db;

  /** `n` new students of tenant A's department in a batch of their own, made by its head. */
  async function students(n: number, batch: string, tenant = A): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const body = { ...bodies.student(tenant), batch, fullname: `Bulk Student ${String.fromCharCode(97 + i)}` };
      ids.push(created(await t.request('POST', '/api/students', { token: tenant.tokens['DEPARTMENT-HEAD'], body }), 'student').id);
    }
    return ids;
  }
  const membersOf = async (group: number) =>
    (await db().selectFrom('group_students').select('student_id').where('group_id', '=', group).execute()).map((r) => r.student_id).sort((a, b) => a - b);
  const exists = async (ids: number[]) => (await db().selectFrom('users').select('id').where('id', 'in', ids).execute()).length;

  beforeAll(async () => {
    A = await demoTenant(t);
    B = await newTenant(t, await t.login('admin', 'ADMIN'));
  });

  it('adds the chosen students to a group and removes them again, in one request each', async () => {
    const ids = await students(3, unique('b'));
    const add = await bulk(A.tokens['DEPARTMENT-HEAD'], { action: 'addToGroup', ids, groupId: A.group });
    expect(add.statusCode, add.body).toBe(200);
    expect(json(add)).toMatchObject({ success: true, message: '3 students added to the group', data: { action: 'addToGroup', count: 3 } });
    expect(await membersOf(A.group)).toEqual(expect.arrayContaining(ids));
    // Adding again changes nothing and says so.
    expect(json(await bulk(A.tokens['DEPARTMENT-HEAD'], { action: 'addToGroup', ids, groupId: A.group })).data.count).toBe(0);

    const remove = await bulk(A.tokens['INSTITUTE-HEAD'], { action: 'removeFromGroup', ids: ids.slice(0, 2), groupId: A.group });
    expect(remove.statusCode, remove.body).toBe(200);
    expect(json(remove).message).toBe('2 students removed from the group');
    const members = await membersOf(A.group);
    expect(members).toContain(ids[2]);
    expect(members).not.toContain(ids[0]);
  });

  it('acts on everything filtered: a batch, the search, a group', async () => {
    const batch = unique('f');
    const ids = await students(4, batch);
    const other = await students(1, unique('o'));
    const group = created(
      await t.request('POST', '/api/groups', { token: A.tokens['DEPARTMENT-HEAD'], body: { groupName: unique('Filtered '), students: other } }),
      'group',
    ).id;

    const add = await bulk(A.tokens['DEPARTMENT-HEAD'], { action: 'addToGroup', filter: { batch }, groupId: group });
    expect(add.statusCode, add.body).toBe(200);
    expect(json(add).data.count).toBe(4);
    expect(await membersOf(group)).toEqual([...ids, ...other].sort((a, b) => a - b));

    // The list shows the same set under the same filter (group and batch).
    const listed = await t.request('GET', `/api/students?filter=${encodeURIComponent(JSON.stringify({ groups: group, batch }))}&range=[0,99]`, {
      token: A.tokens['DEPARTMENT-HEAD'],
    });
    expect(json(listed).data.map((s: { id: number }) => s.id).sort((a: number, b: number) => a - b)).toEqual(ids);

    // Search by name within the group: one student.
    const one = await bulk(A.tokens['DEPARTMENT-HEAD'], { action: 'removeFromGroup', filter: { groups: group, batch, q: 'bulk student c' }, groupId: group });
    expect(json(one).data.count).toBe(1);
    expect(await membersOf(group)).not.toContain(ids[2]);
  });

  it('resets passwords: new initial passwords answered once, the old ones stop working', async () => {
    const ids = await students(2, unique('p'));
    const res = await bulk(A.tokens['DEPARTMENT-HEAD'], { action: 'resetPasswords', ids });
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = json(res);
    expect(message).toBe('Passwords of 2 students reset');
    expect(data.passwords).toHaveLength(2);
    expect(Buffer.from(data.passwordSheet, 'base64').subarray(0, 2).toString()).toBe('PK');
    for (const p of data.passwords) {
      expect(Object.keys(p).sort()).toEqual(['email', 'fullname', 'id', 'initialPassword', 'username']);
      expect(p.initialPassword).toMatch(/^\S{8,}$/);
      const login = await t.request('POST', '/api/auth/login', { body: { username: p.username, password: p.initialPassword, role: 'STUDENT', userTime: Date.now() } });
      expect(login.statusCode, login.body).toBe(200);
    }
    const row = await db().selectFrom('users').select('must_change_password').where('id', '=', ids[0]).executeTakeFirstOrThrow();
    expect(row.must_change_password).toBe(1);
    // Reading the students again never gives a password.
    const read = await t.request('GET', `/api/students/${ids[0]}`, { token: A.tokens['DEPARTMENT-HEAD'] });
    expect(read.body).not.toContain(data.passwords[0].initialPassword);
  });

  it('deletes the chosen students', async () => {
    const ids = await students(2, unique('d'));
    const res = await bulk(A.tokens['INSTITUTE-HEAD'], { action: 'delete', ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('2 students deleted');
    expect(await exists(ids)).toBe(0);
  });

  it("refuses another department's head with 404 and changes nothing", async () => {
    const ids = await students(2, unique('t'));
    const hashes = await db().selectFrom('users').select('password_hash').where('id', 'in', ids).execute();
    for (const body of [
      { action: 'delete', ids },
      { action: 'resetPasswords', ids },
      { action: 'addToGroup', ids, groupId: B.group },
    ]) {
      const res = await bulk(B.tokens['DEPARTMENT-HEAD'], body);
      expect(res.statusCode, res.body).toBe(404);
      expect(json(res)).toMatchObject({ success: false, message: '2 students of the 2 chosen were not found' });
    }
    // One of theirs among ours: still nothing changes.
    const mixed = await bulk(B.tokens['INSTITUTE-HEAD'], { action: 'delete', ids: [B.who.STUDENT.userId, ids[0]] });
    expect(mixed.statusCode).toBe(404);
    expect(await exists([...ids, B.who.STUDENT.userId])).toBe(3);
    expect(await db().selectFrom('users').select('password_hash').where('id', 'in', ids).execute()).toEqual(hashes);

    // Everything filtered is only ever their own students.
    const filtered = await bulk(B.tokens['DEPARTMENT-HEAD'], { action: 'resetPasswords', filter: { batch: (await db().selectFrom('users').select('batch').where('id', '=', ids[0]).executeTakeFirstOrThrow()).batch! } });
    expect(json(filtered).data.count).toBe(0);

    // Another institute's group is not found either.
    const group = await bulk(A.tokens['DEPARTMENT-HEAD'], { action: 'addToGroup', ids, groupId: B.group });
    expect(group.statusCode).toBe(404);
    expect(json(group).message).toBe('Group not found');
  });

  it('is refused to teachers and students', async () => {
    const ids = await students(1, unique('r'));
    for (const role of ['TEACHER', 'STUDENT'] as const) {
      const res = await bulk(A.tokens[role], { action: 'delete', ids });
      expect(res.statusCode).toBe(403);
    }
    expect(await exists(ids)).toBe(1);
  });

  it('names the field and rule of a bad request', async () => {
    const token = A.tokens['DEPARTMENT-HEAD'];
    const cases: [unknown, string, string][] = [
      [{ action: 'explode', ids: [1] }, 'action', 'Choose one of addToGroup, removeFromGroup, resetPasswords, delete'],
      [{ action: 'delete' }, 'ids', 'Give either the chosen students (ids) or a filter, not both'],
      [{ action: 'delete', ids: [1], filter: {} }, 'ids', 'Give either the chosen students (ids) or a filter, not both'],
      [{ action: 'addToGroup', ids: [1] }, 'groupId', 'Choose a group'],
      [{ action: 'delete', ids: [] }, 'ids', 'Select at least one student'],
      [{ action: 'delete', ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'ids', 'Select at most 1000 students at once'],
      [{ action: 'delete', filter: { password: 'x' } }, 'filter', 'cannot filter by "password"'],
    ];
    for (const [body, field, message] of cases) {
      const res = await bulk(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).message).toBe(`Invalid ${field}: ${message}`);
    }
  });

  it('refuses a filter that matches more than 1000 students, naming the filter', async () => {
    const now = Date.now();
    const batch = unique('cap');
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      role: 'STUDENT' as const,
      username: `${batch}-${i}`,
      password_hash: 'x',
      fullname: 'Cap Student',
      institute_id: A.institute,
      department_id: A.department,
      batch,
      semester: '1',
      must_change_password: 1,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 250) await db().insertInto('users').values(rows.slice(i, i + 250)).execute();
    const res = await bulk(A.tokens['DEPARTMENT-HEAD'], { action: 'delete', filter: { batch } });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Invalid filter: The filter matches more than 1000 students; a bulk action changes at most 1000: narrow the filter');
    const { n } = await db().selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('batch', '=', batch).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(1001);
  });

  it('keeps a group from being emptied and students out of another department\'s group', async () => {
    const ids = await students(1, unique('e'));
    const group = created(await t.request('POST', '/api/groups', { token: A.tokens['DEPARTMENT-HEAD'], body: { groupName: unique('Solo '), students: ids } }), 'group').id;
    const res = await bulk(A.tokens['DEPARTMENT-HEAD'], { action: 'removeFromGroup', ids, groupId: group });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Invalid groupId: A group keeps at least one student: delete the group instead of emptying it');
    expect(await membersOf(group)).toEqual(ids);

    // The institute head files students only into a group of their own department.
    const otherDept = created(
      await t.request('POST', '/api/departments', { token: A.tokens['INSTITUTE-HEAD'], body: bodies.department() }),
      'department',
    ).id;
    const outsider = created(
      await t.request('POST', '/api/students', { token: A.tokens['INSTITUTE-HEAD'], body: { ...bodies.student(A), departmentId: otherDept } }),
      'student',
    ).id;
    const wrong = await bulk(A.tokens['INSTITUTE-HEAD'], { action: 'addToGroup', ids: [outsider, ...ids], groupId: group });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toBe("Invalid groupId: 1 student of the 2 are not in the group's department");
  });
});

describeDb("a student's groups", () => {
  const t = useTestApp();
  let A: Tenant;
  beforeAll(async () => {
    A = await demoTenant(t);
  });

  it('are saved with a new student, read back, changed on edit and filter the list', async () => {
    const token = A.tokens['DEPARTMENT-HEAD'];
    const body = { ...bodies.student(A), groups: [A.group] };
    const student = created(await t.request('POST', '/api/students', { token, body }), 'student');
    expect(student.groups).toEqual([A.group]);
    const listed = await t.request('GET', `/api/students?filter=${encodeURIComponent(JSON.stringify({ groups: A.group }))}&range=[0,999]`, { token });
    expect(json(listed).data.map((s: { id: number }) => s.id)).toContain(student.id);

    const edited = await t.request('PUT', `/api/students/${student.id}`, { token, body: { ...body, groups: [] } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json(edited).data.groups).toEqual([]);
  });

  it("refuses a group of another department, and a teacher's student in a colleague's group", async () => {
    const B = await newTenant(t, await t.login('admin', 'ADMIN'));
    const res = await t.request('POST', '/api/students', { token: A.tokens['DEPARTMENT-HEAD'], body: { ...bodies.student(A), groups: [B.group] } });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Invalid groups: Choose valid groups');

    const mine = created(
      await t.request('POST', '/api/groups', { token: A.tokens['DEPARTMENT-HEAD'], body: { groupName: unique('Head '), students: [A.who.STUDENT.userId] } }),
      'group',
    ).id;
    const teacher = await t.request('POST', '/api/students', { token: A.tokens.TEACHER, body: { ...bodies.student(A), groups: [mine] } });
    expect(teacher.statusCode).toBe(400);
    expect(json(teacher).message).toBe('Invalid groups: Choose groups you made, of your department');
    const own = await t.request('POST', '/api/students', { token: A.tokens.TEACHER, body: { ...bodies.student(A), groups: [A.group] } });
    expect(own.statusCode, own.body).toBe(201);
  });
});

describeDb('a group of 1,000 students', () => {
  const t = useTestApp();
  let A: Tenant;
  let B: Tenant;
  beforeAll(async () => {
    A = await demoTenant(t);
    B = await newTenant(t, await t.login('admin', 'ADMIN'));
  });

  it('saves in one request, opens with its members in one page, and stays closed to another department', async () => {
    const db = t.portal.database.db;
    const now = Date.now();
    const batch = unique('big');
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      role: 'STUDENT' as const,
      username: `${batch}-${i}`,
      password_hash: 'x',
      fullname: `Member ${i}`,
      institute_id: A.institute,
      department_id: A.department,
      batch,
      semester: '2',
      must_change_password: 1,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 250) await db.insertInto('users').values(rows.slice(i, i + 250)).execute();
    const ids = (await db.selectFrom('users').select('id').where('batch', '=', batch).orderBy('id').execute()).map((r) => r.id);
    const token = A.tokens['DEPARTMENT-HEAD'];
    const members = ids.slice(0, 1000);

    const group = created(await t.request('POST', '/api/groups', { token, body: { groupName: unique('Big '), students: members } }), 'group');
    expect(group.students).toHaveLength(1000);
    const page = await t.request('GET', `/api/students?filter=${encodeURIComponent(JSON.stringify({ groups: group.id }))}&range=[0,999]`, { token });
    expect(page.headers['content-range']).toBe('students 0-999/1000');

    // One member swapped: the links change in the one save.
    const next = [...members.slice(1), ids[1000]];
    const saved = await t.request('PUT', `/api/groups/${group.id}`, { token, body: { groupName: group.groupName, students: next } });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = (await db.selectFrom('group_students').select('student_id').where('group_id', '=', group.id).execute()).map((r) => r.student_id);
    expect(stored.sort((a, b) => a - b)).toEqual([...next].sort((a, b) => a - b));

    // Another institute's head neither opens nor changes it; its members stay.
    expect((await t.request('GET', `/api/groups/${group.id}`, { token: B.tokens['DEPARTMENT-HEAD'] })).statusCode).toBe(404);
    const foreign = await t.request('PUT', `/api/groups/${group.id}`, { token: B.tokens['DEPARTMENT-HEAD'], body: { groupName: 'Taken', students: [B.who.STUDENT.userId] } });
    expect(foreign.statusCode).toBe(404);
    expect(await db.selectFrom('group_students').select('student_id').where('group_id', '=', group.id).execute()).toHaveLength(1000);
    const outsiders = await t.request('GET', `/api/students?filter=${encodeURIComponent(JSON.stringify({ groups: group.id }))}`, { token: B.tokens['DEPARTMENT-HEAD'] });
    expect(outsiders.headers['content-range']).toMatch(/\/0$/);
  });
});
