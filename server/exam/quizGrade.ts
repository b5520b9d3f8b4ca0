import { type Kysely, type Transaction } from 'kysely';
import type { Database, GradingMethod } from '../db/tables';
import { prepared } from '../db/prepared';
import { enqueueGrades } from '../lti/outbox';

type Db = Kysely<Database> | Transaction<Database>;

export interface AttemptScore {
  id: number;
  attempt_no: number;
  status: string;
  score: number | null;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The quiz grade of one student by the quiz's grading method, as Moodle defines it, over the
 * finished (submitted) attempts: the highest score, the mean score, the first attempt's or the
 * last attempt's. `counted` are the attempts that make it: the one best (the earliest of equal
 * best), the first, the last, or all of them for the average. No finished attempt: no grade.
 */
export function quizGradeOf(method: GradingMethod, attempts: readonly AttemptScore[]): { grade: number | null; counted: number[] } {
  const finished = attempts.filter((a) => a.status === 'submitted').sort((a, b) => a.attempt_no - b.attempt_no);
  if (!finished.length) return { grade: null, counted: [] };
  const scoreOf = (a: AttemptScore) => a.score ?? 0;
  if (method === 'average') return { grade: round(finished.reduce((s, a) => s + scoreOf(a), 0) / finished.length), counted: finished.map((a) => a.id) };
  let chosen = finished[0];
  if (method === 'last') chosen = finished[finished.length - 1];
  if (method === 'highest') for (const a of finished) if (scoreOf(a) > scoreOf(chosen)) chosen = a;
  return { grade: round(scoreOf(chosen)), counted: [chosen.id] };
}

const COUNTED_COLUMNS = ['id', 'quiz_id', 'student_id', 'attempt_no', 'status', 'score', 'counted'] as const;
const gradingMethodQuery = prepared((db, quizId: number) => db.selectFrom('quizzes').select(['id', 'grading_method']).where('id', '=', quizId));
const attemptsOfOneQuery = prepared((db, quizId: number, studentId: number) => db.selectFrom('attempts').select(COUNTED_COLUMNS).where('quiz_id', '=', quizId).where('student_id', '=', studentId));
const setCountedQuery = prepared((db, counted: number, id: number) => db.updateTable('attempts').set({ counted }).where('id', '=', id));

/**
 * Marks which attempts of these students count in their quiz grade (attempts.counted), after an
 * attempt closes or is regraded, or the grading method changed. Every figure that takes one result
 * per student (reports, dashboards, attainment, exports) reads the counted attempts.
 */
export async function recountAttempts(trx: Db, pairs: readonly { quiz_id: number; student_id: number }[]): Promise<void> {
  const quizIds = [...new Set(pairs.map((p) => p.quiz_id))];
  if (!quizIds.length) return;
  // One student's attempts (a submission): statements compiled once, as a whole hall submits at once.
  const one = pairs.length === 1 ? pairs[0] : undefined;
  const methods = new Map(
    (one ? await gradingMethodQuery.all(trx, one.quiz_id) : await trx.selectFrom('quizzes').select(['id', 'grading_method']).where('id', 'in', quizIds).execute()).map((q) => [
      q.id,
      q.grading_method as GradingMethod,
    ]),
  );
  const wanted = new Set(pairs.map((p) => `${p.quiz_id}:${p.student_id}`));
  const rows = one
    ? await attemptsOfOneQuery.all(trx, one.quiz_id, one.student_id)
    : await trx
        .selectFrom('attempts')
        .select(COUNTED_COLUMNS)
        .where('quiz_id', 'in', quizIds)
        .where('student_id', 'in', [...new Set(pairs.map((p) => p.student_id))])
        .execute();
  const byPair = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.quiz_id}:${row.student_id}`;
    if (!wanted.has(key)) continue;
    byPair.set(key, [...(byPair.get(key) ?? []), row]);
  }
  const on: number[] = [];
  const off: number[] = [];
  for (const [key, attempts] of byPair) {
    const counted = new Set(quizGradeOf(methods.get(Number(key.split(':')[0])) ?? 'highest', attempts).counted);
    for (const a of attempts) {
      const should = counted.has(a.id) ? 1 : 0;
      if (should !== a.counted) (should ? on : off).push(a.id);
    }
  }
  for (const [ids, counted] of [[on, 1], [off, 0]] as const) {
    if (ids.length === 1) await setCountedQuery.all(trx, counted, ids[0]);
    else if (ids.length) await trx.updateTable('attempts').set({ counted }).where('id', 'in', ids).execute();
  }
  await enqueueGrades(trx, pairs);
}

/** Recounts every student's attempts of a quiz (its grading method changed, or it was regraded). */
export async function recountQuiz(trx: Db, quizId: number): Promise<void> {
  const students = await trx.selectFrom('attempts').select('student_id').distinct().where('quiz_id', '=', quizId).execute();
  for (let i = 0; i < students.length; i += 500) {
    await recountAttempts(trx, students.slice(i, i + 500).map((s) => ({ quiz_id: quizId, student_id: s.student_id })));
  }
}

/** The students' quiz grades of some quizzes (quiz id -> student id -> grade), by each quiz's grading method. */
export async function quizGrades(db: Db, quizIds: readonly number[], studentId?: number): Promise<Map<number, Map<number, number | null>>> {
  const result = new Map<number, Map<number, number | null>>();
  if (!quizIds.length) return result;
  const methods = new Map(
    (await db.selectFrom('quizzes').select(['id', 'grading_method']).where('id', 'in', [...quizIds]).execute()).map((q) => [q.id, q.grading_method as GradingMethod]),
  );
  const rows = await db
    .selectFrom('attempts')
    .select(['id', 'quiz_id', 'student_id', 'attempt_no', 'status', 'score'])
    .where('quiz_id', 'in', [...quizIds])
    .$if(studentId !== undefined, (q) => q.where('student_id', '=', studentId!))
    .execute();
  const grouped = new Map<string, typeof rows>();
  for (const row of rows) grouped.set(`${row.quiz_id}:${row.student_id}`, [...(grouped.get(`${row.quiz_id}:${row.student_id}`) ?? []), row]);
  for (const [key, attempts] of grouped) {
    const [quizId, student] = key.split(':').map(Number);
    const perQuiz = result.get(quizId) ?? new Map<number, number | null>();
    result.set(quizId, perQuiz);
    perQuiz.set(student, quizGradeOf(methods.get(quizId) ?? 'highest', attempts).grade);
  }
  return result;
}

