import fs from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import type { TransactionRunner, TransactionWork } from './groupCommit';
import type { Database } from './tables';

/**
 * Durable commits on SQLite whose wait for the disk happens off the event loop.
 *
 * In WAL mode with synchronous=FULL, SQLite's COMMIT appends the transaction's pages to the
 * write-ahead log and then syncs the log, on the calling thread, which for better-sqlite3 is the
 * event loop: while the disk takes its time no request is read and no answer goes out. On the
 * exam's busiest write, a batch of about 30 answers, the commit was 1.0 to 1.3 ms of the batch's
 * 1.7 ms, nearly all of it that wait (bench/results/2026-11-29-wal-sync.md).
 *
 * A transaction run here commits with synchronous=NORMAL (SQLite writes the log but does not sync
 * it), then the log file is synced with fdatasync on libuv's thread pool, and only after that does
 * the caller get its result. What a caller is told is durable is what FULL would have made durable:
 * - FULL's sync at a commit is an fsync of the same log file at the same point, right after the
 *   commit's frames are written; here the sync starts after the commit returns, so it holds every
 *   frame of the commit (the checksums of the frames let recovery keep whole transactions only).
 * - What NORMAL leaves out is that one sync, nothing else: SQLite still syncs the log's header when
 *   the log starts over, and a checkpoint still syncs the log before copying it and the database
 *   after.
 * - Syncs are shared: a commit waits for a sync that started after it (one already running may not
 *   hold it), and one sync answers every commit made before it started.
 * - Until the sync completes, the rows are visible to this process's later reads, as they are
 *   between FULL's write and its sync; a caller that acted on them and committed with FULL synced
 *   the same log, and the frames before its own, itself. A crash loses at most work nobody was told
 *   was saved, as before.
 *
 * The setting changes only while the connection is reserved (Kysely's `connection()`), and is put
 * back before it is released, so no other statement ever runs with NORMAL. If the log cannot be
 * synced, every later call fails too (after a failed fsync Linux may have dropped the pages it
 * could not write, and a later fsync would report success for data that is gone): the server then
 * refuses answers rather than acknowledge them, and needs a restart.
 */
export class WalSync {
  private handle: fs.FileHandle | undefined;
  private inode = 0;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private failure: Error | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    /** The write-ahead log's path: the database file's absolute path with `-wal`. */
    private readonly walFile: string,
  ) {}

  /** Runs `work` in a transaction, and resolves with its result once the transaction is on disk. */
  readonly run: TransactionRunner = async <T>(work: TransactionWork<T>): Promise<T> => {
    if (this.failure) throw this.failure;
    const value = await this.db.connection().execute(async (conn) => {
      await sql`pragma synchronous = normal`.execute(conn);
      try {
        return await conn.transaction().execute(work);
      } finally {
        await sql`pragma synchronous = full`.execute(conn);
      }
    });
    await this.sync();
    return value;
  };

  /** Resolves once everything committed before the call is on disk. */
  sync(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    // A sync waiting to start will start after this call's commit: it is enough.
    if (this.queued) return this.queued;
    if (!this.running) return this.start();
    // The running one may have started before the commit: the next one starts when it ends.
    const queued = this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.start();
      });
    this.queued = queued;
    return queued;
  }

  /** Waits for the syncs under way and lets go of the log file (before the database closes). */
  async close(): Promise<void> {
    await (this.queued ?? this.running)?.catch(() => undefined);
    await this.handle?.close().catch(() => undefined);
    this.handle = undefined;
  }

  private start(): Promise<void> {
    const sync = this.syncLog().finally(() => {
      if (this.running === sync) this.running = undefined;
    });
    this.running = sync;
    return sync;
  }

  private async syncLog(): Promise<void> {
    if (this.failure) throw this.failure;
    try {
      // The log is opened once and kept; should it have been replaced (deleted when every
      // connection closed, then made anew), the new file is opened. A log that is gone was
      // checkpointed into the database, which SQLite synced first: nothing is left to sync.
      let current: number;
      try {
        current = (await fs.stat(this.walFile)).ino;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      if (!this.handle || current !== this.inode) {
        await this.handle?.close().catch(() => undefined);
        this.handle = await fs.open(this.walFile, 'r');
        this.inode = (await this.handle.stat()).ino;
      }
      await this.handle.datasync();
    } catch (error) {
      this.failure = new Error(`The database's write-ahead log could not be synced to disk (${(error as Error).message}); no write is acknowledged until the server restarts`);
      throw this.failure;
    }
  }
}
