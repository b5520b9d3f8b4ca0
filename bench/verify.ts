import type { Kysely } from 'kysely';
import type { Database } from '../server/db/tables';
import type { StormResult } from './loadgen';

/** What the database holds after a storm, checked against what the load generator saw. */
export interface Verification {
  students: number;
  attempts: number;
  /** Attempts beyond the first of a student at this quiz (must be 0). */
  duplicateAttempts: number;
  /** Students without an attempt (must be 0: every student started). */
  missingAttempts: number;
  /** A student was answered with an attempt id other than the one stored for them, or two starts disagreed. */
  attemptMismatches: number;
  /** Attempts not submitted after the storm. */
  notSubmitted: number;
  /** Latest acknowledged saves checked. */
  savesChecked: number;
  /** Acknowledged saves whose latest value is not what is stored (missing, older seq, or another response). */
  lostSaves: number;
  failures: string[];
}

const sameJson = (stored: string | null, acked: string) => {
  if (stored === null) return acked === 'null';
  try {
    return JSON.stringify(JSON.parse(stored)) === JSON.stringify(JSON.parse(acked));
  } catch {
    return false;
  }
};

export async function verifyStorm(db: Kysely<Database>, quizId: number, studentIds: number[], result: StormResult): Promise<Verification> {
  const failures: string[] = [];
  const rows = await db.selectFrom('attempts').select(['id', 'student_id', 'status']).where('quiz_id', '=', quizId).execute();
  const byStudent = new Map<number, typeof rows>();
  for (const r of rows) byStudent.set(r.student_id, [...(byStudent.get(r.student_id) ?? []), r]);
  let duplicateAttempts = 0;
  for (const [student, list] of byStudent) {
    if (list.length > 1) {
      duplicateAttempts += list.length - 1;
      if (failures.length < 20) failures.push(`student ${student} has ${list.length} attempts`);
    }
  }
  let missingAttempts = 0;
  let attemptMismatches = result.startMismatches;
  if (result.startMismatches) failures.push(`${result.startMismatches} double start(s) were answered with two different attempts`);
  if (result.staleViolations) failures.push(`${result.staleViolations} of ${result.staleSaves} out-of-order save(s) were not answered with the newer stored answer`);
  studentIds.forEach((id, i) => {
    const list = byStudent.get(id);
    if (!list) {
      missingAttempts += 1;
      if (failures.length < 20) failures.push(`student ${id} has no attempt`);
      return;
    }
    const seen = result.attempts[i];
    if (seen !== null && !list.some((a) => a.id === seen)) {
      attemptMismatches += 1;
      if (failures.length < 20) failures.push(`student ${id} was given attempt ${seen}, the database has ${list.map((a) => a.id).join(', ')}`);
    }
  });
  const notSubmitted = rows.filter((r) => r.status !== 'submitted').length;

  // Every acknowledged save, by its latest seq, must be stored with that seq and that response.
  const ackedByAttempt = new Map<number, StormResult['acks']>();
  for (const a of result.acks) ackedByAttempt.set(a[0], [...(ackedByAttempt.get(a[0]) ?? []), a]);
  const attemptIds = [...ackedByAttempt.keys()];
  let lostSaves = 0;
  for (let i = 0; i < attemptIds.length; i += 500) {
    const chunk = attemptIds.slice(i, i + 500);
    const stored = await db.selectFrom('answers').select(['attempt_id', 'question_id', 'seq', 'response']).where('attempt_id', 'in', chunk).execute();
    const index = new Map(stored.map((s) => [`${s.attempt_id}:${s.question_id}`, s]));
    for (const attemptId of chunk) {
      for (const [, questionId, seq, response] of ackedByAttempt.get(attemptId)!) {
        const s = index.get(`${attemptId}:${questionId}`);
        let problem: string | undefined;
        if (!s) problem = 'not stored';
        else if (s.seq < seq) problem = `stored seq ${s.seq} < acknowledged ${seq}`;
        else if (s.seq === seq && !sameJson(s.response, response)) problem = `stored ${s.response} != acknowledged ${response}`;
        if (problem) {
          lostSaves += 1;
          if (failures.length < 20) failures.push(`attempt ${attemptId} question ${questionId}: ${problem}`);
        }
      }
    }
  }
  if (lostSaves) failures.unshift(`${lostSaves} acknowledged save(s) lost`);
  if (duplicateAttempts) failures.unshift(`${duplicateAttempts} duplicate attempt(s)`);
  if (missingAttempts) failures.unshift(`${missingAttempts} student(s) without an attempt`);
  if (notSubmitted) failures.push(`${notSubmitted} attempt(s) not submitted`);
  return {
    students: studentIds.length,
    attempts: rows.length,
    duplicateAttempts,
    missingAttempts,
    attemptMismatches,
    notSubmitted,
    savesChecked: result.acks.length,
    lostSaves,
    failures,
  };
}
