import { beforeAll, describe, expect, it } from 'vitest';
import { describeDb, useTestApp } from './helper';
import { bodies, created, demoTenant, insertQuiz, json, newTenant, whoIs, type Tenant, type Who } from './fixtures';

/**
 * Who reads the students' feedback, through the feedback list (GET /api/feedback-report) and the
 * feedback entity (GET /api/feedbacks, /api/feedbacks/{id}): the admin all of it, an institute head
 * the feedback on its institute's quizzes, a department head on its department's, a teacher on the
 * quizzes they wrote. Each scope is tested on the quiz, not on the student who wrote the feedback.
 */
describeDb('feedback: each staff role reads the feedback of its scope', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;
  let adminToken: string;
  let A: Tenant;
  let B: Tenant;
  /** Feedback ids: on the teacher's quiz, on a colleague's quiz of the same department, on a quiz of the institute's other department, and tenant B's. */
  const feedback = { own: 0, colleague: 0, otherDepartment: 0, otherInstitute: 0 };
  type Scope = 'TEACHER' | 'DEPARTMENT-HEAD' | 'INSTITUTE-HEAD';
  /** Whether a quiz (its author, department and institute) is in the caller's scope, read straight from the table. */
  const inScope = (role: Scope | 'ADMIN', who: Who | undefined, quiz: { created_by: number | null; department_id: number | null; institute_id: number | null }) => {
    if (role === 'ADMIN') return true;
    if (role === 'TEACHER') return quiz.created_by === who!.userId;
    if (role === 'DEPARTMENT-HEAD') return quiz.department_id === who!.departmentId;
    return quiz.institute_id === who!.instituteId;
  };
  const allFeedback = async () =>
    db()
      .selectFrom('feedbacks as f')
      .innerJoin('quizzes as q', 'q.id', 'f.quiz_id')
      .select(['f.id', 'q.created_by', 'q.department_id', 'q.institute_id'])
      .execute();
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  beforeAll(async () => {
    adminToken = await t.login('admin', 'ADMIN');
    A = await demoTenant(t);
    B = await newTenant(t, adminToken);
    feedback.own = A.feedback;
    feedback.otherInstitute = B.feedback;
    const head = A.tokens['INSTITUTE-HEAD'];
    const now = Date.now();
    const give = async (quiz: number, author: Who) =>
      (
        await db()
          .insertInto('feedbacks')
          .values({ institute_id: author.instituteId, department_id: author.departmentId, created_by: A.who.STUDENT.userId, quiz_id: quiz, rating: 2, comment: 'Too long', created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // A colleague in the teacher's department, with a quiz of their own.
    const colleagueBody = bodies.teacher(A);
    created(await t.request('POST', '/api/teachers', { token: head, body: colleagueBody }), 'colleague');
    const colleague = await whoIs(t, colleagueBody.username);
    feedback.colleague = await give(await insertQuiz(t, colleague, 'Colleague quiz'), colleague);
    // The institute's second department and a quiz of it.
    const departmentBody = bodies.department();
    created(await t.request('POST', '/api/departments', { token: head, body: departmentBody }), 'second department');
    const otherHead = await whoIs(t, departmentBody.username);
    feedback.otherDepartment = await give(await insertQuiz(t, otherHead, 'Second department quiz'), otherHead);
  });

  const cases: [string, () => { role: Scope | 'ADMIN'; token: string; who?: Who }, (keyof typeof feedback)[]][] = [
    ['a teacher: their own quizzes', () => ({ role: 'TEACHER', token: A.tokens.TEACHER, who: A.who.TEACHER }), ['own']],
    ["a department head: its department's quizzes", () => ({ role: 'DEPARTMENT-HEAD', token: A.tokens['DEPARTMENT-HEAD'], who: A.who['DEPARTMENT-HEAD'] }), ['own', 'colleague']],
    ["an institute head: its institute's quizzes", () => ({ role: 'INSTITUTE-HEAD', token: A.tokens['INSTITUTE-HEAD'], who: A.who['INSTITUTE-HEAD'] }), ['own', 'colleague', 'otherDepartment']],
    ['the admin: all', () => ({ role: 'ADMIN', token: adminToken }), ['own', 'colleague', 'otherDepartment', 'otherInstitute']],
  ];

  describe.each(cases)('%s', (_name, caller, visible) => {
    const known = () => Object.keys(feedback) as (keyof typeof feedback)[];
    const expectedKnown = () => sorted(visible.map((k) => feedback[k]));
    const expectedAll = async () => {
      const { role, who } = caller();
      return sorted((await allFeedback()).filter((row) => inScope(role, who, row)).map((row) => row.id));
    };

    it('the feedback list holds exactly the feedback on the quizzes in scope', async () => {
      const res = await t.request('GET', '/api/feedback-report', { token: caller().token });
      expect(res.statusCode, res.body).toBe(200);
      const data = json(res).data;
      const ids = sorted(data.rows.map((r: { id: number }) => r.id));
      expect(ids).toEqual(await expectedAll());
      expect(ids.filter((id) => known().some((k) => feedback[k] === id))).toEqual(expectedKnown());
      // The per-quiz averages and the quiz filter's choices stay in the same scope.
      const quizzes = new Set(data.rows.map((r: { quizId: number }) => r.quizId));
      expect(new Set(data.quizzes.map((q: { quizId: number }) => q.quizId))).toEqual(quizzes);
      expect(new Set(data.quizChoices.map((q: { quizId: number }) => q.quizId))).toEqual(quizzes);
    });

    it('GET /api/feedbacks lists the same; a single feedback out of scope is 404', async () => {
      const { token } = caller();
      const res = await t.request('GET', `/api/feedbacks?range=${encodeURIComponent('[0,999]')}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(sorted(json(res).data.map((r: { id: number }) => r.id))).toEqual(await expectedAll());
      for (const key of known()) {
        const one = await t.request('GET', `/api/feedbacks/${feedback[key]}`, { token });
        expect(one.statusCode, `${key}: ${one.body}`).toBe(visible.includes(key) ? 200 : 404);
      }
    });

    it("filtered by a quiz out of scope, the list is empty (the quiz's feedback is not returned)", async () => {
      const { token } = caller();
      const hidden = known().filter((k) => !visible.includes(k));
      for (const key of hidden) {
        const quiz = (await db().selectFrom('feedbacks').select('quiz_id').where('id', '=', feedback[key]).executeTakeFirstOrThrow()).quiz_id;
        const data = json(await t.request('GET', `/api/feedback-report?quizId=${quiz}`, { token })).data;
        expect(data.rows, key).toEqual([]);
        expect(data.quizzes, key).toEqual([]);
      }
    });
  });

  it("a student reads no one's feedback list", async () => {
    expect((await t.request('GET', '/api/feedback-report', { token: A.tokens.STUDENT })).statusCode).toBe(403);
  });
});
