import { z } from 'zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopeFor } from '../../src/schemas/entity';
import { DIFFICULTIES, QUESTION_TYPES } from '../../src/schemas/questions';
import { idRef, numberInput, optionalIdRef } from '../../src/schemas/fields';
import type { SessionUser } from '../auth/sessions';
import type { Database } from '../db/tables';
import { likeLower, type AnySelect } from '../crud/adapter';
import { filterObject, parseListQuery } from '../crud/listQuery';
import { applyScope } from '../crud/scope';
import { AppError, badRequest, forbidden, notFound } from '../lib/errors';
import { ok } from '../lib/envelope';
import { fieldErrors, validationError } from '../lib/validation';
import { aikenProblem, writeAiken } from '../questions/aiken';
import { giftProblem, moodleProblem, writeGift } from '../questions/gift';
import { writeMoodleXml } from '../questions/moodleXml';
import { questionSheetRows, sheetProblem, TEMPLATE_COLUMNS, templateHelpRows } from '../questions/sheet';
import { fromStoredRow, toStoredRow } from '../questions/store';
import { imageUrl } from '../questions/images';
import { imagesOf, insertImage } from '../questions/imageStore';
import { withImageUrls } from '../questions/moodleFiles';
import { decodeText } from '../questions/text';
import { MAX_TRANSFER_QUESTIONS, MAX_TEXT_IMPORT_BYTES, TRANSFER_FORMATS, type ExportQuestion, type RowError, type TransferFormat } from '../questions/types';
import { type BankLookup, type ImportDefaults, type ValidQuestion } from '../questions/validate';
import { registry } from '../resources';
import { assertSafeWorkbook, QUESTION_SHEET_LIMITS, sheetKind, writeWorkbook } from '../upload/spreadsheet';
import { withImportPlace } from '../upload/importGate';
import { parseOffThread } from '../upload/offThread';

/**
 * Bulk import and export of the question bank (teachers):
 * - POST /api/questions/import/preview (the same form): reads the file and stores nothing; answers
 *   every question with what it becomes and every refused one with its line (row) and the reason.
 * - POST /api/questions/import (multipart: format, subject, module, topic, marks, time_required,
 *   difficulty, skip_refused, file): a spreadsheet, an Aiken, a GIFT or a Moodle XML file. All
 *   questions or none: any error answers 400 with every problem by row (sheet) or line (text), and
 *   nothing is stored; with skip_refused=true (after the preview) the questions that can be
 *   imported are stored, in one transaction, and the refused ones are left out. A Moodle XML file's
 *   embedded images are stored in the same transaction (server/questions/moodleFiles.ts).
 * - GET /api/questions/import/template: the spreadsheet template with a 'How to fill' sheet.
 * - GET /api/questions/export?format=xlsx|aiken|gift|xml&ids=[1,2] (or filter={...} like the list),
 *   and POST /api/questions/export with the same as JSON for long selections.
 */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FORMAT_MESSAGE = 'Choose the format: xlsx, aiken, gift or xml (Moodle XML)';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const formatField = z.preprocess(
  (v) => (typeof v === 'string' ? emptyToUndefined(v.toLowerCase().trim()) : v),
  z.enum(TRANSFER_FORMATS, { error: FORMAT_MESSAGE }),
);

const importForm = z.object({
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

const questions = () => registry.get('questions')!;

/** Imports and exports go to and come from the caller's department's bank. */
function teacherOf(user: SessionUser | undefined): SessionUser & { departmentId: number; instituteId: number } {
  if (!user || user.departmentId === null || user.instituteId === null) throw forbidden('Only a teacher of a department can import or export questions');
  return user as SessionUser & { departmentId: number; instituteId: number };
}

/** The format: as chosen, else from the file's content and name (.xlsx/.xls, .gift, .aiken, or a .txt that shows which). */
function formatOf(chosen: TransferFormat | undefined, filename: string, buf: Buffer, text: string | undefined): TransferFormat {
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

/** The caller's department's modules and topics (for checking the form and resolving a sheet's columns). */
async function bankOf(db: Kysely<Database>, caller: { departmentId: number }): Promise<BankLookup> {
  const modules = await db
    .selectFrom('modules')
    .select(['id', 'course_outcome_name as name', 'subject_id'])
    .where('department_id', '=', caller.departmentId)
    .execute();
  const topics = await db
    .selectFrom('topics')
    .select(['id', 'name', 'module_id'])
    .where('department_id', '=', caller.departmentId)
    .execute();
  return {
    modules: modules.map((m) => ({ id: Number(m.id), name: String(m.name), subject_id: Number(m.subject_id) })),
    topics: topics.map((t) => ({ id: Number(t.id), name: String(t.name), module_id: Number(t.module_id) })),
  };
}

/** A GIFT or Aiken file over MAX_TEXT_IMPORT_BYTES is refused before it is decoded or parsed. */
function assertTextSize(chosen: TransferFormat | undefined, filename: string, bytes: number) {
  if (bytes <= MAX_TEXT_IMPORT_BYTES) return;
  const name = filename.toLowerCase();
  // Moodle XML carries its images as base64: it has the upload's limit only.
  if (chosen === 'xml' || (!chosen && /\.xml$/.test(name))) return;
  const what = chosen === 'aiken' || (!chosen && /\.aiken(\.txt)?$/.test(name)) ? 'An Aiken file' : chosen === 'gift' || (!chosen && /\.gift(\.txt)?$/.test(name)) ? 'A GIFT file' : 'A GIFT or Aiken file';
  const message = `${what} may be at most 1 MB (${MAX_TEXT_IMPORT_BYTES.toLocaleString('en')} bytes); this one has ${bytes.toLocaleString('en')} bytes, so split it`;
  throw new AppError(413, message, 'TOO_LARGE', { errors: { file: message } });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const FORMAT_NAMES: Record<TransferFormat, string> = { xlsx: 'spreadsheet', aiken: 'Aiken', gift: 'GIFT', xml: 'Moodle XML' };

/** What the preview shows of one question: where it is, what the file called it, where it goes, and the question it becomes. */
function previewOf(v: ValidQuestion, bank: BankLookup) {
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
async function readImport(app: FastifyInstance, user: SessionUser | undefined, fields: Record<string, string>, file: { filename: string; buffer: Buffer }) {
  const caller = teacherOf(user);
  const form = importForm.safeParse(fields);
  if (!form.success) throw validationError(fieldErrors(form.error.issues));
  const { subject, module, topic } = form.data;

  const isSheet = sheetKind(file.buffer) !== undefined;
  if (!isSheet && form.data.format !== 'xlsx') assertTextSize(form.data.format, file.filename, file.buffer.length);
  const decoded = isSheet ? undefined : decodeText(file.buffer);
  const format = formatOf(form.data.format, file.filename, file.buffer, decoded && 'text' in decoded ? decoded.text : undefined);
  const kind: 'sheet' | 'text' = format === 'xlsx' ? 'sheet' : 'text';

  // The form's subject, module and topic must be the caller's to choose.
  const found = await app.db.selectFrom('subjects').select('id').where('id', '=', subject).where('institute_id', '=', caller.instituteId).executeTakeFirst();
  if (!found) throw validationError({ subject: 'Choose a valid subject' });
  const bank = await bankOf(app.db, caller);
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

function rejectRows(errors: RowError[], bad: number, kind: 'sheet' | 'text'): never {
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

const day = () => new Date().toISOString().slice(0, 10);
const attachment = (reply: FastifyReply, type: string, filename: string) =>
  reply.header('content-type', type).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store');

// ---------------------------------------------------------------------------------------------
// Export selection

const idList = z
  .array(z.number().int().positive().max(2 ** 31 - 1), { error: 'ids must be a list of question ids' })
  .max(MAX_TRANSFER_QUESTIONS, `At most ${MAX_TRANSFER_QUESTIONS} questions can be exported at once`);

const exportQuery = z.object({
  format: formatField,
  ids: z.string().max(100_000).optional(),
  filter: z.string().max(10_000).optional(),
});
const exportBody = z.object({
  format: formatField,
  ids: idList.optional(),
  filter: filterObject.optional(),
});

function parseIds(raw: string | undefined): number[] | undefined {
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

/** A filter value checked against its field, so a value the column can never hold is a 400 (PostgreSQL refuses 'abc' for an integer). */
function filterValue(field: string, value: unknown): unknown {
  if (value === null) return null;
  const bad = () => badRequest(`Invalid filter: "${field}" cannot be ${JSON.stringify(value)}`, { filter: `"${field}" cannot be ${JSON.stringify(value)}` });
  if (field === 'type' || field === 'difficulty') {
    const allowed: readonly string[] = field === 'type' ? QUESTION_TYPES : DIFFICULTIES;
    if (typeof value !== 'string' || !allowed.includes(value)) throw bad();
    return value;
  }
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n) || (field !== 'marks' && (!Number.isInteger(n) || n <= 0 || n > 2 ** 31 - 1))) throw bad();
  return n;
}

/** The list's filter (react-admin's): field values, id lists, createdBy, startDate / endDate and q. */
function applyFilter(qb: AnySelect, raw: string | undefined, caller: SessionUser): AnySelect {
  const r = questions();
  const query = parseListQuery({ filter: raw }, { sortable: ['id'], filterable: r.filterable, defaultSort: { field: 'id', order: 'ASC' } });
  const { createdBy, startDate, endDate, ...fields } = query.filter;
  if (createdBy !== undefined && createdBy !== null && createdBy !== '') {
    const who = createdBy === 'ME' ? caller.userId : Number(createdBy);
    if (!Number.isInteger(who) || who <= 0) throw badRequest('Invalid filter: createdBy must be "ME" or a user id', { filter: 'createdBy must be "ME" or a user id' });
    qb = qb.where('t.created_by', '=', who);
  }
  for (const [key, op] of [['startDate', '>='], ['endDate', '<=']] as const) {
    const value = key === 'startDate' ? startDate : endDate;
    if (value === undefined || value === null || value === '') continue;
    const time = typeof value === 'number' ? value : Date.parse(String(value));
    if (!Number.isFinite(time)) throw badRequest(`Invalid filter: ${key} must be a date`, { filter: `${key} must be a date` });
    const bound = key === 'endDate' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? time + 86_399_999 : time;
    qb = qb.where('t.created_at', op, bound);
  }
  for (const [field, value] of Object.entries(fields)) {
    const column = field === 'id' ? 't.id' : r.adapter.columns[field];
    const values = (Array.isArray(value) ? value : [value]).map((v) => filterValue(field === 'id' ? 'id' : field, v));
    if (Array.isArray(value)) qb = qb.where(column, 'in', values.length ? values : [-1]);
    else if (value === null) qb = qb.where(column, 'is', null);
    else qb = qb.where(column, '=', values[0]);
  }
  if (query.q) qb = qb.where(likeLower('t.question', query.q));
  return qb;
}

/** The caller's questions chosen by ids (in that order) or by a filter; at most MAX_TRANSFER_QUESTIONS. */
async function selectForExport(db: Kysely<Database>, caller: SessionUser & { departmentId: number }, ids: number[] | undefined, filter: string | undefined) {
  const r = questions();
  let qb = applyScope(r.adapter.from(db), scopeFor(r.def, caller.role, 'read'), caller, r.adapter.scopeColumns);
  if (ids !== undefined) {
    if (ids.length === 0) throw badRequest('Select at least one question to export', { ids: 'Select at least one question to export' });
    qb = qb.where('t.id', 'in', [...new Set(ids)]);
  }
  if (filter !== undefined) qb = applyFilter(qb, filter, caller);
  const { n } = await qb.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  if (Number(n) > MAX_TRANSFER_QUESTIONS) {
    throw badRequest(`${Number(n)} questions match; at most ${MAX_TRANSFER_QUESTIONS} can be exported at once, so narrow the selection`, {
      filter: `At most ${MAX_TRANSFER_QUESTIONS} questions can be exported at once`,
    });
  }
  const rows: Record<string, unknown>[] = await qb
    .select([
      't.id as id', 't.type as type', 't.question as question', 't.marks as marks', 't.time_required as time_required',
      't.difficulty as difficulty', 't.options as options', 't.scoring as scoring', 't.correct_bool as correct_bool',
      't.numeric_value as numeric_value', 't.numeric_tolerance as numeric_tolerance', 't.accepted_answers as accepted_answers',
      't.module_id as module_id', 't.topic_id as topic_id', 't.subject_id as subject_id',
      't.name as name', 't.category as category', 't.tags as tags', 't.general_feedback as general_feedback',
      't.true_feedback as true_feedback', 't.false_feedback as false_feedback', 't.short_answers as short_answers',
      't.case_sensitive as case_sensitive', 't.text_match as text_match', 't.numeric_answers as numeric_answers', 't.match_pairs as match_pairs',
    ])
    .orderBy('t.id')
    .execute();
  if (ids !== undefined && rows.length !== new Set(ids).size) {
    throw notFound(`${plural(new Set(ids).size - rows.length, 'selected question')} ${new Set(ids).size - rows.length === 1 ? 'was' : 'were'} not found in your department's bank`);
  }
  if (ids !== undefined) {
    const order = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => order.get(Number(a.id))! - order.get(Number(b.id))!);
  }
  return rows;
}

/** How a sheet names a module or topic: its name when no sibling shares it (names travel between portals), else its id. */
function namer(bank: BankLookup) {
  const key = (scope: number, name: string) => `${scope}|${name.trim().toLowerCase()}`;
  const moduleNames = new Map<string, number>();
  for (const m of bank.modules) moduleNames.set(key(m.subject_id, m.name), (moduleNames.get(key(m.subject_id, m.name)) ?? 0) + 1);
  const topicNames = new Map<string, number>();
  for (const t of bank.topics) topicNames.set(key(t.module_id, t.name), (topicNames.get(key(t.module_id, t.name)) ?? 0) + 1);
  const modules = new Map(bank.modules.map((m) => [m.id, m]));
  const topics = new Map(bank.topics.map((t) => [t.id, t]));
  const plain = (name: string) => !/^\d+$/.test(name.trim());
  return {
    module(id: number) {
      const m = modules.get(id);
      return m && moduleNames.get(key(m.subject_id, m.name)) === 1 && plain(m.name) ? m.name : id;
    },
    topic(id: number | null) {
      if (id === null) return null;
      const t = topics.get(id);
      return t && topicNames.get(key(t.module_id, t.name)) === 1 && plain(t.name) ? t.name : id;
    },
  };
}

/** A format that would mark a question differently refuses the export, naming each such question. */
function refuseUnwritable(rows: Record<string, unknown>[], problemOf: (q: ExportQuestion) => string | null) {
  const problems = rows.flatMap((r) => {
    const problem = problemOf(fromStoredRow(r));
    return problem ? [`question ${Number(r.id)} ${problem}`] : [];
  });
  if (!problems.length) return;
  const message = `These questions would be marked differently after export: ${problems.slice(0, 10).join('; ')}${problems.length > 10 ? '; …' : ''}`;
  throw new AppError(400, message, 'UNSUPPORTED_MARKING', { errors: { format: message } });
}

async function sendExport(app: FastifyInstance, reply: FastifyReply, caller: SessionUser & { departmentId: number }, format: TransferFormat, rows: Record<string, unknown>[]) {
  if (format === 'aiken') {
    const others = rows.filter((r) => r.type !== 'single');
    if (others.length) {
      const ids = others.map((r) => Number(r.id));
      const shown = ids.length > 10 ? `${ids.slice(0, 10).join(', ')}, …` : ids.join(', ');
      const message = `Aiken carries single-choice questions only: ${plural(others.length, 'selected question')} ${others.length === 1 ? 'is' : 'are'} of another type (id ${shown}); export them as GIFT or Excel, or leave them out`;
      throw new AppError(400, message, 'UNSUPPORTED_TYPE', { errors: { format: message }, ids });
    }
    refuseUnwritable(rows, aikenProblem);
    attachment(reply, 'text/plain; charset=utf-8', `questions-${day()}.aiken.txt`);
    return reply.send(writeAiken(rows.map(fromStoredRow)));
  }
  if (format === 'xml') {
    refuseUnwritable(rows, (q) => moodleProblem(q, 'xml'));
    const texts = rows.flatMap((r) => Object.values(r).filter((v): v is string => typeof v === 'string'));
    const images = await imagesOf(app.db, caller.departmentId, texts);
    attachment(reply, 'application/xml; charset=utf-8', `questions-${day()}.moodle.xml`);
    return reply.send(writeMoodleXml(rows.map(fromStoredRow), images));
  }
  if (format === 'gift') {
    refuseUnwritable(rows, giftProblem);
    attachment(reply, 'text/plain; charset=utf-8', `questions-${day()}.gift.txt`);
    return reply.send(writeGift(rows.map(fromStoredRow)));
  }
  refuseUnwritable(rows, sheetProblem);
  const names = namer(await bankOf(app.db, caller));
  const list = rows.map((r) => fromStoredRow({ ...r, module: names.module(Number(r.module_id)), topic: names.topic(r.topic_id == null ? null : Number(r.topic_id)) }));
  const { header, rows: cells } = questionSheetRows(list);
  attachment(reply, XLSX_TYPE, `questions-${day()}.xlsx`);
  return reply.send(writeWorkbook('Questions', header, cells));
}

// ---------------------------------------------------------------------------------------------

const questionTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requireRole('TEACHER');
  const tags = ['questions'];

  app.get('/questions/import/template', { onRequest, schema: { tags, summary: 'The question sheet template (.xlsx)' } }, async (_req, reply) => {
    const workbook = writeWorkbook('Questions', [...TEMPLATE_COLUMNS], [], [{ name: 'How to fill', rows: templateHelpRows() }]);
    return attachment(reply, XLSX_TYPE, 'questions-template.xlsx').send(workbook);
  });

  app.post(
    '/questions/import/preview',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Read an import file without storing anything (same multipart form as the import): every question with what it becomes, and every refused question with its line and the reason',
      },
    },
    (req, reply) => withImportPlace(app, req, reply, async ({ fields, file }) => {
      const { format, kind, result, bank } = await readImport(app, req.user, fields, file);
      const questions = result.valid.map((v) => previewOf(v, bank));
      const refusals = result.errors.map((e) => ({ line: e.row, field: e.field, message: e.message }));
      const images = questions.reduce((n, q) => n + q.images, 0);
      return ok(
        { format, rowsAre: kind === 'sheet' ? 'rows' : 'lines', questions, refusals, refused: result.bad, images },
        `${plural(questions.length, 'question')}${images ? ` (${plural(images, 'image')})` : ''} can be imported${result.bad ? `, ${plural(result.bad, kind === 'sheet' ? 'row' : 'question')} cannot` : ''}`,
      );
    }),
  );

  app.post(
    '/questions/import',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Import questions from a spreadsheet, an Aiken, a GIFT or a Moodle XML file (multipart: format, subject, module, topic, marks, time_required, difficulty, skip_refused, file)',
      },
    },
    (req, reply) => withImportPlace(app, req, reply, async ({ fields, file }) => {
      const { caller, kind, result, skipRefused } = await readImport(app, req.user, fields, file);
      const { valid, errors, bad } = result;
      // All or none, unless the teacher saw the preview and chose to leave the refused questions out.
      if (errors.length && (!skipRefused || valid.length === 0)) rejectRows(errors, Math.max(1, bad), kind);

      const now = Date.now();
      const ids: number[] = [];
      let images = 0;
      // The questions and their images in one transaction: nothing is stored unless everything is.
      await app.db.transaction().execute(async (trx) => {
        const stored: ReturnType<typeof toStoredRow>[] = [];
        const imageIds: number[][] = [];
        for (const v of valid) {
          const own = [];
          for (const image of v.images ?? []) own.push(await insertImage(trx, caller, image.bytes, image.contentType, null, now));
          images += own.length;
          imageIds.push(own);
          stored.push(withImageUrls(toStoredRow(v.question, caller, now), own.map(imageUrl)));
        }
        for (let i = 0; i < stored.length; i += 200) {
          const inserted = await trx.insertInto('questions').values(stored.slice(i, i + 200)).returning('id').execute();
          ids.push(...inserted.map((r) => Number(r.id)));
        }
        for (const [i, own] of imageIds.entries()) {
          if (own.length) await trx.updateTable('question_images').set({ question_id: ids[i] }).where('id', 'in', own).execute();
        }
      });
      reply.code(201);
      return ok({ imported: ids.length, ids, skipped: errors.length ? bad : 0, images }, `${plural(ids.length, 'question')} imported${images ? ` with ${plural(images, 'image')}` : ''}`);
    }),
  );

  app.get(
    '/questions/export',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Export questions as xlsx, Aiken or GIFT: ids=[1,2,3] (a JSON list) or filter={...} as in the list',
        querystring: exportQuery,
      },
    },
    async (req, reply) => {
      const caller = teacherOf(req.user);
      const rows = await selectForExport(app.db, caller, parseIds(req.query.ids), req.query.filter);
      return sendExport(app, reply, caller, req.query.format, rows);
    },
  );

  app.post(
    '/questions/export',
    {
      onRequest,
      schema: { tags, summary: 'Export questions (JSON body: format, ids or filter), for selections too long for a URL', body: exportBody },
    },
    async (req, reply) => {
      const caller = teacherOf(req.user);
      const { format, ids, filter } = req.body;
      const rows = await selectForExport(app.db, caller, ids, filter === undefined ? undefined : JSON.stringify(filter));
      return sendExport(app, reply, caller, format, rows);
    },
  );
};

export default questionTransferRoutes;
