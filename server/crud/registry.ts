import type { EntityDef } from '../../src/schemas/entity';
import { tableAdapter, type ResourceAdapter } from './adapter';
import { codecFor, type Codec } from './codec';

export interface RegisteredResource {
  def: EntityDef;
  adapter: ResourceAdapter;
  codec: Codec;
  sortable: string[];
  filterable: string[];
  searchable: string[];
}

/** The adapter of a plain entity: its own table, named after the resource, a column per field. */
export const plainAdapter = (def: EntityDef): ResourceAdapter => tableAdapter(def.resource, Object.keys(def.fields));

/** Everything the generator needs about one entity, derived once from its declaration. */
export function resource(def: EntityDef, adapter: ResourceAdapter = plainAdapter(def)): RegisteredResource {
  const fields = Object.entries(def.fields) as [string, NonNullable<EntityDef['fields'][string]>][];
  const stored = (f: string) => f in adapter.columns;
  return {
    def,
    adapter,
    codec: codecFor(def),
    sortable: ['id', ...fields.filter(([f, m]) => m.sortable && stored(f)).map(([f]) => f)],
    filterable: [...fields.filter(([f, m]) => m.filter && (stored(f) || adapter.many[f])).map(([f]) => f), ...Object.keys(adapter.filters ?? {})],
    searchable: fields.filter(([f, m]) => m.search && stored(f)).map(([f]) => f),
  };
}

export type Registry = Map<string, RegisteredResource>;

/**
 * Every entity served by the CRUD generator: each declared entity with its custom adapter when it
 * has one, else with the plain table adapter.
 */
export const makeRegistry = (
  entities: Readonly<Record<string, EntityDef>>,
  custom: Readonly<Record<string, ResourceAdapter>> = {},
): Registry => {
  for (const name of Object.keys(custom)) {
    if (!Object.hasOwn(entities, name)) throw new Error(`An adapter is given for "${name}", which is no entity`);
  }
  return new Map(Object.values(entities).map((def) => [def.resource, resource(def, custom[def.resource])]));
};
