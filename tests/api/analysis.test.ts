import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { describeDb, useTestApp } from './helper';
import { CHOSEN_PASSWORD, json, newTenant, type Tenant } from './fixtures';

/**
 * GET /api/quizzes/{quizId}/statistics on a quiz taken through the real exam API by four students,
 * the hand grading that feeds it, the export, and who may read it.
 */

const MINUTE = 60_000;
const NAMES = ['', 'Anna', 'Bela', 'Cleo', 'Dora'];
const HOUR = 60 * MINUTE;

interface BankQuestion {
  id: number;
  type: string;
  marks: number;
  module: number;
  options?: { id: string; text: string; correct: boolean }[];
}

describeDb('quiz statistics', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;
  const tokens: Record<string, string> = {};
  let bank: BankQuestion[];
  let subjectId: number;
  let groupId: number;
  /** The four students, best first: their tokens and attempt ids. */
  const students: { id: number; token: string; attempt?: number }[] = [];
  let tenantB: Tenant;

  const call = (method: string, url: string, token: string, body?: unknown) => t.request(method, url, { token, ...(body === undefined ? {} : { body }) });
  const iso = (ms: number) => new Date(ms).toISOString();
  let sequence = 0;

  async function createQuiz(questions: number[], extra: Record<string, unknown> = {}): Promise<number> {
    const now = Date.now();
    const res = await call('POST', '/api/quizzes', tokens.teacher, {
      name: `Statistics quiz ${++sequence}`,
      subjects: [String(subjectId)],
      visible_from: iso(now - 2 * HOUR),
      valid_from: iso(now - HOUR),
      valid_to: iso(now + 2 * HOUR),
      duration: 60,
      group_id: groupId,
      options: { face_detection: false, safe_exam_browser: false, guest_flag: false, negative_marking: false },
      questions,
      published: true,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return json(res).data.id;
  }

  async function newStudent(n: number): Promise<{ id: number; token: string }> {
    const username = `statstudent${n}`;
    const res = await call('POST', '/api/students', tokens.head, { batch: '2026', email: `${username}@pupil.example`, fullname: `Stat Student ${NAMES[n]}`, phone: `91000002${String(n).padStart(2, '0')}`, semester: '3', username });
    expect(res.statusCode, res.body).toBe(201);
    const { id, initialPassword } = json(res).data;
    const first = await t.login(username, 'STUDENT', initialPassword);
    const changed = await call('POST', '/api/auth/change-password', first, { currentPassword: initialPassword, newPassword: CHOSEN_PASSWORD, confirmPassword: CHOSEN_PASSWORD });
    expect(changed.statusCode, changed.body).toBe(200);
    return { id, token: await t.login(username, 'STUDENT', CHOSEN_PASSWORD) };
  }

  /** Starts, answers (question id → response) and submits one student's attempt through the exam API. */
  async function take(quizId: number, student: { token: string }, responses: [number, unknown][]): Promise<number> {
    const start = await call('POST', `/api/student/quizzes/${quizId}/attempts`, student.token);
    expect([200, 201], start.body).toContain(start.statusCode);
    const attemptId = json(start).data.id as number;
    for (const [questionId, response] of responses) {
      const saved = await call('PUT', `/api/student/attempts/${attemptId}/answers/${questionId}`, student.token, { response, seq: 1 });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const submitted = await call('POST', `/api/student/attempts/${attemptId}/submit`, student.token);
    expect(submitted.statusCode, submitted.body).toBe(200);
    return attemptId;
  }

  const statistics = async (quizId: number, token = tokens.teacher) => {
    const res = await call('GET', `/api/quizzes/${quizId}/statistics`, token);
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data;
  };

  beforeAll(async () => {
    tokens.teacher = await t.login('teacher', 'TEACHER');
    tokens.head = await t.login('department-head', 'DEPARTMENT-HEAD');
    tokens.institute = await t.login('institute-head', 'INSTITUTE-HEAD');
    tokens.admin = await t.login('admin', 'ADMIN');
    tokens.student = await t.login('student', 'STUDENT');
    subjectId = (await db().selectFrom('subjects').select('id').where('code', '=', 'CS201').executeTakeFirstOrThrow()).id;
    const questions = await call('GET', '/api/questions?range=[0,99]', tokens.teacher);
    bank = (json(questions).data as BankQuestion[]).sort((a, b) => a.id - b.id);
    for (let n = 1; n <= 4; n++) students.push(await newStudent(n));
    const group = await call('POST', '/api/groups', tokens.teacher, { groupName: 'Statistics group', students: students.map((s) => s.id) });
    expect(group.statusCode, group.body).toBe(201);
    groupId = json(group).data.id;
    tenantB = await newTenant(t, tokens.admin);
  });

  describe('a quiz of three questions taken by four students', () => {
    let quiz: number;
    let single: BankQuestion;
    let trueFalse: BankQuestion;
    let descriptive: BankQuestion;
    const right = (q: BankQuestion) => q.options!.find((o) => o.correct)!.id;
    const wrong = (q: BankQuestion) => q.options!.find((o) => !o.correct)!.id;

    beforeAll(async () => {
      [single, trueFalse, descriptive] = [bank[0], bank[2], bank[5]];
      expect([single.type, single.marks, trueFalse.type, trueFalse.marks, descriptive.type, descriptive.marks]).toEqual(['single', 2, 'true_false', 1, 'descriptive', 5]);
      // Target 100 % of a module's marks; levels 3, 2, 1 at 50 %, 30 %, 10 % of the students.
      quiz = await createQuiz([single.id, trueFalse.id, descriptive.id], { attainment_target: 100, attainment_levels: { level3: 50, level2: 30, level1: 10 } });
      /*
       *            single (2)  true/false (1)  descriptive (5)  total
       * student 1  right 2     right 1         answered: pending  3 (8 once graded 5)
       * student 2  right 2     wrong 0         -                  2
       * student 3  wrong 0     right 1         -                  1
       * student 4  wrong 0     wrong 0         -                  0
       */
      students[0].attempt = await take(quiz, students[0], [[single.id, right(single)], [trueFalse.id, true], [descriptive.id, 'A priority queue settles the nearest vertex first.']]);
      students[1].attempt = await take(quiz, students[1], [[single.id, right(single)], [trueFalse.id, false]]);
      students[2].attempt = await take(quiz, students[2], [[single.id, wrong(single)], [trueFalse.id, true]]);
      students[3].attempt = await take(quiz, students[3], [[single.id, wrong(single)], [trueFalse.id, false]]);
    });

    it('leaves the pending answer out until graded and reports it', async () => {
      const data = await statistics(quiz);
      // The statistics need each attempt's total: student 1's joins them once graded.
      // Totals 2, 1, 0: mean 1, median 1, sd √((1 + 0 + 1) / 2).
      expect(data).toMatchObject({ attempts: 3, scoreMax: 8, mean: 1, median: 1, min: 0, max: 2, pendingGrading: 1, pendingAnswers: 1 });
      expect(data.sd).toBeCloseTo(1, 9);
      const d = data.questions.find((q: any) => q.questionId === descriptive.id);
      // The three graded descriptive marks are 0: no variance, no discrimination.
      expect(d).toMatchObject({ s: 3, facility: 0, sd: 0, discriminationIndex: null, discriminativeEfficiency: null });
      // The attainment leaves the one pending answer out: not 0 of 5 for student 1.
      const essays = data.modules.find((m: any) => m.moduleId === descriptive.module);
      expect(essays).toMatchObject({ students: 3, mean: 0, pending: 1 });
      const first = data.students.find((r: any) => r.studentId === students[0].id);
      expect(first).toMatchObject({ total: 3, percent: 100, pending: true, pendingAnswers: 1 });
      expect(first.modules).toEqual({ [single.module]: 100, [trueFalse.module]: 100 });
    });

    it('gives the figures once the teacher grades the descriptive answer', async () => {
      const graded = await call('PUT', `/api/quizzes/${quiz}/attempts/${students[0].attempt}/answers/${descriptive.id}/mark`, tokens.teacher, { marks: 5, comment: 'Complete' });
      expect(graded.statusCode, graded.body).toBe(200);
      expect(json(graded).data).toMatchObject({ score: 8, pending: false });

      const data = await statistics(quiz);
      // Totals 8, 2, 1, 0: mean 11 / 4 = 2.75; median 1.5; deviations 5.25, -0.75, -1.75, -2.75.
      expect(data).toMatchObject({ attempts: 4, scoreMax: 8, mean: 2.75, median: 1.5, min: 0, max: 8, pendingGrading: 0 });
      expect(data.sd).toBeCloseTo(Math.sqrt((27.5625 + 0.5625 + 3.0625 + 7.5625) / 3), 9);
      // Percent of 8: 100, 25, 12.5, 0.
      expect(data.histogram.map((b: any) => b.count)).toEqual([1, 1, 1, 0, 0, 0, 0, 0, 0, 1]);
      expect(data.histogram[9]).toEqual({ from: 90, to: 100, count: 1 });

      const byId = new Map<number, any>(data.questions.map((q: any) => [q.questionId, q]));
      const s = byId.get(single.id);
      expect(s).toMatchObject({ position: 1, type: 'single', maxMark: 2, s: 4, facility: 50 });
      // Single: marks 2, 2, 0, 0 (variance 4/3), rest of the test 6, 0, 1, 0 (mean 1.75, variance 24.75 / 3 = 8.25),
      // covariance (1 · 4.25 + 1 · -1.75 - 1 · -0.75 - 1 · -1.75) / 3 = 5/3.
      expect(s.discriminationIndex).toBeCloseTo((100 * (5 / 3)) / Math.sqrt((4 / 3) * 8.25), 9);
      expect(s.sd).toBeCloseTo((100 * Math.sqrt(4 / 3)) / 2, 9);
      // Upper group: student 1 (8); lower group: student 4 (0): 1 - 0.
      expect(s.upperLowerIndex).toBe(1);
      expect(s.options.find((o: any) => o.optionId === right(single))).toMatchObject({ correct: true, count: 2, percent: 50, upper: 1, lower: 0 });
      expect(s.options.find((o: any) => o.optionId === wrong(single))).toMatchObject({ correct: false, count: 2, percent: 50, upper: 0, lower: 1 });
      const tf = byId.get(trueFalse.id);
      expect(tf).toMatchObject({ facility: 50, upperLowerIndex: 1 });
      expect(tf.options).toEqual([
        expect.objectContaining({ optionId: 'true', correct: true, count: 2, upper: 1, lower: 0 }),
        expect.objectContaining({ optionId: 'false', correct: false, count: 2, upper: 0, lower: 1 }),
      ]);
      expect(byId.get(descriptive.id)).toMatchObject({ facility: 25 });
      for (const key of ['effectiveWeight', 'discriminativeEfficiency', 'pointBiserial']) expect(typeof s[key], key).toBe('number');
      for (const key of ['skewness', 'kurtosis', 'cic', 'errorRatio', 'standardError']) expect(typeof data[key], key).toBe('number');

      // Modules (one question each here) at a target of 100 %: single reached by 2 of 4 (50 % → level 3),
      // true/false 2 of 4 (level 3), descriptive 1 of 4 (25 % → level 1).
      const moduleOf = new Map<number, any>(data.modules.map((m: any) => [m.moduleId, m]));
      expect(moduleOf.get(single.module)).toMatchObject({ questions: 1, mean: 50, reached: 50, level: 3 });
      expect(moduleOf.get(trueFalse.module)).toMatchObject({ questions: 1, mean: 50, reached: 50, level: 3 });
      expect(moduleOf.get(descriptive.module)).toMatchObject({ questions: 1, mean: 25, reached: 25, level: 1 });
      const first = data.students.find((r: any) => r.studentId === students[0].id);
      expect(first).toMatchObject({ name: 'Stat Student Anna', total: 8, percent: 100 });
      expect(first.modules).toEqual({ [single.module]: 100, [trueFalse.module]: 100, [descriptive.module]: 100 });
      const third = data.students.find((r: any) => r.studentId === students[2].id);
      expect(third).toMatchObject({ total: 1, percent: 12.5 });
      expect(third.modules).toEqual({ [single.module]: 0, [trueFalse.module]: 100, [descriptive.module]: 0 });
    });

    it("shows the teacher's marks in the student's history and analysis at once", async () => {
      const history = json(await call('GET', '/api/student/attempts', students[0].token)).data;
      expect(history.find((h: any) => h.id === students[0].attempt)).toMatchObject({ score: 8, pending: false });
      const analysis = json(await call('GET', `/api/student/attempts/${students[0].attempt}/analysis`, students[0].token)).data;
      expect(analysis).toMatchObject({ score: 8, pending: false });
      expect(analysis.questions.find((q: any) => q.id === descriptive.id)).toMatchObject({ marksGained: 5 });
    });

    it('regrades any answer by hand and keeps the marks when the attempt is graded again', async () => {
      const list = await call('GET', `/api/quizzes/${quiz}/grading/${trueFalse.id}`, tokens.teacher);
      expect(list.statusCode, list.body).toBe(200);
      expect(json(list).data.answers.map((a: any) => a.attemptId).sort()).toEqual(students.map((s) => s.attempt).sort());
      const tooMany = await call('PUT', `/api/quizzes/${quiz}/attempts/${students[3].attempt}/answers/${trueFalse.id}/mark`, tokens.teacher, { marks: 2 });
      expect(tooMany.statusCode).toBe(400);
      expect(json(tooMany).data.errors).toEqual({ marks: 'At most 1' });
      const res = await call('PUT', `/api/quizzes/${quiz}/attempts/${students[3].attempt}/answers/${trueFalse.id}/mark`, tokens.teacher, { marks: 1, comment: 'Ambiguous wording: accepted' });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).data).toMatchObject({ score: 1, pending: false });
      // Grading the attempt again (another hand grade on it) keeps the regraded mark.
      const again = await call('PUT', `/api/quizzes/${quiz}/attempts/${students[3].attempt}/answers/${single.id}/mark`, tokens.teacher, { marks: 0 });
      expect(json(again).data).toMatchObject({ score: 1 });
      const data = await statistics(quiz);
      expect(data.questions.find((q: any) => q.questionId === trueFalse.id)).toMatchObject({ facility: 75 });
      const row = json(await call('GET', `/api/quizzes/${quiz}/grading/${trueFalse.id}`, tokens.teacher)).data.answers.find((a: any) => a.attemptId === students[3].attempt);
      expect(row).toMatchObject({ marks: 1, comment: 'Ambiguous wording: accepted', manual: true });
      // The same rule as the manage page's grading: marks sent without a comment leave it, an empty comment clears it.
      const gradingRow = async () => json(await call('GET', `/api/quizzes/${quiz}/grading/${trueFalse.id}`, tokens.teacher)).data.answers.find((a: any) => a.attemptId === students[3].attempt);
      expect((await call('PUT', `/api/quizzes/${quiz}/attempts/${students[3].attempt}/answers/${trueFalse.id}/mark`, tokens.teacher, { marks: 1 })).statusCode).toBe(200);
      expect(await gradingRow()).toMatchObject({ marks: 1, comment: 'Ambiguous wording: accepted' });
      expect((await call('PUT', `/api/quizzes/${quiz}/attempts/${students[3].attempt}/answers/${trueFalse.id}/mark`, tokens.teacher, { marks: 1, comment: '' })).statusCode).toBe(200);
      expect(await gradingRow()).toMatchObject({ marks: 1, comment: null });
      const missing = await call('PUT', `/api/quizzes/${quiz}/attempts/${students[3].attempt}/answers/${trueFalse.id}/mark`, tokens.teacher, { comment: 'No marks' });
      expect(missing.statusCode).toBe(400);
      expect(json(missing).data.errors).toEqual({ marks: 'Enter the marks' });
    });

    it('exports the whole report as .xlsx and as CSV', async () => {
      const xlsx = await call('GET', `/api/quizzes/${quiz}/statistics/export?format=xlsx`, tokens.teacher);
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-disposition']).toMatch(/\.xlsx"$/);
      const book = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
      expect(book.SheetNames).toEqual(['Summary', 'Histogram', 'Questions', 'Options', 'Modules', 'Students']);
      const summary = XLSX.utils.sheet_to_json<{ figure: string; value: number }>(book.Sheets.Summary);
      expect(summary.find((r) => r.figure === 'attempts')?.value).toBe(4);
      const rows = XLSX.utils.sheet_to_json<{ name: string; total: number }>(book.Sheets.Students);
      expect(rows.map((r) => r.total).sort((a, b) => a - b)).toEqual([1, 1, 2, 8]);
      const csv = await call('GET', `/api/quizzes/${quiz}/statistics/export?format=csv`, tokens.teacher);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      expect(csv.body).toContain('Questions\n');
      expect(csv.body).toContain('Stat Student Anna');
      expect((await call('GET', `/api/quizzes/${quiz}/statistics/export?format=pdf`, tokens.teacher)).statusCode).toBe(400);
    });

    it("is for the quiz's teacher and the heads of its department and institute", async () => {
      expect((await statistics(quiz, tokens.head)).attempts).toBe(4);
      expect((await statistics(quiz, tokens.institute)).attempts).toBe(4);
      for (const token of [tokens.student, tokens.admin]) expect((await call('GET', `/api/quizzes/${quiz}/statistics`, token)).statusCode).toBe(403);
      for (const role of ['TEACHER', 'DEPARTMENT-HEAD', 'INSTITUTE-HEAD'] as const) {
        const res = await call('GET', `/api/quizzes/${quiz}/statistics`, tenantB.tokens[role]);
        expect(res.statusCode, role).toBe(404);
      }
      expect((await call('GET', `/api/quizzes/${tenantB.quiz}/statistics`, tokens.teacher)).statusCode).toBe(404);
      expect((await call('GET', `/api/quizzes/${quiz}/statistics`, '')).statusCode).toBe(405);
      // Only the quiz's teacher grades it.
      expect((await call('PUT', `/api/quizzes/${quiz}/attempts/${students[0].attempt}/answers/${single.id}/mark`, tenantB.tokens.TEACHER, { marks: 0 })).statusCode).toBe(404);
      expect((await call('PUT', `/api/quizzes/${quiz}/attempts/${students[0].attempt}/answers/${single.id}/mark`, tokens.head, { marks: 0 })).statusCode).toBe(403);
    });

    it("gives the subject's attainment per module across the teacher's quizzes", async () => {
      const res = await call('GET', `/api/subjects/${subjectId}/attainment`, tokens.teacher);
      expect(res.statusCode, res.body).toBe(200);
      const data = json(res).data;
      expect(data.quizzes.map((q: any) => q.quizId)).toContain(quiz);
      const module = data.modules.find((m: any) => m.moduleId === descriptive.module);
      expect(module.points.find((p: any) => p.quizId === quiz)).toMatchObject({ mean: 25, level: 1 });
      expect((await call('GET', `/api/subjects/${tenantB.subject}/attainment`, tokens.teacher)).statusCode).toBe(404);
    });
  });

  it('counts a drawn question over the attempts whose paper had it', async () => {
    // One fixed single choice and one true/false drawn from the bank's true/false questions.
    const quiz = await createQuiz([bank[0].id], { random_rules: [{ type: 'true_false', count: 1 }] });
    for (const student of students.slice(0, 3)) await take(quiz, student, [[bank[0].id, bank[0].options!.find((o) => o.correct)!.id]]);
    const data = await statistics(quiz);
    expect(data.attempts).toBe(3);
    const drawn = data.questions.filter((q: any) => q.type === 'true_false');
    expect(drawn.length).toBeGreaterThanOrEqual(1);
    expect(drawn.reduce((sum: number, q: any) => sum + q.s, 0)).toBe(3);
    expect(data.questions.find((q: any) => q.questionId === bank[0].id)).toMatchObject({ position: 1, s: 3, facility: 100 });
    // Unanswered true/false: nothing chosen, 0 marks.
    for (const q of drawn) expect(q).toMatchObject({ facility: 0, unanswered: q.s });
  });

  it('answers a quiz without submitted attempts with attempts 0 and null figures', async () => {
    const quiz = await createQuiz([bank[0].id, bank[2].id]);
    const data = await statistics(quiz);
    expect(data).toMatchObject({ attempts: 0, scoreMax: 3, mean: null, median: null, sd: null, min: null, max: null, cic: null, pendingGrading: 0, questions: [], students: [] });
    expect(data.histogram).toHaveLength(10);
    expect(data.histogram.every((b: any) => b.count === 0)).toBe(true);
  });

  it('refuses a bad quiz id with 400 and an unknown one with 404', async () => {
    expect((await call('GET', '/api/quizzes/abc/statistics', tokens.teacher)).statusCode).toBe(400);
    expect((await call('GET', '/api/quizzes/999999/statistics', tokens.teacher)).statusCode).toBe(404);
  });
});
