import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { REVIEW_IMMEDIATELY_MS, reviewOf, type ReviewOptions, type ReviewTime } from '../../src/schemas/quizzes';
import { SAVE_GRACE_MS, type QuizRow } from './attempts';
import { effectiveFor, effectiveForMany } from './effective';

type Db = Kysely<Database> | Transaction<Database>;
type Quiz = NonNullable<QuizRow>;

/**
 * Which of the review options' times applies to a finished attempt, in Moodle's order: after the
 * quiz closes (for this student: their own close has passed and no attempt of the quiz can still
 * take answers, so a classmate with extra time never meets the key), else immediately after the
 * attempt (within 2 minutes of submitting), else later while the quiz is open.
 */
export function reviewTimeOf(attempt: { submitted_at: number | null }, closedForStudent: boolean, now: number): ReviewTime {
  if (closedForStudent) return 'closed';
  if (attempt.submitted_at !== null && now < attempt.submitted_at + REVIEW_IMMEDIATELY_MS) return 'immediately';
  return 'open';
}

/** Quizzes (of these) with an attempt that can still take answers: in progress, its deadline plus the grace not yet passed. */
async function stillRunning(db: Db, quizIds: readonly number[], now: number): Promise<Set<number>> {
  if (!quizIds.length) return new Set();
  const rows = await db
    .selectFrom('attempts')
    .select('quiz_id')
    .distinct()
    .where('quiz_id', 'in', [...quizIds])
    .where('status', '=', 'in_progress')
    .where('deadline', '>=', now - SAVE_GRACE_MS)
    .execute();
  return new Set(rows.map((r) => r.quiz_id));
}

export interface Review {
  time: ReviewTime;
  options: ReviewOptions;
}

/** What the student may see of their finished attempt now, by the quiz's review options. */
export async function reviewFor(db: Db, quiz: Quiz, attempt: { student_id: number; submitted_at: number | null }, now = Date.now()): Promise<Review> {
  const close = (await effectiveFor(db, quiz, attempt.student_id)).valid_to;
  const closed = close !== null && now >= close && !(await stillRunning(db, [quiz.id], now)).has(quiz.id);
  const time = reviewTimeOf(attempt, closed, now);
  return { time, options: reviewOf(quiz.review)[time] };
}

/** The same for many attempts of one student (their history): a few queries whatever their number. */
export async function reviewsOf(
  db: Db,
  studentId: number,
  attempts: readonly { id: number; quiz_id: number; submitted_at: number | null }[],
  now = Date.now(),
): Promise<Map<number, Review>> {
  const quizIds = [...new Set(attempts.map((a) => a.quiz_id))];
  const quizzes = quizIds.length ? ((await db.selectFrom('quizzes').selectAll().where('id', 'in', quizIds).execute()) as Quiz[]) : [];
  const effective = await effectiveForMany(db, quizzes, studentId);
  const running = await stillRunning(db, quizIds, now);
  const byId = new Map(quizzes.map((q) => [q.id, q]));
  const result = new Map<number, Review>();
  for (const a of attempts) {
    const quiz = byId.get(a.quiz_id);
    if (!quiz) continue;
    const close = effective.get(quiz.id)?.valid_to ?? null;
    const time = reviewTimeOf(a, close !== null && now >= close && !running.has(quiz.id), now);
    result.set(a.id, { time, options: reviewOf(quiz.review)[time] });
  }
  return result;
}
