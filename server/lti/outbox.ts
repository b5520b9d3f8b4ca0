import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, GradingMethod, LtiOutboxStatus, LtiOutboxTable } from '../db/tables';
import { prepared } from '../db/prepared';
import { quizGradeOf } from '../exam/quizGrade';
import { SCOPE, SCORE_CONTENT_TYPE } from './claims';
import { bodyExcerpt, ltiFetch } from './http';
import { platformById } from './platforms';
import { accessToken, dropAccessToken, LmsError } from './serviceToken';

type Db = Kysely<Database> | Transaction<Database>;
export type OutboxRow = Selectable<LtiOutboxTable>;
export type GradingProgress = 'FullyGraded' | 'PendingManual';

/**
 * The grades an LMS is told (LTI Advantage, Assignment and Grade Services) go through a durable
 * outbox: the transaction that changes a student's quiz grade writes a row, and a sender in every
 * server process claims due rows, posts each score to the link's line item and marks it sent, or
 * failing with the LMS's answer and a next try. A newer grade of the same student and link
 * supersedes the rows not sent yet: only the newest grade matters to the LMS.
 */

const round = (n: number) => Math.round(n * 100) / 100;

/** The score URL of a line item: `/scores` added to its path, its query string kept (Moodle's carry `?type_id=`). */
export function scoresUrl(lineitem: string): string {
  const url = new URL(lineitem);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/scores`;
  return url.toString();
}

/**
 * The timestamp of a new score: now, or 1 ms after the previous one sent for the same user and line
 * item when that is not earlier (the LMS refuses a score that is not strictly later: Moodle answers 409).
 */
export function nextTimestamp(previous: string | null | undefined, now: number): string {
  const before = previous ? Date.parse(previous) : NaN;
  return new Date(Number.isFinite(before) ? Math.max(now, before + 1) : now).toISOString();
}

export interface Backoff {
  /** The first wait after a failure. */
  baseMs: number;
  /** The longest wait; also the wait after an answer that will not change by itself (a refused registration). */
  maxMs: number;
}

/** The wait before try `tries + 1` after `tries` failed ones: base, 2 × base, 4 × base … up to the cap. */
export function backoffMs(tries: number, b: Backoff): number {
  const n = Math.max(0, tries - 1);
  return Math.min(b.maxMs, b.baseMs * 2 ** Math.min(n, 30));
}

export type Outcome =
  | { kind: 'sent'; status: number; note: string | null }
  | { kind: 'retry'; status: number; error: string; waitMs: number };

/**
 * What the sender does after an LMS's answer (or none: status 0) on the try numbered `tries`:
 * 2xx sent; 409 also sent (the LMS already has this score or a later one: a resend after a crash,
 * or an older score overtaken); 401 the token is dropped and the score sent again soon (then backing
 * off if the LMS keeps answering 401); 408, 429,
 * 5xx and no answer back off exponentially (429's Retry-After respected); any other 4xx means the
 * registration or the link is wrong: tried again slowly (at the cap), the LMS's admin may fix it.
 */
export function outcomeOf(status: number, error: string, tries: number, b: Backoff, retryAfterSeconds?: number, previousStatus?: number | null): Outcome {
  if (status >= 200 && status < 300) return { kind: 'sent', status, note: null };
  if (status === 409) return { kind: 'sent', status, note: `The LMS already has this score or a later one (HTTP 409): ${error}`.slice(0, 1000) };
  const message = error.slice(0, 1000);
  // A fresh token is tried soon once; a token refused again and again backs off like an outage.
  if (status === 401 && previousStatus !== 401) return { kind: 'retry', status, error: message, waitMs: b.baseMs };
  if (status === 0 || status === 401 || status === 408 || status === 429 || status >= 500) {
    const wait = backoffMs(tries, b);
    const asked = retryAfterSeconds && retryAfterSeconds > 0 ? Math.min(retryAfterSeconds * 1000, b.maxMs) : 0;
    return { kind: 'retry', status, error: message, waitMs: Math.max(wait, asked) };
  }
  return { kind: 'retry', status, error: message, waitMs: b.maxMs };
}

/** Senders of this process, nudged when a transaction has written rows (they look again at once). */
const nudges = new Set<() => void>();
export function onEnqueued(nudge: () => void): () => void {
  nudges.add(nudge);
  return () => nudges.delete(nudge);
}

/** The students' links to a quiz's line item in an LMS (with the student's id there). */
const linkedUsers = (db: Db) =>
  db
    .selectFrom('lti_link_users')
    .innerJoin('lti_links', 'lti_links.id', 'lti_link_users.link_id')
    .select(['lti_link_users.link_id', 'lti_link_users.user_id', 'lti_link_users.sub', 'lti_links.quiz_id'])
    .where('lti_links.lineitem', 'is not', null);
const linkedOfOneQuery = prepared((db, studentId: number, quizId: number) => linkedUsers(db).where('lti_link_users.user_id', '=', studentId).where('lti_links.quiz_id', '=', quizId));

/**
 * Writes the quiz grades of these (quiz, student) pairs to the outbox, for each student who came
 * through a link of the quiz that has a line item, in the transaction that changed them. A grade equal
 * to the last one written for the link and student writes nothing; an older row not sent yet is
 * superseded. Quizzes without links cost one indexed query. Returns the rows written.
 */
export async function enqueueGrades(trx: Db, pairs: readonly { quiz_id: number; student_id: number }[], now = Date.now()): Promise<number> {
  if (!pairs.length) return 0;
  const quizIds = [...new Set(pairs.map((p) => p.quiz_id))];
  const studentIds = [...new Set(pairs.map((p) => p.student_id))];
  const wanted = new Set(pairs.map((p) => `${p.quiz_id}:${p.student_id}`));
  // One student of one quiz (a submission): compiled once, as a whole hall submits at once.
  const one = pairs.length === 1 ? pairs[0] : undefined;
  const linked = (
    one
      ? await linkedOfOneQuery.all(trx, one.student_id, one.quiz_id)
      : await linkedUsers(trx).where('lti_link_users.user_id', 'in', studentIds).where('lti_links.quiz_id', 'in', quizIds).execute()
  ).filter((l) => wanted.has(`${l.quiz_id}:${l.user_id}`));
  if (!linked.length) return 0;

  const linkedQuizzes = [...new Set(linked.map((l) => l.quiz_id))];
  const linkedStudents = [...new Set(linked.map((l) => l.user_id))];
  const methods = new Map(
    (await trx.selectFrom('quizzes').select(['id', 'grading_method']).where('id', 'in', linkedQuizzes).execute()).map((q) => [q.id, q.grading_method as GradingMethod]),
  );
  const attempts = await trx
    .selectFrom('attempts')
    .select(['id', 'quiz_id', 'student_id', 'attempt_no', 'status', 'score', 'max_score', 'pending'])
    .where('quiz_id', 'in', linkedQuizzes)
    .where('student_id', 'in', linkedStudents)
    .execute();
  // The last row written for each (link, student): what the LMS was (or will be) told last.
  const previous = await trx
    .selectFrom('lti_outbox')
    .select(['id', 'link_id', 'user_id', 'score_given', 'score_maximum', 'grading_progress', 'timestamp'])
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('lti_outbox')
        .select((e) => e.fn.max('id').as('id'))
        .where('link_id', 'in', [...new Set(linked.map((l) => l.link_id))])
        .where('user_id', 'in', linkedStudents)
        .groupBy(['link_id', 'user_id']),
    )
    .execute();
  const lastOf = new Map(previous.map((row) => [`${row.link_id}:${row.user_id}`, row]));

  let written = 0;
  for (const link of linked) {
    const own = attempts.filter((a) => a.quiz_id === link.quiz_id && a.student_id === link.user_id);
    const grade = gradeToSend(methods.get(link.quiz_id) ?? 'highest', own);
    if (!grade) continue;
    const last = lastOf.get(`${link.link_id}:${link.user_id}`);
    if (last && Number(last.score_given) === grade.scoreGiven && Number(last.score_maximum) === grade.scoreMaximum && last.grading_progress === grade.gradingProgress) continue;
    await trx
      .updateTable('lti_outbox')
      .set({ status: 'superseded' })
      .where('link_id', '=', link.link_id)
      .where('user_id', '=', link.user_id)
      .where('status', 'in', ['waiting', 'failing'])
      .execute();
    await trx
      .insertInto('lti_outbox')
      .values({
        link_id: link.link_id,
        quiz_id: link.quiz_id,
        user_id: link.user_id,
        sub: link.sub,
        score_given: grade.scoreGiven,
        score_maximum: grade.scoreMaximum,
        grading_progress: grade.gradingProgress,
        timestamp: nextTimestamp(last?.timestamp, now),
        status: 'waiting',
        next_try_at: now,
        claimed_until: null,
        last_status: null,
        last_error: null,
        created_at: now,
        sent_at: null,
      })
      .execute();
    written++;
  }
  if (written) for (const nudge of nudges) nudge();
  return written;
}

/**
 * The score of a student's attempts by the quiz's grading method: the quiz grade, the maximum of
 * the attempts that make it (their mean for the average, as the grade is), and PendingManual while
 * one of them has descriptive answers to grade. No submitted attempt or no marks: nothing to send.
 */
export function gradeToSend(
  method: GradingMethod,
  attempts: readonly { id: number; attempt_no: number; status: string; score: number | null; max_score: number | null; pending: number }[],
): { scoreGiven: number; scoreMaximum: number; gradingProgress: GradingProgress } | null {
  const { grade, counted } = quizGradeOf(method, attempts);
  if (grade === null || !counted.length) return null;
  const made = attempts.filter((a) => counted.includes(a.id));
  const scoreMaximum = round(made.reduce((s, a) => s + Number(a.max_score ?? 0), 0) / made.length);
  if (!(scoreMaximum > 0)) return null;
  return { scoreGiven: grade, scoreMaximum, gradingProgress: made.some((a) => a.pending === 1) ? 'PendingManual' : 'FullyGraded' };
}

/** How long a claimed row is the claimer's: longer than a token request and a score post together. */
export const CLAIM_MS = 60_000;
/** Rows one pass claims. */
const BATCH = 20;

/** Claims due rows for this process: rows no other process holds (their claim is absent or past). */
export async function claimDue(db: Kysely<Database>, now: number, limit = BATCH): Promise<OutboxRow[]> {
  const claim = now + CLAIM_MS;
  const free = (eb: ExpressionBuilder<Database, 'lti_outbox'>) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]);
  return db
    .updateTable('lti_outbox')
    .set({ claimed_until: claim })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('lti_outbox')
        .select('id')
        .where('status', 'in', ['waiting', 'failing'])
        .where('next_try_at', '<=', now)
        .where(free)
        .orderBy('next_try_at')
        .limit(limit),
    )
    .where('status', 'in', ['waiting', 'failing'])
    .where(free)
    .returningAll()
    .execute();
}

/** Sends one claimed row's score and records what the LMS answered. */
export async function sendClaimed(db: Kysely<Database>, row: OutboxRow, backoff: Backoff): Promise<Outcome> {
  const tries = row.tries + 1;
  let outcome: Outcome;
  const link = await db.selectFrom('lti_links').select(['platform_id', 'lineitem']).where('id', '=', row.link_id).executeTakeFirst();
  const platform = link && (await platformById(db, link.platform_id));
  if (!link?.lineitem || !platform) {
    outcome = { kind: 'retry', status: 0, error: 'The link or its LMS registration is gone', waitMs: backoff.maxMs };
  } else {
    outcome = await postScore(db, platform, link.lineitem, row, tries, backoff);
  }
  const at = Date.now();
  if (outcome.kind === 'sent') {
    await db
      .updateTable('lti_outbox')
      .set({ status: 'sent', sent_at: at, tries, claimed_until: null, last_status: outcome.status, last_error: outcome.note })
      .where('id', '=', row.id)
      .where('claimed_until', '=', row.claimed_until)
      .execute();
  } else {
    // A row superseded while it was being sent stays superseded; only a live one shows as failing.
    await db
      .updateTable('lti_outbox')
      .set({
        status: sql<LtiOutboxStatus>`case when status = 'superseded' then status else 'failing' end`,
        tries,
        claimed_until: null,
        last_status: outcome.status || null,
        last_error: outcome.error,
        next_try_at: at + outcome.waitMs,
      })
      .where('id', '=', row.id)
      .where('claimed_until', '=', row.claimed_until)
      .execute();
  }
  return outcome;
}

async function postScore(db: Kysely<Database>, platform: NonNullable<Awaited<ReturnType<typeof platformById>>>, lineitem: string, row: OutboxRow, tries: number, backoff: Backoff): Promise<Outcome> {
  const scopes = [SCOPE.score];
  let token: string;
  try {
    token = await accessToken(db, platform, scopes);
  } catch (err) {
    const e = err instanceof LmsError ? err : new LmsError(0, (err as Error).message);
    return outcomeOf(e.status === 401 ? 400 : e.status, e.message, tries, backoff);
  }
  let url: string;
  try {
    url = scoresUrl(lineitem);
  } catch {
    return outcomeOf(400, `The link's line item is not a URL: ${lineitem}`, tries, backoff);
  }
  let res: Response;
  try {
    res = await ltiFetch(url, {
      method: 'POST',
      headers: { 'Content-Type': SCORE_CONTENT_TYPE, Authorization: `Bearer ${token}`, Accept: 'application/json' },
      body: JSON.stringify({
        userId: row.sub,
        scoreGiven: Number(row.score_given),
        scoreMaximum: Number(row.score_maximum),
        activityProgress: 'Completed',
        gradingProgress: row.grading_progress,
        timestamp: row.timestamp,
      }),
    });
  } catch (err) {
    return outcomeOf(0, `The LMS's score URL could not be reached: ${(err as Error).message}`, tries, backoff);
  }
  if (res.ok) {
    await res.body?.cancel().catch(() => undefined);
    return outcomeOf(res.status, '', tries, backoff);
  }
  if (res.status === 401) dropAccessToken(platform, scopes);
  const retryAfter = Number(res.headers.get('retry-after'));
  return outcomeOf(res.status, `HTTP ${res.status}: ${await bodyExcerpt(res)}`, tries, backoff, Number.isFinite(retryAfter) ? retryAfter : undefined, row.last_status);
}

export interface SenderLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The outbox's sender in one server process: a pass every `pollMs`, and passes soon after this
 * process wrote rows (right after the commit, in normal operation). Passes of one sender do not overlap.
 */
export class OutboxSender {
  private timer: NodeJS.Timeout | undefined;
  private soon = new Set<NodeJS.Timeout>();
  private running: Promise<unknown> | null = null;
  private again = false;
  private stopped = false;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly opts: { pollMs: number; backoff: Backoff; log: SenderLog },
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.opts.pollMs);
    this.timer.unref();
    // The writing transaction commits after enqueueGrades returns: look a few times in the next second.
    this.unsubscribe = onEnqueued(() => {
      for (const ms of [20, 150, 600]) {
        const t = setTimeout(() => {
          this.soon.delete(t);
          this.kick();
        }, ms);
        t.unref();
        this.soon.add(t);
      }
    });
    this.kick();
  }

  /** Runs a pass now, or one more after the running one. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((err) => this.opts.log.error({ err }, 'sending grades to the LMS failed'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Sends every due row (claimed in batches) until none is left. */
  async pass(): Promise<number> {
    let sent = 0;
    for (let round = 0; round < 50 && !this.stopped; round++) {
      const rows = await claimDue(this.db, Date.now());
      if (!rows.length) break;
      for (const row of rows) {
        const outcome = await sendClaimed(this.db, row, this.opts.backoff);
        if (outcome.kind === 'sent') sent++;
        else this.opts.log.warn({ outboxId: row.id, status: outcome.status, error: outcome.error }, 'the LMS did not take a grade; it is tried again later');
      }
    }
    return sent;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    for (const t of this.soon) clearTimeout(t);
    this.soon.clear();
    this.unsubscribe?.();
    await this.running;
  }
}
