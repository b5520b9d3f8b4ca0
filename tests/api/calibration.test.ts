import { beforeAll, describe, expect, it } from 'vitest';
import { describeDb, useTestApp, editQuizRow } from './helper';
import { recalibrateClosed, subjectsDue } from '../../server/analysis/calibration';
import { insertQuiz, insertSingleChoice, json, newTenant, unique, whoIs, type Tenant, type Who } from './fixtures';
import { calibrateRasch, type RaschResponse } from '../../server/analysis/rasch';
import { prng } from '../../bench/random';

/**
 * GET and POST /api/subjects/{id}/calibration on a subject whose answers are written directly:
 * three quizzes of random papers sat by 120 students each (first attempts), plus second attempts,
 * an attempt still in progress and an answer waiting for grading, none of which may count.
 */

const STUDENTS = 120;
const QUIZZES = 3;
/** Difficulties (logits) of the questions the papers draw from. */
const TRUTH = [-2, -1.5, -1, -0.6, -0.3, 0, 0.2, 0.5, 0.8, 1.2, 1.6, 2];
const DRAWN = 8;

describeDb('Rasch calibration of a subject', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;
  const tokens: Record<string, string> = {};
  let teacher: Who;
  let subjectId: number;
  let otherSubjectId: number;
  let tenantB: Tenant;
  /** Question ids: the drawn pool, one everyone gets right, one on ten papers only, one never asked. */
  let pool: number[];
  let easy: number;
  let rare: number;
  let unasked: number;
  /** What the estimator must be given: first attempts only, correct = full marks. */
  const expected: RaschResponse[] = [];

  const call = (method: string, url: string, token: string) => t.request(method, url, { token });

  const insertQuestion = (moduleId: number, marks: number) => insertSingleChoice(t, teacher, { subjectId, moduleId, marks, prefix: 'Calibrated question ' });

  const paperQuestion = (id: number, marks: number, moduleId: number) => ({
    id,
    version: 1,
    type: 'single',
    question: `Question ${id}`,
    marks,
    timeRequired: 1,
    moduleId,
    topicId: null,
    difficulty: 'Medium',
    options: [
      { id: 'a', text: 'right' },
      { id: 'b', text: 'wrong' },
    ],
    key: { type: 'single', marks, correctOptions: ['a'] },
  });

  beforeAll(async () => {
    tokens.teacher = await t.login('teacher', 'TEACHER');
    tokens.head = await t.login('department-head', 'DEPARTMENT-HEAD');
    tokens.institute = await t.login('institute-head', 'INSTITUTE-HEAD');
    tokens.student = await t.login('student', 'STUDENT');
    tokens.admin = await t.login('admin', 'ADMIN');
    teacher = await whoIs(t, 'teacher');
    tenantB = await newTenant(t, tokens.admin);
    const now = Date.now();
    const tenant = { institute_id: teacher.instituteId, department_id: teacher.departmentId, created_by: teacher.userId, created_at: now, updated_at: now };

    const subject = await db().insertInto('subjects').values({ ...tenant, subjectname: 'Calibration', code: unique('CAL'), semester: '3' }).returning('id').executeTakeFirstOrThrow();
    subjectId = subject.id;
    await db().insertInto('teacher_subjects').values({ teacher_id: teacher.userId, subject_id: subjectId }).execute();
    // A subject of the same department that this teacher does not teach.
    otherSubjectId = (await db().insertInto('subjects').values({ ...tenant, subjectname: 'Not taught', code: unique('NOT'), semester: '3' }).returning('id').executeTakeFirstOrThrow()).id;
    const moduleId = (await db().insertInto('modules').values({ ...tenant, course_outcome_name: 'CO1', subject_id: subjectId }).returning('id').executeTakeFirstOrThrow()).id;

    // Odd questions are worth 2 marks: 1 of them (partial credit) is not correct.
    pool = [];
    for (let i = 0; i < TRUTH.length; i++) pool.push(await insertQuestion(moduleId, i % 2 ? 2 : 1));
    easy = await insertQuestion(moduleId, 1);
    rare = await insertQuestion(moduleId, 1);
    unasked = await insertQuestion(moduleId, 1);
    const marksOf = new Map<number, number>(pool.map((id, i) => [id, i % 2 ? 2 : 1]));
    for (const id of [easy, rare, unasked]) marksOf.set(id, 1);

    const students: number[] = [];
    for (let s = 0; s < STUDENTS; s++) {
      const username = unique('calstudent');
      const row = await db()
        .insertInto('users')
        .values({ role: 'STUDENT', username, password_hash: 'not-a-hash', email: null, fullname: username, phone: null, institute_id: teacher.instituteId, department_id: teacher.departmentId, must_change_password: 0, semester: '3', batch: '2026', created_by: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      students.push(row.id);
    }

    const random = prng(2026);
    const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    for (let qz = 0; qz < QUIZZES; qz++) {
      const quizId = await insertQuiz(t, teacher, unique('Calibration quiz '));
      await editQuizRow(db(), quizId, { random_rules: JSON.stringify([{ module: moduleId, count: DRAWN }]), published: 1 });
      await db().insertInto('quiz_subjects').values({ quiz_id: quizId, subject_id: subjectId }).execute();
      for (const [s, studentId] of students.entries()) {
        const theta = normal();
        const drawn = new Set<number>();
        while (drawn.size < DRAWN) drawn.add(Math.floor(random() * TRUTH.length));
        const ids = [...drawn].map((i) => pool[i]);
        ids.push(easy);
        if (qz === 0 && s < 10) ids.push(rare);
        const paper = ids.map((id) => paperQuestion(id, marksOf.get(id)!, moduleId));
        const attempt = async (attemptNo: number, status: 'submitted' | 'in_progress') =>
          (
            await db()
              .insertInto('attempts')
              .values({ quiz_id: quizId, student_id: studentId, status, started_at: now, deadline: now + 3_600_000, submitted_at: status === 'submitted' ? now : null, closed_by: status === 'submitted' ? 'student' : null, score: null, max_score: 0, pending: 0, paper: JSON.stringify(paper), attempt_no: attemptNo, created_at: now, updated_at: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        const first = await attempt(1, 'submitted');
        const answers = [];
        for (const id of ids) {
          const index = pool.indexOf(id);
          const full = marksOf.get(id)!;
          const right = id === easy || (id === rare ? s % 2 === 0 : random() < 1 / (1 + Math.exp(TRUTH[index] - theta)));
          // Wrong: no answer row (unanswered), 0 marks, or partial credit on a 2-mark question.
          const wrongKind = random();
          const marks = right ? full : full === 2 && wrongKind < 0.5 ? 1 : 0;
          expected.push({ person: first, item: id, correct: right });
          if (!right && wrongKind > 0.8) continue;
          answers.push({ attempt_id: first, question_id: id, response: JSON.stringify(right ? 'a' : 'b'), seq: 1, saved_at: now, outcome: null, marks });
        }
        await db().insertInto('answers').values(answers).execute();
        // A second attempt, all right, must not count; nor an attempt in progress.
        if (s % 3 === 0) {
          const second = await attempt(2, 'submitted');
          await db().insertInto('answers').values(ids.map((id) => ({ attempt_id: second, question_id: id, response: '"a"', seq: 1, saved_at: now, outcome: null, marks: marksOf.get(id)! }))).execute();
        }
        if (s % 5 === 0) await attempt(s % 3 === 0 ? 3 : 2, 'in_progress');
      }
    }
    // An answer waiting for grading (marks null) is not a response yet.
    const pending = expected.findIndex((r) => r.item === pool[0] && r.correct);
    await db().updateTable('answers').set({ marks: null }).where('attempt_id', '=', expected[pending].person).where('question_id', '=', pool[0]).execute();
    expected.splice(pending, 1);
  }, 120_000);

  it('has nothing to show before the first calibration', async () => {
    const res = await call('GET', `/api/subjects/${subjectId}/calibration`, tokens.teacher);
    expect(res.statusCode, res.body).toBe(200);
    // No rows yet, but the subject's questions are counted: the panel says "0 of N", not "0 of 0".
    const { n } = await db().selectFrom('questions').select((eb) => eb.fn.countAll<number>().as('n')).where('subject_id', '=', subjectId).where('type', '<>', 'description').executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThan(0);
    expect(json(res).data).toEqual({ subjectId, calibratedAt: null, minResponses: 30, questions: Number(n), items: [], persons: { count: 0, mean: 0, sd: 0, histogram: [] } });
  });

  describe('once calibrated', () => {
    let posted: any;
    beforeAll(async () => {
      const res = await call('POST', `/api/subjects/${subjectId}/calibration`, tokens.teacher);
      expect(res.statusCode, res.body).toBe(200);
      posted = json(res).data;
    });

    it('reports every question of the subject with its status', () => {
      expect(posted.subjectId).toBe(subjectId);
      expect(posted.questions).toBe(posted.items.length);
      expect(posted.minResponses).toBe(30);
      expect(typeof posted.calibratedAt).toBe('number');
      const byId = new Map<number, any>(posted.items.map((item: any) => [item.questionId, item]));
      expect([...byId.keys()]).toEqual([...pool, easy, rare, unasked]);
      for (const id of pool) {
        const item = byId.get(id);
        expect(item.status).toBe('calibrated');
        expect(item.responses).toBe(expected.filter((r) => r.item === id).length);
        for (const figure of ['difficulty', 'se', 'infit', 'outfit']) expect(Number.isFinite(item[figure]), figure).toBe(true);
      }
      expect(byId.get(easy)).toEqual({ questionId: easy, difficulty: null, se: null, responses: STUDENTS * QUIZZES, infit: null, outfit: null, status: 'all-correct' });
      expect(byId.get(rare)).toMatchObject({ status: 'too-few', difficulty: null, responses: 10 });
      expect(byId.get(unasked)).toMatchObject({ status: 'too-few', difficulty: null, responses: 0 });
      const sum = pool.reduce((s, id) => s + byId.get(id).difficulty, 0);
      expect(Math.abs(sum)).toBeLessThan(1e-9);
    });

    it('counts first submitted attempts only, full marks as correct, and no answer waiting for grading', () => {
      const direct = calibrateRasch(expected);
      for (const item of posted.items.filter((i: any) => i.status === 'calibrated')) {
        const own = direct.items.find((d) => d.item === item.questionId)!;
        expect(item).toEqual({ questionId: own.item, difficulty: own.difficulty, se: own.se, responses: own.responses, infit: own.infit, outfit: own.outfit, status: own.status });
      }
    });

    it('recovers the difficulties the answers were drawn from', () => {
      const mean = TRUTH.reduce((s, b) => s + b, 0) / TRUTH.length;
      pool.forEach((id, i) => {
        const item = posted.items.find((x: any) => x.questionId === id);
        expect(Math.abs(item.difficulty - (TRUTH[i] - mean)), `question ${i}: ${item.difficulty} ± ${item.se}`).toBeLessThan(3.5 * item.se);
      });
    });

    it('answers the GET with what the POST stored, number for number', async () => {
      const res = await call('GET', `/api/subjects/${subjectId}/calibration`, tokens.teacher);
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).data).toEqual(posted);
    });

    it('gives the same numbers from the same answers', async () => {
      const again = await call('POST', `/api/subjects/${subjectId}/calibration`, tokens.teacher);
      expect(again.statusCode, again.body).toBe(200);
      expect(json(again).data.items).toEqual(posted.items);
    });

    it('answers two recalibrations at once, leaving one row per question', async () => {
      const both = await Promise.all([tokens.teacher, tokens.head].map((token) => call('POST', `/api/subjects/${subjectId}/calibration`, token)));
      for (const res of both) expect(res.statusCode, res.body).toBe(200);
      const rows = await db().selectFrom('question_calibrations').select('question_id').where('subject_id', '=', subjectId).execute();
      expect(rows.map((r) => r.question_id).sort((x, y) => x - y)).toEqual(posted.items.map((item: any) => item.questionId));
    });

    it('lets the heads above the subject read and recalibrate it', async () => {
      for (const token of [tokens.head, tokens.institute]) {
        const read = await call('GET', `/api/subjects/${subjectId}/calibration`, token);
        expect(read.statusCode, read.body).toBe(200);
        expect(json(read).data.items).toEqual(posted.items);
      }
      const recalibrated = await call('POST', `/api/subjects/${subjectId}/calibration`, tokens.head);
      expect(recalibrated.statusCode, recalibrated.body).toBe(200);
      expect(json(recalibrated).data.items).toEqual(posted.items);
    });
  });

  it('hides the subject from another department, and from a teacher who does not teach it', async () => {
    for (const token of [tenantB.tokens.TEACHER, tenantB.tokens['DEPARTMENT-HEAD'], tenantB.tokens['INSTITUTE-HEAD']]) {
      for (const method of ['GET', 'POST']) {
        const res = await call(method, `/api/subjects/${subjectId}/calibration`, token);
        expect(res.statusCode, `${method} ${res.body}`).toBe(404);
      }
    }
    expect((await call('GET', `/api/subjects/${otherSubjectId}/calibration`, tokens.teacher)).statusCode).toBe(404);
    expect((await call('GET', `/api/subjects/${otherSubjectId}/calibration`, tokens.head)).statusCode).toBe(200);
    expect((await call('GET', '/api/subjects/999999/calibration', tokens.head)).statusCode).toBe(404);
  });

  it("lets a department head oversee a subject its institute head added (no department) once a teacher of the department teaches it, and lists the subjects each head oversees on their dashboard", async () => {
    // Subject B was added through the API by institute head B (so it belongs to no department), and teacher B of department B teaches it.
    expect((await db().selectFrom('subjects').select('department_id').where('id', '=', tenantB.subject).executeTakeFirstOrThrow()).department_id).toBeNull();
    const headB = tenantB.tokens['DEPARTMENT-HEAD'];
    for (const method of ['GET', 'POST']) {
      const res = await call(method, `/api/subjects/${tenantB.subject}/calibration`, headB);
      expect(res.statusCode, `${method} ${res.body}`).toBe(200);
    }
    // A subject institute head B adds that no teacher teaches yet: the institute head's, not the department head's.
    const untaught = json(await t.request('POST', '/api/subjects', { token: tenantB.tokens['INSTITUTE-HEAD'], body: { subjectname: unique('Untaught '), code: unique('U'), semester: '2' } })).data.id as number;
    expect((await call('GET', `/api/subjects/${untaught}/calibration`, headB)).statusCode).toBe(404);
    expect((await call('GET', `/api/subjects/${untaught}/calibration`, tenantB.tokens['INSTITUTE-HEAD'])).statusCode).toBe(200);

    const subjectsOn = async (token: string) => (json(await call('GET', '/api/dashboard', token)).data.subjects as { subjectId: number; name: string }[]).map((s) => s.subjectId);
    expect(await subjectsOn(headB)).toEqual([tenantB.subject]);
    expect((await subjectsOn(tenantB.tokens['INSTITUTE-HEAD'])).sort((x, y) => x - y)).toEqual([tenantB.subject, untaught].sort((x, y) => x - y));
    // Department 1's head: its own subjects (the demo one included), none of institute B's; each of them answers.
    const mine = await subjectsOn(tokens.head);
    expect(mine).toEqual(expect.arrayContaining([subjectId, otherSubjectId]));
    expect(mine).not.toContain(tenantB.subject);
    for (const id of mine) expect((await call('GET', `/api/subjects/${id}/calibration`, tokens.head)).statusCode, `subject ${id}`).toBe(200);
  });

  it('recalibrates a subject by itself once a quiz of it closes, and only then', async () => {
    const before = json(await call('GET', `/api/subjects/${subjectId}/calibration`, tokens.teacher)).data.calibratedAt as number;
    expect(before).not.toBeNull();
    // No quiz of the subject has closed since: nothing is due.
    expect(await subjectsDue(db(), Date.now())).not.toContain(subjectId);
    const quiz = (await db().selectFrom('quiz_subjects').select('quiz_id').where('subject_id', '=', subjectId).orderBy('quiz_id').executeTakeFirstOrThrow()).quiz_id;
    const closedAt = Date.now();
    await editQuizRow(db(), quiz, { valid_to: closedAt });
    expect(await subjectsDue(db(), closedAt - 1)).not.toContain(subjectId);
    expect(await subjectsDue(db(), closedAt + 1)).toContain(subjectId);
    expect(await recalibrateClosed(db(), 30, closedAt + 1)).toBeGreaterThanOrEqual(1);
    const after = json(await call('GET', `/api/subjects/${subjectId}/calibration`, tokens.teacher)).data;
    expect(after.calibratedAt).toBeGreaterThan(before);
    expect(after.items.find((i: { status: string }) => i.status === 'calibrated')).toBeTruthy();
    expect(await subjectsDue(db(), closedAt + 2)).not.toContain(subjectId);
  });

  it('refuses students and the admin', async () => {
    for (const token of [tokens.student, tokens.admin]) {
      expect((await call('GET', `/api/subjects/${subjectId}/calibration`, token)).statusCode).toBe(403);
      expect((await call('POST', `/api/subjects/${subjectId}/calibration`, token)).statusCode).toBe(403);
    }
  });
});
