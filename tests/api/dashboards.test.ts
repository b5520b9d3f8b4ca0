import { beforeAll, describe, expect, it } from 'vitest';
import { describeDb, useTestApp } from './helper';
import { bodies, json, newTenant, type Tenant } from './fixtures';

/** GET /api/dashboard for each role, and the admin's feedback list (GET /api/feedback-report). */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describeDb('dashboards', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;
  const tokens: Record<string, string> = {};
  let subjectId: number;
  let groupId: number;
  let studentId: number;
  let bank: { id: number; type: string; marks: number; module: number; options?: { id: string; correct: boolean }[] }[];
  let tenantB: Tenant;

  const call = (method: string, url: string, token: string, body?: unknown) => t.request(method, url, { token, ...(body === undefined ? {} : { body }) });
  const dashboard = async (token: string) => {
    const res = await call('GET', '/api/dashboard', token);
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data;
  };
  const iso = (ms: number) => new Date(ms).toISOString();
  let sequence = 0;
  async function createQuiz(questions: number[], from: number, to: number): Promise<number> {
    const res = await call('POST', '/api/quizzes', tokens.teacher, {
      name: `Dashboard quiz ${++sequence}`,
      subjects: [String(subjectId)],
      visible_from: iso(Math.min(from, Date.now()) - HOUR),
      valid_from: iso(from),
      valid_to: iso(to),
      duration: 30,
      group_id: groupId,
      options: { face_detection: false, safe_exam_browser: false, guest_flag: false, negative_marking: false },
      questions,
      published: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    return json(res).data.id;
  }
  const count = async (table: 'institutes' | 'departments' | 'groups') => (await db().selectFrom(table).select('id').execute()).length;

  beforeAll(async () => {
    tokens.admin = await t.login('admin', 'ADMIN');
    tokens.institute = await t.login('institute-head', 'INSTITUTE-HEAD');
    tokens.head = await t.login('department-head', 'DEPARTMENT-HEAD');
    tokens.teacher = await t.login('teacher', 'TEACHER');
    tokens.student = await t.login('student', 'STUDENT');
    studentId = (await db().selectFrom('users').select('id').where('username', '=', 'student').executeTakeFirstOrThrow()).id;
    subjectId = (await db().selectFrom('subjects').select('id').where('code', '=', 'CS201').executeTakeFirstOrThrow()).id;
    groupId = (await db().selectFrom('group_students').select('group_id').where('student_id', '=', studentId).executeTakeFirstOrThrow()).group_id;
    bank = (json(await call('GET', '/api/questions?range=[0,99]', tokens.teacher)).data as typeof bank).sort((a, b) => a.id - b.id);
    tenantB = await newTenant(t, tokens.admin);
  });

  describe("a quiz the demo student takes: the teacher's, the student's and the heads' figures follow", () => {
    let quiz: number;
    let attemptId: number;
    let before: any;

    beforeAll(async () => {
      before = { teacher: await dashboard(tokens.teacher), head: await dashboard(tokens.head), institute: await dashboard(tokens.institute) };
      // Single choice (2 marks, module "Linear structures") answered right, descriptive (5) answered: waits for grading.
      quiz = await createQuiz([bank[0].id, bank[5].id], Date.now() - HOUR, Date.now() + 2 * HOUR);
    });

    it('lists the live quiz for the teacher and counts started and submitted attempts', async () => {
      const open = (await dashboard(tokens.teacher)).quizzes.find((q: any) => q.quizId === quiz);
      expect(open).toMatchObject({ state: 'live', started: 0, submitted: 0 });
      const student = await dashboard(tokens.student);
      expect(student.nextQuiz).toMatchObject({ open: true });

      const start = await call('POST', `/api/student/quizzes/${quiz}/attempts`, tokens.student);
      expect([200, 201], start.body).toContain(start.statusCode);
      attemptId = json(start).data.id;
      expect((await dashboard(tokens.teacher)).quizzes.find((q: any) => q.quizId === quiz)).toMatchObject({ started: 1, submitted: 0 });
      // An attempt started is no longer the next quiz.
      expect((await dashboard(tokens.student)).nextQuiz?.quizId).not.toBe(quiz);

      const right = bank[0].options!.find((o) => o.correct)!.id;
      for (const [questionId, response] of [[bank[0].id, right], [bank[5].id, 'A priority queue of tentative distances.']] as const) {
        expect((await call('PUT', `/api/student/attempts/${attemptId}/answers/${questionId}`, tokens.student, { response, seq: 1 })).statusCode).toBe(200);
      }
      expect((await call('POST', `/api/student/attempts/${attemptId}/submit`, tokens.student)).statusCode).toBe(200);

      const after = await dashboard(tokens.teacher);
      expect(after.quizzes.find((q: any) => q.quizId === quiz)).toMatchObject({ started: 1, submitted: 1 });
      expect(after.awaitingGrading).toBe(before.teacher.awaitingGrading + 1);
      expect(after.awaitingByQuiz).toContainEqual({ quizId: quiz, name: expect.any(String), answers: 1 });
      expect(after.latestResults[0]).toMatchObject({ attemptId, quizId: quiz, studentName: expect.any(String), score: 2, maxScore: 7, pending: true });
      expect(after.subjects).toContainEqual({ subjectId, name: expect.any(String) });
      expect(after.weakestModules.length).toBeGreaterThan(0);
      for (const m of after.weakestModules) expect(m.percent).toBeGreaterThanOrEqual(0);
      expect(after.weakestModules.map((m: any) => m.percent)).toEqual([...after.weakestModules.map((m: any) => m.percent)].sort((a: number, b: number) => a - b));
    });

    it("shows the student's recent result as pending until graded, then the score and the module percents", async () => {
      const pending = await dashboard(tokens.student);
      expect(pending.recentResults[0]).toMatchObject({ attemptId, quizId: quiz, pending: true, score: null, percent: null });
      const treesOf = async () => (await dashboard(tokens.teacher)).weakestModules.find((m: any) => m.moduleId === bank[5].module) as { percent: number; pending: number };
      const { percent: treesBefore, pending: treesPendingBefore } = await treesOf();
      expect(treesBefore).toBeGreaterThanOrEqual(0);
      expect(treesPendingBefore).toBeGreaterThanOrEqual(1);
      const graded = await call('PUT', `/api/quizzes/${quiz}/attempts/${attemptId}/answers/${bank[5].id}/mark`, tokens.teacher, { marks: 3 });
      expect(graded.statusCode, graded.body).toBe(200);
      const data = await dashboard(tokens.student);
      expect(data.recentResults[0]).toMatchObject({ attemptId, pending: false, score: 5, maxScore: 7 });
      expect(data.recentResults[0].percent).toBeCloseTo(500 / 7, 9);
      const linear = data.percentByModule.find((m: any) => m.moduleId === bank[0].module);
      expect(linear.percent).toBeGreaterThan(0);
      expect((await dashboard(tokens.teacher)).awaitingGrading).toBe(before.teacher.awaitingGrading);
      // The teacher's module figures follow the new mark at once: the answer awaiting grading was left
      // out, and now joins the module's pool at 3 of 5 marks (60 %), which moves the pooled figure.
      const treesAfter = await treesOf();
      expect(treesAfter.percent).not.toBeCloseTo(treesBefore, 6);
      // Pooling 3 of 5 moves the figure towards 60 %, and the module has one answer fewer waiting.
      expect(Math.sign(treesAfter.percent - treesBefore)).toBe(Math.sign(60 - treesBefore));
      expect(treesAfter.pending).toBe(treesPendingBefore - 1);
    });

    it("counts the attempt in the department head's pass rate and the institute head's results", async () => {
      const head = await dashboard(tokens.head);
      const group = head.passRateByGroup.find((g: any) => g.groupId === groupId);
      const was = before.head.passRateByGroup.find((g: any) => g.groupId === groupId);
      // 5 of 7 is 71 %: a pass.
      expect(group).toMatchObject({ attempts: was.attempts + 1, passed: was.passed + 1 });
      expect(head.students).toBe((await db().selectFrom('users').select('id').where('role', '=', 'STUDENT').where('department_id', '=', tenantDepartment()).where('guest_quiz_id', 'is', null).execute()).length);
      expect(head.groups).toBe((await db().selectFrom('groups').select('id').where('department_id', '=', tenantDepartment()).execute()).length);

      const institute = await dashboard(tokens.institute);
      const row = institute.resultsByDepartment.find((d: any) => d.departmentId === tenantDepartment());
      const wasRow = before.institute.resultsByDepartment.find((d: any) => d.departmentId === tenantDepartment());
      expect(row.attempts).toBe(wasRow.attempts + 1);
      expect(institute.departments).toBe((await db().selectFrom('departments').select('id').where('institute_id', '=', tenantInstitute()).execute()).length);
    });

    let department: number;
    let institute: number;
    const tenantDepartment = () => department;
    const tenantInstitute = () => institute;
    beforeAll(async () => {
      const teacher = await db().selectFrom('users').select(['department_id', 'institute_id']).where('username', '=', 'teacher').executeTakeFirstOrThrow();
      department = teacher.department_id!;
      institute = teacher.institute_id!;
    });

    it('lists an upcoming exam for the department head and the quizzes of this month for the institute head', async () => {
      const monthBefore = (await dashboard(tokens.institute)).quizzesThisMonth;
      const soon = await createQuiz([bank[0].id], Date.now() + 5 * MINUTE, Date.now() + 3 * HOUR);
      const head = await dashboard(tokens.head);
      expect(head.upcomingExams.map((q: any) => q.quizId)).toContain(soon);
      expect((await dashboard(tokens.teacher)).quizzes.find((q: any) => q.quizId === soon)).toMatchObject({ state: 'upcoming' });
      const sameMonth = new Date(Date.now() + 5 * MINUTE).getUTCMonth() === new Date().getUTCMonth();
      if (sameMonth) expect((await dashboard(tokens.institute)).quizzesThisMonth).toBe(monthBefore + 1);
    });
  });

  it("counts the admin's institutes, users by role and quizzes this week", async () => {
    const data = await dashboard(tokens.admin);
    expect(data.institutes).toBe(await count('institutes'));
    const students = await db().selectFrom('users').select('id').where('role', '=', 'STUDENT').where('guest_quiz_id', 'is', null).execute();
    expect(data.usersByRole.STUDENT).toBe(students.length);
    expect(data.usersByRole.ADMIN).toBeGreaterThanOrEqual(1);
    expect(typeof data.quizzesThisWeek).toBe('number');
    // The feedback figures name their period: from a UTC midnight 60 days before this month's start.
    const monthStart = new Date();
    expect(data.feedbackSince).toBe(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth(), 1) - 60 * 86_400_000);
    for (const day of data.feedbackTrend) expect(Date.parse(day.date)).toBeGreaterThanOrEqual(data.feedbackSince);
    const created = await call('POST', '/api/institutes', tokens.admin, bodies.institute());
    expect(created.statusCode, created.body).toBe(201);
    expect((await dashboard(tokens.admin)).institutes).toBe(data.institutes + 1);
  });

  describe("the admin's feedback list", () => {
    it("shows the quiz's name, the student, the date, the rating and the comment, and each quiz's average", async () => {
      const res = await call('GET', '/api/feedback-report', tokens.admin);
      expect(res.statusCode, res.body).toBe(200);
      const data = json(res).data;
      // Tenant B's student gave feedback on tenant B's quiz (fixtures).
      const row = data.rows.find((r: any) => r.id === tenantB.feedback);
      expect(row).toMatchObject({ quizId: tenantB.quiz, quizName: expect.stringMatching(/^Quiz /), studentName: 'Sara Student', rating: 4, comment: 'Clear questions' });
      expect(row.createdAt).toBeGreaterThan(Date.now() - HOUR);
      expect(data.quizzes.find((q: any) => q.quizId === tenantB.quiz)).toEqual({ quizId: tenantB.quiz, name: row.quizName, count: 1, averageRating: 4 });
      expect(data.quizChoices.map((q: any) => q.quizId)).toContain(tenantB.quiz);

      const latest = (await dashboard(tokens.admin)).latestFeedback;
      expect(latest.map((f: any) => f.id)).toContain(tenantB.feedback);
      expect(latest[0]).toHaveProperty('quizName');
    });

    it('filters by quiz and by date', async () => {
      const other = json(await call('GET', `/api/feedback-report?quizId=${tenantB.quiz + 100000}`, tokens.admin)).data;
      expect(other.rows).toEqual([]);
      const mine = json(await call('GET', `/api/feedback-report?quizId=${tenantB.quiz}`, tokens.admin)).data;
      expect(mine.rows.map((r: any) => r.id)).toEqual([tenantB.feedback]);
      const today = new Date().toISOString().slice(0, 10);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      expect(json(await call('GET', `/api/feedback-report?from=${today}&to=${today}`, tokens.admin)).data.rows.map((r: any) => r.id)).toContain(tenantB.feedback);
      expect(json(await call('GET', `/api/feedback-report?from=${tomorrow}`, tokens.admin)).data.rows).toEqual([]);
      const bad = await call('GET', '/api/feedback-report?from=yesterday', tokens.admin);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('from must be a date (YYYY-MM-DD)');
      expect((await call('GET', `/api/feedback-report?from=${tomorrow}&to=${today}`, tokens.admin)).statusCode).toBe(400);
    });

    it('is not for students (the staff scopes: feedbackScopes.test.ts)', async () => {
      expect((await call('GET', '/api/feedback-report', tokens.student)).statusCode).toBe(403);
    });
  });

  it('keeps every dashboard inside its tenant', async () => {
    const b = await dashboard(tenantB.tokens.TEACHER);
    expect(b.latestResults.every((r: any) => r.quizId === tenantB.quiz)).toBe(true);
    const head = await dashboard(tenantB.tokens['DEPARTMENT-HEAD']);
    expect(head.passRateByGroup.map((g: any) => g.groupId)).toEqual([tenantB.group]);
    const institute = await dashboard(tenantB.tokens['INSTITUTE-HEAD']);
    expect(institute.resultsByDepartment.map((d: any) => d.departmentId)).toEqual([tenantB.department]);
    expect(institute).toMatchObject({ departments: 1, teachers: 1, students: 1 });
    expect((await call('GET', '/api/dashboard', '')).statusCode).toBe(405);
  });
});
