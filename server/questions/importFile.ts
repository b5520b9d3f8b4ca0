import type { Kysely } from 'kysely';
import type { SessionUser } from '../auth/sessions';
import type { Database } from '../db/tables';
import { AppError } from '../lib/errors';
import { fieldErrors, validationError } from '../lib/validation';
import { assertSafeWorkbook, QUESTION_SHEET_LIMITS, sheetKind } from '../upload/spreadsheet';
import { parseOffThread } from '../upload/offThread';
import { decodeText } from './text';
import { assertTextSize, formatOf, importForm, plural, transferringTeacher } from './transferForm';
import { departmentBank, subjectOfInstitute } from './transferQueries';
import type { RowError, TransferFormat } from './types';
import type { BankLookup, ImportDefaults, ValidQuestion } from './validate';

/**
 * Reading an import of questions (the preview and the import share it): the form checked against
 * the caller's bank, the file parsed and validated on a worker thread, what the preview shows of
 * each question, and the refusal of a file with errors.
 */

const FORMAT_NAMES: Record<TransferFormat, string> = { xlsx: 'spreadsheet', aiken: 'Aiken', gift: 'GIFT', xml: 'Moodle XML' };

/** What the preview shows of one question: where it is, what the file called it, where it goes, and the question it becomes. */
export function importPreviewOf(v: ValidQuestion, bank: BankLookup) {
  const { subject: _s, module, topic, ...question } = v.question as Record<string, unknown>;
  const moduleName = bank.modules.find((m) => m.id === module)?.name;
  const topicName = topic == null ? undefined : bank.topics.find((t) => t.id === topic)?.name;
  return {
    line: v.row,
    place: { module, topic: topic ?? null, ...(moduleName ? { moduleName } : {}), ...(topicName ? { topicName } : {}) },
    ...(v.name ? { name: v.name } : {}),
    ...(v.category ? { category: v.category } : {}),
    ...(v.tags ? { tags: v.tags } : {}),
    notes: v.notes ?? [],
    images: v.images?.length ?? 0,
    question,
  };
}

/**
 * Reads an import's form and file, checks the form's subject, module and topic, and parses and
 * validates every question on a worker thread. Stores nothing: the preview and the import share it.
 */
export async function readQuestionImport(db: Kysely<Database>, user: SessionUser | undefined, fields: Record<string, string>, file: { filename: string; buffer: Buffer }) {
  const caller = transferringTeacher(user);
  const form = importForm.safeParse(fields);
  if (!form.success) throw validationError(fieldErrors(form.error.issues));
  const { subject, module, topic } = form.data;

  const isSheet = sheetKind(file.buffer) !== undefined;
  if (!isSheet && form.data.format !== 'xlsx') assertTextSize(form.data.format, file.filename, file.buffer.length);
  const decoded = isSheet ? undefined : decodeText(file.buffer);
  const format = formatOf(form.data.format, file.filename, file.buffer, decoded && 'text' in decoded ? decoded.text : undefined);
  const kind: 'sheet' | 'text' = format === 'xlsx' ? 'sheet' : 'text';

  // The form's subject, module and topic must be the caller's to choose.
  const found = await subjectOfInstitute(db, subject, caller.instituteId);
  if (!found) throw validationError({ subject: 'Choose a valid subject' });
  const bank = await departmentBank(db, caller);
  if (module !== undefined) {
    const m = bank.modules.find((x) => x.id === module);
    if (!m) throw validationError({ module: 'Choose a valid module' });
    if (m.subject_id !== subject) throw validationError({ module: 'The module does not belong to the selected subject' });
  } else if (kind === 'text') {
    throw validationError({ module: `Select the module (a ${FORMAT_NAMES[format]} file names none)` });
  }
  if (topic !== undefined) {
    if (module === undefined) throw validationError({ module: 'Select the module of the topic' });
    const t = bank.topics.find((x) => x.id === topic);
    if (!t) throw validationError({ topic: 'Please select a valid topic' });
    if (t.module_id !== module) throw validationError({ topic: 'The topic does not belong to the selected module' });
  }
  const defaults: ImportDefaults = {
    subject,
    module,
    topic,
    marks: form.data.marks ?? 1,
    time_required: form.data.time_required ?? 1,
    difficulty: form.data.difficulty ?? 'medium',
  };

  if (format === 'xlsx') await assertSafeWorkbook(file.buffer, QUESTION_SHEET_LIMITS);
  else if (!decoded || 'problem' in decoded) throw validationError({ file: decoded && 'problem' in decoded ? decoded.problem : 'The file is not a text file' });
  // Reading, checking and validating every question runs on a worker thread.
  const text = decoded && 'text' in decoded ? decoded.text : undefined;
  const result = await parseOffThread({ kind: 'questions', format, ...(format === 'xlsx' ? { file: file.buffer } : { text }), defaults, bank });
  if (result.problem) throw validationError({ file: result.problem });
  return { caller, format, kind, result, bank, skipRefused: form.data.skip_refused === true };
}

/** Refuses (400) a file with errors, naming each problem by row (sheet) or line (text); nothing is stored. */
export function refuseImportRows(errors: RowError[], bad: number, kind: 'sheet' | 'text'): never {
  const unit = kind === 'sheet' ? 'row' : 'question';
  const first = errors[0];
  const where = kind === 'sheet' ? `row ${first.row}` : `line ${first.row}`;
  throw new AppError(
    400,
    `No questions were imported: ${plural(bad, unit)} ${bad === 1 ? 'has' : 'have'} errors (${where}, ${first.field}: ${first.message})`,
    'BAD_ROWS',
    { errors: { file: `${plural(bad, unit)} ${bad === 1 ? 'has' : 'have'} errors` }, rows: errors, rowsAre: kind === 'sheet' ? 'rows' : 'lines' },
  );
}
