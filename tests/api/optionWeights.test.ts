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
    const storedBefore = await regradeAttempt(db, attemptId);
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
