import type { Kysely, Transaction } from 'kysely';
import type { Database, QuizOverrideTable } from '../db/tables';
import { prepared } from '../db/prepared';

type Db = Kysely<Database> | Transaction<Database>;

import type { SettingSource } from '../../src/schemas/overrides';

export type { SettingSource };
export const OVERRIDE_SETTINGS = ['valid_from', 'valid_to', 'duration', 'attempts_allowed'] as const;
export type OverrideSetting = (typeof OVERRIDE_SETTINGS)[number];

export interface QuizSettings {
  valid_from: number | null;
  valid_to: number | null;
  duration: number | null;
  /** 0: unlimited. */
  attempts_allowed: number;
}
export interface EffectiveSettings extends QuizSettings {
  source: Record<OverrideSetting, SettingSource>;
}
export type OverrideValues = Pick<QuizOverrideTable, 'student_id' | 'group_id' | OverrideSetting>;

/** The most lenient of two values of a setting: the earliest open, the latest close, the longest time limit, the most attempts (0, unlimited, above any number). */
function moreLenient(setting: OverrideSetting, a: number, b: number): boolean {
  if (setting === 'valid_from') return a < b;
  if (setting === 'attempts_allowed') return b !== 0 && (a === 0 || a > b);
  return a > b;
}

/**
 * A student's settings of a quiz, as Moodle decides them: each setting the student's own override
 * sets wins; otherwise the most lenient value among the overrides of the student's groups that set
 * it, each setting on its own; otherwise the quiz's. `overrides` are those of this quiz for this
 * student and for the groups the student is in.
 */
export function effectiveSettings(quiz: QuizSettings, overrides: readonly OverrideValues[]): EffectiveSettings {
  const own = overrides.find((o) => o.student_id !== null);
  const groups = overrides.filter((o) => o.student_id === null && o.group_id !== null).sort((a, b) => a.group_id! - b.group_id!);
  const result: EffectiveSettings = {
    valid_from: quiz.valid_from,
    valid_to: quiz.valid_to,
    duration: quiz.duration,
    attempts_allowed: quiz.attempts_allowed,
    source: { valid_from: 'quiz', valid_to: 'quiz', duration: 'quiz', attempts_allowed: 'quiz' },
  };
  for (const setting of OVERRIDE_SETTINGS) {
    const mine = own?.[setting];
    if (mine !== null && mine !== undefined) {
      result[setting] = mine;
      result.source[setting] = 'student';
      continue;
    }
    let best: { value: number; group: number } | undefined;
    for (const o of groups) {
      const value = o[setting];
      if (value === null || value === undefined) continue;
      if (!best || moreLenient(setting, value, best.value)) best = { value, group: o.group_id! };
    }
    if (best) {
      result[setting] = best.value;
      result.source[setting] = `group:${best.group}`;
    }
  }
  return result;
}

/** The overrides of a quiz that apply to a student: their own and those of the groups they are in. */
const overridesQuery = prepared((db, quizId: number, studentId: number) =>
  db
    .selectFrom('quiz_overrides')
    .select(['student_id', 'group_id', 'valid_from', 'valid_to', 'duration', 'attempts_allowed'])
    .where('quiz_id', '=', quizId)
    .where((eb) =>
      eb.or([eb('student_id', '=', studentId), eb('group_id', 'in', eb.selectFrom('group_students').select('group_id').where('student_id', '=', studentId))]),
    ),
);
export const overridesFor = (db: Db, quizId: number, studentId: number) => overridesQuery.all(db, quizId, studentId);

type QuizOfSettings = { id: number; valid_from: number | null; valid_to: number | null; duration: number | null; attempts_allowed: number };

/** A student's effective settings of a quiz, read from the database. */
export async function effectiveFor(db: Db, quiz: QuizOfSettings, studentId: number): Promise<EffectiveSettings> {
  return effectiveSettings(quiz, await overridesFor(db, quiz.id, studentId));
}

/** The student's effective settings of several quizzes at once (their quiz list): two queries. */
export async function effectiveForMany(db: Db, quizzes: readonly QuizOfSettings[], studentId: number): Promise<Map<number, EffectiveSettings>> {
  const rows = quizzes.length
    ? await db
        .selectFrom('quiz_overrides')
        .select(['quiz_id', 'student_id', 'group_id', 'valid_from', 'valid_to', 'duration', 'attempts_allowed'])
        .where('quiz_id', 'in', quizzes.map((q) => q.id))
        .where((eb) =>
          eb.or([eb('student_id', '=', studentId), eb('group_id', 'in', eb.selectFrom('group_students').select('group_id').where('student_id', '=', studentId))]),
        )
        .execute()
    : [];
  const byQuiz = new Map<number, OverrideValues[]>();
  for (const row of rows) byQuiz.set(row.quiz_id, [...(byQuiz.get(row.quiz_id) ?? []), row]);
  return new Map(quizzes.map((q) => [q.id, effectiveSettings(q, byQuiz.get(q.id) ?? [])]));
}

/** The latest close of a quiz for anyone: the quiz's own, or a later one an override gives. */
export async function latestCloseOf(db: Db, quiz: { id: number; valid_to: number | null }): Promise<number | null> {
  const row = await db.selectFrom('quiz_overrides').select((eb) => eb.fn.max('valid_to').as('latest')).where('quiz_id', '=', quiz.id).executeTakeFirst();
  const latest = row?.latest === null || row?.latest === undefined ? null : Number(row.latest);
  if (quiz.valid_to === null) return latest;
  return latest === null ? quiz.valid_to : Math.max(latest, quiz.valid_to);
}

/**
 * The effective settings of several students of one quiz (the participants table, moving deadlines):
 * one query for the quiz's overrides and one for the students' memberships of the overridden groups.
 */
export async function effectiveForStudents(db: Db, quiz: QuizOfSettings, studentIds: readonly number[]): Promise<Map<number, EffectiveSettings>> {
  const overrides = studentIds.length
    ? await db.selectFrom('quiz_overrides').select(['student_id', 'group_id', 'valid_from', 'valid_to', 'duration', 'attempts_allowed']).where('quiz_id', '=', quiz.id).execute()
    : [];
  const groupIds = overrides.filter((o) => o.group_id !== null).map((o) => o.group_id!);
  const memberships = groupIds.length
    ? await db.selectFrom('group_students').select(['group_id', 'student_id']).where('group_id', 'in', groupIds).where('student_id', 'in', [...studentIds]).execute()
    : [];
  const groupsOf = new Map<number, Set<number>>();
  for (const m of memberships) groupsOf.set(m.student_id, (groupsOf.get(m.student_id) ?? new Set()).add(m.group_id));
  return new Map(
    studentIds.map((id) => {
      const mine = overrides.filter((o) => o.student_id === id || (o.group_id !== null && groupsOf.get(id)?.has(o.group_id)));
      return [id, effectiveSettings(quiz, mine)];
    }),
  );
}
