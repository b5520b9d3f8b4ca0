import { beforeAll, describe, expect, it } from 'vitest';
import { describeDb, useTestApp } from './helper';
import { insertSingleChoice, json, newTenant, unique, whoIs, type Tenant, type Who } from './fixtures';
import { prng } from '../../bench/random';
import { SessionStore } from '../../server/auth/sessions';
import { loadQuiz, paperConfigOf, paperOf } from '../../server/exam/attempts';
import { balanceDifficulties, meanDifficulty } from '../../server/exam/balance';
import { balanceQuestionsOf, buildPaper } from '../../server/exam/paper';

/**
 * Balanced random papers (issue 27) on a subject calibrated from simulated answers: 500 students
 * start a balanced quiz and every paper's mean difficulty is within the tolerance of the target;
 * the same rules unbalanced spread wider; the fairness simulation, the publish refusal, the
 * statistics' `papers` block and the calibration's `persons`.
 */

const STUDENTS = 500;
const HISTORY = 160;
/** Module A's 40 questions and module B's 20: their true difficulties, −2.5 … 2.5. */
const TRUTH_A = Array.from({ length: 40 }, (_, i) => -2.5 + (5 * i) / 39);
const TRUTH_B = Array.from({ length: 20 }, (_, i) => -2.5 + (5 * ((i * 7) % 20)) / 19);
const levelOf = (b: number) => (b < -0.8 ? 'easy' : b > 0.8 ? 'hard' : 'medium');
const TOLERANCE = 0.15;
const RULES = (a: number, b: number) => [
  { module: a, count: 10 },
  { module: b, count: 5 },
];

describeDb('balanced random papers', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;
  const tokens: Record<string, string> = {};
  let teacher: Who;
  let tenantB: Tenant;
  let subjectId: number;
  let moduleA: number;
  let moduleB: number;
  let moduleC: number;
  let groupId: number;
  const students: number[] = [];
  const studentTokens: string[] = [];

  const call = (method: string, url: string, token: string, body?: unknown) => t.request(method, url, { token, body });

  const insertQuestion = (moduleId: number, level: string, marks = 1) =>
    insertSingleChoice(t, teacher, { subjectId, moduleId, marks, difficulty: level, prefix: 'Balanced question ' });

  const quizBody = (overrides: Record<string, unknown> = {}) => ({
    name: unique('Balanced quiz '),
    subjects: [String(subjectId)],
    visible_from: new Date(Date.now() - 7_200_000).toISOString(),
    valid_from: new Date(Date.now() - 3_600_000).toISOString(),
    valid_to: new Date(Date.now() + 86_400_000).toISOString(),
    duration: 60,
    group_id: groupId,
    options: { face_detection: false, safe_exam_browser: false, guest_flag: false, negative_marking: false },
    questions: [],
    random_rules: RULES(moduleA, moduleB),
    balance_papers: true,
    balance_tolerance: TOLERANCE,
    published: true,
    ...overrides,
  });

  async function createQuiz(overrides: Record<string, unknown> = {}): Promise<number> {
    const res = await call('POST', '/api/quizzes', tokens.teacher, quizBody(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return json(res).data.id as number;
  }

  /** Starts the quiz for the first `n` students, 20 at a time; answers the attempt ids. */
  async function startAll(quizId: number, n: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i += 20) {
      const batch = await Promise.all(studentTokens.slice(i, Math.min(n, i + 20)).map((token) => call('POST', `/api/student/quizzes/${quizId}/attempts`, token)));
      for (const res of batch) {
        expect(res.statusCode, res.body).toBe(201);
        ids.push(json(res).data.id);
      }
    }
    return ids;
  }

  /** Each started paper's mean difficulty, with the difficulties balancing counts with. */
  async function paperMeans(quizId: number) {
    const difficulty = balanceDifficulties(await balanceQuestionsOf(db(), [subjectId]));
    const rows = await db().selectFrom('attempts').select(['id', 'paper', 'paper_seed']).where('quiz_id', '=', quizId).execute();
    return { rows, difficulty, means: rows.map((r) => meanDifficulty(paperOf(r).map((q) => q.id), difficulty)!) };
  }

  beforeAll(async () => {
    tokens.teacher = await t.login('teacher', 'TEACHER');
    tokens.head = await t.login('department-head', 'DEPARTMENT-HEAD');
    tokens.student = await t.login('student', 'STUDENT');
    tokens.admin = await t.login('admin', 'ADMIN');
    teacher = await whoIs(t, 'teacher');
    tenantB = await newTenant(t, tokens.admin);
    const now = Date.now();
    const tenant = { institute_id: teacher.instituteId, department_id: teacher.departmentId, created_by: teacher.userId, created_at: now, updated_at: now };
    subjectId = (await db().insertInto('subjects').values({ ...tenant, subjectname: 'Balanced', code: unique('BAL'), semester: '3' }).returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('teacher_subjects').values({ teacher_id: teacher.userId, subject_id: subjectId }).execute();
    const newModule = async (name: string) => (await db().insertInto('modules').values({ ...tenant, course_outcome_name: name, subject_id: subjectId }).returning('id').executeTakeFirstOrThrow()).id;
    moduleA = await newModule('CO-A');
    moduleB = await newModule('CO-B');
    moduleC = await newModule('CO-C');
    const poolA: number[] = [];
    const poolB: number[] = [];
    for (const b of TRUTH_A) poolA.push(await insertQuestion(moduleA, levelOf(b)));
    for (const b of TRUTH_B) poolB.push(await insertQuestion(moduleB, levelOf(b), 2));
    const truth = new Map<number, number>([...poolA.map((id, i) => [id, TRUTH_A[i]] as const), ...poolB.map((id, i) => [id, TRUTH_B[i]] as const)]);

    // Students: the 500 who sit the quizzes; the first HISTORY of them also sat an earlier quiz of the subject.
    const rows = Array.from({ length: STUDENTS }, () => {
      const username = unique('balstudent');
      return { role: 'STUDENT' as const, username, password_hash: 'not-a-hash', email: null, fullname: username, phone: null, institute_id: teacher.instituteId, department_id: teacher.departmentId, must_change_password: 0, semester: '3', batch: '2026', created_by: null, created_at: now, updated_at: now };
    });
    for (let i = 0; i < rows.length; i += 100) students.push(...(await db().insertInto('users').values(rows.slice(i, i + 100)).returning('id').execute()).map((r) => r.id));
    const store = new SessionStore(db(), t.config);
    for (const id of students) studentTokens.push(await store.create(id, 'STUDENT'));
    groupId = (await db().insertInto('groups').values({ ...tenant, name: unique('Balanced group ') }).returning('id').executeTakeFirstOrThrow()).id;
    for (let i = 0; i < students.length; i += 100) await db().insertInto('group_students').values(students.slice(i, i + 100).map((s) => ({ group_id: groupId, student_id: s }))).execute();

    // The earlier quiz: every question on one paper, answered from the true difficulties.
    const history = (await db().insertInto('quizzes').values({ ...tenant, name: unique('History '), published: 1, valid_to: now - 1000 }).returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('quiz_subjects').values({ quiz_id: history, subject_id: subjectId }).execute();
    const paper = [...truth.keys()].map((id) => ({
      id,
      version: 1,
      type: 'single',
      question: `Question ${id}`,
      marks: poolB.includes(id) ? 2 : 1,
      timeRequired: 1,
      moduleId: poolA.includes(id) ? moduleA : moduleB,
      topicId: null,
      difficulty: levelOf(truth.get(id)!),
      options: [
        { id: 'a', text: 'right' },
        { id: 'b', text: 'wrong' },
      ],
      key: { type: 'single', marks: poolB.includes(id) ? 2 : 1, correctOptions: ['a'] },
    }));
    const random = prng(27);
    const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    for (const studentId of students.slice(0, HISTORY)) {
      const theta = normal();
      const attempt = (
        await db()
          .insertInto('attempts')
          .values({ quiz_id: history, student_id: studentId, status: 'submitted', started_at: now, deadline: now + 3_600_000, submitted_at: now, closed_by: 'student', score: null, max_score: 0, pending: 0, paper: JSON.stringify(paper), attempt_no: 1, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await db()
        .insertInto('answers')
        .values(
          paper.map((q) => {
            const right = random() < 1 / (1 + Math.exp(truth.get(q.id)! - theta));
            return { attempt_id: attempt, question_id: q.id, response: JSON.stringify(right ? 'a' : 'b'), seq: 1, saved_at: now, outcome: null, marks: right ? q.marks : 0 };
          }),
        )
        .execute();
    }
    const calibrated = await call('POST', `/api/subjects/${subjectId}/calibration`, tokens.teacher);
    expect(calibrated.statusCode, calibrated.body).toBe(200);
    // Added after the calibration: uncalibrated, counted at their declared level's average.
    for (const level of ['easy', 'hard', 'medium']) await insertQuestion(moduleA, level);
    // Module C: one easy and one hard question, a rule draws one: no paper can be balanced.
    await insertQuestion(moduleC, 'easy');
    await insertQuestion(moduleC, 'hard');
  }, 300_000);

  it('reports the abilities of the attempts the calibration used', async () => {
    const res = await call('GET', `/api/subjects/${subjectId}/calibration`, tokens.teacher);
    expect(res.statusCode, res.body).toBe(200);
    const persons = json(res).data.persons;
    expect(persons.count).toBe(HISTORY);
    // Abilities were drawn from N(0, 1) around the items' mean (the scale's centre).
    expect(Math.abs(persons.mean)).toBeLessThan(0.4);
    expect(persons.sd).toBeGreaterThan(0.6);
    expect(persons.sd).toBeLessThan(1.6);
    expect(persons.histogram.reduce((n: number, bin: { count: number }) => n + bin.count, 0)).toBe(HISTORY);
    for (const [i, bin] of persons.histogram.entries()) {
      // Bin centres are 0.25 + k · 0.5, one after the other.
      expect(Math.abs(((bin.logit - 0.25) / 0.5) % 1)).toBeLessThan(1e-9);
      if (i) expect(bin.logit - persons.histogram[i - 1].logit).toBeCloseTo(0.5, 9);
    }
  });

  it('gives every one of 500 students a paper within the tolerance of the target, and unbalanced draws a wider spread', async () => {
    const balanced = await createQuiz();
    const fairness = await call('POST', '/api/quizzes/fairness', tokens.teacher, { id: balanced, subjects: [String(subjectId)], questions: [], random_rules: RULES(moduleA, moduleB), balance_papers: true, balance_tolerance: TOLERANCE });
    expect(fairness.statusCode, fairness.body).toBe(200);
    const target = json(fairness).data.target as number;
    await startAll(balanced, STUDENTS);
    const on = await paperMeans(balanced);
    expect(on.rows).toHaveLength(STUDENTS);
    // The answer's target is rounded to 4 decimals; the server balances on the exact one.
    for (const [i, mean] of on.means.entries()) expect(Math.abs(mean - target), `attempt ${on.rows[i].id}`).toBeLessThanOrEqual(TOLERANCE + 0.00005 + 1e-9);
    // Still random papers, from the rules' pools, each with its seed.
    expect(new Set(on.rows.map((r) => JSON.stringify(paperOf(r).map((q) => q.id).sort()))).size).toBeGreaterThan(STUDENTS * 0.9);
    for (const r of on.rows) {
      expect(r.paper_seed).toMatch(/^[0-9a-f]{32}$/);
      const paper = paperOf(r);
      expect(paper.filter((q) => q.moduleId === moduleA)).toHaveLength(10);
      expect(paper.filter((q) => q.moduleId === moduleB)).toHaveLength(5);
    }

    // The same seed and bank give the same paper.
    const quiz = (await loadQuiz(db(), balanced))!;
    const config = await paperConfigOf(db(), quiz);
    for (const r of on.rows.slice(0, 5)) {
      const again = await buildPaper(db(), config, undefined, r.paper_seed!);
      expect(again.questions.map((q) => q.id).sort()).toEqual(paperOf(r).map((q) => q.id).sort());
    }

    const plain = await createQuiz({ balance_papers: false });
    await startAll(plain, 200);
    const off = await paperMeans(plain);
    const range = (m: number[]) => Math.max(...m) - Math.min(...m);
    expect(range(off.means)).toBeGreaterThan(range(on.means));
    expect(range(off.means)).toBeGreaterThan(2 * TOLERANCE);
    expect(off.means.filter((m) => Math.abs(m - target) > TOLERANCE).length).toBeGreaterThan(20);
    expect(off.rows.every((r) => /^[0-9a-f]{32}$/.test(r.paper_seed!))).toBe(true);
  }, 300_000);

  it('simulates 1,000 draws with balancing off and on, the same for the same input', async () => {
    const body = { subjects: [String(subjectId)], questions: [], random_rules: RULES(moduleA, moduleB), balance_papers: true, balance_tolerance: TOLERANCE };
    const res = await call('POST', '/api/quizzes/fairness', tokens.teacher, body);
    expect(res.statusCode, res.body).toBe(200);
    const data = json(res).data;
    expect(Object.keys(data).sort()).toEqual(['averageAbility', 'calibratedShare', 'draws', 'feasible', 'message', 'off', 'on', 'target', 'tolerance'].sort());
    expect(data.draws).toBe(1000);
    expect(data.tolerance).toBe(TOLERANCE);
    expect(data.feasible).toBe(true);
    expect(data.message).toBeNull();
    expect(typeof data.target).toBe('number');
    // 60 calibrated of the 63 questions the rules can draw.
    expect(data.calibratedShare).toBeCloseTo(60 / 63, 3);
    expect(Math.abs(data.averageAbility)).toBeLessThan(0.4);
    for (const spread of [data.off, data.on]) {
      for (const figure of ['meanDifficulty', 'expectedScore']) {
        const s = spread[figure];
        expect(Object.keys(s).sort()).toEqual(['max', 'median', 'min', 'p5', 'p95']);
        expect(s.min <= s.p5 && s.p5 <= s.median && s.median <= s.p95 && s.p95 <= s.max, `${figure} ${JSON.stringify(s)}`).toBe(true);
      }
      expect(spread.expectedScore.min).toBeGreaterThan(0);
      expect(spread.expectedScore.max).toBeLessThan(100);
    }
    expect(data.on.withinTolerance).toBe(1);
    expect(data.off.withinTolerance).toBeLessThan(0.9);
    expect(data.on.meanDifficulty.max - data.on.meanDifficulty.min).toBeLessThanOrEqual(2 * TOLERANCE + 1e-6);
    expect(data.off.expectedScore.max - data.off.expectedScore.min).toBeGreaterThan(data.on.expectedScore.max - data.on.expectedScore.min);
    const again = await call('POST', '/api/quizzes/fairness', tokens.teacher, body);
    expect(json(again).data).toEqual(data);

    // Without random rules: nothing drawn, nothing to balance.
    const fixed = (await db().selectFrom('questions').select('id').where('module_id', '=', moduleA).limit(3).execute()).map((q) => q.id);
    const none = json(await call('POST', '/api/quizzes/fairness', tokens.teacher, { ...body, random_rules: [], questions: fixed })).data;
    expect(none).toMatchObject({ target: null, on: null, feasible: true, message: null });
    expect(none.off.meanDifficulty.min).toBe(none.off.meanDifficulty.max);
  }, 120_000);

  it('checks the fairness request and who may ask', async () => {
    const body = { subjects: [String(subjectId)], questions: [], random_rules: RULES(moduleA, moduleB), balance_papers: true, balance_tolerance: TOLERANCE };
    const bad = await call('POST', '/api/quizzes/fairness', tokens.teacher, { ...body, balance_tolerance: 3 });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(json(bad).data?.errors?.balance_tolerance).toBe('Tolerance must be between 0.05 and 2 logits');
    const notAnId = await call('POST', '/api/quizzes/fairness', tokens.teacher, { ...body, subjects: ['abc'], id: 2 ** 31 });
    expect(notAnId.statusCode, notAnId.body).toBe(400);
    expect(json(notAnId).data.errors).toMatchObject({ subjects: 'Please select a valid subject', id: 'Quiz id must be a number' });
    expect((await call('POST', '/api/quizzes/fairness', tokens.student, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/quizzes/fairness', tenantB.tokens.TEACHER, body)).statusCode).toBe(404);
    expect((await call('POST', '/api/quizzes/fairness', tenantB.tokens['DEPARTMENT-HEAD'], body)).statusCode).toBe(404);
    const quizId = (await db().selectFrom('quizzes').select('id').where('created_by', '=', teacher.userId).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    expect((await call('POST', '/api/quizzes/fairness', tenantB.tokens.TEACHER, { ...body, subjects: [String(tenantB.subject)], id: quizId })).statusCode).toBe(404);
    expect((await call('POST', '/api/quizzes/fairness', tokens.head, body)).statusCode).toBe(200);
  }, 120_000);

  it('refuses to publish a balanced quiz whose papers cannot be balanced, and saves it as a draft', async () => {
    // Module C holds one easy and one hard question and the rule draws one: every paper is far from the target.
    const rules = [{ module: moduleC, count: 1 }];
    const refused = await call('POST', '/api/quizzes', tokens.teacher, quizBody({ random_rules: rules, balance_tolerance: 0.25 }));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(json(refused).data.errors.balance_tolerance).toBe('Papers cannot be balanced within 0.25 logits: widen the tolerance or the pools');
    const draft = await call('POST', '/api/quizzes', tokens.teacher, quizBody({ random_rules: rules, balance_tolerance: 0.25, published: false }));
    expect(draft.statusCode, draft.body).toBe(201);
    const id = json(draft).data.id;
    const stored = json(await call('GET', `/api/quizzes/${id}`, tokens.teacher)).data;
    expect(stored).toMatchObject({ balance_papers: true, balance_tolerance: 0.25, published: false });
    const update = await call('PUT', `/api/quizzes/${id}`, tokens.teacher, quizBody({ name: stored.name, random_rules: rules, balance_tolerance: 0.25 }));
    expect(update.statusCode, update.body).toBe(400);
    expect(json(update).data.errors.balance_tolerance).toBe('Papers cannot be balanced within 0.25 logits: widen the tolerance or the pools');
    const fairness = json(await call('POST', '/api/quizzes/fairness', tokens.teacher, { id, subjects: [String(subjectId)], questions: [], random_rules: rules, balance_papers: true, balance_tolerance: 0.25 })).data;
    expect(fairness).toMatchObject({ feasible: false, message: 'Papers cannot be balanced within 0.25 logits: widen the tolerance or the pools' });
    // Balancing off: the same rules publish.
    const plain = await call('PUT', `/api/quizzes/${id}`, tokens.teacher, quizBody({ name: stored.name, random_rules: rules, balance_tolerance: 0.25, balance_papers: false }));
    expect(plain.statusCode, plain.body).toBe(200);
    expect(json(plain).data).toMatchObject({ balance_papers: false, balance_tolerance: 0.25, published: true });
  }, 120_000);

  it('reports in the statistics how different the papers were', async () => {
    const quizId = await createQuiz();
    const attempts = await startAll(quizId, 40);
    for (const [i, attemptId] of attempts.entries()) {
      const res = await call('POST', `/api/student/attempts/${attemptId}/submit`, studentTokens[i]);
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await call('GET', `/api/quizzes/${quizId}/statistics`, tokens.teacher);
    expect(res.statusCode, res.body).toBe(200);
    const papers = json(res).data.papers;
    expect(papers.attempts).toBe(40);
    expect(papers.balanced).toBe(true);
    expect(papers.meanDifficulty.max - papers.meanDifficulty.min).toBeLessThanOrEqual(2 * TOLERANCE + 1e-6);
    expect(papers.meanDifficulty.sd).toBeGreaterThan(0);
    expect(papers.expectedScore.min).toBeLessThanOrEqual(papers.expectedScore.max);
    expect(papers.expectedScore.min).toBeGreaterThan(0);
    expect(papers.calibratedShare).toBeGreaterThan(0.8);
    expect(papers.calibratedShare).toBeLessThanOrEqual(1);

    // A quiz without random rules has no papers block.
    const fixed = (await db().selectFrom('questions').select('id').where('module_id', '=', moduleA).limit(2).execute()).map((q) => q.id);
    const plain = await createQuiz({ random_rules: [], questions: fixed, balance_papers: false });
    expect(json(await call('GET', `/api/quizzes/${plain}/statistics`, tokens.teacher)).data.papers).toBeNull();
  }, 120_000);
});
