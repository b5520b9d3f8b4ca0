import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { deadlineOf } from '../exam/attempts';
import { effectiveForStudents } from '../exam/effective';
import { moveDeadline } from './manage';

/** The queries behind a quiz's overrides for a student or a group (server/routes/quizOverrides.ts). */
type Db = Kysely<Database> | Transaction<Database>;

export type OverrideSettings = { valid_from: number | null; valid_to: number | null; duration: number | null; attempts_allowed: number | null };
type QuizOfSettings = { id: number; valid_from: number | null; valid_to: number | null; duration: number | null; attempts_allowed: number };

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The quiz's overrides with their student's or group's names: groups first, then students, by name. */
export async function listOverrides(db: Db, quizId: number, overrideId?: number) {
  let query = db
    .selectFrom('quiz_overrides as o')
    .leftJoin('users as u', 'u.id', 'o.student_id')
    .leftJoin('groups as g', 'g.id', 'o.group_id')
    .select(['o.id', 'o.student_id', 'o.group_id', 'o.valid_from', 'o.valid_to', 'o.duration', 'o.attempts_allowed', 'u.fullname', 'u.username', 'g.name as groupName'])
    .where('o.quiz_id', '=', quizId);
  if (overrideId !== undefined) query = query.where('o.id', '=', overrideId);
  const rows = await query.execute();
  rows.sort((a, b) => Number(a.group_id === null) - Number(b.group_id === null) || (a.groupName ?? a.fullname ?? '').localeCompare(b.groupName ?? b.fullname ?? '') || a.id - b.id);
  return rows.map((r) => ({
    id: r.id,
    studentId: r.student_id,
    groupId: r.group_id,
    student: r.student_id === null ? null : { id: r.student_id, fullname: r.fullname ?? '', username: r.username ?? '' },
    group: r.group_id === null ? null : { id: r.group_id, name: r.groupName ?? '' },
    valid_from: iso(r.valid_from),
    valid_to: iso(r.valid_to),
    duration: r.duration,
    attempts_allowed: r.attempts_allowed,
  }));
}

/** An override of the quiz, or undefined. */
export const findOverride = (db: Db, quizId: number, overrideId: number) =>
  db.selectFrom('quiz_overrides').selectAll().where('quiz_id', '=', quizId).where('id', '=', overrideId).executeTakeFirst();

/** Whether the account is a student of the department. */
export const isStudentOf = async (db: Db, studentId: number, departmentId: number | null) =>
  departmentId !== null &&
  (await db.selectFrom('users').select('id').where('id', '=', studentId).where('role', '=', 'STUDENT').where('department_id', '=', departmentId).executeTakeFirst()) !== undefined;

/** Whether the group is one of the department's. */
export const isGroupOf = async (db: Db, groupId: number, departmentId: number | null) =>
  departmentId !== null && (await db.selectFrom('groups').select('id').where('id', '=', groupId).where('department_id', '=', departmentId).executeTakeFirst()) !== undefined;

/** Another override of the quiz for the same student or group, if any. */
export const otherOverrideFor = (db: Db, quizId: number, target: { studentId: number | null; groupId: number | null }, exceptId?: number) => {
  let query = db.selectFrom('quiz_overrides').select('id').where('quiz_id', '=', quizId);
  query = target.studentId !== null ? query.where('student_id', '=', target.studentId) : query.where('group_id', '=', target.groupId!);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
};

/** The students an override of the student or of the group reaches. */
export async function studentsOfTarget(db: Db, target: { student_id: number | null; group_id: number | null }): Promise<number[]> {
  if (target.student_id !== null) return [target.student_id];
  if (target.group_id === null) return [];
  return (await db.selectFrom('group_students').select('student_id').where('group_id', '=', target.group_id).execute()).map((r) => r.student_id);
}

/**
 * Moves the deadline of the running attempts of these students to what their effective settings
 * give now: min(start + (duration + extra minutes), close). A deadline already passed closes the
 * attempt at the next sweep (or the student's next call).
 */
export async function refreshDeadlines(trx: Db, quiz: QuizOfSettings, studentIds: readonly number[]): Promise<void> {
  if (!studentIds.length) return;
  const running = await trx
    .selectFrom('attempts')
    .select(['id', 'student_id', 'started_at'])
    .where('quiz_id', '=', quiz.id)
    .where('status', '=', 'in_progress')
    .where('student_id', 'in', [...studentIds])
    .execute();
  if (!running.length) return;
  const ids = running.map((a) => a.student_id);
  const effective = await effectiveForStudents(trx, quiz, ids);
  const extra = new Map(
    (await trx.selectFrom('accommodations').select(['student_id', 'extra_minutes']).where('quiz_id', '=', quiz.id).where('student_id', 'in', ids).execute()).map((e) => [e.student_id, e.extra_minutes]),
  );
  for (const attempt of running) {
    const settings = effective.get(attempt.student_id)!;
    await moveDeadline(trx, attempt.id, deadlineOf(attempt.started_at, settings.duration ?? 0, extra.get(attempt.student_id) ?? 0, settings.valid_to ?? attempt.started_at));
  }
}

type Target = { studentId: number | null; groupId: number | null };

/** Adds an override; the students it reaches get their running attempt's deadline moved. */
export async function insertOverride(trx: Db, quiz: QuizOfSettings, target: Target, settings: OverrideSettings, createdBy: number, now: number): Promise<number> {
  const row = await trx
    .insertInto('quiz_overrides')
    .values({ quiz_id: quiz.id, student_id: target.studentId, group_id: target.groupId, ...settings, created_by: createdBy, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await refreshDeadlines(trx, quiz, await studentsOfTarget(trx, { student_id: target.studentId, group_id: target.groupId }));
  return row.id;
}

/** Changes an override; the students it reached before and reaches now get their deadlines moved. */
export async function updateOverride(trx: Db, quiz: QuizOfSettings, existing: { id: number; student_id: number | null; group_id: number | null }, target: Target, settings: OverrideSettings, now: number): Promise<void> {
  await trx.updateTable('quiz_overrides').set({ student_id: target.studentId, group_id: target.groupId, ...settings, updated_at: now }).where('id', '=', existing.id).execute();
  const reached = new Set([...(await studentsOfTarget(trx, existing)), ...(await studentsOfTarget(trx, { student_id: target.studentId, group_id: target.groupId }))]);
  await refreshDeadlines(trx, quiz, [...reached]);
}

/** Removes an override; the students it reached get their deadlines moved back. */
export async function deleteOverride(trx: Db, quiz: QuizOfSettings, existing: { id: number; student_id: number | null; group_id: number | null }): Promise<void> {
  await trx.deleteFrom('quiz_overrides').where('id', '=', existing.id).execute();
  await refreshDeadlines(trx, quiz, await studentsOfTarget(trx, existing));
}

/** Names of groups (those whose overrides set a participant's setting). */
export const groupNames = (db: Db, ids: readonly number[]) => (ids.length ? db.selectFrom('groups').select(['id', 'name']).where('id', 'in', [...ids]).execute() : Promise.resolve([]));
