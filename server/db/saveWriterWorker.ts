/**
 * The exam answers' writer on SQLite: a worker thread with a connection of its own to the database
 * file, which runs each batch of saves (writeBatch, the same statements as on PostgreSQL) in one
 * transaction and answers when it is committed. Its commit's fsync (synchronous=FULL) then blocks
 * this thread, not the server's event loop, which meanwhile takes the next saves in. Started by
 * saveWriter.ts; bundled beside the server as dist-server/saveWriterWorker.mjs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Kysely, SqliteDialect } from 'kysely';
import { openSqliteConnection } from './database';
import type { Database } from './tables';
import { writeBatch, type SaveRequest } from '../exam/saveBatcher';

export interface WriteMessage {
  id: number;
  requests: SaveRequest[];
}

export type WrittenMessage = { id: number; outcomes: Awaited<ReturnType<typeof writeBatch>> } | { id: number; error: string };

// Waiting for the main connection's transaction (an import, a regrade) blocks only this thread, so
// it may wait long: the saves wait in the batcher meanwhile, as they would for one connection.
const WRITER_BUSY_TIMEOUT_MS = 60_000;

const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqliteConnection((workerData as { file: string }).file, WRITER_BUSY_TIMEOUT_MS) }) });

parentPort!.on('message', (message: WriteMessage | 'close') => {
  if (message === 'close') {
    void db.destroy().then(() => parentPort!.close());
    return;
  }
  db.transaction()
    .execute((trx) => writeBatch(trx, message.requests))
    .then(
      (outcomes) => parentPort!.postMessage({ id: message.id, outcomes } satisfies WrittenMessage),
      (error: Error) => parentPort!.postMessage({ id: message.id, error: error.message } satisfies WrittenMessage),
    );
});
