import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations';
import { migrateToLatest } from '../../server/db/migrate';
import { gradeResponse } from '../../server/exam/grading';
import { regradeAttempt } from '../../server/exam/attempts';
import { toPaperQuestion, type PaperQuestion, type QuestionRow } from '../../server/exam/paper';
import { describeDb, useTestApp } from './helper';

const provider: MigrationProvider = { getMigrations: async () => migrations as Record<string, Migration> };
const markings = [
  { negativeMarking: false, penalty: 0.25 },
  { negativeMarking: true, penalty: 0.25 },
];

/** Every subset of the option ids (2^12 at most). */
const subsets = (ids: string[]) => Array.from({ length: 1 << ids.length }, (_, mask) => ids.filter((_, i) => mask & (1 << i)));

/** Questions as the bank held them before options had weights: [type, scoring, marks, correct flags]. */
const shapes: [string, string | null, number, boolean[]][] = [
  ['single', null, 2, [false, true, false, false]],
  ['multiple', 'partial', 4, [true, false, true, true, false]],
  ['multiple', 'partial', 7, [true, false, true, false, true, false, true, false, true, false, true, false]],
  ['multiple', 'partial', 1.5, Array(12).fill(true)],
  ['multiple', 'partial', 3.5, [true, true, true, true, true, true, true, false, false, false, false, false]],
  ['multiple', 'partial', 5, [true, false]],
  ['multiple', 'all_or_nothing', 3, [true, false, true, false]],
  ['multiple', 'all_or_nothing', 2.5, [true, true, true, true, true, true, true, true, true, true, true, false]],
];

describeDb('migration 0011: existing questions and stored attempts keep their marks', () => {
  const t = useTestApp();

  it('grades every response the same before and after the migration, and re-grades a stored attempt to the same marks', async () => {
    const db = t.portal.app.db;
    // The database as it was before option weights (the demo data goes back too).
    const migrator = new Migrator({ db, provider });
    const down = await migrator.migrateTo('0010_auth_hardening');
    expect(down.error).toBeUndefined();

    const sample = await db.selectFrom('questions').selectAll().where('type', '=', 'multiple').executeTakeFirstOrThrow();
    expect(JSON.parse(sample.options!)[0].weight).toBeUndefined();
    const now = Date.now();
    const ids: number[] = [];
    for (const [i, [type, scoring, marks, correct]] of shapes.entries()) {
      const options = correct.map((c, j) => ({ id: `q${i}o${j}`, text: `option ${j}`, correct: c }));
      const { id } = await db
        .insertInto('questions')
        .values({
          subject_id: sample.subject_id, module_id: sample.module_id, topic_id: null, type, question: `Shape ${i}`, marks, time_required: 1, difficulty: 'easy',
          options: JSON.stringify(options), scoring, correct_bool: null, numeric_value: null, numeric_tolerance: null, accepted_answers: null,
          institute_id: sample.institute_id, department_id: sample.department_id, created_by: sample.created_by, created_at: now, updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    const papers = async () => {
      const rows = await db.selectFrom('questions').selectAll().where('id', 'in', ids).orderBy('id').execute();
      return rows.map((r) => toPaperQuestion(r as unknown as QuestionRow, false));
    };
    const marksOf = (paper: PaperQuestion[]) =>
      paper.flatMap((q) => {
        const ids = q.options!.map((o) => o.id);
        const responses = q.type === 'single' ? ids : subsets(ids);
        return markings.flatMap((m) => responses.map((r) => gradeResponse(q.key, r, m)));
      });

    // A stored attempt, its paper frozen before the migration, one partly right answer per question.
    const before = await papers();
    expect(before.every((q) => q.key.weights === undefined)).toBe(true);
    const quiz = await db.selectFrom('quizzes').select('id').where('name', '=', 'Data Structures: mid-term').executeTakeFirstOrThrow();
    const student = await db.selectFrom('users').select('id').where('username', '=', 'student').executeTakeFirstOrThrow();
    const { id: attemptId } = await db
      .insertInto('attempts')
      .values({ quiz_id: quiz.id, student_id: student.id, status: 'submitted', started_at: now, deadline: now + 60_000, submitted_at: now, closed_by: 'student', score: null, max_score: 0, pending: 0, paper: JSON.stringify(before), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const q of before) {
      const ids = q.options!.map((o) => o.id);
      const response = q.type === 'single' ? ids[1] : [ids[0], ids[1], ids[2]].filter(Boolean);
      await db.insertInto('answers').values({ attempt_id: attemptId, question_id: q.id, response: JSON.stringify(response), seq: 1, saved_at: now, outcome: null, marks: null }).execute();
    }
    const answersOf = () => db.selectFrom('answers').select(['question_id', 'marks', 'outcome']).where('attempt_id', '=', attemptId).orderBy('question_id').execute();
    const storedBefore = await regradeAttempt(db, attemptId, { recount: false });
    const answersBefore = await answersOf();
    const expected = marksOf(before);

    await migrateToLatest({ db, dialect: 'sqlite', close: async () => {} });

    const after = await papers();
    expect(after.every((q) => q.key.weights !== undefined)).toBe(true);
    expect(after.filter((q) => q.key.scoring === 'legacy-partial').length).toBe(5);
    expect(marksOf(after)).toEqual(expected);
    // The stored attempt re-grades identically, with its own frozen paper and with a paper frozen from the migrated questions.
    expect((await regradeAttempt(db, attemptId)).score).toBe(storedBefore.score);
    await db.updateTable('attempts').set({ paper: JSON.stringify(after) }).where('id', '=', attemptId).execute();
    expect((await regradeAttempt(db, attemptId)).score).toBe(storedBefore.score);
    expect(await answersOf()).toEqual(answersBefore);
    expect(storedBefore.score).toBeGreaterThan(0);
  });
});

describeDb('a quiz with weighted options, taken through the exam API, is marked as Moodle marks it', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;
  let teacher: string;
  let student: string;
  const call = (method: string, url: string, token: string, body?: unknown) => t.request(method, url, { token, ...(body === undefined ? {} : { body }) });

  it('sums the chosen weights, clamps to 0..1, applies negative marking to wrong answers, and keeps the weights frozen in the paper', async () => {
    teacher = await t.login('teacher', 'TEACHER');
    student = await t.login('student', 'STUDENT');
    const subject = (await db().selectFrom('subjects').select('id').where('code', '=', 'CS201').executeTakeFirstOrThrow()).id;
    const module = (await db().selectFrom('modules').select('id').where('subject_id', '=', subject).executeTakeFirstOrThrow()).id;
    const studentId = (await db().selectFrom('users').select('id').where('username', '=', 'student').executeTakeFirstOrThrow()).id;
    const group = (await db().selectFrom('group_students').select('group_id').where('student_id', '=', studentId).executeTakeFirstOrThrow()).group_id;
    const option = (text: string, weight: number) => ({ text, weight });
    const question = async (type: string, marks: number, options: { text: string; weight: number }[], scoring?: string) => {
      const res = await call('POST', '/api/questions', teacher, { subject, module, type, scoring, question: `Weighted ${type} ${marks}`, marks, time_required: 1, difficulty: 'easy', options });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number; options: { id: string; text: string; weight: number; correct: boolean }[] } & Record<string, unknown>;
    };
    const colours = await question('multiple', 2, [option('yellow', 50), option('red', -100), option('off-beige', 50), option('blue', -100)], 'partial');
    expect(colours.options.map((o) => o.correct)).toEqual([true, false, true, false]);
    const halves = await question('multiple', 4, [option('yellow', 100), option('red', -50), option('blue', -50)], 'partial');
    const single = await question('single', 3, [option('A', 100), option('B', -33.33333), option('C', 0), option('D', 50)]);
    const grant = await question('multiple', 2, [option('No one', 0), option('Grant', 50), option("Grant's wife", 50), option("Grant's father", 0)], 'partial');
    const allOrNothing = await question('multiple', 2, [option('a', 50), option('b', 50), option('c', 0)], 'all_or_nothing');

    // Exports write weights Moodle marks the same way, and refuse what Moodle would mark differently.
    const gift = await call('GET', `/api/questions/export?format=gift&ids=[${colours.id},${single.id}]`, teacher);
    expect(gift.statusCode, gift.body).toBe(200);
    expect(gift.body).toContain('{\n\t~%50%yellow\n\t~%-100%red\n\t~%50%off-beige\n\t~%-100%blue\n}');
    expect(gift.body).toContain('{\n\t=A\n\t~%-33.33333%B\n\t~C\n\t~%50%D\n}');
    const refused = await call('GET', `/api/questions/export?format=gift&ids=[${colours.id},${allOrNothing.id}]`, teacher);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `These questions would be marked differently after export: question ${allOrNothing.id} is marked all or nothing, which Moodle multiple choice (GIFT) cannot express; change it to partial credit or export it as Excel`,
    );
    const aiken = await call('GET', `/api/questions/export?format=aiken&ids=[${single.id}]`, teacher);
    expect(aiken.statusCode).toBe(400);
    expect(aiken.json().message).toMatch(new RegExp(`question ${single.id} has partly right, negative or several right options`));

    const bad = await call('POST', '/api/questions', teacher, { subject, module, type: 'multiple', scoring: 'partial', question: 'Bad', marks: 1, time_required: 1, difficulty: 'easy', options: [option('a', 50), option('b', 40)] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toEqual({ options: 'The positive option weights must add up to 100% (they add up to 90%)' });

    const now = Date.now();
    const quiz = await call('POST', '/api/quizzes', teacher, {
      name: 'Weighted options quiz',
      subjects: [String(subject)],
      visible_from: new Date(now - 7_200_000).toISOString(),
      valid_from: new Date(now - 3_600_000).toISOString(),
      valid_to: new Date(now + 7_200_000).toISOString(),
      duration: 60,
      group_id: group,
      options: { face_detection: false, safe_exam_browser: false, guest_flag: false, negative_marking: true },
      negative_penalty: 0.25,
      questions: [colours.id, halves.id, single.id, grant.id],
      published: true,
    });
    expect(quiz.statusCode, quiz.body).toBe(201);
    const started = await call('POST', `/api/student/quizzes/${quiz.json().data.id}/attempts`, student);
    expect([200, 201], started.body).toContain(started.statusCode);
    const attemptId = started.json().data.id as number;
    const paper = await call('GET', `/api/student/attempts/${attemptId}`, student);
    expect(paper.statusCode).toBe(200);
    expect(paper.body).not.toMatch(/weight|correct/);

    // The teacher changes a weight after the paper was frozen: this attempt keeps the old ones.
    const edited = await call('PUT', `/api/questions/${halves.id}`, teacher, { ...halves, options: [{ ...halves.options[0], weight: 50 }, { ...halves.options[1], weight: 50, correct: true }, halves.options[2]] });
    expect(edited.statusCode, edited.body).toBe(200);

    const idOf = (q: typeof colours, text: string) => q.options.find((o) => o.text === text)!.id;
    const answers: [typeof colours, unknown][] = [
      [colours, ['yellow', 'off-beige', 'red'].map((x) => idOf(colours, x))],
      [halves, ['yellow', 'red'].map((x) => idOf(halves, x))],
      [single, idOf(single, 'D')],
      [grant, ['Grant', 'No one'].map((x) => idOf(grant, x))],
    ];
    for (const [q, response] of answers) {
      const res = await call('PUT', `/api/student/attempts/${attemptId}/answers/${q.id}`, student, { response, seq: 1 });
      expect(res.statusCode, res.body).toBe(200);
    }
    const submitted = await call('POST', `/api/student/attempts/${attemptId}/submit`, student);
    expect(submitted.statusCode, submitted.body).toBe(200);
    // 0 for yellow + off-beige + red, so negative marking takes 0.25 x 2; 100 - 50 = 50% of 4; D is 50% of 3; Grant is 50% of 2.
    expect(submitted.json().data).toMatchObject({ score: -0.5 + 2 + 1.5 + 1, maxScore: 11 });
    const marks = await db().selectFrom('answers').select(['question_id', 'marks', 'outcome']).where('attempt_id', '=', attemptId).orderBy('question_id').execute();
    expect(marks.map((a) => [a.marks, a.outcome])).toEqual([
      [-0.5, 'wrong'],
      [2, 'partial'],
      [1.5, 'partial'],
      [1, 'partial'],
    ]);
  });
});

describeDb('options sent without weights: a wrong option is worth 0%, never a penalty nobody chose', () => {
  const t = useTestApp();

  it('stores a partially marked question whose right options were marked and the others left alone with 0% on the others', async () => {
    const teacher = await t.login('teacher', 'TEACHER');
    const db = t.portal.database.db;
    const subject = (await db.selectFrom('subjects').select('id').where('code', '=', 'CS201').executeTakeFirstOrThrow()).id;
    const module = (await db.selectFrom('modules').select('id').where('subject_id', '=', subject).executeTakeFirstOrThrow()).id;
    const options = [
      { text: 'A', correct: true },
      { text: 'B', correct: true },
      { text: 'C', correct: false },
    ];
    for (const scoring of ['partial', 'all_or_nothing']) {
      const res = await t.request('POST', '/api/questions', { token: teacher, body: { subject, module, type: 'multiple', scoring, question: `Unweighted ${scoring}`, marks: 2, time_required: 1, difficulty: 'easy', options } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.options.map((o: { weight: number }) => o.weight)).toEqual([50, 50, 0]);
    }
  });
});
