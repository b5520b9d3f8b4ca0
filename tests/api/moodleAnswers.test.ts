import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations';
import { migrateToLatest } from '../../server/db/migrate';
import { gradeResponse } from '../../server/exam/grading';
import { regradeAttempt } from '../../server/exam/attempts';
import { toPaperQuestion, type PaperQuestion, type QuestionRow } from '../../server/exam/paper';
import { describeDb, useTestApp, editQuizRow } from './helper';
import { REVIEW_EVERYTHING, REVIEW_MARKS_ONLY } from '../support/review';

const provider: MigrationProvider = { getMigrations: async () => migrations as Record<string, Migration> };
const markings = [
  { negativeMarking: false, penalty: 0.25 },
  { negativeMarking: true, penalty: 0.25 },
];

/** Short answer and numeric questions as the bank held them before weighted answers, with responses to grade. */
const oldShort: [accepted: string[], marks: number, responses: string[]][] = [
  [['queue', 'a queue', 'FIFO  queue'], 2, ['queue', ' QUEUE ', 'a   queue', 'fifo queue', 'FIFO\tQueue', 'queues', 'stack', 'a*', 'q*']],
  [['O(n log n)', 'n*log n'], 3, ['o(n log n)', 'O(N LOG N)', 'n*log n', 'n log n', 'nlog n', 'O(n  log  n) ']],
  [['Ünïcode', 'x'], 1, ['ünïcode', 'ÜNÏCODE', 'X', 'xx']],
];
const oldNumeric: [value: number, tolerance: number, marks: number, responses: (number | string)[]][] = [
  [10, 0, 3, [10, '10', 9, 11, 10.0000001, '1e1']],
  [2.5, 0.1, 2, [2.4, 2.6, 2.5, 2.61, 2.39, '2.45']],
  [0.3, 0, 1, [0.1 + 0.2, 0.3, 0.30000001, '0.3']],
  [-4, 0.25, 4, [-4.25, -3.75, -4.26, -3.74, '-4']],
];

describeDb('migration 0012: existing short answer and numeric questions keep their marks', () => {
  const t = useTestApp();

  it('grades every response the same before and after the migration, and re-grades a stored attempt to the same marks', async () => {
    const db = t.portal.app.db;
    const migrator = new Migrator({ db, provider });
    const down = await migrator.migrateTo('0011_option_weights');
    expect(down.error).toBeUndefined();

    const sample = await db.selectFrom('questions').selectAll().where('type', '=', 'single').executeTakeFirstOrThrow();
    const now = Date.now();
    const ids: number[] = [];
    const responses = new Map<number, unknown[]>();
    const insert = async (fields: Record<string, unknown>, marks: number, answers: unknown[]) => {
      const { id } = await db
        .insertInto('questions')
        .values({
          subject_id: sample.subject_id, module_id: sample.module_id, topic_id: null, question: `Old ${fields.type} ${ids.length}`, marks, time_required: 1, difficulty: 'easy',
          options: null, scoring: null, correct_bool: null, numeric_value: null, numeric_tolerance: null, accepted_answers: null, ...fields,
          institute_id: sample.institute_id, department_id: sample.department_id, created_by: sample.created_by, created_at: now, updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
      responses.set(id, answers);
    };
    for (const [accepted, marks, answers] of oldShort) await insert({ type: 'short_answer', accepted_answers: JSON.stringify(accepted) }, marks, answers);
    for (const [value, tolerance, marks, answers] of oldNumeric) await insert({ type: 'numeric', numeric_value: value, numeric_tolerance: tolerance }, marks, answers);

    const papers = async () => {
      const rows = await db.selectFrom('questions').selectAll().where('id', 'in', ids).orderBy('id').execute();
      return rows.map((r) => toPaperQuestion(r as unknown as QuestionRow, false));
    };
    const marksOf = (paper: PaperQuestion[]) => paper.flatMap((q) => markings.flatMap((m) => responses.get(q.id)!.map((r) => gradeResponse(q.key, r, m))));

    const before = await papers();
    expect(before.every((q) => !q.key.shortAnswers && !q.key.numericAnswers)).toBe(true);
    const expected = marksOf(before);
    expect(expected.filter((g) => g.outcome === 'correct').length).toBeGreaterThan(10);
    expect(expected.filter((g) => g.outcome === 'wrong').length).toBeGreaterThan(10);

    // A stored attempt with its paper frozen before the migration: the first response of each question, and a wrong one.
    const quiz = await db.selectFrom('quizzes').select('id').where('name', '=', 'Data Structures: mid-term').executeTakeFirstOrThrow();
    const student = await db.selectFrom('users').select('id').where('username', '=', 'student').executeTakeFirstOrThrow();
    const { id: attemptId } = await db
      .insertInto('attempts')
      .values({ quiz_id: quiz.id, student_id: student.id, status: 'submitted', started_at: now, deadline: now + 60_000, submitted_at: now, closed_by: 'student', score: null, max_score: 0, pending: 0, paper: JSON.stringify(before), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, q] of before.entries()) {
      const list = responses.get(q.id)!;
      const response = i % 2 ? list[list.length - 1] : list[1];
      await db.insertInto('answers').values({ attempt_id: attemptId, question_id: q.id, response: JSON.stringify(response), seq: 1, saved_at: now, outcome: null, marks: null }).execute();
    }
    const answersOf = () => db.selectFrom('answers').select(['question_id', 'marks', 'outcome']).where('attempt_id', '=', attemptId).orderBy('question_id').execute();
    const storedBefore = await regradeAttempt(db, attemptId, { recount: false });
    const answersBefore = await answersOf();

    await migrateToLatest({ db, dialect: 'sqlite', close: async () => {} });

    const migrated = await db.selectFrom('questions').select(['type', 'short_answers', 'text_match', 'case_sensitive', 'numeric_answers']).where('id', 'in', ids).orderBy('id').execute();
    expect(JSON.parse(migrated[0].short_answers!)).toEqual([{ text: 'queue', weight: 100 }, { text: 'a queue', weight: 100 }, { text: 'FIFO  queue', weight: 100 }]);
    expect(migrated.filter((r) => r.type === 'short_answer').every((r) => r.text_match === 'legacy' && Number(r.case_sensitive) === 0)).toBe(true);
    expect(JSON.parse(migrated[4].numeric_answers!)).toEqual([{ value: 2.5, tolerance: 0.1, weight: 100 }]);

    const after = await papers();
    expect(after.every((q) => q.key.shortAnswers || q.key.numericAnswers)).toBe(true);
    expect(marksOf(after)).toEqual(expected);
    expect((await regradeAttempt(db, attemptId)).score).toBe(storedBefore.score);
    await db.updateTable('attempts').set({ paper: JSON.stringify(after) }).where('id', '=', attemptId).execute();
    expect((await regradeAttempt(db, attemptId)).score).toBe(storedBefore.score);
    expect(await answersOf()).toEqual(answersBefore);
    expect(storedBefore.score).toBeGreaterThan(0);
  });
});

describeDb('questions keep Moodle feedback and weighted answers; a quiz marks them as Moodle and the review shows the feedback', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;
  const call = (method: string, url: string, token: string, body?: unknown) => t.request(method, url, { token, ...(body === undefined ? {} : { body }) });

  it('stores, validates and reads feedback, names, tags and weighted answers; converts the old form', async () => {
    const teacher = await t.login('teacher', 'TEACHER');
    const subject = (await db().selectFrom('subjects').select('id').where('code', '=', 'CS201').executeTakeFirstOrThrow()).id;
    const module = (await db().selectFrom('modules').select('id').where('subject_id', '=', subject).executeTakeFirstOrThrow()).id;
    const common = { subject, module, marks: 2, time_required: 1, difficulty: 'easy' };

    const created = await call('POST', '/api/questions', teacher, {
      ...common,
      type: 'short_answer',
      question: 'Name an amphibian',
      name: 'Amphibian',
      category: '$course$/top/Biology/Animals',
      tags: ['zoology', 'moodle'],
      general_feedback: 'Frogs and toads are amphibians.',
      case_sensitive: false,
      short_answers: [
        { text: 'frog', weight: 100, feedback: 'Frog is a very good answer.' },
        { text: 'toad', weight: 80, feedback: 'Toad is an OK good answer.' },
        { text: '*', weight: 0, feedback: 'That is a bad answer.' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const q = created.json().data;
    expect(q).toMatchObject({
      name: 'Amphibian',
      category: '$course$/top/Biology/Animals',
      tags: ['zoology', 'moodle'],
      general_feedback: 'Frogs and toads are amphibians.',
      text_match: 'moodle',
      case_sensitive: false,
      accepted_answers: ['frog'],
      short_answers: [
        { text: 'frog', weight: 100, feedback: 'Frog is a very good answer.' },
        { text: 'toad', weight: 80, feedback: 'Toad is an OK good answer.' },
        { text: '*', weight: 0, feedback: 'That is a bad answer.' },
      ],
    });
    const read = await call('GET', `/api/questions/${q.id}`, teacher);
    expect(read.json().data).toMatchObject({ name: 'Amphibian', tags: ['zoology', 'moodle'], short_answers: q.short_answers });

    const updated = await call('PUT', `/api/questions/${q.id}`, teacher, { ...q, case_sensitive: true, short_answers: [{ text: 'Frog', weight: 100 }, { text: 'F*', weight: 50, feedback: 'Almost.' }] });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ case_sensitive: true, accepted_answers: ['Frog'], short_answers: [{ text: 'Frog', weight: 100 }, { text: 'F*', weight: 50, feedback: 'Almost.' }] });

    // The old form still works: each accepted answer is worth 100%, compared by the old rule.
    const old = await call('POST', '/api/questions', teacher, { ...common, type: 'short_answer', question: 'Old style', accepted_answers: ['queue', 'a queue'] });
    expect(old.statusCode, old.body).toBe(201);
    expect(old.json().data).toMatchObject({ text_match: 'legacy', short_answers: [{ text: 'queue', weight: 100 }, { text: 'a queue', weight: 100 }], accepted_answers: ['queue', 'a queue'] });
    const oldNumeric = await call('POST', '/api/questions', teacher, { ...common, type: 'numeric', question: 'Old numeric', numeric_value: 3.14, numeric_tolerance: 0.01 });
    expect(oldNumeric.json().data).toMatchObject({ numeric_answers: [{ value: 3.14, tolerance: 0.01, weight: 100 }], numeric_value: 3.14, numeric_tolerance: 0.01 });

    const numeric = await call('POST', '/api/questions', teacher, {
      ...common,
      type: 'numeric',
      question: 'What is pi to two d.p.?',
      numeric_answers: [
        { value: 3.14, tolerance: 0, weight: 100, feedback: 'Very good.' },
        { value: 3.14, tolerance: 0.05, weight: 50, feedback: 'Close.' },
        { value: '*', weight: 0, feedback: 'Completely wrong.' },
      ],
    });
    expect(numeric.statusCode, numeric.body).toBe(201);
    expect(numeric.json().data).toMatchObject({ numeric_value: 3.14, numeric_tolerance: 0, numeric_answers: [{ value: 3.14, tolerance: 0 }, { tolerance: 0.05 }, { value: '*', tolerance: 0 }] });

    const choice = await call('POST', '/api/questions', teacher, { ...common, type: 'single', question: 'Stable?', options: [{ text: 'Merge sort', weight: 100, feedback: 'Yes: equal keys keep their order.' }, { text: 'Heap sort', weight: 0 }] });
    expect(choice.json().data.options.map((o: { feedback?: string }) => o.feedback)).toEqual(['Yes: equal keys keep their order.', undefined]);
    const tf = await call('POST', '/api/questions', teacher, { ...common, type: 'true_false', question: 'Merge sort is stable.', correct_bool: true, true_feedback: 'Right.', false_feedback: 'It is stable.' });
    expect(tf.json().data).toMatchObject({ true_feedback: 'Right.', false_feedback: 'It is stable.' });
    // Changing the type clears the other type's answers.
    const retyped = await call('PUT', `/api/questions/${tf.json().data.id}`, teacher, { ...tf.json().data, type: 'numeric', numeric_answers: [{ value: 1, weight: 100 }] });
    expect(retyped.json().data).toMatchObject({ true_feedback: null, false_feedback: null, correct_bool: null, numeric_answers: [{ value: 1, tolerance: 0, weight: 100 }] });

    const refused = await call('POST', '/api/questions', teacher, { ...common, type: 'short_answer', question: 'Bad', short_answers: [{ text: 'toad', weight: 80 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.errors).toEqual({ short_answers: 'One of the answers needs a weight of 100% so that full marks can be earned' });
    const tooLong = await call('POST', '/api/questions', teacher, { ...common, type: 'numeric', question: 'Bad', numeric_answers: [{ value: 1, weight: 100, feedback: 'x'.repeat(2001) }] });
    expect(tooLong.json().data.errors).toEqual({ 'numeric_answers.0.feedback': 'Answer feedback should not exceed 2000 characters' });
  });

  it('marks a quiz of weighted short and numeric answers as Moodle, and shows feedback in the review only once the answers are released', async () => {
    const teacher = await t.login('teacher', 'TEACHER');
    const student = await t.login('student', 'STUDENT');
    const subject = (await db().selectFrom('subjects').select('id').where('code', '=', 'CS201').executeTakeFirstOrThrow()).id;
    const module = (await db().selectFrom('modules').select('id').where('subject_id', '=', subject).executeTakeFirstOrThrow()).id;
    const studentId = (await db().selectFrom('users').select('id').where('username', '=', 'student').executeTakeFirstOrThrow()).id;
    const group = (await db().selectFrom('group_students').select('group_id').where('student_id', '=', studentId).executeTakeFirstOrThrow()).group_id;
    const make = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/api/questions', teacher, { subject, module, time_required: 1, difficulty: 'easy', ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    const frog = await make({
      type: 'short_answer', question: 'Name an amphibian', marks: 5, general_feedback: 'Frogs are amphibians.',
      short_answers: [{ text: 'frog', weight: 100, feedback: 'Very good.' }, { text: 'toad', weight: 80, feedback: 'OK.' }, { text: '*', weight: 0, feedback: 'Bad.' }],
    });
    const sensitive = await make({ type: 'short_answer', question: 'Chemical symbol of sodium', marks: 2, case_sensitive: true, short_answers: [{ text: 'Na', weight: 100 }] });
    const pi = await make({
      type: 'numeric', question: 'Pi to two d.p.', marks: 4,
      numeric_answers: [{ value: 3.14, tolerance: 0, weight: 100, feedback: 'Very good.' }, { value: 3.14, tolerance: 0.05, weight: 50, feedback: 'Close.' }, { value: '*', weight: 0, feedback: 'Completely wrong.' }],
    });
    const wrongNumber = await make({ type: 'numeric', question: 'Ten', marks: 2, numeric_answers: [{ value: 10, tolerance: 0, weight: 100 }] });
    const choice = await make({ type: 'single', question: 'Stable?', marks: 1, options: [{ text: 'Merge sort', weight: 100, feedback: 'Yes.' }, { text: 'Heap sort', weight: 0, feedback: 'Heap sort is not stable.' }], correct_feedback: 'All right.', partially_correct_feedback: 'Partly right.', incorrect_feedback: 'Not right.' });
    const tf = await make({ type: 'true_false', question: 'Merge sort is stable.', marks: 1, correct_bool: true, true_feedback: 'Right.', false_feedback: 'It is stable.', correct_feedback: 'All right.', partially_correct_feedback: 'Partly right.', incorrect_feedback: 'Not right.' });
    // Combined feedback belongs to choice, matching and Cloze questions only: a true/false question keeps none.
    expect(tf).toMatchObject({ correct_feedback: null, partially_correct_feedback: null, incorrect_feedback: null });
    expect(choice).toMatchObject({ correct_feedback: 'All right.', incorrect_feedback: 'Not right.' });

    const now = Date.now();
    const quiz = await call('POST', '/api/quizzes', teacher, {
      name: 'Weighted answers quiz',
      subjects: [String(subject)],
      visible_from: new Date(now - 7_200_000).toISOString(),
      valid_from: new Date(now - 3_600_000).toISOString(),
      valid_to: new Date(now + 7_200_000).toISOString(),
      duration: 60,
      group_id: group,
      options: { face_detection: false, safe_exam_browser: false, guest_flag: false, negative_marking: true },
      negative_penalty: 0.25,
      questions: [frog.id, sensitive.id, pi.id, wrongNumber.id, choice.id, tf.id],
      published: true,
    });
    expect(quiz.statusCode, quiz.body).toBe(201);
    const quizId = quiz.json().data.id as number;
    const started = await call('POST', `/api/student/quizzes/${quizId}/attempts`, student);
    expect([200, 201], started.body).toContain(started.statusCode);
    const attemptId = started.json().data.id as number;
    const paper = await call('GET', `/api/student/attempts/${attemptId}`, student);
    expect(paper.body).not.toMatch(/feedback|Very good|weight|toad/);

    // The teacher edits a weight after the paper was frozen: this attempt keeps the old one.
    const edited = await call('PUT', `/api/questions/${frog.id}`, teacher, { ...frog, short_answers: [frog.short_answers[0], { ...frog.short_answers[1], weight: 20 }, frog.short_answers[2]] });
    expect(edited.statusCode, edited.body).toBe(200);

    const heap = choice.options.find((o: { text: string }) => o.text === 'Heap sort').id;
    const answers: [number, unknown][] = [
      [frog.id, '  TOAD '],
      [sensitive.id, 'NA'],
      [pi.id, 3.12],
      [wrongNumber.id, 11],
      [choice.id, heap],
      [tf.id, false],
    ];
    for (const [id, response] of answers) {
      const res = await call('PUT', `/api/student/attempts/${attemptId}/answers/${id}`, student, { response, seq: 1 });
      expect(res.statusCode, res.body).toBe(200);
    }
    const submitted = await call('POST', `/api/student/attempts/${attemptId}/submit`, student);
    expect(submitted.statusCode, submitted.body).toBe(200);
    // toad 80% of 5; NA is not Na (case sensitive): -0.25 x 2; 3.12 is within 0.05: 50% of 4; 11 wrong: -0.5; heap sort -0.25; false -0.25.
    expect(submitted.json().data).toMatchObject({ score: 4 - 0.5 + 2 - 0.5 - 0.25 - 0.25, maxScore: 15 });
    const marks = await db().selectFrom('answers').select(['question_id', 'marks', 'outcome']).where('attempt_id', '=', attemptId).orderBy('question_id').execute();
    expect(marks.map((a) => [a.marks, a.outcome])).toEqual([
      [4, 'partial'],
      [-0.5, 'wrong'],
      [2, 'partial'],
      [-0.5, 'wrong'],
      [-0.25, 'wrong'],
      [-0.25, 'wrong'],
    ]);

    const analysis = async () => {
      const res = await call('GET', `/api/student/attempts/${attemptId}/analysis`, student);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { answersReleased: boolean; questions: { id: number; feedback?: { answer: string[]; general?: string } }[] };
    };
    // The quiz is still open for others: no answers, no feedback.
    const early = await analysis();
    expect(early.answersReleased).toBe(false);
    expect(early.questions.every((q) => q.feedback === undefined)).toBe(true);

    await editQuizRow(db(), quizId, { review: JSON.stringify(REVIEW_EVERYTHING) });
    const released = await analysis();
    const feedbackOf = (id: number) => released.questions.find((q) => q.id === id)!.feedback;
    expect(feedbackOf(frog.id)).toEqual({ answer: ['OK.'], general: 'Frogs are amphibians.' });
    expect(feedbackOf(sensitive.id)).toBeUndefined();
    expect(feedbackOf(pi.id)).toEqual({ answer: ['Close.'] });
    // No marks (a penalty): Moodle's incorrect feedback, with the option's.
    expect(feedbackOf(choice.id)).toEqual({ answer: ['Heap sort is not stable.'], combined: 'Not right.' });
    expect(feedbackOf(tf.id)).toEqual({ answer: ['It is stable.'] });

    // A quiz that does not allow review shows no feedback.
    await editQuizRow(db(), quizId, { review: JSON.stringify(REVIEW_MARKS_ONLY) });
    expect((await analysis()).questions.every((q) => q.feedback === undefined)).toBe(true);
  });
});
