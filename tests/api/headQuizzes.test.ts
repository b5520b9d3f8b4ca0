import { beforeAll, describe, expect, it } from 'vitest';
import { describeDb, useTestApp } from './helper';
import { bodies, created, demoTenant, insertQuiz, json, newTenant, whoIs, type Tenant } from './fixtures';

/**
 * The heads' read-only quiz list (their area's "Quizzes", from which they open a quiz's analysis):
 * GET /api/quizzes answers a department head its department's quizzes and an institute head its
 * institute's, every teacher's; a quiz outside the scope is 404, and neither head writes quizzes.
 */
describeDb('quizzes: the heads list and read the quizzes of their scope', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;
  let A: Tenant;
  let B: Tenant;
  /** Quiz ids: the demo teacher's, a colleague's of the same department, one of the institute's other department, tenant B's. */
  const quiz = { own: 0, colleague: 0, otherDepartment: 0, otherInstitute: 0 };
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
  const list = async (token: string) => {
    const res = await t.request('GET', `/api/quizzes?range=${encodeURIComponent('[0,999]')}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return sorted(json(res).data.map((r: { id: number }) => r.id));
  };
  /** Every quiz of the tables whose column equals the value, read straight from the database. */
  const quizzesWhere = async (column: 'department_id' | 'institute_id', value: number) =>
    sorted((await db().selectFrom('quizzes').select('id').where(column, '=', value).execute()).map((r) => r.id));

  beforeAll(async () => {
    const adminToken = await t.login('admin', 'ADMIN');
    A = await demoTenant(t);
    B = await newTenant(t, adminToken);
    const head = A.tokens['INSTITUTE-HEAD'];
    quiz.own = await insertQuiz(t, A.who.TEACHER, 'Own quiz');
    quiz.otherInstitute = await insertQuiz(t, B.who.TEACHER, 'Other institute quiz');
    const colleagueBody = bodies.teacher(A);
    created(await t.request('POST', '/api/teachers', { token: head, body: colleagueBody }), 'colleague');
    quiz.colleague = await insertQuiz(t, await whoIs(t, colleagueBody.username), 'Colleague quiz');
    const departmentBody = bodies.department();
    created(await t.request('POST', '/api/departments', { token: head, body: departmentBody }), 'second department');
    quiz.otherDepartment = await insertQuiz(t, await whoIs(t, departmentBody.username), 'Second department quiz');
  });

  const cases: [string, 'DEPARTMENT-HEAD' | 'INSTITUTE-HEAD', (keyof typeof quiz)[]][] = [
    ["a department head: its department's quizzes", 'DEPARTMENT-HEAD', ['own', 'colleague']],
    ["an institute head: its institute's quizzes", 'INSTITUTE-HEAD', ['own', 'colleague', 'otherDepartment']],
  ];

  describe.each(cases)('%s', (_name, role, visible) => {
    it('GET /api/quizzes lists exactly the quizzes of its scope', async () => {
      const ids = await list(A.tokens[role]);
      const who = A.who[role];
      expect(ids).toEqual(await (role === 'DEPARTMENT-HEAD' ? quizzesWhere('department_id', who.departmentId!) : quizzesWhere('institute_id', who.instituteId!)));
      const known = (Object.keys(quiz) as (keyof typeof quiz)[]).filter((k) => ids.includes(quiz[k]));
      expect(known.sort()).toEqual([...visible].sort());
    });

    it('reads a quiz of its scope; a quiz out of it is 404', async () => {
      for (const key of Object.keys(quiz) as (keyof typeof quiz)[]) {
        const res = await t.request('GET', `/api/quizzes/${quiz[key]}`, { token: A.tokens[role] });
        expect(res.statusCode, `${key}: ${res.body}`).toBe(visible.includes(key) ? 200 : 404);
      }
    });

    it("opens the analysis of every quiz it lists, and of no other", async () => {
      for (const key of Object.keys(quiz) as (keyof typeof quiz)[]) {
        const res = await t.request('GET', `/api/quizzes/${quiz[key]}/statistics`, { token: A.tokens[role] });
        expect(res.statusCode, `${key}: ${res.body}`).toBe(visible.includes(key) ? 200 : 404);
      }
    });

    it('writes no quiz: create, update and delete are refused', async () => {
      const token = A.tokens[role];
      expect((await t.request('POST', '/api/quizzes', { token, body: { name: 'Head quiz' } })).statusCode).toBe(403);
      expect((await t.request('PUT', `/api/quizzes/${quiz.own}`, { token, body: { name: 'Renamed' } })).statusCode).toBe(403);
      expect((await t.request('DELETE', `/api/quizzes/${quiz.own}`, { token })).statusCode).toBe(403);
      expect((await db().selectFrom('quizzes').select('name').where('id', '=', quiz.own).executeTakeFirstOrThrow()).name).toBe('Own quiz');
    });
  });

  it("tenant B's department head sees its own quiz and none of tenant A's", async () => {
    const ids = await list(B.tokens['DEPARTMENT-HEAD']);
    expect(ids).toContain(quiz.otherInstitute);
    expect(ids.filter((id) => [quiz.own, quiz.colleague, quiz.otherDepartment].includes(id))).toEqual([]);
  });
});
