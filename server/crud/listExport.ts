import { z } from 'zod';
import { badRequest, tooLarge } from '../lib/errors';
import { can, scopeFor } from '../../src/schemas/entity';
import { listFieldsOf, type DeclaredListField } from '../../src/schemas/listColumns';
import type { AnyDb, AnySelect, Caller } from './adapter';
import { listQuerystring } from './listQuery';
import type { RegisteredResource, Registry } from './registry';
import { applyScope } from './scope';

/**
 * The export of a list (GET /api/<resource>/list-export): every row the list's filters match, not
 * one page, with the list's columns under the screen's headings, references as names, choices as
 * labels, every text cell neutralised against formula injection as the analysis exports are.
 */

/** The most rows one export holds by default (the LIST_EXPORT_MAX_ROWS setting); a larger filtered set is refused (413). */
export const LIST_EXPORT_MAX_ROWS = 100_000;
/** Records are completed (list-valued references, referenced names) this many rows at a time. */
export const LIST_EXPORT_PAGE_ROWS = 1000;

export const LIST_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];

export const listExportQuerystring = listQuerystring.omit({ range: true }).extend({
  format: z.enum(LIST_EXPORT_FORMATS, { error: 'format must be csv or xlsx' }),
  /** JSON list of the shown columns' sources, in the screen's order; all of the list's columns when absent. */
  columns: z.string().max(4000, 'columns is too long').optional(),
});

const columnsSchema = z
  .string()
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'columns must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.array(z.string().max(64), { error: 'columns must be a list of column names' }).min(1, 'columns must name at least one column').max(100));

/**
 * The columns of the caller's list (listFieldsOf, as the screen derives them), or the ones the
 * screen shows when it names them: each must be one of the list's columns.
 */
export function exportColumnsOf(r: RegisteredResource, caller: Caller, raw: string | undefined): DeclaredListField[] {
  const all = listFieldsOf(r.def, caller.role);
  if (raw === undefined || raw === '') return all;
  const parsed = columnsSchema.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'invalid columns';
    throw badRequest(`Invalid columns: ${message}`, { columns: message });
  }
  return [...new Set(parsed.data)].map((source) => {
    const column = all.find((candidate) => candidate.source === source);
    if (!column) throw badRequest(`Invalid columns: "${source}" is not a column of this list`, { columns: `"${source}" is not a column of this list` });
    return column;
  });
}

/** The over-the-cap answer: 413 naming the rows found and the cap. */
export function assertExportable(total: number, max: number = LIST_EXPORT_MAX_ROWS): void {
  if (total > max) {
    throw tooLarge(`The filters match ${total.toLocaleString('en-US')} rows; an export holds at most ${max.toLocaleString('en-US')}. Narrow the filters and export again.`);
  }
}

/**
 * Names of referenced records, by id, for one reference column: read with the caller's read
 * scope of the referenced entity (as the screen's reference cells read them). An id the caller may
 * not read, or a reference the role may not look up at all, is written as the id, as the screen shows it.
 */
class ReferenceNames {
  private readonly names = new Map<string, Map<number, string>>();

  constructor(
    private readonly db: AnyDb,
    private readonly registry: Registry,
    private readonly caller: Caller,
  ) {}

  async load(column: DeclaredListField, ids: number[]): Promise<void> {
    const reference = column.meta.reference!;
    const known = this.names.get(column.source) ?? new Map<number, string>();
    this.names.set(column.source, known);
    const target = this.registry.get(reference.resource);
    const missing = [...new Set(ids)].filter((id) => Number.isInteger(id) && !known.has(id));
    if (!target || !can(target.def, this.caller.role, 'read') || !missing.length) return;
    const displayColumn = reference.display === 'id' ? target.adapter.idColumn : target.adapter.columns[reference.display];
    if (!displayColumn) return;
    for (let start = 0; start < missing.length; start += LIST_EXPORT_PAGE_ROWS) {
      const chunk = missing.slice(start, start + LIST_EXPORT_PAGE_ROWS);
      const rows = (await applyScope(target.adapter.from(this.db), scopeFor(target.def, this.caller.role, 'read'), this.caller, target.adapter.scopeColumns)
        .select((eb) => [eb.ref(target.adapter.idColumn).as('id'), eb.ref(displayColumn).as('name')])
        .where(target.adapter.idColumn, 'in', chunk)
        .execute()) as { id: number | string; name: unknown }[];
      for (const row of rows) known.set(Number(row.id), row.name === null || row.name === undefined ? String(row.id) : String(row.name));
    }
  }

  nameOf(column: DeclaredListField, id: unknown): string {
    return this.names.get(column.source)?.get(Number(id)) ?? String(id);
  }
}

/** A record's cell as the screen shows it: names for references, labels for choices, Yes/No, empty for nothing. */
function cellOf(column: DeclaredListField, value: unknown, names: ReferenceNames): unknown {
  if (value === null || value === undefined) return '';
  const { reference, choices } = column.meta;
  if (reference) return (Array.isArray(value) ? value : [value]).map((id) => names.nameOf(column, id)).join('; ');
  if (choices) return choices[String(value)] ?? String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

export interface ListExportSource {
  db: AnyDb;
  registry: Registry;
  r: RegisteredResource;
  caller: Caller;
  /** The filtered, sorted query of the list (no paging). */
  query: AnySelect;
  /** Reads a page of rows into API records (list-valued references included). */
  toRecords(rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]>;
}

/**
 * Every row of the query as cells of the given columns. The rows are read by one query (at most
 * `max`, the cap the count was checked against: a row added since does not pass it), not page by
 * page, since each page of an OFFSET walk sorts the whole set again; the records and the
 * referenced names are then completed 1,000 rows at a time.
 */
export async function exportRows(source: ListExportSource, columns: DeclaredListField[], max: number): Promise<unknown[][]> {
  const names = new ReferenceNames(source.db, source.registry, source.caller);
  const rows = (await source.query.limit(max).execute()) as Record<string, unknown>[];
  const out: unknown[][] = [];
  for (let start = 0; start < rows.length; start += LIST_EXPORT_PAGE_ROWS) {
    // The event loop takes the other requests (an exam's saves) between pages.
    if (start) await new Promise((resolve) => setImmediate(resolve));
    const records = await source.toRecords(rows.slice(start, start + LIST_EXPORT_PAGE_ROWS));
    for (const column of columns) {
      if (!column.meta.reference) continue;
      const ids = records.flatMap((record) => {
        const value = record[column.source];
        return value === null || value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(Number);
      });
      await names.load(column, ids);
    }
    for (const record of records) out.push(columns.map((column) => cellOf(column, record[column.source], names)));
  }
  return out;
}
