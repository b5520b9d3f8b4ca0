import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './tables';

/** A unit of work that would otherwise be a transaction of its own. */
export type TransactionWork<T> = (trx: Transaction<Database>) => Promise<T>;

/** Runs a unit of work in a transaction: its own, or one shared with others (GroupCommit). */
export type TransactionRunner = <T>(work: TransactionWork<T>) => Promise<T>;

interface Pending {
  work: TransactionWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for short transactions on SQLite (starts and submissions of an exam). SQLite has one
 * connection, and with synchronous=FULL each commit waits for an fsync of the write-ahead log on
 * the event loop: an exam hall starting at once would pay a thousand fsyncs one after the other.
 * Here the units of work handed in while one batch commits wait and go together in the next
 * transaction, each inside a savepoint of its own: a unit that throws is rolled back alone (and
 * its caller gets its error), the others commit together, with one fsync. Every caller is answered
 * only after the commit that holds its work, so durability is what it was. Should the commit itself
 * fail, each unit is run again in a transaction of its own, as the save batches do.
 *
 * On PostgreSQL (a pool of connections, row locks) units run in their own transactions as before:
 * batches of several units could lock rows in different orders than the save batches and deadlock.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private flushing = false;
  private drained: (() => void)[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly grouped: boolean,
    private readonly maxBatch = 200,
  ) {}

  /** The runner to hand to the functions that take one (startAttempt, closeAttempt). */
  readonly run: TransactionRunner = <T>(work: TransactionWork<T>): Promise<T> => {
    if (!this.grouped) return this.db.transaction().execute(work);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  };

  private async flush(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.maxBatch);
      let outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[];
      try {
        outcomes = await this.db.transaction().execute(async (trx) => {
          // One unit alone needs no savepoint: its error rolls the transaction back.
          if (batch.length === 1) return [{ ok: true as const, value: await batch[0].work(trx) }];
          const out: typeof outcomes = [];
          for (const p of batch) {
            await sql`savepoint group_unit`.execute(trx);
            try {
              out.push({ ok: true, value: await p.work(trx) });
            } catch (error) {
              await sql`rollback to savepoint group_unit`.execute(trx);
              out.push({ ok: false, error });
            }
            await sql`release savepoint group_unit`.execute(trx);
          }
          return out;
        });
      } catch (error) {
        if (batch.length === 1) {
          batch[0].reject(error);
          continue;
        }
        // The shared commit failed: each unit again, alone.
        outcomes = [];
        for (const p of batch) {
          try {
            outcomes.push({ ok: true, value: await this.db.transaction().execute(p.work) });
          } catch (alone) {
            outcomes.push({ ok: false, error: alone });
          }
        }
      }
      batch.forEach((p, i) => {
        const outcome = outcomes[i];
        if (outcome.ok) p.resolve(outcome.value);
        else p.reject(outcome.error);
      });
    }
    this.flushing = false;
    for (const done of this.drained.splice(0)) done();
  }

  /** Resolves once every unit handed in so far is committed (or refused): before the database closes. */
  drain(): Promise<void> {
    if (!this.flushing && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }
}
