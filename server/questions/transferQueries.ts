import type { Kysely, Transaction } from 'kysely';
import { scopeFor } from '../../src/schemas/entity';
import { COMBINED_FEEDBACK_FIELDS, DIFFICULTIES, QUESTION_TYPES } from '../../src/schemas/questions';
import type { SessionUser } from '../auth/sessions';
import { likeLower, type AnySelect } from '../crud/adapter';
import { applyMetaFilters, parseListQuery } from '../crud/listQuery';
import { applyScope } from '../crud/scope';
import type { Database } from '../db/tables';
import { badRequest, invalidFilter, notFound } from '../lib/errors';
import { registry } from '../storage';
import { plural } from './transferForm';
import { toStoredRow } from './store';
import { imageUrl } from './images';
import { insertImage, type ImageOwner } from './imageStore';
import { withImageUrls } from './moodleFiles';
import type { ValidQuestion } from './validate';
import { MAX_TRANSFER_QUESTIONS } from './types';
import type { BankLookup } from './validate';

/**
 * The queries of the question bank's import and export: the department's modules and topics, the
 * form's subject, the imported questions' insert, and the questions an export selects.
 */

const questions = () => registry.get('questions')!;

/** The caller's department's modules and topics (for checking the form and resolving a sheet's columns). */
export async function departmentBank(db: Kysely<Database>, caller: { departmentId: number }): Promise<BankLookup> {
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

/** The subject if it belongs to the institute, or undefined. */
export const subjectOfInstitute = (db: Kysely<Database>, subjectId: number, instituteId: number) =>
  db.selectFrom('subjects').select('id').where('id', '=', subjectId).where('institute_id', '=', instituteId).executeTakeFirst();

/** Inserts the imported questions, 200 a statement; returns their ids in order. Run it in a transaction: all or none. */
export async function insertQuestions(trx: Kysely<Database> | Transaction<Database>, stored: readonly ReturnType<typeof toStoredRow>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < stored.length; i += 200) {
    const inserted = await trx.insertInto('questions').values(stored.slice(i, i + 200)).returning('id').execute();
    ids.push(...inserted.map((r) => Number(r.id)));
  }
  return ids;
}

/**
 * Stores imported questions and their embedded images (Moodle XML files) in one transaction, so
 * that nothing is stored unless everything is: each question's images first, its text pointing at
 * them, then the questions, then each image linked to its question. Answers the questions' ids and
 * the number of images stored.
 */
export async function storeImportedQuestions(
  db: Kysely<Database>,
  caller: ImageOwner & Parameters<typeof toStoredRow>[1],
  valid: readonly ValidQuestion[],
  now: number,
): Promise<{ ids: number[]; images: number }> {
  return db.transaction().execute(async (trx) => {
    const stored: ReturnType<typeof toStoredRow>[] = [];
    const imageIds: number[][] = [];
    for (const v of valid) {
      const own: number[] = [];
      for (const image of v.images ?? []) own.push(await insertImage(trx, caller, image.bytes, image.contentType, null, now));
      imageIds.push(own);
      stored.push(withImageUrls(toStoredRow(v.question, caller, now), own.map(imageUrl)));
    }
    const ids = await insertQuestions(trx, stored);
    for (const [i, own] of imageIds.entries()) {
      if (own.length) await trx.updateTable('question_images').set({ question_id: ids[i] }).where('id', 'in', own).execute();
    }
    return { ids, images: imageIds.reduce((n, own) => n + own.length, 0) };
  });
}

/** A filter value checked against its field, so a value the column can never hold is a 400 (PostgreSQL refuses 'abc' for an integer). */
function filterValue(field: string, value: unknown): unknown {
  if (value === null) return null;
  const bad = () => invalidFilter(`"${field}" cannot be ${JSON.stringify(value)}`);
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
  qb = applyMetaFilters(qb, { owner: r.adapter.scopeColumns.owner, dateColumn: r.adapter.dateColumn }, caller.userId, { createdBy, startDate, endDate });
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
export async function selectForExport(db: Kysely<Database>, caller: SessionUser & { departmentId: number }, ids: number[] | undefined, filter: string | undefined) {
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
      ...COMBINED_FEEDBACK_FIELDS.map((field) => `t.${field} as ${field}` as const),
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
