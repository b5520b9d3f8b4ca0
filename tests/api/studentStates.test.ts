import { beforeAll, expect, it } from 'vitest';
import { START_BLOCK_TEXT } from '../../src/schemas/examStart';
import { describeDb, useTestApp } from './helper';
import { bodies, created, demoTenant, isoIn, json, quizOptions, type Tenant } from './fixtures';

/**
 * What the student's quiz calls say about the states the instruction page explains: a start
 * refused for a window not open or a closed one carries the page's words and its reason (a start of
 * a quiz already taken answers its one attempt); the list tells which quizzes need SEB or a camera; a SEB refusal names the quiz.
 */

const MINUTE = 60_000;

describeDb('student quiz states', () => {
  const t = useTestApp();
  let A: Tenant;

  beforeAll(async () => {
    A = await demoTenant(t);
  });

  const makeQuiz = async (overrides: Record<string, unknown> = {}) =>
    created(await t.request('POST', '/api/quizzes', { token: A.tokens.TEACHER, body: bodies.openQuiz(A, overrides) }), 'quiz').id as number;
  const student = (method: string, url: string, body?: unknown) => t.request(method, url, { token: A.tokens.STUDENT, body });

  it('refuses a start before the window, after it, in the page’s words with the reason; a taken quiz answers its one attempt', async () => {
    const upcoming = await makeQuiz({ visible_from: isoIn(-MINUTE), valid_from: isoIn(60 * MINUTE), valid_to: isoIn(180 * MINUTE) });
    const closed = await makeQuiz({ visible_from: isoIn(-180 * MINUTE), valid_from: isoIn(-120 * MINUTE), valid_to: isoIn(-30 * MINUTE) });
    for (const [quiz, reason] of [
      [upcoming, 'not-open'],
      [closed, 'closed'],
    ] as const) {
      const res = await student('POST', `/api/student/quizzes/${quiz}/attempts`);
      expect(res.statusCode, res.body).toBe(409);
      expect(json(res)).toMatchObject({ success: false, message: START_BLOCK_TEXT[reason].message, data: { reason } });
    }

    const quiz = await makeQuiz();
    const first = await student('POST', `/api/student/quizzes/${quiz}/attempts`);
    expect(first.statusCode, first.body).toBe(201);
    // Starting again while in progress is resuming: the same attempt.
    expect(json(await student('POST', `/api/student/quizzes/${quiz}/attempts`)).data.id).toBe(json(first).data.id);
    expect((await student('POST', `/api/student/attempts/${json(first).data.id}/submit`)).statusCode).toBe(200);
    // Start stays idempotent after the submission (DESIGN's contract): the one attempt, submitted.
    const again = await student('POST', `/api/student/quizzes/${quiz}/attempts`);
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again).data).toMatchObject({ id: json(first).data.id, status: 'submitted' });
    const attempts = await t.portal.database.db.selectFrom('attempts').select('id').where('quiz_id', '=', quiz).execute();
    expect(attempts).toHaveLength(1);
  });

  it('says in the list which quizzes need Safe Exam Browser or a camera', async () => {
    const seb = await makeQuiz({ options: quizOptions({ safe_exam_browser: true }) });
    const camera = await makeQuiz({ options: quizOptions({ face_detection: true }) });
    const plain = await makeQuiz();
    const list = json(await student('GET', '/api/student/quizzes?state=available')).data as { id: number; safeExamBrowser: boolean; faceDetection: boolean }[];
    const marks = (id: number) => {
      const entry = list.find((q) => q.id === id)!;
      return { safeExamBrowser: entry.safeExamBrowser, faceDetection: entry.faceDetection };
    };
    expect(marks(seb)).toEqual({ safeExamBrowser: true, faceDetection: false });
    expect(marks(camera)).toEqual({ safeExamBrowser: false, faceDetection: true });
    expect(marks(plain)).toEqual({ safeExamBrowser: false, faceDetection: false });
  });

  it('names the quiz (name, window, duration, extra time) in the SEB refusal of its instructions, and the camera refusal in the page’s words', async () => {
    const seb = await makeQuiz({ name: 'Networks final (SEB)', duration: 45, options: quizOptions({ safe_exam_browser: true }) });
    const row = await t.portal.database.db.selectFrom('quizzes').select(['valid_from', 'valid_to']).where('id', '=', seb).executeTakeFirstOrThrow();
    const res = await student('GET', `/api/student/quizzes/${seb}`);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({
      message: START_BLOCK_TEXT.seb.message,
      data: { sebRequired: true, quizId: seb, quiz: { name: 'Networks final (SEB)', validFrom: Number(row.valid_from), validTo: Number(row.valid_to), duration: 45, extraMinutes: 0 } },
    });

    const camera = await makeQuiz({ options: quizOptions({ face_detection: true }) });
    const refused = await student('POST', `/api/student/quizzes/${camera}/attempts`);
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message.startsWith(START_BLOCK_TEXT['camera-off'].message)).toBe(true);
  });
});
