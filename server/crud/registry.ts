import type { z } from 'zod';
import type { EntityDef } from '../../src/schemas/entity';
import type { ResourceAdapter } from './adapter';
import { codecFor, type Codec } from './codec';

export interface RegisteredResource {
  def: EntityDef;
  adapter: ResourceAdapter;
  codec: Codec;
  updateSchema: z.ZodObject;
  sortable: string[];
  filterable: string[];
  searchable: string[];
}

/** Everything the generator needs about one entity, derived once from its declaration. */
export function resource(def: EntityDef, adapter: ResourceAdapter): RegisteredResource {
  const fields = Object.entries(def.fields) as [string, NonNullable<EntityDef['fields'][string]>][];
  const createOnly = fields.filter(([, m]) => m.createOnly).map(([f]) => f);
  const updateSchema =
    def.updateSchema ?? (createOnly.length ? def.schema.omit(Object.fromEntries(createOnly.map((f) => [f, true])) as Record<string, true>) : def.schema);
  const stored = (f: string) => f in adapter.columns;
  return {
    def,
    adapter,
    codec: codecFor(def),
    updateSchema,
    sortable: ['id', ...fields.filter(([f, m]) => m.sortable && stored(f)).map(([f]) => f)],
    filterable: fields.filter(([f, m]) => m.filter && (stored(f) || adapter.many[f])).map(([f]) => f),
    searchable: fields.filter(([f, m]) => m.search && stored(f)).map(([f]) => f),
  };
}

export type Registry = Map<string, RegisteredResource>;

export const makeRegistry = (resources: RegisteredResource[]): Registry =>
  new Map(resources.map((r) => [r.def.resource, r]));
