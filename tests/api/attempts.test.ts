import { beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { describeDb, useTestApp } from './helper';
import { bodies, created, demoTenant, json, type Tenant } from './fixtures';

/**
 * Several attempts at a quiz: the quiz grade by each grading method is the one figure of the
 * student's quiz, the staff report, the participants, the dashboards and the export; the
 * statistics choose their attempts as Moodle (?attempts=); the limits, the delays, concurrent
 * starts, a new paper per attempt and an attempt that builds on the last.
 */

const MINUTE = 60_000;

describeDb('several attempts and the quiz grade', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;
  let A: Tenant;
  let group: number;
  /** Eight single-choice questions of 1 mark: their ids and right and wrong options. */
  const questions: { id: number; right: string; wrong: string }[] = [];

  const call = (method: string, url: string, token: string, body?: unknown) => t.request(method, url, { token, ...(body === undefined ? {} : { body }) });
  const student = (method: string, url: string, body?: unknown) => call(method, url, A.tokens.STUDENT, body);
  const teacher = (method: string, url: string, body?: unknown) => call(method, url, A.tokens.TEACHER, body);

  const makeQuiz = async (overrides: Record<string, unknown>) =>
    created(await teacher('POST', '/api/quizzes', bodies.openQuiz(A, { group_id: group, questions: questions.slice(0, 4).map((q) => q.id), ...overrides })), 'quiz').id as number;

  /** Starts (201), answers the first `right` questions rightly and the others wrongly, and submits. */
  async function take(quiz: number, right: number): Promise<number> {
    const start = await student('POST', `/api/student/quizzes/${quiz}/attempts`);
    expect(start.statusCode, start.body).toBe(201);
    const attempt = json(start).data.id as number;
    for (const [i, q] of questions.slice(0, 4).entries()) {
      const saved = await student('PUT', `/api/student/attempts/${attempt}/answers/${q.id}`, { response: i < right ? q.right : q.wrong, seq: 1 });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const submitted = await student('POST', `/api/student/attempts/${attempt}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    return attempt;
  }

  beforeAll(async () => {
    A = await demoTenant(t);
    for (let i = 0; i < 8; i++) {
      const id = created(await teacher('POST', '/api/questions', { ...bodies.question(A), marks: 1 }), 'question').id as number;
      const options = json(await teacher('GET', `/api/questions/${id}`)).data.options as { id: string; correct: boolean }[];
      questions.push({ id, right: options.find((o) => o.correct)!.id, wrong: options.find((o) => !o.correct)!.id });
    }
    group = created(await teacher('POST', '/api/groups', bodies.group(A)), 'group').id as number;
  });

  describe('four attempts scoring 2, 4, 1 and 3 of 4 marks', () => {
    let quiz: number;
    const attempts: number[] = [];

    beforeAll(async () => {
      quiz = await makeQuiz({ attempts_allowed: 4, grading_method: 'highest' });
      for (const right of [2, 4, 1, 3]) attempts.push(await take(quiz, right));
    });

    const setMethod = async (method: string) => {
      const current = json(await teacher('GET', `/api/quizzes/${quiz}`)).data;
      const res = await teacher('PUT', `/api/quizzes/${quiz}`, { ...current, grading_method: method });
      expect(res.statusCode, res.body).toBe(200);
    };
    const statistics = async (choice?: string) => {
      const res = await teacher('GET', `/api/quizzes/${quiz}/statistics${choice ? `?attempts=${choice}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      return json(res).data;
    };

    const expected = { highest: { grade: 4, counted: [2] }, average: { grade: 2.5, counted: [1, 2, 3, 4] }, first: { grade: 2, counted: [1] }, last: { grade: 3, counted: [4] } } as const;

    for (const method of ['highest', 'average', 'first', 'last', 'highest'] as const) {
      it(`the ${method} grading method gives the same quiz grade in every place`, async () => {
        await setMethod(method);
        const { grade, counted } = expected[method];

        const mine = json(await student('GET', `/api/student/quizzes/${quiz}`)).data;
        expect(mine).toMatchObject({ grade, attemptsUsed: 4, attemptsAllowed: 4 });

        // The staff report: one row per student, with the quiz grade and every attempt.
        const report = await statistics();
        const rows = report.students.filter((s: any) => s.studentId === A.who.STUDENT.userId);
        expect(rows).toHaveLength(1);
        expect(rows[0].grade).toBe(grade);
        expect(rows[0].total).toBe(grade);
        expect(rows[0].percent).toBe((100 * grade) / 4);
        expect(rows[0].attempts.map((a: any) => [a.attemptNo, a.score, a.counted])).toEqual([1, 2, 3, 4].map((n) => [n, [2, 4, 1, 3][n - 1], (counted as readonly number[]).includes(n)]));
        // A module's figure pools the counted attempts.
        const module = report.modules.find((m: any) => m.moduleId === A.module);
        const earned = [2, 4, 1, 3].filter((_, i) => (counted as readonly number[]).includes(i + 1)).reduce((a, b) => a + b, 0);
        expect(module).toMatchObject({ students: 1, earned, available: 4 * counted.length });

        // The participants on the manage page.
        const participant = json(await teacher('GET', `/api/quizzes/${quiz}/participants`)).data.participants.find((p: any) => p.id === A.who.STUDENT.userId);
        expect(participant).toMatchObject({ attemptsUsed: 4, attemptsAllowed: 4, grade, state: 'submitted', attempt: { id: attempts[3], number: 4 } });
        expect(participant.attempts.map((a: any) => a.id)).toEqual(attempts);

        // The department head's result of the quiz's group reads the counted attempts only.
        const head = json(await call('GET', '/api/dashboard', A.tokens['DEPARTMENT-HEAD'])).data;
        expect(head.passRateByGroup.find((g: any) => g.groupId === group)).toMatchObject({ attempts: counted.length, meanPercent: (100 * grade) / 4 });

        // The export's students table ends with the quiz grade and the attempts used.
        const csv = await teacher('GET', `/api/quizzes/${quiz}/statistics/export?format=csv`);
        expect(csv.statusCode).toBe(200);
        const line = csv.body.split('\n').find((l) => l.startsWith(`${A.who.STUDENT.userId},`))!;
        expect(line.split(',').slice(-2)).toEqual([String(grade), '4']);
      });
    }

    it('the statistics use each student’s first attempt by default, or all, the highest or the last', async () => {
      expect(await statistics()).toMatchObject({ attemptsChoice: 'first', attempts: 1, mean: 2 });
      expect(await statistics('first')).toMatchObject({ attemptsChoice: 'first', attempts: 1, mean: 2 });
      expect(await statistics('all')).toMatchObject({ attemptsChoice: 'all', attempts: 4, mean: 2.5, min: 1, max: 4 });
      expect(await statistics('highest')).toMatchObject({ attemptsChoice: 'highest', attempts: 1, mean: 4 });
      expect(await statistics('last')).toMatchObject({ attemptsChoice: 'last', attempts: 1, mean: 3 });
      // A question's facility over all attempts: the first question was right in 4 of 4, the third in 2 of 4 (scores 4 and 3).
      const all = await statistics('all');
      expect(all.questions.find((q: any) => q.questionId === questions[0].id)).toMatchObject({ s: 4, facility: 100 });
      expect(all.questions.find((q: any) => q.questionId === questions[2].id)).toMatchObject({ s: 4, facility: 50 });
      const bad = await teacher('GET', `/api/quizzes/${quiz}/statistics?attempts=best`);
      expect(bad.statusCode, bad.body).toBe(400);
      // The house's validation answer: the message names the field and its rule, data maps the field to the rule.
      expect(json(bad)).toMatchObject({ message: 'Invalid querystring attempts: attempts must be first, all, highest or last', data: { errors: { attempts: 'attempts must be first, all, highest or last' } } });
    });

    it('lists every attempt with its number for hand grading and in the integrity view', async () => {
      const sheet = json(await teacher('GET', `/api/quizzes/${quiz}/grading/${questions[0].id}`)).data;
      expect(sheet.answers.map((a: any) => [a.attemptId, a.attemptNo])).toEqual(attempts.map((id, i) => [id, i + 1]));
      const integrity = await teacher('GET', `/api/quizzes/${quiz}/integrity`);
      expect(integrity.statusCode, integrity.body).toBe(200);
      expect(json(integrity).data.rows.map((r: any) => [r.attemptId, r.attemptNo]).sort((a: number[], b: number[]) => a[1] - b[1])).toEqual(attempts.map((id, i) => [id, i + 1]));
    });

    it('refuses a fifth start: no attempts left', async () => {
      const res = await student('POST', `/api/student/quizzes/${quiz}/attempts`);
      expect(res.statusCode, res.body).toBe(409);
      expect(json(res).message).toBe('No attempts left');
      expect(await db().selectFrom('attempts').select('id').where('quiz_id', '=', quiz).execute()).toHaveLength(4);
    });
  });

  it('waits the delay after the first attempt, says until when, and starts once it is over', async () => {
    const quiz = await makeQuiz({ attempts_allowed: 3, attempt_delay1_minutes: 60 });
    const first = await take(quiz, 1);
    const { submitted_at } = await db().selectFrom('attempts').select('submitted_at').where('id', '=', first).executeTakeFirstOrThrow();
    const refused = await student('POST', `/api/student/quizzes/${quiz}/attempts`);
    expect(refused.statusCode, refused.body).toBe(409);
    const at = Number(submitted_at) + 60 * MINUTE;
    expect(json(refused)).toMatchObject({ message: `You can start your next attempt at ${dayjs(at).format('HH:mm')}`, data: { nextAttemptAt: at } });
    await db().updateTable('attempts').set({ submitted_at: Number(submitted_at) - 61 * MINUTE }).where('id', '=', first).execute();
    const second = await student('POST', `/api/student/quizzes/${quiz}/attempts`);
    expect(second.statusCode, second.body).toBe(201);
    expect(json(second).data.id).not.toBe(first);
  });

  it('twenty starts at once create one attempt, and a start while it runs answers it', async () => {
    const quiz = await makeQuiz({ attempts_allowed: 3 });
    const starts = await Promise.all(Array.from({ length: 20 }, () => student('POST', `/api/student/quizzes/${quiz}/attempts`)));
    for (const s of starts) expect([200, 201], s.body).toContain(s.statusCode);
    const ids = new Set(starts.map((s) => json(s).data.id));
    expect(ids.size).toBe(1);
    expect(await db().selectFrom('attempts').select('id').where('quiz_id', '=', quiz).execute()).toHaveLength(1);
    const again = await student('POST', `/api/student/quizzes/${quiz}/attempts`);
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again).data.id).toBe([...ids][0]);
  });

  it('draws a new paper for each attempt, and with builds-on-last keeps the paper and the previous answers', async () => {
    const orderOf = async (attempt: number) => (json(await student('GET', `/api/student/attempts/${attempt}`)).data.questions as { id: number }[]).map((q) => q.id);
    const startAndSubmit = async (quiz: number, answer?: { id: number; response: string }) => {
      const start = await student('POST', `/api/student/quizzes/${quiz}/attempts`);
      expect(start.statusCode, start.body).toBe(201);
      const id = json(start).data.id as number;
      const paper = await orderOf(id);
      const answers = json(await student('GET', `/api/student/attempts/${id}`)).data.answers;
      if (answer) expect((await student('PUT', `/api/student/attempts/${id}/answers/${answer.id}`, { response: answer.response, seq: 1 })).statusCode).toBe(200);
      expect((await student('POST', `/api/student/attempts/${id}/submit`)).statusCode).toBe(200);
      return { id, paper, answers };
    };
    // Six of eight questions drawn at random, shuffled: two papers alike by chance are ~1 in 20 000.
    const rule = { module: A.module, count: 6 };
    const fresh = await makeQuiz({ attempts_allowed: 3, questions: [], random_rules: [rule], shuffle_questions: true });
    const one = await startAndSubmit(fresh);
    const two = await startAndSubmit(fresh);
    const three = await startAndSubmit(fresh);
    expect(one.paper).toHaveLength(6);
    expect(new Set([one.paper.join(), two.paper.join(), three.paper.join()]).size).toBeGreaterThan(1);

    const building = await makeQuiz({ attempts_allowed: 2, builds_on_last: true, questions: questions.map((q) => q.id), shuffle_questions: true });
    const first = await startAndSubmit(building, { id: questions[0].id, response: questions[0].right });
    const start = await student('POST', `/api/student/quizzes/${building}/attempts`);
    expect(start.statusCode, start.body).toBe(201);
    const second = json(await student('GET', `/api/student/attempts/${json(start).data.id}`)).data;
    expect(second.questions.map((q: { id: number }) => q.id)).toEqual(first.paper);
    expect(second.answers[questions[0].id]).toMatchObject({ response: questions[0].right });
  });
});
