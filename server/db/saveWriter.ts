import type { Worker } from 'node:worker_threads';
import { startThread } from '../lib/threads';
import { writeBatch, type SaveOutcome, type SaveRequest } from '../exam/saveBatcher';
import type { Kysely } from 'kysely';
import type { DialectName } from './database';
import type { Database } from './tables';
import type { WriteMessage, WrittenMessage } from './saveWriterWorker';

/** Commits one batch of exam answers and answers each save's outcome (SaveBatcher's commit). */
export interface AnswersWriter {
  write(requests: SaveRequest[]): Promise<SaveOutcome[]>;
  /** Ends the writer's thread, if any, once its batch is committed (after the batcher has drained). */
  close(): Promise<void>;
}

/**
 * Where the save batches are committed. On PostgreSQL, a transaction of the pool (the driver
 * waits for the commit without holding the event loop). On SQLite, a worker thread with its own
 * connection to the file (saveWriterWorker.ts): better-sqlite3 is synchronous, and on the main
 * connection every commit's fsync (synchronous=FULL) held the event loop, during which no request
 * was read, so the batches stayed small and each paid its own fsync (bench/README.md, "Profiling a
 * save"). Durability is the same: a save is acknowledged after its batch's commit returned.
 */
export function answersWriter(db: Kysely<Database>, dialect: DialectName, sqliteFile: string): AnswersWriter {
  if (dialect === 'sqlite' && sqliteFile !== ':memory:') return new ThreadWriter(sqliteFile);
  return {
    write: (requests) => db.transaction().execute((trx) => writeBatch(trx, requests)),
    close: () => Promise.resolve(),
  };
}

class ThreadWriter implements AnswersWriter {
  private worker?: Worker;
  private readonly pending = new Map<number, { resolve: (outcomes: SaveOutcome[]) => void; reject: (error: Error) => void }>();
  private nextId = 1;

  constructor(private readonly file: string) {}

  write(requests: SaveRequest[]): Promise<SaveOutcome[]> {
    // Started on the first save (most processes of a test run never take one), and again after a failure.
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, requests } satisfies WriteMessage);
    });
  }

  private start(): Worker {
    const worker = startThread(import.meta.url, 'saveWriterWorker', { workerData: { file: this.file } });
    // The server's sockets keep the process alive; an idle writer must not.
    worker.unref();
    worker.on('message', (message: WrittenMessage) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if ('error' in message) waiting.reject(new Error(message.error));
      else waiting.resolve(message.outcomes);
    });
    worker.on('error', (error) => this.failed(worker, error));
    worker.on('exit', (code) => this.failed(worker, new Error(`the answers' writer thread stopped (exit code ${code})`)));
    return worker;
  }

  /** The thread is gone: what it had not answered fails (the batcher retries each save, on a new thread). */
  private failed(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    await new Promise<void>((resolve) => {
      worker.once('exit', () => resolve());
      worker.postMessage('close');
    });
    for (const waiting of this.pending.values()) waiting.reject(new Error("the answers' writer was closed"));
    this.pending.clear();
  }
}
