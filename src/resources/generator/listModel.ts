import { listFieldsOf, type EntityDef, type FieldMeta, type ReferenceMeta, type Role } from '../../schemas';
import { actionsOf, canBrowse, canRead, fieldEntries, isShownTo, type RoleActions } from './access';
import { jsonSchemaOf, propertiesOf, valueKindOf } from './jsonSchema';

/**
 * What a role's list of an entity shows, derived from the entity's field metadata only:
 * columns are the `list` fields, filters the `filter` fields (plus the free-text search `q`
 * when a field is `search`), and only `sortable` columns sort.
 */

export type ColumnKind =
  | 'text'
  | 'longText'
  | 'number'
  | 'boolean'
  | 'dateTime'
  | 'choice'
  | 'reference'
  | 'referenceMany'
  /** A reference the role may not look up: the id itself is shown. */
  | 'referenceId';

export interface ListColumn {
  source: string;
  label: string;
  kind: ColumnKind;
  sortable: boolean;
  reference?: ReferenceMeta;
  choices?: FieldMeta['choices'];
}

export type FilterKind = 'search' | 'text' | 'number' | 'boolean' | 'choice' | 'reference';

export interface ListFilter {
  source: string;
  label: string;
  kind: FilterKind;
  reference?: ReferenceMeta;
  choices?: FieldMeta['choices'];
}

export interface ListModel extends RoleActions {
  columns: ListColumn[];
  filters: ListFilter[];
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
}

/** The free-text search's source, answered by the server over the `search` fields. */
export const SEARCH_SOURCE = 'q';

/** Without a declared order the newest records come first. */
const NEWEST_FIRST = { field: 'id', order: 'DESC' } as const;

function columnKind(meta: FieldMeta, valueKind: ReturnType<typeof valueKindOf>, role: Role | undefined): ColumnKind {
  if (meta.reference) {
    if (!canRead(meta.reference, role)) return 'referenceId';
    return meta.reference.many ? 'referenceMany' : 'reference';
  }
  if (meta.choices) return 'choice';
  if (meta.widget === 'datetime' || valueKind === 'dateTime') return 'dateTime';
  if (meta.widget === 'textarea' || meta.widget === 'markdown') return 'longText';
  if (valueKind === 'number') return 'number';
  if (valueKind === 'boolean') return 'boolean';
  return 'text';
}

function filterKind(meta: FieldMeta, valueKind: ReturnType<typeof valueKindOf>, role: Role | undefined): FilterKind | undefined {
  // A list-valued reference filters by one of its values ("students in this group").
  if (meta.reference) return canBrowse(meta.reference, role) ? 'reference' : undefined;
  if (meta.choices) return 'choice';
  if (valueKind === 'number') return 'number';
  if (valueKind === 'boolean') return 'boolean';
  if (valueKind === 'text') return 'text';
  return undefined;
}

export function listModelOf(def: EntityDef, role: Role | undefined): ListModel {
  const properties = propertiesOf(jsonSchemaOf(def.schema));
  const shown = fieldEntries(def).filter(([, meta]) => isShownTo(meta, role));

  // The same fields, in the same order, as the server's list export (listFieldsOf).
  const columns = listFieldsOf(def, role).map(({ source, meta }): ListColumn => {
    const kind = columnKind(meta, valueKindOf(properties[source]), role);
    return {
      source,
      label: meta.label,
      kind,
      sortable: meta.sortable === true && kind !== 'referenceMany',
      ...(meta.reference ? { reference: meta.reference } : {}),
      ...(meta.choices ? { choices: meta.choices } : {}),
    };
  });

  const search: ListFilter[] = fieldEntries(def).some(([, meta]) => meta.search)
    ? [{ source: SEARCH_SOURCE, label: 'Search', kind: 'search' }]
    : [];
  const filters = shown
    .filter(([, meta]) => meta.filter)
    .flatMap(([source, meta]): ListFilter[] => {
      const kind = filterKind(meta, valueKindOf(properties[source]), role);
      if (!kind) return [];
      return [
        {
          source,
          label: meta.label,
          kind,
          ...(meta.reference ? { reference: meta.reference } : {}),
          ...(meta.choices ? { choices: meta.choices } : {}),
        },
      ];
    });

  return {
    columns,
    filters: [...search, ...filters],
    defaultSort: def.defaultSort ?? NEWEST_FIRST,
    ...actionsOf(def, role),
  };
}

/** A column's source, heading and sorting, in the shape a DataTable column takes. */
export interface DeclaredColumn {
  source: string;
  label: string;
  disableSort: boolean;
}

/**
 * A hand-written list's column read from the entity's `list` field metadata, so its heading and
 * sorting are the generated lists': only `sortable` fields sort, never a many-reference.
 */
export function declaredColumn(def: EntityDef, source: string): DeclaredColumn {
  const meta = (def.fields as Record<string, FieldMeta | undefined>)[source];
  if (!meta?.list) throw new Error(`${def.resource}.${source} is not declared as a list column`);
  return { source, label: meta.label, disableSort: !(meta.sortable === true && !meta.reference?.many) };
}

/** Several declared columns at once, by source. */
export function declaredColumns<K extends string>(def: EntityDef, sources: readonly K[]): Record<K, DeclaredColumn> {
  return Object.fromEntries(sources.map((source) => [source, declaredColumn(def, source)])) as Record<K, DeclaredColumn>;
}

/** A hand-written list's filter label, read from the entity's `filter` field metadata. */
export function declaredFilterLabel(def: EntityDef, source: string): string {
  const meta = (def.fields as Record<string, FieldMeta | undefined>)[source];
  if (!meta?.filter) throw new Error(`${def.resource}.${source} is not declared as a list filter`);
  return meta.label;
}
