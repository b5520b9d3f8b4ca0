import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { SessionUser } from '../auth/sessions';
import { notFound } from '../lib/errors';
import { INTEGRITY_EVENT_TYPES, type IntegrityEventType, type IntegrityRow } from '../../src/schemas/integrity';
import { thresholdsOf } from './examIntegrity';
import { integrityQuiz } from './access';
import { faceDetectionOn, sebRequired, type IntegrityQuiz } from './sebGate';

/**
 * Who may read a quiz's integrity record: the teacher who made it, and the heads of its
 * department and of its institute. Anyone else gets 404 (as for rows outside their tenant).
 */
export async function readableQuiz(db: Kysely<Database>, user: SessionUser, quizId: number): Promise<IntegrityQuiz> {
  const quiz = await integrityQuiz(db, quizId);
  const allowed =
    quiz !== undefined &&
    ((user.role === 'TEACHER' && quiz.created_by === user.userId) ||
      (user.role === 'DEPARTMENT-HEAD' && quiz.department_id !== null && quiz.department_id === user.departmentId) ||
      (user.role === 'INSTITUTE-HEAD' && quiz.institute_id !== null && quiz.institute_id === user.instituteId));
  if (!allowed) throw notFound('Quiz not found');
  return quiz;
}

/** Total length of the union of [at, at + duration) intervals: time away counted once when a blur and a hidden tab overlap. */
export function unionMs(intervals: { at: number; durationMs: number }[]): number {
  const sorted = intervals.filter((i) => i.durationMs > 0).sort((a, b) => a.at - b.at);
  let total = 0;
  let end = -Infinity;
  for (const { at, durationMs } of sorted) {
    const stop = at + durationMs;
    if (stop <= end) continue;
    total += stop - Math.max(at, end);
    end = stop;
  }
  return total;
}

const AWAY: readonly IntegrityEventType[] = ['tab-hidden', 'window-blur'];

export const SORTABLE = ['fullname', 'startedAt', 'totalEvents', 'awayMs', 'noFaceMs', 'flagged'] as const;
export type SortField = (typeof SORTABLE)[number];

/** One row per attempt: counts by type, time away, camera consent, SEB status, and a flag above the quiz's thresholds. */
export async function integritySummary(db: Kysely<Database>, quiz: IntegrityQuiz): Promise<IntegrityRow[]> {
  const attempts = await db
    .selectFrom('attempts')
    .innerJoin('users', 'users.id', 'attempts.student_id')
    .select(['attempts.id', 'attempts.student_id', 'attempts.attempt_no', 'attempts.status', 'attempts.started_at', 'attempts.submitted_at', 'attempts.camera_consent_at', 'attempts.camera_waived', 'attempts.seb_verified_at', 'users.username', 'users.fullname'])
    .where('attempts.quiz_id', '=', quiz.id)
    .execute();
  const events = attempts.length
    ? await db
        .selectFrom('integrity_events')
        .innerJoin('attempts', 'attempts.id', 'integrity_events.attempt_id')
        .select(['integrity_events.attempt_id', 'integrity_events.type', 'integrity_events.at', 'integrity_events.duration_ms'])
        .where('attempts.quiz_id', '=', quiz.id)
        .execute()
    : [];
  const byAttempt = new Map<number, typeof events>();
  for (const e of events) {
    const list = byAttempt.get(e.attempt_id);
    if (list) list.push(e);
    else byAttempt.set(e.attempt_id, [e]);
  }
  const thresholds = thresholdsOf(quiz);
  const seb = sebRequired(quiz);
  const face = faceDetectionOn(quiz);
  return attempts.map((a) => {
    const own = byAttempt.get(a.id) ?? [];
    const counts = Object.fromEntries(INTEGRITY_EVENT_TYPES.map((t) => [t, 0])) as Record<IntegrityEventType, number>;
    for (const e of own) if (e.type in counts) counts[e.type as IntegrityEventType] += 1;
    const awayMs = unionMs(own.filter((e) => AWAY.includes(e.type as IntegrityEventType)).map((e) => ({ at: Number(e.at), durationMs: Number(e.duration_ms ?? 0) })));
    const noFaceMs = own.filter((e) => e.type === 'no-face').reduce((s, e) => s + Number(e.duration_ms ?? 0), 0);
    const flagReasons: string[] = [];
    if (awayMs > thresholds.away_seconds * 1000) flagReasons.push(`away ${Math.round(awayMs / 1000)} s (more than ${thresholds.away_seconds} s)`);
    if (own.length > thresholds.events) flagReasons.push(`${own.length} events (more than ${thresholds.events})`);
    if (seb && a.seb_verified_at === null) flagReasons.push('started without Safe Exam Browser proof');
    return {
      attemptId: a.id,
      attemptNo: a.attempt_no,
      studentId: a.student_id,
      username: a.username,
      fullname: a.fullname,
      status: a.status,
      startedAt: Number(a.started_at),
      submittedAt: a.submitted_at === null ? null : Number(a.submitted_at),
      counts,
      totalEvents: own.length,
      awayMs,
      noFaceMs,
      camera: !face ? 'not_required' : a.camera_waived === 1 ? 'waived' : a.camera_consent_at !== null ? 'consented' : 'none',
      cameraConsentAt: a.camera_consent_at === null ? null : Number(a.camera_consent_at),
      seb: !seb ? 'not_required' : a.seb_verified_at !== null ? 'verified' : 'not_verified',
      flagged: flagReasons.length > 0,
      flagReasons,
    };
  });
}

export function sortRows(rows: IntegrityRow[], field: SortField, order: 'asc' | 'desc'): IntegrityRow[] {
  const sign = order === 'asc' ? 1 : -1;
  const value = (r: IntegrityRow) => (field === 'flagged' ? Number(r.flagged) : r[field]);
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const c = typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : Number(x) - Number(y);
    return c * sign || a.attemptId - b.attemptId;
  });
}

/** One attempt's timeline: its events and its answers' save times, between start and submit. */
export async function attemptTimeline(db: Kysely<Database>, quizId: number, attemptId: number) {
  const attempt = await db
    .selectFrom('attempts')
    .innerJoin('users', 'users.id', 'attempts.student_id')
    .select(['attempts.id', 'attempts.attempt_no', 'attempts.status', 'attempts.started_at', 'attempts.submitted_at', 'attempts.deadline', 'attempts.camera_consent_at', 'attempts.camera_waived', 'attempts.seb_verified_at', 'users.username', 'users.fullname'])
    .where('attempts.id', '=', attemptId)
    .where('attempts.quiz_id', '=', quizId)
    .executeTakeFirst();
  if (!attempt) throw notFound('Attempt not found');
  const events = await db
    .selectFrom('integrity_events')
    .select(['id', 'client_id', 'type', 'at', 'duration_ms', 'detail', 'received_at'])
    .where('attempt_id', '=', attemptId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const saves = await db.selectFrom('answers').select(['question_id', 'saved_at']).where('attempt_id', '=', attemptId).orderBy('saved_at').execute();
  return {
    attempt: {
      id: attempt.id,
      number: attempt.attempt_no,
      username: attempt.username,
      fullname: attempt.fullname,
      status: attempt.status,
      startedAt: Number(attempt.started_at),
      submittedAt: attempt.submitted_at === null ? null : Number(attempt.submitted_at),
      deadline: Number(attempt.deadline),
      cameraConsentAt: attempt.camera_consent_at === null ? null : Number(attempt.camera_consent_at),
      cameraWaived: attempt.camera_waived === 1,
      sebVerifiedAt: attempt.seb_verified_at === null ? null : Number(attempt.seb_verified_at),
    },
    events: events.map((e) => ({
      id: e.client_id,
      type: e.type,
      at: Number(e.at),
      durationMs: e.duration_ms === null ? null : Number(e.duration_ms),
      detail: e.detail ? (JSON.parse(e.detail) as Record<string, unknown>) : null,
      receivedAt: Number(e.received_at),
    })),
    saves: saves.map((s) => ({ questionId: s.question_id, savedAt: Number(s.saved_at) })),
  };
}

/** Every event of the quiz's attempts, for the CSV and XLSX export. */
export async function allEvents(db: Kysely<Database>, quizId: number) {
  return db
    .selectFrom('integrity_events')
    .innerJoin('attempts', 'attempts.id', 'integrity_events.attempt_id')
    .innerJoin('users', 'users.id', 'attempts.student_id')
    .select(['users.fullname', 'users.username', 'attempts.id as attemptId', 'integrity_events.type', 'integrity_events.at', 'integrity_events.duration_ms', 'integrity_events.detail', 'integrity_events.client_id'])
    .where('attempts.quiz_id', '=', quizId)
    .orderBy('attempts.id')
    .orderBy('integrity_events.at')
    .limit(500_000)
    .execute();
}

/** The export's table: a header and one row per event of the quiz's attempts. */
export async function integrityExportTable(db: Kysely<Database>, quizId: number) {
  const header = ['fullname', 'username', 'attemptId', 'type', 'at', 'durationMs', 'detail', 'eventId'];
  const rows = (await allEvents(db, quizId)).map((e) => [e.fullname, e.username, e.attemptId, e.type, new Date(Number(e.at)).toISOString(), e.duration_ms === null ? '' : Number(e.duration_ms), e.detail ?? '', e.client_id]);
  return { header, rows };
}
