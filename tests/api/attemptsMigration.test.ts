import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations';
import { migrateToLatest } from '../../server/db/migrate';
import { describeDb, useTestApp, dbKind } from './helper';
import { DEFAULT_REVIEW } from '../../src/schemas/quizzes';
import { REVIEW_EVERYTHING, REVIEW_MARKS_ONLY } from '../support/review';

const provider: MigrationProvider = { getMigrations: async () => migrations as Record<string, Migration> };

describeDb('migration 0018: existing quizzes keep one attempt and their review rule', () => {
  const t = useTestApp();

  it('gives every quiz one attempt, the highest grade and its old switches as the review matrix; its submitted attempt counts', async () => {
    const db = t.portal.app.db as any;
    const down = await new Migrator({ db, provider }).migrateTo('0017_combined_feedback');
    expect(down.error).toBeUndefined();
    const quizzes = (await db.selectFrom('quizzes').select('id').orderBy('id').execute()).map((q: { id: number }) => q.id);
    expect(quizzes.length).toBeGreaterThanOrEqual(3);
    const [practice, hidden, plain] = quizzes;
    await db.updateTable('quizzes').set({ allow_review: 1, show_answers_immediately: 1 }).where('id', '=', practice).execute();
    await db.updateTable('quizzes').set({ allow_review: 0, show_answers_immediately: 1 }).where('id', '=', hidden).execute();
    await db.updateTable('quizzes').set({ allow_review: 1, show_answers_immediately: 0 }).where('id', '=', plain).execute();

    await migrateToLatest({ db, dialect: dbKind, close: async () => {} });

    const rows = await db.selectFrom('quizzes').select(['id', 'attempts_allowed', 'grading_method', 'attempt_delay1_minutes', 'attempt_delay2_minutes', 'builds_on_last', 'review']).execute();
    for (const row of rows) expect(row).toMatchObject({ attempts_allowed: 1, grading_method: 'highest', attempt_delay1_minutes: 0, attempt_delay2_minutes: 0, builds_on_last: 0 });
    const reviewOf = (id: number) => JSON.parse(rows.find((r: { id: number }) => r.id === id).review);
    expect(reviewOf(practice)).toEqual(REVIEW_EVERYTHING);
    expect(reviewOf(hidden)).toEqual(REVIEW_MARKS_ONLY);
    expect(reviewOf(plain)).toEqual(DEFAULT_REVIEW);

    const attempts = await db.selectFrom('attempts').select(['status', 'attempt_no', 'counted']).execute();
    expect(attempts.length).toBeGreaterThan(0);
    for (const a of attempts) expect({ attempt_no: a.attempt_no, counted: a.counted }).toEqual({ attempt_no: 1, counted: a.status === 'submitted' ? 1 : 0 });
  });
});
