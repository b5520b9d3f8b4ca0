import { beforeAll, describe, expect, it } from 'vitest';
import { describeDb, useTestApp, type TestApp } from './helper';
import { bodies, created } from './fixtures';

type Json = Record<string, any>;

/** The demo teacher's subject, module and group, and a descriptive question with a model answer in a quiz open now. */
async function setUp(t: TestApp) {
  const db = t.portal.database.db;
  const teacher = await t.login('teacher', 'TEACHER');
  const student = await t.login('student', 'STUDENT');
  const subject = (await db.selectFrom('subjects').select('id').where('code', '=', 'CS201').executeTakeFirstOrThrow()).id;
  const module = (await db.selectFrom('modules').select('id').where('subject_id', '=', subject).executeTakeFirstOrThrow()).id;
  const studentId = (await db.selectFrom('users').select('id').where('username', '=', 'student').executeTakeFirstOrThrow()).id;
  const group = (await db.selectFrom('group_students').select('group_id').where('student_id', '=', studentId).executeTakeFirstOrThrow()).group_id;
  const call = (method: string, url: string, token: string, body?: unknown) => t.request(method, url, { token, ...(body === undefined ? {} : { body }) });
  const anyQuestion = (await db.selectFrom('questions').select('id').where('subject_id', '=', subject).where('type', '=', 'single').executeTakeFirstOrThrow()).id;
  const newQuiz = async (name: string, questions: number[]) =>
    created(await call('POST', '/api/quizzes', teacher, bodies.openQuiz({ subject, group, question: anyQuestion }, { name, questions })), name).id as number;
  return { teacher, student, subject, module, call, newQuiz, anyQuestion };
}

const MODEL_ANSWER = 'Rubric: 2 marks for **relaxation**, 3 for the negative-cycle argument (zebra-rubric-7731).';

describeDb('hand grading: the marks are required, the comment reaches the student, the model answer only the grader', () => {
  const t = useTestApp();
  let s: Awaited<ReturnType<typeof setUp>>;
  let quiz: number;
  let essay: number;
  let choice: number;
  let attempt: number;

  beforeAll(async () => {
    s = await setUp(t);
    const created = await s.call('POST', '/api/questions', s.teacher, {
      subject: s.subject, module: s.module, type: 'descriptive', question: 'Explain Dijkstra (model answer test).', marks: 5, time_required: 2, difficulty: 'hard', model_answer: MODEL_ANSWER,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.model_answer).toBe(MODEL_ANSWER);
    essay = created.json().data.id;
    // A model answer belongs to descriptive questions only: other types do not keep one.
    const single = await s.call('POST', '/api/questions', s.teacher, {
      subject: s.subject, module: s.module, type: 'single', question: 'Pick A (model answer test).', marks: 1, time_required: 1, difficulty: 'easy', model_answer: 'not kept',
      options: [{ text: 'A', correct: true }, { text: 'B', correct: false }],
    });
    expect(single.statusCode, single.body).toBe(201);
    expect(single.json().data.model_answer ?? null).toBeNull();
    choice = single.json().data.id;

    quiz = await s.newQuiz('Hand grading states', [essay, choice]);
    const started = await s.call('POST', `/api/student/quizzes/${quiz}/attempts`, s.student);
    expect([200, 201], started.body).toContain(started.statusCode);
    attempt = started.json().data.id;
    const paper = await s.call('GET', `/api/student/attempts/${attempt}`, s.student);
    expect(paper.body).toContain('Explain Dijkstra');
    expect(paper.body).not.toContain('zebra-rubric-7731');
    expect((await s.call('PUT', `/api/student/attempts/${attempt}/answers/${essay}`, s.student, { response: 'Relax edges in order of distance.', seq: 1 })).statusCode).toBe(200);
    expect((await s.call('POST', `/api/student/attempts/${attempt}/submit`, s.student)).statusCode).toBe(200);
  });

  it('refuses marks that are missing with "Enter the marks" on the field, on both grading screens', async () => {
    const grade = await s.call('PUT', `/api/quizzes/${quiz}/attempts/${attempt}/answers/${essay}/grade`, s.teacher, {});
    expect(grade.statusCode).toBe(400);
    expect(grade.json().data.errors).toMatchObject({ marks: 'Enter the marks' });
    const mark = await s.call('PUT', `/api/quizzes/${quiz}/attempts/${attempt}/answers/${essay}/mark`, s.teacher, { comment: 'no marks' });
    expect(mark.statusCode).toBe(400);
    expect(mark.json().data.errors).toMatchObject({ marks: 'Enter the marks' });
  });

  it('shows the model answer to the grader and never to the student', async () => {
    const view = await s.call('GET', `/api/quizzes/${quiz}/attempts/${attempt}`, s.teacher);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data.questions.find((q: Json) => q.id === essay)).toMatchObject({ modelAnswer: MODEL_ANSWER });
    const sheet = await s.call('GET', `/api/quizzes/${quiz}/grading/${essay}`, s.teacher);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json().data.question.modelAnswer).toBe(MODEL_ANSWER);

    for (const url of [`/api/student/attempts/${attempt}`, `/api/student/attempts/${attempt}/analysis`, '/api/student/attempts', `/api/student/quizzes/${quiz}`]) {
      const res = await s.call('GET', url, s.student);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.body, url).not.toContain('zebra-rubric-7731');
      expect(res.body, url).not.toMatch(/model_?answer/i);
    }
  });

  it('stores the comment given with the marks, and the student reads it with them in the review', async () => {
    const before = (await s.call('GET', `/api/student/attempts/${attempt}/analysis`, s.student)).json().data;
    expect(before.questions.find((q: Json) => q.id === essay)).toMatchObject({ outcome: 'pending', comment: null });

    const graded = await s.call('PUT', `/api/quizzes/${quiz}/attempts/${attempt}/answers/${essay}/grade`, s.teacher, { marks: 4, comment: '  Good: now say why negative edges break it.  ' });
    expect(graded.statusCode, graded.body).toBe(200);
    const view = (await s.call('GET', `/api/quizzes/${quiz}/attempts/${attempt}`, s.teacher)).json().data;
    expect(view.questions.find((q: Json) => q.id === essay)).toMatchObject({ marks: 4, outcome: 'graded', comment: 'Good: now say why negative edges break it.' });
    const after = (await s.call('GET', `/api/student/attempts/${attempt}/analysis`, s.student)).json().data;
    expect(after.questions.find((q: Json) => q.id === essay)).toMatchObject({ outcome: 'graded', marksGained: 4, comment: 'Good: now say why negative edges break it.' });

    // Marks sent without a comment leave it; an empty comment clears it.
    await s.call('PUT', `/api/quizzes/${quiz}/attempts/${attempt}/answers/${essay}/grade`, s.teacher, { marks: 5 });
    expect((await s.call('GET', `/api/student/attempts/${attempt}/analysis`, s.student)).json().data.questions.find((q: Json) => q.id === essay).comment).toBe('Good: now say why negative edges break it.');
    await s.call('PUT', `/api/quizzes/${quiz}/attempts/${attempt}/answers/${essay}/grade`, s.teacher, { marks: 5, comment: '' });
    expect((await s.call('GET', `/api/student/attempts/${attempt}/analysis`, s.student)).json().data.questions.find((q: Json) => q.id === essay).comment).toBeNull();
  });
});

describe('links handed to students', () => {
  describeDb('with PUBLIC_URL set', () => {
    const t = useTestApp({ PUBLIC_URL: 'http://exam.example.edu/' });

    it('start with PUBLIC_URL, which the participants answer names so the manage page can compare it with its own address', async () => {
      const s = await setUp(t);
      const quiz = await s.newQuiz('Links from PUBLIC_URL', [s.anyQuestion]);
      const links = await s.call('POST', `/api/quizzes/${quiz}/exam-links`, s.teacher);
      expect(links.statusCode, links.body).toBe(200);
      const answer = (await s.call('GET', `/api/quizzes/${quiz}/participants`, s.teacher)).json().data;
      expect(answer.linkBase).toBe('http://exam.example.edu');
      expect(answer.participants.length).toBeGreaterThan(0);
      for (const p of answer.participants) expect(p.examLink).toMatch(/^http:\/\/exam\.example\.edu\/\?/);
    });
  });

  describeDb('without PUBLIC_URL', () => {
    const t = useTestApp();

    it("start with the address the teacher's browser used", async () => {
      const s = await setUp(t);
      const quiz = await s.newQuiz('Links from the request', [s.anyQuestion]);
      await s.call('POST', `/api/quizzes/${quiz}/exam-links`, s.teacher);
      const res = await t.request('GET', `/api/quizzes/${quiz}/participants`, { token: s.teacher, headers: { host: 'portal.lan:8080' } });
      const answer = res.json().data;
      expect(answer.linkBase).toBe('http://portal.lan:8080');
      for (const p of answer.participants) expect(p.examLink).toMatch(/^http:\/\/portal\.lan:8080\/\?/);
    });
  });
});
