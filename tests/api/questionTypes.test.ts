import { expect, it } from 'vitest';
import { describeDb, useTestApp } from './helper';
import { REVIEW_EVERYTHING } from '../support/review';

const CLOZE =
  'Complete this opening line of verse: "The {1:SHORTANSWER:Dog#Wrong, silly!~=Owl#Well done!~*#Wrong answer} ' +
  'and the {1:MULTICHOICE:Bow-wow#You seem to have a dog obsessions!~Wiggly worm#Now you are just being ridiculous!~=Pussy-cat#Well done!} went to sea". ' +
  'Pi is {2:NUMERICAL:=3.14:0.01}.';

describeDb('matching, description and Cloze questions, written and taken through the API', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;
  const call = (method: string, url: string, token: string, body?: unknown) => t.request(method, url, { token, ...(body === undefined ? {} : { body }) });

  it('stores them, refuses bad ones, leaks no answer to the student, restores answers and marks them as Moodle', async () => {
    const teacher = await t.login('teacher', 'TEACHER');
    const student = await t.login('student', 'STUDENT');
    const subject = (await db().selectFrom('subjects').select('id').where('code', '=', 'CS201').executeTakeFirstOrThrow()).id;
    const module = (await db().selectFrom('modules').select('id').where('subject_id', '=', subject).executeTakeFirstOrThrow()).id;
    const studentId = (await db().selectFrom('users').select('id').where('username', '=', 'student').executeTakeFirstOrThrow()).id;
    const group = (await db().selectFrom('group_students').select('group_id').where('student_id', '=', studentId).executeTakeFirstOrThrow()).group_id;
    const common = { subject, module, time_required: 1, difficulty: 'easy' };
    const create = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/api/questions', teacher, { ...common, ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as Record<string, any>;
    };

    const matching = await create({
      type: 'matching',
      question: 'Match each animal with its class.',
      marks: 4,
      general_feedback: 'Frogs and toads are amphibians.',
      match_pairs: [
        { question: 'Dog', answer: 'Mammal' },
        { question: 'Frog', answer: 'Amphibian' },
        { question: 'Toad', answer: 'Amphibian' },
        { question: 'Cat', answer: 'Mammal' },
        { question: '', answer: 'Insect' },
      ],
      options: [{ text: 'stale', correct: true }],
    });
    expect(matching.match_pairs).toHaveLength(5);
    expect(matching.match_pairs.every((p: { id?: string }) => typeof p.id === 'string' && p.id.length > 0)).toBe(true);
    expect(matching.options).toBeNull();
    const description = await create({ type: 'description', question: 'Read this passage: the owl and the pussy-cat.', marks: 0 });
    expect(description.marks).toBe(0);
    const cloze = await create({ type: 'cloze', question: CLOZE, marks: 4 });
    const single = await create({ type: 'single', question: 'Pick A', marks: 1, options: [{ text: 'A', correct: true }, { text: 'B', correct: false }] });

    const refused = async (body: Record<string, unknown>, field: string, message: string) => {
      const res = await call('POST', '/api/questions', teacher, { ...common, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().data.errors[field]).toContain(message);
    };
    await refused({ type: 'matching', question: 'M', marks: 1, match_pairs: [{ question: 'a', answer: 'b' }] }, 'match_pairs', 'Write at least 2 subquestions and 3 answers');
    await refused({ type: 'description', question: 'D', marks: 3 }, 'marks', 'A description has no marks: enter 0');
    await refused({ type: 'single', question: 'S', marks: 0, options: [{ text: 'A', correct: true }, { text: 'B' }] }, 'marks', 'Enter valid marks');
    await refused({ type: 'cloze', question: 'Only {1:SA:wrong}', marks: 1 }, 'question', 'one of the answers must be worth 100%');

    // Editing keeps the pairs' ids, so a stem keeps its identity.
    const edited = await call('PUT', `/api/questions/${matching.id}`, teacher, { ...matching, options: undefined });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.match_pairs.map((p: { id: string }) => p.id)).toEqual(matching.match_pairs.map((p: { id: string }) => p.id));

    const now = Date.now();
    const quiz = await call('POST', '/api/quizzes', teacher, {
      name: 'Moodle types quiz',
      subjects: [String(subject)],
      visible_from: new Date(now - 7_200_000).toISOString(),
      valid_from: new Date(now - 3_600_000).toISOString(),
      valid_to: new Date(now + 7_200_000).toISOString(),
      duration: 60,
      group_id: group,
      options: { face_detection: false, safe_exam_browser: false, guest_flag: false, negative_marking: true },
      negative_penalty: 0.25,
      questions: [description.id, matching.id, cloze.id, single.id],
      published: true,
      review: REVIEW_EVERYTHING,
    });
    expect(quiz.statusCode, quiz.body).toBe(201);
    const quizId = quiz.json().data.id as number;
    const summary = await call('GET', `/api/student/quizzes/${quizId}`, student);
    expect(summary.json().data.totalMarks).toBe(9);

    const started = await call('POST', `/api/student/quizzes/${quizId}/attempts`, student);
    expect([200, 201], started.body).toContain(started.statusCode);
    const attemptId = started.json().data.id as number;
    const paperRes = await call('GET', `/api/student/attempts/${attemptId}`, student);
    expect(paperRes.statusCode).toBe(200);
    // Neither the right pairs nor the gaps' answers and feedback reach the student.
    expect(paperRes.body).not.toMatch(/matchRight|clozeGaps|Well done|SHORTANSWER|3\.14|"Owl"|right/);
    const questions = paperRes.json().data.questions as Record<string, any>[];
    const qOf = (id: number) => questions.find((q) => q.id === id)!;
    const m = qOf(matching.id);
    expect(m.stems.map((s: { text: string }) => s.text)).toEqual(['Dog', 'Frog', 'Toad', 'Cat']);
    expect(m.choices.map((c: { text: string }) => c.text).sort()).toEqual(['Amphibian', 'Insect', 'Mammal']);
    const c = qOf(cloze.id);
    expect(c.question).toBe('Complete this opening line of verse: "The {#1} and the {#2} went to sea". Pi is {#3}.');
    expect(c.gaps.map((g: { kind: string }) => g.kind)).toEqual(['short', 'choice', 'numeric']);
    expect(qOf(description.id)).toMatchObject({ type: 'description', marks: 0 });

    const stem = (text: string) => m.stems.find((s: { text: string }) => s.text === text).id;
    const choice = (text: string) => m.choices.find((x: { text: string }) => x.text === text).id;
    const option = (text: string) => c.gaps[1].options.find((o: { text: string }) => o.text === text).id;
    const save = (questionId: number, response: unknown, seq = 1) => call('PUT', `/api/student/attempts/${attemptId}/answers/${questionId}`, student, { response, seq });

    // Bad responses are refused with the reason.
    for (const [qid, response, message] of [
      [matching.id, { [stem('Dog')]: 'nope' }, 'Match each item with one of the answers'],
      [matching.id, ['x'], 'Match each item with one of the answers'],
      [cloze.id, { 2: 'nope' }, 'Choose one of the options of gap 2'],
      [cloze.id, { 9: 'x' }, 'Fill in the gaps of this question only'],
      [description.id, 'an answer', 'This text has no answer'],
    ] as [number, unknown, string][]) {
      const res = await save(qid, response);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().data.errors.response).toBe(message);
    }

    // Dog and Toad right, Frog wrong, Cat unanswered: 2 of 4 -> 2 marks. Cloze: Owl right (1), Bow-wow wrong (1), 3.145 right (2): 3/4 of 4 -> 3.
    const matchAnswer = { [stem('Dog')]: choice('Mammal'), [stem('Frog')]: choice('Insect'), [stem('Toad')]: choice('Amphibian') };
    const clozeAnswer = { 1: ' Owl ', 2: option('Bow-wow'), 3: '3.145' };
    expect((await save(matching.id, matchAnswer)).statusCode).toBe(200);
    expect((await save(cloze.id, { 1: 'Dog' })).statusCode).toBe(200);
    expect((await save(cloze.id, clozeAnswer, 2)).statusCode).toBe(200);
    expect((await save(single.id, 'nope-wrong-id')).statusCode).toBe(400);

    // Saved answers come back as they were sent.
    const restored = (await call('GET', `/api/student/attempts/${attemptId}`, student)).json().data.answers;
    expect(restored[matching.id].response).toEqual(matchAnswer);
    expect(restored[cloze.id].response).toEqual(clozeAnswer);

    const submitted = await call('POST', `/api/student/attempts/${attemptId}/submit`, student);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data).toMatchObject({ score: 2 + 3 + 0, maxScore: 9, pending: false });
    const marks = await db().selectFrom('answers').select(['question_id', 'marks', 'outcome']).where('attempt_id', '=', attemptId).execute();
    const byQuestion = new Map(marks.map((a) => [a.question_id, [a.marks, a.outcome]]));
    expect(byQuestion.get(matching.id)).toEqual([2, 'partial']);
    expect(byQuestion.get(cloze.id)).toEqual([3, 'partial']);

    // The review shows the right pairs and the gaps' right answers.
    const analysis = await call('GET', `/api/student/attempts/${attemptId}/analysis`, student);
    expect(analysis.statusCode, analysis.body).toBe(200);
    const reviewed = analysis.json().data.questions as Record<string, any>[];
    // The breakdowns count the questions that carry marks: the description is none of them.
    for (const breakdown of ['byModule', 'byDifficulty']) expect(analysis.json().data[breakdown].reduce((n: number, g: { questions: number }) => n + g.questions, 0)).toBe(3);
    const rm = reviewed.find((q) => q.id === matching.id)!;
    expect(rm.correct[stem('Frog')]).toBe(choice('Amphibian'));
    expect(rm.stems).toHaveLength(4);
    const rc = reviewed.find((q) => q.id === cloze.id)!;
    expect(rc.correct).toEqual({ 1: 'Owl', 2: 'Pussy-cat', 3: '3.14 ± 0.01' });
    expect(rc.marksGained).toBe(3);
    // And the feedback part by part: each pair right or wrong with the general feedback; each gap's answer feedback, state and marks.
    expect(rm.feedback).toEqual({
      answer: [],
      general: 'Frogs and toads are amphibians.',
      parts: [
        { label: 'Dog', response: 'Mammal', state: 'right', correct: 'Mammal', feedback: [] },
        { label: 'Frog', response: 'Insect', state: 'wrong', correct: 'Amphibian', feedback: [] },
        { label: 'Toad', response: 'Amphibian', state: 'right', correct: 'Amphibian', feedback: [] },
        { label: 'Cat', response: '', state: 'unanswered', correct: 'Mammal', feedback: [] },
      ],
    });
    expect(rc.feedback.parts).toEqual([
      { label: 'Gap 1', response: 'Owl', state: 'right', correct: 'Owl', feedback: ['Well done!'], mark: 1, max: 1 },
      { label: 'Gap 2', response: 'Bow-wow', state: 'wrong', correct: 'Pussy-cat', feedback: ['You seem to have a dog obsessions!'], mark: 0, max: 1 },
      { label: 'Gap 3', response: '3.145', state: 'right', correct: '3.14 ± 0.01', feedback: [], mark: 2, max: 2 },
    ]);

    // The teacher grading one question sees its whole key: every gap's answers with their weights and feedback.
    const grading = await call('GET', `/api/quizzes/${quizId}/grading/${cloze.id}`, teacher);
    expect(grading.statusCode, grading.body).toBe(200);
    const key = grading.json().data.question.key;
    expect(key.clozeGaps.map((g: { answers: { text: string; fraction: number; feedback: string }[] }) => g.answers)).toEqual([
      [
        { text: 'Dog', fraction: 0, feedback: 'Wrong, silly!' },
        { text: 'Owl', fraction: 1, feedback: 'Well done!' },
        { text: '*', fraction: 0, feedback: 'Wrong answer' },
      ],
      [
        { text: 'Bow-wow', fraction: 0, feedback: 'You seem to have a dog obsessions!' },
        { text: 'Wiggly worm', fraction: 0, feedback: 'Now you are just being ridiculous!' },
        { text: 'Pussy-cat', fraction: 1, feedback: 'Well done!' },
      ],
      [{ text: '3.14', fraction: 1, feedback: '', tolerance: 0.01 }],
    ]);

    // The teacher's statistics count the partial marks and leave the description out.
    const stats = await call('GET', `/api/quizzes/${quizId}/statistics`, teacher);
    expect(stats.statusCode, stats.body).toBe(200);
    const statQuestions = stats.json().data.questions as { questionId: number; facility: number | null }[];
    expect(statQuestions.map((q) => q.questionId)).toEqual([matching.id, cloze.id, single.id]);
    expect(statQuestions[0].facility).toBe(50);
    expect(statQuestions[1].facility).toBe(75);
  });
});
