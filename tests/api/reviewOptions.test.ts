import { beforeAll, expect, it } from 'vitest';
import { describeDb, useTestApp, editQuizRow } from './helper';
import { bodies, created, demoTenant, isoIn, json, type Tenant } from './fixtures';
import { reviewMatrix } from '../support/review';
import { DEFAULT_REVIEW, REVIEW_ITEMS, type ReviewItem, type ReviewTime } from '../../src/schemas/quizzes';

/**
 * The review options by time, enforced on what the server answers: for each of the three times
 * (within 2 minutes of submitting; later while the quiz is open; after the student's close with no
 * attempt running) each part is hidden or shown in the analysis and the history; a quiz on the
 * defaults behaves as before (marks at once, right answers after close).
 */

const MINUTE = 60_000;

describeDb('review options by time', () => {
  const t = useTestApp();
  let A: Tenant;
  let question: number;

  beforeAll(async () => {
    A = await demoTenant(t);
    question = created(
      await t.request('POST', '/api/questions', {
        token: A.tokens.TEACHER,
        body: { ...bodies.question(A), general_feedback: 'About stacks.', options: [{ text: 'Right', correct: true, feedback: 'Well chosen.' }, { text: 'Wrong', correct: false, feedback: 'Not this one.' }] },
      }),
      'question',
    ).id as number;
  });

  const db = () => t.portal.database.db;
  const student = (method: string, url: string, body?: unknown) => t.request(method, url, { token: A.tokens.STUDENT, body });

  /** A quiz with the review matrix, taken by the student with the right answer: its attempt id. */
  async function taken(review: unknown) {
    const quiz = created(await t.request('POST', '/api/quizzes', { token: A.tokens.TEACHER, body: bodies.openQuiz(A, { questions: [question], review }) }), 'quiz').id as number;
    const attempt = json(await student('POST', `/api/student/quizzes/${quiz}/attempts`)).data.id as number;
    const paper = json(await student('GET', `/api/student/attempts/${attempt}`)).data;
    const right = paper.questions[0].options.find((o: { text: string }) => o.text === 'Right').id;
    expect((await student('PUT', `/api/student/attempts/${attempt}/answers/${question}`, { response: right, seq: 1 })).statusCode).toBe(200);
    const submitted = await student('POST', `/api/student/attempts/${attempt}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    return { quiz, attempt, submit: json(submitted).data };
  }

  /** Moves the attempt into the time asked for: submitted 3 minutes ago ('open'), or the quiz closed ('closed'). */
  async function moveTo(time: ReviewTime, quiz: number, attempt: number) {
    if (time === 'immediately') return;
    await db().updateTable('attempts').set({ submitted_at: Date.now() - 3 * MINUTE }).where('id', '=', attempt).execute();
    if (time === 'closed') await editQuizRow(db(), quiz, { valid_to: Date.now() - MINUTE });
  }

  const analysis = async (attempt: number) => {
    const res = await student('GET', `/api/student/attempts/${attempt}/analysis`);
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data;
  };
  const historyOf = async (attempt: number) => (json(await student('GET', '/api/student/attempts')).data as { id: number }[]).find((r) => r.id === attempt) as Record<string, unknown>;

  /** What the analysis answer shows of each part. */
  function partsShown(data: any): Record<ReviewItem, boolean> {
    const q = data.questions[0];
    return {
      attempt: data.questions.length === 1 && q.response !== undefined,
      correctness: q !== undefined && q.outcome === 'correct',
      marks: data.score === 2 && q?.marksGained === 2,
      specificFeedback: q?.feedback?.answer?.includes('Well chosen.') === true,
      generalFeedback: q?.feedback?.general === 'About stacks.',
      rightAnswer: Array.isArray(q?.correct) && q.correct.length === 1,
    };
  }

  for (const time of ['immediately', 'open', 'closed'] as const) {
    for (const item of REVIEW_ITEMS) {
      it(`${time}: shows ${item} only when that time's option is on`, async () => {
        // Everything on but the item at this time: only it is hidden; then only it on at this time.
        const hiddenOne = await taken(reviewMatrix((tm, it) => !(tm === time && it === item)));
        await moveTo(time, hiddenOne.quiz, hiddenOne.attempt);
        const hidden = await analysis(hiddenOne.attempt);
        expect(hidden.reviewTime).toBe(time);
        const shownParts = partsShown(hidden);
        if (item !== 'attempt') {
          expect(shownParts[item], `${item} hidden`).toBe(false);
          for (const other of REVIEW_ITEMS.filter((i) => i !== item)) expect(shownParts[other], `${other} still shown`).toBe(true);
        } else expect(hidden.questions).toEqual([]);

        const onlyOne = await taken(reviewMatrix((tm, it) => tm === time && it === item));
        await moveTo(time, onlyOne.quiz, onlyOne.attempt);
        const data = await analysis(onlyOne.attempt);
        const parts = partsShown(data);
        if (item === 'attempt') expect(data.questions).toHaveLength(1);
        else if (item !== 'marks' && item !== 'correctness' && item !== 'rightAnswer') expect(data.questions).toEqual([]);
        expect(data.score === null).toBe(item !== 'marks');
        const row = await historyOf(onlyOne.attempt);
        expect(row.score === null, 'history score').toBe(item !== 'marks');
        expect(row.quizGrade === null, 'history quiz grade').toBe(item !== 'marks');
        if (item === 'attempt') expect(parts.attempt).toBe(true);
      });
    }
  }

  it('keeps the old behaviour on the defaults: marks at once, right answers and feedback only once the quiz has closed for everyone', async () => {
    const { quiz, attempt, submit } = await taken(undefined);
    expect((await t.request('GET', `/api/quizzes/${quiz}`, { token: A.tokens.TEACHER })).json().data.review).toEqual(DEFAULT_REVIEW);
    expect(submit).toMatchObject({ score: 2, reviewOptions: DEFAULT_REVIEW.immediately });
    const early = await analysis(attempt);
    expect(early).toMatchObject({ reviewTime: 'immediately', score: 2, answersReleased: false, review: true });
    expect(early.questions[0].correct).toBeUndefined();
    expect(early.questions[0].feedback).toBeUndefined();
    expect((await historyOf(attempt)).score).toBe(2);
    // valid_to passed, but a classmate's attempt still runs: still no key.
    await editQuizRow(db(), quiz, { valid_to: Date.now() - MINUTE });
    const running = await db().insertInto('attempts').values({ quiz_id: quiz, student_id: A.who.TEACHER.userId, attempt_no: 1, status: 'in_progress', started_at: Date.now(), deadline: Date.now() + 10 * MINUTE, submitted_at: null, closed_by: null, score: null, max_score: 2, pending: 0, counted: 0, paper: '[]', created_at: Date.now(), updated_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
    expect((await analysis(attempt)).answersReleased).toBe(false);
    await db().deleteFrom('attempts').where('id', '=', running.id).execute();
    const late = await analysis(attempt);
    expect(late).toMatchObject({ reviewTime: 'closed', answersReleased: true });
    expect(late.questions[0].correct).toHaveLength(1);
    expect(late.questions[0].feedback).toMatchObject({ answer: ['Well chosen.'], general: 'About stacks.' });
  });

  it("takes the student's own close from an override for 'after the quiz closes'", async () => {
    const { quiz, attempt } = await taken(undefined);
    await db().updateTable('attempts').set({ submitted_at: Date.now() - 3 * MINUTE }).where('id', '=', attempt).execute();
    await editQuizRow(db(), quiz, { valid_to: Date.now() - MINUTE });
    expect((await analysis(attempt)).reviewTime).toBe('closed');
    const added = await t.request('POST', `/api/quizzes/${quiz}/overrides`, { token: A.tokens.TEACHER, body: { studentId: A.who.STUDENT.userId, valid_to: isoIn(60 * MINUTE) } });
    expect(added.statusCode, added.body).toBe(201);
    expect((await analysis(attempt)).reviewTime).toBe('open');
  });
});
