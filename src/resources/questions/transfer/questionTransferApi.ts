import { downloadFile, isDownloadedFile, uploadWithProgress, type TransferProgress } from '../../../api/fileTransfer';
import { serverFieldErrors, type FieldErrors } from '../../../ui/forms/fieldErrors';
import { saveBlob } from '../../../ui/saveBlob';

/**
 * The question bank's file transfers:
 * - POST /questions/import/preview (multipart) reads a file and stores nothing: every question with
 *   what it becomes, every refused one with its line and the reason;
 * - POST /questions/import (multipart) imports a whole file or nothing, or (skip_refused, after a
 *   preview) the questions that can be imported;
 * - GET /questions/import/template is the spreadsheet template;
 * - GET /questions/export?format=..&ids=[..] (or &filter={..}) downloads questions.
 */

export const TRANSFER_FORMATS = ['xlsx', 'aiken', 'gift', 'xml'] as const;
export type TransferFormat = (typeof TRANSFER_FORMATS)[number];

export const TRANSFER_FORMAT_LABELS: Record<TransferFormat, string> = {
  xlsx: 'Excel (.xlsx)',
  aiken: 'Aiken (.txt)',
  gift: 'GIFT (.txt)',
  xml: 'Moodle XML (.xml)',
};

/** What each import format carries, for the dialog's help line. */
export const TRANSFER_FORMAT_HINTS: Record<TransferFormat, string> = {
  xlsx: 'Any question type, one per row; a row may name its own module, topic, marks, time and difficulty. Start from the template.',
  aiken: 'Single-choice questions only: the question, options A., B., … and an ANSWER: line.',
  gift: 'Moodle’s GIFT text format: single and multiple choice, true/false, numeric, short answer and essay questions, with their titles, weights and feedback.',
  xml: 'Moodle XML, as Moodle’s question bank exports it: every type the portal has, with names, categories, tags, weights and feedback, and its embedded images (PNG, JPEG, GIF or WebP, at most 1 MB each).',
};

export const IMPORT_ACCEPT: Record<TransferFormat, string> = {
  xlsx: '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel',
  aiken: '.txt,.aiken,text/plain',
  gift: '.txt,.gift,text/plain',
  xml: '.xml,application/xml,text/xml',
};

/** The largest file the import takes (as for other uploads). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export interface ImportRequest {
  format: TransferFormat;
  subject: number;
  module: number | null;
  topic: number | null;
  marks: string;
  time_required: string;
  difficulty: string;
  file: File;
  /** After a preview: import the questions that can be imported, leave out the refused ones. */
  skipRefused?: boolean;
}

/** One question of a preview: where it is in the file, what the file called it, and the question it becomes. */
export interface PreviewQuestion {
  line: number;
  /** Where the question goes: the form's module and topic, or those its Moodle category names. */
  place?: { module?: number; topic?: number | null; moduleName?: string; topicName?: string };
  name?: string;
  category?: string;
  tags?: string[];
  notes: string[];
  /** Moodle XML: how many images the question embeds (its text marks each one `@@IMAGE:k@@` until it is stored). */
  images?: number;
  question: {
    type: string;
    question: string;
    marks?: number;
    options?: { text: string; weight?: number; feedback?: string }[];
    [field: string]: unknown;
  };
}

export interface PreviewRefusal {
  line: number;
  field: string;
  message: string;
}

export type PreviewOutcome =
  | { ok: true; questions: PreviewQuestion[]; refusals: PreviewRefusal[]; rowsAre: 'rows' | 'lines'; message: string }
  | { ok: false; message: string; fieldErrors: FieldErrors };

export interface RowProblem {
  row: number;
  field: string;
  message: string;
}

export type ImportOutcome =
  | { ok: true; imported: number; ids: number[]; message: string }
  | { ok: false; message: string; fieldErrors: FieldErrors; rows: RowProblem[]; rowsAre: 'rows' | 'lines' };

const isRowProblem = (value: unknown): value is RowProblem =>
  typeof value === 'object' && value !== null && typeof (value as RowProblem).row === 'number' && typeof (value as RowProblem).message === 'string';

function importForm(request: ImportRequest): FormData {
  const form = new FormData();
  form.append('format', request.format);
  form.append('subject', String(request.subject));
  if (request.module !== null) form.append('module', String(request.module));
  if (request.topic !== null) form.append('topic', String(request.topic));
  if (request.marks.trim()) form.append('marks', request.marks.trim());
  if (request.time_required.trim()) form.append('time_required', request.time_required.trim());
  if (request.difficulty) form.append('difficulty', request.difficulty);
  if (request.skipRefused) form.append('skip_refused', 'true');
  // The file goes last: the server reads the fields before the file's bytes.
  form.append('file', request.file, request.file.name);
  return form;
}

/** Reads the file on the server without storing anything. */
export async function previewImport(request: ImportRequest, onProgress?: (progress: TransferProgress) => void): Promise<PreviewOutcome> {
  const { result, status } = await uploadWithProgress<{ questions?: PreviewQuestion[]; refusals?: PreviewRefusal[]; rowsAre?: string; errors?: unknown }>(
    '/questions/import/preview',
    importForm(request),
    { toast: false, onProgress },
  );
  const data = result.data;
  if (result.success && data) {
    return {
      ok: true,
      questions: Array.isArray(data.questions) ? data.questions : [],
      refusals: Array.isArray(data.refusals) ? data.refusals : [],
      rowsAre: data.rowsAre === 'rows' ? 'rows' : 'lines',
      message: result.message,
    };
  }
  return { ok: false, message: status === 0 || status === 405 ? '' : result.message || 'The file could not be read', fieldErrors: serverFieldErrors(data) };
}

export async function importQuestions(request: ImportRequest, onProgress?: (progress: TransferProgress) => void): Promise<ImportOutcome> {
  const form = importForm(request);
  const { result, status } = await uploadWithProgress<{ imported?: number; ids?: number[]; rows?: unknown; rowsAre?: string; errors?: unknown }>(
    '/questions/import',
    form,
    { toast: false, onProgress },
  );
  const data = result.data;
  if (result.success && data) {
    return { ok: true, imported: Number(data.imported ?? 0), ids: Array.isArray(data.ids) ? data.ids : [], message: result.message };
  }
  return {
    ok: false,
    message: status === 0 || status === 405 ? '' : result.message || 'The file could not be imported',
    fieldErrors: serverFieldErrors(data),
    rows: Array.isArray(data?.rows) ? data.rows.filter(isRowProblem) : [],
    rowsAre: data?.rowsAre === 'lines' ? 'lines' : 'rows',
  };
}

/** Saves a downloaded file; answers whether it worked (the HTTP client has already shown why not). */
async function download(path: string, fallbackName: string): Promise<boolean> {
  const answer = await downloadFile(path);
  if (!isDownloadedFile(answer)) return false;
  saveBlob(answer.blob, answer.filename ?? fallbackName);
  return true;
}

export const downloadImportTemplate = (): Promise<boolean> => download('/questions/import/template', 'questions-template.xlsx');

const EXTENSIONS: Record<TransferFormat, string> = { xlsx: 'xlsx', aiken: 'aiken.txt', gift: 'gift.txt', xml: 'moodle.xml' };

/** Exports the given questions, in that order. */
export const exportQuestions = (format: TransferFormat, ids: readonly (number | string)[]): Promise<boolean> =>
  download(
    `/questions/export?format=${format}&ids=${encodeURIComponent(JSON.stringify(ids.map(Number)))}`,
    `questions.${EXTENSIONS[format]}`,
  );

/** Exports every question the list's filter matches. */
export const exportMatching = (format: TransferFormat, filter: Record<string, unknown>): Promise<boolean> =>
  download(`/questions/export?format=${format}&filter=${encodeURIComponent(JSON.stringify(filter))}`, `questions.${EXTENSIONS[format]}`);
