import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifySchemaCompiler } from 'fastify';
type FastifySchemaCompilerArgs = Parameters<FastifySchemaCompiler<unknown>>[0];
import type { Transaction } from 'kysely';
import { AppError, conflict, forbidden, invalidFilter, notFound } from '../lib/errors';
import { ok } from '../lib/envelope';
import { sendListPage } from '../lib/listAnswer';
import { fieldErrors, validationError } from '../lib/validation';
import { likeLower, setLinks, type AnyDb, type AnySelect, type Caller } from './adapter';
import { applyMetaFilters, listQuerystring, parseListQuery, type ListQuery } from './listQuery';
import { assertExportable, exportColumnsOf, exportRows, listExportQuerystring } from './listExport';
import { parseOffThread } from '../upload/offThread';
import type { RegisteredResource, Registry } from './registry';
import { applyScope } from './scope';
import { can, createSchemaOf, scopeFor, updateSchemaOf, type Action } from '../../src/schemas/entity';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });

/** The rows of a resource the caller may see, each field under its API name. */
function scoped(db: AnyDb, r: RegisteredResource, caller: Caller, action: Action): AnySelect {
  const { adapter } = r;
  const qb = applyScope(adapter.from(db), scopeFor(r.def, caller.role, action), caller, adapter.scopeColumns);
  return qb.select((eb) => [
    eb.ref(adapter.idColumn).as('id'),
    ...Object.entries(adapter.columns).map(([field, column]) => eb.ref(column).as(field)),
  ]);
}

/** Stored rows -> API records, loading list-valued references of the whole page in one query each. */
async function toRecords(db: AnyDb, r: RegisteredResource, rows: Record<string, unknown>[]) {
  const records = rows.map((row) => ({ ...r.codec.fromRow(row), id: Number(row.id) }));
  const ids = records.map((rec) => rec.id);
  for (const [field, link] of Object.entries(r.adapter.many)) {
    const byOwner = new Map<number, number[]>(ids.map((id) => [id, []]));
    if (ids.length) {
      let q = db.selectFrom(link.table).select([link.ownKey, link.otherKey]).where(link.ownKey, 'in', ids);
      if (link.position) q = q.orderBy(link.position);
      const links = await q.execute();
      for (const l of links) byOwner.get(Number(l[link.ownKey]))?.push(Number(l[link.otherKey]));
    }
    for (const rec of records) (rec as Record<string, unknown>)[field] = byOwner.get(rec.id) ?? [];
  }
  return records;
}

async function findOne(db: AnyDb, r: RegisteredResource, caller: Caller, id: number, action: Action) {
  const row = await scoped(db, r, caller, action).where(r.adapter.idColumn, '=', id).executeTakeFirst();
  if (!row) throw notFound(`${r.def.singular} not found`);
  return (await toRecords(db, r, [row]))[0];
}

/**
 * The record a write acts on. A record the caller may see but not change (a colleague's, where the
 * role writes only its own rows) is refused with 403; one the caller cannot see at all stays 404.
 */
async function findWritable(db: AnyDb, r: RegisteredResource, caller: Caller, id: number, action: 'update' | 'delete') {
  const row = await scoped(db, r, caller, action).where(r.adapter.idColumn, '=', id).executeTakeFirst();
  if (row) return (await toRecords(db, r, [row]))[0];
  const visible =
    can(r.def, caller.role, 'read') &&
    (await scoped(db, r, caller, 'read').clearSelect().select(r.adapter.idColumn).where(r.adapter.idColumn, '=', id).executeTakeFirst()) !== undefined;
  if (visible) throw forbidden(`This ${r.def.singular.toLowerCase()} was made by someone else: you may not ${action} it`);
  throw notFound(`${r.def.singular} not found`);
}

function requireAccess(r: RegisteredResource, action: Action, caller: Caller) {
  if (!can(r.def, caller.role, action)) throw forbidden(`You may not ${action} ${r.def.label.toLowerCase()}`);
}

/** Every referenced id must be a record the caller may see (another institute's department is not a choice). */
async function checkReferences(db: AnyDb, registry: Registry, r: RegisteredResource, body: Record<string, unknown>, caller: Caller) {
  const errors: Record<string, string> = {};
  for (const [field, meta] of Object.entries(r.def.fields)) {
    if (r.adapter.checksReferences?.includes(field)) continue;
    const target = meta?.reference && registry.get(meta.reference.resource);
    const value = body[field];
    if (!target || value === undefined || value === null) continue;
    const ids = [...new Set((Array.isArray(value) ? value : [value]).map(Number))];
    if (!ids.length) continue;
    const found = await applyScope(target.adapter.from(db), scopeFor(target.def, caller.role, 'read'), caller, target.adapter.scopeColumns)
      .select((eb) => eb.ref(target.adapter.idColumn).as('id'))
      .where(target.adapter.idColumn, 'in', ids)
      .execute();
    if (found.length !== ids.length) {
      errors[field] = meta!.reference!.many ? `Choose valid ${meta!.label.toLowerCase()}` : `Choose a valid ${meta!.label.toLowerCase()}`;
    }
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

/** Maps a unique-constraint violation that slipped past the checks (a race) to a 409. */
function uniqueViolation(err: unknown): AppError | undefined {
  const e = err as { code?: string; message?: string; detail?: string };
  const isUnique = e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
  if (!isUnique) return undefined;
  const text = `${e.message ?? ''} ${e.detail ?? ''}`;
  const field = ['email', 'username', 'code', 'role'].find((f) => new RegExp(f, 'i').test(text)) ?? 'id';
  return conflict(field, `This ${field} is already in use`);
}

function foreignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string };
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

async function inTransaction<T>(app: FastifyInstance, fn: (trx: Transaction<any>) => Promise<T>): Promise<T> {
  try {
    return await app.db.transaction().execute(fn as (trx: Transaction<any>) => Promise<T>);
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

/** Validates a body; fields the caller's role may not set (editableBy) are dropped first, the server fills them. */
function parseBody(r: RegisteredResource, schema: z.ZodObject, body: unknown, caller: Caller): Record<string, unknown> {
  const input = { ...((body ?? {}) as Record<string, unknown>) };
  for (const [field, meta] of Object.entries(r.def.fields)) {
    if (meta?.editableBy && !meta.editableBy.includes(caller.role)) delete input[field];
  }
  // Records answer an unset optional field with null, and react-admin sends the record back
  // as it read it: null then means "not set" for a field that may be absent but not null.
  const shape = schema.shape as Record<string, z.ZodType | undefined>;
  for (const [field, value] of Object.entries(input)) {
    const fieldSchema = Object.hasOwn(shape, field) ? shape[field] : undefined; // not an inherited name like "hasOwnProperty"
    if (value === null && fieldSchema && !fieldSchema.safeParse(null).success && fieldSchema.safeParse(undefined).success) delete input[field];
  }
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(fieldErrors(result.error.issues));
  return result.data as Record<string, unknown>;
}

const recordId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z.number().int().positive().max(2 ** 31 - 1),
);

/**
 * A filter value as stored, checked against the field first: ids and references must be record ids,
 * other fields a value their schema accepts (a number is also tried as text, as a select may send one).
 * A value the field can never hold is a 400, not a database error (PostgreSQL refuses 'abc' for an integer).
 */
function filterValue(r: RegisteredResource, field: string, value: unknown): unknown {
  if (value === null) return null;
  const isId = field === 'id' || Boolean(r.def.fields[field]?.reference);
  const schema = isId ? recordId : (r.def.schema.shape as Record<string, z.ZodType | undefined>)[field];
  if (!schema) return value;
  let parsed = schema.safeParse(value);
  if (!parsed.success && typeof value === 'number') parsed = schema.safeParse(String(value));
  if (!parsed.success) {
    const message = `"${field}" cannot be ${JSON.stringify(value)}`;
    throw invalidFilter(message);
  }
  return r.codec.toRow({ [field]: parsed.data })[field] ?? parsed.data;
}

/**
 * Narrows a list query by its filters (field values, list-valued references through their link
 * table, the meta filters) and the free-text search `q` over the searchable fields. The list route
 * and the bulk actions that act on "everything filtered" use this one function, so both select
 * the same rows.
 */
export function applyListFilter(qb: AnySelect, r: RegisteredResource, caller: Caller, filter: Record<string, unknown>, q: string | undefined): AnySelect {
  const { adapter } = r;
  const { createdBy, startDate, endDate, ...fieldFilters } = filter;
  qb = applyMetaFilters(qb, { owner: adapter.scopeColumns.owner, dateColumn: adapter.dateColumn }, caller.userId, { createdBy, startDate, endDate });
  for (const [field, raw] of Object.entries(fieldFilters)) {
    const own = adapter.filters?.[field];
    if (own) {
      qb = own(qb, raw);
      continue;
    }
    const values = (Array.isArray(raw) ? raw : [raw]).map((v) => filterValue(r, field, v));
    if (field === 'id') qb = qb.where(adapter.idColumn, 'in', values.length ? values : [-1]);
    else if (adapter.many[field]) {
      const link = adapter.many[field];
      qb = qb.where(adapter.idColumn, 'in', (eb: any) =>
        eb.selectFrom(link.table).select(link.ownKey).where(link.otherKey, 'in', values.length ? values : [-1]),
      );
    } else if (Array.isArray(raw)) qb = qb.where(adapter.columns[field], 'in', values.length ? values : [null]);
    else if (raw === null) qb = qb.where(adapter.columns[field], 'is', null);
    else qb = qb.where(adapter.columns[field], '=', values[0]);
  }
  if (q && r.searchable.length) {
    qb = qb.where((eb: any) => eb.or(r.searchable.map((f) => likeLower(adapter.columns[f], q))));
  }
  return qb;
}

/** The rows of a list the caller may see that its filters and search match (no order, no paging). */
function filteredList(db: AnyDb, r: RegisteredResource, caller: Caller, query: ListQuery, action: 'list' | 'read'): AnySelect {
  return applyListFilter(scoped(db, r, caller, action), r, caller, query.filter, query.q);
}

async function countOf(qb: AnySelect): Promise<number> {
  const { total } = (await qb
    .clearSelect()
    .select((eb: any) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow()) as { total: number | string };
  return Number(total);
}

/** The list's order: the sort field, then the id in the same direction, so one index walk serves both. */
function sorted(qb: AnySelect, r: RegisteredResource, sort: ListQuery['sort']): AnySelect {
  const sortColumn = sort.field === 'id' ? r.adapter.idColumn : r.adapter.columns[sort.field];
  const order = sort.order === 'ASC' ? 'asc' : 'desc';
  return qb.orderBy(sortColumn, order).orderBy(r.adapter.idColumn, order);
}

async function writeLinks(trx: Transaction<any>, r: RegisteredResource, id: number, body: Record<string, unknown>) {
  for (const [field, link] of Object.entries(r.adapter.many)) {
    if (Array.isArray(body[field])) await setLinks(trx, link, id, body[field] as number[]);
  }
}

/** GET/POST /api/<resource>, GET/PUT/DELETE /api/<resource>/<id> for one entity. */
function registerResource(app: FastifyInstance, r: RegisteredResource, registry: Registry) {
  const { def, adapter } = r;
  const base = `/${def.resource}`;
  const tags = [def.resource];
  const anyRole = [...new Set(Object.values(def.access).flat())];
  const auth = { onRequest: app.requireRole(...anyRole) };
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Bodies are validated in the handler, after the access check, with the caller's role's schema;
  // the route schema documents them in the OpenAPI document.
  const bodyInHandler = (route: FastifySchemaCompilerArgs) =>
    route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route as never);

  api.get(
    base,
    { ...auth, schema: { tags, summary: `List ${def.label.toLowerCase()} (ra-data-simple-rest: sort, range, filter)`, querystring: listQuerystring } },
    async (req, reply) => {
      const caller = req.user!;
      const query = parseListQuery(req.query, {
        sortable: r.sortable,
        filterable: r.filterable,
        defaultSort: def.defaultSort ?? { field: 'id', order: 'ASC' },
      });
      // A list asked for by ids is react-admin's getMany: a read of those records, not a browse.
      const byIdsOnly = Object.keys(query.filter).length === 1 && 'id' in query.filter && !query.q;

      requireAccess(r, byIdsOnly ? 'read' : 'list', caller);

      const qb = filteredList(app.db, r, caller, query, byIdsOnly ? 'read' : 'list');
      const total = await countOf(qb);
      const rows = await sorted(qb, r, query.sort)
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      const records = await toRecords(app.db, r, rows);
      const end = records.length ? query.offset + records.length - 1 : query.offset;
      return sendListPage(reply, `${def.resource} ${query.offset}-${end}/${Number(total)}`, ok(records));
    },
  );

  api.get(
    `${base}/list-export`,
    {
      ...auth,
      schema: {
        tags,
        summary: `Export the filtered ${def.label.toLowerCase()} as CSV or XLSX (every matching row, at most LIST_EXPORT_MAX_ROWS; the list's filter, sort and columns)`,
        querystring: listExportQuerystring,
      },
    },
    async (req, reply) => {
      const caller = req.user!;
      requireAccess(r, 'list', caller);
      const { format, columns: rawColumns, ...listPart } = req.query;
      const query = parseListQuery(listPart, {
        sortable: r.sortable,
        filterable: r.filterable,
        defaultSort: def.defaultSort ?? { field: 'id', order: 'ASC' },
      });
      const columns = exportColumnsOf(r, caller, rawColumns);
      const qb = filteredList(app.db, r, caller, query, 'list');
      const total = await countOf(qb);
      const max = app.config.LIST_EXPORT_MAX_ROWS;
      assertExportable(total, max);
      const rows = await exportRows(
        { db: app.db, registry, r, caller, query: sorted(qb, r, query.sort), toRecords: (page) => toRecords(app.db, r, page) },
        columns,
        max,
      );
      // Building the file (seconds for 100,000 rows as a workbook) runs on a worker thread, off the event loop.
      const file = await parseOffThread({ kind: 'list-file', format, resource: def.resource, label: def.label, header: columns.map((column) => column.label), rows, today: Date.now() });
      return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
    },
  );

  api.get(
    `${base}/:id`,
    { ...auth, schema: { tags, summary: `Read one ${def.singular.toLowerCase()}`, params: idParams } },
    async (req) => {
      requireAccess(r, 'read', req.user!);
      return ok(await findOne(app.db, r, req.user!, req.params.id, 'read'));
    },
  );

  api.post(
    base,
    { ...auth, validatorCompiler: bodyInHandler, schema: { tags, summary: `Create a ${def.singular.toLowerCase()}`, body: def.schema } },
    async (req, reply) => {
      const caller = req.user!;
      requireAccess(r, 'create', caller);
      const parsed = parseBody(r, createSchemaOf(def, caller.role), req.body, caller);
      await checkReferences(app.db, registry, r, parsed, caller);
      const body = adapter.prepare ? await adapter.prepare(app.db, parsed, caller) : parsed;
      const { record, extra } = await inTransaction(app, async (trx) => {
        const { id, extra } = await adapter.insert(trx, r.codec.toRow(body), caller);
        await writeLinks(trx, r, id, body);
        return { record: await findOne(trx, r, caller, id, 'create'), extra };
      });
      reply.code(201);
      return ok({ ...record, ...extra }, `${def.singular} created`);
    },
  );

  api.put(
    `${base}/:id`,
    { ...auth, validatorCompiler: bodyInHandler, schema: { tags, summary: `Update a ${def.singular.toLowerCase()}`, params: idParams, body: updateSchemaOf(def) } },
    async (req) => {
      const caller = req.user!;
      requireAccess(r, 'update', caller);
      const parsed = parseBody(r, updateSchemaOf(def, caller.role), req.body, caller);
      await findWritable(app.db, r, caller, req.params.id, 'update');
      await checkReferences(app.db, registry, r, parsed, caller);
      const body = adapter.prepare ? await adapter.prepare(app.db, parsed, caller, req.params.id) : parsed;
      const record = await inTransaction(app, async (trx) => {
        await adapter.update(trx, req.params.id, r.codec.toRow(body), caller);
        await writeLinks(trx, r, req.params.id, body);
        return findOne(trx, r, caller, req.params.id, 'update');
      });
      // An account's place or name may have changed: sessions are read afresh.
      if (adapter.changesAccounts) await app.sessions.forgetAll();
      return ok(record, `${def.singular} updated`);
    },
  );

  api.delete(
    `${base}/:id`,
    { ...auth, schema: { tags, summary: `Delete a ${def.singular.toLowerCase()}`, params: idParams } },
    async (req) => {
      const caller = req.user!;
      requireAccess(r, 'delete', caller);
      const record = await findWritable(app.db, r, caller, req.params.id, 'delete');
      for (const dep of adapter.dependents) {
        let q = (app.db as AnyDb).selectFrom(dep.table).select((eb: any) => eb.fn.countAll().as('n')).where(dep.column, '=', req.params.id);
        if (dep.where) q = q.where(dep.where[0], '=', dep.where[1]);
        const { n } = (await q.executeTakeFirstOrThrow()) as { n: number | string };
        if (Number(n) > 0) {
          throw new AppError(409, dep.message ?? `Cannot delete this ${def.singular.toLowerCase()} while it has ${dep.label} (${n}). Remove them first.`, 'IN_USE');
        }
      }
      try {
        await app.db.transaction().execute((trx) => adapter.remove(trx as Transaction<any>, req.params.id, caller));
      } catch (err) {
        if (foreignKeyViolation(err)) {
          throw new AppError(409, `This ${def.singular.toLowerCase()} is still used by other records and cannot be deleted.`, 'IN_USE');
        }
        throw err;
      }
      if (adapter.changesAccounts) await app.sessions.forgetAll();
      return ok(record, `${def.singular} deleted`);
    },
  );
}

export const crudRoutes =
  (registry: Registry): FastifyPluginAsyncZod =>
  async (app) => {
    for (const r of registry.values()) registerResource(app, r, registry);
  };
