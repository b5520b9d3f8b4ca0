import { z } from 'zod';
import { DIFFICULTIES } from '../../src/schemas/questions';
import { idRef, numberInput, optionalIdRef } from '../../src/schemas/fields';
import type { SessionUser } from '../auth/sessions';
import { filterObject } from '../crud/listQuery';
import { AppError, badRequest, forbidden } from '../lib/errors';
import { fieldErrors, validationError } from '../lib/validation';
import { sheetKind } from '../upload/spreadsheet';
import { MAX_TRANSFER_QUESTIONS, MAX_TEXT_IMPORT_BYTES, TRANSFER_FORMATS, type TransferFormat } from './types';

/**
 * What an import or export of the question bank asks for: the import's form and the file's
 * format and size, the export's query or body and its id list, and who may transfer questions.
 */

const FORMAT_MESSAGE = 'Choose the format: xlsx, aiken, gift or xml (Moodle XML)';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const formatField = z.preprocess(
  (v) => (typeof v === 'string' ? emptyToUndefined(v.toLowerCase().trim()) : v),
  z.enum(TRANSFER_FORMATS, { error: FORMAT_MESSAGE }),
);

export const importForm = z.object({
  format: formatField.optional(),
  subject: idRef('Select the subject'),
  module: optionalIdRef('Select the module'),
  topic: optionalIdRef('Please select a valid topic'),
  marks: numberInput(z.number({ error: 'Enter valid marks' }).min(1, 'Enter valid marks').optional()),
  time_required: numberInput(z.number({ error: 'Enter valid time' }).min(1, 'Enter valid time').optional()),
  difficulty: z.preprocess(emptyToUndefined, z.enum(DIFFICULTIES, { error: 'Choose difficulty' }).optional()),
  /** 'true' after a preview: import the questions that can be imported and leave out the refused ones. */
  skip_refused: z.preprocess((v) => (typeof v === 'string' ? ['true', '1', 'yes'].includes(v.trim().toLowerCase()) : v), z.boolean().optional()),
});

/** Imports and exports go to and come from the caller's department's bank. */
export function transferringTeacher(user: SessionUser | undefined): SessionUser & { departmentId: number; instituteId: number } {
  if (!user || user.departmentId === null || user.instituteId === null) throw forbidden('Only a teacher of a department can import or export questions');
  return user as SessionUser & { departmentId: number; instituteId: number };
}

/** The format: as chosen, else from the file's content and name (.xlsx/.xls, .gift, .aiken, or a .txt that shows which). */
export function formatOf(chosen: TransferFormat | undefined, filename: string, buf: Buffer, text: string | undefined): TransferFormat {
  const workbook = sheetKind(buf) !== undefined;
  if (chosen) {
    if (chosen !== 'xlsx' && workbook) throw validationError({ format: 'This file is a spreadsheet; choose the xlsx format' });
    return chosen;
  }
  const name = filename.toLowerCase();
  if (workbook || /\.xlsx?$/.test(name)) return 'xlsx';
  if (/\.gift(\.txt)?$/.test(name)) return 'gift';
  if (/\.aiken(\.txt)?$/.test(name)) return 'aiken';
  if (/\.xml$/.test(name)) return 'xml';
  if (text !== undefined && /^\s*(<\?xml\b|<quiz\b)/.test(text.replace(/^\uFEFF/, ''))) return 'xml';
  if (text !== undefined) {
    const answers = /^\s*ANSWER\s*:/im.test(text);
    const braces = /\{/.test(text);
    if (braces && !answers) return 'gift';
    if (answers && !braces) return 'aiken';
  }
  throw validationError({ format: FORMAT_MESSAGE });
}

/** A GIFT or Aiken file over MAX_TEXT_IMPORT_BYTES is refused before it is decoded or parsed. */
export function assertTextSize(chosen: TransferFormat | undefined, filename: string, bytes: number) {
  if (bytes <= MAX_TEXT_IMPORT_BYTES) return;
  const name = filename.toLowerCase();
  // Moodle XML carries its images as base64: it has the upload's limit only.
  if (chosen === 'xml' || (!chosen && /\.xml$/.test(name))) return;
  const what = chosen === 'aiken' || (!chosen && /\.aiken(\.txt)?$/.test(name)) ? 'An Aiken file' : chosen === 'gift' || (!chosen && /\.gift(\.txt)?$/.test(name)) ? 'A GIFT file' : 'A GIFT or Aiken file';
  const message = `${what} may be at most 1 MB (${MAX_TEXT_IMPORT_BYTES.toLocaleString('en')} bytes); this one has ${bytes.toLocaleString('en')} bytes, so split it`;
  throw new AppError(413, message, 'TOO_LARGE', { errors: { file: message } });
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const idList = z
  .array(z.number().int().positive().max(2 ** 31 - 1), { error: 'ids must be a list of question ids' })
  .max(MAX_TRANSFER_QUESTIONS, `At most ${MAX_TRANSFER_QUESTIONS} questions can be exported at once`);

export const exportQuery = z.object({
  format: formatField,
  ids: z.string().max(100_000).optional(),
  filter: z.string().max(10_000).optional(),
});
export const exportBody = z.object({
  format: formatField,
  ids: idList.optional(),
  filter: filterObject.optional(),
});

export function parseIds(raw: string | undefined): number[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest('Invalid ids: write them as a JSON list, like [1,2,3]', { ids: 'ids must be a JSON list, like [1,2,3]' });
  }
  const parsed = idList.safeParse(value);
  if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues.map((i) => ({ ...i, path: ['ids'] }))));
  return parsed.data;
}
