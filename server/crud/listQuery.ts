import { z } from 'zod';
import { badRequest, invalidFilter } from '../lib/errors';
import type { AnySelect } from './adapter';

/** The largest page a list answers; react-admin's CSV export asks for up to 1000 rows. */
export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 25;

/** Filters every list accepts besides its own fields (applyMetaFilters below). */
export const META_FILTERS = ['createdBy', 'startDate', 'endDate'];

export interface ListQuery {
  sort: { field: string; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
  q?: string;
  /** field -> a value (equality) or a list (IN). */
  filter: Record<string, unknown>;
}

const json = (name: string) =>
  z
    .string()
    .max(10_000, `${name} is too long`)
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} must be JSON` });
        return z.NEVER;
      }
    });

const sortSchema = json('sort').pipe(
  z.tuple([z.string().max(64), z.string().transform((o) => o.toUpperCase()).pipe(z.enum(['ASC', 'DESC']))], {
    error: 'sort must be ["field","ASC"|"DESC"]',
  }),
);
const rangeSchema = json('range').pipe(
  z
    .tuple([z.number().int().min(0), z.number().int().min(0)], { error: 'range must be [start, end]' })
    .refine(([a, b]) => b >= a, 'range end must not be before its start')
    .refine(([a, b]) => b - a + 1 <= MAX_PAGE_SIZE, `range may cover at most ${MAX_PAGE_SIZE} rows`),
);
const scalar = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);
/** A list filter as an object: field -> a value or a list of values (never nested deeper). */
export const filterObject = z.record(z.string().max(64), z.union([scalar, z.array(scalar).max(MAX_PAGE_SIZE)]), { error: 'filter must be an object' });
const filterSchema = json('filter').pipe(filterObject);

export const listQuerystring = z.object({
  sort: z.string().optional(),
  range: z.string().optional(),
  filter: z.string().optional(),
});

function parsePart<T>(schema: z.ZodType<T>, raw: string | undefined, field: string): T | undefined {
  if (raw === undefined || raw === '') return undefined;
  const r = schema.safeParse(raw);
  if (!r.success) {
    const message = r.error.issues[0]?.message ?? `invalid ${field}`;
    throw badRequest(`Invalid ${field}: ${message}`, { [field]: message });
  }
  return r.data;
}

/**
 * Reads ra-data-simple-rest's `sort`, `range` and `filter` against the entity's allow-lists.
 * Unknown sort or filter fields are refused with a 400 naming the field.
 */
export function parseListQuery(
  raw: z.infer<typeof listQuerystring>,
  allowed: { sortable: readonly string[]; filterable: readonly string[]; defaultSort: ListQuery['sort'] },
): ListQuery {
  const sort = parsePart(sortSchema, raw.sort, 'sort');
  const range = parsePart(rangeSchema, raw.range, 'range');
  const filter = parsePart(filterSchema, raw.filter, 'filter') ?? {};

  if (sort && !allowed.sortable.includes(sort[0])) {
    throw badRequest(`Invalid sort: cannot sort by "${sort[0]}"`, { sort: `cannot sort by "${sort[0]}"` });
  }
  const { q, ...rest } = filter;
  for (const key of Object.keys(rest)) {
    if (key !== 'id' && !META_FILTERS.includes(key) && !allowed.filterable.includes(key)) {
      throw invalidFilter(`cannot filter by "${key}"`);
    }
  }
  if (q !== undefined && q !== null && typeof q !== 'string') {
    throw invalidFilter('q must be text');
  }
  const [start, end] = range ?? [0, DEFAULT_PAGE_SIZE - 1];
  return {
    sort: sort ? { field: sort[0], order: sort[1] } : allowed.defaultSort,
    offset: start,
    limit: end - start + 1,
    q: typeof q === 'string' && q.trim() ? q.trim() : undefined,
    filter: rest,
  };
}

/**
 * Filters every list understands besides its fields (what the remembered questionFilter and
 * quizFilter send): `createdBy` ('ME' or a user id) on the owner column, and `startDate` /
 * `endDate` (ISO dates or epoch ms, inclusive) on the date column. The resource lists and the
 * question bank's export use this one rule.
 */
export function applyMetaFilters(qb: AnySelect, columns: { owner?: string; dateColumn?: string }, userId: number, f: Record<string, unknown>): AnySelect {
  const { owner, dateColumn } = columns;
  if (f.createdBy !== undefined && f.createdBy !== null && f.createdBy !== '') {
    const who = f.createdBy === 'ME' ? userId : Number(f.createdBy);
    if (!owner || !Number.isInteger(who) || who <= 0) throw invalidFilter('createdBy must be "ME" or a user id');
    qb = qb.where(owner, '=', who);
  }
  for (const [key, op] of [['startDate', '>='], ['endDate', '<=']] as const) {
    const value = f[key];
    if (value === undefined || value === null || value === '') continue;
    const time = typeof value === 'number' ? value : Date.parse(String(value));
    if (!dateColumn || !Number.isFinite(time)) throw invalidFilter(`${key} must be a date`);
    // An end date without a time means the whole of that day.
    const bound = key === 'endDate' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? time + 86_399_999 : time;
    qb = qb.where(dateColumn, op, bound);
  }
  return qb;
}
