import { beforeAll, describe, expect, it } from 'vitest';
import { bodies, created, demoTenant, firstSignIn, json, newTenant, type Tenant } from './fixtures';
import { describeDb, useTestApp } from './helper';

/**
 * Rooms are a plain entity (one schema, one migration, one line in the registry); the access matrix
 * in crud.test.ts covers who may do what. Here: the room a quiz names, which must be one of the
 * rooms of the quiz's department.
 */
describeDb('rooms and the room of a quiz', () => {
  const t = useTestApp();
  let A: Tenant;
  let B: Tenant;
  /** A room of tenant A's second department (same institute, another department). */
  let neighbourRoom: number;

  const asTeacher = (method: string, url: string, body?: object) => t.request(method, url, { token: A.tokens.TEACHER, body });

  beforeAll(async () => {
    A = await demoTenant(t);
    B = await newTenant(t, await t.login('admin', 'ADMIN'));
    const departmentBody = bodies.department();
    const department = created(
      await t.request('POST', '/api/departments', { token: A.tokens['INSTITUTE-HEAD'], body: departmentBody }),
      'department A2',
    );
    const head = await firstSignIn(t, departmentBody.username, 'DEPARTMENT-HEAD', department.initialPassword);
    neighbourRoom = created(await t.request('POST', '/api/rooms', { token: head, body: bodies.room() }), 'room A2').id;
  });

  describe('a room', () => {
    it("is stamped with the department head's department, whatever the body says", async () => {
      const res = await t.request('POST', '/api/rooms', {
        token: A.tokens['DEPARTMENT-HEAD'],
        body: { ...bodies.room(), department_id: B.department, institute_id: B.institute },
      });
      const room = created(res, 'room');
      expect(room).toMatchObject({ capacity: 40, building: 'Main block' });
      expect(json(res).message).toBe('Room created');
      const row = await t.portal.database.db.selectFrom('rooms' as never).selectAll().where('id' as never, '=', room.id as never).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ department_id: A.department, institute_id: A.institute });
    });

    it("answers the schema's messages for a bad room", async () => {
      const res = await t.request('POST', '/api/rooms', { token: A.tokens['DEPARTMENT-HEAD'], body: { name: ' ', capacity: 0, building: '' } });
      expect(res.statusCode).toBe(400);
      expect(json(res).data?.errors ?? json(res)).toMatchObject({
        name: 'Room name is required',
        capacity: 'Capacity must be a whole number from 1 to 10000',
        building: 'Building is required',
      });
    });

    it('is read, not changed, by a teacher of the department', async () => {
      const read = await asTeacher('GET', `/api/rooms/${A.room}`);
      expect(read.statusCode).toBe(200);
      expect((await asTeacher('PUT', `/api/rooms/${A.room}`, { ...json(read).data, name: 'Renamed' })).statusCode).toBe(403);
      expect((await asTeacher('DELETE', `/api/rooms/${A.room}`)).statusCode).toBe(403);
      expect((await asTeacher('GET', `/api/rooms/${neighbourRoom}`)).statusCode).toBe(404);
    });
  });

  describe('the room of a quiz', () => {
    it("is one of the rooms of the quiz's department, kept when left out and cleared with null", async () => {
      const quiz = created(await asTeacher('POST', '/api/quizzes', bodies.quiz(A, { room: A.room })), 'quiz with a room');
      expect(quiz.room).toBe(A.room);

      const renamed = await asTeacher('PUT', `/api/quizzes/${quiz.id}`, { ...bodies.quiz(A), name: 'Renamed quiz' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(json(renamed).data.room).toBe(A.room);
      const listed = await asTeacher('GET', `/api/quizzes?filter=${encodeURIComponent(JSON.stringify({ room: A.room }))}`);
      expect((json(listed).data as { id: number }[]).map((q) => q.id)).toContain(quiz.id);

      const cleared = await asTeacher('PUT', `/api/quizzes/${quiz.id}`, { ...bodies.quiz(A), room: null });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(json(cleared).data.room).toBeNull();
    });

    it.each([
      ['of another department of the institute', () => neighbourRoom],
      ['of another institute', () => B.room],
      ['that does not exist', () => 999_999],
    ])('refuses a room %s, on the field', async (_, room) => {
      for (const res of [
        await asTeacher('POST', '/api/quizzes', bodies.quiz(A, { room: room() })),
        await asTeacher('PUT', `/api/quizzes/${A.quiz}`, { ...bodies.quiz(A), room: room() }),
      ]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(JSON.stringify(json(res))).toContain('Choose a valid room');
      }
    });

    it('keeps a room that a quiz names from being deleted', async () => {
      const room = created(await t.request('POST', '/api/rooms', { token: A.tokens['DEPARTMENT-HEAD'], body: bodies.room() }), 'room in use').id;
      created(await asTeacher('POST', '/api/quizzes', bodies.quiz(A, { room })), 'quiz in the room');
      const res = await t.request('DELETE', `/api/rooms/${room}`, { token: A.tokens['DEPARTMENT-HEAD'] });
      expect(res.statusCode, res.body).toBe(409);
      expect(json(res).message).toBe('This room is still used by other records and cannot be deleted.');
    });
  });
});
