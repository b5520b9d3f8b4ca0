import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * How many imports (student sheets, question files) this process reads at once. Each holds its
 * upload and a parse on a worker thread; beyond IMPORT_CONCURRENCY the request is answered 503
 * with Retry-After at once, before its file is read, instead of queueing memory up.
 *
 * It counts what this process is doing right now, not what a client has done over time, so it
 * lives in the process (not in the shared expiring counters): another process has its own memory
 * and its own imports.
 */
export const IMPORT_RETRY_AFTER_SECONDS = 10;

export class ImportGate {
  private running = 0;

  constructor(readonly limit: number) {}

  /** Takes a place, or throws the 503 (and sets Retry-After on the reply). Call the returned function once, when done. */
  enter(reply: FastifyReply): () => void {
    if (this.running >= this.limit) {
      reply.header('retry-after', String(IMPORT_RETRY_AFTER_SECONDS));
      throw new AppError(
        503,
        `The server is reading ${this.limit === 1 ? 'another import' : `${this.limit} other imports`}; try again in ${IMPORT_RETRY_AFTER_SECONDS} seconds`,
        'IMPORTS_BUSY',
        { retryAfterSeconds: IMPORT_RETRY_AFTER_SECONDS },
      );
    }
    this.running++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.running--;
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Imports being read by this process (see ImportGate). */
    imports: ImportGate;
  }
}

/** Runs `work` holding a place at the app's import gate. */
export async function withImportPlace<T>(app: FastifyInstance, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  const leave = app.imports.enter(reply);
  try {
    return await work();
  } finally {
    leave();
  }
}
