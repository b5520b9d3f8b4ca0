import { can, entityOf, type EntityDef, type FieldMeta, type ReferenceMeta, type Role } from '../../schemas';

/** The declared fields of an entity, in declaration order. */
export const fieldEntries = (def: EntityDef): [string, FieldMeta][] =>
  Object.entries(def.fields as Record<string, FieldMeta | undefined>).filter(
    (entry): entry is [string, FieldMeta] => entry[1] !== undefined,
  );

/** Which fields a role sees in lists and forms: one rule, shared with the server's list export. */
export { isShownTo } from '../../schemas';

/** May the role look up the referenced records by id (a list cell, a selected value)? */
export function canRead(reference: ReferenceMeta, role: Role | undefined): boolean {
  const target = entityOf(reference.resource);
  return role !== undefined && target !== undefined && can(target, role, 'read');
}

/** May the role browse and search the referenced records (a select's options, a filter)? */
export function canBrowse(reference: ReferenceMeta, role: Role | undefined): boolean {
  const target = entityOf(reference.resource);
  return role !== undefined && target !== undefined && can(target, role, 'list');
}

export interface RoleActions {
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

export const actionsOf = (def: EntityDef, role: Role | undefined): RoleActions => ({
  canCreate: role !== undefined && can(def, role, 'create'),
  canUpdate: role !== undefined && can(def, role, 'update'),
  canDelete: role !== undefined && can(def, role, 'delete'),
});
