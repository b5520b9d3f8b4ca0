import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** What the teacher sees of a quiz in LMS courses: its links and the grades sent (or to send) to them. */

/** The quiz's links in LMS courses, for the teacher. */
export async function linksOfQuizForTeacher(db: Kysely<Database>, quizId: number) {
  const rows = await db
    .selectFrom('lti_links')
    .innerJoin('lti_platforms', 'lti_platforms.id', 'lti_links.platform_id')
    .select(['lti_links.id', 'lti_platforms.issuer', 'lti_links.context_title', 'lti_links.context_id', 'lti_links.lineitem', 'lti_links.memberships_url'])
    .where('lti_links.quiz_id', '=', quizId)
    .orderBy('lti_links.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    platformIssuer: r.issuer,
    contextTitle: r.context_title ?? r.context_id,
    lineitem: r.lineitem,
    canSyncMembers: r.memberships_url !== null,
  }));
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The most grade sends the teacher's screen lists. */
export const SCORES_SHOWN_MAX = 1000;

/** The grades sent (or to send) to the LMS for this quiz, newest first; superseded ones are left out. */
export async function scoresOfQuiz(db: Kysely<Database>, quizId: number) {
  const rows = await db
    .selectFrom('lti_outbox')
    .innerJoin('users', 'users.id', 'lti_outbox.user_id')
    .select([
      'lti_outbox.id',
      'lti_outbox.user_id',
      'users.fullname',
      'lti_outbox.score_given',
      'lti_outbox.score_maximum',
      'lti_outbox.grading_progress',
      'lti_outbox.status',
      'lti_outbox.tries',
      'lti_outbox.last_status',
      'lti_outbox.last_error',
      'lti_outbox.next_try_at',
      'lti_outbox.sent_at',
      'lti_outbox.created_at',
    ])
    .where('lti_outbox.quiz_id', '=', quizId)
    .where('lti_outbox.status', '!=', 'superseded')
    .orderBy('lti_outbox.id', 'desc')
    .limit(SCORES_SHOWN_MAX)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    studentId: r.user_id,
    studentName: r.fullname,
    scoreGiven: Number(r.score_given),
    scoreMaximum: Number(r.score_maximum),
    gradingProgress: r.grading_progress,
    status: r.status,
    tries: Number(r.tries),
    lastStatus: r.last_status,
    lastError: r.last_error,
    nextTryAt: r.status === 'sent' ? null : iso(r.next_try_at),
    sentAt: iso(r.sent_at),
    createdAt: iso(r.created_at)!,
  }));
}
