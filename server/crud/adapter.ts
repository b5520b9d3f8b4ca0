import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { SessionUser } from '../auth/sessions';

export type AnyDb = Kysely<any> | Transaction<any>;
export type Caller = SessionUser;
export type AnySelect = SelectQueryBuilder<any, any, any>;

/** A list-valued reference kept in a link table: (ownKey -> this row, otherKey -> the referenced row). */
export interface ManyLink {
  table: string;
  ownKey: string;
  otherKey: string;
  /** Column that keeps the list's order (the paper order of a quiz's questions). */
  position?: string;
}

/** The SQL columns that row scopes are checked against (see Scope in src/schemas/entity.ts). */
export interface ScopeColumns {
  institute?: string;
  department?: string;
  owner?: string;
  self?: string;
  role?: string;
}

/** Rows elsewhere that block a delete: "this department still has 3 teachers". */
export interface Dependent {
  table: string;
  column: string;
  label: string;
  /** Extra condition on the dependent rows, e.g. only teachers among the users. */
  where?: [column: string, value: string | number];
  /** The refusal's own words, instead of the generic "while it has ..." one. */
  message?: string;
}

/**
 * How one entity is stored. The CRUD generator does everything else (validation, access,
 * scope, paging, references) the same way for every entity.
 */
export interface ResourceAdapter {
  /** FROM and joins, aliased so that `columns` and `scopeColumns` resolve. */
  from(db: AnyDb): AnySelect;
  idColumn: string;
  /** API field -> SQL column reference. */
  columns: Record<string, string>;
  scopeColumns: ScopeColumns;
  many: Record<string, ManyLink>;
  dependents: Dependent[];
  /** Reference fields this adapter checks itself (in prepare or insert) instead of the generic visibility check. */
  checksReferences?: readonly string[];
  /** Its updates and deletes change user accounts (and so the sessions a process remembers). */
  changesAccounts?: boolean;
  /** Column compared by the list filters `startDate` / `endDate` (default: when the row was created). */
  dateColumn?: string;
  /**
   * List filters that are no stored field, applied by the adapter itself (the bank's `measured`
   * filter on the questions' calibration); a bad value throws a 400 naming the filter.
   */
  filters?: Record<string, (qb: AnySelect, value: unknown) => AnySelect>;
  /**
   * Runs on a validated body before it is stored: completes it (ids of new options) and checks rules
   * that span records (a module of the chosen subject); throws a 400 naming the field.
   */
  prepare?(db: AnyDb, body: Record<string, unknown>, caller: Caller, id?: number): Promise<Record<string, unknown>>;
  /** Inserts a validated body (already converted to stored values in `row`); returns the id and anything to show once. */
  insert(trx: Transaction<any>, row: Record<string, unknown>, caller: Caller): Promise<{ id: number; extra?: Record<string, unknown> }>;
  update(trx: Transaction<any>, id: number, row: Record<string, unknown>, caller: Caller): Promise<void>;
  remove(trx: Transaction<any>, id: number, caller: Caller): Promise<void>;
}

export interface TableAdapterOptions {
  /** API field -> column name where they differ; by default a field is stored in a column of the same name. */
  rename?: Record<string, string>;
  many?: Record<string, ManyLink>;
  dependents?: Dependent[];
  /** Which tenant columns the table has; a plain table has all three. */
  tenant?: { institute?: boolean; department?: boolean; owner?: boolean };
  /** Columns that identify the row for the 'role' scope (guidelines). */
  roleColumn?: string;
}

/**
 * The adapter of a plain entity: one table named after the resource, a column per field,
 * and the tenant columns institute_id, department_id and created_by stamped from the caller.
 */
export function tableAdapter(table: string, fields: readonly string[], options: TableAdapterOptions = {}): ResourceAdapter {
  const many = options.many ?? {};
  const tenant = { institute: true, department: true, owner: true, ...options.tenant };
  const columnOf = (field: string) => options.rename?.[field] ?? field;
  const columns = Object.fromEntries(fields.filter((f) => !many[f]).map((f) => [f, `t.${columnOf(f)}`]));
  const toColumns = (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [columnOf(k), v]));
  return {
    from: (db) => db.selectFrom(`${table} as t`),
    idColumn: 't.id',
    dateColumn: 't.created_at',
    columns,
    scopeColumns: {
      institute: tenant.institute ? 't.institute_id' : undefined,
      department: tenant.department ? 't.department_id' : undefined,
      owner: tenant.owner ? 't.created_by' : undefined,
      role: options.roleColumn ? `t.${options.roleColumn}` : undefined,
    },
    many,
    dependents: options.dependents ?? [],
    async insert(trx, row, caller) {
      const now = Date.now();
      const stamps: Record<string, unknown> = { created_at: now, updated_at: now };
      if (tenant.institute) stamps.institute_id = caller.instituteId;
      if (tenant.department) stamps.department_id = caller.departmentId;
      if (tenant.owner) stamps.created_by = caller.userId;
      const { id } = await trx
        .insertInto(table)
        .values({ ...toColumns(row), ...stamps })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(id) };
    },
    async update(trx, id, row) {
      await trx
        .updateTable(table)
        .set({ ...toColumns(row), updated_at: Date.now() })
        .where('id', '=', id)
        .execute();
    },
    async remove(trx, id) {
      await trx.deleteFrom(table).where('id', '=', id).execute();
    },
  };
}

/** Replaces the links of one row in a link table. */
export async function setLinks(trx: Transaction<any>, link: ManyLink, id: number, ids: readonly number[]): Promise<void> {
  await trx.deleteFrom(link.table).where(link.ownKey, '=', id).execute();
  const unique = [...new Set(ids)];
  if (unique.length) {
    await trx
      .insertInto(link.table)
      .values(unique.map((other, i) => ({ [link.ownKey]: id, [link.otherKey]: other, ...(link.position ? { [link.position]: i } : {}) })))
      .execute();
  }
}

/** A LIKE pattern that matches `text` literally anywhere, for `lower(col) like ? escape '\'`. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
export const likeLower = (column: string, text: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(text)} escape '\\'`;
