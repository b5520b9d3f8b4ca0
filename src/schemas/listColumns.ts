import type { EntityDef, FieldMeta } from './entity';
import type { Role } from './roles';

/**
 * Which fields a role's list of an entity shows, read by the list screens (the generated columns)
 * and by the server's list export alike, so a file's columns are the screen's, in the same order
 * and under the same headings.
 */

/**
 * A field the role may not set (editableBy) is filled by the server from the caller's scope, so
 * for that role it holds the same value on every row: forms hide it, lists neither show nor filter it.
 */
export const isShownTo = (meta: FieldMeta, role: Role | undefined): boolean =>
  !meta.editableBy || (role !== undefined && meta.editableBy.includes(role));

/** A list column as declared: the field, its heading and its metadata. */
export interface DeclaredListField {
  source: string;
  label: string;
  meta: FieldMeta;
}

/** The `list` fields the role sees, in declaration order. */
export function listFieldsOf(def: EntityDef, role: Role | undefined): DeclaredListField[] {
  return Object.entries(def.fields as Record<string, FieldMeta | undefined>).flatMap(([source, meta]) =>
    meta?.list && isShownTo(meta, role) ? [{ source, label: meta.label, meta }] : [],
  );
}
