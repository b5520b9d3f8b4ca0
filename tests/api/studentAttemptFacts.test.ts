import { beforeAll, expect, it } from 'vitest';
import { nextAttemptMessage, reasonOfRefusal, START_BLOCK_TEXT } from '../../src/schemas/examStart';
import { clockText } from '../../src/student/quizzes/quizFacts';
import { describeDb, useTestApp, editQuizRow } from './helper';
import { bodies, created, demoTenant, json, type Tenant } from './fixtures';

/**
 * What the student's pages read about attempts: the quiz answers its grading method beside the
 * attempts, and the start refusals map to the pages' reasons with the same words.
 */

describeDb('student attempt facts', () => {
  const t = useTestApp();
  let A: Tenant;

  beforeAll(async () => {
    A = await demoTenant(t);
  });

  const student = (method: string, url: string, body?: unknown) => t.request(method, url, { token: A.tokens.STUDENT, body });

  it('answers the grading method, and a delay or no attempt left as the page’s reasons', async () => {
    const body = bodies.openQuiz(A, { attempts_allowed: 2, grading_method: 'average', attempt_delay1_minutes: 30 });
    const quiz = created(await t.request('POST', '/api/quizzes', { token: A.tokens.TEACHER, body }), 'quiz').id as number;
    expect(json(await student('GET', `/api/student/quizzes/${quiz}`)).data).toMatchObject({ gradingMethod: 'average', attemptsAllowed: 2, attemptsUsed: 0, grade: null });
    const listed = (json(await student('GET', '/api/student/quizzes?state=available')).data as { id: number; gradingMethod: string }[]).find((q) => q.id === quiz);
    expect(listed?.gradingMethod).toBe('average');

    const first = await student('POST', `/api/student/quizzes/${quiz}/attempts`);
    expect(first.statusCode, first.body).toBe(201);
    expect((await student('POST', `/api/student/attempts/${json(first).data.id}/submit`)).statusCode).toBe(200);
    const detail = json(await student('GET', `/api/student/quizzes/${quiz}`)).data;
    expect(detail).toMatchObject({ attemptsUsed: 1, attempt: { number: 1, status: 'submitted' } });
    expect(detail.nextAttemptAt).toBeGreaterThan(Date.now());

    const refused = await student('POST', `/api/student/quizzes/${quiz}/attempts`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(reasonOfRefusal(json(refused).data)).toBe('next-attempt');
    // The server's clock and zone are this process's: the page says the same words for the same time.
    expect(json(refused).message).toBe(nextAttemptMessage(clockText(json(refused).data.nextAttemptAt, json(refused).data.nextAttemptAt)));

    // The delay over, the second attempt starts; after it none is left.
    await editQuizRow(t.portal.database.db, quiz, { attempt_delay1_minutes: 0 });
    const second = await student('POST', `/api/student/quizzes/${quiz}/attempts`);
    expect(second.statusCode, second.body).toBe(201);
    expect((await student('POST', `/api/student/attempts/${json(second).data.id}/submit`)).statusCode).toBe(200);
    const none = await student('POST', `/api/student/quizzes/${quiz}/attempts`);
    expect(none.statusCode, none.body).toBe(409);
    expect(json(none).message).toBe(START_BLOCK_TEXT['no-attempts'].message);
    expect(reasonOfRefusal(json(none).data)).toBe('no-attempts');
  });

  it('shows a teacher’s change of the quiz at the student’s next request (quiz rows are kept by version)', async () => {
    const body = bodies.openQuiz(A, { attempts_allowed: 2 });
    const quiz = created(await t.request('POST', '/api/quizzes', { token: A.tokens.TEACHER, body }), 'quiz').id as number;
    expect(json(await student('GET', `/api/student/quizzes/${quiz}`)).data).toMatchObject({ name: body.name, attemptsAllowed: 2 });
    const started = await student('POST', `/api/student/quizzes/${quiz}/attempts`);
    expect(started.statusCode, started.body).toBe(201);
    const attempt = json(started).data.id as number;
    expect(json(await student('GET', `/api/student/attempts/${attempt}`)).data.quizName).toBe(body.name);

    // A version is the millisecond of the edit: the edit comes in a later one than the reads above.
    await new Promise((resolve) => setTimeout(resolve, 2));
    const edited = await t.request('PUT', `/api/quizzes/${quiz}`, { token: A.tokens.TEACHER, body: { ...body, name: `${body.name} (moved)`, attempts_allowed: 3 } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json(await student('GET', `/api/student/quizzes/${quiz}`)).data).toMatchObject({ name: `${body.name} (moved)`, attemptsAllowed: 3 });
    expect(json(await student('GET', `/api/student/attempts/${attempt}`)).data.quizName).toBe(`${body.name} (moved)`);

    // Unpublished, it is gone from the student at once, whatever was kept.
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect((await t.request('PUT', `/api/quizzes/${quiz}`, { token: A.tokens.TEACHER, body: { ...body, published: false } })).statusCode).toBe(200);
    expect((await student('GET', `/api/student/quizzes/${quiz}`)).statusCode).toBe(404);
  });

  it('answers the paper it has just drawn as stored, and the stored one once the attempt has changed (papers are kept by version)', async () => {
    const body = bodies.openQuiz(A);
    const quiz = created(await t.request('POST', '/api/quizzes', { token: A.tokens.TEACHER, body }), 'quiz').id as number;
    const started = await student('POST', `/api/student/quizzes/${quiz}/attempts`);
    expect(started.statusCode, started.body).toBe(201);
    const attempt = json(started).data.id as number;
    const db = t.portal.database.db;
    const storedView = async () => {
      const row = await db.selectFrom('attempts').select(['paper', 'updated_at']).where('id', '=', attempt).executeTakeFirstOrThrow();
      return { updatedAt: row.updated_at, questions: (JSON.parse(row.paper) as { key: unknown }[]).map(({ key: _key, ...shown }) => shown) };
    };
    const first = await storedView();
    expect(first.questions.length).toBeGreaterThan(0);
    expect(json(await student('GET', `/api/student/attempts/${attempt}`)).data.questions).toEqual(first.questions);

    // Another process regrades it (a new key and marks for its first question, a new version): the next paper says so.
    const paper = JSON.parse((await db.selectFrom('attempts').select('paper').where('id', '=', attempt).executeTakeFirstOrThrow()).paper) as { marks: number }[];
    paper[0].marks += 5;
    await db.updateTable('attempts').set({ paper: JSON.stringify(paper), updated_at: first.updatedAt + 1 }).where('id', '=', attempt).execute();
    const regraded = json(await student('GET', `/api/student/attempts/${attempt}`)).data.questions as { marks: number }[];
    expect(regraded[0].marks).toBe(paper[0].marks);
    expect(regraded).toEqual((await storedView()).questions);
  });
});
