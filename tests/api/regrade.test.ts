import { beforeAll, expect, it } from 'vitest';
import { describeDb, useTestApp } from './helper';
import { bodies, created, demoTenant, firstSignIn, json, unique, type Tenant } from './fixtures';

/**
 * POST /api/quizzes/{id}/regrade after a wrong key: a dry run lists the attempts whose marks change
 * and changes nothing; applying writes the same changes with who and when; papers keep their text;
 * a teacher's marks on a descriptive answer stay; a question in attempts cannot be deleted.
 */

describeDb('regrade after a wrong key', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;
  let A: Tenant;
  let other: string;
  let quiz: number;
  let single: any;
  let trueFalse: any;
  let essay: any;
  const attempts: number[] = [];

  const teacher = (method: string, url: string, body?: unknown, token = A.tokens.TEACHER) => t.request(method, url, { token, body });
  const student = (method: string, url: string, body?: unknown) => t.request(method, url, { token: A.tokens.STUDENT, body });
  const regrade = (dryRun: boolean, token = A.tokens.TEACHER) => teacher('POST', `/api/quizzes/${quiz}/regrade`, { dryRun }, token);
  const question = async (body: Record<string, unknown>) =>
    created(await teacher('POST', '/api/questions', { subject: A.subject, module: A.module, time_required: 1, difficulty: 'easy', ...body }), 'question');
  const put = async (q: any, changes: Record<string, unknown>) => {
    const res = await teacher('PUT', `/api/questions/${q.id}`, { ...q, ...changes });
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data;
  };
  const optionId = (q: any, text: string) => q.options.find((o: any) => o.text === text).id as string;

  async function take(responses: [number, unknown][]): Promise<number> {
    const start = await student('POST', `/api/student/quizzes/${quiz}/attempts`);
    expect(start.statusCode, start.body).toBe(201);
    const attemptId = json(start).data.id as number;
    for (const [questionId, response] of responses) {
      const saved = await student('PUT', `/api/student/attempts/${attemptId}/answers/${questionId}`, { response, seq: 1 });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const submitted = await student('POST', `/api/student/attempts/${attemptId}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    return attemptId;
  }

  const snapshot = async () => ({
    attempts: await db().selectFrom('attempts').select(['id', 'score', 'max_score', 'pending', 'paper', 'counted']).where('quiz_id', '=', quiz).orderBy('id').execute(),
    answers: await db().selectFrom('answers').select(['attempt_id', 'question_id', 'outcome', 'marks']).where('attempt_id', 'in', attempts).orderBy('attempt_id').orderBy('question_id').execute(),
    regrades: await db().selectFrom('regrades').selectAll().where('quiz_id', '=', quiz).execute(),
  });

  beforeAll(async () => {
    A = await demoTenant(t);
    const otherBody = bodies.teacher(A);
    const made = created(await teacher('POST', '/api/teachers', otherBody, A.tokens['INSTITUTE-HEAD']), 'other teacher');
    other = await firstSignIn(t, otherBody.username, 'TEACHER', made.initialPassword);

    single = await question({ type: 'single', question: unique('Which structure is LIFO? #'), marks: 2, options: [{ text: 'Stack', correct: true }, { text: 'Queue', correct: false }] });
    trueFalse = await question({ type: 'true_false', question: unique('A queue is FIFO. #'), marks: 1, correct_bool: true });
    essay = await question({ type: 'descriptive', question: unique('Explain a heap. #'), marks: 5 });
    quiz = created(await teacher('POST', '/api/quizzes', bodies.openQuiz(A, { questions: [single.id, trueFalse.id, essay.id], attempts_allowed: 2 })), 'quiz').id;
    // Attempt 1: Stack (right by the old key), true, an essay the teacher grades 4. Attempt 2: Queue, false.
    attempts.push(await take([[single.id, optionId(single, 'Stack')], [trueFalse.id, true], [essay.id, 'A tree kept in an array.']]));
    const graded = await teacher('PUT', `/api/quizzes/${quiz}/attempts/${attempts[0]}/answers/${essay.id}/grade`, { marks: 4 });
    expect(graded.statusCode, graded.body).toBe(200);
    attempts.push(await take([[single.id, optionId(single, 'Queue')], [trueFalse.id, false]]));
  });

  it('has the attempts graded by the old key', async () => {
    const rows = (await snapshot()).attempts;
    expect(rows.map((r) => [r.score, r.max_score])).toEqual([
      [7, 8],
      [0, 8],
    ]);
  });

  it('refuses another teacher (404) and a student (403); the department head may', async () => {
    expect((await regrade(true, other)).statusCode).toBe(404);
    expect((await regrade(true, A.tokens.STUDENT)).statusCode).toBe(403);
    expect((await regrade(true, A.tokens['DEPARTMENT-HEAD'])).statusCode).toBe(200);
  });

  it('lists in a dry run what the fixed key changes, and changes nothing', async () => {
    single = await put(single, {
      question: 'Which structure is FIFO?',
      options: single.options.map((o: any) => ({ ...o, correct: o.text === 'Queue', weight: o.text === 'Queue' ? 100 : 0 })),
    });
    const before = await snapshot();
    const res = await regrade(true);
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = json(res);
    expect(message).toBe('2 attempts would change');
    expect(data.count).toBe(2);
    const byAttempt = new Map<number, any>(data.changes.map((c: any) => [c.attemptId, c]));
    expect(byAttempt.get(attempts[0])).toMatchObject({ studentId: A.who.STUDENT.userId, attemptNo: 1, oldScore: 7, newScore: 5, questions: [{ questionId: single.id, oldMarks: 2, newMarks: 0 }] });
    expect(byAttempt.get(attempts[1])).toMatchObject({ studentId: A.who.STUDENT.userId, oldScore: 0, newScore: 2, questions: [{ questionId: single.id, oldMarks: 0, newMarks: 2 }] });
    expect(await snapshot()).toEqual(before);
    expect(before.regrades).toHaveLength(0);
  });

  it('applies the changes with who and when; the student sees the new marks; the paper keeps its text', async () => {
    const gradeBefore = json(await student('GET', `/api/student/quizzes/${quiz}`)).data.grade;
    expect(gradeBefore).toBe(7);
    const from = Date.now();
    const res = await regrade(false);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('2 attempts regraded');
    expect(json(res).data.count).toBe(2);
    const after = await snapshot();
    expect(after.attempts.map((r) => [r.score, r.max_score])).toEqual([
      [5, 8],
      [2, 8],
    ]);
    const answer = (attempt: number, q: number) => after.answers.find((a) => a.attempt_id === attempt && a.question_id === q)!;
    expect(answer(attempts[0], single.id)).toMatchObject({ outcome: 'wrong', marks: 0 });
    expect(answer(attempts[1], single.id)).toMatchObject({ outcome: 'correct', marks: 2 });
    // The teacher's marks for the essay stay.
    expect(answer(attempts[0], essay.id)).toMatchObject({ outcome: 'graded', marks: 4 });
    expect(after.regrades).toHaveLength(2);
    for (const r of after.regrades) {
      expect(r.regraded_by).toBe(A.who.TEACHER.userId);
      expect(Number(r.regraded_at)).toBeGreaterThanOrEqual(from);
    }
    const first = after.regrades.find((r) => r.attempt_id === attempts[0])!;
    expect([first.old_score, first.new_score, JSON.parse(first.questions)]).toEqual([7, 5, [{ questionId: single.id, oldMarks: 2, newMarks: 0 }]]);
    // The paper is the one the student saw: its text stays, its key is the new one.
    const paper = JSON.parse(after.attempts[0].paper);
    const q = paper.find((p: any) => p.id === single.id);
    expect(q.question).toMatch(/LIFO/);
    expect(q.key.correctOptions).toEqual([optionId(single, 'Queue')]);

    const history = json(await student('GET', '/api/student/attempts')).data.filter((h: any) => h.quizId === quiz);
    expect(history.map((h: any) => h.score).sort()).toEqual([2, 5]);
    expect(json(await student('GET', `/api/student/quizzes/${quiz}`)).data.grade).toBe(5);
    // The attempt's review lists the regrade: when, by whom, the score before and after.
    const analysis = await student('GET', `/api/student/attempts/${attempts[0]}/analysis`);
    expect(analysis.statusCode, analysis.body).toBe(200);
    const { fullname } = await db().selectFrom('users').select('fullname').where('id', '=', A.who.TEACHER.userId).executeTakeFirstOrThrow();
    expect(json(analysis).data.regrades).toEqual([{ at: Number(first.regraded_at), by: fullname, oldScore: 7, newScore: 5 }]);
  });

  it('answers count 0 once regraded', async () => {
    const res = await regrade(true);
    expect(json(res)).toMatchObject({ message: "No attempt's marks would change", data: { count: 0, changes: [] } });
  });

  it('follows a question’s new marks in the score and the maximum', async () => {
    trueFalse = await put(trueFalse, { marks: 3 });
    const res = await regrade(false);
    expect(json(res).data.count).toBe(2);
    const byAttempt = new Map<number, any>(json(res).data.changes.map((c: any) => [c.attemptId, c]));
    expect(byAttempt.get(attempts[0])).toMatchObject({ oldScore: 5, newScore: 7, oldMaxScore: 8, newMaxScore: 10, questions: [{ questionId: trueFalse.id, oldMarks: 1, newMarks: 3 }] });
    expect(byAttempt.get(attempts[1])).toMatchObject({ oldScore: 2, newScore: 2, oldMaxScore: 8, newMaxScore: 10, questions: [] });
    const rows = (await snapshot()).attempts;
    expect(rows.map((r) => [r.score, r.max_score])).toEqual([
      [7, 10],
      [2, 10],
    ]);
  });

  it('refuses to delete a question in attempts', async () => {
    const res = await teacher('DELETE', `/api/questions/${single.id}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(json(res).message).toBe('This question is in submitted attempts: it cannot be deleted');
    // A question on a paper but never answered (a random rule's draw) is kept too.
    await db().deleteFrom('answers').where('question_id', '=', trueFalse.id).execute();
    await db().deleteFrom('quiz_questions').where('question_id', '=', trueFalse.id).execute();
    const drawn = await teacher('DELETE', `/api/questions/${trueFalse.id}`);
    expect(drawn.statusCode, drawn.body).toBe(409);
    expect(json(drawn).message).toBe('This question is in submitted attempts: it cannot be deleted');
    // A question in no attempt is deleted as before.
    const unused = await question({ type: 'true_false', question: unique('Unused #'), marks: 1, correct_bool: false });
    expect((await teacher('DELETE', `/api/questions/${unused.id}`)).statusCode).toBe(200);
  });
});
