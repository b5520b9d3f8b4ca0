import { beforeAll, describe, expect, it } from 'vitest';
import { describeDb, useTestApp } from './helper';
import { startOfMonth, startOfWeek } from '../../server/analysis/dashboards';
import { bodies, created, isoIn, json, newTenant, type Tenant } from './fixtures';

/**
 * Every figure built from marks leaves an answer awaiting grading out (of the marks earned and of
 * the marks available) and says how many it left out; once graded, the answer counts. A module has
 * one figure everywhere (marks earned / marks available over the graded answers). Drafts are never
 * counted as upcoming exams; the student's next quiz is the open quiz that closes first.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describeDb('figures', () => {
  const t = useTestApp();
  let tenant: Tenant;
  let admin: string;
  let module: number;
  let single: number;
  let essay: number;
  let later: number;
  let firstQuiz: number;
  let secondQuiz: number;
  let attempt: number;

  const call = (method: string, url: string, token: string, body?: unknown) => t.request(method, url, { token, ...(body === undefined ? {} : { body }) });
  const get = async (url: string, token: string) => {
    const res = await call('GET', url, token);
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data;
  };
  const teacher = () => tenant.tokens.TEACHER;
  const student = () => tenant.tokens.STUDENT;
  const question = async (body: Record<string, unknown>) => created(await call('POST', '/api/questions', teacher(), { ...bodies.question(tenant), module, ...body }), 'question').id as number;
  const quiz = async (questions: number[], overrides: Record<string, unknown> = {}) =>
    created(await call('POST', '/api/quizzes', teacher(), bodies.openQuiz(tenant, { questions, ...overrides })), 'quiz').id as number;
  /** Starts, answers and submits the tenant's student's attempt; returns its id. */
  async function take(quizId: number, answers: [number, unknown][]) {
    const start = await call('POST', `/api/student/quizzes/${quizId}/attempts`, student());
    expect([200, 201], start.body).toContain(start.statusCode);
    const id = json(start).data.id as number;
    for (const [questionId, response] of answers) expect((await call('PUT', `/api/student/attempts/${id}/answers/${questionId}`, student(), { response, seq: 1 })).statusCode).toBe(200);
    expect((await call('POST', `/api/student/attempts/${id}/submit`, student())).statusCode).toBe(200);
    return id;
  }
  const rightOption = async (questionId: number) => {
    const q = await get(`/api/questions/${questionId}`, teacher());
    return q.options.find((o: { correct: boolean }) => o.correct).id as string;
  };
  const moduleIn = (list: { moduleId: number }[]) => list.find((m) => m.moduleId === module) as any;

  beforeAll(async () => {
    admin = await t.login('admin', 'ADMIN');
    tenant = await newTenant(t, admin);
    module = created(await call('POST', '/api/modules', teacher(), bodies.module(tenant)), 'module').id;
    // One module: a single choice (2 marks) and an essay (4 marks, graded by hand), both hard.
    single = await question({ marks: 2, difficulty: 'hard' });
    essay = await question({ type: 'descriptive', marks: 4, difficulty: 'hard', options: undefined, question: 'Explain how a hash table handles collisions.' });
    later = await question({ marks: 1, difficulty: 'hard' });
    firstQuiz = await quiz([single, essay], { valid_from: isoIn(-60 * MINUTE) });
    attempt = await take(firstQuiz, [
      [single, await rightOption(single)],
      [essay, 'Chaining keeps a list in each bucket.'],
    ]);
  });

  describe('a quiz with one answer awaiting grading', () => {
    it('leaves it out of the quiz attainment and reports it', async () => {
      const report = await get(`/api/quizzes/${firstQuiz}/statistics`, teacher());
      expect(report).toMatchObject({ pendingGrading: 1, pendingAnswers: 1 });
      // 2 of the 2 graded marks: the essay counts neither 0 of 4 nor anything until graded.
      expect(moduleIn(report.modules)).toMatchObject({ mean: 100, earned: 2, available: 2, pending: 1, students: 1, reached: 100 });
      expect(report.students[0]).toMatchObject({ total: 2, percent: 100, pending: true, pendingAnswers: 1, modules: { [module]: 100 } });
      // The item and test statistics need the attempt's total: it joins them once graded. The essay
      // is still there to grade.
      expect(report.attempts).toBe(0);
      expect(report.questions.find((q: any) => q.questionId === essay)).toMatchObject({ s: 0, submitted: 1, pending: 1 });
    });

    it("leaves it out of the subject's attainment and of the teacher's weakest modules, with the same figure", async () => {
      const subject = await get(`/api/subjects/${tenant.subject}/attainment`, teacher());
      expect(moduleIn(subject.modules)).toMatchObject({ mean: 100, pending: 1, trend: null });
      expect(subject.quizzes.find((q: any) => q.quizId === firstQuiz)).toMatchObject({ attempts: 1, pending: 1 });
      const dashboard = await get('/api/dashboard', teacher());
      expect(moduleIn(dashboard.weakestModules)).toMatchObject({ percent: 100, pending: 1 });
      expect(dashboard.weakestModulesPending).toBe(1);
    });

    it("leaves it out of the student's breakdown and module percents", async () => {
      const analysis = await get(`/api/student/attempts/${attempt}/analysis`, student());
      expect(analysis.pendingAnswers).toBe(1);
      expect(analysis.questions.find((q: any) => q.id === essay)).toMatchObject({ outcome: 'pending', marksGained: null });
      const row = { marks: 2, maxMarks: 2, questions: 1, correct: 1, pending: 1 };
      expect(analysis.byModule).toEqual([{ name: expect.any(String), ...row }]);
      expect(analysis.byDifficulty).toEqual([{ name: 'hard', ...row }]);
      const dashboard = await get('/api/dashboard', student());
      expect(moduleIn(dashboard.percentByModule)).toMatchObject({ percent: 100, pending: 1 });
      expect(dashboard.pendingAnswers).toBe(1);
    });
  });

  describe('once the teacher grades it', () => {
    beforeAll(async () => {
      const graded = await call('PUT', `/api/quizzes/${firstQuiz}/attempts/${attempt}/answers/${essay}/mark`, teacher(), { marks: 1 });
      expect(graded.statusCode, graded.body).toBe(200);
    });

    it('counts it in every figure', async () => {
      const report = await get(`/api/quizzes/${firstQuiz}/statistics`, teacher());
      expect(report).toMatchObject({ pendingGrading: 0, pendingAnswers: 0, attempts: 1, mean: 3 });
      expect(moduleIn(report.modules)).toMatchObject({ mean: 50, earned: 3, available: 6, pending: 0 });
      expect(moduleIn((await get(`/api/subjects/${tenant.subject}/attainment`, teacher())).modules)).toMatchObject({ mean: 50, pending: 0 });
      const teacherDashboard = await get('/api/dashboard', teacher());
      expect(moduleIn(teacherDashboard.weakestModules)).toMatchObject({ percent: 50, pending: 0 });
      expect(teacherDashboard.weakestModulesPending).toBe(0);

      const analysis = await get(`/api/student/attempts/${attempt}/analysis`, student());
      expect(analysis.pendingAnswers).toBe(0);
      expect(analysis.byDifficulty).toEqual([{ name: 'hard', marks: 3, maxMarks: 6, questions: 2, correct: 1, pending: 0 }]);
      const studentDashboard = await get('/api/dashboard', student());
      expect(moduleIn(studentDashboard.percentByModule)).toMatchObject({ percent: 50, pending: 0 });
      expect(studentDashboard.pendingAnswers).toBe(0);
    });

    it('gives a module one figure on the dashboard and in the attainment: pooled marks, not the mean of the quiz percents', async () => {
      // A second quiz on the module: 0 of 1. Pooled: 3 of 7 marks; the mean of the quiz percents would be 25.
      secondQuiz = await quiz([later], { valid_from: isoIn(-30 * MINUTE) });
      await take(secondQuiz, []);
      const subject = moduleIn((await get(`/api/subjects/${tenant.subject}/attainment`, teacher())).modules);
      expect(subject.mean).toBeCloseTo(300 / 7, 9);
      expect(subject.points.map((p: any) => p.mean)).toEqual([50, 0]);
      expect(subject.trend).toBe(-50);
      expect(moduleIn((await get('/api/dashboard', teacher())).weakestModules).percent).toBeCloseTo(300 / 7, 9);
    });

    it('counts questions drawn at random in both places alike', async () => {
      // The only descriptive question of the bank is drawn: 4 more marks, awaiting grading, then 2 of 4.
      const drawn = await quiz([later], { valid_from: isoIn(-20 * MINUTE), random_rules: [{ type: 'descriptive', count: 1 }] });
      const id = await take(drawn, [[essay, 'Linear probing tries the next slot.']]);
      const figures = async () => ({
        attainment: moduleIn((await get(`/api/subjects/${tenant.subject}/attainment`, teacher())).modules),
        weakest: moduleIn((await get('/api/dashboard', teacher())).weakestModules),
      });
      const pending = await figures();
      expect(pending.attainment).toMatchObject({ pending: 1 });
      expect(pending.weakest).toMatchObject({ pending: 1 });
      expect(pending.attainment.mean).toBeCloseTo(300 / 8, 9);
      expect(pending.weakest.percent).toBeCloseTo(300 / 8, 9);
      expect((await call('PUT', `/api/quizzes/${drawn}/attempts/${id}/answers/${essay}/mark`, teacher(), { marks: 2 })).statusCode).toBe(200);
      const graded = await figures();
      expect(graded.attainment.mean).toBeCloseTo(500 / 12, 9);
      expect(graded.weakest.percent).toBeCloseTo(500 / 12, 9);
      expect(graded.weakest.pending).toBe(0);
    });

    it('counts a question as the papers froze it, in both places alike, after the teacher edits it', async () => {
      // `later` is worth 1 mark on the papers taken; the bank's copy now says 3.
      const edited = await call('PUT', `/api/questions/${later}`, teacher(), { ...bodies.question(tenant), module, marks: 3, difficulty: 'hard' });
      expect(edited.statusCode, edited.body).toBe(200);
      // A mark given by hand on the second quiz makes the dashboard read that quiz again.
      const second = await t.portal.database.db.selectFrom('attempts').select('id').where('quiz_id', '=', secondQuiz).executeTakeFirstOrThrow();
      expect((await call('PUT', `/api/quizzes/${secondQuiz}/attempts/${second.id}/answers/${later}/mark`, teacher(), { marks: 0 })).statusCode).toBe(200);
      const attainment = moduleIn((await get(`/api/subjects/${tenant.subject}/attainment`, teacher())).modules);
      const weakest = moduleIn((await get('/api/dashboard', teacher())).weakestModules);
      expect(attainment.mean).toBeCloseTo(500 / 12, 9);
      expect(weakest.percent).toBeCloseTo(500 / 12, 9);
    });
  });

  describe('drafts and the next quiz', () => {
    it('lists a draft as a draft and never counts it as an upcoming exam', async () => {
      const soon = { visible_from: isoIn(-10 * MINUTE), valid_from: isoIn(5 * MINUTE), valid_to: isoIn(2 * HOUR) };
      const before = { admin: await get('/api/dashboard', admin), institute: await get('/api/dashboard', tenant.tokens['INSTITUTE-HEAD']) };
      const draft = created(await call('POST', '/api/quizzes', teacher(), bodies.quiz(tenant, soon)), 'draft').id as number;
      const published = created(await call('POST', '/api/quizzes', teacher(), bodies.quiz(tenant, { ...soon, published: true })), 'published').id as number;

      const quizzes = (await get('/api/dashboard', teacher())).quizzes;
      expect(quizzes.find((q: any) => q.quizId === draft)).toMatchObject({ state: 'draft', published: false });
      expect(quizzes.find((q: any) => q.quizId === published)).toMatchObject({ state: 'upcoming', published: true });
      const upcoming = (await get('/api/dashboard', tenant.tokens['DEPARTMENT-HEAD'])).upcomingExams.map((q: any) => q.quizId);
      expect(upcoming).toContain(published);
      expect(upcoming).not.toContain(draft);
      // The published quiz counts once in this week and this month (when it opens in the same one); the draft never.
      const opens = Date.now() + 5 * MINUTE;
      const sameWeek = startOfWeek(opens) === startOfWeek(Date.now());
      if (sameWeek) expect((await get('/api/dashboard', admin)).quizzesThisWeek).toBe(before.admin.quizzesThisWeek + 1);
      if (startOfMonth(opens) === startOfMonth(Date.now())) expect((await get('/api/dashboard', tenant.tokens['INSTITUTE-HEAD'])).quizzesThisMonth).toBe(before.institute.quizzesThisMonth + 1);
    });

    it("is the open quiz that closes first, then the upcoming quiz that opens first, for the student's next quiz", async () => {
      const open = (minutesAgo: number, closesIn: number) => ({ visible_from: isoIn(-(minutesAgo + 10) * MINUTE), valid_from: isoIn(-minutesAgo * MINUTE), valid_to: isoIn(closesIn * MINUTE) });
      const upcoming = (opensIn: number) => ({ visible_from: isoIn(-10 * MINUTE), valid_from: isoIn(opensIn * MINUTE), valid_to: isoIn((opensIn + 120) * MINUTE) });
      // Opened first but closes last; opened later but closes first; two upcoming ones.
      const long = await quiz([single], open(60, 24 * 60));
      const short = await quiz([single], open(10, 90));
      // Both open before the published quiz of the test above (in 5 minutes).
      const laterOne = await quiz([single], upcoming(4));
      const soonOne = await quiz([single], upcoming(3));
      const next = async () => (await get('/api/dashboard', student())).nextQuiz;
      expect(await next()).toMatchObject({ quizId: short, open: true });
      await take(short, []);
      expect(await next()).toMatchObject({ quizId: long, open: true });
      await take(long, []);
      // With no open quiz left, the one of the upcoming quizzes (drafts left out) that opens first.
      expect(await next()).toMatchObject({ quizId: soonOne, open: false });
      expect(laterOne).toBeGreaterThan(0);
    });
  });
});
