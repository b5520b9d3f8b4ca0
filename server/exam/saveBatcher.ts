import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/tables';

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

export type SaveOutcome = { kind: 'saved'; flagged: boolean } | { kind: 'stale' } | { kind: 'closed' };

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
 * progress (and its row updated, which serialises with a submission), then the answer is
 * written unless a newer one (higher seq) is already stored.
 */
export class SaveBatcher {
  private queue: Pending[] = [];
  private flushing = false;

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
  }
}

async function writeBatch(trx: Transaction<Database>, requests: SaveRequest[]): Promise<SaveOutcome[]> {
  const now = Date.now();
  const attemptIds = [...new Set(requests.map((r) => r.attemptId))];
  const open = new Set(
    (
      await trx
        .updateTable('attempts')
        .set({ updated_at: now })
        .where('id', 'in', attemptIds)
        .where('status', '=', 'in_progress')
        .returning('id')
        .execute()
    ).map((a) => a.id),
  );
  const outcomes: SaveOutcome[] = [];
  for (const r of requests) {
    if (!open.has(r.attemptId)) {
      outcomes.push({ kind: 'closed' });
      continue;
    }
    const written = await trx
      .insertInto('answers')
      .values({
        attempt_id: r.attemptId,
        question_id: r.questionId,
        response: r.response,
        seq: r.seq,
        saved_at: r.savedAt,
        flagged: r.flagged ? 1 : 0,
        time_spent_ms: r.timeSpentMs ?? 0,
      })
      .onConflict((oc) =>
        oc
          .columns(['attempt_id', 'question_id'])
          .doUpdateSet({
            response: (eb) => eb.ref('excluded.response'),
            seq: (eb) => eb.ref('excluded.seq'),
            saved_at: (eb) => eb.ref('excluded.saved_at'),
            // A save that does not mention the flag or the time spent keeps what is stored.
            ...(r.flagged === undefined ? {} : { flagged: (eb) => eb.ref('excluded.flagged') }),
            ...(r.timeSpentMs === undefined ? {} : { time_spent_ms: (eb) => eb.ref('excluded.time_spent_ms') }),
          })
          // Out-of-order or repeated requests never overwrite a newer answer.
          .where(sql.ref('answers.seq'), '<', sql.ref('excluded.seq')),
      )
      .returning('flagged')
      .executeTakeFirst();
    outcomes.push(written ? { kind: 'saved', flagged: written.flagged === 1 } : { kind: 'stale' });
  }
  return outcomes;
}
