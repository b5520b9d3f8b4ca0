import { parentPort } from 'node:worker_threads';
import { AppError } from '../lib/errors';

/*
 * What every worker thread of offThread.ts does with its one job: run it and post the result, or
 * the error as it crosses the thread boundary. Each kind of job has an entry of its own
 * (importWorker.ts, listFileWorker.ts, raschWorker.ts) that loads only what that job needs: a
 * thread that loaded the whole import code (zod, the schemas, the query builder) to write a CSV
 * took about a second to start on a busy 2-core machine.
 */

/** An error as it crosses the thread boundary: an AppError keeps its status, code and data. */
export interface JobError {
  statusCode?: number;
  code?: string;
  message: string;
  data?: unknown;
}

export function toJobError(err: unknown): JobError {
  if (err instanceof AppError) return { statusCode: err.statusCode, code: err.code, message: err.message, data: err.data };
  return { message: err instanceof Error ? err.message : String(err) };
}

/** Runs the job and posts its result, or its error, to the thread that started this one. */
export function answerJob(run: () => unknown): void {
  try {
    parentPort!.postMessage({ result: run() });
  } catch (err) {
    parentPort!.postMessage({ error: toJobError(err) });
  }
}
