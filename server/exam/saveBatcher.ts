import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { placeholders, sqlText } from '../db/sqlText';
import { isPostgres } from '../db/migrations/helpers';
import { SAVE_GRACE_MS } from './attempts';

export interface SaveRequest {
  attemptId: number;
  questionId: number;
  /** JSON text of the response, or null to clear. */
  response: string | null;
  seq: number;
  savedAt: number;
  /** Undefined keeps what is stored. */
  flagged?: boolean;
  timeSpentMs?: number;
}

export type SaveOutcome =
  | { kind: 'saved'; flagged: boolean; deadline: number }
  | { kind: 'stale'; deadline: number }
  | { kind: 'closed' }
  | { kind: 'time_over' };

interface Pending {
  request: SaveRequest;
  resolve: (outcome: SaveOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for exam answers. Saves that arrive while a commit is under way wait and go
 * together in the next transaction: one durable commit (one fsync on SQLite) for many answers.
 * Each save is acknowledged only after the commit that holds it, so an acknowledged answer
 * survives a crash. Within the transaction every answer's attempt is first checked to be in
 * progress and within its deadline (its row read, and on PostgreSQL locked against a submission),
 * then the answer is written unless a newer one (higher seq) is already stored.
 */
export class SaveBatcher {
  private queue: Pending[] = [];
  private flushing = false;
  private drained: (() => void)[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxBatch = 500,
  ) {}

  save(request: SaveRequest): Promise<SaveOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const outcomes = await this.db.transaction().execute((trx) => writeBatch(trx, batch.map((p) => p.request)));
        batch.forEach((p, i) => p.resolve(outcomes[i]));
      } catch {
        // One bad save must not fail the others: retry each on its own.
        for (const p of batch) {
          try {
            p.resolve((await this.db.transaction().execute((trx) => writeBatch(trx, [p.request])))[0]);
          } catch (error) {
            p.reject(error);
          }
        }
      }
    }
    this.flushing = false;
    for (const done of this.drained.splice(0)) done();
  }

  /** Resolves once every save handed in so far is committed (or refused): the last step before a process exits. */
  drain(): Promise<void> {
    if (!this.flushing && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }
}

/** What an upsert also sets, by the shape of its requests: a save that does not mention the flag or the time spent keeps what is stored. */
const UPDATE_EXTRA: Record<string, string> = {
  '--': '',
  'f-': ', flagged = excluded.flagged',
  '-t': ', time_spent_ms = excluded.time_spent_ms',
  ft: ', flagged = excluded.flagged, time_spent_ms = excluded.time_spent_ms',
};

/** Rows per INSERT: 7 parameters each, far below both databases' limits on bound parameters. */
const ROWS_PER_STATEMENT = 500;

/**
 * The batch's statements are SQL texts by dialect, size and shape (server/db/sqlText.ts): on the
 * busiest route the query builder's nodes (one per bound value, 7 a save) cost more CPU than running
 * the statement. This one: the attempts of the batch still in progress, with their deadlines
 * (locked on PostgreSQL: see writeBatch).
 */
const openAttemptsSql = (postgres: boolean, count: number) =>
  sqlText(`open:${postgres}:${count}`, () => `select id, deadline from attempts where id in (${placeholders(postgres, count)}) and status = 'in_progress'${postgres ? ' for no key update' : ''}`);
/** The upsert of `rows` answers of one shape; out-of-order or repeated requests never overwrite a newer answer (the where clause). */
const upsertSql = (postgres: boolean, rows: number, shape: string) =>
  sqlText(
    `upsert:${postgres}:${rows}:${shape}`,
    () =>
      `insert into answers (attempt_id, question_id, response, seq, saved_at, flagged, time_spent_ms) values ${placeholders(postgres, rows * 7, 7)} ` +
      `on conflict (attempt_id, question_id) do update set response = excluded.response, seq = excluded.seq, saved_at = excluded.saved_at${UPDATE_EXTRA[shape]} ` +
      'where answers.seq < excluded.seq returning attempt_id, question_id, flagged',
  );
const shapeOf = (r: SaveRequest) => `${r.flagged === undefined ? '-' : 'f'}${r.timeSpentMs === undefined ? '-' : 't'}`;

/**
 * Writes one batch in the caller's transaction, in a fixed number of statements whatever its size:
 * one SELECT that checks (and on PostgreSQL locks) the attempts still in progress, then one
 * multi-row upsert per shape of request (whether it sets the flag, the time spent).
 */
export async function writeBatch(trx: Transaction<Database>, requests: SaveRequest[]): Promise<SaveOutcome[]> {
  // In id order: PostgreSQL then locks the rows in that order, and two batches cannot deadlock on them.
  const attemptIds = [...new Set(requests.map((r) => r.attemptId))].sort((a, b) => a - b);
  // The attempt rows are read, not written: a row holds the attempt's paper, and rewriting it for
  // every batch (as an UPDATE of updated_at did) cost SQLite more than the answers themselves, in
  // time and in pages for the commit to sync (bench/results/2026-11-28-second-pass.md). A submission
  // still cannot slip between the check and the answers' write: on SQLite the one connection runs
  // one transaction at a time, and on PostgreSQL the rows are locked as the UPDATE locked them (FOR
  // NO KEY UPDATE, without writing a new version of them): a submission's UPDATE of the row waits
  // for this commit (or this read for the submission's, and then sees it submitted), and two
  // batches of one attempt (two processes) go one after the other.
  const postgres = isPostgres(trx);
  const { rows: open } = await trx.executeQuery<{ id: number; deadline: number | string }>(CompiledQuery.raw(openAttemptsSql(postgres, attemptIds.length), attemptIds));
  const deadlines = new Map(open.map((a) => [Number(a.id), Number(a.deadline)]));
  const outcomes: SaveOutcome[] = new Array(requests.length);
  // Saves of the same answer in one batch go in rounds, in the order they came (the first of each
  // answer in round 1, the second in round 2, ...): each is then written exactly as it would have
  // been one after the other. Nearly every batch is one round.
  const rounds: { index: number; request: SaveRequest }[][] = [];
  const seen = new Map<string, number>();
  requests.forEach((r, i) => {
    const deadline = deadlines.get(r.attemptId);
    if (deadline === undefined) outcomes[i] = { kind: 'closed' };
    else if (r.savedAt > deadline + SAVE_GRACE_MS) outcomes[i] = { kind: 'time_over' };
    else {
      const key = `${r.attemptId}:${r.questionId}`;
      const round = seen.get(key) ?? 0;
      seen.set(key, round + 1);
      (rounds[round] ??= []).push({ index: i, request: r });
    }
  });
  for (const round of rounds) await writeRound(trx, postgres, round, deadlines, outcomes);
  return outcomes;
}

/** Writes saves of distinct answers: one multi-row upsert per shape (a save that does not mention the flag or the time spent keeps what is stored). */
async function writeRound(
  trx: Transaction<Database>,
  postgres: boolean,
  round: { index: number; request: SaveRequest }[],
  deadlines: Map<number, number>,
  outcomes: SaveOutcome[],
): Promise<void> {
  const shapes = new Map<string, { index: number; request: SaveRequest }[]>();
  for (const item of round) {
    const shape = shapeOf(item.request);
    const group = shapes.get(shape);
    if (group) group.push(item);
    else shapes.set(shape, [item]);
  }
  for (const [shape, group] of shapes) {
    for (let from = 0; from < group.length; from += ROWS_PER_STATEMENT) {
      const chunk = group.slice(from, from + ROWS_PER_STATEMENT);
      const values: unknown[] = [];
      for (const { request: r } of chunk) values.push(r.attemptId, r.questionId, r.response, r.seq, r.savedAt, r.flagged ? 1 : 0, r.timeSpentMs ?? 0);
      const { rows: written } = await trx.executeQuery<{ attempt_id: number; question_id: number; flagged: number }>(CompiledQuery.raw(upsertSql(postgres, chunk.length, shape), values));
      const stored = new Map(written.map((w) => [`${w.attempt_id}:${w.question_id}`, Number(w.flagged) === 1]));
      for (const { index, request: r } of chunk) {
        const deadline = deadlines.get(r.attemptId)!;
        const flag = stored.get(`${r.attemptId}:${r.questionId}`);
        outcomes[index] = flag === undefined ? { kind: 'stale', deadline } : { kind: 'saved', flagged: flag, deadline };
      }
    }
  }
}
