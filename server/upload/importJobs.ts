import { parseAiken } from '../questions/aiken';
import { parseGift } from '../questions/gift';
import { parseQuestionSheet, readQuestionSheet, type SheetParse } from '../questions/sheet';
import { TooManyQuestions, type ParseResult } from '../questions/types';
import { AppError } from '../lib/errors';
import { validationError } from '../lib/validation';
import { readFirstSheet } from './spreadsheet';

/**
 * The parsing an import does, as plain data in and out so that it can run on a worker thread
 * (importWorker.ts): the file's bytes or text in, rows or question drafts out.
 */
export type ImportJob =
  | { kind: 'student-sheet'; file: Uint8Array }
  | { kind: 'question-sheet'; file: Uint8Array }
  | { kind: 'gift' | 'aiken'; text: string };

export interface ImportJobResults {
  'student-sheet': string[][];
  'question-sheet': SheetParse;
  gift: ParseResult;
  aiken: ParseResult;
}

/** An error as it crosses the thread boundary: an AppError keeps its status, code and data. */
export interface JobError {
  statusCode?: number;
  code?: string;
  message: string;
  data?: unknown;
}

export function runImportJob(job: ImportJob): ImportJobResults[ImportJob['kind']] {
  switch (job.kind) {
    case 'student-sheet':
      return readFirstSheet(Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength));
    case 'question-sheet':
      return parseQuestionSheet(readQuestionSheet(Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength)));
    case 'gift':
    case 'aiken':
      try {
        return job.kind === 'gift' ? parseGift(job.text) : parseAiken(job.text);
      } catch (err) {
        if (err instanceof TooManyQuestions) throw validationError({ file: err.message });
        throw err;
      }
  }
}

export function toJobError(err: unknown): JobError {
  if (err instanceof AppError) return { statusCode: err.statusCode, code: err.code, message: err.message, data: err.data };
  return { message: err instanceof Error ? err.message : String(err) };
}
