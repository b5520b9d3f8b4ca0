import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { readUploadForm, type UploadedForm } from './multipart';

/**
 * How many imports (student sheets, question files) this process reads at once. Each unpacks and
 * parses its file on a worker thread; beyond IMPORT_CONCURRENCY the request is answered 503 with
 * Retry-After as soon as its upload is in (at most 2 MB, enforced while it streams), instead of
 * queueing parses and their memory up. The place is taken after the upload, not before, so a
 * slow connection does not keep others from importing.
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

/** Receives the upload form, then runs `work` on it holding a place at the app's import gate. */
export async function withImportPlace<T>(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, work: (upload: UploadedForm) => Promise<T>): Promise<T> {
  const upload = await readUploadForm(req);
  const leave = app.imports.enter(reply);
  try {
    return await work(upload);
  } finally {
    leave();
  }
}
